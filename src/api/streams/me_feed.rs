//! One player's stream: where they stand (a snapshot), then what concerns
//! them as it happens, derived from each committed state of their games —
//! a transition of this process or a change another node announced, the
//! same way: `game_started`, `your_turn`, `challenge`, `game_ended`, each
//! once per game and version. A subscriber that fell behind gets a fresh
//! snapshot; so does one that reconnects.

use std::collections::HashMap;

use actix_web::web;

use crate::api::streams::stream_body::{Feed, Step};
use crate::api::streams::streaming::{Gone, Sink};
use crate::api::views::me_stream_events::{
    ChallengeTag, GameEndedTag, GameStartedTag, YourTurnTag,
};
use crate::api::views::stream_events::SnapshotTag;
use crate::api::views::{ClockView, GameView};
use crate::api::views::{
    MeChallengeEvent, MeGameEndedEvent, MeGameEntry, MeGameStartedEvent, MeSnapshotEvent,
    MeStreamEvent, MeYourTurnEvent, PlayerSummary, ResultView, SeatName,
};
use crate::api::AppState;
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Outcome, Seat};
use crate::games::Game;
use crate::games::{self, clock, ClockState, GameEvent};
use crate::live::Signal;

/// The most games (seated or challenged) a snapshot lists, newest first.
pub const ME_SNAPSHOT_LIMIT: u32 = 500;

/// Games told of beyond which the ended ones are forgotten at the next
/// snapshot.
const MAX_REMEMBERED: usize = 4096;

/// What this stream told of one game.
#[derive(Clone, Copy, Debug)]
struct Told {
    version: i64,
    status: GameStatus,
    /// The ply of the last `your_turn` sent (or implied by the snapshot).
    turn: Option<u32>,
}

/// One player's stream, as its body runs it.
pub struct Me {
    state: web::Data<AppState>,
    sink: Sink,
    player: PlayerId,
    games: HashMap<GameId, Told>,
}

/// The start of a player's stream (the snapshot); the body then follows
/// the hub's signals until the client leaves or the server stops.
pub fn start(state: web::Data<AppState>, player: PlayerId, sink: Sink) -> Step<Me> {
    Me {
        state,
        sink,
        player,
        games: HashMap::new(),
    }
    .hear(Signal::Resync)
}

impl Feed for Me {
    fn sink(&self) -> &Sink {
        &self.sink
    }

    /// Every signal is handled as work: the events of a change may have
    /// to be rebuilt from the database (a player's stream is one of few).
    fn hear(self, signal: Signal) -> Step<Self> {
        Step::Busy(Box::pin(async move {
            let mut me = self;
            let told = match signal {
                Signal::Changed(transition) => {
                    me.saw(&transition.game, Some(&transition.events)).await
                }
                Signal::Committed(announced) => me.saw(&announced.game, None).await,
                Signal::Resync => me.snapshot().await,
            };
            match told {
                Ok(()) => Step::Idle(me),
                Err(Gone) => Step::End(me),
            }
        }))
    }
}

fn view(game: &Game) -> Option<GameView> {
    Some(GameView::of(game, &games::position_of(game).ok()?))
}

fn opponent(game: &Game, seat: Seat) -> Option<PlayerSummary> {
    game.player(seat.other()).map(PlayerSummary::from)
}

impl Me {
    async fn send(&self, event: MeStreamEvent) -> Result<(), Gone> {
        let payload = serde_json::to_value(event).unwrap_or_default();
        self.sink.event(None, &payload);
        Ok(())
    }

    fn turn_of(&self, game: &Game) -> Option<u32> {
        let mine = game.seat_of(&self.player)?;
        (game.status == GameStatus::Active && game.to_move == mine).then_some(game.ply)
    }

    async fn snapshot(&mut self) -> Result<(), Gone> {
        let live = match self
            .state
            .games
            .live_games_of(&self.state.store, &self.player, ME_SNAPSHOT_LIMIT)
            .await
        {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "me stream: cannot list the player's games");
                self.sink.farewell("cannot read the games; reconnect");
                return Err(Gone);
            }
        };
        // What was told stays known (a stale signal of a game that ended
        // meanwhile is then recognised as such), within a bound.
        if self.games.len() > MAX_REMEMBERED {
            self.games.retain(|_, told| !told.status.is_final());
        }
        let mut snapshot = MeSnapshotEvent {
            type_: SnapshotTag,
            games: Vec::new(),
            challenges: Vec::new(),
        };
        for game in &live {
            let turn = self.turn_of(game);
            self.remember(game, turn);
            let Some(view) = view(game) else { continue };
            match game.seat_of(&self.player) {
                Some(seat) => snapshot.games.push(MeGameEntry {
                    seat: seat.into(),
                    your_turn: turn.is_some(),
                    game: view,
                }),
                None => snapshot.challenges.push(view),
            }
        }
        self.send(MeStreamEvent::Snapshot(snapshot)).await
    }

    fn remember(&mut self, game: &Game, turn: Option<u32>) {
        let told = Told {
            version: game.version,
            status: game.status,
            turn,
        };
        self.games.insert(game.id.clone(), told);
    }

    /// A committed state of one of the player's games, with the events
    /// that led to it when this process made them: what happened to the
    /// player since the version this stream last told, event by event —
    /// from the transition, else rebuilt from the database — or, when the
    /// events cannot be rebuilt, from the difference of the two states.
    async fn saw(&mut self, game: &Game, events: Option<&[GameEvent]>) -> Result<(), Gone> {
        let before = self.games.get(&game.id).copied();
        let since = before.map_or(0, |told| told.version);
        if game.version <= since {
            return Ok(());
        }
        let follows = events.filter(|e| e.first().map(GameEvent::version) == Some(since + 1));
        let rebuilt = match follows {
            Some(_) => None,
            None => match self
                .state
                .games
                .events_after(&self.state.store, game, since)
                .await
            {
                Ok(events) => events,
                Err(error) => {
                    tracing::warn!(game_id = %game.id, %error, "me stream: cannot rebuild the events");
                    None
                }
            },
        };
        let Some(events) = follows.or(rebuilt.as_deref()) else {
            return self.diff(game, before).await;
        };
        let mut turn = before.and_then(|told| told.turn);
        for event in events.iter().filter(|e| e.version() > since) {
            turn = self.tell(game, event, turn).await?;
        }
        self.remember(game, turn);
        Ok(())
    }

    /// Tells what `event` (of `game`, now as given) means to the player;
    /// returns the ply of their turn after it.
    async fn tell(
        &self,
        game: &Game,
        event: &GameEvent,
        turn: Option<u32>,
    ) -> Result<Option<u32>, Gone> {
        let seat = game.seat_of(&self.player);
        let challenged = game
            .reserved_for
            .as_ref()
            .is_some_and(|p| p.id == self.player);
        match (event, seat) {
            // A challenge is told while it is open: one the player accepted
            // before this stream heard of it (the join clears the
            // reservation) is told by its `game_started`.
            (GameEvent::Created { version }, None) if challenged => {
                self.challenge(game, *version).await?
            }
            (GameEvent::Joined { version, clock, .. }, Some(seat)) => {
                self.started(game, seat, *version).await?;
                if game.first == seat {
                    let ply = game.start_ply();
                    self.your_turn(game, seat, *version, ply, clock.clone())
                        .await?;
                    return Ok(Some(ply));
                }
                return Ok(None);
            }
            (
                GameEvent::Move {
                    version,
                    ply,
                    to_move,
                    clock,
                    legal_moves,
                    ..
                },
                Some(seat),
            ) => {
                if *to_move == seat && !legal_moves.is_empty() {
                    self.your_turn(game, seat, *version, *ply, clock.clone())
                        .await?;
                    return Ok(Some(*ply));
                }
                return Ok(None);
            }
            (
                GameEvent::Ended {
                    version,
                    status,
                    result,
                    ..
                },
                _,
            ) if seat.is_some() || challenged => {
                self.ended(game, *version, *status, Some(result)).await?;
                return Ok(None);
            }
            (
                GameEvent::Aborted { version, .. }
                | GameEvent::Expired { version }
                | GameEvent::Cancelled { version },
                _,
            ) if seat.is_some() || challenged => {
                self.ended(game, *version, game.status, game.result.as_ref())
                    .await?;
                return Ok(None);
            }
            _ => {}
        }
        Ok(turn)
    }

    /// What changed for the player between the state this stream last told
    /// and `game`, when the events between cannot be rebuilt.
    async fn diff(&mut self, game: &Game, before: Option<Told>) -> Result<(), Gone> {
        let seat = game.seat_of(&self.player);
        let was_waiting = before.is_none_or(|told| told.status == GameStatus::Waiting);
        let mut turn = before.and_then(|told| told.turn);
        let version = game.version;
        match (seat, game.status) {
            (None, GameStatus::Waiting) if before.is_none() => {
                let challenged = game
                    .reserved_for
                    .as_ref()
                    .is_some_and(|p| p.id == self.player);
                if challenged {
                    self.challenge(game, version).await?;
                }
            }
            (Some(seat), GameStatus::Active) => {
                if was_waiting {
                    self.started(game, seat, version).await?;
                }
                let now = self.turn_of(game);
                if let Some(ply) = now.filter(|_| now != turn) {
                    self.your_turn(game, seat, version, ply, clock::state(game))
                        .await?;
                }
                turn = now;
            }
            (_, status) if status.is_final() => {
                // A game this stream never knew of ended unseen: it was
                // none of the player's business yet, unless it had begun.
                let known = before.is_some();
                let started = seat.filter(|_| was_waiting && game.started_at.is_some());
                if let Some(seat) = started {
                    self.started(game, seat, version).await?;
                }
                if known || started.is_some() {
                    self.ended(game, version, status, game.result.as_ref())
                        .await?;
                }
            }
            _ => {}
        }
        self.remember(game, turn);
        Ok(())
    }

    async fn challenge(&self, game: &Game, version: i64) -> Result<(), Gone> {
        let Some(view) = view(game) else {
            return Ok(());
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
        self.send(MeStreamEvent::Challenge(event)).await
    }

    async fn started(&self, game: &Game, seat: Seat, version: i64) -> Result<(), Gone> {
        let Some(view) = view(game) else {
            return Ok(());
        };
        let event = MeGameStartedEvent {
            type_: GameStartedTag,
            game_id: game.id.to_string(),
            version,
            seat: seat.into(),
            opponent: opponent(game, seat),
            game: view,
        };
        self.send(MeStreamEvent::GameStarted(event)).await
    }

    async fn your_turn(
        &self,
        game: &Game,
        seat: Seat,
        version: i64,
        ply: u32,
        clock: Option<ClockState>,
    ) -> Result<(), Gone> {
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
        self.send(MeStreamEvent::YourTurn(event)).await
    }

    async fn ended(
        &self,
        game: &Game,
        version: i64,
        status: GameStatus,
        result: Option<&Outcome>,
    ) -> Result<(), Gone> {
        let event = MeGameEndedEvent {
            type_: GameEndedTag,
            game_id: game.id.to_string(),
            version,
            status: status.as_str().to_owned(),
            result: result.map(ResultView::from),
        };
        self.send(MeStreamEvent::GameEnded(event)).await
    }
}
