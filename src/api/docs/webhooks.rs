//! The OpenAPI 3.1 `webhooks` section: every event a webhook endpoint is
//! sent, its body a named schema (`GameMoveWebhook` …) whose `data` is the
//! event's payload schema (`GameMoveData` …), and the Standard Webhooks
//! headers. OpenAPI 3.0 has no such section; its rendition has neither
//! the section nor the schemas only it names.

use serde_json::{json, Map, Value};

/// Each event's type, the name of its body's schema and of its data's.
const EVENTS: [(&str, &str, &str, &str); 6] = [
    (
        "game.started",
        "GameStartedWebhook",
        "GameStartedData",
        "Both seats are taken: the game is under way.",
    ),
    (
        "game.move",
        "GameMoveWebhook",
        "GameMoveData",
        "A move was played in one of your games.",
    ),
    (
        "game.ended",
        "GameEndedWebhook",
        "GameEndedData",
        "One of your games ended, with its result.",
    ),
    (
        "game.aborted",
        "GameAbortedWebhook",
        "GameAbortedData",
        "One of your games was aborted before it counted.",
    ),
    (
        "challenge.created",
        "ChallengeCreatedWebhook",
        "ChallengeCreatedData",
        "A challenge from or to you was made.",
    ),
    (
        "ping",
        "PingWebhook",
        "PingData",
        "Sent on `POST /v1/me/webhooks/{id}/ping`.",
    ),
];

/// Adds the `webhooks` section and the events' body schemas to `doc`.
pub fn describe(doc: &mut Value) {
    let mut webhooks = Map::new();
    for (kind, body, data, summary) in EVENTS {
        let schema = json!({
            "type": "object",
            "description": format!("The body of a `{kind}` delivery (Standard Webhooks)."),
            "required": ["type", "timestamp", "data"],
            "properties": {
                "type": {"type": "string", "const": kind},
                "timestamp": {"type": "string", "format": "date-time", "description": "When the event happened."},
                "data": {"$ref": format!("#/components/schemas/{data}")}
            }
        });
        if let Some(schemas) = doc["components"]["schemas"].as_object_mut() {
            schemas.insert(body.to_owned(), schema);
        }
        let operation = json!({
            "post": {
                "summary": summary,
                "description": format!("A `{kind}` event, POSTed to each of your endpoints subscribed to it, signed as Standard Webhooks (docs/API.md, \"Webhooks\"). Answer 2xx within 10 s; anything else is retried for 24 hours under the same `webhook-id`."),
                "operationId": format!("webhook_{}", kind.replace('.', "_")),
                "tags": ["webhooks"],
                "parameters": [
                    {"name": "webhook-id", "in": "header", "required": true, "description": "The delivery's id, the same on every attempt: the receiver's dedupe key.", "schema": {"type": "string", "pattern": "^msg_[0-9a-f]{32}$"}},
                    {"name": "webhook-timestamp", "in": "header", "required": true, "description": "Unix seconds of this attempt; reject one far from your clock.", "schema": {"type": "string", "pattern": "^[0-9]+$"}},
                    {"name": "webhook-signature", "in": "header", "required": true, "description": "`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the endpoint's secret after `whsec_`.", "schema": {"type": "string", "pattern": "^v1,[A-Za-z0-9+/=]+$"}}
                ],
                "requestBody": {
                    "required": true,
                    "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{body}")}}}
                },
                "responses": {
                    "200": {"description": "Received (any 2xx will do)."}
                },
                "security": []
            }
        });
        webhooks.insert(kind.to_owned(), operation);
    }
    doc["webhooks"] = Value::Object(webhooks);
}

/// The schemas only the `webhooks` section names, beside the events'.
const NESTED: [&str; 3] = ["WebhookPlayer", "WebhookResult", "WebhookScores"];

/// Removes the `webhooks` section and the schemas only it names: OpenAPI
/// 3.0 has no such section, and a schema nothing names is an unused one.
pub fn remove(doc: &mut Value) {
    if let Some(doc) = doc.as_object_mut() {
        doc.remove("webhooks");
    }
    if let Some(schemas) = doc["components"]["schemas"].as_object_mut() {
        for (_, body, data, _) in EVENTS {
            schemas.remove(body);
            schemas.remove(data);
        }
        for name in NESTED {
            schemas.remove(name);
        }
    }
}
