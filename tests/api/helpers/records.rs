//! Helpers for game records: export in either form, import, and what a
//! round trip keeps.

use reqwest::header::{CONTENT_TYPE, ETAG};
use reqwest::{Method, Response, StatusCode};
use serde_json::Value;

use super::TestApp;

pub async fn export_json(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/v1/games/{id}/export")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[CONTENT_TYPE], "application/json");
    response.json().await.unwrap()
}

/// The text record, read both ways it is offered (`?format=text` and the
/// text-only `/export.txt`), which must agree.
pub async fn export_text(app: &TestApp, id: &str) -> String {
    let mut answers = Vec::new();
    for path in [
        format!("/v1/games/{id}/export?format=text"),
        format!("/v1/games/{id}/export.txt"),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()[CONTENT_TYPE],
            "text/plain; charset=utf-8",
            "{path}"
        );
        let etag = response.headers()["etag"].clone();
        answers.push((etag, response.text().await.unwrap()));
    }
    assert_eq!(answers[0], answers[1], "both text exports agree");
    answers.swap_remove(0).1
}

pub async fn import(
    app: &TestApp,
    token: &str,
    content_type: &str,
    body: impl Into<reqwest::Body>,
) -> Response {
    app.request(Method::POST, "/v1/games/import")
        .bearer_auth(token)
        .header(CONTENT_TYPE, content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

/// Imports and returns the new game, asserting 201.
pub async fn imported(
    app: &TestApp,
    token: &str,
    content_type: &str,
    body: impl Into<reqwest::Body>,
) -> Value {
    let response = import(app, token, content_type, body).await;
    let status = response.status();
    let headers = response.headers().clone();
    let game: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap();
    assert_eq!(headers["location"], format!("/v1/games/{id}").as_str());
    assert_eq!(headers[ETAG], "\"1\"");
    game
}

/// A record without what an import cannot keep: this server's ids and status.
pub fn portable(mut record: Value) -> Value {
    let object = record.as_object_mut().unwrap();
    object.remove("id");
    object.remove("status");
    for seat in ["south", "north"] {
        if let Some(player) = record["players"][seat].as_object_mut() {
            player.remove("id");
        }
    }
    record
}
