//! One player's stream: where they stand (a snapshot), then what concerns
//! them as it happens, derived from each committed state of their games —
//! a transition of this process or a change another node announced, the
//! same way: `game_started`, `your_turn`, `challenge`, `game_ended`, each
//! once per game and version. A subscriber that fell behind gets a fresh
//! snapshot.
//!
//! Besides, a notice for the player ([`Notice`], a webhook endpoint the
//! delivery workers of this process, or of another node that announced
//! it, disabled) is told as it comes; it is not replayed to a
//! reconnecting client (the endpoint's state is read with the webhooks'
//! own requests).
//!
//! Each item carries the time it stands for (a change's commit time as the
//! time source stamped it, the snapshot's read): a reconnection that gives
//! the last one it saw ([`resume`]) is told what it missed since, from the
//! database, instead of a snapshot.

use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, Utc};

use super::{Feed, Gone, Out, Reader, Step};
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::{Outcome, Seat};
use crate::games::Game;
use crate::games::{clock, ClockState, GameEvent};
use crate::live::{Notice, Signal};

/// The most games (seated or challenged) a snapshot lists, newest first;
/// a snapshot that leaves older ones out says so.
pub const ME_SNAPSHOT_LIMIT: u32 = 200;

/// Games told of beyond which the ended ones are forgotten at the next
/// snapshot.
const MAX_REMEMBERED: usize = 4096;

/// How far before a resumption's time the replay starts. A change is
/// stamped before its transaction commits, and nodes' clocks differ a
/// little: one stamped just before the last item a client saw may have
/// committed after it. An item of that margin may then be told again (the
/// same `game_id`, `version` and `type`).
pub const RESUME_MARGIN: TimeDelta = TimeDelta::seconds(5);

/// The most games whose changes a resumption replays; with more, it sends
/// a fresh snapshot instead.
pub const RESUME_LIMIT: u32 = 200;

/// One of the player's games in a snapshot.
#[derive(Clone, Copy, Debug)]
pub struct Standing<'a> {
    pub game: &'a Game,
    /// Their seat; `None`: a challenge to them.
    pub seat: Option<Seat>,
    pub your_turn: bool,
}

/// What a player's stream writes; `at` is the time an item stands for,
/// where a reconnection resumes after it.
pub trait MeOut: Out {
    /// Where the player stands: their live games and the challenges to
    /// them, newest first; `truncated` when older ones were left out.
    fn snapshot<'a>(
        &self,
        games: impl Iterator<Item = Standing<'a>>,
        truncated: bool,
        at: DateTime<Utc>,
    );

    /// `game` is a challenge to the player (as of `version`).
    fn challenge(&self, game: &Game, version: i64, at: DateTime<Utc>);

    /// A challenge to or from the player changed (`incoming`: it is to them).
    fn challenge_changed(
        &self,
        game: &Game,
        version: i64,
        change: ChallengeChange,
        incoming: bool,
        at: DateTime<Utc>,
    );

    /// News for the player that is no game's change.
    fn notice(&self, notice: &Notice);

    /// The player's game began, they sit at `seat`.
    fn started(&self, game: &Game, seat: Seat, version: i64, at: DateTime<Utc>);

    /// It is the player's turn at `ply`.
    fn your_turn(&self, game: &Game, turn: Turn, at: DateTime<Utc>);

    /// The player's game (or a challenge to them) is over.
    fn ended(
        &self,
        game: &Game,
        version: i64,
        status: GameStatus,
        result: Option<&Outcome>,
        at: DateTime<Utc>,
    );
}

/// The player's turn in one of their games.
#[derive(Clone, Debug)]
pub struct Turn {
    pub seat: Seat,
    pub version: i64,
    pub ply: u32,
    pub clock: Option<ClockState>,
}

/// When the change that made `event` was stamped: a move's time, the
/// game's start or creation, else (an end) the game's last change.
fn event_time(game: &Game, event: &GameEvent) -> DateTime<Utc> {
    match event {
        GameEvent::Created { .. } => game.created_at,
        GameEvent::Joined { started_at, .. } => started_at.unwrap_or(game.updated_at),
        GameEvent::Move { played, .. } => played.played_at,
        _ => game.updated_at,
    }
}

/// What became of a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeChange {
    Created,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl ChallengeChange {
    pub fn name(self) -> &'static str {
        match self {
            ChallengeChange::Created => "created",
            ChallengeChange::Accepted => "accepted",
            ChallengeChange::Declined => "declined",
            ChallengeChange::Cancelled => "cancelled",
            ChallengeChange::Expired => "expired",
        }
    }
}

/// What this stream told of one game.
#[derive(Clone, Copy, Debug)]
struct Told {
    version: i64,
    status: GameStatus,
    /// The ply of the last `your_turn` sent (or implied by the snapshot).
    turn: Option<u32>,
}

/// One player's stream, as its driver runs it.
pub struct Me<O> {
    source: Reader,
    out: O,
    player: PlayerId,
    games: HashMap<GameId, Told>,
}

/// Where a reconnecting client's stream resumes: after the last item it
/// saw, which stood for `after` and, when it told of a game, was of that
/// game's version `seen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    pub after: DateTime<Utc>,
    pub seen: Option<(GameId, i64)>,
}

/// The start of a player's stream: the snapshot, or with `resume` what a
/// reconnecting client missed since the last item it saw;
/// the driver then follows the hub's signals until the client leaves or
/// the server stops.
pub fn start<O: MeOut>(
    source: Reader,
    player: PlayerId,
    resume: Option<Resume>,
    out: O,
) -> Step<Me<O>> {
    let me = Me {
        source,
        out,
        player,
        games: HashMap::new(),
    };
    let Some(resume) = resume else {
        return me.hear(Signal::Resync);
    };
    Step::Busy(Box::pin(async move {
        let mut me = me;
        match me.resume(resume).await {
            Ok(()) => Step::Idle(me),
            Err(Gone) => Step::End(me),
        }
    }))
}

impl<O: MeOut> Feed for Me<O> {
    type Out = O;

    fn out(&self) -> &O {
        &self.out
    }

    /// Every signal is handled as work: the events of a change may have
    /// to be rebuilt from the database (a player's stream is one of few).
    fn hear(self, signal: Signal) -> Step<Self> {
        Step::Busy(Box::pin(async move {
            let mut me = self;
            let told = match signal {
                Signal::Changed(transition) => {
                    me.saw(&transition.game, Some(&transition.events)).await;
                    Ok(())
                }
                Signal::Committed(announced) => {
                    me.saw(&announced.game, None).await;
                    Ok(())
                }
                Signal::Resync => me.snapshot().await,
                Signal::Notice(notice) => {
                    me.out.notice(&notice);
                    Ok(())
                }
            };
            match told {
                Ok(()) => Step::Idle(me),
                Err(Gone) => Step::End(me),
            }
        }))
    }
}

impl<O: MeOut> Me<O> {
    fn turn_of(&self, game: &Game) -> Option<u32> {
        let mine = game.seat_of(&self.player)?;
        (game.status == GameStatus::Active && game.to_move == mine).then_some(game.ply)
    }

    fn challenged(&self, game: &Game) -> bool {
        game.reserved_for
            .as_ref()
            .is_some_and(|p| p.id == self.player)
    }

    async fn snapshot(&mut self) -> Result<(), Gone> {
        let source = &*self.source;
        // Taken before the read: a change stamped after it is in the read
        // or arrives as a signal, and a resumption from it replays both.
        let at = source.games().time().now();
        let mut live = match source
            .games()
            .live_games_of(source.store(), &self.player, ME_SNAPSHOT_LIMIT + 1)
            .await
        {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "me stream: cannot list the player's games");
                self.out.farewell("cannot read the games; reconnect");
                return Err(Gone);
            }
        };
        let truncated = live.len() > ME_SNAPSHOT_LIMIT as usize;
        live.truncate(ME_SNAPSHOT_LIMIT as usize);
        // What was told stays known (a stale signal of a game that ended
        // meanwhile is then recognised as such), within a bound.
        if self.games.len() > MAX_REMEMBERED {
            self.games.retain(|_, told| !told.status.is_final());
        }
        for game in &live {
            let turn = self.turn_of(game);
            self.remember(game, turn);
        }
        let standings = live.iter().map(|game| Standing {
            game,
            seat: game.seat_of(&self.player),
            your_turn: self.turn_of(game).is_some(),
        });
        self.out.snapshot(standings, truncated, at);
        Ok(())
    }

    /// Tells a reconnecting client what it missed since `resume.after`
    /// (less the margin; of the game it last heard of, since the version
    /// it saw, commit order within a game being version order), in the
    /// order it was stamped across games; a fresh snapshot when that cannot
    /// be rebuilt or concerns too many games.
    async fn resume(&mut self, resume: Resume) -> Result<(), Gone> {
        let floor = resume.after - RESUME_MARGIN;
        let source = &*self.source;
        let (games, store) = (source.games(), source.store());
        let read = async {
            let live = games
                .live_games_of(store, &self.player, ME_SNAPSHOT_LIMIT)
                .await?;
            let changed = games
                .games_of_changed_after(store, &self.player, floor, RESUME_LIMIT + 1)
                .await?;
            Ok::<_, crate::games::GamesError>((live, changed))
        };
        let (live, changed) = match read.await {
            Ok(read) => read,
            Err(error) => {
                tracing::error!(%error, "me stream: cannot read the player's games");
                self.out.farewell("cannot read the games; reconnect");
                return Err(Gone);
            }
        };
        if changed.len() > RESUME_LIMIT as usize {
            return self.snapshot().await;
        }
        // What changed, each event with its game and time.
        let mut missed = Vec::new();
        for (index, game) in changed.iter().enumerate() {
            let events = match games.events_after(store, game, 0).await {
                Ok(Some(events)) => events,
                Ok(None) => return self.snapshot().await,
                Err(error) => {
                    tracing::warn!(game_id = %game.id, %error, "me stream: cannot rebuild the events");
                    return self.snapshot().await;
                }
            };
            let seen = match &resume.seen {
                Some((id, version)) if *id == game.id => *version,
                _ => 0,
            };
            let known = events
                .iter()
                .filter(|event| event_time(game, event) <= floor)
                .map(GameEvent::version)
                .fold(seen, i64::max);
            let status = if known <= 1 {
                GameStatus::Waiting
            } else {
                GameStatus::Active
            };
            let told = Told {
                version: known,
                status,
                turn: None,
            };
            self.games.insert(game.id.clone(), told);
            missed.extend(
                events
                    .into_iter()
                    .filter(|event| event.version() > known)
                    .map(|event| (event_time(game, &event), index, event)),
            );
        }
        // The live games that did not change: as the client last heard.
        for game in live.iter().filter(|game| game.updated_at <= floor) {
            let turn = self.turn_of(game);
            self.remember(game, turn);
        }
        missed.sort_by_key(|(at, index, event)| (*at, *index, event.version()));
        let mut turns: HashMap<usize, Option<u32>> = HashMap::new();
        for (at, index, event) in &missed {
            let game = &changed[*index];
            let turn = turns.get(index).copied().flatten();
            let turn = self.tell(game, event, turn, *at);
            turns.insert(*index, turn);
        }
        for (index, game) in changed.iter().enumerate() {
            let turn = turns.get(&index).copied().flatten();
            self.remember(game, turn);
        }
        Ok(())
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
    async fn saw(&mut self, game: &Game, events: Option<&[GameEvent]>) {
        let before = self.games.get(&game.id).copied();
        let since = before.map_or(0, |told| told.version);
        if game.version <= since {
            return;
        }
        let follows = events.filter(|e| e.first().map(GameEvent::version) == Some(since + 1));
        let rebuilt = match follows {
            Some(_) => None,
            None => {
                let source = &*self.source;
                match source
                    .games()
                    .events_after(source.store(), game, since)
                    .await
                {
                    Ok(events) => events,
                    Err(error) => {
                        tracing::warn!(game_id = %game.id, %error, "me stream: cannot rebuild the events");
                        None
                    }
                }
            }
        };
        let Some(events) = follows.or(rebuilt.as_deref()) else {
            return self.diff(game, before);
        };
        let mut turn = before.and_then(|told| told.turn);
        for event in events.iter().filter(|e| e.version() > since) {
            turn = self.tell(game, event, turn, event_time(game, event));
        }
        self.remember(game, turn);
    }

    /// Tells the player of a change of a challenge to or from them
    /// (stamped `at`).
    fn tell_challenge(&self, game: &Game, event: &GameEvent, at: DateTime<Utc>) {
        let Some(to) = &game.challenge_to else {
            return;
        };
        let change = match event {
            GameEvent::Created { .. } => ChallengeChange::Created,
            GameEvent::Joined { .. } => ChallengeChange::Accepted,
            GameEvent::Declined { .. } => ChallengeChange::Declined,
            GameEvent::Cancelled { .. } => ChallengeChange::Cancelled,
            GameEvent::Expired { .. } if game.started_at.is_none() => ChallengeChange::Expired,
            _ => return,
        };
        let incoming = to == &self.player;
        if incoming || game.created_by == self.player {
            self.out
                .challenge_changed(game, event.version(), change, incoming, at);
        }
    }

    /// Tells what `event` (of `game`, now as given, stamped `at`) means to
    /// the player, then what it did to a challenge; returns the ply of
    /// their turn after it.
    fn tell(
        &self,
        game: &Game,
        event: &GameEvent,
        turn: Option<u32>,
        at: DateTime<Utc>,
    ) -> Option<u32> {
        let turn = self.tell_game(game, event, turn, at);
        self.tell_challenge(game, event, at);
        turn
    }

    /// [`Me::tell`] of what `event` means to the player's game.
    fn tell_game(
        &self,
        game: &Game,
        event: &GameEvent,
        turn: Option<u32>,
        at: DateTime<Utc>,
    ) -> Option<u32> {
        let seat = game.seat_of(&self.player);
        let challenged = self.challenged(game);
        match (event, seat) {
            // A challenge is told while it is open: one the player accepted
            // before this stream heard of it (the join clears the
            // reservation) is told by its `game_started`.
            (GameEvent::Created { version }, None) if challenged => {
                self.out.challenge(game, *version, at)
            }
            (GameEvent::Joined { version, clock, .. }, Some(seat)) => {
                self.out.started(game, seat, *version, at);
                if game.first == seat {
                    let ply = game.start_ply();
                    let turn = Turn {
                        seat,
                        version: *version,
                        ply,
                        clock: clock.clone(),
                    };
                    self.out.your_turn(game, turn, at);
                    return Some(ply);
                }
                return None;
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
                    let turn = Turn {
                        seat,
                        version: *version,
                        ply: *ply,
                        clock: clock.clone(),
                    };
                    self.out.your_turn(game, turn, at);
                    return Some(*ply);
                }
                return None;
            }
            (
                GameEvent::TakenBack {
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
                    let turn = Turn {
                        seat,
                        version: *version,
                        ply: *ply,
                        clock: clock.clone(),
                    };
                    self.out.your_turn(game, turn, at);
                    return Some(*ply);
                }
                return None;
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
                self.out.ended(game, *version, *status, Some(result), at);
                return None;
            }
            (
                GameEvent::Aborted { version, .. }
                | GameEvent::Expired { version }
                | GameEvent::Cancelled { version }
                | GameEvent::Declined { version, .. },
                _,
            ) if seat.is_some() || challenged => {
                self.out
                    .ended(game, *version, game.status, game.result.as_ref(), at);
                return None;
            }
            _ => {}
        }
        turn
    }

    /// What changed for the player between the state this stream last told
    /// and `game`, when the events between cannot be rebuilt.
    fn diff(&mut self, game: &Game, before: Option<Told>) {
        let seat = game.seat_of(&self.player);
        let was_waiting = before.is_none_or(|told| told.status == GameStatus::Waiting);
        let mut turn = before.and_then(|told| told.turn);
        let version = game.version;
        let at = game.updated_at;
        match (seat, game.status) {
            (None, GameStatus::Waiting) if before.is_none() && self.challenged(game) => {
                self.out.challenge(game, version, at)
            }
            (Some(seat), GameStatus::Active) => {
                if was_waiting {
                    self.out.started(game, seat, version, at);
                }
                let now = self.turn_of(game);
                if let Some(ply) = now.filter(|_| now != turn) {
                    let state = Turn {
                        seat,
                        version,
                        ply,
                        clock: clock::state(game),
                    };
                    self.out.your_turn(game, state, at);
                }
                turn = now;
            }
            (_, status) if status.is_final() => {
                // A game this stream never knew of ended unseen: it was
                // none of the player's business yet, unless it had begun.
                let known = before.is_some();
                let started = seat.filter(|_| was_waiting && game.started_at.is_some());
                if let Some(seat) = started {
                    self.out.started(game, seat, version, at);
                }
                if known || started.is_some() {
                    self.out
                        .ended(game, version, status, game.result.as_ref(), at);
                }
            }
            _ => {}
        }
        self.remember(game, turn);
    }
}
