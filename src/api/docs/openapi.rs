//! The OpenAPI document: built from the same `configure` that registers the
//! routes, so `/openapi.json`, `oanquan openapi` and the server cannot
//! disagree.

use actix_web::http::StatusCode;
use actix_web::App;
use serde_json::{json, Value};
use utoipa::openapi::content::{Content, ContentBuilder};
use utoipa::openapi::header::{Header, HeaderBuilder};
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{example::ExampleBuilder, Object, OpenApi as OpenApiDoc, Ref, RefOr, Type};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;

use super::openapi30;
use super::sequences::{self, Form};
use crate::api::middleware::rate_limit::EXEMPT_PATHS;
use crate::api::problems::{ProblemCode, PROBLEM_JSON};
use crate::api::protocol::params;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "oanquan",
        description = "HTTP game server for Ô Ăn Quan (mandarin square capturing).\n\n\
            Every error is an RFC 9457 problem (`application/problem+json`) with a stable \
            `code`; `GET /problems/{code}` describes each one.",
        license(name = "MIT", identifier = "MIT"),
        contact(name = "oanquan maintainers", url = "https://github.com/oanquan/oanquan/issues")
    ),
    // Relative: the server that serves the document, whatever its `--bind`
    // or the proxy in front of it.
    servers(
        (url = "/", description = "The server that serves this document"),
    ),
    tags(
        (name = "players", description = "Registration, profiles and bearer tokens"),
        (name = "games", description = "Create, join and play games; every move is stored"),
        (name = "challenges", description = "Challenge a named player, who accepts or declines"),
        (name = "tournaments", description = "Round-robin and Swiss events the server pairs and runs, with their standings"),
        (name = "history", description = "Browse games, replay them ply by ply, export and import records"),
        (name = "analysis", description = "Stateless: play a line of moves from any position"),
        (name = "ratings", description = "Glicko-2 ratings per preset, leaderboards, rating history, head-to-head records"),
        (name = "webhooks", description = "Your endpoints for signed deliveries of your games' events (Standard Webhooks), and their delivery log"),
        (name = "streams", description = "Live changes pushed as server-sent events or NDJSON: a game, the lobby, a player, a tournament"),
        (name = "health", description = "Liveness and readiness probes"),
        (name = "problems", description = "The catalogue of error codes")
    ),
    // Beside the schemas the operations name, those only parameters name.
    components(schemas(
        crate::api::problems::Problem,
        crate::domain::GameId,
        crate::domain::PlayerId,
        crate::api::views::names::RecordFormatName,
        crate::api::protocol::params::IdempotencyKeyValue,
        crate::webhooks::events::GameStartedData,
        crate::webhooks::events::GameMoveData,
        crate::webhooks::events::GameEndedData,
        crate::webhooks::events::GameAbortedData,
        crate::webhooks::events::ChallengeCreatedData,
        crate::webhooks::events::PingData,
    )),
    modifiers(&BearerScheme)
)]
struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut OpenApiDoc) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A token returned once by `POST /v1/players` or `POST /v1/me/tokens`: `oq_` followed by 43 base64url characters. `DELETE /v1/me/tokens/{id}` revokes it. Its scopes (`read`, `play`, `challenge`, `webhooks`, `tokens`), chosen when it is made, decide what it may do: each operation's `x-required-scope` names the one it needs, and a token without it gets 403 `insufficient_scope`.",
                    ))
                    .build(),
            ),
        );
    }
}

/// The complete document.
pub fn spec() -> OpenApiDoc {
    let (_, mut doc) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(crate::api::configure)
        .split_for_parts();
    add_shared_problem_responses(&mut doc);
    super::scopes::describe(&mut doc);
    doc
}

/// Where the 3.2 rendition is served (Swagger UI, which reads up to 3.1,
/// serves the 3.1 document and the 3.0 rendition).
pub const PATH_32: &str = "/openapi-3.2.json";

/// The 3.2 rendition, built once at start-up.
pub struct Document32(pub Value);

/// `GET /openapi-3.2.json`.
pub async fn serve_32(document: actix_web::web::Data<Document32>) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok().json(&document.0)
}

/// The OpenAPI 3.2 version this server writes.
pub const VERSION_32: &str = "3.2.0";

/// utoipa's document, with the shared parameters in
/// `components/parameters` and every header the server sends; the streams
/// still name their event union as their body.
fn base_value() -> Value {
    let mut doc = serde_json::to_value(spec()).unwrap_or_default();
    params::share(&mut doc);
    require_always_sent_headers(&mut doc);
    document_sent_headers(&mut doc);
    super::webhooks::describe(&mut doc);
    super::rate_limit::describe(&mut doc);
    doc
}

/// The document as served at `/openapi.json` (OpenAPI 3.1): an SSE body's
/// schema is one event's, an NDJSON body is text with its lines' schema in
/// `x-item-schema` ([`sequences`]).
pub fn spec_value() -> Value {
    let mut doc = base_value();
    sequences::describe(&mut doc, Form::Text);
    doc
}

/// The same document as OpenAPI 3.2, served at `/openapi-3.2.json`: a
/// stream's events typed with `itemSchema`.
pub fn spec_value_32() -> Value {
    let mut doc = base_value();
    doc["openapi"] = json!(VERSION_32);
    sequences::describe(&mut doc, Form::ItemSchema);
    doc
}

/// The same document as OpenAPI 3.0, served at `/openapi-3.0.json`.
pub fn spec_value_30() -> Value {
    let mut doc = base_value();
    sequences::describe(&mut doc, Form::Text30);
    super::webhooks::remove(&mut doc);
    openapi30::downgrade(doc)
}

/// `doc` as committed: pretty JSON with a final newline.
pub fn pretty(doc: &Value) -> String {
    let mut json = serde_json::to_string_pretty(doc).unwrap_or_default();
    json.push('\n');
    json
}

/// The document as committed in `openapi/openapi.json`.
pub fn spec_json() -> String {
    pretty(&spec_value())
}

/// The document as committed in `openapi/openapi-3.0.json`.
pub fn spec_json_30() -> String {
    pretty(&spec_value_30())
}

/// The document as committed in `openapi/openapi-3.2.json`.
pub fn spec_json_32() -> String {
    pretty(&spec_value_32())
}

/// The name of the shared header component every answer carries.
const REQUEST_ID: &str = "RequestId";
/// The name of the shared header component of a replayed write's answer.
const REPLAYED: &str = "IdempotentReplayed";

/// Documents the headers the server sends beyond what each handler
/// describes: `X-Request-Id` on every answer (the telemetry middleware
/// sets it), `Idempotent-Replayed` on the successes of an operation that
/// takes an `Idempotency-Key` (a retry's stored answer says so).
fn document_sent_headers(doc: &mut Value) {
    let components = doc["components"]
        .as_object_mut()
        .map(|c| c.entry("headers").or_insert_with(|| json!({})));
    if let Some(headers) = components.and_then(Value::as_object_mut) {
        headers.insert(
            REQUEST_ID.to_owned(),
            json!({
                "description": "The request's id, also in the server's logs: quote it when reporting a problem",
                "required": true,
                "schema": { "type": "string" },
            }),
        );
        headers.insert(
            REPLAYED.to_owned(),
            json!({
                "description": "`true`: the stored answer of an earlier request with the same `Idempotency-Key`, which did the work once",
                "schema": { "type": "string" },
            }),
        );
    }
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
        let keyed = operation["parameters"]
            .as_array()
            .is_some_and(|parameters| {
                parameters.iter().any(|p| {
                    p["name"]
                        .as_str()
                        .is_some_and(|n| n.eq_ignore_ascii_case("Idempotency-Key"))
                        || p["$ref"]
                            .as_str()
                            .is_some_and(|r| r.ends_with("/IdempotencyKey"))
                })
            });
        let Some(responses) = operation
            .get_mut("responses")
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        for (status, response) in responses.iter_mut() {
            let Some(response) = response.as_object_mut() else {
                continue;
            };
            let headers = response
                .entry("headers")
                .or_insert_with(|| json!({}))
                .as_object_mut();
            let Some(headers) = headers else {
                continue;
            };
            headers.insert(
                "X-Request-Id".to_owned(),
                json!({ "$ref": format!("#/components/headers/{REQUEST_ID}") }),
            );
            if keyed && status.starts_with('2') {
                headers.insert(
                    "Idempotent-Replayed".to_owned(),
                    json!({ "$ref": format!("#/components/headers/{REPLAYED}") }),
                );
            }
        }
    }
}

/// The response headers the server sends on every answer that documents
/// them: a game's or a content's `ETag`, a created resource's `Location`.
const ALWAYS_SENT_HEADERS: [&str; 2] = ["ETag", "Location"];

fn require_always_sent_headers(doc: &mut Value) {
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
        let Some(responses) = operation
            .get_mut("responses")
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        for response in responses.values_mut() {
            let Some(headers) = response.get_mut("headers").and_then(Value::as_object_mut) else {
                continue;
            };
            for name in ALWAYS_SENT_HEADERS {
                if let Some(header) = headers.get_mut(name) {
                    header["required"] = Value::Bool(true);
                }
            }
        }
    }
}

/// Adds the problems that follow from an operation's shape rather than its
/// logic, where the handler did not describe that status itself: bodies can
/// be malformed, too large or of the wrong type; secured operations can be
/// unauthorized; any can be sent a query parameter it does not take
/// (`query_guard`), be rate-limited or fail.
fn add_shared_problem_responses(doc: &mut OpenApiDoc) {
    for (path, item) in doc.paths.paths.iter_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            // A public operation says so (`security: []`), rather than
            // leaving a reader to guess whether it inherits a default.
            operation.security.get_or_insert_with(Vec::new);
            add_examples_from_descriptions(operation);
            let mut shared = Vec::new();
            if has_parameter(operation, ParameterIn::Path, None) {
                shared.push(ProblemCode::InvalidPathParameter);
            }
            if has_parameter(operation, ParameterIn::Header, Some("Idempotency-Key")) {
                shared.extend([
                    ProblemCode::InvalidHeader,
                    ProblemCode::IdempotencyKeyReused,
                ]);
            }
            if operation.request_body.is_some() {
                shared.extend([
                    ProblemCode::MalformedJson,
                    ProblemCode::InvalidBody,
                    ProblemCode::PayloadTooLarge,
                    ProblemCode::UnsupportedMediaType,
                ]);
            }
            shared.push(ProblemCode::InvalidQuery);
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                shared.push(ProblemCode::Unauthorized);
            }
            if !EXEMPT_PATHS.contains(&path.as_str()) {
                shared.push(ProblemCode::RateLimited);
            }
            shared.push(ProblemCode::Internal);
            for code in shared {
                add_problem(operation, code);
            }
        }
    }
}

/// A problem response described as "`game_full` or `own_game`" gets an
/// example per code it names, from the catalogue, so that every documented
/// problem shows its exact shape.
fn add_examples_from_descriptions(operation: &mut Operation) {
    for (status, response) in operation.responses.responses.iter_mut() {
        let RefOr::T(response) = response else {
            continue;
        };
        let named: Vec<ProblemCode> = response
            .description
            .split('`')
            .skip(1)
            .step_by(2)
            .filter_map(ProblemCode::from_code)
            .filter(|code| {
                status
                    .parse::<u16>()
                    .ok()
                    .and_then(|s| StatusCode::from_u16(s).ok())
                    .is_some_and(|s| code.comes_with(s))
            })
            .collect();
        let answered = status.parse::<u16>().unwrap_or_default();
        if let Some(content) = response.content.get_mut(PROBLEM_JSON) {
            for &code in &named {
                ensure_example(content, code, answered);
            }
        }
        for code in named {
            document_headers(response, code);
        }
    }
}

/// Adds `code`'s catalogue example to a problem response's content unless
/// one for it is there; a single `example` becomes a named one first.
/// Returns whether it added one.
fn ensure_example(content: &mut Content, code: ProblemCode, status: u16) -> bool {
    if let Some(single) = content.example.take() {
        let name = single["code"].as_str().unwrap_or("example").to_owned();
        content.examples.insert(
            name,
            RefOr::T(ExampleBuilder::new().value(Some(single)).build()),
        );
    }
    if content.examples.contains_key(code.as_str()) {
        return false;
    }
    content.examples.insert(
        code.as_str().to_owned(),
        RefOr::T(
            ExampleBuilder::new()
                .value(Some(problem_example(code, status)))
                .build(),
        ),
    );
    true
}

fn problem_example(code: ProblemCode, status: u16) -> serde_json::Value {
    json!({
        "type": code.type_uri(),
        "title": code.title(),
        "status": status,
        "detail": code.description(),
        "code": code.as_str(),
    })
}

fn has_parameter(operation: &Operation, location: ParameterIn, name: Option<&str>) -> bool {
    operation.parameters.iter().flatten().any(|parameter| {
        parameter.parameter_in == location
            && name.is_none_or(|name| parameter.name.eq_ignore_ascii_case(name))
    })
}

/// Documents that `operation` can answer with `code`: a new response for
/// its status, or one more example (and a mention) in the response already
/// there.
pub(super) fn add_problem(operation: &mut Operation, code: ProblemCode) {
    let status = code.status().as_u16().to_string();
    let Some(RefOr::T(existing)) = operation.responses.responses.get_mut(&status) else {
        operation
            .responses
            .responses
            .insert(status, problem_response(code).into());
        return;
    };
    document_headers(existing, code);
    let Some(content) = existing.content.get_mut(PROBLEM_JSON) else {
        return;
    };
    let answered = code.status().as_u16();
    if ensure_example(content, code, answered) && !existing.description.contains(code.as_str()) {
        existing.description = format!("{}; or `{}`", existing.description, code.as_str());
    }
}

fn problem_response(code: ProblemCode) -> Response {
    let example = problem_example(code, code.status().as_u16());
    let content = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("Problem")))
        .examples_from_iter([(
            code.as_str(),
            ExampleBuilder::new().value(Some(example)).build(),
        )])
        .build();
    let mut response = ResponseBuilder::new()
        .description(format!("`{}`: {}", code.as_str(), code.description()))
        .content(PROBLEM_JSON, content)
        .build();
    document_headers(&mut response, code);
    response
}

/// The headers that come with `code`'s answers.
fn document_headers(response: &mut Response, code: ProblemCode) {
    let (name, header) = match code {
        ProblemCode::Unauthorized => (
            "WWW-Authenticate",
            header_doc(Type::String, "A `Bearer` challenge"),
        ),
        ProblemCode::RateLimited
        | ProblemCode::TooManyStreams
        | ProblemCode::AnalysisBusy
        | ProblemCode::Overloaded => (
            "Retry-After",
            header_doc(Type::Integer, "Seconds to wait before retrying"),
        ),
        _ => return,
    };
    response.headers.entry(name.to_owned()).or_insert(header);
}

fn header_doc(schema_type: Type, description: &str) -> Header {
    HeaderBuilder::new()
        .schema(Object::with_type(schema_type))
        .description(Some(description))
        .build()
}
