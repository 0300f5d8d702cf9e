//! Fills a database with finished games played by the search against
//! itself at a fixed node budget, stored through the store as an import
//! stores a game (the game row and its moves), rated games rated as a
//! finished game is rated, and indexed in the same transaction as the
//! opening explorer's indexer indexes a game (or left for
//! `oanquan explorer rebuild`).
//!
//! ```sh
//! cargo run --release --example explorer_fill -- \
//!     --database sqlite:///work/r3-data/openings.db \
//!     --presets classic,online,village --games 100000 --nodes 300 --seed 1 --threads 2
//! ```
//!
//! Every game is a function of `--seed`, its preset and its number: the
//! same arguments give the same games (ids, players, moves, times), however
//! many threads play them, and a preset's games are the same whichever
//! presets the run plays beside it. South always moves first. Every move
//! is drawn among the search's root moves with a weight
//! `exp((value - best) / temperature)` (values in stones, `--temperature`
//! 1 by default), moves more than `--window` stones (3) below the best left
//! out: near-best play, with variety. `--random-plies N` draws the first N
//! moves uniformly among the legal moves instead (0 by default); `--nodes 0`
//! plays uniformly random moves throughout.
//!
//! Other options: `--players P` (default 2000; 0: games without players,
//! unrated, as an import stores them), `--rated-share F` (default 0.5),
//! `--from YYYY-MM-DD` and `--days D` (the games' creation times, evenly
//! spread: game `n` of a preset at `(3n + p) / (3 × (K + games))` of the
//! period, `p` the preset's place in classic, village, online), `--batch B`
//! (games per transaction), `--first-game K` (start the numbering at K:
//! the games of a range, as several fills side by side play them),
//! `--index hook|rebuild` (default hook).

use std::collections::HashMap;
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use oanquan::domain::{GameId, GameStatus, PlayerId, PlayerRef, TimeControl};
use oanquan::engine::{Position, Preset, Seat};
use oanquan::explorer::index_games;
use oanquan::games::{Game, Timing};
use oanquan::search::{search, Limits, Rng};
use oanquan::store::{Backend, DatabaseSettings, MoveRecord, RatedGame, Store, WriteTx};

struct Args {
    database: String,
    presets: Vec<Preset>,
    games: u64,
    first_game: u64,
    nodes: u64,
    temperature: f64,
    window: f64,
    random_plies: u32,
    seed: u64,
    threads: usize,
    players: u64,
    rated_share: f64,
    from: DateTime<Utc>,
    days: u64,
    batch: usize,
    hook: bool,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut args = Args {
        database: String::new(),
        presets: Preset::ALL.to_vec(),
        games: 1000,
        first_game: 0,
        nodes: 300,
        temperature: 1.0,
        window: 3.0,
        random_plies: 0,
        seed: 1,
        threads: 2,
        players: 2000,
        rated_share: 0.5,
        from: NaiveDate::from_ymd_opt(2026, 1, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap()
            .and_utc(),
        days: 300,
        batch: 500,
        hook: true,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| anyhow!("{flag}: a value is missing"))?;
        match flag.as_str() {
            "--database" => args.database = value,
            "--presets" => {
                args.presets = value
                    .split(',')
                    .map(|name| {
                        Preset::ALL
                            .into_iter()
                            .find(|p| p.name() == name)
                            .ok_or_else(|| anyhow!("no preset {name:?}"))
                    })
                    .collect::<anyhow::Result<_>>()?
            }
            "--games" => args.games = value.parse()?,
            "--first-game" => args.first_game = value.parse()?,
            "--nodes" => args.nodes = value.parse()?,
            "--temperature" => args.temperature = value.parse()?,
            "--window" => args.window = value.parse()?,
            "--random-plies" => args.random_plies = value.parse()?,
            "--seed" => args.seed = value.parse()?,
            "--threads" => args.threads = value.parse::<usize>()?.max(1),
            "--players" => args.players = value.parse()?,
            "--rated-share" => args.rated_share = value.parse()?,
            "--from" => {
                args.from = NaiveDate::parse_from_str(&value, "%Y-%m-%d")?
                    .and_hms_opt(0, 0, 0)
                    .unwrap()
                    .and_utc()
            }
            "--days" => args.days = value.parse()?,
            "--batch" => args.batch = value.parse::<usize>()?.max(1),
            "--index" => {
                args.hook = match value.as_str() {
                    "hook" => true,
                    "rebuild" => false,
                    _ => bail!("--index: hook or rebuild"),
                }
            }
            _ => bail!("unknown option {flag}"),
        }
    }
    if args.database.is_empty() {
        bail!("--database URL is required (sqlite://FILE or postgres://…)");
    }
    if args.players == 1 {
        bail!("--players: 0, or at least 2");
    }
    Ok(args)
}

/// SplitMix64 of a value: the seed of one game or one id.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A 10-character id drawn from `rng`.
fn id_from(rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    (0..10)
        .map(|_| ALPHABET[rng.below(62) as usize] as char)
        .collect()
}

fn player_id(seed: u64, n: u64) -> PlayerId {
    PlayerId::parse(&id_from(&mut Rng::new(mix(seed ^ 0x5eed_0000) ^ mix(n)))).unwrap()
}

fn player_name(seed: u64, n: u64) -> String {
    format!("fill{seed}p{n}")
}

/// One game played and ready to store.
struct Played {
    game: Game,
    moves: Vec<MoveRecord>,
}

/// The move to play in `position` (not over).
fn choose(position: &Position, args: &Args, rng: &mut Rng) -> oanquan::engine::Move {
    let count = position.legal_move_count();
    // Plies are numbered from 1.
    if position.ply() <= args.random_plies || args.nodes == 0 {
        return position.nth_legal_move(rng.below(count)).unwrap();
    }
    let result = search(position, Limits::nodes(args.nodes), rng.next_u64());
    let best = result.value;
    let weights: Vec<(oanquan::engine::Move, f64)> = result
        .moves
        .iter()
        .filter(|m| m.value >= best - args.window)
        .map(|m| (m.mv, ((m.value - best) / args.temperature).exp()))
        .collect();
    let total: f64 = weights.iter().map(|w| w.1).sum();
    let mut pick = rng.unit() * total;
    for (mv, weight) in &weights {
        if pick < *weight {
            return *mv;
        }
        pick -= weight;
    }
    result
        .best_move
        .expect("a position not over has a best move")
}

/// Game number `n` of `preset`: the same game (id, players, moves)
/// whichever presets the run plays beside it; its times depend on
/// `--first-game` + `--games` as well.
fn play(args: &Args, preset: Preset, n: u64) -> Played {
    let p = Preset::ALL.iter().position(|&q| q == preset).unwrap() as u64;
    let seed = mix(args.seed) ^ mix(0x1000 + p) ^ mix(n.wrapping_mul(3) + 1);
    let mut rng = Rng::new(seed);
    let id = GameId::parse(&id_from(&mut rng)).unwrap();
    // Evenly spread over the period, the presets interleaved.
    let span = args.days * 86_400;
    let total = 3 * (args.first_game + args.games).max(1);
    let offset = (n * 3 + p) * span / total;
    let created_at = args.from + TimeDelta::seconds(offset as i64);
    let control = match rng.below(10) {
        0..=2 => None,
        3..=6 => Some(TimeControl::RealTime {
            initial_s: 180,
            increment_s: 2,
        }),
        _ => Some(TimeControl::RealTime {
            initial_s: 600,
            increment_s: 5,
        }),
    };
    let (south, north) = if args.players == 0 {
        (None, None)
    } else {
        // Skewed: a few players play many games.
        let pick = |rng: &mut Rng| (rng.unit().powi(2) * args.players as f64) as u64;
        let s = pick(&mut rng);
        let mut o = pick(&mut rng);
        while o == s {
            o = pick(&mut rng);
        }
        let player = |k| PlayerRef {
            id: player_id(args.seed, k),
            name: player_name(args.seed, k),
            bot_level: None,
            bot_account: false,
        };
        (Some(player(s)), Some(player(o)))
    };
    let rated = south.is_some() && rng.unit() < args.rated_share;

    let start = Position::start(preset.rules(), Seat::South);
    let mut position = start;
    let mut moves = Vec::new();
    let mut at = created_at;
    while !position.is_over() {
        let mv = choose(&position, args, &mut rng);
        let seat = position.turn();
        let ply = position.ply();
        position.apply(mv, &mut ()).unwrap();
        at += TimeDelta::milliseconds(2000 + i64::from(rng.below(8000)));
        moves.push(MoveRecord {
            game_id: id.clone(),
            ply,
            seat,
            notation: mv.to_string(),
            player_id: match seat {
                Seat::South => south.as_ref().map(|p: &PlayerRef| p.id.clone()),
                Seat::North => north.as_ref().map(|p: &PlayerRef| p.id.clone()),
            },
            position_after: position.to_string(),
            played_at: Some(at),
            think_ms: None,
            clock_ms: None,
        });
    }
    let outcome = position.outcome().unwrap();
    let game = Game {
        id,
        status: GameStatus::Finished,
        rules: preset.rules(),
        rated,
        created_by: south
            .as_ref()
            .map_or_else(|| player_id(args.seed, 0), |p| p.id.clone()),
        recorded_names: south
            .is_none()
            .then(|| ["South".to_owned(), "North".to_owned()]),
        south,
        north,
        reserved_for: None,
        first: Seat::South,
        custom_start: false,
        start_position: start.to_string(),
        position: position.to_string(),
        ply: position.ply(),
        to_move: position.turn(),
        result: Some(outcome),
        version: 1 + moves.len() as i64,
        created_at,
        updated_at: at,
        started_at: Some(created_at),
        finished_at: Some(at),
        timing: Timing {
            control,
            ..Timing::default()
        },
        abort_reason: None,
        unrated_reason: None,
        challenge_to: None,
        decline_reason: None,
        offers: Default::default(),
    };
    Played { game, moves }
}

/// Stores the players the games sit (`--players`), once.
async fn insert_players(store: &Store, args: &Args) -> anyhow::Result<()> {
    let created_at = args.from - TimeDelta::days(1);
    // Without players, the one who imported the games.
    let ids: Vec<u64> = (0..args.players.max(1)).collect();
    for chunk in ids.chunks(500) {
        macro_rules! insert {
            ($pool:expr) => {{
                let mut players = sqlx::QueryBuilder::new(
                    "INSERT INTO players (id, name, skeleton_key, cased_skeleton_key, created_at) ",
                );
                players.push_values(chunk, |mut b, &k| {
                    let name = player_name(args.seed, k);
                    b.push_bind(player_id(args.seed, k).to_string())
                        .push_bind(name.clone())
                        .push_bind(name.clone())
                        .push_bind(name)
                        .push_bind(created_at);
                });
                players.push(" ON CONFLICT DO NOTHING");
                players.build().execute($pool).await?;
            }};
        }
        match store {
            Store::Sqlite(pool) => insert!(pool),
            Store::Postgres(pool) => insert!(pool),
        }
    }
    // Games move a rating only against an established opponent: the most
    // active players (the lowest numbers) are anchors, as an operator
    // seeds them, so that ratings spread from them.
    let anchors: Vec<(u64, Preset)> = (0..ANCHORS.min(args.players))
        .flat_map(|k| Preset::ALL.map(|p| (k, p)))
        .collect();
    macro_rules! anchor {
        ($pool:expr) => {{
            let mut rows = sqlx::QueryBuilder::new(
                "INSERT INTO player_ratings (player_id, preset, rating, rd, volatility, games, \
                 wins, draws, losses, streak_length, opponents, anchor, established) ",
            );
            rows.push_values(&anchors, |mut b, &(k, preset)| {
                b.push_bind(player_id(args.seed, k).to_string())
                    .push_bind(preset.name())
                    .push_bind(1500.0)
                    .push_bind(60.0)
                    .push_bind(0.06)
                    .push_bind(0_i64)
                    .push_bind(0_i64)
                    .push_bind(0_i64)
                    .push_bind(0_i64)
                    .push_bind(0_i64)
                    .push_bind(0_i64)
                    .push_bind(1_i64)
                    .push_bind(1_i64);
            });
            rows.push(" ON CONFLICT DO NOTHING");
            rows.build().execute($pool).await?;
        }};
    }
    match store {
        _ if anchors.is_empty() => {}
        Store::Sqlite(pool) => anchor!(pool),
        Store::Postgres(pool) => anchor!(pool),
    }
    Ok(())
}

/// Players seeded as rating anchors.
const ANCHORS: u64 = 20;

/// Stores one game as a finished game is stored: row, moves, rating,
/// explorer rows.
async fn store_game(tx: &mut WriteTx, played: Played, hook: bool) -> anyhow::Result<()> {
    let Played { game, moves } = played;
    tx.insert_game(&game.row()).await?;
    tx.insert_moves(&moves).await?;
    if game.rated {
        let (Some(south), Some(north), Some(result), Some(preset)) =
            (&game.south, &game.north, game.result, game.rules.preset())
        else {
            unreachable!("a rated game has players, a result and a preset")
        };
        tx.rate(&RatedGame {
            game_id: game.id.clone(),
            preset,
            south: south.id.clone(),
            north: north.id.clone(),
            winner: result.winner,
            finished_at: game.finished_at.unwrap(),
        })
        .await?;
    }
    if hook {
        index_games(tx, &[game]).await?;
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = std::sync::Arc::new(parse_args()?);
    let settings = DatabaseSettings {
        url: args.database.parse().map_err(anyhow::Error::msg)?,
        max_connections: 2,
    };
    let store = Store::connect(&settings).await.context("connect")?;
    store.migrate().await.context("migrate")?;
    insert_players(&store, &args).await?;

    // Game numbers are dealt to the threads in blocks; the writer puts
    // them back in order, so the database is written in the same order
    // whatever the threads.
    let (sender, receiver) = mpsc::sync_channel::<(u64, Played)>(4 * args.batch);
    let jobs: Vec<(Preset, u64)> = (args.first_game..args.first_game + args.games)
        .flat_map(|n| args.presets.iter().map(move |&p| (p, n)))
        .collect();
    let jobs = std::sync::Arc::new(jobs);
    let next = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    const BLOCK: u64 = 64;
    for _ in 0..args.threads {
        let (args, jobs, next, sender) = (args.clone(), jobs.clone(), next.clone(), sender.clone());
        std::thread::spawn(move || loop {
            let from = next.fetch_add(BLOCK, std::sync::atomic::Ordering::Relaxed);
            if from >= jobs.len() as u64 {
                break;
            }
            for k in from..(from + BLOCK).min(jobs.len() as u64) {
                let (preset, n) = jobs[k as usize];
                if sender.send((k, play(&args, preset, n))).is_err() {
                    return;
                }
            }
        });
    }
    drop(sender);

    let total = jobs.len() as u64;
    let began = Instant::now();
    let mut waiting: HashMap<u64, Played> = HashMap::new();
    let mut expected = 0u64;
    let mut plies = 0u64;
    let mut tx: Option<WriteTx> = None;
    let mut in_tx = 0usize;
    let mut written_at = Instant::now();
    let mut write_secs = 0.0;
    while expected < total {
        let played = match waiting.remove(&expected) {
            Some(played) => played,
            None => {
                let (k, played) = receiver
                    .recv()
                    .context("the players stopped before the last game")?;
                if k != expected {
                    waiting.insert(k, played);
                    continue;
                }
                played
            }
        };
        plies += played.moves.len() as u64;
        if tx.is_none() {
            written_at = Instant::now();
            let mut begun = store.begin_write().await?;
            if store.backend() == Backend::Sqlite {
                // The writer's own connection: a cache that holds the
                // indexes' hot pages (2 MiB by default).
                begun.execute_sql("PRAGMA cache_size = -262144").await?;
            }
            tx = Some(begun);
        }
        store_game(tx.as_mut().unwrap(), played, args.hook).await?;
        in_tx += 1;
        expected += 1;
        if in_tx == args.batch || expected == total {
            tx.take().unwrap().commit().await?;
            write_secs += written_at.elapsed().as_secs_f64();
            in_tx = 0;
            if expected % (args.batch as u64 * 20) == 0 || expected == total {
                let secs = began.elapsed().as_secs_f64();
                eprintln!(
                    "{expected}/{total} games, {:.1} plies a game, {:.0} games/s, {:.0} s writing of {:.0} s",
                    plies as f64 / expected as f64,
                    expected as f64 / secs,
                    write_secs,
                    secs
                );
            }
        }
    }
    println!(
        "{total} games ({} per preset of {}) in {:.0} s; seed {}, {} nodes a move",
        args.games,
        args.presets
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(","),
        began.elapsed().as_secs_f64(),
        args.seed,
        args.nodes
    );
    if !args.hook {
        println!("explorer not indexed: run `oanquan explorer rebuild`");
    }
    store.close().await;
    Ok(())
}
