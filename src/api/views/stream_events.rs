//! The named schemas of the streams' messages, for the spec: the payloads
//! themselves are written by `api::streams::game_feed`, `api::streams::lobby_feed` and
//! `api::streams::tournament_feed` from the Games layer's events and the
//! tournaments' views (tests hold the two to the same fields).

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::names::{tag, AbortReasonName, GameStatusName};
use super::{
    ClockView, GameView, MoveView, PlayerSummary, ResultView, ScoresView, SeatName, StandingView,
    TournamentPlayer, TournamentView,
};

/// A message of `GET /v1/games/{id}/stream`, tagged by `type` (in SSE also
/// the event name; the SSE `id` is `version`).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "type", mapping(
    ("snapshot" = "#/components/schemas/GameSnapshotEvent"),
    ("joined" = "#/components/schemas/GameJoinedEvent"),
    ("move" = "#/components/schemas/GameMoveEvent"),
    ("ended" = "#/components/schemas/GameEndedEvent"),
    ("cancelled" = "#/components/schemas/GameCancelledEvent"),
    ("aborted" = "#/components/schemas/GameAbortedEvent"),
    ("expired" = "#/components/schemas/GameExpiredEvent"),
    ("declined" = "#/components/schemas/GameDeclinedEvent"),
    ("offer" = "#/components/schemas/GameOfferEvent"),
    ("taken_back" = "#/components/schemas/GameTakenBackEvent"),
)))]
#[allow(clippy::large_enum_variant)] // a schema, never built
pub enum GameStreamEvent {
    Snapshot(GameSnapshotEvent),
    Joined(GameJoinedEvent),
    Move(GameMoveEvent),
    Ended(GameEndedEvent),
    Cancelled(GameCancelledEvent),
    Aborted(GameAbortedEvent),
    Expired(GameExpiredEvent),
    Declined(GameDeclinedEvent),
    Offer(GameOfferEvent),
    TakenBack(GameTakenBackEvent),
}

tag!(
    SnapshotTag = "snapshot",
    JoinedTag = "joined",
    MoveTag = "move",
    EndedTag = "ended",
    CancelledTag = "cancelled",
    AbortedTag = "aborted",
    ExpiredTag = "expired",
    CreatedTag = "created",
    DeclinedTag = "declined",
    OfferTag = "offer",
    TakenBackTag = "taken_back",
    PairingTag = "pairing",
    GameEndedTag = "game_ended",
    StandingsTag = "standings",
    FinishedTag = "finished",
);

/// The player challenged declined: the game is cancelled.
#[derive(Serialize, ToSchema)]
pub struct GameDeclinedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = DeclinedTag::schema)]
    pub type_: DeclinedTag,
    pub version: i64,
    #[schema(value_type = super::names::DeclineReasonName)]
    pub reason: String,
}

/// A takeback or rematch offer was made, withdrawn, declined or accepted.
#[derive(Serialize, ToSchema)]
pub struct GameOfferEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = OfferTag::schema)]
    pub type_: OfferTag,
    pub version: i64,
    /// `takeback` or `rematch`.
    #[schema(example = "takeback")]
    pub offer: String,
    /// The seat that made the offer.
    pub by: SeatName,
    /// `offered`, `withdrawn`, `declined` or `accepted`.
    #[schema(example = "offered")]
    pub action: String,
    /// The game an accepted rematch made (`null` otherwise).
    #[schema(required = true)]
    pub game_id: Option<String>,
}

/// An accepted takeback: the last `plies` moves were undone.
#[derive(Serialize, ToSchema)]
pub struct GameTakenBackEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = TakenBackTag::schema)]
    pub type_: TakenBackTag,
    pub version: i64,
    /// How many moves were undone (1 or 2).
    pub plies: u32,
    /// The ply of the next move.
    pub ply: u32,
    pub to_move: SeatName,
    /// The position the game is back at.
    pub position: String,
    pub scores: ScoresView,
    /// The clock after it (`null` for an unlimited game).
    #[schema(value_type = Option<ClockView>, required = true)]
    pub clock: Option<serde_json::Value>,
    pub legal_moves: Vec<String>,
}

/// The game as it is, first on every stream that does not resume.
#[derive(Serialize, ToSchema)]
pub struct GameSnapshotEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = SnapshotTag::schema)]
    pub type_: SnapshotTag,
    pub version: i64,
    pub game: GameView,
}

/// The second seat was taken: the game is active.
#[derive(Serialize, ToSchema)]
pub struct GameJoinedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = JoinedTag::schema)]
    pub type_: JoinedTag,
    pub version: i64,
    pub seat: SeatName,
    pub player: PlayerSummary,
    #[schema(value_type = GameStatusName)]
    pub status: String,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    /// The clock after it (`null` for an unlimited game).
    #[schema(value_type = Option<ClockView>, required = true)]
    pub clock: Option<serde_json::Value>,
}

/// A move was played: the move view with its event trace, and the game after it.
#[derive(Serialize, ToSchema)]
pub struct GameMoveEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = MoveTag::schema)]
    pub type_: MoveTag,
    pub version: i64,
    #[serde(rename = "move")]
    pub played: MoveView,
    /// The ply of the next move.
    pub ply: u32,
    pub to_move: SeatName,
    pub scores: ScoresView,
    /// The clock after it (`null` for an unlimited game).
    #[schema(value_type = Option<ClockView>, required = true)]
    pub clock: Option<serde_json::Value>,
    /// The moves the side to move may play next (empty once over).
    pub legal_moves: Vec<String>,
}

/// The game ended (by its last move, a resignation, or the clock).
#[derive(Serialize, ToSchema)]
pub struct GameEndedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = EndedTag::schema)]
    pub type_: EndedTag,
    pub version: i64,
    #[schema(value_type = GameStatusName)]
    pub status: String,
    pub result: ResultView,
    /// The clock at the end (`null` for an unlimited game).
    #[schema(value_type = Option<ClockView>, required = true)]
    pub clock: Option<serde_json::Value>,
}

/// The game was aborted before it counted.
#[derive(Serialize, ToSchema)]
pub struct GameAbortedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = AbortedTag::schema)]
    pub type_: AbortedTag,
    pub version: i64,
    #[schema(value_type = AbortReasonName)]
    pub reason: String,
}

/// The creator cancelled the game before anyone joined.
#[derive(Serialize, ToSchema)]
pub struct GameCancelledEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = CancelledTag::schema)]
    pub type_: CancelledTag,
    pub version: i64,
}

/// Nobody joined in time.
#[derive(Serialize, ToSchema)]
pub struct GameExpiredEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = ExpiredTag::schema)]
    pub type_: ExpiredTag,
    pub version: i64,
}

/// A message of `GET /v1/lobby/stream`, tagged by `type`.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "type", mapping(
    ("snapshot" = "#/components/schemas/LobbySnapshotEvent"),
    ("created" = "#/components/schemas/LobbyCreatedEvent"),
    ("joined" = "#/components/schemas/LobbyJoinedEvent"),
    ("cancelled" = "#/components/schemas/LobbyCancelledEvent"),
    ("expired" = "#/components/schemas/LobbyExpiredEvent"),
)))]
#[allow(clippy::large_enum_variant)] // a schema, never built
pub enum LobbyStreamEvent {
    Snapshot(LobbySnapshotEvent),
    Created(LobbyCreatedEvent),
    Joined(LobbyJoinedEvent),
    Cancelled(LobbyCancelledEvent),
    Expired(LobbyExpiredEvent),
}

/// The open games as they are, first on every lobby stream.
#[derive(Serialize, ToSchema)]
pub struct LobbySnapshotEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = SnapshotTag::schema)]
    pub type_: SnapshotTag,
    pub games: Vec<GameView>,
}

/// A game now waits for a second player.
#[derive(Serialize, ToSchema)]
pub struct LobbyCreatedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = CreatedTag::schema)]
    pub type_: CreatedTag,
    pub game: GameView,
}

/// A game left the lobby: its second seat was taken.
#[derive(Serialize, ToSchema)]
pub struct LobbyJoinedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = JoinedTag::schema)]
    pub type_: JoinedTag,
    pub id: String,
}

/// A game left the lobby: its creator cancelled it.
#[derive(Serialize, ToSchema)]
pub struct LobbyCancelledEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = CancelledTag::schema)]
    pub type_: CancelledTag,
    pub id: String,
}

/// A game left the lobby: nobody joined in time.
#[derive(Serialize, ToSchema)]
pub struct LobbyExpiredEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = ExpiredTag::schema)]
    pub type_: ExpiredTag,
    pub id: String,
}

/// A message of `GET /v1/tournaments/{id}/stream`, tagged by `type` (in
/// SSE also the event name; the SSE `id` is `version`).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "type", mapping(
    ("snapshot" = "#/components/schemas/TournamentSnapshotEvent"),
    ("pairing" = "#/components/schemas/TournamentPairingEvent"),
    ("game_ended" = "#/components/schemas/TournamentGameEndedEvent"),
    ("standings" = "#/components/schemas/TournamentStandingsEvent"),
    ("finished" = "#/components/schemas/TournamentFinishedEvent"),
)))]
#[allow(clippy::large_enum_variant)] // a schema, never built
pub enum TournamentStreamEvent {
    Snapshot(TournamentSnapshotEvent),
    Pairing(TournamentPairingEvent),
    GameEnded(TournamentGameEndedEvent),
    Standings(TournamentStandingsEvent),
    Finished(TournamentFinishedEvent),
}

/// The tournament as it is (`GET /v1/tournaments/{id}`): first on every
/// stream, and again after a change no other message tells (players
/// entering, leaving or withdrawing).
#[derive(Serialize, ToSchema)]
pub struct TournamentSnapshotEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = SnapshotTag::schema)]
    pub type_: SnapshotTag,
    /// The tournament's changes so far: each board paired, each result,
    /// its end.
    pub version: i64,
    pub tournament: TournamentView,
}

/// A board was paired: a game created (active), a bye, or a game
/// forfeited by a withdrawn player (decided at once).
#[derive(Serialize, ToSchema)]
pub struct TournamentPairingEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = PairingTag::schema)]
    pub type_: PairingTag,
    /// One more than the message before.
    pub version: i64,
    pub round: u32,
    pub board: u32,
    pub south: TournamentPlayer,
    /// `null`: a bye.
    #[schema(required = true)]
    pub north: Option<TournamentPlayer>,
    /// `null`: a bye, or a forfeit.
    #[schema(required = true)]
    pub game_id: Option<String>,
    /// `null` until decided.
    #[schema(required = true)]
    pub south_points: Option<f64>,
    #[schema(required = true)]
    pub north_points: Option<f64>,
}

/// A board's game ended: its result is recorded.
#[derive(Serialize, ToSchema)]
pub struct TournamentGameEndedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = GameEndedTag::schema)]
    pub type_: GameEndedTag,
    /// One more than the message before.
    pub version: i64,
    pub round: u32,
    pub board: u32,
    pub south: TournamentPlayer,
    pub north: TournamentPlayer,
    pub game_id: String,
    /// `south_won`, `north_won` or `draw` (an aborted game is lost by the
    /// side that was to move).
    #[schema(example = "south_won")]
    pub result: String,
    pub south_points: f64,
    pub north_points: f64,
}

/// The standings after the results before, or as it starts.
#[derive(Serialize, ToSchema)]
pub struct TournamentStandingsEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = StandingsTag::schema)]
    pub type_: StandingsTag,
    /// The version of the message before (or of the snapshot).
    pub version: i64,
    /// `running`.
    pub status: String,
    /// The round paired last.
    pub round: u32,
    /// A Swiss's rounds; a round-robin's once it started.
    #[schema(required = true)]
    pub rounds: Option<u32>,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    /// Best first.
    pub standings: Vec<StandingView>,
}

/// The tournament finished (or was cancelled): the final standings. The
/// stream's last message.
#[derive(Serialize, ToSchema)]
pub struct TournamentFinishedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = FinishedTag::schema)]
    pub type_: FinishedTag,
    /// One more than the message before.
    pub version: i64,
    /// `finished` or `cancelled`.
    pub status: String,
    pub round: u32,
    #[schema(required = true)]
    pub rounds: Option<u32>,
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    /// Best first.
    pub standings: Vec<StandingView>,
}
