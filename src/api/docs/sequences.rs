//! The streams' answers as sequences of typed events, in each version's
//! own words.
//!
//! The handlers name each stream's event union (`GameStreamEvent`, …) as
//! the schema of their `text/event-stream` and `application/x-ndjson`
//! bodies; a body is, however, a sequence of such events, not one.
//!
//! - OpenAPI 3.2 says so: a sequential media type's `itemSchema` is the
//!   schema of each item. An NDJSON item is one event; an SSE item is the
//!   event's fields, `data` being the event as JSON (`contentMediaType`
//!   and `contentSchema`).
//! - OpenAPI 3.1 and 3.0 have no word for it. An SSE body's `schema` is
//!   then read as the schema of each event (the use of tools before 3.2,
//!   schemathesis among them, which checks each event against it): it is
//!   the SSE item, 3.0's `data` naming its event schema in extensions. An
//!   NDJSON body, which such tools take whole, is `{type: string}`, its
//!   item schema kept in the `x-item-schema` extension (the 3.2
//!   `itemSchema`; tools that know no extension skip it), so that
//!   validators check the body as text and generators hand it over
//!   unparsed.

use serde_json::{json, Map, Value};

/// The media types whose bodies are sequences of events.
pub const SSE: &str = "text/event-stream";
pub const NDJSON: &str = "application/x-ndjson";

/// The extension of a 3.1 / 3.0 media type that carries the 3.2 `itemSchema`.
pub const ITEM_SCHEMA_EXTENSION: &str = "x-item-schema";

/// How the streams are described.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// OpenAPI 3.2: `itemSchema`.
    ItemSchema,
    /// OpenAPI 3.1: an SSE body's `schema` is one event's; an NDJSON body
    /// is text, its item schema in `x-item-schema`.
    Text,
    /// OpenAPI 3.0: as 3.1, `data`'s JSON Schema 2019 `contentMediaType`
    /// and `contentSchema` as `x-` extensions (a 3.0 schema has neither).
    Text30,
}

/// The schema of one server-sent event whose `data` is one `event` (a
/// schema reference) as JSON.
fn sse_item(event: &Value, name: &str, form: Form) -> Value {
    let data = match form {
        Form::Text30 => json!({
            "type": "string",
            "description": format!("One `{name}` as JSON"),
            "x-contentMediaType": "application/json",
            "x-contentSchema": event,
        }),
        _ => json!({
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": event,
        }),
    };
    json!({
        "type": "object",
        "description": format!(
            "One server-sent event: `event` the message's `type`, `data` one `{name}` as JSON, \
             `id` where the stream can resume from it (send it back as `Last-Event-ID`). \
             The stream's first event sets only `retry` (milliseconds); comments (`: …`, \
             heartbeats and farewells) are no events."
        ),
        "properties": {
            "event": { "type": "string", "description": "The message's `type`" },
            "data": data,
            "id": { "type": "string", "description": "Where to resume from (`Last-Event-ID`)" },
            "retry": {
                "type": "integer",
                "minimum": 0,
                "description": "How long to wait before reconnecting, in milliseconds",
            },
        },
    })
}

fn ndjson_description(name: &str) -> String {
    format!(
        "Newline-delimited JSON: one `{name}` a line, an empty line a heartbeat; \
         `x-item-schema` is the schema of one line"
    )
}

/// Describes every stream body of `doc` in `form`.
pub fn describe(doc: &mut Value, form: Form) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
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
        for content in responses
            .values_mut()
            .filter_map(|response| response.get_mut("content"))
            .filter_map(Value::as_object_mut)
        {
            describe_content(content, form);
        }
    }
}

fn describe_content(content: &mut Map<String, Value>, form: Form) {
    for (media_type, media) in content.iter_mut() {
        if media_type != SSE && media_type != NDJSON {
            continue;
        }
        let Some(event) = media.get("schema").cloned() else {
            continue;
        };
        let name = event
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.rsplit('/').next())
            .unwrap_or("event")
            .to_owned();
        let sse = media_type == SSE;
        let item = if sse {
            sse_item(&event, &name, form)
        } else {
            event
        };
        let Some(media) = media.as_object_mut() else {
            continue;
        };
        media.remove("schema");
        match form {
            Form::ItemSchema => {
                media.insert("itemSchema".to_owned(), item);
            }
            Form::Text | Form::Text30 if sse => {
                media.insert("schema".to_owned(), item);
            }
            Form::Text | Form::Text30 => {
                media.insert(
                    "schema".to_owned(),
                    json!({ "type": "string", "description": ndjson_description(&name) }),
                );
                media.insert(ITEM_SCHEMA_EXTENSION.to_owned(), item);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream_doc() -> Value {
        let event = json!({ "$ref": "#/components/schemas/GameStreamEvent" });
        json!({ "paths": { "/s": { "get": { "responses": { "200": { "content": {
            SSE: { "schema": event },
            NDJSON: { "schema": event },
        }}, "404": { "content": { "application/problem+json": { "schema": { "type": "object" } } } } } } } } })
    }

    #[test]
    fn in_3_2_each_item_is_typed() {
        let mut doc = stream_doc();
        describe(&mut doc, Form::ItemSchema);
        let content = &doc["paths"]["/s"]["get"]["responses"]["200"]["content"];
        assert_eq!(
            content[NDJSON],
            json!({ "itemSchema": { "$ref": "#/components/schemas/GameStreamEvent" } })
        );
        let sse = &content[SSE]["itemSchema"];
        assert!(content[SSE].get("schema").is_none());
        assert_eq!(
            sse["properties"]["data"]["contentMediaType"],
            "application/json"
        );
        assert_eq!(
            sse["properties"]["data"]["contentSchema"]["$ref"],
            "#/components/schemas/GameStreamEvent"
        );
        assert_eq!(sse["properties"]["retry"]["type"], "integer");
    }

    #[test]
    fn before_3_2_an_sse_schema_is_one_event_and_ndjson_is_text() {
        for form in [Form::Text, Form::Text30] {
            let mut doc = stream_doc();
            describe(&mut doc, form);
            let responses = &doc["paths"]["/s"]["get"]["responses"];
            let ndjson = &responses["200"]["content"][NDJSON];
            assert_eq!(ndjson["schema"]["type"], "string");
            assert!(ndjson.get("itemSchema").is_none());
            assert_eq!(
                ndjson[ITEM_SCHEMA_EXTENSION]["$ref"],
                "#/components/schemas/GameStreamEvent"
            );
            let sse = &responses["200"]["content"][SSE];
            assert_eq!(sse["schema"]["type"], "object");
            let data = &sse["schema"]["properties"]["data"];
            let (media_key, schema_key) = match form {
                Form::Text30 => ("x-contentMediaType", "x-contentSchema"),
                _ => ("contentMediaType", "contentSchema"),
            };
            assert_eq!(data[media_key], "application/json");
            assert_eq!(
                data[schema_key]["$ref"],
                "#/components/schemas/GameStreamEvent"
            );
            assert_eq!(
                responses["404"]["content"]["application/problem+json"]["schema"]["type"],
                "object"
            );
        }
    }
}
