//! The Ô Ăn Quan rules engine: pure, synchronous, no I/O.
//!
//! It implements `RULES.md` exactly. The value types ([`Seat`],
//! [`Direction`], [`Square`], [`Move`]) are small and `Copy`; a
//! [`Position`] carries its [`Rules`], parses from and prints to the
//! position notation, and plays moves either fast ([`Position::play`],
//! [`Position::apply`] with `()`, allocation-free) or with an event trace
//! ([`Position::play_traced`]).

mod events;
mod moves;
mod notation;
mod play;
mod position;
mod relay_guard;
mod rules;
mod types;

pub use events::{Event, Protection, Recorder, TurnEndReason};
pub use moves::{Move, MoveError, MoveList};
pub use notation::{
    Limits, PositionError, MAX_BOARD_STONES, MAX_STORE_STONES, STORED_MAX_BOARD_STONES,
    STORED_MAX_STORE_STONES,
};
pub use position::{Captures, EndReason, Outcome, PlayError, Position};
pub use rules::{
    MandarinSetup, Preset, RefillShortfall, RuleParam, RuleParams, Rules, RulesError, UnknownPreset,
};
pub use types::{Direction, ParseDirectionError, ParseSeatError, Seat, Square};

#[cfg(test)]
mod tests;
