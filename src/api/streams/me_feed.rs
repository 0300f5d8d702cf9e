//! A player's stream as HTTP writes it: what its feed
//! ([`crate::live::feeds::me`]) says, as the API's `MeStreamEvent`s. Each
//! carries its cursor (its SSE `id`, and its `cursor` field for NDJSON
//! readers): the time it stands for in microseconds since the epoch, then
//! for an event of a game `.<game id>.<version>`.

use chrono::{DateTime, Utc};

use crate::api::streams::streaming::Sink;
use crate::api::views::me_stream_events::{
    ChallengeTag, ChallengeUpdateTag, DisabledWebhook, GameEndedTag, GameStartedTag,
    MeWebhookDisabledEvent, WebhookDisabledTag, YourTurnTag,
};
use crate::api::views::stream_events::SnapshotTag;
use crate::api::views::{
    ChallengeView, MeChallengeEvent, MeChallengeUpdateEvent, MeGameEndedEvent, MeGameEntry,
    MeGameStartedEvent, MeSnapshotEvent, MeStreamEvent, MeYourTurnEvent, PlayerSummary, ResultView,
    SeatName,
};
use crate::api::views::{ClockView, GameView};
use crate::domain::GameId;
use crate::domain::GameStatus;
use crate::engine::{Outcome, Seat};
use crate::games::{self, Game};
use crate::live::feeds::me::{ChallengeChange, MeOut, Resume, Standing, Turn};
use crate::live::Notice;

/// The view of `game`, unless its stored position does not read back (the
/// game is then left out).
fn view(game: &Game) -> Option<GameView> {
    Some(GameView::of(game, &games::position_of(game).ok()?))
}

fn opponent(game: &Game, seat: Seat) -> Option<PlayerSummary> {
    game.player(seat.other()).map(PlayerSummary::from)
}

/// The cursor of an item that stands for `at`, of `game` at `version`.
pub fn cursor(at: DateTime<Utc>, game: Option<(&GameId, i64)>) -> String {
    let micros = at.timestamp_micros();
    match game {
        Some((id, version)) => format!("{micros}.{id}.{version}"),
        None => micros.to_string(),
    }
}

/// Where a stream resumes from a cursor a client sent back; `None` when
/// it is none. A time after `now` resumes from `now`.
pub fn resume_from(cursor: &str, now: DateTime<Utc>) -> Option<Resume> {
    let mut parts = cursor.trim().split('.');
    let micros: i64 = parts.next()?.parse().ok().filter(|m| *m >= 0)?;
    let seen = match (parts.next(), parts.next(), parts.next()) {
        (None, _, _) => None,
        (Some(id), Some(version), None) => Some((
            GameId::parse(id).ok()?,
            version.parse().ok().filter(|v| *v >= 0)?,
        )),
        _ => return None,
    };
    let after = DateTime::from_timestamp_micros(micros)?.min(now);
    Some(Resume { after, seen })
}

fn send(sink: &Sink, event: MeStreamEvent, cursor: &str) {
    let payload = serde_json::to_value(event).unwrap_or_default();
    sink.event_with_id(cursor, &payload);
}

impl MeOut for Sink {
    fn snapshot<'a>(
        &self,
        games: impl Iterator<Item = Standing<'a>>,
        truncated: bool,
        at: DateTime<Utc>,
    ) {
        let cursor = cursor(at, None);
        let mut snapshot = MeSnapshotEvent {
            type_: SnapshotTag,
            cursor: cursor.clone(),
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
        send(self, MeStreamEvent::Snapshot(snapshot), &cursor);
    }

    fn challenge(&self, game: &Game, version: i64, at: DateTime<Utc>) {
        let Some(view) = view(game) else {
            return;
        };
        let from = game
            .player(Seat::South)
            .or(game.player(Seat::North))
            .map(PlayerSummary::from);
        let event = MeChallengeEvent {
            type_: ChallengeTag,
            cursor: cursor(at, Some((&game.id, version))),
            game_id: game.id.to_string(),
            version,
            from,
            game: view,
        };
        let cursor = event.cursor.clone();
        send(self, MeStreamEvent::Challenge(event), &cursor);
    }

    fn challenge_changed(
        &self,
        game: &Game,
        version: i64,
        change: ChallengeChange,
        incoming: bool,
        at: DateTime<Utc>,
    ) {
        let Ok(position) = games::position_of(game) else {
            return;
        };
        let Some(challenge) = ChallengeView::seen(game, &position, incoming) else {
            return;
        };
        let event = MeChallengeUpdateEvent {
            type_: ChallengeUpdateTag,
            cursor: cursor(at, Some((&game.id, version))),
            game_id: game.id.to_string(),
            version,
            change: change.name(),
            challenge,
        };
        let cursor = event.cursor.clone();
        send(self, MeStreamEvent::ChallengeUpdate(event), &cursor);
    }

    fn notice(&self, notice: &Notice) {
        let Notice::WebhookDisabled {
            endpoint,
            url,
            reason,
            at,
        } = notice;
        let event = MeWebhookDisabledEvent {
            type_: WebhookDisabledTag,
            cursor: cursor(*at, None),
            webhook: DisabledWebhook {
                id: endpoint.clone(),
                url: url.clone(),
                disabled_reason: reason.clone(),
                disabled_at: *at,
            },
        };
        let cursor = event.cursor.clone();
        send(self, MeStreamEvent::WebhookDisabled(event), &cursor);
    }

    fn started(&self, game: &Game, seat: Seat, version: i64, at: DateTime<Utc>) {
        let Some(view) = view(game) else {
            return;
        };
        let event = MeGameStartedEvent {
            type_: GameStartedTag,
            cursor: cursor(at, Some((&game.id, version))),
            game_id: game.id.to_string(),
            version,
            seat: seat.into(),
            opponent: opponent(game, seat),
            game: view,
        };
        let cursor = event.cursor.clone();
        send(self, MeStreamEvent::GameStarted(event), &cursor);
    }

    fn your_turn(&self, game: &Game, turn: Turn, at: DateTime<Utc>) {
        let clock = turn.clock.map(ClockView::from);
        let event = MeYourTurnEvent {
            type_: YourTurnTag,
            cursor: cursor(at, Some((&game.id, turn.version))),
            game_id: game.id.to_string(),
            version: turn.version,
            ply: turn.ply,
            seat: SeatName::from(turn.seat),
            deadline: clock.as_ref().and_then(|c| c.deadline),
            clock,
        };
        let cursor = event.cursor.clone();
        send(self, MeStreamEvent::YourTurn(event), &cursor);
    }

    fn ended(
        &self,
        game: &Game,
        version: i64,
        status: GameStatus,
        result: Option<&Outcome>,
        at: DateTime<Utc>,
    ) {
        let event = MeGameEndedEvent {
            type_: GameEndedTag,
            cursor: cursor(at, Some((&game.id, version))),
            game_id: game.id.to_string(),
            version,
            status: status.as_str().to_owned(),
            result: result.map(ResultView::from),
        };
        let cursor = event.cursor.clone();
        send(self, MeStreamEvent::GameEnded(event), &cursor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_it_was_written() {
        let now = DateTime::from_timestamp_micros(1_800_000_000_000_000).unwrap();
        let at = DateTime::from_timestamp_micros(1_738_312_200_123_456).unwrap();
        assert_eq!(
            resume_from(&cursor(at, None), now),
            Some(Resume {
                after: at,
                seen: None
            })
        );
        let game = GameId::generate();
        let written = cursor(at, Some((&game, 7)));
        let read = resume_from(&written, now).unwrap();
        assert_eq!(read.seen, Some((game, 7)));
        assert_eq!(read.after, at);
        let later = DateTime::from_timestamp_micros(1_900_000_000_000_000).unwrap();
        assert_eq!(resume_from(&cursor(later, None), now).unwrap().after, now);
        for bad in ["", "x", "-1", "1.2", "1.g.x", "1..2", "1.g_a.2.3"] {
            assert_eq!(resume_from(bad, now), None, "{bad:?}");
        }
    }
}
