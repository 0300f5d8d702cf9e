//! Browsing games, newest first, one keyset page at a time.

use actix_web::{get, web, HttpRequest, HttpResponse};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::DateTime;
use sha2::{Digest, Sha256};
use utoipa_actix_web::service_config::ServiceConfig;

use std::sync::atomic::{AtomicU64, Ordering};

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::links::add_links;
use crate::api::protocol::params::PlayerIdPath;
use crate::api::views::{GamePage, GameView};
use crate::api::AppState;
use crate::domain::{GameId, PlayerId};
use crate::games::Game;
use crate::store::{GameFilter, HistoryKey};

pub fn configure(config: &mut ServiceConfig) {
    config.service(list_games).service(list_player_games);
}

pub use super::history_query::{GameListQuery, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};
use crate::api::protocol::query_values::invalid;

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
    let filter = query.filter(None)?;
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
        ("preset" = Option<String>, Query, pattern = "^(classic|village|online|custom)$", description = "The same as `rules` (not with it)"),
        ("opponent" = Option<PlayerId>, Query, description = "Only the games against this player"),
        ("result" = Option<crate::api::views::names::WinnerName>, Query, description = "Only the games won by this seat, or drawn"),
        ("reason" = Option<crate::api::views::names::EndReasonName>, Query, description = "Only the games that ended this way"),
        ("since" = Option<String>, Query, format = DateTime, description = "Only games created at or after this instant (RFC 3339)"),
        ("until" = Option<String>, Query, format = DateTime, description = "Only games created before this instant (RFC 3339)"),
        ("min_rating" = Option<f64>, Query, description = "Only rated games whose rating changes all started at this rating or above"),
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
    let filter = query.filter(Some(id))?;
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
