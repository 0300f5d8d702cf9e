//! Generates the client from the committed 3.0 rendition of the spec
//! (progenitor reads OpenAPI 3.0 only) into $OUT_DIR/client.rs.
//!
//! Three adjustments first, for what progenitor 0.15 cannot take
//! (clients/README.md): a request body offered in several media types keeps
//! only its JSON one (`POST /v1/games/import` also takes `text/plain`); a
//! success answer without a body beside one with a body is left out (the
//! 204 of `GET /v1/games/{id}/stream`): progenitor wants one success type an
//! operation, and the client answers such a 204 as
//! `Error::UnexpectedResponse`; and a header parameter's schema loses
//! `nullable` (an absent header is `required: false` already), which
//! progenitor turns into code that does not compile. Each is a no-op on a
//! document without the construct.

use std::{env, fs, path::Path};

use serde_json::Value;

/// Header parameters, declared in `components/parameters` or inline.
fn header_parameters(spec: &mut Value) -> impl Iterator<Item = &mut Value> {
    let mut found = Vec::new();
    let Some(root) = spec.as_object_mut() else {
        return found.into_iter();
    };
    for (key, value) in root.iter_mut() {
        match key.as_str() {
            "components" => {
                if let Some(parameters) = value.get_mut("parameters").and_then(Value::as_object_mut)
                {
                    found.extend(parameters.values_mut());
                }
            }
            "paths" => {
                let items = value
                    .as_object_mut()
                    .into_iter()
                    .flat_map(|paths| paths.values_mut());
                for item in items.filter_map(Value::as_object_mut) {
                    for (name, member) in item.iter_mut() {
                        let list = if name == "parameters" {
                            member.as_array_mut()
                        } else {
                            member.get_mut("parameters").and_then(Value::as_array_mut)
                        };
                        found.extend(list.into_iter().flatten());
                    }
                }
            }
            _ => {}
        }
    }
    found.retain(|parameter| parameter.get("in").and_then(Value::as_str) == Some("header"));
    found.into_iter()
}

fn adjust_for_progenitor(spec: &mut Value) {
    for parameter in header_parameters(spec) {
        if let Some(schema) = parameter.get_mut("schema").and_then(Value::as_object_mut) {
            schema.remove("nullable");
        }
    }
    let Some(paths) = spec.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    let operations = paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut());
    for operation in operations {
        if let Some(content) = operation
            .pointer_mut("/requestBody/content")
            .and_then(Value::as_object_mut)
        {
            if content.len() > 1 && content.contains_key("application/json") {
                content.retain(|media, _| media == "application/json");
            }
        }
        if let Some(responses) = operation
            .get_mut("responses")
            .and_then(Value::as_object_mut)
        {
            let has_body =
                |answer: &Value| answer.get("content").is_some_and(|c| c != &Value::Null);
            let success = |status: &str| status.starts_with('2');
            if responses
                .iter()
                .any(|(status, answer)| success(status) && has_body(answer))
            {
                responses.retain(|status, answer| !success(status) || has_body(answer));
            }
        }
    }
}

fn main() {
    let spec =
        env::var("OANQUAN_SPEC_30").unwrap_or_else(|_| "../../openapi/openapi-3.0.json".into());
    println!("cargo:rerun-if-changed={spec}");
    println!("cargo:rerun-if-env-changed=OANQUAN_SPEC_30");
    let text = fs::read_to_string(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let mut value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{spec}: {e}"));
    adjust_for_progenitor(&mut value);
    let document = serde_json::from_value(value)
        .unwrap_or_else(|e| panic!("{spec} is no OpenAPI 3.0 document: {e}"));
    let mut generator = progenitor::Generator::default();
    let tokens = generator
        .generate_tokens(&document)
        .unwrap_or_else(|e| panic!("progenitor: {e}"));
    let file: syn::File = syn::parse2(tokens).expect("progenitor's output parses");
    let out = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("client.rs");
    fs::write(out, prettyplease::unparse(&file)).expect("writing the client");
}
