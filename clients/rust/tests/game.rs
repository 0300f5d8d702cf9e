//! Against the real server (`target/debug/oanquan`, or $OANQUAN_BIN) on a
//! fresh SQLite database: two players register, play a rated game to its
//! end with the generated client, the leaderboard ranks them, and the game's
//! NDJSON stream saw every move.

use std::{path::PathBuf, process::Stdio, time::Duration};

use futures::StreamExt;
use oanquan_client::{types, with_token, Client};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error + Send + Sync>>;

struct Server {
    base: String,
    child: Child,
    dir: PathBuf,
    binary: PathBuf,
}

impl Server {
    async fn start() -> Result<Server> {
        let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let binary = std::env::var_os("OANQUAN_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| repo.join("target/debug/oanquan"));
        let dir = std::env::temp_dir().join(format!("oanquan-rust-client-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let mut child = Command::new(&binary)
            .arg("serve")
            .current_dir(&dir)
            .env("OANQUAN_BIND", "127.0.0.1:0")
            .env(
                "OANQUAN_DATABASE_URL",
                format!("sqlite://{}/test.db", dir.display()),
            )
            .env("OANQUAN_RATE_LIMIT_PER_SECOND", "0")
            .env("OANQUAN_WORKERS", "2")
            .env("RUST_LOG", "warn,oanquan=info")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()?;
        let mut lines = BufReader::new(child.stdout.take().ok_or("no stdout")?).lines();
        let base = tokio::time::timeout(Duration::from_secs(30), async {
            while let Some(line) = lines.next_line().await? {
                if let Some(at) = line.find("listening on http://") {
                    let address = &line[at + "listening on ".len()..];
                    let end = address
                        .find(|c: char| c.is_whitespace())
                        .unwrap_or(address.len());
                    return Ok::<_, std::io::Error>(Some(address[..end].to_string()));
                }
            }
            Ok(None)
        })
        .await??
        .ok_or("the server exited before listening")?;
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Server {
            base,
            child,
            dir,
            binary,
        })
    }

    /// Makes a player an anchor of the classic ratings, as an operator
    /// does, so that games against them are rated.
    fn anchor(&self, player: &str) -> Result<()> {
        let status = std::process::Command::new(&self.binary)
            .args(["ratings", "anchor", player])
            .env(
                "OANQUAN_DATABASE_URL",
                format!("sqlite://{}/test.db", self.dir.display()),
            )
            .stdout(Stdio::null())
            .status()?;
        if !status.success() {
            return Err(format!("ratings anchor {player}: {status}").into());
        }
        Ok(())
    }

    async fn stop(mut self) {
        let _ = self.child.kill().await;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The game's events, from its NDJSON stream, until the stream ends.
async fn stream_events(base: String, id: String) -> Result<Vec<serde_json::Value>> {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::ACCEPT, "application/x-ndjson".parse()?);
    let http = reqwest::Client::builder()
        .default_headers(headers)
        .build()?;
    let watcher = Client::new_with_client(&base, http);
    let mut body = watcher
        .game_stream(&id.parse()?, None, None)
        .await?
        .into_inner();
    let (mut buffered, mut events) = (Vec::new(), Vec::new());
    while let Some(chunk) = body.next().await {
        buffered.extend_from_slice(&chunk?);
        while let Some(newline) = buffered.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buffered.drain(..=newline).collect();
            if line.iter().any(|b| !b.is_ascii_whitespace()) {
                events.push(serde_json::from_slice(&line)?);
            }
        }
    }
    Ok(events)
}

#[tokio::test]
async fn two_players_play_a_rated_game_to_its_end() -> Result<()> {
    let server = Server::start().await?;
    let anonymous = Client::new(&server.base);
    let lan = anonymous
        .create_player(
            None,
            &types::NewPlayer {
                name: "Lan".parse()?,
            },
        )
        .await?
        .into_inner();
    let minh = anonymous
        .create_player(
            None,
            &types::NewPlayer {
                name: "Minh".parse()?,
            },
        )
        .await?
        .into_inner();
    // Established players, so that their rated game moves both ratings.
    server.anchor(&lan.id.to_string())?;
    server.anchor(&minh.id.to_string())?;
    let south = with_token(&server.base, &lan.token)?;
    let north = with_token(&server.base, &minh.token)?;

    let new_game = types::NewGame {
        rated: Some(true),
        seat: Some(types::SeatChoice::South),
        opponent: Some(minh.id.parse()?),
        ..Default::default()
    };
    let game = south.create_game(None, &new_game).await?.into_inner();
    let id = game.id.clone();
    let watching = tokio::spawn(stream_events(server.base.clone(), id.clone()));
    north.join_game(&id.parse()?, None).await?;

    let mut played = Vec::new();
    loop {
        let answer = south.get_game(&id.parse()?, None).await?;
        let etag = answer
            .headers()
            .get("ETag")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let game = answer.into_inner();
        if game.status.to_string() != "active" {
            break;
        }
        let mover = if game.to_move.to_string() == "south" {
            &south
        } else {
            &north
        };
        // A fixed, varied choice: the game ends by capture in a few dozen moves.
        let chosen = (game.ply as usize * 7) % game.legal_moves.len();
        let notation = game.legal_moves[chosen].clone();
        let input = types::MoveInput {
            move_: Some(notation.parse()?),
            ..Default::default()
        };
        let result = mover
            .submit_move(&id.parse()?, None, etag.as_deref(), None, &input)
            .await?;
        assert_eq!(result.into_inner().move_.notation, notation);
        played.push(notation);
    }

    let game = south.get_game(&id.parse()?, None).await?.into_inner();
    assert_eq!(game.status.to_string(), "finished");
    assert_eq!(game.moves_played as usize, played.len());

    let board = anonymous
        .get_leaderboard("classic".parse()?, None, Some(true), None, None, None)
        .await?
        .into_inner();
    let mut ranked: Vec<_> = board
        .entries
        .iter()
        .filter_map(|e| e.player.id.clone())
        .collect();
    ranked.sort();
    let mut expected = vec![lan.id.to_string(), minh.id.to_string()];
    expected.sort();
    assert_eq!(ranked, expected);

    let events = tokio::time::timeout(Duration::from_secs(30), watching).await???;
    let moves: Vec<_> = events
        .iter()
        .filter(|e| e["type"] == "move")
        .map(|e| {
            e["move"]["notation"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    assert_eq!(
        events.first().map(|e| e["type"].clone()),
        Some("snapshot".into())
    );
    assert_eq!(moves, played);
    assert_eq!(
        events.last().map(|e| e["type"].clone()),
        Some("ended".into())
    );
    server.stop().await;
    Ok(())
}
