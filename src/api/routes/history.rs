//! Browsing games, newest first, one keyset page at a time.

use actix_web::{get, web, HttpRequest, HttpResponse};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::DateTime;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use std::sync::atomic::{AtomicU64, Ordering};

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::links::add_links;
use crate::api::protocol::params::PlayerIdPath;
use crate::api::views::{GamePage, GameView};
use crate::api::AppState;
use crate::domain::{GameId, GameStatus, PlayerId};
use crate::engine::Preset;
use crate::games::Game;
use crate::store::{GameFilter, HistoryKey, RulesFilter};

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_games).service(list_player_games);
}

pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

/// The query of a game list. Every value is taken as text and checked
/// here, so that a bad one is a 400 naming its parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameListQuery {
    /// Only the games in this status.
    #[param(value_type = Option<crate::api::views::names::GameStatusName>)]
    pub status: Option<String>,
    /// A player id: the games in which this player sits, in either seat.
    #[param(value_type = Option<PlayerId>)]
    pub player: Option<String>,
    /// Only rated (`true`) or unrated (`false`) games.
    #[param(value_type = Option<bool>)]
    pub rated: Option<String>,
    /// `classic`, `village`, `online`, or `custom` (a mix that is no preset).
    #[param(pattern = "^(classic|village|online|custom)$")]
    pub rules: Option<String>,
    /// From the previous page's `next_cursor`; omit for the newest games.
    #[param(pattern = "^[A-Za-z0-9_-]+$")]
    pub cursor: Option<String>,
    /// Games per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

fn invalid(parameter: &str, value: &str, expected: &str) -> ApiError {
    ApiError::InvalidQuery(format!("{parameter}: {value:?} is not {expected}"))
}

impl GameListQuery {
    fn filter(&self) -> Result<GameFilter, ApiError> {
        let status = self
            .status
            .as_deref()
            .map(|raw| {
                GameStatus::parse(raw).ok_or_else(|| {
                    invalid(
                        "status",
                        raw,
                        "waiting, active, finished, cancelled or archived",
                    )
                })
            })
            .transpose()?;
        let player = self
            .player
            .as_deref()
            .map(|raw| PlayerId::parse(raw).map_err(|_| invalid("player", raw, "a player id")))
            .transpose()?;
        let rated = match self.rated.as_deref() {
            None => None,
            Some("true") => Some(true),
            Some("false") => Some(false),
            Some(raw) => return Err(invalid("rated", raw, "true or false")),
        };
        let rules = match self.rules.as_deref() {
            None => None,
            Some("custom") => Some(RulesFilter::Custom),
            Some(raw) => Some(RulesFilter::Preset(
                Preset::ALL
                    .into_iter()
                    .find(|p| p.name() == raw)
                    .ok_or_else(|| invalid("rules", raw, "classic, village, online or custom"))?,
            )),
        };
        Ok(GameFilter {
            status,
            player,
            rated,
            rules,
            ..GameFilter::default()
        })
    }

    fn limit(&self) -> Result<u32, ApiError> {
        match self.limit.as_deref() {
            None => Ok(DEFAULT_PAGE_SIZE),
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
                .ok_or_else(|| invalid("limit", raw, "a whole number from 1 to 100")),
        }
    }

    fn after(&self) -> Result<Option<HistoryKey>, ApiError> {
        self.cursor.as_deref().map(decode_cursor).transpose()
    }

    /// The query string of the next page: the same filters, the new cursor.
    fn next_page(&self, cursor: &str) -> String {
        let kept = [
            ("status", &self.status),
            ("player", &self.player),
            ("rated", &self.rated),
            ("rules", &self.rules),
            ("limit", &self.limit),
        ];
        // Every kept value was checked above, so none needs escaping.
        kept.iter()
            .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}={v}")))
            .chain([format!("cursor={cursor}")])
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// The cursor is the last game's place in the order, opaque to clients:
/// base64url of `<created_at in µs since the epoch>.<game id>` and a
/// 4-byte checksum, so that an edited cursor is refused rather than
/// silently starting the page somewhere else. (It guards against mistakes,
/// not forgery: a forged cursor could only start a page of public data at
/// another place.)
pub fn encode_cursor(key: &HistoryKey) -> String {
    let mut bytes = format!("{}.{}", key.created_at.timestamp_micros(), key.id).into_bytes();
    let check = cursor_check(&bytes);
    bytes.extend_from_slice(&check);
    URL_SAFE_NO_PAD.encode(bytes)
}

fn cursor_check(payload: &[u8]) -> [u8; CURSOR_CHECK_BYTES] {
    let digest = Sha256::digest(payload);
    let mut check = [0; CURSOR_CHECK_BYTES];
    check.copy_from_slice(&digest[..CURSOR_CHECK_BYTES]);
    check
}

const CURSOR_CHECK_BYTES: usize = 4;

/// 1970-01-01 up to the end of 9999, in microseconds since the epoch.
const CURSOR_MICROS: std::ops::RangeInclusive<i64> = 0..=253_402_300_799_999_999;

pub fn decode_cursor(raw: &str) -> Result<HistoryKey, ApiError> {
    let bad = || invalid("cursor", raw, "a cursor from a previous page's next_cursor");
    let bytes = URL_SAFE_NO_PAD.decode(raw).map_err(|_| bad())?;
    let split = bytes
        .len()
        .checked_sub(CURSOR_CHECK_BYTES)
        .ok_or_else(bad)?;
    let (payload, check) = bytes.split_at(split);
    if cursor_check(payload) != check {
        return Err(bad());
    }
    let text = std::str::from_utf8(payload).map_err(|_| bad())?;
    let (micros, id) = text.split_once('.').ok_or_else(bad)?;
    // Only times a game can have been created at: both backends store
    // them alike, so a forged time beyond is refused, not misread.
    let created_at = micros
        .parse::<i64>()
        .ok()
        .filter(|m| CURSOR_MICROS.contains(m))
        .and_then(DateTime::from_timestamp_micros)
        .ok_or_else(bad)?;
    let id = GameId::parse(id).map_err(|_| bad())?;
    Ok(HistoryKey { created_at, id })
}

/// Games left out of a list page because their stored position did not read
/// back, since the process started. Play cannot produce such a row
/// (`engine::tests::bounds`); `oanquan verify` names any there is.
static UNREADABLE_GAMES: AtomicU64 = AtomicU64::new(0);

/// How many times a list page left out a game it could not read.
pub fn unreadable_games() -> u64 {
    UNREADABLE_GAMES.load(Ordering::Relaxed)
}

/// The game's view, or `None` (logged and counted) when its stored position
/// does not read back: one bad row must not take the page down.
fn readable_view(game: &Game) -> Option<GameView> {
    match crate::games::positions::current_position(game) {
        Ok(position) => Some(GameView::of(game, &position)),
        Err(error) => {
            let total = UNREADABLE_GAMES.fetch_add(1, Ordering::Relaxed) + 1;
            tracing::error!(game_id = %game.id, %error, unreadable_total = total,
                "a stored game cannot be read; left out of the list page");
            None
        }
    }
}

/// One page of `filter`'s games, with `next_cursor` and a `Link` header.
async fn page(
    state: &AppState,
    request: &HttpRequest,
    query: &GameListQuery,
    filter: GameFilter,
) -> Result<HttpResponse, ApiError> {
    let limit = query.limit()?;
    let after = query.after()?;
    let mut games = state
        .games
        .list(&state.store, &filter, after.as_ref(), limit + 1)
        .await?;
    let more = games.len() > limit as usize;
    games.truncate(limit as usize);
    let next_cursor = games
        .last()
        .filter(|_| more)
        .map(|game| encode_cursor(&game.history_key()));
    let views = games.iter().filter_map(readable_view).collect();
    let next = next_cursor
        .as_ref()
        .map(|cursor| format!("{}?{}", request.path(), query.next_page(cursor)));
    let mut response = HttpResponse::Ok().json(GamePage {
        games: views,
        next_cursor,
    });
    add_links(&mut response, next, None);
    Ok(response)
}

/// Games, newest first, filtered; a page at a time.
///
/// Pages are cut by keyset (the last game's creation time and id, in
/// `next_cursor`), not by offset: games created or finished while you page
/// neither repeat nor push others out. Every game that existed when the
/// first page was read appears exactly once (a game changing status
/// meanwhile may leave or enter a `status` filter).
#[utoipa::path(
    tag = "history",
    params(GameListQuery),
    responses(
        (status = 200, description = "A page of games", body = GamePage,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page, when there is one"))),
        (status = 400, description = "`invalid_query`: a parameter's value is not allowed (the detail names it)",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/games")]
pub async fn list_games(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: crate::api::protocol::extractors::StrictQuery<GameListQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = query.filter()?;
    page(&state, &request, &query, filter).await
}

/// List a player's games
///
/// The games a player sits in, newest first; paged like `GET /v1/games`.
#[utoipa::path(
    tag = "history",
    params(
        PlayerIdPath,
        ("status" = Option<String>, Query, pattern = "^(waiting|active|finished|cancelled|archived)$", description = "`waiting`, `active`, `finished`, `cancelled` or `archived`"),
        ("rated" = Option<bool>, Query, description = "Only rated (`true`) or unrated (`false`) games."),
        ("rules" = Option<String>, Query, pattern = "^(classic|village|online|custom)$", description = "`classic`, `village`, `online` or `custom`"),
        ("cursor" = Option<String>, Query, pattern = "^[A-Za-z0-9_-]+$", description = "From the previous page's `next_cursor`"),
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 100, description = "Games per page, 1 to 100 (default 20)"),
    ),
    responses(
        (status = 200, description = "A page of the player's games", body = GamePage,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page, when there is one"))),
        (status = 400, description = "`invalid_query` or `invalid_path_parameter`",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`player_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/players/{id}/games")]
pub async fn list_player_games(
    state: web::Data<AppState>,
    request: HttpRequest,
    id: web::Path<PlayerId>,
    query: crate::api::protocol::extractors::StrictQuery<GameListQuery>,
) -> Result<HttpResponse, ApiError> {
    if query.player.is_some() {
        return Err(ApiError::InvalidQuery(
            "player: not a parameter here; the player is the one in the path".to_owned(),
        ));
    }
    let id = id.into_inner();
    if state.store.player_by_id(&id).await?.is_none() {
        return Err(ApiError::PlayerNotFound(id.to_string()));
    }
    let filter = GameFilter {
        player: Some(id),
        ..query.filter()?
    };
    page(&state, &request, &query, filter).await
}

#[cfg(test)]
mod tests {
    use chrono::{SubsecRound, Utc};

    use super::*;

    #[test]
    fn cursors_round_trip_and_tampering_is_refused() {
        let key = HistoryKey {
            created_at: Utc::now().trunc_subsecs(6),
            id: GameId::generate(),
        };
        let cursor = encode_cursor(&key);
        assert_eq!(decode_cursor(&cursor).unwrap(), key);
        let signed = |payload: &str| {
            let mut bytes = payload.as_bytes().to_vec();
            bytes.extend_from_slice(&cursor_check(payload.as_bytes()));
            URL_SAFE_NO_PAD.encode(bytes)
        };
        assert_eq!(
            decode_cursor(&signed(&format!(
                "{}.{}",
                key.created_at.timestamp_micros(),
                key.id
            )))
            .unwrap(),
            key
        );
        let mut bad = vec![
            format!("{cursor}x"),
            "not a cursor".to_owned(),
            String::new(),
            signed("12.short"),
            signed(&format!("99999999999999999999.{}", key.id)),
            signed(&format!("12{}", key.id)),
            URL_SAFE_NO_PAD.encode(format!("12.{}", key.id)),
        ];
        for i in 0..cursor.len() {
            let mut edited = cursor.clone().into_bytes();
            edited[i] = if edited[i] == b'A' { b'B' } else { b'A' };
            bad.push(String::from_utf8(edited).unwrap());
        }
        for bad in bad {
            let error = decode_cursor(&bad).map(|_| ()).unwrap_err();
            assert!(error.to_string().starts_with("cursor: "), "{bad}: {error}");
        }
    }

    #[test]
    fn the_next_page_keeps_the_filters() {
        let query = GameListQuery {
            status: Some("finished".to_owned()),
            rated: Some("true".to_owned()),
            limit: Some("5".to_owned()),
            cursor: Some("old".to_owned()),
            ..GameListQuery::default()
        };
        assert_eq!(
            query.next_page("new"),
            "status=finished&rated=true&limit=5&cursor=new"
        );
    }

    proptest::proptest! {
        /// Any signed payload decodes to a time both backends store, or is
        /// refused: never a panic, never a year outside 1970..=9999.
        #[test]
        fn signed_cursors_decode_within_range_or_not_at_all(micros in proptest::prelude::any::<i64>(), text in "\\PC{0,40}") {
            for payload in [format!("{micros}.aB3dE6gH9j"), text] {
                let mut bytes = payload.as_bytes().to_vec();
                bytes.extend_from_slice(&cursor_check(payload.as_bytes()));
                if let Ok(key) = decode_cursor(&URL_SAFE_NO_PAD.encode(bytes)) {
                    let year = chrono::Datelike::year(&key.created_at);
                    proptest::prop_assert!((1970..=9999).contains(&year));
                    proptest::prop_assert_eq!(decode_cursor(&encode_cursor(&key)).unwrap(), key);
                }
            }
        }
    }
}
