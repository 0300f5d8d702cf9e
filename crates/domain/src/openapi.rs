//! OpenAPI schemas for the opaque ids (feature `openapi`): strings of
//! exactly 10 letters or digits, so that clients (and schema fuzzers) know a
//! well-formed id. Here rather than in the API because of the orphan rule.

use serde_json::json;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::{GameId, PlayerId, Scope};

fn id_schema(what: &str, example: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(format!("A {what} id: 10 ASCII letters or digits.")))
        .pattern(Some("^[A-Za-z0-9]{10}$"))
        .min_length(Some(10))
        .max_length(Some(10))
        .examples([json!(example)])
        .into()
}

impl PartialSchema for GameId {
    fn schema() -> RefOr<Schema> {
        id_schema("game", "Gm4x9QzLp2")
    }
}

impl ToSchema for GameId {}

impl PartialSchema for PlayerId {
    fn schema() -> RefOr<Schema> {
        id_schema("player", "aB3dE6gH9j")
    }
}

impl ToSchema for PlayerId {}

impl PartialSchema for Scope {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "What a token may do: `read` (your own data and streams), `play` (moves, \
                 resignations, aborts, offers, creating, joining and importing games, the \
                 bot upgrade), `challenge` (challenges), `webhooks` (your webhooks), \
                 `tokens` (your tokens)."
                    .to_owned(),
            ))
            .enum_values(Some(Scope::ALL.map(Scope::as_str)))
            .into()
    }
}

impl ToSchema for Scope {}
