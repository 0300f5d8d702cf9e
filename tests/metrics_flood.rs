// Own binary: it measures the process's resident memory, which the
// servers of any other test in the process would move.
//! A flood of requests with invented methods and paths, against the
//! metrics: the number of series, the scrape's size and the process's
//! memory stay bounded.

#[path = "api/helpers/mod.rs"]
mod helpers;

use helpers::TestApp;
use reqwest::StatusCode;

async fn scrape(url: &str) -> String {
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap()
}

/// The series of `name` in a scrape: each sample line's `{…}` label set.
fn series<'a>(text: &'a str, name: &str) -> std::collections::BTreeSet<&'a str> {
    let prefix = format!("{name}{{");
    text.lines()
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .filter_map(|rest| rest.split_once("} ").map(|(labels, _)| labels))
        .collect()
}

/// The value of `label` in a label set as the exporter writes it.
fn label<'a>(labels: &'a str, label: &str) -> &'a str {
    let start = labels
        .find(&format!("{label}=\""))
        .unwrap_or_else(|| panic!("{label} in {labels}"))
        + label.len()
        + 2;
    let end = labels[start..].find('"').expect("a closing quote") + start;
    &labels[start..end]
}

/// The process's resident memory, in KiB (the server runs in this process).
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kib| kib.trim().parse().ok())
        .expect("a VmRSS line")
}

/// A token of `len` random letters and digits, as an attacker would send
/// for a method or a path segment.
fn token(len: usize) -> String {
    use rand::Rng;
    rand::thread_rng()
        .sample_iter(&rand::distributions::Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}

/// `count` requests, 16 at a time: invented 8 KiB methods on invented
/// paths and on a route, and `GET`s of invented paths. Returns every
/// hundredth method sent.
async fn flood(app: &TestApp, count: usize) -> Vec<String> {
    use futures_util::StreamExt;
    let requests = (0..count).map(|i| {
        // Distinct in its first 32 bytes, long for its series' memory.
        let method = token(32) + &"Q".repeat(8 * 1024 - 32);
        let (method, path) = match i % 3 {
            0 => (method, format!("/{}/{}", token(12), token(200))),
            1 => (method, format!("/v1/games/{}", token(10))),
            _ => ("GET".to_owned(), format!("/nope/{}", token(400))),
        };
        let request = app.request(
            reqwest::Method::from_bytes(method.as_bytes()).expect("a token is a method"),
            &path,
        );
        // A few of the methods sent, to look for in the scrape.
        let kept = (i % 100 == 0).then_some(method);
        async move {
            let status = request.send().await.expect("an answer").status();
            assert!(!status.is_server_error(), "{status}");
            kept
        }
    });
    futures_util::stream::iter(requests)
        .buffer_unordered(16)
        .filter_map(|kept| async move { kept })
        .collect()
        .await
}

/// Requests with invented methods and paths, rate-limited or not, add no
/// series beyond the fixed set: the methods they count as are the
/// standard ones or `other`, the routes templates or `unmatched`, so the
/// scrape and the process stay small whatever is sent.
#[tokio::test]
async fn invented_methods_and_paths_add_no_series() {
    // The API's address keeps its rate limit; the scrapes go past it.
    let app = TestApp::spawn_with(helpers::Backend::Sqlite, |settings| {
        settings.operations.metrics_bind = Some("127.0.0.1:0".to_owned());
    })
    .await
    .unwrap();
    let metrics = format!("http://127.0.0.1:{}/metrics", app.metrics_port.unwrap());
    // The connections, buffers and the flood's own series exist after it.
    flood(&app, 300).await;
    scrape(&metrics).await;
    let before = scrape(&metrics).await;
    let resident_before = resident_kib();
    let sent = flood(&app, 3000).await;
    let resident_after = resident_kib();
    let after = scrape(&metrics).await;

    let requests = series(&after, "oanquan_http_requests_total");
    let standard = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other",
    ];
    for labels in &requests {
        assert!(standard.contains(&label(labels, "method")), "{labels}");
        let route = label(labels, "route");
        assert!(route == "unmatched" || route.starts_with('/'), "{labels}");
        assert!(route.len() < 100, "{labels}");
    }
    // At most the flood's fixed set is new (the 300 made most of it; the
    // 3,000 pass the rate limit's burst too): methods `other` and `GET`,
    // routes `unmatched` and `/v1/games/{id}`, and 404, 405 or 429 each.
    let earlier = series(&before, "oanquan_http_requests_total");
    let new: Vec<_> = requests.difference(&earlier).collect();
    assert!(new.len() <= 2 * 2 * 3, "{new:#?}");
    for invented in sent.iter().filter(|method| method.len() > 100) {
        assert!(!after.contains(invented.as_str()));
    }
    assert!(
        after.len() < 200 * 1024,
        "the scrape is {} bytes",
        after.len()
    );
    // Unbounded series took 31 KiB a request (+47 MB for 1,500); 20 MiB is
    // far above what the flood's own buffers leave behind.
    let grown = resident_after.saturating_sub(resident_before);
    assert!(grown < 20 * 1024, "resident memory grew by {grown} KiB");
}
