//! Tournaments: round-robin, Swiss and arena events the server pairs and
//! runs.

use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::extractors::{Json, StrictQuery};
use crate::api::protocol::links::add_links;
use crate::api::views::{
    GameView, PresetName, TournamentClock, TournamentGameView, TournamentGames, TournamentPage,
    TournamentRef, TournamentRules, TournamentSummary, TournamentView,
};
use crate::api::AppState;
use crate::domain::PlayerId;
use crate::engine::Preset;
use crate::tournaments::NewTournament;

/// Tournaments per page by default, and at most.
const DEFAULT_LIMIT: u32 = 20;
const MAX_LIMIT: u32 = 100;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_tournament)
        .service(list_tournaments)
        .service(get_tournament)
        .service(tournament_games)
        .service(join_tournament)
        .service(withdraw_from_tournament)
        .service(start_tournament)
        .service(cancel_tournament);
}

/// A tournament to create.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Club night", "format": "swiss", "rules": {"preset": "classic"}, "clock": {"initial_s": 300, "increment_s": 3}, "rounds": 3, "max_players": 16, "rated": true}))]
pub struct NewTournamentBody {
    /// 1 to 64 characters.
    pub name: String,
    /// `round_robin`, `swiss` or `arena`.
    pub format: String,
    #[serde(default)]
    pub rules: TournamentRules,
    pub clock: TournamentClock,
    /// A Swiss's rounds, 1 to 15; none for a round-robin or an arena.
    pub rounds: Option<u32>,
    /// A round-robin played twice, the seats swapped (default false).
    #[serde(default)]
    pub double: bool,
    /// An arena's length, 1 to 720 minutes (required for an arena,
    /// refused with the other formats).
    pub duration_min: Option<u32>,
    /// When it starts by itself, if it has two players or more then (it is
    /// cancelled otherwise); its creator may start it before.
    pub starts_at: Option<chrono::DateTime<chrono::Utc>>,
    /// 2 to 32 (default 16).
    pub max_players: Option<u32>,
    /// Its games are rated (those against bots never are).
    #[serde(default)]
    pub rated: bool,
    /// Built-in bots to enter (`GET /v1/bots`), by id, e.g. `botLevel03`.
    #[serde(default)]
    #[schema(value_type = Vec<String>, example = json!(["botLevel03"]))]
    pub bots: Vec<String>,
}

impl NewTournamentBody {
    fn asked(&self) -> Result<NewTournament, ApiError> {
        let invalid = |detail: String| {
            ApiError::Tournament(crate::tournaments::TournamentsError::Invalid(detail))
        };
        let bots = self
            .bots
            .iter()
            .map(|id| PlayerId::parse(id).map_err(|e| invalid(format!("bots: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(NewTournament {
            name: self.name.clone(),
            format: self.format.clone(),
            double: self.double,
            preset: Preset::from(self.rules.preset.unwrap_or(PresetName::Classic)),
            initial_s: self.clock.initial_s,
            increment_s: self.clock.increment_s,
            rounds: self.rounds,
            duration_min: self.duration_min,
            starts_at: self.starts_at,
            max_players: self.max_players,
            rated: self.rated,
            bots,
        })
    }
}

/// A tournament's id in the path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TournamentIdPath {
    /// 10 letters or digits.
    #[param(pattern = "^[A-Za-z0-9]{10}$")]
    pub id: String,
}

pub(crate) fn tournament_id(raw: &str) -> Result<&str, ApiError> {
    if raw.len() == 10 && raw.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(raw)
    } else {
        Err(ApiError::InvalidPathParameter(format!(
            "id: {raw:?} is not a tournament id (10 letters or digits)"
        )))
    }
}

async fn reply(
    state: &AppState,
    id: &str,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, ApiError> {
    let tournament = state.tournaments.get(&state.store, id).await?;
    Ok(HttpResponse::build(status).json(TournamentView::of(&tournament)))
}

/// Create a tournament
///
/// A round-robin (every pair meets once, or twice with `double`), a
/// Swiss (`rounds` rounds, no pair twice) or an arena (`duration_min`
/// minutes, each player paired again as soon as they are free),
/// `registering` until its creator starts it or `starts_at` comes. You are
/// not entered by creating it: join it to play.
#[utoipa::path(
    tag = "tournaments",
    security(("bearer" = [])),
    request_body(content = NewTournamentBody, description = "The tournament", example = json!({"name": "Club night", "format": "swiss", "rules": {"preset": "classic"}, "clock": {"initial_s": 300, "increment_s": 3}, "rounds": 3, "max_players": 16, "rated": true})),
    responses(
        (status = 201, description = "Created, `registering`", body = TournamentView,
            headers(("Location" = String, description = "`/v1/tournaments/{id}`"))),
        (status = 422, description = "`invalid_tournament` or `invalid_body`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/tournaments")]
pub async fn create_tournament(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    body: Json<NewTournamentBody>,
) -> Result<HttpResponse, ApiError> {
    let asked = body.asked()?;
    let id = state
        .tournaments
        .create(&state.store, &asked, &player.id)
        .await?;
    let mut response = reply(&state, &id, actix_web::http::StatusCode::CREATED).await?;
    if let Ok(location) = header::HeaderValue::from_str(&format!("/v1/tournaments/{id}")) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    Ok(response)
}

/// The query of the tournaments' list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TournamentListQuery {
    /// Only the tournaments in this status.
    #[param(pattern = "^(registering|running|finished|cancelled)$")]
    pub status: Option<String>,
    /// From the previous page's `next_cursor`; omit for the newest.
    #[param(pattern = "^[A-Za-z0-9_-]+$")]
    pub cursor: Option<String>,
    /// Tournaments per page, 1 to 100 (default 20).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

/// List tournaments
///
/// Newest first, a page at a time (keyset pages: `next_cursor`, and a
/// `Link` header to the next page).
#[utoipa::path(
    tag = "tournaments",
    params(TournamentListQuery),
    responses(
        (status = 200, description = "A page of tournaments", body = TournamentPage,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page, when there is one"))),
        (status = 400, description = "`invalid_query`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/tournaments")]
pub async fn list_tournaments(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: StrictQuery<TournamentListQuery>,
) -> Result<HttpResponse, ApiError> {
    let invalid = |name: &str, value: &str, expected: &str| {
        ApiError::InvalidQuery(format!("{name}: {value:?} is not {expected}"))
    };
    let status = match query.status.as_deref() {
        None => None,
        Some(s @ ("registering" | "running" | "finished" | "cancelled")) => Some(s),
        Some(other) => {
            return Err(invalid(
                "status",
                other,
                "registering, running, finished or cancelled",
            ))
        }
    };
    let limit = match query.limit.as_deref() {
        None => DEFAULT_LIMIT,
        Some(raw) => raw
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| invalid("limit", raw, "a number from 1 to 100"))?,
    };
    let after =
        match query.cursor.as_deref() {
            None => None,
            Some(raw) => Some(tournament_id(raw).map_err(|_| {
                invalid("cursor", raw, "a cursor from a previous page's next_cursor")
            })?),
        };
    let mut rows = state
        .store
        .list_tournaments(status, after, limit + 1)
        .await?;
    let more = rows.len() > limit as usize;
    rows.truncate(limit as usize);
    let mut tournaments = Vec::with_capacity(rows.len());
    for row in &rows {
        let players = state.store.tournament_entrants(&row.id).await?.len();
        tournaments.push(TournamentSummary::of(row, players));
    }
    let next_cursor = rows.last().filter(|_| more).map(|row| row.id.clone());
    let next = next_cursor.as_ref().map(|cursor| {
        crate::api::protocol::links::page_url(
            request.path(),
            &[
                ("status", status.map(str::to_owned)),
                ("limit", query.limit.as_ref().map(|_| limit.to_string())),
            ],
            cursor,
        )
    });
    let mut response = HttpResponse::Ok().json(TournamentPage {
        tournaments,
        next_cursor,
    });
    add_links(&mut response, next, None);
    Ok(response)
}

/// A tournament
///
/// Its settings, players, pairings and standings (best first, with their
/// tiebreaks).
#[utoipa::path(
    tag = "tournaments",
    params(TournamentIdPath),
    responses(
        (status = 200, description = "The tournament", body = TournamentView),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/tournaments/{id}")]
pub async fn get_tournament(
    state: web::Data<AppState>,
    path: web::Path<TournamentIdPath>,
) -> Result<HttpResponse, ApiError> {
    reply(
        &state,
        tournament_id(&path.id)?,
        actix_web::http::StatusCode::OK,
    )
    .await
}

/// A tournament's games
///
/// Every game it made, by round and board, each with `tournament`.
#[utoipa::path(
    tag = "tournaments",
    params(TournamentIdPath),
    responses(
        (status = 200, description = "The games", body = TournamentGames),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/tournaments/{id}/games")]
pub async fn tournament_games(
    state: web::Data<AppState>,
    path: web::Path<TournamentIdPath>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&path.id)?;
    let games = state.tournaments.games_of(&state.store, id).await?;
    let mut views = Vec::with_capacity(games.len());
    for (round, game) in &games {
        let position = crate::games::position_of(game)?;
        views.push(TournamentGameView {
            game: GameView::of(game, &position),
            tournament: TournamentRef {
                id: id.to_owned(),
                round: *round,
            },
        });
    }
    Ok(HttpResponse::Ok().json(TournamentGames { games: views }))
}

macro_rules! action {
    ($name:ident, $path:literal, $summary:literal, $doc:literal, $method:ident, $errors:literal) => {
        #[doc = $summary]
        #[doc = ""]
        #[doc = $doc]
        #[utoipa::path(
            tag = "tournaments",
            security(("bearer" = [])),
            params(TournamentIdPath),
            responses(
                (status = 200, description = "Done: the tournament after it", body = TournamentView),
                (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
                (status = 409, description = $errors, body = Problem, content_type = "application/problem+json"),
            )
        )]
        #[post($path)]
        pub async fn $name(
            state: web::Data<AppState>,
            Authenticated { player, .. }: Authenticated<scope::Play>,
            path: web::Path<TournamentIdPath>,
        ) -> Result<HttpResponse, ApiError> {
            let id = tournament_id(&path.id)?;
            state.tournaments.$method(&state.store, id, &player.id).await?;
            reply(&state, id, actix_web::http::StatusCode::OK).await
        }
    };
}

action!(
    withdraw_from_tournament,
    "/v1/tournaments/{id}/withdraw",
    "Withdraw from a tournament",
    "Before it starts, takes you off the list; while it runs, you are paired no more, and in a round-robin your remaining games are forfeited (your game under way plays out); in an arena your game under way is forfeited.",
    withdraw,
    "`not_entered` or `tournament_over`"
);
action!(
    start_tournament,
    "/v1/tournaments/{id}/start",
    "Start a tournament",
    "Its creator starts a `registering` tournament of two players or more: round 1 is paired, its games created active.",
    start,
    "`tournament_not_registering` or `too_few_players` (403 `not_tournament_creator`)"
);
action!(
    cancel_tournament,
    "/v1/tournaments/{id}/cancel",
    "Cancel a tournament",
    "Its creator cancels a tournament not over: no more rounds are paired; the games under way play out, uncounted.",
    cancel,
    "`tournament_over` (403 `not_tournament_creator`)"
);

/// The query of a join.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JoinQuery {
    /// A built-in bot's id (`GET /v1/bots`): its creator enters the bot
    /// instead of themselves.
    #[param(pattern = "^[A-Za-z0-9]{10}$", example = "botLevel03")]
    pub bot: Option<String>,
}

/// Join a tournament
///
/// Enters you in a `registering` tournament, seeded after the players
/// entered before you; with `?bot=`, its creator enters that built-in bot.
#[utoipa::path(
    tag = "tournaments",
    security(("bearer" = [])),
    params(TournamentIdPath, JoinQuery),
    responses(
        (status = 200, description = "Entered: the tournament after it", body = TournamentView),
        (status = 403, description = "`not_tournament_creator` (a bot entered by another)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`tournament_not_registering`, `tournament_full` or `already_entered`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_tournament`: `bot` is not a built-in bot", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/tournaments/{id}/join")]
pub async fn join_tournament(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    path: web::Path<TournamentIdPath>,
    query: StrictQuery<JoinQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&path.id)?;
    let bot = query
        .bot
        .as_deref()
        .map(|raw| {
            PlayerId::parse(raw).map_err(|e| {
                ApiError::Tournament(crate::tournaments::TournamentsError::Invalid(format!(
                    "bot: {e}"
                )))
            })
        })
        .transpose()?;
    state
        .tournaments
        .join(&state.store, id, &player.id, bot.as_ref())
        .await?;
    reply(&state, id, actix_web::http::StatusCode::OK).await
}
