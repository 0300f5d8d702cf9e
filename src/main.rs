use anyhow::Context;
use clap::{Args, Parser, Subcommand, ValueEnum};

use oanquan::config::Config;
use oanquan::startup::Application;
use oanquan::store::DatabaseSettings;
use oanquan::store::Store;
use oanquan::telemetry::LogSettings;
use oanquan::{api, explorer, games, telemetry, verify};

/// HTTP game server for Ô Ăn Quan. Without a subcommand, `serve`.
#[derive(Parser)]
#[command(
    name = "oanquan",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    serve: Config,
}

#[derive(Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once at start-up
enum Command {
    /// Apply migrations, then serve HTTP (the default).
    Serve(Config),
    /// Apply database migrations and exit.
    Migrate(MigrateArgs),
    /// Apply migrations, then make the PostgreSQL database a Citus one:
    /// register the workers and distribute the tables (docs/SCALE-OUT.md).
    /// Running it again does only what is not done yet.
    Distribute(DistributeArgs),
    /// Print the OpenAPI document (JSON) to stdout.
    Openapi(OpenapiArgs),
    /// Replay every stored game and check its stored positions and outcome;
    /// prints each mismatch and exits with status 1 if there is any.
    Verify(VerifyArgs),
    /// Ratings maintenance.
    #[command(subcommand)]
    Ratings(RatingsCommand),
    /// Opening explorer maintenance.
    #[command(subcommand)]
    Explorer(ExplorerCommand),
    /// Endgame table: build one to a file the server reads
    /// (`--endgame-dir`).
    #[command(subcommand)]
    Endgame(EndgameCommand),
}

#[derive(Subcommand)]
enum EndgameCommand {
    /// Build a preset's table of every position with at most `--stones`
    /// small stones on the board, by retrograde analysis, and write it.
    Build(EndgameBuildArgs),
}

#[derive(Args)]
struct EndgameBuildArgs {
    /// The preset: classic, village or online.
    #[arg(long, default_value = "classic")]
    preset: String,
    /// The most small stones on the board.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=20))]
    stones: u32,
    /// The file to write; the server reads `<preset>-<stones>.oqet` in its
    /// `--endgame-dir`.
    #[arg(long)]
    out: std::path::PathBuf,
    /// Threads to build on (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Subcommand)]
enum ExplorerCommand {
    /// Write the opening explorer's index again from every finished game,
    /// in one transaction (the same counts the live index holds).
    Rebuild(MigrateArgs),
}

#[derive(Subcommand)]
enum RatingsCommand {
    /// Recompute every rating from the stored games, in one transaction,
    /// replacing the stored ratings and history; prints what changed.
    Rebuild(MigrateArgs),
    /// Make a player an anchor of a preset's rating pool (docs/API.md "How
    /// ratings resist farming"): established by the operator's word, so
    /// that games against them move their opponents' ratings.
    Anchor(AnchorArgs),
}

#[derive(Args)]
struct AnchorArgs {
    /// The player's id.
    player: String,
    /// The preset: classic, village or online.
    #[arg(long, default_value = "classic")]
    preset: String,
    /// Take the anchor back instead.
    #[arg(long)]
    remove: bool,
    #[command(flatten)]
    database: DatabaseSettings,
}

#[derive(Args)]
struct OpenapiArgs {
    /// The OpenAPI version to print: 3.1 (as `/openapi.json`), its 3.2
    /// rendition (as `/openapi-3.2.json`, the streams' events typed with
    /// `itemSchema`) or its 3.0 rendition (as `/openapi-3.0.json`, for
    /// generators that read only 3.0).
    #[arg(long = "openapi-version", value_enum, default_value_t = OpenapiVersion::V3_1)]
    openapi_version: OpenapiVersion,
}

#[derive(Clone, Copy, ValueEnum)]
enum OpenapiVersion {
    #[value(name = "3.2")]
    V3_2,
    #[value(name = "3.1")]
    V3_1,
    #[value(name = "3.0")]
    V3_0,
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    database: DatabaseSettings,
}

#[derive(Args)]
struct DistributeArgs {
    /// A worker node, `HOST:PORT` as the coordinator reaches it; repeat
    /// for each (or comma-separate them in the variable).
    #[arg(
        long = "citus-worker",
        env = "OANQUAN_CITUS_WORKERS",
        value_delimiter = ','
    )]
    workers: Vec<oanquan::store::Worker>,

    /// Shards per distributed table (Citus's `citus.shard_count`) for the
    /// tables distributed by this run.
    #[arg(long = "citus-shard-count", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=4096))]
    shard_count: u32,

    #[command(flatten)]
    database: DatabaseSettings,

    #[command(flatten)]
    log: LogSettings,
}

#[derive(Args)]
struct MigrateArgs {
    #[command(flatten)]
    database: DatabaseSettings,

    #[command(flatten)]
    log: LogSettings,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Serve(cli.serve)) {
        Command::Serve(settings) => {
            telemetry::init(settings.log.format);
            let app = Application::build(settings).await?;
            app.run_until_stopped().await?;
        }
        Command::Migrate(args) => {
            telemetry::init(args.log.format);
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            let migrated = store.migrate().await.context("cannot apply migrations")?;
            store.close().await;
            tracing::info!(
                database = %args.database.url.redacted(),
                backend = ?store.backend(),
                applied = migrated.applied,
                schema_version = migrated.version,
                "migrations applied"
            );
        }
        Command::Distribute(args) => {
            telemetry::init(args.log.format);
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            store.migrate().await.context("cannot apply migrations")?;
            let done = store
                .distribute(&args.workers, args.shard_count)
                .await
                .context("cannot distribute the database")?;
            store.close().await;
            println!(
                "distributed: {} workers added, {} tables distributed now ({})",
                done.workers_added,
                done.tables.len(),
                done.tables.join(", ")
            );
        }
        Command::Openapi(args) => match args.openapi_version {
            OpenapiVersion::V3_2 => print!("{}", api::docs::openapi::spec_json_32()),
            OpenapiVersion::V3_1 => print!("{}", api::docs::openapi::spec_json()),
            OpenapiVersion::V3_0 => print!("{}", api::docs::openapi::spec_json_30()),
        },
        Command::Ratings(RatingsCommand::Rebuild(args)) => {
            telemetry::init(args.log.format);
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            store.migrate().await.context("cannot apply migrations")?;
            let summary = games::rebuild_ratings(&store)
                .await
                .context("cannot rebuild the ratings")?;
            store.close().await;
            println!(
                "ratings rebuilt: {} rated games replayed, {} standings written, \
                 {} differed from the stored ones, {} removed",
                summary.games, summary.standings, summary.changed, summary.removed
            );
        }
        Command::Endgame(EndgameCommand::Build(args)) => {
            let preset: oanquan::engine::Preset =
                args.preset.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
            let threads = args
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let table = oanquan_endgame::build(preset, args.stones, threads);
            let file = std::fs::File::create(&args.out)
                .with_context(|| format!("creating {}", args.out.display()))?;
            table
                .write_to(std::io::BufWriter::new(file))
                .with_context(|| format!("writing {}", args.out.display()))?;
            let stats = table.stats();
            println!(
                "{preset} <= {} stones: {} positions, {} exact ({:.1} %), longest proof {} plies, \
                 {} passes, {} bytes, built in {:.1} s on {threads} threads",
                args.stones,
                stats.positions,
                stats.exact,
                100.0 * stats.exact as f64 / (stats.positions.max(1)) as f64,
                stats.max_depth,
                stats.passes,
                table.bytes(),
                stats.build_time.as_secs_f64(),
            );
        }
        Command::Explorer(ExplorerCommand::Rebuild(args)) => {
            telemetry::init(args.log.format);
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            store.migrate().await.context("cannot apply migrations")?;
            let done = explorer::rebuild_explorer(&store)
                .await
                .context("cannot rebuild the opening explorer")?;
            store.close().await;
            println!(
                "opening explorer rebuilt: {} finished games, {} rows",
                done.games, done.rows
            );
        }
        Command::Ratings(RatingsCommand::Anchor(args)) => {
            let player = oanquan::domain::PlayerId::parse(&args.player)
                .map_err(|e| anyhow::anyhow!("player: {e}"))?;
            let preset = oanquan::engine::Preset::ALL
                .into_iter()
                .find(|p| p.name() == args.preset)
                .ok_or_else(|| anyhow::anyhow!("preset: classic, village or online"))?;
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            store.migrate().await.context("cannot apply migrations")?;
            if store.player_by_id(&player).await?.is_none() {
                anyhow::bail!("no player has the id {player}");
            }
            let changed = store
                .set_rating_anchor(&player, preset, !args.remove)
                .await
                .context("cannot set the anchor")?;
            store.close().await;
            let now = if args.remove {
                "not an anchor"
            } else {
                "an anchor"
            };
            let was = if changed { "" } else { " already" };
            println!("{player} is{was} {now} of the {} ratings", preset.name());
        }
        Command::Verify(args) => {
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            let summary = verify::verify(&store, |mismatch| println!("mismatch: {mismatch}"))
                .await
                .context("cannot read the games")?;
            store.close().await;
            println!("{summary}");
            if summary.mismatches > 0 {
                std::process::exit(1);
            }
        }
    }
    Ok(())
}
