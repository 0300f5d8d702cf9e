//! The database ceiling: what a move submission does to the database, through
//! the server's own `Games` and `Store` methods and connection settings
//! (and, on PostgreSQL, its announcements after each commit), with no HTTP
//! and no JSON. Also seeds a database for the start-up test.

use std::time::Instant;

use anyhow::Context;
use clap::Args;
use oanquan::domain::PlayerRef;
use oanquan::domain::{ApiToken, GameStatus, PlayerName, TokenHash};
use oanquan::engine::{Move, Position, Preset, Seat};
use oanquan::games::{player_ref, Expected, Game};
use oanquan::games::{GameSpec, Games, SharedTime};
use oanquan::store::DatabaseSettings;
use oanquan::store::Store;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::stats::{gather, report, RunArgs, Tally, Window};

#[derive(Args, Debug)]
pub struct CeilingArgs {
    #[arg(long)]
    pub database_url: String,
    /// The pool size; give the server's `--max-connections`.
    #[arg(long, default_value_t = 10)]
    pub max_connections: u32,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Args, Debug)]
pub struct SeedArgs {
    #[arg(long)]
    pub database_url: String,
    /// Moves to store, in whole games played to the end.
    #[arg(long, default_value_t = 100_000)]
    pub moves: u64,
}

async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Store> {
    let settings = DatabaseSettings {
        url: url.parse().map_err(|e: String| anyhow::anyhow!(e))?,
        max_connections,
    };
    let store = Store::connect(&settings).await?;
    store.migrate().await?;
    Ok(store)
}

pub async fn count_moves(url: &str) -> anyhow::Result<i64> {
    let store = connect(url, 1).await?;
    let sql = "SELECT COUNT(*) FROM moves";
    let count = match &store {
        Store::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await?,
        Store::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await?,
    };
    store.close().await;
    Ok(count)
}

/// The moves persisted since `before` (a [`count_moves`]), reported as
/// `db_moves`; an error in `tally` unless they are the moves it counts
/// as acknowledged by the server.
pub async fn check_persisted(
    url: &str,
    before: i64,
    tally: &mut crate::stats::Tally,
    extra: &mut Vec<(&'static str, String)>,
) -> anyhow::Result<()> {
    let persisted = count_moves(url).await? - before;
    extra.push(("db_moves", persisted.to_string()));
    if persisted != tally.done as i64 {
        tally.error(format!(
            "the database holds {persisted} new moves, the server acknowledged {}",
            tally.done
        ));
    }
    Ok(())
}

/// A player and the token the server would have handed out.
struct Seated {
    player: PlayerRef,
    token_hash: TokenHash,
}

async fn new_player(store: &Store, name: &str) -> anyhow::Result<Seated> {
    let token = ApiToken::generate();
    let name = PlayerName::parse(name).map_err(|e| anyhow::anyhow!("{e}"))?;
    let player = store
        .insert_player(&name, &token.hash())
        .await?
        .context("name taken")?;
    Ok(Seated {
        player: player_ref(&player),
        token_hash: token.hash(),
    })
}

async fn new_pair(store: &Store, tag: &str) -> anyhow::Result<[Seated; 2]> {
    let run: u32 = rand::thread_rng().gen();
    Ok([
        new_player(store, &format!("db{run:08x}s{tag}")).await?,
        new_player(store, &format!("db{run:08x}n{tag}")).await?,
    ])
}

/// The game `POST /v1/games` creates for South, South to move first.
fn spec() -> GameSpec {
    GameSpec::standard(Preset::Classic.rules())
}

/// Creates and joins a game, as the handlers do.
async fn started_game(
    games: &Games,
    tx: &mut oanquan::store::WriteTx,
    seats: [&PlayerRef; 2],
) -> anyhow::Result<Game> {
    let created = games.create(tx, &spec(), seats[0]).await?;
    Ok(games.join(tx, &created.game.id, seats[1]).await?.game)
}

/// A random legal move in `game`'s current position.
fn random_move(game: &Game, rng: &mut StdRng) -> anyhow::Result<Move> {
    let position = Position::restore(&game.position, game.rules, game.result)?;
    let legal = position.legal_moves();
    legal
        .get(rng.gen_range(0..legal.len()))
        .copied()
        .context("no legal move")
}

async fn authenticate(store: &Store, seated: &Seated) -> anyhow::Result<()> {
    store
        .token_holder(&seated.token_hash)
        .await?
        .context("unknown token")?;
    Ok(())
}

/// Create, join, then every move, each as the handlers issue it: on
/// PostgreSQL a move that does not end the game is one statement (the
/// token checked in it) when the game's last change was this process's
/// ([`Games::play_at_once`]); otherwise the request's auth look-up and a
/// write transaction. Committed transitions are published, as the unit of
/// work does, which keeps the game for the next move.
async fn one_game(
    store: &Store,
    games: &Games,
    seats: &[Seated; 2],
    window: &Window,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    let mut rng = StdRng::from_entropy();
    authenticate(store, &seats[0]).await?;
    let mut tx = store.begin_write().await?;
    let created = games.create(&mut tx, &spec(), &seats[0].player).await?;
    tx.commit().await?;
    let game = created.game.clone();
    games.publish(created);

    authenticate(store, &seats[1]).await?;
    let mut tx = store.begin_write().await?;
    let joined = games.join(&mut tx, &game.id, &seats[1].player).await?;
    tx.commit().await?;
    let mut game = joined.game.clone();
    games.publish(joined);

    let moved = |e: oanquan::games::GamesError| anyhow::anyhow!("move: {e}");
    loop {
        if window.is_over() {
            return Ok(());
        }
        let started = Instant::now();
        let mover = &seats[usize::from(game.to_move == Seat::North)];
        let m = random_move(&game, &mut rng)?;
        let expected = Expected::default();
        let at_once = games
            .play_at_once(store, &mover.token_hash, &game.id, m, &expected)
            .await
            .map_err(moved)?;
        let played = match at_once.and_then(|(_, done)| done.transition) {
            Some(transition) => transition.game.clone(),
            None => {
                authenticate(store, mover).await?;
                let mut tx = store.begin_write().await?;
                let played = games
                    .play(&mut tx, &game.id, &mover.player.id, m, &expected)
                    .await
                    .map_err(moved)?;
                tx.commit().await?;
                let game = played.game.clone();
                games.publish(played);
                game
            }
        };
        tally.success(window, started);
        if played.status == GameStatus::Finished {
            return Ok(());
        }
        game = played;
    }
}

pub async fn ceiling(args: CeilingArgs) -> anyhow::Result<()> {
    let store = connect(&args.database_url, args.max_connections).await?;
    let mut pairs = Vec::with_capacity(args.run.concurrency);
    for i in 0..args.run.concurrency {
        pairs.push(new_pair(&store, &i.to_string()).await?);
    }
    let window = Window::after_warmup(&args.run);
    let games = Games::new(SharedTime::default()).keeping_recent_games(4_096);
    let tasks: Vec<_> = pairs
        .into_iter()
        .map(|seats| {
            let store = store.clone();
            let games = games.clone();
            tokio::spawn(async move {
                let mut tally = Tally::default();
                while !window.is_over() {
                    if let Err(e) = one_game(&store, &games, &seats, &window, &mut tally).await {
                        tally.error(e);
                    }
                }
                tally
            })
        })
        .collect();
    let (tally, spent) = gather(window, Some(std::process::id()), tasks).await?;
    store.close().await;
    report(&args.run, &tally, spent, &[])
}

/// Fills a database with whole games, 50 per transaction.
pub async fn seed(args: SeedArgs) -> anyhow::Result<()> {
    let store = connect(&args.database_url, 2).await?;
    let seats = new_pair(&store, "seed").await?;
    let mut rng = StdRng::from_entropy();
    let games = Games::new(SharedTime::default());
    let mut moves = 0;
    let started = Instant::now();
    while moves < args.moves {
        let mut tx = store.begin_write().await?;
        for _ in 0..50 {
            if moves >= args.moves {
                break;
            }
            let mut game =
                started_game(&games, &mut tx, [&seats[0].player, &seats[1].player]).await?;
            while moves < args.moves {
                moves += 1;
                let m = random_move(&game, &mut rng)?;
                let mover = seats[usize::from(game.to_move == Seat::North)]
                    .player
                    .id
                    .clone();
                game = games
                    .play(&mut tx, &game.id, &mover, m, &Expected::default())
                    .await
                    .map_err(|e| anyhow::anyhow!("move: {e}"))?
                    .game;
                if game.status == GameStatus::Finished {
                    break;
                }
            }
        }
        tx.commit().await?;
    }
    store.close().await;
    println!(
        "seeded {moves} moves in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
