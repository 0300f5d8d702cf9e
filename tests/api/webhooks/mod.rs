//! Webhooks: a player's endpoints, the outbox written with each event,
//! and signed deliveries to a receiver inside the test.

mod crash;
mod deliveries;
mod disabled;
mod endpoints;
mod receiver;
mod tls;
mod tournaments;

use reqwest::{Method, Response};
use serde_json::Value;

use crate::helpers::TestApp;

/// `method path` with `token`, and a JSON body when given.
pub async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Response {
    let mut request = app.request(method, path).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.expect("request")
}

/// `POST /v1/me/webhooks`, asserting 201; the endpoint with its secret.
pub async fn create(app: &TestApp, token: &str, url: &str, events: &[&str]) -> Value {
    let response = call(
        app,
        Method::POST,
        "/v1/me/webhooks",
        token,
        Some(serde_json::json!({"url": url, "events": events})),
    )
    .await;
    assert_eq!(response.status(), 201, "creating {url}");
    response.json().await.expect("endpoint JSON")
}
