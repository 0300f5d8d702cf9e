//! CPU-bound request work (record parsing and replay, analysis) runs off the
//! async workers, on the blocking pool, at most [`permits`] jobs at a time:
//! a flood of heavy requests queues here instead of stalling `/health` and
//! every other request on the same worker.

use std::sync::OnceLock;

use tokio::sync::Semaphore;

use crate::api::problems::ApiError;

/// As many jobs as the machine has cores: more would only share them.
fn permits() -> &'static Semaphore {
    static PERMITS: OnceLock<Semaphore> = OnceLock::new();
    PERMITS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Semaphore::new(cores)
    })
}

/// Runs `work` on the blocking pool once a permit is free.
pub async fn run<T, F>(work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let _permit = permits()
        .acquire()
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    actix_web::web::block(work)
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("blocking job failed: {e}")))?
}
