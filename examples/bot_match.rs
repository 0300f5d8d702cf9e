//! A built-in bot against the published AI's depth-5 alpha-beta, through a
//! running server as a player meets it: the outside player registers,
//! starts each game against the bot with `POST /v1/games`, reads the game
//! with `GET /v1/games/{id}` until it is its turn, and plays the move the
//! baseline (`alphabeta_score_only`, the engine's rules and scores only)
//! chooses in the position the server sent. Colours alternate; every game
//! starts from the standard start.
//!
//!     cargo run --release --example bot_match -- --base http://127.0.0.1:8080 \
//!         --bot botLevel07 --games 10 --presets classic,online,village
//!
//! Prints one line per game and a `RESULT` line per preset: the bot's
//! wins, draws and losses and its share of the decided games.

#[path = "common/api.rs"]
mod api;

use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Parser;
use oanquan::engine::{Position, Preset, Rules};
use oanquan::search::{alphabeta_score_only, Rng};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

#[derive(Parser, Debug)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base: String,
    /// The bot's player id.
    #[arg(long, default_value = "botLevel07")]
    bot: String,
    /// Games per preset (colours alternate, the outside player first).
    #[arg(long, default_value_t = 10)]
    games: u32,
    #[arg(long, default_value = "classic,online,village", value_delimiter = ',')]
    presets: Vec<String>,
    /// The outside player's search depth.
    #[arg(long, default_value_t = 5)]
    depth: u32,
    /// Seeds the outside player's tie-breaks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let client = Client::builder().timeout(Duration::from_secs(60)).build()?;
    let name = format!("ab{}-{}", args.depth, std::process::id());
    let token = api::register(&client, &args.base, &name).await?;
    let mut rng = Rng::new(args.seed);
    for preset_name in &args.presets {
        let preset = Preset::ALL
            .into_iter()
            .find(|p| p.name() == preset_name)
            .with_context(|| format!("no preset {preset_name}"))?;
        let rules = Rules::new(preset.params()).expect("a preset's rules");
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for game in 0..args.games {
            let seat = if game % 2 == 0 { "south" } else { "north" };
            let started = Instant::now();
            let outcome = play(&client, &args, &token, rules, preset_name, seat, &mut rng).await?;
            let bot_won = match outcome.winner.as_deref() {
                None => {
                    draws += 1;
                    "draw"
                }
                Some(winner) if winner == seat => {
                    losses += 1;
                    "lost"
                }
                Some(_) => {
                    wins += 1;
                    "won"
                }
            };
            println!(
                "game preset={preset_name} outside={seat} bot={bot_won} plies={} scores={} secs={:.1} id={}",
                outcome.plies,
                outcome.scores,
                started.elapsed().as_secs_f64(),
                outcome.id
            );
        }
        let decided = wins + losses;
        let share = if decided > 0 {
            100.0 * f64::from(wins) / f64::from(decided)
        } else {
            0.0
        };
        println!(
            "RESULT preset={preset_name} bot={} opponent=ab{} wins={wins} draws={draws} losses={losses} of_decided={share:.1}%",
            args.bot, args.depth
        );
    }
    Ok(())
}

struct Outcome {
    id: String,
    winner: Option<String>,
    plies: u64,
    scores: String,
}

async fn play(
    client: &Client,
    args: &Args,
    token: &str,
    rules: Rules,
    preset: &str,
    seat: &str,
    rng: &mut Rng,
) -> anyhow::Result<Outcome> {
    let body =
        json!({"opponent": args.bot, "seat": seat, "first": "south", "rules": {"preset": preset}});
    let created = api::post(
        client,
        &format!("{}/v1/games", args.base),
        Some(token),
        &body,
        StatusCode::CREATED,
    )
    .await?;
    let id = created["id"].as_str().context("game id")?.to_owned();
    let url = format!("{}/v1/games/{id}", args.base);
    loop {
        let game: Value = client
            .get(&url)
            .bearer_auth(token)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        match game["status"].as_str() {
            Some("active") => {}
            Some("finished") => {
                let result = &game["result"];
                return Ok(Outcome {
                    id,
                    winner: result["winner"]
                        .as_str()
                        .filter(|w| *w != "draw")
                        .map(str::to_owned),
                    plies: game["ply"].as_u64().unwrap_or(0),
                    scores: format!(
                        "{}-{}",
                        result["scores"]["south"], result["scores"]["north"]
                    ),
                });
            }
            other => bail!("game {id}: status {other:?}"),
        }
        if game["to_move"].as_str() != Some(seat) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let notation = game["position"].as_str().context("position")?;
        let position = Position::from_notation(notation, rules)
            .map_err(|e| anyhow::anyhow!("position {notation}: {e}"))?;
        let m = alphabeta_score_only(&position, args.depth, rng).context("a legal move")?;
        let ply = game["ply"].as_u64().context("ply")?;
        api::post(
            client,
            &format!("{url}/moves"),
            Some(token),
            &json!({"move": m.to_string(), "ply": ply}),
            StatusCode::CREATED,
        )
        .await?;
    }
}
