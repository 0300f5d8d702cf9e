//! The JSON shapes of the API, built from engine and store values. Parsing
//! of request values into engine types happens here too, once.

mod events;
mod game;
mod history;
mod position;
mod record;
mod rules;

pub use events::EventView;
pub use game::{GameView, MoveView, PlayerSummary, ResultView, SeatPlayers};
pub use history::{GamePage, GamePosition, MoveRange};
pub use position::{BoardSquare, PositionView, ScoresView, SeatName, StoreView, StoresView};
pub use record::{GameRecord, RecordMoveView};
pub use rules::{RulesInput, RulesView};
