use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use oanquan::settings::{DatabaseSettings, LogSettings, Settings};
use oanquan::startup::Application;
use oanquan::store::Store;
use oanquan::{api, telemetry, verify};

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
    serve: Settings,
}

#[derive(Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once at start-up
enum Command {
    /// Apply migrations, then serve HTTP (the default).
    Serve(Settings),
    /// Apply database migrations and exit.
    Migrate(MigrateArgs),
    /// Print the OpenAPI document (JSON) to stdout.
    Openapi,
    /// Replay every stored game and check its stored positions and outcome;
    /// prints each mismatch and exits with status 1 if there is any.
    Verify(VerifyArgs),
    /// Ratings maintenance.
    #[command(subcommand)]
    Ratings(RatingsCommand),
}

#[derive(Subcommand)]
enum RatingsCommand {
    /// Recompute every rating from the stored games, in one transaction,
    /// replacing the stored ratings and history; prints what changed.
    Rebuild(MigrateArgs),
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    database: DatabaseSettings,
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
            store.migrate().await.context("cannot apply migrations")?;
            store.close().await;
            tracing::info!(backend = ?store.backend(), "migrations applied");
        }
        Command::Openapi => print!("{}", api::openapi::spec_json()),
        Command::Ratings(RatingsCommand::Rebuild(args)) => {
            telemetry::init(args.log.format);
            let store = Store::connect(&args.database)
                .await
                .context("cannot connect to the database")?;
            store.migrate().await.context("cannot apply migrations")?;
            let summary = store
                .rebuild_ratings()
                .await
                .context("cannot rebuild the ratings")?;
            store.close().await;
            println!(
                "ratings rebuilt: {} rated games replayed, {} standings written, \
                 {} differed from the stored ones, {} removed",
                summary.games, summary.standings, summary.changed, summary.removed
            );
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
