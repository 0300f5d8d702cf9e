//! CORS: the configured origins' preflights are answered
//! with the API's methods and headers, answers expose the headers a browser
//! client reads, other origins get no grant, and a server configured with no
//! origin sends no CORS header at all.

use crate::helpers::{assert_problem, Backend, TestApp};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};

const ALLOWED: &str = "http://app.test:5173";

async fn app_allowing(origins: &[&str]) -> TestApp {
    let origins: Vec<String> = origins.iter().map(|o| (*o).to_owned()).collect();
    TestApp::spawn_with(Backend::Sqlite, |settings| {
        settings.operations.cors_allowed_origins = origins;
    })
    .await
    .expect("SQLite is always available")
}

async fn preflight(
    app: &TestApp,
    origin: &str,
    method: &str,
    headers: &str,
) -> (StatusCode, HeaderMap) {
    let response = app
        .request(Method::OPTIONS, "/v1/games")
        .header("Origin", origin)
        .header("Access-Control-Request-Method", method)
        .header("Access-Control-Request-Headers", headers)
        .send()
        .await
        .expect("preflight");
    (response.status(), response.headers().clone())
}

/// The comma-separated values of `name`, lower-cased.
fn listed(headers: &HeaderMap, name: &str) -> Vec<String> {
    headers
        .get(name)
        .map(|value| value.to_str().unwrap())
        .unwrap_or_default()
        .split(',')
        .map(|item| item.trim().to_ascii_lowercase())
        .filter(|item| !item.is_empty())
        .collect()
}

#[tokio::test]
async fn a_preflight_from_an_allowed_origin_is_granted_the_api_methods_and_headers() {
    let app = app_allowing(&["http://other.test", ALLOWED]).await;
    let (status, headers) = preflight(
        &app,
        ALLOWED,
        "POST",
        "authorization,content-type,if-match,if-none-match,idempotency-key,last-event-id,prefer",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["access-control-allow-origin"], ALLOWED);
    let methods = listed(&headers, "access-control-allow-methods");
    for method in ["get", "head", "post", "delete", "patch"] {
        assert!(
            methods.contains(&method.to_owned()),
            "{method} in {methods:?}"
        );
    }
    let allowed = listed(&headers, "access-control-allow-headers");
    for header in [
        "authorization",
        "content-type",
        "if-match",
        "if-none-match",
        "idempotency-key",
        "last-event-id",
        "prefer",
    ] {
        assert!(
            allowed.contains(&header.to_owned()),
            "{header} in {allowed:?}"
        );
    }
    assert!(headers.contains_key("access-control-max-age"));
}

#[tokio::test]
async fn another_origin_is_granted_nothing() {
    let app = app_allowing(&[ALLOWED]).await;
    let refused = app
        .request(Method::OPTIONS, "/v1/games")
        .header("Origin", "http://evil.test")
        .header("Access-Control-Request-Method", "POST")
        .send()
        .await
        .unwrap();
    assert!(!refused
        .headers()
        .contains_key("access-control-allow-origin"));
    assert_problem(refused, 400, "bad_request").await;
    // Its actual requests are served (a non-browser client may send any
    // Origin), without a grant the browser would honour.
    let response = app
        .request(Method::GET, "/v1/games")
        .header("Origin", "http://evil.test")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(!response
        .headers()
        .contains_key("access-control-allow-origin"));
}

#[tokio::test]
async fn an_actual_request_exposes_the_headers_a_client_reads() {
    let app = app_allowing(&[ALLOWED]).await;
    let lan = app.player("Lan").await;
    let response = app
        .request(Method::POST, "/v1/games")
        .header("Origin", ALLOWED)
        .bearer_auth(&lan.token)
        .json(&serde_json::json!({"seat": "south"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let headers = response.headers();
    assert_eq!(headers["access-control-allow-origin"], ALLOWED);
    let exposed = listed(headers, "access-control-expose-headers");
    for header in [
        "etag",
        "location",
        "link",
        "retry-after",
        "x-request-id",
        "preference-applied",
    ] {
        assert!(
            exposed.contains(&header.to_owned()),
            "{header} in {exposed:?}"
        );
    }
    // An error answer is readable too.
    let missing = app
        .request(Method::GET, "/v1/games/nope")
        .header("Origin", ALLOWED)
        .send()
        .await
        .unwrap();
    assert!(missing.status().is_client_error());
    assert_eq!(missing.headers()["access-control-allow-origin"], ALLOWED);
}

#[tokio::test]
async fn by_default_no_cors_header_is_sent() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let (_, preflight_headers) = preflight(&app, ALLOWED, "POST", "authorization").await;
    let actual = app
        .request(Method::GET, "/v1/games")
        .header("Origin", ALLOWED)
        .send()
        .await
        .unwrap();
    assert_eq!(actual.status(), StatusCode::OK);
    for headers in [&preflight_headers, actual.headers()] {
        let cors: Vec<_> = headers
            .keys()
            .filter(|name| name.as_str().starts_with("access-control-"))
            .collect();
        assert!(cors.is_empty(), "{cors:?}");
    }
}
