//! The games under load: one slot per active game, kept active (a game that
//! ends is replaced by a new one in its slot), and moves played through the
//! API.

use std::sync::Mutex as StdMutex;

use anyhow::Context;
use oanquan::engine::{Move, Position, Preset};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use tokio::sync::Mutex;

use crate::api::{post, register};

/// The two players of every game (one pair may sit in any number of games).
pub struct Seats {
    pub south: String,
    pub north: String,
}

/// A game as the mover knows it: enough to choose and send its next move.
pub struct Playing {
    id: String,
    position: String,
    to_move: String,
}

/// Every slot's game: the mover's view (one mover per slot at a time) and
/// its id for the subscribers, who follow whatever game the slot holds.
pub struct Slots {
    pub base: String,
    pub client: Client,
    pub seats: Seats,
    playing: Vec<Mutex<Playing>>,
    ids: Vec<StdMutex<String>>,
}

impl Seats {
    pub async fn register(client: &Client, base: &str) -> anyhow::Result<Seats> {
        static SETS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let set = SETS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let run = format!("{}x{set}", std::process::id());
        Ok(Seats {
            south: register(client, base, &format!("load{run}s")).await?,
            north: register(client, base, &format!("load{run}n")).await?,
        })
    }
}

/// Creates an unrated, untimed classic game and joins it: the joined game.
async fn start_game(client: &Client, base: &str, seats: &Seats) -> anyhow::Result<Playing> {
    let body = json!({"rules": {"preset": "classic"}, "seat": "south", "first": "south"});
    let game = post(
        client,
        &format!("{base}/v1/games"),
        Some(&seats.south),
        &body,
        StatusCode::CREATED,
    )
    .await?;
    let id = game["id"].as_str().context("game id")?;
    let url = format!("{base}/v1/games/{id}/join");
    let joined = post(client, &url, Some(&seats.north), &json!({}), StatusCode::OK).await?;
    playing_of(&joined)
}

fn playing_of(game: &Value) -> anyhow::Result<Playing> {
    Ok(Playing {
        id: game["id"].as_str().context("id")?.to_owned(),
        position: game["position"].as_str().context("position")?.to_owned(),
        to_move: game["to_move"].as_str().context("to_move")?.to_owned(),
    })
}

/// A legal move that does not end the game, if there is one (else any
/// legal move): games under load should last, so that subscribers keep
/// following them.
fn lasting_move(position: &str) -> anyhow::Result<Move> {
    let position = Position::from_notation(position, Preset::Classic.rules())
        .map_err(|e| anyhow::anyhow!("position {position}: {e}"))?;
    let legal = position.legal_moves();
    let mut moves = legal.iter().copied();
    let first = moves
        .clone()
        .next()
        .context("no legal move in an active game")?;
    Ok(moves
        .find(|&m| {
            position
                .play(m)
                .is_ok_and(|after| after.outcome().is_none())
        })
        .unwrap_or(first))
}

impl Slots {
    /// `games` active games, started `concurrency` at a time.
    pub async fn start(
        client: Client,
        base: String,
        games: usize,
        concurrency: usize,
    ) -> anyhow::Result<Slots> {
        let seats = Seats::register(&client, &base).await?;
        let mut playing = Vec::with_capacity(games);
        for chunk in (0..games).collect::<Vec<_>>().chunks(concurrency.max(1)) {
            let started = chunk.iter().map(|_| start_game(&client, &base, &seats));
            for game in futures_util::future::join_all(started).await {
                playing.push(game?);
            }
        }
        let ids = playing
            .iter()
            .map(|p| StdMutex::new(p.id.clone()))
            .collect();
        Ok(Slots {
            base,
            client,
            seats,
            playing: playing.into_iter().map(Mutex::new).collect(),
            ids,
        })
    }

    pub fn len(&self) -> usize {
        self.playing.len()
    }

    /// The game slot `slot` holds now.
    pub fn id(&self, slot: usize) -> String {
        self.ids[slot].lock().expect("slot lock").clone()
    }

    /// Plays one move in slot `slot`'s game; a game it ends is replaced.
    pub async fn play(&self, slot: usize) -> anyhow::Result<()> {
        let mut game = self.playing[slot].lock().await;
        let m = lasting_move(&game.position)?;
        let token = if game.to_move == "south" {
            &self.seats.south
        } else {
            &self.seats.north
        };
        let url = format!("{}/v1/games/{}/moves", self.base, game.id);
        let answer = post(
            &self.client,
            &url,
            Some(token),
            &json!({ "move": m.to_string() }),
            StatusCode::CREATED,
        )
        .await?;
        let after = &answer["game"];
        if after["status"] == "active" {
            *game = playing_of(after)?;
        } else {
            *game = start_game(&self.client, &self.base, &self.seats).await?;
            *self.ids[slot].lock().expect("slot lock") = game.id.clone();
        }
        Ok(())
    }
}
