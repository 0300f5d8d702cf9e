//! A player's stream as HTTP writes it: what its feed
//! ([`crate::live::feeds::me`]) says, as the API's `MeStreamEvent`s.

use crate::api::streams::streaming::Sink;
use crate::api::views::me_stream_events::{
    ChallengeTag, ChallengeUpdateTag, GameEndedTag, GameStartedTag, YourTurnTag,
};
use crate::api::views::stream_events::SnapshotTag;
use crate::api::views::{
    ChallengeView, MeChallengeEvent, MeChallengeUpdateEvent, MeGameEndedEvent, MeGameEntry,
    MeGameStartedEvent, MeSnapshotEvent, MeStreamEvent, MeYourTurnEvent, PlayerSummary, ResultView,
    SeatName,
};
use crate::api::views::{ClockView, GameView};
use crate::domain::GameStatus;
use crate::engine::{Outcome, Seat};
use crate::games::{self, ClockState, Game};
use crate::live::feeds::me::{ChallengeChange, MeOut, Standing};

/// The view of `game`, unless its stored position does not read back (the
/// game is then left out).
fn view(game: &Game) -> Option<GameView> {
    Some(GameView::of(game, &games::position_of(game).ok()?))
}

fn opponent(game: &Game, seat: Seat) -> Option<PlayerSummary> {
    game.player(seat.other()).map(PlayerSummary::from)
}

fn send(sink: &Sink, event: MeStreamEvent) {
    let payload = serde_json::to_value(event).unwrap_or_default();
    sink.event(None, &payload);
}

impl MeOut for Sink {
    fn snapshot<'a>(&self, games: impl Iterator<Item = Standing<'a>>, truncated: bool) {
        let mut snapshot = MeSnapshotEvent {
            type_: SnapshotTag,
            games: Vec::new(),
            challenges: Vec::new(),
            truncated,
        };
        for standing in games {
            let Some(view) = view(standing.game) else {
                continue;
            };
            match standing.seat {
                Some(seat) => snapshot.games.push(MeGameEntry {
                    seat: seat.into(),
                    your_turn: standing.your_turn,
                    game: view,
                }),
                None => snapshot.challenges.push(view),
            }
        }
        send(self, MeStreamEvent::Snapshot(snapshot));
    }

    fn challenge(&self, game: &Game, version: i64) {
        let Some(view) = view(game) else {
            return;
        };
        let from = game
            .player(Seat::South)
            .or(game.player(Seat::North))
            .map(PlayerSummary::from);
        let event = MeChallengeEvent {
            type_: ChallengeTag,
            game_id: game.id.to_string(),
            version,
            from,
            game: view,
        };
        send(self, MeStreamEvent::Challenge(event));
    }

    fn challenge_changed(
        &self,
        game: &Game,
        version: i64,
        change: ChallengeChange,
        incoming: bool,
    ) {
        let Ok(position) = games::position_of(game) else {
            return;
        };
        let Some(challenge) = ChallengeView::seen(game, &position, incoming) else {
            return;
        };
        let event = MeChallengeUpdateEvent {
            type_: ChallengeUpdateTag,
            game_id: game.id.to_string(),
            version,
            change: change.name(),
            challenge,
        };
        send(self, MeStreamEvent::ChallengeUpdate(event));
    }

    fn started(&self, game: &Game, seat: Seat, version: i64) {
        let Some(view) = view(game) else {
            return;
        };
        let event = MeGameStartedEvent {
            type_: GameStartedTag,
            game_id: game.id.to_string(),
            version,
            seat: seat.into(),
            opponent: opponent(game, seat),
            game: view,
        };
        send(self, MeStreamEvent::GameStarted(event));
    }

    fn your_turn(
        &self,
        game: &Game,
        seat: Seat,
        version: i64,
        ply: u32,
        clock: Option<ClockState>,
    ) {
        let clock = clock.map(ClockView::from);
        let event = MeYourTurnEvent {
            type_: YourTurnTag,
            game_id: game.id.to_string(),
            version,
            ply,
            seat: SeatName::from(seat),
            deadline: clock.as_ref().and_then(|c| c.deadline),
            clock,
        };
        send(self, MeStreamEvent::YourTurn(event));
    }

    fn ended(&self, game: &Game, version: i64, status: GameStatus, result: Option<&Outcome>) {
        let event = MeGameEndedEvent {
            type_: GameEndedTag,
            game_id: game.id.to_string(),
            version,
            status: status.as_str().to_owned(),
            result: result.map(ResultView::from),
        };
        send(self, MeStreamEvent::GameEnded(event));
    }
}
