//! The messages of `GET /v1/me/stream`, tagged by `type` (in SSE also the
//! event name). Each carries a `cursor`, also its SSE `id`: a reconnection
//! that sends the last one back (`Last-Event-ID`, or `?since=`) is told
//! what it missed instead of a fresh `snapshot`.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::names::{tag, GameStatusName};
use super::stream_events::SnapshotTag;
use super::{ClockView, GameView, PlayerSummary, ResultView, SeatName};

tag!(
    GameStartedTag = "game_started",
    YourTurnTag = "your_turn",
    ChallengeTag = "challenge",
    ChallengeUpdateTag = "challenge_update",
    GameEndedTag = "game_ended",
    WebhookDisabledTag = "webhook_disabled",
);

/// A message of `GET /v1/me/stream`.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "type", mapping(
    ("snapshot" = "#/components/schemas/MeSnapshotEvent"),
    ("game_started" = "#/components/schemas/MeGameStartedEvent"),
    ("your_turn" = "#/components/schemas/MeYourTurnEvent"),
    ("challenge" = "#/components/schemas/MeChallengeEvent"),
    ("challenge_update" = "#/components/schemas/MeChallengeUpdateEvent"),
    ("game_ended" = "#/components/schemas/MeGameEndedEvent"),
    ("webhook_disabled" = "#/components/schemas/MeWebhookDisabledEvent"),
)))]
#[allow(clippy::large_enum_variant)] // built one at a time, sent at once
pub enum MeStreamEvent {
    Snapshot(MeSnapshotEvent),
    GameStarted(MeGameStartedEvent),
    YourTurn(MeYourTurnEvent),
    Challenge(MeChallengeEvent),
    ChallengeUpdate(MeChallengeUpdateEvent),
    GameEnded(MeGameEndedEvent),
    WebhookDisabled(MeWebhookDisabledEvent),
}

/// Where you stand, first on every stream (and again after it fell behind).
#[derive(Serialize, ToSchema)]
pub struct MeSnapshotEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = SnapshotTag::schema)]
    pub type_: SnapshotTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    /// The waiting and active games in which you sit, newest first.
    pub games: Vec<MeGameEntry>,
    /// The waiting games reserved for you by another player, newest first.
    pub challenges: Vec<GameView>,
    /// Whether older games were left out: `games` and `challenges` hold
    /// the newest 200 of them together. The others are still told of as
    /// they change; `GET /v1/players/{id}/games?status=active` (or
    /// `waiting`) pages through the games you sit in.
    pub truncated: bool,
}

/// One of your games, with whose turn it is.
#[derive(Serialize, ToSchema)]
pub struct MeGameEntry {
    /// Your seat.
    pub seat: SeatName,
    /// Whether it is your move (an active game whose side to move is yours).
    pub your_turn: bool,
    pub game: GameView,
}

/// A game in which you hold a seat became active.
#[derive(Serialize, ToSchema)]
pub struct MeGameStartedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = GameStartedTag::schema)]
    pub type_: GameStartedTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    pub game_id: String,
    /// The game's version after the change.
    pub version: i64,
    pub seat: SeatName,
    #[schema(required = true)]
    pub opponent: Option<PlayerSummary>,
    pub game: GameView,
}

/// The side to move of one of your games is yours.
#[derive(Serialize, ToSchema)]
pub struct MeYourTurnEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = YourTurnTag::schema)]
    pub type_: YourTurnTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    pub game_id: String,
    pub version: i64,
    /// The ply of the move you are to play.
    pub ply: u32,
    pub seat: SeatName,
    /// When your flag falls (`null` for an unlimited game).
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub clock: Option<ClockView>,
}

/// A game reserved for you was created: join it to play.
#[derive(Serialize, ToSchema)]
pub struct MeChallengeEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = ChallengeTag::schema)]
    pub type_: ChallengeTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    pub game_id: String,
    pub version: i64,
    #[schema(required = true)]
    pub from: Option<PlayerSummary>,
    pub game: GameView,
}

/// A challenge to you or from you was made, accepted, declined,
/// cancelled or expired; told to both sides.
#[derive(Serialize, ToSchema)]
pub struct MeChallengeUpdateEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = ChallengeUpdateTag::schema)]
    pub type_: ChallengeUpdateTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    pub game_id: String,
    pub version: i64,
    /// What happened: `created`, `accepted`, `declined`, `cancelled` or `expired`.
    #[schema(example = "declined")]
    pub change: &'static str,
    pub challenge: super::ChallengeView,
}

/// One of your games (or a challenge to you) is over.
#[derive(Serialize, ToSchema)]
pub struct MeGameEndedEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = GameEndedTag::schema)]
    pub type_: GameEndedTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    pub game_id: String,
    pub version: i64,
    #[schema(value_type = GameStatusName)]
    pub status: String,
    /// `null` when it ended without a result (cancelled, aborted, expired).
    #[schema(required = true)]
    pub result: Option<ResultView>,
}

/// One of your webhook endpoints was disabled: every delivery to it failed
/// for `--webhook-disable-after-hours`. Told as it happens (not replayed
/// on reconnection); `PATCH /v1/me/webhooks/{id}` with `enabled: true`
/// turns it back on.
#[derive(Serialize, ToSchema)]
pub struct MeWebhookDisabledEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = WebhookDisabledTag::schema)]
    pub type_: WebhookDisabledTag,
    /// Where the stream resumes after this message: send it back as
    /// `Last-Event-ID` (or `?since=`). Also the SSE `id`.
    #[schema(example = "1738312200123456")]
    pub cursor: String,
    pub webhook: DisabledWebhook,
}

/// The endpoint disabled.
#[derive(Serialize, ToSchema)]
pub struct DisabledWebhook {
    #[schema(example = "ep_V1StGXR8Z5jdHi6BmyTQx2")]
    pub id: String,
    pub url: String,
    /// Why it was disabled.
    pub disabled_reason: String,
    /// When.
    pub disabled_at: DateTime<Utc>,
}
