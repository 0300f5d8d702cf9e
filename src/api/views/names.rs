//! Named schemas for the closed sets of names that the API writes as plain
//! strings (a game's status, a winner, why a game or a move ended, a problem
//! code). Each lists its values from the type that defines them, so the
//! spec cannot drift from the code; the fields stay `String`s on the wire.

use std::borrow::Cow;

use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::api::problems::ProblemCode;
use crate::domain::GameStatus;
use crate::engine::{EndReason, Protection, TurnEndReason};

/// A string schema whose value is one of `values`.
pub fn string_enum<I, S>(description: &str, values: I) -> Object
where
    I: IntoIterator<Item = S>,
    S: Into<serde_json::Value>,
{
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(values))
        .build()
}

/// A string schema that has exactly one value: the `type` of a tagged
/// message (`const`, which utoipa's model has no field for).
pub fn string_const(value: &str) -> Object {
    let mut object = ObjectBuilder::new().schema_type(Type::String).build();
    object.extensions = Some(utoipa::openapi::extensions::Extensions::from_iter([(
        "const",
        serde_json::Value::from(value),
    )]));
    object
}

macro_rules! name_schema {
    ($(#[$doc:meta])* $name:ident as $schema:literal, $description:literal, $values:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                string_enum($description, $values).into()
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($schema)
            }
        }
    };
}

/// Every reason a move can stop, as `TurnEndReason::name` spells it.
pub const TURN_END_REASONS: [TurnEndReason; 6] = [
    TurnEndReason::MandarinSquareAhead,
    TurnEndReason::TwoEmptySquares,
    TurnEndReason::ProtectedMandarin(Protection::FirstMove),
    TurnEndReason::ProtectedMandarin(Protection::YoungMandarin),
    TurnEndReason::ChainEnded,
    TurnEndReason::RelayCycle,
];

name_schema!(
    /// Schema only: a game's status.
    GameStatusName as "GameStatus",
    "Where a game is in its life: `waiting` (a seat is open), `active`, `finished`, \
     `cancelled`, `archived` (an imported, unfinished record), `aborted` (ended before each \
     side made two moves; never rated) or `expired` (nobody joined).",
    GameStatus::ALL.map(GameStatus::as_str)
);

name_schema!(
    /// Schema only: who won.
    WinnerName as "Winner",
    "The winning seat, or `draw`.",
    ["south", "north", "draw"]
);

name_schema!(
    /// Schema only: why a game ended.
    EndReasonName as "EndReason",
    "Why a game ended: both mandarins captured, the ply limit, a forfeit (no stones to \
     refill with), a resignation or the clock.",
    EndReason::ALL.map(EndReason::name)
);

name_schema!(
    /// Schema only: why a move stopped.
    TurnEndReasonName as "TurnEndReason",
    "Why a move stopped (RULES.md §3.4–3.5).",
    TURN_END_REASONS.map(TurnEndReason::name)
);

name_schema!(
    /// Schema only: a problem's stable code.
    ProblemCodeName as "ProblemCode",
    "A problem's stable machine-readable code: the whole catalogue (`GET /problems/{code}` \
     describes each).",
    ProblemCode::ALL.iter().map(|code| code.as_str())
);

name_schema!(
    /// Schema only: why a game asked for as rated is not (the Games layer's
    /// `unrated_reason` values).
    UnratedReasonName as "UnratedReason",
    "Why a game asked for as rated is not: `custom_position` or `custom_rules` (only games of \
     a preset from its start position are rated), `pair_limit` (the pair's rated games in 24 \
     hours are used up), `bot` (games against the built-in bots are never rated), `aborted`, \
     or `too_short` (it ended over the board before each side made two moves).",
    ["custom_position", "custom_rules", "pair_limit", "bot", "aborted", "too_short"]
);

name_schema!(
    /// Schema only: why an `aborted` game was aborted.
    AbortReasonName as "AbortReason",
    "Why an `aborted` game was aborted: `requested`, `no_first_move`, `timeout` or \
     `resignation` (what ended it before each side made two moves).",
    ["requested", "no_first_move", "timeout", "resignation"]
);

name_schema!(
    /// Schema only: why a challenge was declined.
    DeclineReasonName as "DeclineReason",
    "Why the player challenged declined: `generic`, `later` (not now), `too_fast`, `too_slow`, \
     `time_control`, `rated` (they want a casual game), `casual` (they want a rated one), \
     `rules` (another ruleset), `no_bot` (no games against bots), `only_bot` (a bot account \
     that plays bots only).",
    crate::games::DeclineReason::ALL.map(crate::games::DeclineReason::name)
);

name_schema!(
    /// Schema only: where a challenge stands.
    ChallengeStatusName as "ChallengeStatus",
    "Where a challenge stands: `pending` (waiting for the player challenged), `accepted` (the \
     game began), `declined`, `cancelled` (withdrawn by the challenger) or `expired`.",
    ["pending", "accepted", "declined", "cancelled", "expired"]
);

name_schema!(
    /// Schema only: the forms of a game record.
    RecordFormatName as "RecordFormat",
    "A game record's form: `json` (a `GameRecord`) or `text` (a `GameRecordText`).",
    ["json", "text"]
);

/// Schema only: a game record in its text form, as `text/plain`.
pub struct GameRecordText;

impl PartialSchema for GameRecordText {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "A game record in its text form (README.md, \"Game records\"): PGN-like tag \
                 pairs, a blank line, then the numbered moves and the result.",
            ))
            .content_media_type("text/plain")
            .into()
    }
}

impl ToSchema for GameRecordText {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameRecordText")
    }
}

/// Declares the one-value type of a tagged message's `type` field: it
/// serializes as `$value` and its schema is that `const`.
macro_rules! tag {
    ($($name:ident = $value:literal),* $(,)?) => {$(
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($value)
            }
        }

        impl $name {
            pub const VALUE: &'static str = $value;

            pub fn schema() -> utoipa::openapi::Object {
                $crate::api::views::names::string_const($value)
            }
        }
    )*};
}
pub(crate) use tag;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_end_reasons_are_distinct_and_all_there() {
        let mut names = TURN_END_REASONS.map(TurnEndReason::name).to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TURN_END_REASONS.len());
    }

    #[test]
    fn a_const_serializes_as_const() {
        let value = serde_json::to_value(string_const("lift")).unwrap();
        assert_eq!(
            value,
            serde_json::json!({"type": "string", "const": "lift"})
        );
    }
}
