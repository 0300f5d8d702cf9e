//! The JSON shapes of the API, built from engine and store values. Parsing
//! of request values into engine types happens here too, once.

mod events;
mod game;
mod position;
pub mod rating_cursors;
mod ratings;
mod rules;

pub use events::EventView;
pub use game::{GameView, MoveView, PlayerSummary, ResultView, SeatPlayers};
pub use position::{BoardSquare, PositionView, ScoresView, SeatName, StoreView, StoresView};
pub use ratings::{
    LeaderboardEntry, LeaderboardPage, PresetRatingView, RatingChangeView, RatingHistoryPage,
    RatingsView, RecordView, ResultName, StreakView, VersusView,
};
pub use rules::PresetName;
pub use rules::{RulesInput, RulesView};
