//! Searches run on tokio's blocking threads, never on the HTTP workers:
//! at most `max_searches` at once, `max_queued` more waiting for a slot,
//! and any request beyond that refused at once rather than queued without
//! bound.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::api::settings::AnalysisSettings;

/// The blocking pool's admission control, shared by every HTTP worker.
#[derive(Clone)]
pub struct SearchPool {
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
}

/// The pool is full: as many searches as allowed are running and waiting.
#[derive(Debug)]
pub struct Saturated;

impl SearchPool {
    pub fn new(settings: &AnalysisSettings) -> SearchPool {
        let running = settings.running();
        SearchPool {
            running: Arc::new(Semaphore::new(running)),
            admitted: Arc::new(Semaphore::new(running + settings.max_queued)),
        }
    }

    /// Runs `job` on a blocking thread once a slot is free; `Saturated`
    /// at once if the queue is full too.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Saturated> {
        let _admitted = self
            .admitted
            .clone()
            .try_acquire_owned()
            .map_err(|_| Saturated)?;
        let running = self
            .running
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Saturated)?;
        // The permit moves into the thread: a search whose client went away
        // still holds its slot until it ends, so the cap is real.
        let task = tokio::task::spawn_blocking(move || {
            let result = job();
            drop(running);
            result
        });
        Ok(task.await.expect("a search does not panic"))
    }
}
