//! Open-loop load: moves offered at a fixed rate whatever
//! the server's answers take. Send times are laid out in advance, one every
//! `1 / rate` seconds, and a move's latency is taken from its *scheduled*
//! send time: when the server falls behind, the wait for a free game or a
//! late send counts in the latency, so coordinated omission cannot hide
//! queueing. Each send goes to a game with no move in flight; a pool of
//! `--games` games (refilled as games end) keeps one free unless the
//! server holds them all.

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use rand::rngs::StdRng;
use rand::SeedableRng;
use reqwest::Client;
use serde_json::Value;
use tokio::sync::{mpsc, Mutex};

use crate::http::{client, next_move, register_pairs, start_game, submit, Player, Submitted};
use crate::stats::{emit, Tally, Window};

#[derive(Args, Debug)]
pub struct OpenArgs {
    #[arg(long)]
    pub base: String,
    /// Moves offered per second.
    #[arg(long)]
    pub rate: f64,
    /// Games kept in play (each has at most one move in flight).
    #[arg(long, default_value_t = 256)]
    pub games: usize,
    /// As for `play`: the stored moves must grow by exactly the accepted ones.
    #[arg(long)]
    pub database_url: Option<String>,
    #[arg(long, default_value_t = 2.0)]
    pub warmup: f64,
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    #[arg(long)]
    pub label: String,
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// A game in play and its two seats.
struct Table {
    seats: (Player, Player),
    game: Value,
    url: String,
}

/// What the sends of a run came to.
#[derive(Default)]
struct Outcome {
    /// 201s: latencies of those scheduled inside the window.
    accepted: Tally,
    /// 503 `overloaded` (refused before anything was stored).
    refused: u64,
    refused_measured: u64,
    /// Sends that left later than scheduled by more than a millisecond.
    late: u64,
}

async fn new_table(client: &Client, base: &str, seats: (Player, Player)) -> Option<Table> {
    let game = start_game(client, base, &seats).await.ok()?;
    let url = format!("{base}/v1/games/{}/moves", game["id"].as_str()?);
    Some(Table { seats, game, url })
}

/// Sends one move of `table`, records it against `scheduled`, and hands
/// the table back (a new game once this one ended).
async fn send(
    client: Client,
    base: Arc<str>,
    mut table: Table,
    scheduled: Instant,
    window: Window,
    outcome: Arc<Mutex<Outcome>>,
    free: mpsc::UnboundedSender<Table>,
) {
    let mut rng = StdRng::from_entropy();
    let Some((body, token)) = next_move(&table.game, &table.seats, &mut rng) else {
        if let Some(fresh) = new_table(&client, &base, table.seats).await {
            let _ = free.send(fresh);
        }
        return;
    };
    let answer = submit(&client, &table.url, token, &body, None, false).await;
    let keep = {
        let mut outcome = outcome.lock().await;
        match answer {
            Ok(Submitted::Played(mut played)) => {
                outcome.accepted.success_since(&window, scheduled);
                table.game = played["game"].take();
                true
            }
            Ok(Submitted::Refused(_)) => {
                outcome.refused += 1;
                outcome.refused_measured += u64::from(window.contains(scheduled));
                true
            }
            Err(error) => {
                outcome.accepted.error(error);
                false
            }
        }
    };
    if keep {
        let _ = free.send(table);
    } else if let Some(fresh) = new_table(&client, &base, table.seats).await {
        // The game may be out of step with the server: a fresh one replaces it.
        let _ = free.send(fresh);
    }
}

pub async fn open(args: OpenArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.rate > 0.0, "--rate must be positive");
    let client = client(args.games)?;
    let base: Arc<str> = args.base.clone().into();
    let (free, mut tables) = mpsc::unbounded_channel();
    for seats in register_pairs(&client, &args.base, args.games).await? {
        let table = new_table(&client, &args.base, seats)
            .await
            .ok_or_else(|| anyhow::anyhow!("cannot start a game"))?;
        free.send(table)?;
    }
    let before = match &args.database_url {
        Some(url) => Some(crate::ceiling::count_moves(url).await?),
        None => None,
    };
    let began = Instant::now();
    let start = began + Duration::from_secs_f64(args.warmup);
    let window = Window {
        start,
        end: start + Duration::from_secs_f64(args.duration),
    };
    let outcome = Arc::new(Mutex::new(Outcome::default()));
    let interval = Duration::from_secs_f64(1.0 / args.rate);
    let mut sends = Vec::new();
    for k in 0u32.. {
        let scheduled = began + interval * k;
        if scheduled >= window.end {
            break;
        }
        tokio::time::sleep_until(scheduled.into()).await;
        // Waits for a free game if the server holds them all: the wait
        // counts in this move's latency.
        let Some(table) = tables.recv().await else {
            break;
        };
        if Instant::now() > scheduled + Duration::from_millis(1) {
            outcome.lock().await.late += 1;
        }
        sends.push(tokio::spawn(send(
            client.clone(),
            base.clone(),
            table,
            scheduled,
            window,
            outcome.clone(),
            free.clone(),
        )));
    }
    for sending in sends {
        sending.await?;
    }
    let outcome = Arc::try_unwrap(outcome)
        .map_err(|_| anyhow::anyhow!("sends still under way"))?
        .into_inner();
    let mut fields = vec![
        ("label", args.label.clone()),
        ("offered", format!("{:.0}", args.rate)),
        (
            "accepted_rate",
            format!("{:.1}", outcome.accepted.measured as f64 / args.duration),
        ),
        (
            "refused_rate",
            format!("{:.1}", outcome.refused_measured as f64 / args.duration),
        ),
    ];
    fields.extend(outcome.accepted.percentiles());
    fields.extend([
        ("accepted", outcome.accepted.done.to_string()),
        ("refused", outcome.refused.to_string()),
        ("late_sends", outcome.late.to_string()),
        ("errors", outcome.accepted.errors.to_string()),
    ]);
    if let (Some(url), Some(before)) = (&args.database_url, before) {
        let persisted = crate::ceiling::count_moves(url).await? - before;
        fields.push(("db_moves", persisted.to_string()));
        if persisted != outcome.accepted.done as i64 {
            eprintln!(
                "error: the database holds {persisted} new moves, the server accepted {}",
                outcome.accepted.done
            );
        }
    }
    let line = format!(
        "RESULT {}",
        fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    emit(&line, args.out.as_deref())
}
