use serde::Serialize;
use utoipa::ToSchema;

use super::names::{tag, EndReasonName, TurnEndReasonName, WinnerName};
use super::{ScoresView, SeatName};
use crate::engine::{EndReason, Event, Seat};

/// One step of a move, in order, for animating it stone by stone; tagged
/// by `type`.
///
/// A move starts with `lift`, then `sow` and `relay` alternate, then any
/// `capture`s, then one `turn_end`. The turn change follows: `refill` or
/// `forfeit` of the next mover, or `game_end`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "type", mapping(
    ("lift" = "#/components/schemas/LiftEvent"),
    ("sow" = "#/components/schemas/SowEvent"),
    ("relay" = "#/components/schemas/RelayEvent"),
    ("capture" = "#/components/schemas/CaptureEvent"),
    ("turn_end" = "#/components/schemas/TurnEndEvent"),
    ("refill" = "#/components/schemas/RefillEvent"),
    ("forfeit" = "#/components/schemas/ForfeitEvent"),
    ("game_end" = "#/components/schemas/GameEndEvent"),
)))]
pub enum EventView {
    Lift(LiftEvent),
    Sow(SowEvent),
    Relay(RelayEvent),
    Capture(CaptureEvent),
    TurnEnd(TurnEndEvent),
    Refill(RefillEvent),
    Forfeit(ForfeitEvent),
    GameEnd(GameEndEvent),
}

tag!(
    LiftTag = "lift",
    SowTag = "sow",
    RelayTag = "relay",
    CaptureTag = "capture",
    TurnEndTag = "turn_end",
    RefillTag = "refill",
    ForfeitTag = "forfeit",
    GameEndTag = "game_end",
);

/// The mover lifts every stone of their chosen square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct LiftEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = LiftTag::schema)]
    pub type_: LiftTag,
    pub square: u8,
    pub stones: u32,
}

/// The stones in hand are dropped one per square from `from` to `to`
/// inclusive, in the move's direction. With 12 or more stones the sowing
/// laps the ring (every square gets `stones / 12`, and the first
/// `stones % 12` squares from `from` one more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SowEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = SowTag::schema)]
    pub type_: SowTag,
    pub from: u8,
    pub to: u8,
    pub stones: u32,
}

/// The square after the last stone held stones: they are lifted and sown on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RelayEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = RelayTag::schema)]
    pub type_: RelayTag,
    pub square: u8,
    pub stones: u32,
}

/// The mover captures a square's small stones and its mandarin, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct CaptureEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = CaptureTag::schema)]
    pub type_: CaptureTag,
    pub square: u8,
    pub stones: u32,
    pub mandarin: bool,
}

/// The move is over; `square` is the square that ended it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TurnEndEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = TurnEndTag::schema)]
    pub type_: TurnEndTag,
    #[schema(value_type = TurnEndReasonName)]
    pub reason: String,
    pub square: u8,
}

/// The next mover's row was empty: one stone from their store onto each
/// of their five squares; `borrowed` of them are owed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RefillEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = RefillTag::schema)]
    pub type_: RefillTag,
    pub seat: SeatName,
    pub stones: u32,
    pub borrowed: u32,
}

/// The next mover could not refill and forfeits (`refill_shortfall = forfeit`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ForfeitEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = ForfeitTag::schema)]
    pub type_: ForfeitTag,
    pub seat: SeatName,
    pub store: i32,
}

/// The game is over. `sweep` is what each row added to its owner's store
/// (zero for a forfeit or resignation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameEndEvent {
    #[serde(rename = "type")]
    #[schema(schema_with = GameEndTag::schema)]
    pub type_: GameEndTag,
    #[schema(value_type = EndReasonName)]
    pub reason: String,
    pub sweep: SweepView,
    pub scores: ScoresView,
    #[schema(value_type = WinnerName)]
    pub winner: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SweepView {
    pub south: u32,
    pub north: u32,
}

/// `south`, `north` or `draw`.
pub fn winner_name(winner: Option<Seat>) -> String {
    winner.map_or("draw", Seat::name).to_owned()
}

fn reason_name(reason: EndReason) -> String {
    reason.name().to_owned()
}

impl From<&Event> for EventView {
    fn from(event: &Event) -> Self {
        let index = |sq: crate::engine::Square| sq.index() as u8;
        match *event {
            Event::Lift { square, stones } => EventView::Lift(LiftEvent {
                type_: LiftTag,
                square: index(square),
                stones,
            }),
            Event::Sow { from, to, stones } => EventView::Sow(SowEvent {
                type_: SowTag,
                from: index(from),
                to: index(to),
                stones,
            }),
            Event::Relay { square, stones } => EventView::Relay(RelayEvent {
                type_: RelayTag,
                square: index(square),
                stones,
            }),
            Event::Capture {
                square,
                stones,
                mandarin,
            } => EventView::Capture(CaptureEvent {
                type_: CaptureTag,
                square: index(square),
                stones,
                mandarin,
            }),
            Event::TurnEnd { reason, square } => EventView::TurnEnd(TurnEndEvent {
                type_: TurnEndTag,
                reason: reason.name().to_owned(),
                square: index(square),
            }),
            Event::Refill {
                seat,
                stones,
                borrowed,
            } => EventView::Refill(RefillEvent {
                type_: RefillTag,
                seat: seat.into(),
                stones,
                borrowed,
            }),
            Event::Forfeit { seat, store } => EventView::Forfeit(ForfeitEvent {
                type_: ForfeitTag,
                seat: seat.into(),
                store,
            }),
            Event::GameEnd {
                reason,
                sweep,
                scores,
                winner,
            } => EventView::GameEnd(GameEndEvent {
                type_: GameEndTag,
                reason: reason_name(reason),
                sweep: SweepView {
                    south: sweep[0],
                    north: sweep[1],
                },
                scores: scores.into(),
                winner: winner_name(winner),
            }),
        }
    }
}

impl EventView {
    pub fn all(events: &[Event]) -> Vec<EventView> {
        events.iter().map(EventView::from).collect()
    }
}
