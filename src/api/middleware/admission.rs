//! Bounded admission: at most `running` API requests
//! (the pool's size) work at once, at most `max_waiting` more writes and
//! `max_waiting_reads` more reads (`GET`, `HEAD`) wait for their turn,
//! each for at most `queue_timeout`. A request beyond its cap, or whose
//! wait runs out, is answered 503 `overloaded` with `Retry-After` before
//! its handler runs, so nothing of it is stored; the requests let in keep
//! a bounded latency and the server its throughput, instead of every
//! request queueing on the pool and the writer queue for seconds.
//!
//! Reads may queue deeper than writes: a read holds its turn for a
//! statement or a few (a GET of a game: one, tens of microseconds), a
//! write for a transaction and the writer queue, so sixty-four viewers polling at once are a short queue,
//! not an overload (with the writes' cap they were mostly refused).
//! Both share the same `running` turns, handed out in arrival order.
//!
//! A request enters the gate once its body has arrived
//! ([`super::read_ahead`]), so a slow client holds no turn, and holds its
//! place until its handler has answered: a stream's (SSE) body is sent
//! after, outside the gate.

use std::sync::Arc;
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web::Data;
use actix_web::{Error, ResponseError};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::api::problems::ApiError;

/// The gate, shared by every HTTP worker (app data).
#[derive(Clone, Debug)]
pub struct Admission {
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
    admitted_reads: Arc<Semaphore>,
    queue_timeout: Duration,
}

/// Which queue a request waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// `GET` and `HEAD`.
    Read,
    Write,
}

impl Lane {
    fn of(method: &actix_web::http::Method) -> Lane {
        if method == actix_web::http::Method::GET || method == actix_web::http::Method::HEAD {
            Lane::Read
        } else {
            Lane::Write
        }
    }
}

/// Why a request was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `max_waiting` requests were waiting already.
    QueueFull,
    /// It waited `queue_timeout` without getting a turn.
    Waited,
}

/// A request's place; dropped when its handler has answered.
#[derive(Debug)]
pub struct Place {
    _admitted: Option<OwnedSemaphorePermit>,
    _running: OwnedSemaphorePermit,
}

impl Admission {
    pub fn new(
        running: u32,
        max_waiting: u32,
        max_waiting_reads: u32,
        queue_timeout: Duration,
    ) -> Admission {
        let running = running.max(1) as usize;
        Admission {
            running: Arc::new(Semaphore::new(running)),
            admitted: Arc::new(Semaphore::new(running + max_waiting as usize)),
            admitted_reads: Arc::new(Semaphore::new(running + max_waiting_reads as usize)),
            queue_timeout,
        }
    }

    /// A place at once, after a wait of at most the queue timeout, or a refusal.
    pub async fn enter(&self, lane: Lane) -> Result<Place, Refusal> {
        let queue = match lane {
            Lane::Read => &self.admitted_reads,
            Lane::Write => &self.admitted,
        };
        let admitted = queue
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refusal::QueueFull)?;
        let running =
            tokio::time::timeout(self.queue_timeout, self.running.clone().acquire_owned())
                .await
                .map_err(|_| Refusal::Waited)?
                .map_err(|_| Refusal::QueueFull)?;
        Ok(Place {
            _admitted: Some(admitted),
            _running: running,
        })
    }

    /// A turn within `within`, taken behind those waiting but outside
    /// their queue's cap: what a readiness probe asks, to see that the
    /// API's requests are let in.
    pub async fn probe(&self, within: Duration) -> Result<Place, Refusal> {
        let running = tokio::time::timeout(within, self.running.clone().acquire_owned())
            .await
            .map_err(|_| Refusal::Waited)?
            .map_err(|_| Refusal::QueueFull)?;
        Ok(Place {
            _admitted: None,
            _running: running,
        })
    }
}

/// Whether a request goes through the gate: the API's, which read or write
/// the database; not `/health`, `/ready`, metrics, docs or the web pages.
pub(crate) fn is_gated(path: &str) -> bool {
    path.starts_with("/v1/")
}

/// The middleware: lets API requests through [`Admission`] when the app
/// has one.
pub async fn admit(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let gate = request
        .app_data::<Data<Admission>>()
        .filter(|_| is_gated(request.path()))
        .cloned();
    let Some(gate) = gate else {
        return next.call(request).await.map(|r| r.map_into_left_body());
    };
    match gate.enter(Lane::of(request.method())).await {
        Ok(place) => {
            let answered = next.call(request).await;
            drop(place);
            answered.map(|r| r.map_into_left_body())
        }
        Err(refusal) => {
            let reason = match refusal {
                Refusal::QueueFull => "queue_full",
                Refusal::Waited => "waited",
            };
            metrics::counter!("oanquan_admission_refused_total", "reason" => reason).increment(1);
            let response = ApiError::Overloaded.error_response();
            Ok(request.into_response(response).map_into_right_body())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_queue_beyond_its_cap_is_refused_at_once() {
        let gate = Admission::new(1, 1, 1, Duration::from_secs(60));
        let first = gate.enter(Lane::Write).await.expect("a free place");
        let waiting = tokio::spawn({
            let gate = gate.clone();
            async move { gate.enter(Lane::Write).await.map(drop) }
        });
        while gate.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            gate.enter(Lane::Write).await.err(),
            Some(Refusal::QueueFull)
        );
        drop(first);
        assert_eq!(waiting.await.expect("joined"), Ok(()));
    }

    #[tokio::test]
    async fn reads_queue_to_their_own_cap_behind_the_same_turns() {
        let gate = Admission::new(1, 1, 3, Duration::from_secs(60));
        let first = gate.enter(Lane::Write).await.expect("a free place");
        let mut waiting = Vec::new();
        // A lane admits as many as there are turns (1) and its waiting
        // places: 2 writes, 4 reads.
        for lane in [Lane::Write, Lane::Read, Lane::Read, Lane::Read, Lane::Read] {
            let gate = gate.clone();
            waiting.push(tokio::spawn(
                async move { gate.enter(lane).await.map(drop) },
            ));
        }
        while gate.admitted.available_permits() > 0 || gate.admitted_reads.available_permits() > 1 {
            tokio::task::yield_now().await;
        }
        // Both queues are full; all of them wait for the one turn in use.
        assert_eq!(
            gate.enter(Lane::Write).await.err(),
            Some(Refusal::QueueFull)
        );
        assert_eq!(gate.enter(Lane::Read).await.err(), Some(Refusal::QueueFull));
        assert_eq!(gate.running.available_permits(), 0);
        drop(first);
        for waiter in waiting {
            assert_eq!(waiter.await.expect("joined"), Ok(()));
        }
        assert_eq!(gate.running.available_permits(), 1);
    }

    #[tokio::test]
    async fn a_probe_waits_past_full_queues_and_gets_the_next_turn() {
        let gate = Admission::new(1, 0, 0, Duration::from_millis(10));
        let first = gate.enter(Lane::Read).await.expect("a free place");
        assert_eq!(gate.enter(Lane::Read).await.err(), Some(Refusal::QueueFull));
        assert_eq!(
            gate.probe(Duration::from_millis(10)).await.err(),
            Some(Refusal::Waited)
        );
        let probe = tokio::spawn({
            let gate = gate.clone();
            async move { gate.probe(Duration::from_secs(60)).await.map(drop) }
        });
        drop(first);
        assert_eq!(probe.await.expect("joined"), Ok(()));
        assert_eq!(gate.running.available_permits(), 1);
    }

    #[tokio::test]
    async fn a_wait_ends_at_the_queue_timeout() {
        let gate = Admission::new(1, 4, 4, Duration::from_millis(10));
        let _first = gate.enter(Lane::Write).await.expect("a free place");
        assert_eq!(gate.enter(Lane::Write).await.err(), Some(Refusal::Waited));
        assert_eq!(gate.enter(Lane::Read).await.err(), Some(Refusal::Waited));
    }

    #[test]
    fn gets_and_heads_are_reads() {
        use actix_web::http::Method;
        assert_eq!(Lane::of(&Method::GET), Lane::Read);
        assert_eq!(Lane::of(&Method::HEAD), Lane::Read);
        for write in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert_eq!(Lane::of(&write), Lane::Write);
        }
    }

    #[test]
    fn only_the_api_is_gated() {
        assert!(is_gated("/v1/games/x/moves"));
        assert!(!is_gated("/health"));
        assert!(!is_gated("/metrics"));
    }
}
