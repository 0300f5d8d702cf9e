//! A player's webhook endpoints and their delivery log (docs/API.md
//! "Webhooks").

use actix_web::http::header;
use actix_web::{delete, get, patch, post, web, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::api::problems::{ApiError, Problem};
use crate::api::protocol::auth::{scope, Authenticated};
use crate::api::protocol::extractors::{Json, StrictQuery};
use crate::api::protocol::links::add_links;
use crate::api::views::webhooks::{
    DeliveryPage, DeliveryView, NewWebhook, WebhookChange, WebhookList, WebhookView,
    WebhookWithSecret,
};
use crate::api::AppState;
use crate::webhooks::{EndpointChange, NewEndpoint};

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(create_webhook)
        .service(list_webhooks)
        .service(get_webhook)
        .service(change_webhook)
        .service(delete_webhook)
        .service(rotate_secret)
        .service(ping_webhook)
        .service(list_deliveries)
        .service(retry_delivery);
}

const DEFAULT_PAGE: u32 = 50;
const MAX_PAGE: u32 = 100;

fn no_store(mut response: HttpResponse) -> HttpResponse {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

/// Create a webhook endpoint
///
/// Registers a URL to which the events of your games are POSTed, signed
/// as Standard Webhooks (standardwebhooks.com). The signing secret is
/// shown only in this answer (and on rotation). At most 10 endpoints per
/// player (`--max-webhooks-per-player`). Targets on loopback, private,
/// link-local, multicast or unspecified addresses are refused unless the
/// server runs with `--webhook-allow-private-targets`.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    request_body(content = NewWebhook, example = json!({"url": "https://bots.example.com/oanquan/hook", "events": ["game.started", "game.move", "game.ended"], "description": "my bot"})),
    responses(
        (status = 201, description = "Created; the secret is shown only here", body = WebhookWithSecret),
        (status = 409, description = "`too_many_webhooks`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_webhook` (the detail names the field) or `webhook_target_refused`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/webhooks")]
pub async fn create_webhook(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    body: Json<NewWebhook>,
) -> Result<HttpResponse, ApiError> {
    let Json(body) = body;
    let new = NewEndpoint {
        url: body.url,
        events: body.events,
        description: body.description,
    };
    let created = state.webhooks.create(&player.id, new).await?;
    let view = WebhookWithSecret::from(&created.endpoint);
    Ok(no_store(
        HttpResponse::Created()
            .insert_header((
                header::LOCATION,
                format!("/v1/me/webhooks/{}", created.endpoint.id),
            ))
            .json(view),
    ))
}

/// List your webhook endpoints
///
/// Your endpoints, oldest first, without their secrets.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    responses((status = 200, description = "Your endpoints", body = WebhookList))
)]
#[get("/v1/me/webhooks")]
pub async fn list_webhooks(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
) -> Result<HttpResponse, ApiError> {
    let rows = state.webhooks.list(&player.id).await?;
    let webhooks = rows.iter().map(WebhookView::from).collect();
    Ok(no_store(HttpResponse::Ok().json(WebhookList { webhooks })))
}

/// Get a webhook endpoint
///
/// One of your endpoints, without its secret: whether it is enabled, and
/// why the server disabled it if it did.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Endpoint id")),
    responses(
        (status = 200, description = "The endpoint", body = WebhookView),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/me/webhooks/{id}")]
pub async fn get_webhook(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = state.webhooks.get(&player.id, &id).await?;
    Ok(no_store(HttpResponse::Ok().json(WebhookView::from(&row))))
}

/// Change a webhook endpoint
///
/// Changes its URL, events or description, or enables (`enabled: true`,
/// also after the server disabled it) or pauses it (`enabled: false`: its
/// deliveries wait, and are retried once it is enabled again within their
/// 24 hours).
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Endpoint id")),
    request_body(content = WebhookChange, example = json!({"enabled": true})),
    responses(
        (status = 200, description = "The endpoint as changed", body = WebhookView),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_webhook` or `webhook_target_refused`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[patch("/v1/me/webhooks/{id}")]
pub async fn change_webhook(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    id: web::Path<String>,
    body: Json<WebhookChange>,
) -> Result<HttpResponse, ApiError> {
    let Json(body) = body;
    let change = EndpointChange {
        url: body.url,
        events: body.events,
        description: body.description,
        enabled: body.enabled,
    };
    let row = state.webhooks.change(&player.id, &id, change).await?;
    Ok(no_store(HttpResponse::Ok().json(WebhookView::from(&row))))
}

/// Delete a webhook endpoint
///
/// Deletes it and its delivery log; pending deliveries are dropped.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Endpoint id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[delete("/v1/me/webhooks/{id}")]
pub async fn delete_webhook(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    state.webhooks.delete(&player.id, &id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Rotate a webhook endpoint's secret
///
/// A new signing secret, shown only in this answer; every attempt from now
/// on (retries of older deliveries too) is signed with it.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Endpoint id")),
    responses(
        (status = 200, description = "The endpoint with its new secret", body = WebhookWithSecret),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/webhooks/{id}/rotate-secret")]
pub async fn rotate_secret(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let rotated = state.webhooks.rotate_secret(&player.id, &id).await?;
    Ok(no_store(
        HttpResponse::Ok().json(WebhookWithSecret::from(&rotated.endpoint)),
    ))
}

/// Ping a webhook endpoint
///
/// Queues a `ping` event to the endpoint (whatever events it subscribes
/// to): the delivery, pending; follow it in the delivery log.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Endpoint id")),
    responses(
        (status = 202, description = "Queued", body = DeliveryView),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/webhooks/{id}/ping")]
pub async fn ping_webhook(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let delivery = state.webhooks.ping(&player.id, &id).await?;
    Ok(HttpResponse::Accepted().json(DeliveryView::from(&delivery)))
}

/// The query of a delivery log page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryQuery {
    /// The previous page's `next_after`; omit for the newest deliveries.
    #[param(pattern = "^msg_[0-9a-f]{32}$")]
    pub after: Option<String>,
    /// Deliveries per page, 1 to 100 (default 50).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub limit: Option<String>,
}

/// List an endpoint's deliveries
///
/// Newest first: each event sent, its status (`pending`, `delivered`,
/// `failed`), attempts, the last answer's status code and error, and when
/// it is next attempted. Delivered and failed ones are kept for 7 days
/// (`--webhook-retention-hours`).
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Endpoint id"), DeliveryQuery),
    responses(
        (status = 200, description = "A page of deliveries", body = DeliveryPage,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page, when there is one"))),
        (status = 400, description = "`invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/v1/me/webhooks/{id}/deliveries")]
pub async fn list_deliveries(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    id: web::Path<String>,
    query: StrictQuery<DeliveryQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = match query.limit.as_deref() {
        None => DEFAULT_PAGE,
        Some(raw) => raw
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_PAGE).contains(n))
            .ok_or_else(|| {
                ApiError::InvalidQuery(format!("limit: {raw:?} is not a number from 1 to 100"))
            })?,
    };
    let rows = state
        .webhooks
        .deliveries(&player.id, &id, query.after.as_deref(), limit + 1)
        .await?;
    let more = rows.len() > limit as usize;
    let deliveries: Vec<DeliveryView> = rows
        .iter()
        .take(limit as usize)
        .map(DeliveryView::from)
        .collect();
    let next_after = more
        .then(|| deliveries.last().map(|d| d.id.clone()))
        .flatten();
    // Endpoint and delivery ids are letters, digits and `_`: nothing to escape.
    let next = next_after
        .as_ref()
        .map(|after| format!("/v1/me/webhooks/{id}/deliveries?limit={limit}&after={after}"));
    let mut response = no_store(HttpResponse::Ok().json(DeliveryPage {
        deliveries,
        next_after,
    }));
    add_links(&mut response, next, None);
    Ok(response)
}

/// Retry a delivery
///
/// Makes the delivery due now: a pending one is attempted at once, a failed
/// one once more (and failed again if that attempt fails).
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "Endpoint id"),
        ("delivery_id" = String, Path, description = "Delivery id (its `webhook-id`)"),
    ),
    responses(
        (status = 202, description = "Due now", body = DeliveryView),
        (status = 404, description = "`webhook_not_found` or `webhook_delivery_not_found`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/v1/me/webhooks/{id}/deliveries/{delivery_id}/retry")]
pub async fn retry_delivery(
    state: web::Data<AppState>,
    Authenticated { player, .. }: Authenticated<scope::Webhooks>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, delivery) = path.into_inner();
    let row = state.webhooks.retry(&player.id, &id, &delivery).await?;
    Ok(HttpResponse::Accepted().json(DeliveryView::from(&row)))
}
