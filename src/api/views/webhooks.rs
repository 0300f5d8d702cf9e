//! The JSON shapes of webhook endpoints and their deliveries.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::store::{DeliveryRow, EndpointRow};
use crate::webhooks::endpoints_events;

/// `POST /v1/me/webhooks`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWebhook {
    /// Where deliveries are POSTed: an `http` or `https` URL whose host is a
    /// public address (or a name resolving only to public addresses).
    #[schema(example = "https://bots.example.com/oanquan/hook", max_length = 2048)]
    pub url: String,
    /// The events to send: any of `game.started`, `game.move`,
    /// `game.ended`, `game.aborted`, `challenge.created`.
    #[schema(example = json!(["game.started", "game.move", "game.ended"]))]
    pub events: Vec<String>,
    /// What the endpoint is for, up to 200 characters.
    #[schema(max_length = 200)]
    pub description: Option<String>,
}

/// `PATCH /v1/me/webhooks/{id}`: the fields to change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WebhookChange {
    pub url: Option<String>,
    pub events: Option<Vec<String>>,
    pub description: Option<String>,
    /// `true` enables a disabled endpoint again (clearing
    /// `disabled_reason`); `false` pauses it (its deliveries wait).
    pub enabled: Option<bool>,
}

/// A webhook endpoint, without its secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookView {
    /// `ep_` and 22 letters and digits.
    pub id: String,
    pub url: String,
    pub events: Vec<String>,
    pub description: String,
    pub enabled: bool,
    /// Why the server disabled it (deliveries failing for days); `null`
    /// when enabled, or paused by its owner.
    #[schema(required = true)]
    pub disabled_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<&EndpointRow> for WebhookView {
    fn from(row: &EndpointRow) -> Self {
        WebhookView {
            id: row.id.clone(),
            url: row.url.clone(),
            events: endpoints_events(&row.events),
            description: row.description.clone(),
            enabled: row.enabled,
            disabled_reason: row.disabled_reason.clone(),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A webhook endpoint with its signing secret, shown only here (on
/// creation and on rotation).
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookWithSecret {
    #[serde(flatten)]
    pub endpoint: WebhookView,
    /// `whsec_` and the base64 of 32 random bytes: the Standard Webhooks
    /// signing secret (the HMAC key is the base64-decoded part after
    /// `whsec_`). Store it: it cannot be shown again.
    #[schema(example = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwEXAMPLEk3Q=")]
    pub secret: String,
}

impl From<&EndpointRow> for WebhookWithSecret {
    fn from(row: &EndpointRow) -> Self {
        WebhookWithSecret {
            endpoint: row.into(),
            secret: row.secret.clone(),
        }
    }
}

/// Your webhook endpoints, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<WebhookView>,
}

/// One delivery of an event to an endpoint.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryView {
    /// The `webhook-id` header of every attempt: `msg_` and 32 hex digits.
    pub id: String,
    /// The event's type, e.g. `game.move`.
    pub event: String,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    pub attempts: i32,
    /// The status code of the last answer; `null` if none came.
    #[schema(required = true)]
    pub last_status_code: Option<i32>,
    /// Why the last attempt failed (with a short excerpt of the answer);
    /// `null` once delivered.
    #[schema(required = true)]
    pub last_error: Option<String>,
    #[schema(required = true)]
    pub last_attempt_at: Option<DateTime<Utc>>,
    /// When a pending delivery is next attempted.
    #[schema(required = true)]
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// The body sent (JSON `{type, timestamp, data}`).
    pub payload: serde_json::Value,
}

impl From<&DeliveryRow> for DeliveryView {
    fn from(row: &DeliveryRow) -> Self {
        DeliveryView {
            id: row.id.clone(),
            event: row.event.clone(),
            status: row.status.clone(),
            attempts: row.attempts,
            last_status_code: row.last_status_code,
            last_error: row.last_error.clone(),
            last_attempt_at: row.last_attempt_at,
            next_attempt_at: row.next_attempt_at,
            created_at: row.created_at,
            payload: serde_json::from_str(&row.payload).unwrap_or_default(),
        }
    }
}

/// A page of an endpoint's deliveries, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryPage {
    pub deliveries: Vec<DeliveryView>,
    /// The `after` of the next page; `null` on the last.
    #[schema(required = true)]
    pub next_after: Option<String>,
}
