//! What the HTTP load tools under examples/ share (each includes this file
//! with `#[path]`): a POST that checks its status, and registration.

use anyhow::{bail, Context};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

/// POSTs `body` and returns the JSON answer if the status is `expected`.
pub async fn post(
    client: &Client,
    url: &str,
    token: Option<&str>,
    body: &Value,
    expected: StatusCode,
) -> anyhow::Result<Value> {
    let mut request = client.post(url).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request
        .send()
        .await
        .with_context(|| format!("POST {url}"))?;
    let status = response.status();
    if status != expected {
        let text = response.text().await.unwrap_or_default();
        bail!("POST {url}: {status} (wanted {expected}): {text}");
    }
    Ok(response.json().await?)
}

/// Registers a player named `name`: their token.
pub async fn register(client: &Client, base: &str, name: &str) -> anyhow::Result<String> {
    let created = post(
        client,
        &format!("{base}/v1/players"),
        None,
        &json!({ "name": name }),
        StatusCode::CREATED,
    )
    .await?;
    Ok(created["token"].as_str().context("token")?.to_owned())
}
