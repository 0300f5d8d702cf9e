//! The committed `openapi/openapi.json` is what the code generates, the
//! server serves it, and its problem examples agree with the catalogue.

use crate::helpers::{Backend, TestApp};
use actix_web::http::StatusCode;
use oanquan::api::docs::openapi::{spec_json, spec_json_30, spec_json_32};
use oanquan::api::problems::ProblemCode;
use serde_json::Value;

const COMMITTED: &str = include_str!("../../../openapi/openapi.json");
const COMMITTED_30: &str = include_str!("../../../openapi/openapi-3.0.json");
const COMMITTED_32: &str = include_str!("../../../openapi/openapi-3.2.json");

fn generated() -> Value {
    serde_json::from_str(&spec_json()).expect("the spec is JSON")
}

fn assert_committed(committed: &str, generated: &str, file: &str, version: &str) {
    if committed != generated {
        let first_difference = committed
            .lines()
            .zip(generated.lines())
            .position(|(committed, generated)| committed != generated)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "{file} is out of date (first difference at line {}); regenerate it with\n\n    \
             cargo run -- openapi --openapi-version {version} > {file}\n",
            first_difference + 1
        );
    }
}

#[test]
fn committed_spec_matches_the_code() {
    assert_committed(COMMITTED, &spec_json(), "openapi/openapi.json", "3.1");
}

#[test]
fn committed_3_0_rendition_matches_the_code() {
    assert_committed(
        COMMITTED_30,
        &spec_json_30(),
        "openapi/openapi-3.0.json",
        "3.0",
    );
}

#[test]
fn committed_3_2_rendition_matches_the_code() {
    assert_committed(
        COMMITTED_32,
        &spec_json_32(),
        "openapi/openapi-3.2.json",
        "3.2",
    );
}

#[tokio::test]
async fn the_server_serves_the_same_spec() {
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let response = app.get("/openapi.json").await;
    assert_eq!(response.status(), 200);
    let served: Value = response.json().await.unwrap();
    assert_eq!(served, generated());
    let response = app.get("/openapi-3.0.json").await;
    assert_eq!(response.status(), 200);
    let served: Value = response.json().await.unwrap();
    assert_eq!(served["openapi"], "3.0.3");
    assert_eq!(
        served,
        serde_json::from_str::<Value>(&spec_json_30()).unwrap()
    );
    let response = app.get("/openapi-3.2.json").await;
    assert_eq!(response.status(), 200);
    let served: Value = response.json().await.unwrap();
    assert_eq!(served["openapi"], "3.2.0");
    assert_eq!(
        served,
        serde_json::from_str::<Value>(&spec_json_32()).unwrap()
    );
}

const STREAMS: [(&str, &str); 4] = [
    ("/v1/games/{id}/stream", "GameStreamEvent"),
    ("/v1/lobby/stream", "LobbyStreamEvent"),
    ("/v1/me/stream", "MeStreamEvent"),
    ("/v1/tournaments/{id}/stream", "TournamentStreamEvent"),
];

#[test]
fn in_3_2_a_stream_is_a_sequence_of_typed_events() {
    let spec: Value = serde_json::from_str(&spec_json_32()).unwrap();
    for (path, union) in STREAMS {
        let content = &spec["paths"][path]["get"]["responses"]["200"]["content"];
        let event = serde_json::json!({ "$ref": format!("#/components/schemas/{union}") });
        assert_eq!(
            content["application/x-ndjson"]["itemSchema"], event,
            "{path}"
        );
        let sse = &content["text/event-stream"];
        assert!(
            sse.get("schema").is_none(),
            "{path}: the body is no one event"
        );
        let fields = &sse["itemSchema"]["properties"];
        assert_eq!(
            fields["data"]["contentMediaType"], "application/json",
            "{path}"
        );
        assert_eq!(fields["data"]["contentSchema"], event, "{path}");
        for field in ["event", "id"] {
            assert_eq!(fields[field]["type"], "string", "{path} {field}");
        }
        assert_eq!(fields["retry"]["type"], "integer", "{path}");
    }
}

/// Before 3.2 an SSE body's schema is read as each event's (schemathesis
/// checks every event against it); an NDJSON body is text, the schema of
/// a line beside it.
#[test]
fn in_3_1_and_3_0_an_sse_schema_is_one_event_and_ndjson_text() {
    for spec in [generated(), serde_json::from_str(&spec_json_30()).unwrap()] {
        for (path, union) in STREAMS {
            let content = &spec["paths"][path]["get"]["responses"]["200"]["content"];
            let ndjson = &content["application/x-ndjson"];
            assert_eq!(ndjson["schema"]["type"], "string", "{path}");
            assert_eq!(
                ndjson["x-item-schema"]["$ref"],
                format!("#/components/schemas/{union}"),
                "{path}"
            );
            let sse = &content["text/event-stream"];
            assert!(sse.get("itemSchema").is_none());
            assert_eq!(sse["schema"]["type"], "object", "{path}");
            let data = serde_json::to_string(&sse["schema"]["properties"]["data"]).unwrap();
            assert!(data.contains(union), "{path}: {data}");
        }
    }
}

#[test]
fn every_answer_documents_its_request_id_and_replays_theirs() {
    let spec = generated();
    assert_eq!(spec["components"]["headers"]["RequestId"]["required"], true);
    for (path, method, operation) in operations(&spec) {
        let parameters = serde_json::to_string(&operation["parameters"]).unwrap();
        let keyed = parameters.contains("IdempotencyKey") || parameters.contains("Idempotency-Key");
        for (status, response) in operation["responses"].as_object().unwrap() {
            let headers = &response["headers"];
            assert_eq!(
                headers["X-Request-Id"]["$ref"], "#/components/headers/RequestId",
                "{method} {path} {status}"
            );
            let replayed = headers.get("Idempotent-Replayed").is_some();
            assert_eq!(
                replayed,
                keyed && status.starts_with('2'),
                "{method} {path} {status}"
            );
        }
    }
    let rated = |path: &str| {
        spec["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "rated")
            .unwrap()["schema"]
            .clone()
    };
    assert_eq!(rated("/v1/players/{id}/games"), rated("/v1/games"));
    assert_eq!(rated("/v1/games"), serde_json::json!({ "type": "boolean" }));
}

/// Every `(status, operation)` pair of the document, with the path.
fn operations(spec: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            found.push((path.clone(), method.clone(), operation.clone()));
        }
    }
    found
}

#[test]
fn every_problem_example_agrees_with_the_catalogue() {
    let spec = generated();
    let mut checked = 0;
    for (path, method, operation) in operations(&spec) {
        for (status, response) in operation["responses"].as_object().unwrap() {
            let Some(content) = response["content"].get("application/problem+json") else {
                continue;
            };
            assert_eq!(content["schema"]["$ref"], "#/components/schemas/Problem");
            let mut examples: Vec<Value> = content.get("example").cloned().into_iter().collect();
            if let Some(named) = content["examples"].as_object() {
                examples.extend(named.values().map(|example| example["value"].clone()));
            }
            assert!(!examples.is_empty(), "{method} {path} {status}: no example");
            for example in examples {
                let code = ProblemCode::from_code(example["code"].as_str().unwrap())
                    .unwrap_or_else(|| panic!("{method} {path}: unknown code in {example}"));
                let answered = StatusCode::from_u16(status.parse().unwrap()).unwrap();
                assert!(
                    code.comes_with(answered),
                    "{method} {path} {status}: {code:?}"
                );
                assert_eq!(example["status"], answered.as_u16(), "{method} {path}");
                assert_eq!(example["title"], code.title(), "{method} {path}");
                assert_eq!(example["type"], code.type_uri(), "{method} {path}");
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "only {checked} problem examples");
}

#[test]
fn every_operation_is_tagged_and_documents_its_failures() {
    let spec = generated();
    for (path, method, operation) in operations(&spec) {
        let responses = operation["responses"].as_object().unwrap();
        assert!(
            operation["tags"].as_array().is_some_and(|t| !t.is_empty()),
            "{method} {path}"
        );
        assert!(operation["operationId"].is_string(), "{method} {path}");
        assert!(responses.contains_key("500"), "{method} {path}");
        let probe = path == "/health" || path == "/ready";
        assert_eq!(responses.contains_key("429"), !probe, "{method} {path}");
        if operation.get("requestBody").is_some() {
            for status in ["400", "413", "415", "422"] {
                assert!(responses.contains_key(status), "{method} {path} {status}");
            }
        }
        if operation["security"]
            .as_array()
            .is_some_and(|s| !s.is_empty())
        {
            let unauthorized = &responses["401"];
            assert!(unauthorized["headers"].get("WWW-Authenticate").is_some());
        }
    }
}

#[test]
fn the_spec_lists_every_endpoint_and_the_bearer_scheme() {
    let spec = generated();
    let mut endpoints: Vec<String> = operations(&spec)
        .into_iter()
        .map(|(path, method, _)| format!("{} {path}", method.to_uppercase()))
        .collect();
    endpoints.sort();
    assert_eq!(
        endpoints,
        [
            "DELETE /v1/games/{id}/rematch",
            "DELETE /v1/games/{id}/takeback",
            "DELETE /v1/me/tokens/{id}",
            "DELETE /v1/me/webhooks/{id}",
            "GET /health",
            "GET /problems/{code}",
            "GET /ready",
            "GET /v1/analysis/table",
            "GET /v1/bots",
            "GET /v1/challenges",
            "GET /v1/explorer",
            "GET /v1/games",
            "GET /v1/games/export",
            "GET /v1/games/{id}",
            "GET /v1/games/{id}/export",
            "GET /v1/games/{id}/export.txt",
            "GET /v1/games/{id}/moves",
            "GET /v1/games/{id}/moves/{ply}",
            "GET /v1/games/{id}/positions/{ply}",
            "GET /v1/games/{id}/stream",
            "GET /v1/leaderboards/{preset}",
            "GET /v1/leaderboards/{preset}/around/{player_id}",
            "GET /v1/lobby/stream",
            "GET /v1/me",
            "GET /v1/me/stream",
            "GET /v1/me/tokens",
            "GET /v1/me/webhooks",
            "GET /v1/me/webhooks/{id}",
            "GET /v1/me/webhooks/{id}/deliveries",
            "GET /v1/players",
            "GET /v1/players/{a}/versus/{b}",
            "GET /v1/players/{id}",
            "GET /v1/players/{id}/games",
            "GET /v1/players/{id}/games/export",
            "GET /v1/players/{id}/rating-history",
            "GET /v1/tournaments",
            "GET /v1/tournaments/{id}",
            "GET /v1/tournaments/{id}/games",
            "GET /v1/tournaments/{id}/stream",
            "PATCH /v1/me/webhooks/{id}",
            "POST /v1/analysis/best",
            "POST /v1/analysis/play",
            "POST /v1/challenges",
            "POST /v1/challenges/{id}/accept",
            "POST /v1/challenges/{id}/cancel",
            "POST /v1/challenges/{id}/decline",
            "POST /v1/games",
            "POST /v1/games/import",
            "POST /v1/games/{id}/abort",
            "POST /v1/games/{id}/cancel",
            "POST /v1/games/{id}/draw",
            "POST /v1/games/{id}/join",
            "POST /v1/games/{id}/moves",
            "POST /v1/games/{id}/rematch",
            "POST /v1/games/{id}/resign",
            "POST /v1/games/{id}/takeback",
            "POST /v1/me/stream-tickets",
            "POST /v1/me/tokens",
            "POST /v1/me/upgrade-to-bot",
            "POST /v1/me/webhooks",
            "POST /v1/me/webhooks/{id}/deliveries/{delivery_id}/retry",
            "POST /v1/me/webhooks/{id}/ping",
            "POST /v1/me/webhooks/{id}/rotate-secret",
            "POST /v1/players",
            "POST /v1/tournaments",
            "POST /v1/tournaments/{id}/cancel",
            "POST /v1/tournaments/{id}/join",
            "POST /v1/tournaments/{id}/start",
            "POST /v1/tournaments/{id}/withdraw",
        ]
    );
    let bearer = &spec["components"]["securitySchemes"]["bearer"];
    assert_eq!(bearer["type"], "http");
    assert_eq!(bearer["scheme"], "bearer");
    assert_eq!(
        spec["paths"]["/v1/me"]["get"]["security"][0]["bearer"],
        serde_json::json!([])
    );
    for schema in [
        "Problem",
        "NewPlayer",
        "CreatedPlayer",
        "PlayerProfile",
        "NewToken",
        "CreatedToken",
        "TokenList",
        "TokenView",
        "ProblemType",
        "HealthStatus",
        "BotList",
        "BotView",
    ] {
        assert!(
            spec["components"]["schemas"].get(schema).is_some(),
            "schema {schema} missing"
        );
    }
}
