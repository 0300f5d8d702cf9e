//! A challenge as the API shows it: a game created for a named person,
//! seen from either side.

use serde::Serialize;
use utoipa::ToSchema;

use super::names::{ChallengeStatusName, DeclineReasonName};
use super::{GameView, PlayerSummary};
use crate::domain::{GameStatus, PlayerId};
use crate::engine::Position;
use crate::games::Game;

/// A challenge: the game made for the player challenged, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ChallengeView {
    /// The challenge's id, which is its game's id.
    #[schema(example = "Gm4x9QzLp2")]
    pub id: String,
    #[schema(value_type = ChallengeStatusName)]
    pub status: &'static str,
    /// `in`: a challenge to you; `out`: one you made.
    #[schema(example = "in")]
    pub direction: &'static str,
    pub challenger: PlayerSummary,
    pub challenged: PlayerSummary,
    /// Why it was declined (`declined` only).
    #[schema(required = true, value_type = Option<DeclineReasonName>)]
    pub decline_reason: Option<String>,
    pub game: GameView,
}

/// Where a challenge's game says it stands.
pub fn challenge_status(game: &Game) -> &'static str {
    match game.status {
        GameStatus::Waiting => "pending",
        GameStatus::Cancelled if game.decline_reason.is_some() => "declined",
        GameStatus::Cancelled => "cancelled",
        GameStatus::Expired if game.started_at.is_none() => "expired",
        _ => "accepted",
    }
}

impl ChallengeView {
    /// The challenge `game` is, as `viewer` sees it; `None` for a game
    /// that is no challenge.
    pub fn of(game: &Game, position: &Position, viewer: &PlayerId) -> Option<ChallengeView> {
        let incoming = game.challenge_to.as_ref() == Some(viewer);
        ChallengeView::seen(game, position, incoming)
    }

    /// The challenge `game` is, seen by the player challenged (`incoming`)
    /// or by the challenger.
    pub fn seen(game: &Game, position: &Position, incoming: bool) -> Option<ChallengeView> {
        let challenged_id = game.challenge_to.as_ref()?;
        let seated = |id: &PlayerId| {
            [&game.south, &game.north, &game.reserved_for]
                .into_iter()
                .flatten()
                .find(|p| &p.id == id)
                .map(PlayerSummary::from)
        };
        Some(ChallengeView {
            id: game.id.to_string(),
            status: challenge_status(game),
            direction: if incoming { "in" } else { "out" },
            challenger: seated(&game.created_by)?,
            challenged: seated(challenged_id)?,
            decline_reason: game.decline_reason.clone(),
            game: GameView::of(game, position),
        })
    }
}

/// The open challenges to you and from you.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ChallengeList {
    /// The pending challenges to you, newest first.
    #[serde(rename = "in")]
    pub incoming: Vec<ChallengeView>,
    /// The pending challenges you made, newest first.
    #[serde(rename = "out")]
    pub outgoing: Vec<ChallengeView>,
    /// Whether older ones were left out (the lists hold the newest 200 together).
    pub truncated: bool,
}
