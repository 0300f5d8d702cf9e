//! A game as the Games layer knows it: seats, position, result, clocks.
//! The store keeps it as a row ([`GameRow`]); this module maps one to the
//! other, so that nothing below the Games layer knows what a game is.

use chrono::{DateTime, Utc};

use super::GamesError;
use crate::domain::{GameId, GameStatus, PlayerId, PlayerRef, TimeControl};
use crate::engine::{EndReason, MandarinSetup, Outcome, RefillShortfall, RuleParams, Rules, Seat};
use crate::store::{GameRow, Player, StoreError};

/// A player as a seat shows them.
pub fn player_ref(player: &Player) -> PlayerRef {
    PlayerRef {
        id: player.id.clone(),
        name: player.name.clone(),
        bot_level: player.bot_level(),
        bot_account: player.bot_account,
    }
}

/// A game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub id: GameId,
    pub status: GameStatus,
    pub rules: Rules,
    pub rated: bool,
    pub created_by: PlayerId,
    pub south: Option<PlayerRef>,
    pub north: Option<PlayerRef>,
    pub reserved_for: Option<PlayerRef>,
    pub first: Seat,
    pub custom_start: bool,
    pub start_position: String,
    pub position: String,
    /// The number of the next move (the position's ply).
    pub ply: u32,
    pub to_move: Seat,
    pub result: Option<Outcome>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The names an imported record gives South and North, shown as given
    /// and linked to no account (its seats hold no player); `None` for a
    /// game played here.
    pub recorded_names: Option<[String; 2]>,
    pub timing: Timing,
    /// Why an `aborted` game was aborted.
    pub abort_reason: Option<String>,
    /// Why a game asked for as rated does not count (`rated` is false).
    pub unrated_reason: Option<String>,
    /// The person a challenge was made to: a game created with a person's
    /// id as `opponent`. Kept once they accept (`reserved_for` is not).
    pub challenge_to: Option<PlayerId>,
    /// Why the player challenged declined (the game is `cancelled`).
    pub decline_reason: Option<String>,
    pub offers: Offers,
}

/// What the players of a game offer each other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// A takeback offer; it stands only while the game is at its ply.
    pub takeback: Option<Offer>,
    /// The seat whose rematch offer stands (a game that is over).
    pub rematch: Option<Seat>,
    /// The game an accepted rematch made.
    pub rematch_id: Option<GameId>,
}

/// An offer, by a seat, made when the game was at a ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub by: Seat,
    pub ply: u32,
}

impl Game {
    /// The takeback offer that stands: no move was played since it was made.
    pub fn takeback_offer(&self) -> Option<Seat> {
        self.offers
            .takeback
            .filter(|offer| offer.ply == self.ply && self.status == GameStatus::Active)
            .map(|offer| offer.by)
    }
}

/// A game's time control and clocks, as the Games layer keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// `None`: unlimited.
    pub control: Option<TimeControl>,
    /// South's and North's time left in milliseconds as of
    /// `turn_started_at`; `None` for an untimed game.
    pub clock_ms: Option<[i64; 2]>,
    /// When the side to move began thinking.
    pub turn_started_at: Option<DateTime<Utc>>,
    /// When the game must be looked at again without anyone asking: a
    /// flag falls, a first move is overdue, a waiting game expires.
    pub deadline_at: Option<DateTime<Utc>>,
    /// When a waiting game expires.
    pub expires_at: Option<DateTime<Utc>>,
}

impl Game {
    pub fn seat_of(&self, player: &PlayerId) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&seat| self.player(seat).is_some_and(|p| &p.id == player))
    }

    pub fn player(&self, seat: Seat) -> Option<&PlayerRef> {
        match seat {
            Seat::South => self.south.as_ref(),
            Seat::North => self.north.as_ref(),
        }
    }

    /// The number of the first move: the start position's ply (1 unless
    /// the game began from a custom position).
    pub fn start_ply(&self) -> u32 {
        self.start_position
            .rsplit(' ')
            .next()
            .and_then(|p| p.parse::<u32>().ok())
            .filter(|&p| p >= 1)
            .unwrap_or(1)
    }

    /// The ply of the last move played, or `start_ply() - 1` before any.
    pub fn last_ply(&self) -> u32 {
        self.ply.saturating_sub(1)
    }

    /// Records the end of the game.
    pub fn finish(&mut self, outcome: Outcome, at: DateTime<Utc>) {
        self.status = GameStatus::Finished;
        self.result = Some(outcome);
        self.finished_at = Some(at);
        self.updated_at = at;
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Option<PlayerRef> {
        match seat {
            Seat::South => &mut self.south,
            Seat::North => &mut self.north,
        }
    }
}

fn corrupt(what: impl std::fmt::Display) -> GamesError {
    GamesError::Store(StoreError::Corrupt(what.to_string()))
}

fn seat(raw: &str) -> Result<Seat, GamesError> {
    raw.parse().map_err(corrupt)
}

/// A stored bot level (`None` for a person, or for a level out of range,
/// which the migration's check forbids).
fn bot_level(stored: Option<i32>) -> Option<u8> {
    stored.and_then(|level| u8::try_from(level).ok())
}

fn seated_player(
    id: Option<String>,
    name: Option<String>,
    level: Option<i32>,
    bot_account: Option<bool>,
) -> Result<Option<PlayerRef>, GamesError> {
    match (id, name) {
        (Some(id), Some(name)) => Ok(Some(PlayerRef {
            id: PlayerId::parse(&id).map_err(corrupt)?,
            name,
            bot_level: bot_level(level),
            bot_account: bot_account.unwrap_or(false),
        })),
        (None, _) => Ok(None),
        (Some(id), None) => Err(corrupt(format!("player {id} has no name"))),
    }
}

impl TryFrom<GameRow> for Game {
    type Error = GamesError;

    fn try_from(row: GameRow) -> Result<Game, GamesError> {
        let rules = Rules::new(RuleParams {
            mandarin_setup: MandarinSetup::from_name(&row.mandarin_setup)
                .ok_or_else(|| corrupt(&row.mandarin_setup))?,
            mandarin_value: row.mandarin_value as u32,
            empty_mandarin_is_gap: row.empty_mandarin_is_gap,
            young_mandarin_min: row.young_mandarin_min as u32,
            first_move_mandarin_ban: row.first_move_mandarin_ban,
            refill_shortfall: RefillShortfall::from_name(&row.refill_shortfall)
                .ok_or_else(|| corrupt(&row.refill_shortfall))?,
            max_plies: row.max_plies as u32,
        })
        .map_err(corrupt)?;
        let result = match (row.winner, row.end_reason) {
            (Some(winner), Some(reason)) => Some(Outcome {
                winner: match winner.as_str() {
                    "draw" => None,
                    other => Some(seat(other)?),
                },
                reason: EndReason::from_name(&reason).ok_or_else(|| corrupt(&reason))?,
                scores: [
                    row.score_south.unwrap_or_default(),
                    row.score_north.unwrap_or_default(),
                ],
            }),
            _ => None,
        };
        Ok(Game {
            id: GameId::parse(&row.id).map_err(corrupt)?,
            status: GameStatus::parse(&row.status).ok_or_else(|| corrupt(&row.status))?,
            rules,
            rated: row.rated,
            created_by: PlayerId::parse(&row.created_by).map_err(corrupt)?,
            south: seated_player(
                row.south_id,
                row.south_name,
                row.south_bot_level,
                row.south_bot_account,
            )?,
            north: seated_player(
                row.north_id,
                row.north_name,
                row.north_bot_level,
                row.north_bot_account,
            )?,
            reserved_for: seated_player(
                row.reserved_for,
                row.reserved_name,
                row.reserved_bot_level,
                row.reserved_bot_account,
            )?,
            first: seat(&row.first_seat)?,
            custom_start: row.custom_start,
            start_position: row.start_position,
            position: row.position,
            ply: row.ply as u32,
            to_move: seat(&row.to_move)?,
            result,
            version: row.version,
            created_at: row.created_at,
            updated_at: row.updated_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            recorded_names: match (row.south_record_name, row.north_record_name) {
                (Some(south), Some(north)) => Some([south, north]),
                (None, None) => None,
                _ => return Err(corrupt(format!("game {}: one recorded name", row.id))),
            },
            timing: Timing {
                control: match (row.tc_initial_s, row.tc_increment_s, row.tc_days_per_move) {
                    (None, None, None) => None,
                    (Some(initial), increment, None) => Some(TimeControl::RealTime {
                        initial_s: initial as u32,
                        increment_s: increment.unwrap_or(0) as u32,
                    }),
                    (None, None, Some(days)) => Some(TimeControl::Correspondence {
                        days_per_move: days as u32,
                    }),
                    _ => return Err(corrupt(format!("game {}: time control", row.id))),
                },
                clock_ms: match (row.clock_south_ms, row.clock_north_ms) {
                    (Some(south), Some(north)) => Some([south, north]),
                    _ => None,
                },
                turn_started_at: row.turn_started_at,
                deadline_at: row.deadline_at,
                expires_at: row.expires_at,
            },
            abort_reason: row.abort_reason,
            unrated_reason: row.unrated_reason,
            challenge_to: row
                .challenge_to
                .as_deref()
                .map(PlayerId::parse)
                .transpose()
                .map_err(corrupt)?,
            decline_reason: row.decline_reason,
            offers: Offers {
                takeback: match (row.takeback_offer_by, row.takeback_offer_ply) {
                    (Some(by), Some(ply)) => Some(Offer {
                        by: seat(&by)?,
                        ply: ply as u32,
                    }),
                    _ => None,
                },
                rematch: row.rematch_offer_by.as_deref().map(seat).transpose()?,
                rematch_id: row
                    .rematch_id
                    .as_deref()
                    .map(GameId::parse)
                    .transpose()
                    .map_err(corrupt)?,
            },
        })
    }
}

impl From<&Game> for GameRow {
    fn from(game: &Game) -> GameRow {
        let params = game.rules.params();
        let seat_of = |player: &Option<PlayerRef>| {
            (
                player.as_ref().map(|p| p.id.to_string()),
                player.as_ref().map(|p| p.name.clone()),
                player.as_ref().and_then(|p| p.bot_level).map(i32::from),
            )
        };
        let (south_id, south_name, south_bot_level) = seat_of(&game.south);
        let (north_id, north_name, north_bot_level) = seat_of(&game.north);
        let (reserved_for, reserved_name, reserved_bot_level) = seat_of(&game.reserved_for);
        let (tc_initial_s, tc_increment_s, tc_days_per_move) = match game.timing.control {
            None => (None, None, None),
            Some(TimeControl::RealTime {
                initial_s,
                increment_s,
            }) => (Some(initial_s as i32), Some(increment_s as i32), None),
            Some(TimeControl::Correspondence { days_per_move }) => {
                (None, None, Some(days_per_move as i32))
            }
        };
        let [south_record_name, north_record_name] = match &game.recorded_names {
            Some([south, north]) => [Some(south.clone()), Some(north.clone())],
            None => [None, None],
        };
        GameRow {
            id: game.id.to_string(),
            status: game.status.as_str().to_owned(),
            preset: game.rules.preset().map(|p| p.name().to_owned()),
            mandarin_setup: params.mandarin_setup.name().to_owned(),
            mandarin_value: params.mandarin_value as i32,
            empty_mandarin_is_gap: params.empty_mandarin_is_gap,
            young_mandarin_min: params.young_mandarin_min as i32,
            first_move_mandarin_ban: params.first_move_mandarin_ban,
            refill_shortfall: params.refill_shortfall.name().to_owned(),
            max_plies: params.max_plies as i32,
            rated: game.rated,
            created_by: game.created_by.to_string(),
            south_id,
            south_name,
            south_bot_level,
            north_id,
            north_name,
            north_bot_level,
            reserved_for,
            reserved_name,
            reserved_bot_level,
            south_bot_account: game.south.as_ref().map(|p| p.bot_account),
            north_bot_account: game.north.as_ref().map(|p| p.bot_account),
            reserved_bot_account: game.reserved_for.as_ref().map(|p| p.bot_account),
            first_seat: game.first.name().to_owned(),
            custom_start: game.custom_start,
            start_position: game.start_position.clone(),
            position: game.position.clone(),
            ply: game.ply as i32,
            to_move: game.to_move.name().to_owned(),
            winner: game
                .result
                .map(|o| o.winner.map_or("draw", Seat::name).to_owned()),
            end_reason: game.result.map(|o| o.reason.name().to_owned()),
            score_south: game.result.map(|o| o.scores[0]),
            score_north: game.result.map(|o| o.scores[1]),
            version: game.version,
            created_at: game.created_at,
            updated_at: game.updated_at,
            started_at: game.started_at,
            finished_at: game.finished_at,
            south_record_name,
            north_record_name,
            tc_initial_s,
            tc_increment_s,
            tc_days_per_move,
            clock_south_ms: game.timing.clock_ms.map(|c| c[0]),
            clock_north_ms: game.timing.clock_ms.map(|c| c[1]),
            turn_started_at: game.timing.turn_started_at,
            deadline_at: game.timing.deadline_at,
            expires_at: game.timing.expires_at,
            abort_reason: game.abort_reason.clone(),
            unrated_reason: game.unrated_reason.clone(),
            challenge_to: game.challenge_to.as_ref().map(|id| id.to_string()),
            decline_reason: game.decline_reason.clone(),
            takeback_offer_by: game.offers.takeback.map(|o| o.by.name().to_owned()),
            takeback_offer_ply: game.offers.takeback.map(|o| o.ply as i32),
            rematch_offer_by: game.offers.rematch.map(|seat| seat.name().to_owned()),
            rematch_id: game.offers.rematch_id.as_ref().map(|id| id.to_string()),
        }
    }
}

impl Game {
    /// The store's row of this game.
    pub fn row(&self) -> GameRow {
        GameRow::from(self)
    }

    /// The game's place in the history order.
    pub fn history_key(&self) -> crate::store::HistoryKey {
        crate::store::HistoryKey {
            created_at: self.created_at,
            id: self.id.clone(),
        }
    }

    /// The columns a move that does not end the game changes.
    pub fn after_move(&self) -> crate::store::AfterMove<'_> {
        crate::store::AfterMove {
            id: &self.id,
            version: self.version,
            position: &self.position,
            ply: self.ply,
            to_move: self.to_move,
            updated_at: self.updated_at,
            clock_ms: self.timing.clock_ms,
            turn_started_at: self.timing.turn_started_at,
            deadline_at: self.timing.deadline_at,
        }
    }
}

/// The game a store row holds, if any (a read's answer).
pub fn from_row(row: Option<GameRow>) -> Result<Option<Game>, GamesError> {
    row.map(Game::try_from).transpose()
}

/// The games of stored rows (a list's answer).
pub fn from_rows(rows: Vec<GameRow>) -> Result<Vec<Game>, GamesError> {
    rows.into_iter().map(Game::try_from).collect()
}
