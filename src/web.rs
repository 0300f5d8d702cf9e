//! The web page: one HTML shell for every page path, and the ES modules,
//! styles and images of `web/app/` under `/assets/{version}/…`.
//!
//! Release builds embed `web/app/` in the binary; debug builds read it from
//! disk on each request, so `cargo run` serves an edited file on reload.
//! `{version}` is a digest of every served file: a page names the assets of
//! its own build, so they can be cached for good (`immutable`), and a new
//! build gets new URLs. The page is not API: nothing here is in the OpenAPI
//! document. Unknown paths get the JSON 404 of the fallback, except for a
//! browser asking for HTML: it gets the shell with status 404, and the page
//! shows its own not-found screen.

use std::sync::OnceLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

use crate::api::middleware::fallback::{self, nothing_at, RouteTable};
use crate::api::problems::ApiError;
use crate::api::protocol::caching::{cached, Freshness};

#[derive(rust_embed::Embed)]
#[folder = "web/app/"]
struct Assets;

/// The page every path below starts from; the modules route on the client.
const SHELL: &str = include_str!("../web/shell.html");

/// Every path the page answers (`GET` only), for the fallback's route
/// table: another method on one of them is a 405, not a 404.
pub const ROUTES: [&str; 9] = [
    "/",
    "/games/{id}",
    "/leaderboards",
    "/leaderboards/{preset}",
    "/players/{id}",
    "/tournaments",
    "/tournaments/{id}",
    "/how-to-play",
    "/assets/{version}/{path:.*}",
];

/// The page's policy: only its own scripts, styles and images, requests to
/// its own origin, no inline script, no framing, and no HTML from strings
/// (Trusted Types with no policy: `innerHTML = "…"` throws).
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
    style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'; \
    require-trusted-types-for 'script'; trusted-types 'none'";

pub fn configure(config: &mut web::ServiceConfig) {
    let [root, game, leaderboards, leaderboard, player, tournaments, tournament, how_to, asset] =
        ROUTES;
    for page in [
        root,
        game,
        leaderboards,
        leaderboard,
        player,
        tournaments,
        tournament,
        how_to,
    ] {
        config.route(page, web::get().to(shell));
    }
    config.route(asset, web::get().to(asset_file));
}

/// The served files' media types; a file of any other kind (the `.d.ts`
/// types and the licence beside the vendored library) is not served.
fn media_type(path: &str) -> Option<&'static str> {
    let extension = path.rsplit_once('.')?.1;
    Some(match extension {
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// The served files, sorted by path.
fn served_paths() -> Vec<String> {
    let mut paths: Vec<String> = Assets::iter()
        .map(|path| path.into_owned())
        .filter(|path| media_type(path).is_some())
        .collect();
    paths.sort();
    paths
}

/// A digest of every served file: a new build, or an edited file in a debug
/// build, gets a new version. Release builds compute it once.
pub fn asset_version() -> String {
    static EMBEDDED: OnceLock<String> = OnceLock::new();
    if cfg!(debug_assertions) {
        digest_of_served_files()
    } else {
        EMBEDDED.get_or_init(digest_of_served_files).clone()
    }
}

/// Of the files' paths and contents (their hashes are embedded with them).
#[cfg(not(debug_assertions))]
fn digest_of_served_files() -> String {
    let mut digest = Sha256::new();
    for path in served_paths() {
        if let Some(file) = Assets::get(&path) {
            digest.update(path.as_bytes());
            digest.update([0]);
            digest.update(file.metadata.sha256_hash());
        }
    }
    hex::encode(&digest.finalize()[..8])
}

/// Of the files' paths, sizes and modification times: a debug build reads
/// the files from disk on every request, and hashing all of them for each
/// asset request would make every page load wait.
#[cfg(debug_assertions)]
fn digest_of_served_files() -> String {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/app");
    let mut digest = Sha256::new();
    for path in served_paths() {
        digest.update(path.as_bytes());
        if let Ok(metadata) = std::fs::metadata(folder.join(&path)) {
            digest.update(metadata.len().to_le_bytes());
            if let Ok(modified) = metadata.modified() {
                digest.update(format!("{modified:?}").as_bytes());
            }
        }
        digest.update([0]);
    }
    hex::encode(&digest.finalize()[..8])
}

/// The shell with this build's asset URLs, and a `modulepreload` for every
/// module so that the browser fetches them at once instead of discovering
/// the imports one level at a time.
pub fn render_shell() -> String {
    let base = format!("/assets/{}", asset_version());
    let preload: String = served_paths()
        .iter()
        .filter(|path| path.ends_with(".js"))
        .map(|path| format!("<link rel=\"modulepreload\" href=\"{base}/{path}\">\n"))
        .collect();
    SHELL
        .replace("{{preload}}", &preload)
        .replace("{{assets}}", &base)
}

fn with_page_headers(mut response: HttpResponse) -> HttpResponse {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    response
}

/// Whether the request ranks `text/html` first in its `Accept`, as a
/// browser navigating to a page does (API clients and `*/*` do not).
fn wants_html(request: &HttpRequest) -> bool {
    request
        .get_header::<header::Accept>()
        .and_then(|accept| accept.ranked().into_iter().next())
        .is_some_and(|first| first.essence_str() == "text/html")
}

/// The app's default service: a browser's `GET` of a path nothing answers
/// (outside `/v1/`) gets the page's own not-found screen; anything else the
/// API's problem.
pub async fn no_route(
    request: HttpRequest,
    routes: web::Data<RouteTable>,
) -> Result<HttpResponse, ApiError> {
    if request.method() == Method::GET
        && !request.path().starts_with("/v1/")
        && nothing_at(&routes, &request)
        && wants_html(&request)
    {
        return Ok(not_found_page());
    }
    fallback::no_route(request, routes).await
}

/// The shell with status 404, for a browser that asked for a path nothing
/// answers: the page renders its own not-found screen.
fn not_found_page() -> HttpResponse {
    let mut page = HttpResponse::NotFound()
        .content_type("text/html; charset=utf-8")
        .body(render_shell());
    page.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept"));
    with_page_headers(page)
}

async fn shell(request: HttpRequest) -> HttpResponse {
    let page = cached(
        &request,
        "text/html; charset=utf-8",
        render_shell(),
        Freshness::Revalidate,
        None,
    );
    with_page_headers(page)
}

/// A relative path of plain segments: no `..`, no hidden files, no
/// backslashes (the embedded folder is the only place it can name).
fn is_plain_relative(path: &str) -> bool {
    !path.contains('\\')
        && path
            .split('/')
            .all(|segment| !segment.is_empty() && !segment.starts_with('.'))
}

async fn asset_file(
    request: HttpRequest,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (version, file) = path.into_inner();
    let not_found = || ApiError::NotFound(format!("nothing exists at {}", request.path()));
    let content_type = media_type(&file)
        .filter(|_| is_plain_relative(&file))
        .ok_or_else(not_found)?;
    let asset = Assets::get(&file).ok_or_else(not_found)?;
    // An older page may ask for a file under its own version: it gets this
    // build's file, revalidated, rather than a broken page.
    let freshness = Freshness::immutable_if(version == asset_version());
    let body = String::from_utf8_lossy(&asset.data).into_owned();
    let mut response = cached(&request, content_type, body, freshness, None);
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_are_served() {
        for good in ["main.js", "core/api.js", "vendor/snabbdom/index.js"] {
            assert!(is_plain_relative(good), "{good}");
        }
        for bad in [
            "../Cargo.toml",
            "core/../../x.js",
            "/etc/passwd",
            "a//b.js",
            ".hidden.js",
            "core\\api.js",
            "",
        ] {
            assert!(!is_plain_relative(bad), "{bad}");
        }
    }

    #[test]
    fn every_served_file_is_utf8_text() {
        let paths = served_paths();
        assert!(paths.iter().any(|p| p == "main.js"), "{paths:?}");
        for path in paths {
            let file = Assets::get(&path).unwrap();
            assert!(std::str::from_utf8(&file.data).is_ok(), "{path}");
        }
    }

    #[test]
    fn the_shell_has_no_inline_script_and_names_this_build() {
        let shell = render_shell();
        let version = asset_version();
        assert!(shell.contains(&format!("/assets/{version}/main.js")));
        assert!(!shell.contains("{{"), "unfilled placeholder");
        for script in shell.split("<script").skip(1) {
            let tag = &script[..script.find('>').unwrap()];
            assert!(tag.contains("src="), "inline script: <script{tag}>");
        }
        assert!(!shell.contains(" style="), "inline style");
    }
}
