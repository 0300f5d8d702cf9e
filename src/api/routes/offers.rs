//! Offers between the players of a game: takebacks, rematches, draws.

use actix_web::http::{header, StatusCode};
use actix_web::{delete, post, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use super::games::game_reply;
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::idempotency::run_once;
use crate::api::protocol::params::{GameIdPath, IdempotencyKey};
use crate::api::protocol::transition::transition_once;
use crate::api::views::GameView;
use crate::api::AppState;
use crate::domain::GameId;
use crate::games::{player_ref, Done, Transition};
use crate::store::KeyScope;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(offer_takeback)
        .service(end_takeback)
        .service(offer_rematch)
        .service(end_rematch)
        .service(offer_draw);
}

/// Offer or accept a takeback
///
/// Offers to take back your last move, or accepts your opponent's offer:
/// their last move, and your reply to it if you made one, are undone.
/// Casual games between two people only; an offer lapses when a move is
/// played. Both are told on the game's stream (`offer`, then `taken_back`).
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "Offered (`offers.takeback` is your seat), or accepted (the moves are undone)", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_active`, `takeback_not_allowed` (a rated game, a bot), `nothing_to_take_back` or `offer_pending`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/takeback")]
pub async fn offer_takeback(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "takeback",
        async |games, tx| games.takeback(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}

/// Withdraw or decline a takeback
///
/// Ends the standing takeback offer: yours is withdrawn, your opponent's declined.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "The offer is gone", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_active` or `no_offer`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/v1/games/{id}/takeback")]
pub async fn end_takeback(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "end takeback",
        async |games, tx| games.end_takeback_offer(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}

/// Offer or accept a rematch
///
/// Once a game is over, offers its players a rematch, or accepts your
/// opponent's offer: a new `active` game, each of you in the other's
/// seat, with the same rules, start, time control and ask for a rating.
/// Against a built-in bot the rematch begins at once.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "Offered: this game, `offers.rematch` your seat", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 201, description = "Accepted: the new game", body = GameView,
            headers(("Location" = String, description = "`/v1/games/{id}` of the new game"), ("ETag" = String, description = "The new game's version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_over`, `offer_pending`, `rematch_made`, `too_many_waiting_games` or `too_many_bot_games`",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/rematch")]
pub async fn offer_rematch(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let asker = player_ref(&player);
    // When the rematch is made, the unit's transition is the new game's,
    // and the game asked of is published after it.
    let work = async |games: &crate::games::Games, tx: &mut crate::store::WriteTx| {
        let rematched = games.rematch(tx, &id, &asker).await?;
        Ok::<_, crate::games::GamesError>(match rematched.new {
            Some(new) => Done {
                also: vec![rematched.old],
                ..Done::with(true, new)
            },
            None => Done::with(false, rematched.old),
        })
    };
    let render = |made: &bool, transition: Option<&Transition>| {
        let transition = transition
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a transition was made")))?;
        if *made {
            Ok(game_reply(StatusCode::CREATED, &transition.game)?.header(
                header::LOCATION,
                format!("/v1/games/{}", transition.game.id),
            ))
        } else {
            game_reply(StatusCode::OK, &transition.game)
        }
    };
    let response = run_once(
        &state,
        &request,
        KeyScope::Player(&player.id),
        None,
        "rematch",
        work,
        render,
    )
    .await?;
    Ok(response)
}

/// Withdraw or decline a rematch
///
/// Ends the standing rematch offer: yours is withdrawn, your opponent's declined.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "The offer is gone", body = GameView,
            headers(("ETag" = String, description = "The game's new version"))),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`no_offer`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/v1/games/{id}/rematch")]
pub async fn end_rematch(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "end rematch",
        async |games, tx| games.end_rematch_offer(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}

/// Offer a draw (refused)
///
/// RULES.md ends a game by the board (both mandarins captured, the ply
/// limit, a forfeit), a resignation or the clock, and a draw is equal
/// scores at the end: there is no draw by agreement, so an offer to a
/// player of an active game is 409 `draw_not_allowed`.
#[utoipa::path(
    tag = "games",
    security(("bearer" = [])),
    params(GameIdPath, IdempotencyKey),
    responses(
        (status = 200, description = "Not sent while no ruleset has a draw by agreement (none of RULES.md's does): the game, with the offer", body = GameView),
        (status = 403, description = "`not_a_player`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`draw_not_allowed`, or `game_not_active`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/games/{id}/draw")]
pub async fn offer_draw(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
    id: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    transition_once(
        &state,
        &request,
        &player.id,
        "draw",
        async |games, tx| games.offer_draw(tx, &id, &player.id).await,
        |done| game_reply(StatusCode::OK, &done.game),
    )
    .await
}
