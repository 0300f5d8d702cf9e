//! The move side: moves at a fixed rate (the latency runs), or as fast as
//! `workers` closed loops can play them (the throughput runs).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::time::MissedTickBehavior;

use crate::games::Slots;

/// What a run of moves did.
pub struct Played {
    pub moves: u64,
    pub errors: u64,
    pub elapsed: Duration,
}

impl Played {
    pub fn per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64()
    }
}

fn count(result: anyhow::Result<()>, moves: &AtomicU64, errors: &AtomicU64) {
    match result {
        Ok(()) => moves.fetch_add(1, Ordering::Relaxed),
        Err(error) => {
            if errors.fetch_add(1, Ordering::Relaxed) < 5 {
                eprintln!("move: {error:#}");
            }
            0
        }
    };
}

/// `rate` moves a second for `duration`, the slots in turn; each move is
/// its own task, so a slow answer does not delay the next tick.
pub async fn fixed_rate(slots: &Arc<Slots>, rate: u32, duration: Duration) -> Played {
    let (moves, errors) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(rate.max(1))));
    ticks.set_missed_tick_behavior(MissedTickBehavior::Burst);
    let began = Instant::now();
    let mut tasks = Vec::new();
    let mut next = 0;
    while began.elapsed() < duration {
        ticks.tick().await;
        let (slots, moves, errors) = (slots.clone(), moves.clone(), errors.clone());
        let slot = next % slots.len();
        next += 1;
        tasks.push(tokio::spawn(async move {
            count(slots.play(slot).await, &moves, &errors);
        }));
    }
    futures_util::future::join_all(tasks).await;
    Played {
        moves: moves.load(Ordering::Relaxed),
        errors: errors.load(Ordering::Relaxed),
        elapsed: began.elapsed(),
    }
}

/// `workers` loops, each playing its own slots one move after the other,
/// for `duration`.
pub async fn closed_loop(slots: &Arc<Slots>, workers: usize, duration: Duration) -> Played {
    let (moves, errors) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let began = Instant::now();
    let loops = (0..workers.max(1)).map(|worker| {
        let (slots, moves, errors) = (slots.clone(), moves.clone(), errors.clone());
        tokio::spawn(async move {
            let mine: Vec<usize> = (worker..slots.len()).step_by(workers.max(1)).collect();
            for slot in mine.iter().cycle() {
                if began.elapsed() >= duration {
                    break;
                }
                count(slots.play(*slot).await, &moves, &errors);
            }
        })
    });
    futures_util::future::join_all(loops.collect::<Vec<_>>()).await;
    Played {
        moves: moves.load(Ordering::Relaxed),
        errors: errors.load(Ordering::Relaxed),
        elapsed: began.elapsed(),
    }
}
