//! The events a webhook tells of, and their payloads: the Standard
//! Webhooks body `{type, timestamp, data}`, `data` one of the named
//! schemas below (the OpenAPI document's `webhooks` section shows each).

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::GameStatus;
use crate::engine::Seat;
use crate::games::{Game, GameEvent, PlayerRef, Transition};

/// The kinds of event, as named in a body's `type` and in an endpoint's
/// `events`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventType {
    GameStarted,
    GameMove,
    GameEnded,
    GameAborted,
    ChallengeCreated,
    Ping,
}

impl EventType {
    /// The kinds an endpoint may subscribe to (a ping is sent when asked).
    pub const SUBSCRIBABLE: [EventType; 5] = [
        EventType::GameStarted,
        EventType::GameMove,
        EventType::GameEnded,
        EventType::GameAborted,
        EventType::ChallengeCreated,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventType::GameStarted => "game.started",
            EventType::GameMove => "game.move",
            EventType::GameEnded => "game.ended",
            EventType::GameAborted => "game.aborted",
            EventType::ChallengeCreated => "challenge.created",
            EventType::Ping => "ping",
        }
    }

    pub fn parse(name: &str) -> Option<EventType> {
        EventType::SUBSCRIBABLE
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }
}

/// A player as an event names them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WebhookPlayer {
    pub id: String,
    pub name: String,
    pub bot: bool,
}

impl From<&PlayerRef> for WebhookPlayer {
    fn from(player: &PlayerRef) -> Self {
        WebhookPlayer {
            id: player.id.to_string(),
            name: player.name.clone(),
            bot: player.is_bot(),
        }
    }
}

/// `game.started`: both seats are taken, the game is under way.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameStartedData {
    pub game_id: String,
    /// The game's version after the event: order a game's events by it.
    pub version: i64,
    pub rated: bool,
    pub south: Option<WebhookPlayer>,
    pub north: Option<WebhookPlayer>,
    /// `south` or `north`: the side to move first.
    pub to_move: String,
    pub started_at: Option<DateTime<Utc>>,
}

/// `game.move`: a move was played.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameMoveData {
    pub game_id: String,
    pub version: i64,
    /// The move's ply: 1 for the first move, as in the move list.
    pub ply: u32,
    /// `south` or `north`: who played it.
    pub seat: String,
    /// The move, e.g. `3R`.
    pub notation: String,
    /// The position after the move.
    pub position: String,
    /// `south` or `north`: the side to move next.
    pub to_move: String,
    pub played_at: DateTime<Utc>,
}

/// The scores at the end of a game.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WebhookScores {
    pub south: i32,
    pub north: i32,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WebhookResult {
    /// `south`, `north` or `draw`.
    pub winner: String,
    /// Why it ended, e.g. `mandarins_captured`, `resignation`, `timeout`.
    pub reason: String,
    pub scores: WebhookScores,
}

/// `game.ended`: the game is over, with its result.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameEndedData {
    pub game_id: String,
    pub version: i64,
    /// The game's status now (`finished`).
    pub status: String,
    pub result: WebhookResult,
}

/// `game.aborted`: the game was aborted before it counted.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameAbortedData {
    pub game_id: String,
    pub version: i64,
    pub reason: String,
}

/// `challenge.created`: a game offered to one player by another.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ChallengeCreatedData {
    pub game_id: String,
    pub version: i64,
    pub rated: bool,
    /// The player who challenged.
    pub challenger: Option<WebhookPlayer>,
    /// The id of the player challenged.
    pub challenged_id: String,
}

/// `ping`: sent on `POST /v1/me/webhooks/{id}/ping`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PingData {
    pub endpoint_id: String,
}

/// A delivery's body.
#[derive(Clone, Debug, Serialize)]
pub struct Body<T: Serialize> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// When the event happened (RFC 3339).
    pub timestamp: String,
    pub data: T,
}

/// The JSON body of an event of `kind` at `at`.
pub fn body<T: Serialize>(kind: EventType, at: DateTime<Utc>, data: T) -> String {
    serde_json::to_string(&Body {
        kind: kind.as_str(),
        timestamp: at.to_rfc3339_opts(SecondsFormat::Micros, true),
        data,
    })
    .expect("a payload serializes")
}

/// An event of a transition, for its players' endpoints.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub kind: EventType,
    pub body: String,
}

/// The webhook events a transition makes, in its order, stamped `at`.
pub fn of_transition(transition: &Transition, at: DateTime<Utc>) -> Vec<Outgoing> {
    let game = &transition.game;
    let id = game.id.to_string();
    let out = |kind: EventType, body: String| Outgoing { kind, body };
    transition
        .events
        .iter()
        .filter_map(|event| match event {
            GameEvent::Created { version } => {
                let challenged = game.challenge_to.as_ref()?;
                let data = ChallengeCreatedData {
                    game_id: id.clone(),
                    version: *version,
                    rated: game.rated,
                    challenger: seated(game, &game.created_by),
                    challenged_id: challenged.to_string(),
                };
                Some(out(
                    EventType::ChallengeCreated,
                    body(EventType::ChallengeCreated, at, data),
                ))
            }
            GameEvent::Joined {
                version, status, ..
            } if *status == GameStatus::Active => {
                let data = GameStartedData {
                    game_id: id.clone(),
                    version: *version,
                    rated: game.rated,
                    south: game.south.as_ref().map(WebhookPlayer::from),
                    north: game.north.as_ref().map(WebhookPlayer::from),
                    to_move: game.first.name().to_owned(),
                    started_at: game.started_at,
                };
                Some(out(
                    EventType::GameStarted,
                    body(EventType::GameStarted, at, data),
                ))
            }
            GameEvent::Move {
                version,
                played,
                to_move,
                ..
            } => {
                let data = GameMoveData {
                    game_id: id.clone(),
                    version: *version,
                    ply: played.ply,
                    seat: played.seat.name().to_owned(),
                    notation: played.notation.clone(),
                    position: played.position_after.clone(),
                    to_move: to_move.name().to_owned(),
                    played_at: played.played_at,
                };
                Some(out(
                    EventType::GameMove,
                    body(EventType::GameMove, at, data),
                ))
            }
            GameEvent::Ended {
                version,
                status,
                result,
                ..
            } => {
                let data = GameEndedData {
                    game_id: id.clone(),
                    version: *version,
                    status: status.as_str().to_owned(),
                    result: WebhookResult {
                        winner: result.winner.map_or("draw", Seat::name).to_owned(),
                        reason: result.reason.name().to_owned(),
                        scores: WebhookScores {
                            south: result.scores[0],
                            north: result.scores[1],
                        },
                    },
                };
                Some(out(
                    EventType::GameEnded,
                    body(EventType::GameEnded, at, data),
                ))
            }
            GameEvent::Aborted { version, reason } => {
                let data = GameAbortedData {
                    game_id: id.clone(),
                    version: *version,
                    reason: reason.clone(),
                };
                Some(out(
                    EventType::GameAborted,
                    body(EventType::GameAborted, at, data),
                ))
            }
            _ => None,
        })
        .collect()
}

/// Whether a transition makes any webhook event (without rendering it).
pub fn makes_events(transition: &Transition) -> bool {
    let game = &transition.game;
    transition.events.iter().any(|event| match event {
        GameEvent::Created { .. } => game.challenge_to.is_some(),
        GameEvent::Joined { status, .. } => *status == GameStatus::Active,
        GameEvent::Move { .. } | GameEvent::Ended { .. } | GameEvent::Aborted { .. } => true,
        _ => false,
    })
}

/// Whether a transition's only event is a move (what a move that does not
/// end its game makes).
pub fn only_a_move(transition: &Transition) -> bool {
    matches!(transition.events.as_slice(), [GameEvent::Move { .. }])
}

/// The player of `game` with id `id`, as seated.
fn seated(game: &Game, id: &crate::domain::PlayerId) -> Option<WebhookPlayer> {
    [&game.south, &game.north]
        .into_iter()
        .flatten()
        .find(|player| &player.id == id)
        .map(WebhookPlayer::from)
}

/// The players a transition's events go to: the seated and the
/// challenged.
pub fn players_of(game: &Game) -> Vec<String> {
    let mut players: Vec<String> = [&game.south, &game.north]
        .into_iter()
        .flatten()
        .map(|player| player.id.to_string())
        .collect();
    if let Some(challenged) = &game.challenge_to {
        let challenged = challenged.to_string();
        if !players.contains(&challenged) {
            players.push(challenged);
        }
    }
    players
}
