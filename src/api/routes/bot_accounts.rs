//! Bot accounts: a player's account upgraded to play as an outside engine.

use actix_web::http::StatusCode;
use actix_web::{post, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use super::players::PlayerProfile;
use crate::accounts;
use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::idempotency::{run_once, Reply};
use crate::api::protocol::params::IdempotencyKey;
use crate::api::AppState;
use crate::games::Done;
use crate::store::KeyScope;

pub fn configure(config: &mut ServiceConfig) {
    config.service(upgrade_to_bot);
}

/// Upgrade to a bot account
///
/// Makes your account a bot account, for good: an outside engine plays
/// it through the API. It is shown as a bot everywhere (`bot: true`), its
/// games are never rated (`unrated_reason: "bot"`), so it is on no
/// leaderboard. Only a fresh person's account is upgraded: one that has
/// played no rated game and has no game waiting or under way.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    params(IdempotencyKey),
    responses(
        (status = 200, description = "Upgraded: your profile, `bot: true`", body = PlayerProfile),
        (status = 409, description = "`bot_upgrade_refused`: a bot already, a rated game played, or a game waiting or under way",
            body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/upgrade-to-bot")]
pub async fn upgrade_to_bot(
    state: web::Data<AppState>,
    request: HttpRequest,
    Authenticated { player, .. }: Authenticated<scope::Play>,
) -> Result<HttpResponse, ApiError> {
    let id = player.id.clone();
    run_once(
        &state,
        &request,
        KeyScope::Player(&id),
        None,
        "upgrade-to-bot",
        async |_, tx| {
            accounts::upgrade_to_bot(tx, &player)
                .await
                .map(|()| Done::value(()))
        },
        |(), _| {
            let mut upgraded = player.clone();
            upgraded.bot_account = true;
            Reply::json(StatusCode::OK, &PlayerProfile::of_bot(upgraded))
        },
    )
    .await
}
