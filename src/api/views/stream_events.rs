//! The named schemas of the streams' messages, for the spec: the payloads
//! themselves are written by `api::game_feed` from the Games layer's events
//! (tests hold the two to the same fields).

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::{GameView, MoveView, PlayerSummary, ResultView, ScoresView, SeatName};

/// A message of `GET /v1/games/{id}/stream`, tagged by `type` (in SSE also
/// the event name; the SSE `id` is `version`).
#[derive(Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)] // a schema, never built
pub enum GameStreamEvent {
    Snapshot(GameSnapshotEvent),
    Joined(GameJoinedEvent),
    Move(GameMoveEvent),
    Ended(GameEndedEvent),
    Cancelled(GameVersionEvent),
    Aborted(GameAbortedEvent),
    Expired(GameVersionEvent),
}

/// The game as it is, first on every stream that does not resume.
#[derive(Serialize, ToSchema)]
pub struct GameSnapshotEvent {
    pub version: i64,
    pub game: GameView,
}

/// The second seat was taken: the game is active.
#[derive(Serialize, ToSchema)]
pub struct GameJoinedEvent {
    pub version: i64,
    pub seat: SeatName,
    pub player: PlayerSummary,
    #[schema(example = "active")]
    pub status: String,
    pub started_at: Option<DateTime<Utc>>,
    /// The clock after it (`null` for an unlimited game).
    #[schema(value_type = Option<Object>)]
    pub clock: Option<serde_json::Value>,
}

/// A move was played: the move view with its event trace, and the game after it.
#[derive(Serialize, ToSchema)]
pub struct GameMoveEvent {
    pub version: i64,
    #[serde(rename = "move")]
    pub played: MoveView,
    /// The ply of the next move.
    pub ply: u32,
    pub to_move: SeatName,
    pub scores: ScoresView,
    #[schema(value_type = Option<Object>)]
    pub clock: Option<serde_json::Value>,
    /// The moves the side to move may play next (empty once over).
    pub legal_moves: Vec<String>,
}

/// The game ended (by its last move, a resignation, or the clock).
#[derive(Serialize, ToSchema)]
pub struct GameEndedEvent {
    pub version: i64,
    #[schema(example = "finished")]
    pub status: String,
    pub result: ResultView,
    #[schema(value_type = Option<Object>)]
    pub clock: Option<serde_json::Value>,
}

/// The game was aborted before it counted.
#[derive(Serialize, ToSchema)]
pub struct GameAbortedEvent {
    pub version: i64,
    pub reason: String,
}

/// A change that carries only the game's new version (`cancelled`, `expired`).
#[derive(Serialize, ToSchema)]
pub struct GameVersionEvent {
    pub version: i64,
}

/// A message of `GET /v1/lobby/stream`, tagged by `type`.
#[derive(Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)] // a schema, never built
pub enum LobbyStreamEvent {
    Snapshot(LobbySnapshotEvent),
    Created(LobbyCreatedEvent),
    Joined(LobbyGoneEvent),
    Cancelled(LobbyGoneEvent),
    Expired(LobbyGoneEvent),
}

/// The open games as they are, first on every lobby stream.
#[derive(Serialize, ToSchema)]
pub struct LobbySnapshotEvent {
    pub games: Vec<GameView>,
}

/// A game now waits for a second player.
#[derive(Serialize, ToSchema)]
pub struct LobbyCreatedEvent {
    pub game: GameView,
}

/// A game left the lobby (joined, cancelled, expired).
#[derive(Serialize, ToSchema)]
pub struct LobbyGoneEvent {
    pub id: String,
}
