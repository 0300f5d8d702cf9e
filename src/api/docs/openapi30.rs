//! OpenAPI 3.1 → 3.0: the same document for the generators that read only
//! 3.0 (`GET /openapi-3.0.json`, `oanquan openapi --openapi-version 3.0`).
//!
//! A pure transform of the JSON value. Schemas lose what JSON Schema 2020-12
//! has and 3.0 lacks: `type: [T, "null"]` and a `{"type": "null"}` branch
//! become `nullable: true`; `const` a one-value `enum`; the `examples` array
//! one `example`; numeric `exclusiveMinimum`/`exclusiveMaximum` the boolean
//! form; a `$ref` with siblings an `allOf` (3.0 ignores a reference's
//! siblings). Outside schemas only `openapi`, `info.license.identifier` and
//! `info.summary` change.

use serde_json::{json, Map, Value};

pub const VERSION: &str = "3.0.3";

/// The 3.0 rendition of a 3.1 document.
pub fn downgrade(mut doc: Value) -> Value {
    doc["openapi"] = json!(VERSION);
    if let Some(info) = doc.get_mut("info").and_then(Value::as_object_mut) {
        info.remove("summary");
        if let Some(license) = info.get_mut("license").and_then(Value::as_object_mut) {
            // 3.0 names a licence by URL, 3.1 also by SPDX identifier.
            if let Some(Value::String(id)) = license.remove("identifier") {
                license
                    .entry("url")
                    .or_insert_with(|| json!(format!("https://spdx.org/licenses/{id}.html")));
            }
        }
    }
    if let Some(object) = doc.as_object_mut() {
        object.remove("jsonSchemaDialect");
        object.remove("webhooks");
    }
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        for schema in schemas.values_mut() {
            downgrade_schema(schema);
        }
    }
    for key in ["parameters", "headers", "responses", "requestBodies"] {
        if let Some(parts) = doc
            .pointer_mut(&format!("/components/{key}"))
            .and_then(Value::as_object_mut)
        {
            for part in parts.values_mut() {
                downgrade_part(part);
            }
        }
    }
    downgrade_paths(&mut doc);
    let types: Map<String, Value> = doc
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .map(|schemas| {
            schemas
                .iter()
                .map(|(name, schema)| (format!("#/components/schemas/{name}"), type_of(schema)))
                .collect()
        })
        .unwrap_or_default();
    type_nullable_references(&mut doc, &types);
    doc
}

/// The `type` of a component schema: its own, or `object` for a union
/// (every union of this API is one of objects).
fn type_of(schema: &Value) -> Value {
    match schema.get("type") {
        Some(schema_type) => schema_type.clone(),
        None => json!("object"),
    }
}

/// 3.0 reads `nullable` only beside a `type`: a nullable `allOf: [$ref]`
/// gets the referenced schema's.
fn type_nullable_references(value: &mut Value, types: &Map<String, Value>) {
    match value {
        Value::Object(object) => {
            if object.get("nullable") == Some(&Value::Bool(true)) && !object.contains_key("type") {
                let target = object
                    .get("allOf")
                    .and_then(|all| all.get(0))
                    .and_then(|first| first.get("$ref"))
                    .and_then(Value::as_str)
                    .and_then(|reference| types.get(reference))
                    .cloned();
                if let Some(schema_type) = target {
                    object.insert("type".to_owned(), schema_type);
                }
            }
            for child in object.values_mut() {
                type_nullable_references(child, types);
            }
        }
        Value::Array(items) => {
            for item in items {
                type_nullable_references(item, types);
            }
        }
        _ => {}
    }
}

fn downgrade_paths(doc: &mut Value) {
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for item in paths.values_mut().filter_map(Value::as_object_mut) {
            for (key, operation) in item.iter_mut() {
                if key == "parameters" {
                    for parameter in operation.as_array_mut().into_iter().flatten() {
                        downgrade_part(parameter);
                    }
                    continue;
                }
                downgrade_operation(operation);
            }
        }
    }
}

fn downgrade_operation(operation: &mut Value) {
    for parameter in operation
        .get_mut("parameters")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
    {
        downgrade_part(parameter);
    }
    if let Some(body) = operation.get_mut("requestBody") {
        downgrade_part(body);
    }
    if let Some(responses) = operation
        .get_mut("responses")
        .and_then(Value::as_object_mut)
    {
        for response in responses.values_mut() {
            downgrade_part(response);
        }
    }
}

/// A parameter, header, request body or response: the schemas in it (its
/// own, its media types', its headers').
fn downgrade_part(part: &mut Value) {
    let Some(object) = part.as_object_mut() else {
        return;
    };
    if let Some(schema) = object.get_mut("schema") {
        downgrade_schema(schema);
    }
    for key in ["content", "headers"] {
        if let Some(children) = object.get_mut(key).and_then(Value::as_object_mut) {
            for child in children.values_mut() {
                downgrade_part(child);
            }
        }
    }
}

/// Keywords whose value is one schema.
const ONE_SCHEMA: [&str; 4] = ["items", "not", "additionalProperties", "contains"];
/// Keywords whose value is a list of schemas.
const SCHEMA_LISTS: [&str; 3] = ["allOf", "oneOf", "anyOf"];
/// Keywords whose value maps names to schemas.
const SCHEMA_MAPS: [&str; 2] = ["properties", "patternProperties"];

/// One schema and, recursively, every schema in it.
pub fn downgrade_schema(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    for key in ONE_SCHEMA {
        if let Some(child) = object.get_mut(key) {
            downgrade_schema(child);
        }
    }
    for key in SCHEMA_LISTS {
        for child in object
            .get_mut(key)
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            downgrade_schema(child);
        }
    }
    for key in SCHEMA_MAPS {
        if let Some(children) = object.get_mut(key).and_then(Value::as_object_mut) {
            for child in children.values_mut() {
                downgrade_schema(child);
            }
        }
    }
    type_list_to_nullable(object);
    null_branch_to_nullable(object);
    if let Some(value) = object.remove("const") {
        object.insert("enum".to_owned(), json!([value]));
    }
    if let Some(Value::Array(mut examples)) = object.remove("examples") {
        if !examples.is_empty() {
            object.insert("example".to_owned(), examples.swap_remove(0));
        }
    }
    for (exclusive, bound) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if let Some(limit) = object.get(exclusive).filter(|v| v.is_number()).cloned() {
            object.insert(bound.to_owned(), limit);
            object.insert(exclusive.to_owned(), Value::Bool(true));
        }
    }
    for key in [
        "contentMediaType",
        "contentEncoding",
        "prefixItems",
        "$schema",
    ] {
        object.remove(key);
    }
    ref_with_siblings_to_all_of(object);
}

/// `type: ["string", "null"]` → `type: "string", nullable: true`.
fn type_list_to_nullable(object: &mut Map<String, Value>) {
    let Some(Value::Array(types)) = object.get("type") else {
        return;
    };
    let nullable = types.iter().any(|t| t == "null");
    let others: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
    match others.as_slice() {
        [] => {
            object.remove("type");
        }
        [one] => {
            object.insert("type".to_owned(), one.clone());
        }
        _ => {
            object.remove("type");
            object.insert(
                "anyOf".to_owned(),
                Value::Array(others.into_iter().map(|t| json!({"type": t})).collect()),
            );
        }
    }
    if nullable {
        object.insert("nullable".to_owned(), Value::Bool(true));
    }
}

/// `oneOf: [{"type": "null"}, X]` → `X` with `nullable: true` (a lone
/// `$ref` X as `allOf: [X]`, which may carry `nullable`).
fn null_branch_to_nullable(object: &mut Map<String, Value>) {
    for key in ["oneOf", "anyOf"] {
        let Some(Value::Array(branches)) = object.get_mut(key) else {
            continue;
        };
        let before = branches.len();
        branches.retain(|branch| *branch != json!({"type": "null"}));
        if branches.len() == before {
            continue;
        }
        object.insert("nullable".to_owned(), Value::Bool(true));
        let Some(Value::Array(branches)) = object.remove(key) else {
            continue;
        };
        match <[Value; 1]>::try_from(branches) {
            Ok([Value::Object(only)]) if !only.contains_key("$ref") => {
                for (name, value) in only {
                    object.entry(name).or_insert(value);
                }
            }
            Ok([only]) => {
                object.insert("allOf".to_owned(), json!([only]));
            }
            Err(branches) => {
                object.insert(key.to_owned(), Value::Array(branches));
            }
        }
    }
}

/// `{"$ref": X, "description": …}` → `{"allOf": [{"$ref": X}], "description": …}`.
fn ref_with_siblings_to_all_of(object: &mut Map<String, Value>) {
    if object.len() < 2 {
        return;
    }
    if let Some(reference) = object.remove("$ref") {
        object.insert("allOf".to_owned(), json!([{ "$ref": reference }]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(mut value: Value) -> Value {
        downgrade_schema(&mut value);
        value
    }

    #[test]
    fn a_type_list_with_null_becomes_nullable() {
        assert_eq!(
            schema(json!({"type": ["string", "null"], "format": "date-time"})),
            json!({"type": "string", "format": "date-time", "nullable": true})
        );
        assert_eq!(
            schema(json!({"type": ["integer", "string"]})),
            json!({"anyOf": [{"type": "integer"}, {"type": "string"}]})
        );
    }

    #[test]
    fn a_null_branch_becomes_nullable() {
        assert_eq!(
            schema(
                json!({"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/A"}], "description": "d"})
            ),
            json!({"allOf": [{"$ref": "#/components/schemas/A"}], "nullable": true, "description": "d"})
        );
        assert_eq!(
            schema(json!({"oneOf": [{"type": "null"}, {"type": "object", "properties": {}}]})),
            json!({"type": "object", "properties": {}, "nullable": true})
        );
        let two = json!({"oneOf": [{"type": "null"}, {"type": "string"}, {"type": "integer"}]});
        assert_eq!(
            schema(two),
            json!({"oneOf": [{"type": "string"}, {"type": "integer"}], "nullable": true})
        );
    }

    #[test]
    fn const_examples_and_exclusive_bounds_take_their_3_0_form() {
        assert_eq!(
            schema(json!({"type": "string", "const": "lift"})),
            json!({"type": "string", "enum": ["lift"]})
        );
        assert_eq!(
            schema(json!({"type": "string", "examples": ["a", "b"]})),
            json!({"type": "string", "example": "a"})
        );
        assert_eq!(
            schema(json!({"type": "integer", "exclusiveMinimum": 0})),
            json!({"type": "integer", "minimum": 0, "exclusiveMinimum": true})
        );
    }

    #[test]
    fn nested_schemas_are_downgraded_and_a_ref_keeps_its_siblings() {
        let nested = json!({
            "type": "object",
            "properties": {
                "a": {"type": ["integer", "null"]},
                "b": {"type": "array", "items": {"const": 1}},
                "c": {"$ref": "#/components/schemas/C", "description": "c"},
                "d": {"$ref": "#/components/schemas/D"}
            }
        });
        assert_eq!(
            schema(nested),
            json!({
                "type": "object",
                "properties": {
                    "a": {"type": "integer", "nullable": true},
                    "b": {"type": "array", "items": {"enum": [1]}},
                    "c": {"allOf": [{"$ref": "#/components/schemas/C"}], "description": "c"},
                    "d": {"$ref": "#/components/schemas/D"}
                }
            })
        );
    }

    #[test]
    fn a_nullable_reference_gets_the_type_it_refers_to() {
        let doc = json!({
            "openapi": "3.1.0",
            "paths": {},
            "components": {"schemas": {
                "A": {"type": "object", "properties": {
                    "b": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/B"}]},
                    "u": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/U"}]}
                }},
                "B": {"type": "string", "enum": ["x"]},
                "U": {"oneOf": [{"$ref": "#/components/schemas/A"}]}
            }}
        });
        let down = downgrade(doc);
        let properties = &down["components"]["schemas"]["A"]["properties"];
        assert_eq!(
            properties["b"],
            json!({"allOf": [{"$ref": "#/components/schemas/B"}], "nullable": true, "type": "string"})
        );
        assert_eq!(properties["u"]["type"], "object");
    }

    #[test]
    fn the_document_names_3_0_and_parameters_and_media_types_are_walked() {
        let doc = json!({
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1", "license": {"name": "MIT", "identifier": "MIT"}},
            "paths": {"/a": {"get": {
                "parameters": [{"name": "h", "in": "header", "schema": {"type": ["string", "null"]},
                    "examples": {"one": {"value": "x"}}}],
                "responses": {"200": {"description": "ok",
                    "headers": {"ETag": {"schema": {"type": "string", "examples": ["\"1\""]}}},
                    "content": {"application/json": {"schema": {"const": 1},
                        "examples": {"one": {"value": 1}}}}}}
            }}},
            "components": {"parameters": {"P": {"name": "p", "in": "query", "schema": {"const": "p"}}}}
        });
        let down = downgrade(doc);
        assert_eq!(down["openapi"], "3.0.3");
        assert_eq!(
            down["info"]["license"],
            json!({"name": "MIT", "url": "https://spdx.org/licenses/MIT.html"})
        );
        let operation = &down["paths"]["/a"]["get"];
        assert_eq!(
            operation["parameters"][0]["schema"],
            json!({"type": "string", "nullable": true})
        );
        assert_eq!(operation["parameters"][0]["examples"]["one"]["value"], "x");
        let response = &operation["responses"]["200"];
        assert_eq!(response["headers"]["ETag"]["schema"]["example"], "\"1\"");
        let media = &response["content"]["application/json"];
        assert_eq!(media["schema"], json!({"enum": [1]}));
        assert_eq!(media["examples"]["one"]["value"], 1);
        assert_eq!(
            down["components"]["parameters"]["P"]["schema"],
            json!({"enum": ["p"]})
        );
    }
}
