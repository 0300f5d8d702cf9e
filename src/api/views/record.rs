use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::names::GameStatusName;
use super::{
    PlayerSummary, ResultView, RulesInput, RulesView, ScoresView, SeatName, SeatPlayers,
    TimeControlView,
};
use crate::engine::{EndReason, Seat};
use crate::record::{Record, RecordError, RecordMove, StatedResult, UNKNOWN_NAME};

/// A game record as `GET /v1/games/{id}/export` gives it: every field is
/// there (`null` where the game has no value). `POST /v1/games/import`
/// takes it back as a `GameRecordInput`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameRecord {
    /// The game's id here.
    pub id: String,
    /// The game's status here.
    #[schema(value_type = GameStatusName)]
    pub status: String,
    /// The ruleset, every parameter given (`preset: null` for a custom mix).
    pub rules: RulesView,
    /// The seats' players.
    pub players: SeatPlayers,
    /// The position before the first move (RULES.md notation).
    #[schema(required = true, example = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1")]
    pub start_position: Option<String>,
    /// Who moved first.
    #[schema(required = true)]
    pub first: Option<SeatName>,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    /// The time control, as `POST /v1/games` takes it; `null` for an
    /// unlimited game.
    #[schema(required = true)]
    pub clock: Option<TimeControlView>,
    pub moves: Vec<RecordMoveView>,
    /// How the game ended; `null` if it did not.
    #[schema(required = true)]
    pub result: Option<ResultView>,
}

/// One move of an exported record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RecordMoveView {
    #[schema(required = true)]
    pub ply: Option<u32>,
    #[schema(required = true)]
    pub seat: Option<SeatName>,
    #[schema(example = "3R")]
    pub notation: String,
    #[schema(required = true)]
    pub position_after: Option<String>,
    #[schema(required = true)]
    pub played_at: Option<DateTime<Utc>>,
    /// How long the mover thought (timed games; `null` otherwise).
    #[schema(required = true, minimum = 0, example = 4250)]
    pub think_ms: Option<i64>,
    /// The mover's time left after the move and its increment (timed
    /// games; `null` otherwise).
    #[schema(required = true, minimum = 0, example = 301750)]
    pub clock_ms: Option<i64>,
}

/// A game record to import (`POST /v1/games/import`): an exported
/// `GameRecord` reads as one. Only `moves[].notation` is required;
/// everything else given is checked against the replay.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRecordInput {
    /// Ignored (the import gets a new id).
    #[serde(default)]
    pub id: Option<String>,
    /// Ignored: the import decides it: an import that reaches an end is
    /// `finished`, any other `archived`.
    #[serde(default)]
    pub status: Option<String>,
    /// The ruleset. Default: classic.
    #[serde(default)]
    pub rules: RulesInput,
    /// The seats' names. Player ids are ignored: an imported game names
    /// its players but links to no account.
    #[serde(default)]
    pub players: SeatPlayersInput,
    /// The position before the first move (RULES.md notation). Default:
    /// the standard start with `first` to move.
    #[serde(default)]
    #[schema(example = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1")]
    pub start_position: Option<String>,
    /// Who moved first (default `south`); must agree with `start_position`.
    #[serde(default)]
    pub first: Option<SeatName>,
    #[serde(default)]
    pub started_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub finished_at: Option<DateTime<Utc>>,
    /// The time control, as `POST /v1/games` takes it; `null` for an
    /// unlimited game. It is checked against the moves' clocks.
    #[serde(default)]
    pub clock: Option<TimeControlView>,
    #[serde(default)]
    pub moves: Vec<RecordMoveInput>,
    /// How the game ended; `null` if it did not (or the record does not
    /// say). It is checked against the moves; a decisive result whose
    /// moves do not end the game is a resignation after the last move.
    #[serde(default)]
    pub result: Option<ResultView>,
}

/// The seats of a record to import; `null` for a seat it does not name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatPlayersInput {
    #[serde(default)]
    pub south: Option<PlayerNameInput>,
    #[serde(default)]
    pub north: Option<PlayerNameInput>,
}

/// A player of a record to import: the name counts; `id` and `bot` (as an
/// export writes them) are ignored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerNameInput {
    #[serde(default)]
    pub id: Option<String>,
    pub name: String,
    #[serde(default)]
    pub bot: Option<bool>,
}

/// One move of a record to import: only `notation` is required.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordMoveInput {
    #[serde(default)]
    pub ply: Option<u32>,
    #[serde(default)]
    pub seat: Option<SeatName>,
    #[schema(example = "3R")]
    pub notation: String,
    #[serde(default)]
    pub position_after: Option<String>,
    #[serde(default)]
    pub played_at: Option<DateTime<Utc>>,
    /// How long the mover thought (timed games).
    #[serde(default)]
    #[schema(minimum = 0, example = 4250)]
    pub think_ms: Option<i64>,
    /// The mover's time left after the move and its increment (timed games).
    #[serde(default)]
    #[schema(minimum = 0, example = 301750)]
    pub clock_ms: Option<i64>,
}

fn result_view(result: &StatedResult) -> Option<ResultView> {
    let (Some(winner), Some(reason), Some(scores)) = (result.winner, result.reason, result.scores)
    else {
        return None;
    };
    Some(ResultView {
        winner: winner.map_or("draw", Seat::name).to_owned(),
        reason: reason.name().to_owned(),
        scores: scores.into(),
    })
}

fn stated_result(view: &ResultView) -> Result<StatedResult, RecordError> {
    let winner = match view.winner.as_str() {
        "south" => Some(Seat::South),
        "north" => Some(Seat::North),
        "draw" => None,
        other => {
            return Err(RecordError::Invalid(format!(
                "result.winner: {other:?} is not south, north or draw"
            )))
        }
    };
    let reason = EndReason::from_name(&view.reason).ok_or_else(|| {
        RecordError::Invalid(format!(
            "result.reason: {:?} is not mandarins_captured, max_plies, forfeit, resignation or timeout",
            view.reason
        ))
    })?;
    let ScoresView { south, north } = view.scores;
    Ok(StatedResult {
        winner: Some(winner),
        reason: Some(reason),
        scores: Some([south, north]),
    })
}

impl GameRecord {
    /// The JSON form of `record`, with the game's id and status here.
    pub fn of(record: &Record, id: String, status: String) -> GameRecord {
        let player = |seat: Seat| {
            record.names[seat.index()]
                .as_ref()
                .map(|name| PlayerSummary {
                    id: record.player_ids[seat.index()].clone(),
                    name: name.clone(),
                    bot: false,
                })
        };
        GameRecord {
            id,
            status,
            rules: RulesView::from(&record.rules),
            players: SeatPlayers {
                south: player(Seat::South),
                north: player(Seat::North),
            },
            start_position: record.start_position.clone(),
            first: record.first.map(SeatName::from),
            started_at: record.started_at,
            finished_at: record.finished_at,
            clock: record.time_control.map(TimeControlView::from),
            moves: record
                .moves
                .iter()
                .map(|m| RecordMoveView {
                    ply: m.ply,
                    seat: m.seat.map(SeatName::from),
                    notation: m.notation.clone(),
                    position_after: m.position_after.clone(),
                    played_at: m.played_at,
                    think_ms: m.think_ms,
                    clock_ms: m.clock_ms,
                })
                .collect(),
            result: result_view(&record.result),
        }
    }
}

impl GameRecordInput {
    /// What the record says, its values checked (its moves are not yet).
    pub fn to_record(&self) -> Result<Record, RecordError> {
        let rules = self
            .rules
            .resolve()
            .map_err(|e| RecordError::Invalid(format!("rules.{e}")))?;
        let name = |player: &Option<PlayerNameInput>| {
            player
                .as_ref()
                .map(|p| p.name.clone())
                .filter(|n| n != UNKNOWN_NAME)
        };
        Ok(Record {
            rules,
            names: [name(&self.players.south), name(&self.players.north)],
            player_ids: [None, None],
            start_position: self.start_position.clone(),
            first: self.first.map(Seat::from),
            started_at: self.started_at,
            finished_at: self.finished_at,
            time_control: self.clock.map(Into::into),
            moves: self
                .moves
                .iter()
                .map(|m| RecordMove {
                    notation: m.notation.clone(),
                    ply: m.ply,
                    seat: m.seat.map(Seat::from),
                    position_after: m.position_after.clone(),
                    played_at: m.played_at,
                    think_ms: m.think_ms,
                    clock_ms: m.clock_ms,
                })
                .collect(),
            result: self
                .result
                .as_ref()
                .map(stated_result)
                .transpose()?
                .unwrap_or_default(),
        })
    }
}
