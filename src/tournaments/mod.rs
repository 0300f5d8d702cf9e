//! Tournaments: round-robin, Swiss and arena events that the server pairs
//! and runs on the Games layer. A tournament is created `registering`;
//! players join (and bots are entered by its creator); it starts (by its
//! creator, or by itself at `starts_at`) and is `running`: each round's
//! games are created active, and the end of a round's last game, in its
//! own transaction ([`runner::ResultHook`]), pairs the next, until the
//! last round is played and the tournament is `finished`. An arena has no
//! rounds: the end of each game pairs the players waiting, until its
//! `ends_at`; it finishes when its last game has ended. The pairings and
//! standings are the pure `oanquan-tournament` crate's.

mod changes;
mod error;
pub mod model;
mod new;
mod runner;

use std::sync::Arc;

use oanquan_tournament::round_robin;

pub use changes::ChangeListener;
pub use error::TournamentsError;
pub use model::Tournament;
use model::{ARENA, CANCELLED, FINISHED, REGISTERING, ROUND_ROBIN, RUNNING};
pub use new::{
    NewTournament, DEFAULT_MAX_PLAYERS, MAX_ARENA_MINUTES, MAX_NAME_CHARS, MAX_PLAYERS,
    MAX_SWISS_ROUNDS,
};

use crate::domain::{GameId, PlayerId};
use crate::games::{Done, Games, Transition};
use crate::store::{Store, WriteTx};

/// The tournaments of one process. Cheap to clone.
#[derive(Clone)]
pub struct Tournaments {
    inner: Arc<Inner>,
    changes: Arc<changes::Changes>,
}

pub(crate) struct Inner {
    games: Games,
}

impl std::fmt::Debug for Tournaments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tournaments").finish_non_exhaustive()
    }
}

impl Tournaments {
    /// The tournaments on `games`: registers the hook that records their
    /// games' ends and pairs the rounds those ends complete (the games it
    /// creates are the unit of work's to hook and publish).
    pub fn new(games: &Games) -> Tournaments {
        let inner = Arc::new(Inner {
            games: games.clone(),
        });
        games.hook(Arc::new(runner::ResultHook(inner.clone())));
        let changes = changes::Changes::new(games);
        Tournaments { inner, changes }
    }

    /// Has `listener` hear the id of each tournament that changed, after
    /// the change committed (its own transitions, its games' ends).
    pub fn on_changed(&self, listener: ChangeListener) {
        self.changes.listen(listener);
    }

    fn games(&self) -> &Games {
        &self.inner.games
    }

    /// Runs `work` on the locked tournament `id` as one unit of work, whose
    /// other transitions are the games it created.
    async fn on_locked<T>(
        &self,
        store: &Store,
        id: &str,
        work: impl AsyncFnOnce(
            &Inner,
            &mut WriteTx,
            Tournament,
        ) -> Result<(T, Vec<Transition>), TournamentsError>,
    ) -> Result<T, TournamentsError> {
        let inner = &*self.inner;
        let committed = self
            .games()
            .run_unkeyed(store, async |_: &Games, tx: &mut WriteTx| {
                let row = tx
                    .lock_tournament(id)
                    .await?
                    .ok_or_else(|| TournamentsError::NotFound(id.to_owned()))?;
                let tournament = runner::read(tx, row).await?;
                let (value, created) = work(inner, tx, tournament).await?;
                Ok::<_, TournamentsError>(Done {
                    also: created,
                    ..Done::value(value)
                })
            })
            .await?;
        self.changes.tell(id);
        Ok(committed.value)
    }

    /// Creates a tournament, `registering`, with the bots its creator enters.
    pub async fn create(
        &self,
        store: &Store,
        asked: &NewTournament,
        creator: &PlayerId,
    ) -> Result<String, TournamentsError> {
        let now = self.games().time().now();
        let row = new::check_new(asked, creator, now)?;
        let id = row.id.clone();
        self.games()
            .run_unkeyed(store, async |_: &Games, tx: &mut WriteTx| {
                tx.insert_tournament(&row).await?;
                for (seed, bot) in asked.bots.iter().enumerate() {
                    let player = tx.player_by_id(bot).await?;
                    if !player.as_ref().is_some_and(|p| p.is_bot()) {
                        return Err(TournamentsError::Invalid(format!(
                            "bots: {:?} is not one of the built-in bots",
                            bot.as_str()
                        )));
                    }
                    tx.enter_tournament(&row.id, bot.as_str(), seed as i32)
                        .await?;
                }
                Ok::<_, TournamentsError>(Done::value(()))
            })
            .await?;
        tracing::info!(tournament_id = %id, "tournament created");
        Ok(id)
    }

    /// Enters `player` in a registering tournament, or, when they created
    /// it, the built-in bot `bot`.
    pub async fn join(
        &self,
        store: &Store,
        id: &str,
        player: &PlayerId,
        bot: Option<&PlayerId>,
    ) -> Result<(), TournamentsError> {
        self.on_locked(store, id, async |_, tx, tournament| {
            if bot.is_some() && player.as_str() != tournament.row.created_by {
                return Err(TournamentsError::NotCreator("enter a bot in"));
            }
            let entering = bot.unwrap_or(player);
            if bot.is_some() && !tx.player_by_id(entering).await?.is_some_and(|p| p.is_bot()) {
                return Err(TournamentsError::Invalid(format!(
                    "bot: {:?} is not one of the built-in bots",
                    entering.as_str()
                )));
            }
            if tournament.row.status != REGISTERING {
                return Err(TournamentsError::NotRegistering(tournament.row.status));
            }
            if tournament.seed_of(entering.as_str()).is_some() {
                return Err(TournamentsError::AlreadyEntered(entering.to_string()));
            }
            if tournament.entrants.len() as i32 >= tournament.row.max_players {
                return Err(TournamentsError::Full {
                    max: tournament.row.max_players,
                });
            }
            let seed = tournament.entrants.len() as i32;
            tx.enter_tournament(id, entering.as_str(), seed).await?;
            Ok(((), Vec::new()))
        })
        .await
    }

    /// Takes `player` off a registering tournament, or withdraws them from
    /// a running one: they are paired no more, in a round-robin their
    /// remaining games are forfeited, and in an arena their game under way
    /// is (resigned for them once the withdrawal is stored).
    pub async fn withdraw(
        &self,
        store: &Store,
        id: &str,
        player: &PlayerId,
    ) -> Result<(), TournamentsError> {
        let forfeited = self
            .on_locked(store, id, async |inner, tx, tournament| {
                let status = tournament.row.status.clone();
                let Some(seed) = tournament.seed_of(player.as_str()) else {
                    return Err(TournamentsError::NotEntered(player.to_string()));
                };
                match status.as_str() {
                    REGISTERING => {
                        tx.leave_tournament(id, player.as_str(), seed as i32)
                            .await?;
                        Ok((None, Vec::new()))
                    }
                    RUNNING if !tournament.entrants[seed].withdrawn => {
                        tx.withdraw_from_tournament(id, player.as_str()).await?;
                        let forfeited = if tournament.is_arena() {
                            tournament
                                .game_under_way_of(player.as_str())
                                .map(str::to_owned)
                        } else {
                            None
                        };
                        // A round all decided (this player had the bye, say)
                        // pairs the next.
                        let row = tournament.row.clone();
                        let tournament = runner::read(tx, row).await?;
                        let created = inner.advance(tx, tournament).await?;
                        Ok((forfeited, created))
                    }
                    RUNNING => Err(TournamentsError::NotEntered(player.to_string())),
                    _ => Err(TournamentsError::Over(status)),
                }
            })
            .await?;
        if let Some(game) = forfeited {
            // Its own unit of work, which locks the game before the
            // tournament as every game's end does.
            let game = GameId::parse(&game)
                .map_err(|e| TournamentsError::internal(format!("a stored game id: {e}")))?;
            let resigned = self
                .games()
                .run_unkeyed(store, async |games: &Games, tx: &mut WriteTx| {
                    let ended = games.resign(tx, &game, player).await?;
                    Ok::<_, TournamentsError>(Done::transition(ended))
                })
                .await;
            if let Err(error) = resigned {
                // Ended meanwhile: its result stands.
                tracing::info!(game_id = %game, %error, "withdrawn player's game not resigned");
            }
        }
        Ok(())
    }

    /// Starts a registering tournament (its creator, `by`, or the clock
    /// at `starts_at` when `by` is `None`): round 1 is paired.
    pub async fn start(
        &self,
        store: &Store,
        id: &str,
        by: &PlayerId,
    ) -> Result<(), TournamentsError> {
        self.start_as(store, id, Some(by)).await
    }

    async fn start_as(
        &self,
        store: &Store,
        id: &str,
        by: Option<&PlayerId>,
    ) -> Result<(), TournamentsError> {
        let now = self.games().time().now();
        self.on_locked(store, id, async |inner, tx, mut tournament| {
            if by.is_some_and(|by| by.as_str() != tournament.row.created_by) {
                return Err(TournamentsError::NotCreator("start"));
            }
            if by.is_none() && tournament.row.status == REGISTERING && tournament.entrants.len() < 2
            {
                // Due with too few players: it does not take place.
                tournament.row.status = CANCELLED.to_owned();
                tournament.row.finished_at = Some(now);
                tx.update_tournament(&tournament.row).await?;
                return Ok(((), Vec::new()));
            }
            runner::check_startable(&tournament)?;
            let row = &mut tournament.row;
            row.status = RUNNING.to_owned();
            row.started_at = Some(now);
            if row.format == ROUND_ROBIN {
                let rounds = round_robin::rounds(tournament.entrants.len(), row.double_round);
                row.rounds = Some(rounds as i32);
            }
            if row.format == ARENA {
                let minutes = row.duration_min.unwrap_or(0);
                row.ends_at = Some(now + chrono::TimeDelta::minutes(i64::from(minutes)));
            }
            tx.update_tournament(&tournament.row).await?;
            tracing::info!(tournament_id = %id, "tournament started");
            let created = inner.advance(tx, tournament).await?;
            Ok(((), created))
        })
        .await
    }

    /// Finishes a running arena whose time is up once its last game has
    /// ended (the background task; the end of that game does it too).
    pub(crate) async fn end_if_over(
        &self,
        store: &Store,
        id: &str,
    ) -> Result<(), TournamentsError> {
        self.on_locked(store, id, async |inner, tx, tournament| {
            if !tournament.is_arena() || tournament.row.status != RUNNING {
                return Ok(((), Vec::new()));
            }
            let created = inner.advance(tx, tournament).await?;
            Ok(((), created))
        })
        .await
    }

    /// Cancels a tournament not over (its creator): no more rounds are
    /// paired; the games under way play out, uncounted.
    pub async fn cancel(
        &self,
        store: &Store,
        id: &str,
        by: &PlayerId,
    ) -> Result<(), TournamentsError> {
        let now = self.games().time().now();
        self.on_locked(store, id, async |_, tx, mut tournament| {
            if by.as_str() != tournament.row.created_by {
                return Err(TournamentsError::NotCreator("cancel"));
            }
            if matches!(tournament.row.status.as_str(), FINISHED | CANCELLED) {
                return Err(TournamentsError::Over(tournament.row.status));
            }
            tournament.row.status = CANCELLED.to_owned();
            tournament.row.finished_at = Some(now);
            tx.update_tournament(&tournament.row).await?;
            Ok(((), Vec::new()))
        })
        .await
    }

    /// A tournament with its players and pairings.
    pub async fn get(&self, store: &Store, id: &str) -> Result<Tournament, TournamentsError> {
        let row = store
            .tournament_by_id(id)
            .await?
            .ok_or_else(|| TournamentsError::NotFound(id.to_owned()))?;
        let entrants = store.tournament_entrants(id).await?;
        let pairings = store.tournament_pairings(id).await?;
        Ok(Tournament {
            row,
            entrants,
            pairings,
        })
    }
}

impl Tournaments {
    /// The games of a tournament with their rounds, by round and board.
    pub async fn games_of(
        &self,
        store: &Store,
        id: &str,
    ) -> Result<Vec<(u32, crate::games::Game)>, TournamentsError> {
        if store.tournament_by_id(id).await?.is_none() {
            return Err(TournamentsError::NotFound(id.to_owned()));
        }
        let mut games = Vec::new();
        for (round, row) in store.tournament_games(id).await? {
            let game = crate::games::model::from_row(Some(row))?
                .ok_or_else(|| TournamentsError::internal("a game row read as none"))?;
            games.push((u32::try_from(round).unwrap_or(0), game));
        }
        Ok(games)
    }
}
