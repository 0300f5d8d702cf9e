use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::events::winner_name;
use super::names::{AbortReasonName, EndReasonName, GameStatusName, UnratedReasonName, WinnerName};
use super::{ClockView, EventView, PositionView, RulesView, ScoresView, SeatName, TimeControlView};
use crate::domain::GameStatus;
use crate::domain::PlayerRef;
use crate::engine::{Event, Outcome, Position, Seat};
use crate::games::Game;
use crate::games::{clock, PlayedMove};
use crate::store::MoveRecord;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlayerSummary {
    /// The player's id; `null` for a name from an imported record, which
    /// is linked to no account.
    #[schema(required = true)]
    pub id: Option<String>,
    pub name: String,
    /// Whether the player is a bot: one of the built-in bots (`GET /v1/bots`)
    /// or a bot account (an outside engine).
    pub bot: bool,
}

impl From<&PlayerRef> for PlayerSummary {
    fn from(player: &PlayerRef) -> Self {
        PlayerSummary {
            id: Some(player.id.to_string()),
            name: player.name.clone(),
            bot: player.plays_as_bot(),
        }
    }
}

/// Who sits where; `null` for an open seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct SeatPlayers {
    #[schema(required = true)]
    pub south: Option<PlayerSummary>,
    #[schema(required = true)]
    pub north: Option<PlayerSummary>,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"winner": "north", "reason": "mandarins_captured", "scores": {"south": 33, "north": 37}}))]
pub struct ResultView {
    #[schema(value_type = WinnerName)]
    pub winner: String,
    #[schema(value_type = EndReasonName)]
    pub reason: String,
    pub scores: ScoresView,
}

impl From<&Outcome> for ResultView {
    fn from(outcome: &Outcome) -> Self {
        ResultView {
            winner: winner_name(outcome.winner),
            reason: outcome.reason.name().to_owned(),
            scores: outcome.scores.into(),
        }
    }
}

/// A game: its rules, seats, current position and result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameView {
    #[schema(example = "Gm4x9QzLp2")]
    pub id: String,
    /// `waiting` (a seat is open), `active`, `finished`, `cancelled`,
    /// `archived` (an imported, unfinished record), `aborted` (ended before
    /// each side made two moves; never rated) or `expired` (nobody joined).
    #[schema(value_type = GameStatusName)]
    pub status: String,
    pub rules: RulesView,
    pub rated: bool,
    pub players: SeatPlayers,
    /// The player the open seat is kept for, if any.
    #[schema(required = true)]
    pub reserved_for: Option<PlayerSummary>,
    pub created_by: String,
    /// The seat that moved (or moves) first.
    pub first: SeatName,
    /// Whether the game started from a custom position.
    pub custom_start: bool,
    /// The position before the first move.
    pub start_position: String,
    /// The current position, spelled out. `legal_moves` is empty unless the game is active.
    #[serde(flatten)]
    pub current: PositionView,
    /// The number of moves played so far.
    pub moves_played: u32,
    /// Set once the game is finished.
    #[schema(required = true)]
    pub result: Option<ResultView>,
    /// Bumped by every change; the `ETag` is this number in quotes.
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    /// Whether the game came from `POST /v1/games/import`: its players are
    /// the names the record gives, and it is never rated.
    pub imported: bool,
    /// `null`: unlimited.
    #[schema(required = true)]
    pub time_control: Option<TimeControlView>,
    /// `null` for an unlimited game.
    #[schema(required = true)]
    pub clock: Option<ClockView>,
    /// When a `waiting` game expires if nobody joins.
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    /// Why an `aborted` game was aborted: `requested`, `no_first_move`,
    /// `timeout` or `resignation` (what ended it before each side made two
    /// moves).
    #[schema(required = true, value_type = Option<AbortReasonName>)]
    pub abort_reason: Option<String>,
    /// Why a game asked for as rated is not (`rated` is false):
    /// `custom_position` or `custom_rules` (only games of a preset from its
    /// start position are rated), `pair_limit` (the pair's rated games in
    /// 24 hours are used up), `bot` (games against the built-in bots are
    /// never rated), `aborted`, or `too_short` (it ended over the board
    /// before each side made two moves).
    #[schema(required = true, value_type = Option<UnratedReasonName>)]
    pub unrated_reason: Option<String>,
    /// The offers that stand between the players.
    pub offers: OffersView,
    /// The game a rematch of this one made, once accepted.
    #[schema(required = true)]
    pub rematch_id: Option<String>,
}

/// The seat whose offer stands, for each kind; `null`: none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct OffersView {
    /// A takeback (casual games): it lapses when a move is played.
    #[schema(required = true)]
    pub takeback: Option<SeatName>,
    /// A rematch (a game that is over).
    #[schema(required = true)]
    pub rematch: Option<SeatName>,
}

impl SeatPlayers {
    /// The game's seats: its players, or the names an imported record gives.
    pub fn of(game: &Game) -> SeatPlayers {
        let seat = |seat: Seat| match &game.recorded_names {
            Some(names) => Some(PlayerSummary {
                id: None,
                name: names[seat.index()].clone(),
                bot: false,
            }),
            None => game.player(seat).map(PlayerSummary::from),
        };
        SeatPlayers {
            south: seat(Seat::South),
            north: seat(Seat::North),
        }
    }
}

impl SeatPlayers {
    /// Marks the seats a bot of `game` holds (a record's players say
    /// nothing of it by themselves).
    pub fn mark_bots(&mut self, game: &Game) {
        for (summary, player) in [
            (&mut self.south, &game.south),
            (&mut self.north, &game.north),
        ] {
            if let (Some(summary), Some(player)) = (summary, player) {
                summary.bot = player.plays_as_bot();
            }
        }
    }
}

impl GameView {
    pub fn of(game: &Game, position: &Position) -> GameView {
        let mut current = PositionView::of(position);
        if game.status != GameStatus::Active {
            current.legal_moves.clear();
        }
        GameView {
            id: game.id.to_string(),
            status: game.status.as_str().to_owned(),
            rules: RulesView::from(&game.rules),
            rated: game.rated,
            players: SeatPlayers::of(game),
            reserved_for: game.reserved_for.as_ref().map(PlayerSummary::from),
            created_by: game.created_by.to_string(),
            first: game.first.into(),
            custom_start: game.custom_start,
            start_position: game.start_position.clone(),
            current,
            moves_played: position.ply().saturating_sub(game.start_ply()),
            result: game.result.as_ref().map(ResultView::from),
            version: game.version,
            created_at: game.created_at,
            updated_at: game.updated_at,
            started_at: game.started_at,
            finished_at: game.finished_at,
            imported: game.recorded_names.is_some(),
            time_control: game.timing.control.map(TimeControlView::from),
            clock: clock::state(game).map(ClockView::from),
            expires_at: game.timing.expires_at,
            abort_reason: game.abort_reason.clone(),
            unrated_reason: game.unrated_reason.clone(),
            offers: OffersView {
                takeback: game.takeback_offer().map(SeatName::from),
                rematch: game
                    .offers
                    .rematch
                    .filter(|_| game.offers.rematch_id.is_none())
                    .map(SeatName::from),
            },
            rematch_id: game.offers.rematch_id.as_ref().map(|id| id.to_string()),
        }
    }
}

/// One move as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct MoveView {
    /// The move's number (the ply of the position it was played in).
    pub ply: u32,
    pub seat: SeatName,
    #[schema(example = "3R")]
    pub notation: String,
    /// What the move did, step by step, then the turn change.
    pub events: Vec<EventView>,
    /// The position after the move (and its turn change).
    pub position_after: String,
    /// `null` only for a move of an imported record that gave no times.
    #[schema(required = true)]
    pub played_at: Option<DateTime<Utc>>,
    /// How long the mover thought, on the server's clock: from the commit
    /// that gave them the turn to the move's. `null` for an unlimited game
    /// (and an imported move whose record gave none).
    #[schema(required = true, minimum = 0, example = 4250)]
    pub think_ms: Option<i64>,
    /// The mover's time left after the move, its increment included; `null`
    /// as `think_ms` is.
    #[schema(required = true, minimum = 0, example = 301750)]
    pub clock_ms: Option<i64>,
}

impl MoveView {
    /// A stored move, with the trace its replay gives.
    pub fn of_record(record: MoveRecord, events: &[Event]) -> MoveView {
        MoveView {
            ply: record.ply,
            seat: record.seat.into(),
            notation: record.notation,
            events: EventView::all(events),
            position_after: record.position_after,
            played_at: record.played_at,
            think_ms: record.think_ms,
            clock_ms: record.clock_ms,
        }
    }

    /// A move just played.
    pub fn of_played(played: &PlayedMove) -> MoveView {
        MoveView {
            ply: played.ply,
            seat: played.seat.into(),
            notation: played.notation.clone(),
            events: EventView::all(&played.trace),
            position_after: played.position_after.clone(),
            played_at: Some(played.played_at),
            think_ms: played.think_ms,
            clock_ms: played.clock_ms,
        }
    }
}
