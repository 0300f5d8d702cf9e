//! The parameters many operations take, declared once. Handlers list these
//! types in their `params(...)`; [`share`] then puts one definition of each
//! in `components/parameters` and has the operations refer to it, so that a
//! client generator makes one type for a game id, not thirteen.

use serde::Deserialize;
use serde_json::{json, Map, Value};
use utoipa::openapi::path::Parameter;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::IntoParams;

use crate::domain::{GameId, PlayerId};

/// The game named in the path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct GameIdPath {
    /// Game id.
    pub id: GameId,
}

/// The player named in the path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PlayerIdPath {
    /// Player id.
    pub id: PlayerId,
}

// Header parameters are optional but never `null` (a header is there or
// not): hence a plain type and `required = false` rather than `Option`,
// which utoipa reads as nullable outside a query. These types describe the
// headers; the handlers read them from the request.

/// `Idempotency-Key` on an authenticated write.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyKey {
    /// Makes a retry safe: the same key (from the same player, for the same
    /// request) returns the original response and never acts twice. 1 to
    /// 255 visible ASCII characters; a UUID is a good key.
    #[param(
        rename = "Idempotency-Key",
        required = false,
        value_type = IdempotencyKeyValue,
        example = "5f0c8a9e-2b7d-4c1e-9a3f-6d2e8b1c4a70"
    )]
    pub idempotency_key: String,
}

/// Schema only: the value of an `Idempotency-Key`, named so that a client
/// generator makes one type for it rather than one per operation.
pub struct IdempotencyKeyValue;

impl utoipa::PartialSchema for IdempotencyKeyValue {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "An idempotency key: 1 to 255 visible ASCII characters (a UUID is a good one).",
            ))
            .pattern(Some("^[!-~]{1,255}$"))
            .into()
    }
}

impl utoipa::ToSchema for IdempotencyKeyValue {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("IdempotencyKey")
    }
}

/// `Idempotency-Key` on a registration, which no token ties to a player:
/// the key alone names the request, so it is longer.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct RegistrationIdempotencyKey {
    /// Makes a retry safe: the same key and name return the original 201
    /// and token, and register nothing twice. 16 to 255 visible ASCII
    /// characters; a UUID is a good key.
    #[param(
        rename = "Idempotency-Key",
        required = false,
        pattern = "^[!-~]{16,255}$",
        example = "5f0c8a9e-2b7d-4c1e-9a3f-6d2e8b1c4a70"
    )]
    pub idempotency_key: String,
}

/// `If-Match` on a move.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IfMatch {
    /// The game's `ETag` as last seen: the write is refused with 412
    /// (`precondition_failed`) if the game changed since.
    #[param(rename = "If-Match", required = false, example = "\"7\"")]
    pub if_match: String,
}

/// `If-None-Match` on a read that can answer 304.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IfNoneMatch {
    /// An `ETag` from an earlier answer: 304 Not Modified, with no body, if
    /// the resource still has it.
    #[param(rename = "If-None-Match", required = false, example = "\"7\"")]
    pub if_none_match: String,
}

/// A page's `cursor`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Cursor {
    /// Where the page starts: the `next_cursor` (or `prev_cursor`) of the
    /// page before; omit it for the first page.
    #[param(pattern = "^[A-Za-z0-9_-]+$")]
    pub cursor: Option<String>,
}

/// A page's `limit`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Limit {
    /// Items per page, 1 to 100 (default: 20 games, 50 leaderboard rows).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// `Last-Event-ID` on a game stream (an SSE client sends it by itself on
/// reconnecting).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct LastEventId {
    /// The `version` (SSE `id`) of the last event seen: the stream resumes
    /// after it instead of starting with a snapshot.
    #[param(rename = "Last-Event-ID", required = false, minimum = 0, example = 7)]
    pub last_event_id: i64,
}

/// The shared parameters under their component names.
fn shared() -> Vec<(&'static str, Parameter)> {
    let one = |mut parameters: Vec<Parameter>| parameters.remove(0);
    vec![
        ("GameId", one(GameIdPath::into_params(|| None))),
        ("PlayerId", one(PlayerIdPath::into_params(|| None))),
        ("IdempotencyKey", one(IdempotencyKey::into_params(|| None))),
        ("IfMatch", one(IfMatch::into_params(|| None))),
        ("IfNoneMatch", one(IfNoneMatch::into_params(|| None))),
        ("Cursor", one(Cursor::into_params(|| None))),
        ("Limit", one(Limit::into_params(|| None))),
    ]
}

/// What makes two parameters the same: where, which, and the values they take.
fn identity(parameter: &Value) -> (Value, Value, Value) {
    let mut schema = parameter["schema"].clone();
    if let Some(schema) = schema.as_object_mut() {
        schema.remove("description");
    }
    (parameter["in"].clone(), parameter["name"].clone(), schema)
}

/// Moves the shared parameters to `components/parameters` and replaces each
/// operation's copy that takes the same values by a `$ref` (the shared
/// description then stands for all).
pub fn share(doc: &mut Value) {
    let shared: Vec<(&str, Value)> = shared()
        .into_iter()
        .map(|(name, parameter)| (name, serde_json::to_value(parameter).unwrap_or_default()))
        .collect();
    let mut used = Map::new();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for item in paths.values_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for operation in item.values_mut() {
                let Some(parameters) = operation
                    .get_mut("parameters")
                    .and_then(Value::as_array_mut)
                else {
                    continue;
                };
                for parameter in parameters.iter_mut() {
                    let found = shared
                        .iter()
                        .find(|(_, canonical)| identity(canonical) == identity(parameter));
                    if let Some((name, canonical)) = found {
                        used.insert((*name).to_owned(), canonical.clone());
                        *parameter = json!({"$ref": format!("#/components/parameters/{name}")});
                    }
                }
                // utoipa-actix-web adds a tuple path's parameters again
                // beside the declared ones: once shared, they are equal.
                let mut seen = Vec::new();
                parameters.retain(|parameter| {
                    let new = !seen.contains(parameter);
                    seen.push(parameter.clone());
                    new
                });
            }
        }
    }
    if !used.is_empty() {
        doc["components"]["parameters"] = Value::Object(used);
    }
}
