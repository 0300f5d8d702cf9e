//! The JSON shapes of the API, built from engine and store values. Parsing
//! of request values into engine types happens here too, once.

mod challenge;
mod clock;
mod events;
mod game;
mod history;
pub mod me_stream_events;
pub mod names;
mod played;
mod position;
pub mod rating_cursors;
mod ratings;
mod record;
mod rules;
pub mod stream_events;
mod tournament;
pub mod webhooks;

pub use challenge::{challenge_status, ChallengeList, ChallengeView};
pub use clock::{ClockView, CorrespondenceClock, RealTimeClock, TimeControlView};
pub use events::{
    CaptureEvent, EventView, ForfeitEvent, GameEndEvent, LiftEvent, RefillEvent, RelayEvent,
    SowEvent, TurnEndEvent,
};
pub use game::{GameView, MoveView, OffersView, PlayerSummary, ResultView, SeatPlayers};
pub use history::{GamePage, GamePosition, MoveRange};
pub use me_stream_events::{
    MeChallengeEvent, MeChallengeUpdateEvent, MeGameEndedEvent, MeGameEntry, MeGameStartedEvent,
    MeSnapshotEvent, MeStreamEvent, MeYourTurnEvent,
};
pub use played::{GameAfterMove, PlayedMoveMinimal, PlayedMoveRef};
pub use position::{BoardSquare, PositionView, ScoresView, SeatName, StoreView, StoresView};
pub use ratings::{
    BotRecordView, LeaderboardEntry, LeaderboardPage, PresetRatingView, RatingChangeView,
    RatingHistoryPage, RatingsView, RecordView, ResultName, StreakView, VersusView,
};
pub use record::{
    GameRecord, GameRecordInput, PlayerNameInput, RecordMoveInput, RecordMoveView, SeatPlayersInput,
};
pub use rules::PresetName;
pub use rules::{RulesInput, RulesView};
pub use stream_events::{
    GameAbortedEvent, GameCancelledEvent, GameDeclinedEvent, GameEndedEvent, GameExpiredEvent,
    GameJoinedEvent, GameMoveEvent, GameOfferEvent, GameSnapshotEvent, GameStreamEvent,
    GameTakenBackEvent, LobbyCancelledEvent, LobbyCreatedEvent, LobbyExpiredEvent,
    LobbyJoinedEvent, LobbySnapshotEvent, LobbyStreamEvent, TournamentFinishedEvent,
    TournamentGameEndedEvent, TournamentPairingEvent, TournamentSnapshotEvent,
    TournamentStandingsEvent, TournamentStreamEvent,
};
pub use tournament::{
    EntrantView, PairingView, StandingView, TiebreaksView, TournamentClock, TournamentGameView,
    TournamentGames, TournamentPage, TournamentPlayer, TournamentRef, TournamentRules,
    TournamentSummary, TournamentView,
};

/// The OpenAPI schema of an optional position string: the syntax of
/// RULES.md §1 (the server checks the rest and names the field at fault).
pub fn position_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{SchemaType, Type};
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some(
            "RULES.md position notation: 12 comma-separated squares, side to move, \
             south store, north store, ply",
        ))
        .pattern(Some(
            "^(M?[0-9]+,){11}M?[0-9]+ [sn] -?[0-9]+:[0-9]+ -?[0-9]+:[0-9]+ [0-9]+$",
        ))
        .examples([serde_json::json!("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1")])
        .build()
}
