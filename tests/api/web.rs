//! The web page: every page path serves the shell with its security
//! headers, the shell's assets are served with their types and cached for
//! good, every module the page imports exists, and nothing else changed for
//! the API (unknown paths are still JSON 404s, wrong methods 405s).
//!
//! The page needs no database; one backend is enough here.

use std::collections::BTreeSet;

use crate::helpers::{Backend, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::Value;

const PAGE_PATHS: [&str; 8] = [
    "/",
    "/games/Gm4x9QzLp2",
    "/leaderboards",
    "/leaderboards/classic",
    "/players/aB3dE6gH9j",
    "/tournaments",
    "/tournaments/Tn4x9QzLp2",
    "/how-to-play",
];

async fn app() -> TestApp {
    TestApp::spawn(Backend::Sqlite).await.unwrap()
}

async fn text(app: &TestApp, path: &str) -> (reqwest::header::HeaderMap, String) {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let headers = response.headers().clone();
    (headers, response.text().await.unwrap())
}

/// The `href`/`src` values of the shell that point into `/assets/`.
fn asset_urls(shell: &str) -> Vec<String> {
    shell
        .split(['"', '\''])
        .filter(|part| part.starts_with("/assets/"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn every_page_path_serves_the_shell_with_a_strict_policy() {
    let app = app().await;
    for path in PAGE_PATHS {
        let (headers, body) = text(&app, path).await;
        assert_eq!(
            headers["content-type"], "text/html; charset=utf-8",
            "{path}"
        );
        let policy = headers["content-security-policy"].to_str().unwrap();
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{policy}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["cache-control"], "no-cache");
        assert!(body.contains("<script type=\"module\" src=\"/assets/"));
        assert!(!body.contains("<script>"), "no inline script");
    }
}

#[tokio::test]
async fn the_shell_is_revalidated_by_its_etag() {
    let app = app().await;
    let first = app.get("/").await;
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    let again = app
        .request(Method::GET, "/games/x")
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn the_shells_assets_are_served_with_their_types_and_cached_for_good() {
    let app = app().await;
    let (_, shell) = text(&app, "/").await;
    let urls = asset_urls(&shell);
    assert!(urls.len() > 10, "{urls:?}");
    let version = urls[0].split('/').nth(2).unwrap().to_owned();
    for url in &urls {
        assert_eq!(url.split('/').nth(2), Some(version.as_str()), "one build");
        let response = app.get(url).await;
        assert_eq!(response.status(), StatusCode::OK, "{url}");
        let expected_type = match url.rsplit('.').next() {
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("svg") => "image/svg+xml",
            other => panic!("unexpected asset {other:?}"),
        };
        assert_eq!(response.headers()["content-type"], expected_type, "{url}");
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        let tag = response.headers()["etag"].to_str().unwrap().to_owned();
        let again = app
            .request(Method::GET, url)
            .header("if-none-match", &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{url}");
    }
}

/// The relative module specifiers of a module: `from "./x.js"`, `import "./y.js"`.
fn relative_imports(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in ["from \"", "import \""] {
        for part in source.split(marker).skip(1) {
            let specifier = &part[..part.find('"').unwrap_or(0)];
            if specifier.starts_with('.') {
                found.push(specifier.to_owned());
            }
        }
    }
    found
}

/// `base` (a module's URL directory) joined with a relative specifier.
fn resolve(base: &str, specifier: &str) -> String {
    let mut segments: Vec<&str> = base.split('/').collect();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                segments.pop();
            }
            other => segments.push(other),
        }
    }
    segments.join("/")
}

#[tokio::test]
async fn every_module_the_page_imports_is_served_and_preloaded() {
    let app = app().await;
    let (_, shell) = text(&app, "/").await;
    let preloaded: BTreeSet<String> = asset_urls(&shell)
        .into_iter()
        .filter(|url| url.ends_with(".js"))
        .collect();
    let entry = preloaded
        .iter()
        .find(|url| url.ends_with("/main.js"))
        .unwrap()
        .clone();
    let mut seen = BTreeSet::new();
    let mut pending = vec![entry];
    while let Some(url) = pending.pop() {
        if !seen.insert(url.clone()) {
            continue;
        }
        let (_, source) = text(&app, &url).await;
        let base = &url[..url.rfind('/').unwrap()];
        pending.extend(
            relative_imports(&source)
                .iter()
                .map(|specifier| resolve(base, specifier)),
        );
    }
    assert!(seen.len() > 20, "{seen:?}");
    let missing: Vec<_> = seen.difference(&preloaded).collect();
    assert!(
        missing.is_empty(),
        "imported but not preloaded: {missing:?}"
    );
}

async fn assert_problem(response: reqwest::Response, status: u16, code: &str) {
    assert_eq!(response.status().as_u16(), status);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], code, "{body}");
}

#[tokio::test]
async fn only_served_files_of_the_embedded_folder_are_served() {
    let app = app().await;
    let (_, shell) = text(&app, "/").await;
    let base = asset_urls(&shell)[0].rsplit_once('/').unwrap().0.to_owned();
    let version = base.split('/').nth(2).unwrap().to_owned();
    for path in [
        format!("/assets/{version}/no-such-file.js"),
        format!("/assets/{version}/vendor/snabbdom/index.d.ts"),
        format!("/assets/{version}/vendor/snabbdom/LICENSE"),
        format!("/assets/{version}/%2E%2E/%2E%2E/Cargo.toml"),
        format!("/assets/{version}/..%2F..%2FCargo.toml"),
        format!("/assets/{version}/.hidden.js"),
        format!("/assets/{version}/"),
    ] {
        assert_problem(app.get(&path).await, 404, "not_found").await;
    }
}

#[tokio::test]
async fn an_asset_asked_for_under_another_build_is_served_but_revalidated() {
    let app = app().await;
    let response = app.get("/assets/0000000000000000/main.js").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-cache");
}

#[tokio::test]
async fn the_api_answers_as_before_around_the_page() {
    let app = app().await;
    for path in [
        "/nope",
        "/v1",
        "/games",
        "/games/a/b",
        "/players/",
        "/assets",
    ] {
        assert_problem(app.get(path).await, 404, "not_found").await;
    }
    for (method, path) in [
        (Method::POST, "/"),
        (Method::DELETE, "/games/Gm4x9QzLp2"),
        (Method::PUT, "/leaderboards/classic"),
        (Method::POST, "/how-to-play"),
    ] {
        let response = app.request(method.clone(), path).send().await.unwrap();
        assert_eq!(response.headers()["allow"], "GET", "{method} {path}");
        assert_problem(response, 405, "method_not_allowed").await;
    }
    let spec: Value = app.get("/openapi.json").await.json().await.unwrap();
    let paths = spec["paths"].as_object().unwrap();
    assert!(paths.keys().all(|path| path.starts_with("/v1/")
        || ["/health", "/ready", "/problems/{code}"].contains(&path.as_str())));
}
