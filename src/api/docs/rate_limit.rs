//! The rate limit's headers in the document: `RateLimit-Policy` and
//! `RateLimit` on every answer of every limited operation.

use serde_json::{json, Value};

use crate::api::middleware::rate_limit::{EXEMPT_PATHS, POLICY_NAME};

const POLICY: &str = "RateLimitPolicy";
const STATE: &str = "RateLimit";

/// Adds the two header components, and a reference to each from every
/// answer of an operation outside [`EXEMPT_PATHS`] (when limiting is on,
/// as it is by default).
pub fn describe(doc: &mut Value) {
    if let Some(components) = doc["components"].as_object_mut() {
        let headers = components.entry("headers").or_insert_with(|| json!({}));
        headers[POLICY] = json!({
            "description": format!(
                "The client's quota (draft-ietf-httpapi-ratelimit-headers), e.g. \
                 `\"{POLICY_NAME}\";q=20;w=2`: `q` requests at once, whole again after `w` \
                 seconds. Sent when rate limiting is on."
            ),
            "schema": { "type": "string" },
        });
        headers[STATE] = json!({
            "description": format!(
                "What is left of the client's quota after this request, e.g. \
                 `\"{POLICY_NAME}\";r=19;t=1`: `r` requests, whole again in `t` seconds \
                 (`r=0` on a 429, with `Retry-After`). Sent when rate limiting is on."
            ),
            "schema": { "type": "string" },
        });
    }
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        if EXEMPT_PATHS.contains(&path.as_str()) {
            continue;
        }
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for operation in item.values_mut() {
            let Some(responses) = operation["responses"].as_object_mut() else {
                continue;
            };
            for response in responses.values_mut().filter_map(Value::as_object_mut) {
                let headers = response.entry("headers").or_insert_with(|| json!({}));
                headers["RateLimit-Policy"] =
                    json!({ "$ref": format!("#/components/headers/{POLICY}") });
                headers["RateLimit"] = json!({ "$ref": format!("#/components/headers/{STATE}") });
            }
        }
    }
}
