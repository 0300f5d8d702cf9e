//! The spec is one a client generator can use as it stands: every
//! operation described and its security said, every closed set of names a
//! shared enum, the problem codes the whole catalogue, response fields
//! required, unions named and discriminated, ids and paging parameters
//! shared, every request body with an example the server accepts, and
//! `/docs` ready to "try it" with a token.

use std::collections::BTreeSet;

use crate::helpers::{Backend, TestApp};
use oanquan::api::docs::openapi::spec_json;
use oanquan::api::problems::ProblemCode;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

fn spec() -> Value {
    serde_json::from_str(&spec_json()).expect("the spec is JSON")
}

fn operations(spec: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            found.push((path.clone(), method.clone(), operation.clone()));
        }
    }
    found
}

/// Every JSON object under `value`, with its JSON pointer.
fn objects<'a>(value: &'a Value, at: String, found: &mut Vec<(String, &'a Value)>) {
    match value {
        Value::Object(object) => {
            found.push((at.clone(), value));
            for (key, child) in object {
                objects(child, format!("{at}/{key}"), found);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                objects(child, format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

/// The names of the component schemas reachable from `value`.
fn reachable(spec: &Value, value: &Value, found: &mut BTreeSet<String>) {
    let mut all = Vec::new();
    objects(value, String::new(), &mut all);
    for (_, object) in all {
        let Some(reference) = object["$ref"].as_str() else {
            continue;
        };
        if let Some(name) = reference.strip_prefix("#/components/schemas/") {
            if found.insert(name.to_owned()) {
                reachable(spec, &spec["components"]["schemas"][name], found);
            }
        }
    }
}

#[test]
fn every_operation_has_a_description_and_says_its_security() {
    let spec = spec();
    for (path, method, operation) in operations(&spec) {
        let description = operation["description"].as_str().unwrap_or_default();
        assert!(!description.trim().is_empty(), "{method} {path}");
        let security = operation["security"].as_array();
        assert!(security.is_some(), "{method} {path}: no `security`");
    }
    assert_eq!(spec["paths"]["/health"]["get"]["security"], json!([]));
    assert_eq!(
        spec["paths"]["/v1/games"]["post"]["security"],
        json!([{"bearer": []}])
    );
    // Relative: the server that serves the document, whatever its bind.
    assert_eq!(
        spec["servers"],
        json!([{"url": "/", "description": "The server that serves this document"}])
    );
    assert!(spec["info"]["contact"]["name"].is_string());
    assert_eq!(spec["info"]["license"]["identifier"], "MIT");
}

#[test]
fn every_enum_is_a_named_component() {
    let spec = spec();
    let mut all = Vec::new();
    objects(&spec, String::new(), &mut all);
    for (at, object) in all {
        if object.get("enum").is_none() || at.contains("/example") {
            continue;
        }
        assert!(
            at.starts_with("/components/schemas/") && at.matches('/').count() == 3,
            "an inline enum at {at}: make it a component schema"
        );
    }
    let schemas = &spec["components"]["schemas"];
    for name in [
        "GameStatus",
        "SeatName",
        "Winner",
        "EndReason",
        "TurnEndReason",
        "ProblemCode",
        "PresetName",
        "UnratedReason",
        "AbortReason",
        "RecordFormat",
    ] {
        assert!(schemas[name]["enum"].is_array(), "{name}");
    }
    assert_eq!(
        schemas["GameView"]["allOf"][1]["properties"]["status"]["$ref"],
        "#/components/schemas/GameStatus"
    );
    assert_eq!(
        schemas["Problem"]["properties"]["code"]["$ref"],
        "#/components/schemas/ProblemCode"
    );
}

#[test]
fn the_problem_code_enum_is_the_catalogue() {
    let spec = spec();
    let listed: Vec<&str> = spec["components"]["schemas"]["ProblemCode"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|code| code.as_str().unwrap())
        .collect();
    let catalogue: Vec<&str> = ProblemCode::ALL.iter().map(|code| code.as_str()).collect();
    assert_eq!(listed, catalogue);
}

#[test]
fn every_field_of_an_answer_is_required() {
    let spec = spec();
    let (mut answers, mut inputs) = (BTreeSet::new(), BTreeSet::new());
    for (_, _, operation) in operations(&spec) {
        reachable(&spec, &operation["responses"], &mut answers);
        reachable(&spec, &operation["requestBody"], &mut inputs);
    }
    assert!(answers.contains("GameRecord") && !answers.contains("GameRecordInput"));
    assert!(inputs.contains("GameRecordInput") && !inputs.contains("GameRecord"));
    // A schema a request also takes keeps its defaults (e.g. `increment_s`).
    for name in answers.difference(&inputs) {
        let mut all = Vec::new();
        objects(
            &spec["components"]["schemas"][name],
            String::new(),
            &mut all,
        );
        for (at, object) in all {
            let Some(properties) = object["properties"].as_object() else {
                continue;
            };
            let required: BTreeSet<&str> = object["required"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            for property in properties.keys() {
                // RFC 9457 extension members, sent only by the problems
                // they belong to: `scope` (`insufficient_scope`) and
                // `errors` (invalid fields).
                if name == "Problem"
                    && at.is_empty()
                    && ["scope", "errors"].contains(&property.as_str())
                {
                    continue;
                }
                assert!(
                    required.contains(property.as_str()),
                    "{name}{at}: `{property}` is always sent, so required"
                );
            }
        }
    }
}

#[test]
fn unions_are_named_schemas_with_a_const_type_and_a_discriminator() {
    let spec = spec();
    let schemas = &spec["components"]["schemas"];
    for (union, count) in [
        ("EventView", 8),
        ("GameStreamEvent", 10),
        ("LobbyStreamEvent", 5),
        ("MeStreamEvent", 7),
        ("TournamentStreamEvent", 5),
    ] {
        let branches = schemas[union]["oneOf"].as_array().unwrap();
        assert_eq!(branches.len(), count, "{union}");
        let discriminator = &schemas[union]["discriminator"];
        assert_eq!(discriminator["propertyName"], "type", "{union}");
        let mapping = discriminator["mapping"].as_object().unwrap();
        assert_eq!(mapping.len(), count, "{union}");
        for (tag, target) in mapping {
            let name = target
                .as_str()
                .unwrap()
                .trim_start_matches("#/components/schemas/");
            assert!(
                branches.contains(&json!({ "$ref": target })),
                "{union}: {tag}"
            );
            let member = &schemas[name];
            assert_eq!(member["properties"]["type"]["const"], *tag, "{name}");
            assert!(member["required"]
                .as_array()
                .unwrap()
                .contains(&json!("type")));
        }
    }
    assert!(schemas["LiftEvent"].is_object() && schemas["GameEndEvent"].is_object());
}

#[test]
fn ids_and_paging_are_shared_parameters_and_headers_plain_strings() {
    let spec = spec();
    let shared = &spec["components"]["parameters"];
    for name in [
        "GameId",
        "PlayerId",
        "IdempotencyKey",
        "IfMatch",
        "IfNoneMatch",
        "Cursor",
        "Limit",
    ] {
        assert!(shared[name]["name"].is_string(), "{name}");
        let in_path = name == "GameId" || name == "PlayerId";
        assert_eq!(shared[name]["required"], in_path, "{name}");
    }
    let mut operations_with_304 = 0;
    for (path, method, operation) in operations(&spec) {
        let parameters = operation["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let resolved: Vec<Value> = parameters
            .iter()
            .map(|p| match p["$ref"].as_str() {
                Some(r) => shared[r.trim_start_matches("#/components/parameters/")].clone(),
                None => p.clone(),
            })
            .collect();
        for parameter in &resolved {
            let (name, place) = (&parameter["name"], &parameter["in"]);
            if place == "header" {
                let schema = match parameter["schema"]["$ref"].as_str() {
                    Some(r) => {
                        &spec["components"]["schemas"]
                            [r.trim_start_matches("#/components/schemas/")]
                    }
                    None => &parameter["schema"],
                };
                let schema_type = &schema["type"];
                assert!(
                    schema_type.is_string(),
                    "{method} {path} {name}: {schema_type}"
                );
            }
        }
        for (place, name, component) in [
            ("header", "Idempotency-Key", "IdempotencyKey"),
            ("header", "If-Match", "IfMatch"),
            ("header", "If-None-Match", "IfNoneMatch"),
            ("query", "cursor", "Cursor"),
        ] {
            if let Some(i) = resolved
                .iter()
                .position(|p| p["name"] == name && p["in"] == place)
            {
                let by_ref =
                    parameters[i]["$ref"] == format!("#/components/parameters/{component}");
                // Registration's key is longer: no token ties it to a player.
                assert!(by_ref || path == "/v1/players", "{method} {path} {name}");
            }
        }
        if path.starts_with("/v1/games/{id}") {
            assert_eq!(
                parameters[0]["$ref"], "#/components/parameters/GameId",
                "{path}"
            );
        }
        if operation["responses"].get("304").is_some() {
            operations_with_304 += 1;
            let declared = resolved.iter().any(|p| p["name"] == "If-None-Match");
            assert!(declared, "{method} {path}: a 304 without If-None-Match");
        }
        for (status, response) in operation["responses"].as_object().unwrap() {
            for header in ["ETag", "Location"] {
                if let Some(declared) = response["headers"].get(header) {
                    assert_eq!(
                        declared["required"], true,
                        "{method} {path} {status} {header}"
                    );
                }
            }
        }
    }
    assert!(operations_with_304 >= 4);
    let leaderboard = &spec["paths"]["/v1/leaderboards/{preset}"]["get"]["parameters"][0];
    assert_eq!(
        leaderboard["schema"]["$ref"],
        "#/components/schemas/PresetName"
    );
    let rated = spec["paths"]["/v1/games"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "rated")
        .cloned()
        .unwrap();
    assert_eq!(rated["schema"]["type"], "boolean");
}

/// Sends every request-body example of the spec to the server: each is
/// accepted as the operation documents.
#[tokio::test]
async fn every_write_operation_has_an_example_the_server_accepts() {
    let spec = spec();
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    let mut sent = 0;
    for (path, method, operation) in operations(&spec) {
        let Some(content) = operation["requestBody"]["content"].as_object() else {
            continue;
        };
        for (media_type, body) in content {
            let mut examples: Vec<Value> = body.get("example").cloned().into_iter().collect();
            if let Some(named) = body["examples"].as_object() {
                examples.extend(named.values().map(|e| e["value"].clone()));
            }
            assert!(
                !examples.is_empty(),
                "{method} {path} {media_type}: no example"
            );
            for example in examples {
                let (status, answer) =
                    send_example(&app, &path, &method, media_type, &example).await;
                let success = operation["responses"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .find(|s| s.starts_with('2'))
                    .unwrap();
                assert_eq!(
                    status.as_str(),
                    success,
                    "{method} {path} {example}: {answer}"
                );
                sent += 1;
            }
        }
    }
    assert!(sent >= 12, "{sent} examples sent");
}

async fn send_example(
    app: &TestApp,
    path: &str,
    method: &str,
    media_type: &str,
    example: &Value,
) -> (StatusCode, String) {
    // Each example in a world of its own: a fresh player, and for a move a
    // fresh game against a bot in which it is that player's first move.
    let unique = format!("{:08x}", rand_suffix());
    let (_, token) = app.register(&format!("ex{unique}")).await;
    let mut path = path.to_owned();
    let mut body = example.clone();
    if path == "/v1/challenges" {
        let (opponent, _) = app.register(&format!("op{unique}")).await;
        body["opponent"] = json!(opponent);
    } else if path.starts_with("/v1/challenges/{id}") {
        // A challenge to this player, from another.
        let (_, from) = app.register(&format!("ch{unique}")).await;
        let me = app.get_with_token("/v1/me", &token).await;
        let me: Value = me.json().await.unwrap();
        let game = app.create_game(&from, json!({"opponent": me["id"]})).await;
        path = path.replace("{id}", game["id"].as_str().unwrap());
    } else if path.starts_with("/v1/me/webhooks/{id}") {
        // An endpoint of this player's.
        let body = json!({"url": "http://93.184.215.14/hook", "events": ["game.move"]});
        let created = app.post_json("/v1/me/webhooks", &body, Some(&token)).await;
        let created: Value = created.json().await.unwrap();
        path = path.replace("{id}", created["id"].as_str().unwrap());
    } else if path.contains("{id}") {
        let game = app
            .create_game(
                &token,
                json!({"opponent": "botLevel01", "seat": "south", "first": "south"}),
            )
            .await;
        path = path.replace("{id}", game["id"].as_str().unwrap());
    }
    if path == "/v1/players" {
        body = json!({"name": format!("pl{unique}")});
    }
    let method: Method = method.to_uppercase().parse().unwrap();
    let request = app.request(method, &path).bearer_auth(&token);
    let request = match example.as_str() {
        Some(text) if media_type == "text/plain" => request
            .header(reqwest::header::CONTENT_TYPE, media_type)
            .body(text.to_owned()),
        _ => request.json(&body),
    };
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.text().await.unwrap_or_default())
}

fn rand_suffix() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    std::process::id().wrapping_mul(31) ^ NEXT.fetch_add(1, Ordering::Relaxed)
}

#[tokio::test]
async fn docs_try_it_out_with_a_bearer_token() {
    let spec = spec();
    let bearer = &spec["components"]["securitySchemes"]["bearer"];
    assert_eq!(
        bearer,
        &json!({"type": "http", "scheme": "bearer", "description": bearer["description"]})
    );
    let app = TestApp::spawn(Backend::Sqlite).await.unwrap();
    assert_eq!(app.get("/docs/").await.status(), StatusCode::OK);
    let initializer = app
        .get("/docs/swagger-initializer.js")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        initializer.contains(r#""persistAuthorization": false"#),
        "{initializer}"
    );
    assert!(initializer.contains(r#""/openapi.json""#), "{initializer}");
    assert!(
        initializer.contains(r#""/openapi-3.0.json""#),
        "{initializer}"
    );
}
