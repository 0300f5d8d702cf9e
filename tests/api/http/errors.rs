//! Every class of bad request gets a problem+json answer with the right
//! status and code, and stores nothing.

use crate::helpers::assert_problem;
use oanquan::api::problems::ProblemCode;
use reqwest::{Method, StatusCode};
use serde_json::Value;

backend_tests! {
    async fn malformed_json_is_400_malformed_json(app) {
        for body in [&b"{\"name\":"[..], b"{name: 'Lan'}", b"", b"\xff\xfe"] {
            let response = app.post_raw("/v1/players", Some("application/json"), body.to_vec()).await;
            assert_problem(response, 400, "malformed_json").await;
        }
        assert_eq!(app.player_count().await, 0);
    }

    async fn a_missing_or_wrong_content_type_is_415(app) {
        let body = br#"{"name":"Lan"}"#.to_vec();
        for content_type in [None, Some("text/plain"), Some("application/x-www-form-urlencoded")] {
            let response = app.post_raw("/v1/players", content_type, body.clone()).await;
            assert_problem(response, 415, "unsupported_media_type").await;
        }
        assert_eq!(app.player_count().await, 0);
    }

    async fn an_oversize_body_is_413_payload_too_large(app) {
        let name = "x".repeat(20 * 1024);
        let body = format!(r#"{{"name":"{name}"}}"#).into_bytes();
        let response = app.post_raw("/v1/players", Some("application/json"), body).await;
        assert_problem(response, 413, "payload_too_large").await;
        assert_eq!(app.player_count().await, 0);
    }

    async fn an_unknown_route_is_404_not_found(app) {
        for path in ["/v1", "/v1/players/", "/v2/players", "/problems", "/nope?x=1"] {
            assert_problem(app.get(path).await, 404, "not_found").await;
        }
        let response = app.post_raw("/v1/nothing", Some("application/json"), b"{}".to_vec()).await;
        assert_problem(response, 404, "not_found").await;
    }

    async fn a_missing_swagger_ui_file_is_a_problem_too(app) {
        assert_problem(app.get("/docs/no-such-file.js").await, 404, "not_found").await;
    }

    async fn a_wrong_method_is_405_with_allow(app) {
        let cases = [
            (Method::PUT, "/v1/players", "GET, POST"),
            (Method::DELETE, "/v1/players", "GET, POST"),
            (Method::POST, "/v1/players/aaaaaaaaaa", "GET"),
            (Method::PUT, "/health", "GET"),
            (Method::PATCH, "/v1/me", "GET"),
            (Method::POST, "/openapi.json", "GET"),
            (Method::DELETE, "/docs/", "GET"),
            // A literal route wins over a template that also matches it.
            (Method::PUT, "/v1/games/import", "POST"),
            // …also when a template route would take the method.
            (Method::GET, "/v1/games/import", "POST"),
            (Method::DELETE, "/v1/games/aaaaaaaaaa", "GET"),
        ];
        for (method, path, allow) in cases {
            let response = app.request(method.clone(), path).send().await.unwrap();
            assert_eq!(response.headers()["allow"], allow, "{method} {path}");
            assert_problem(response, 405, "method_not_allowed").await;
        }
        assert_eq!(app.player_count().await, 0);
    }

    async fn a_malformed_path_parameter_is_400(app) {
        assert_problem(app.get("/v1/players/!!").await, 400, "invalid_path_parameter").await;
    }

    async fn every_problem_code_is_described_at_its_type(app) {
        for code in ProblemCode::ALL {
            let response = app.get(&code.type_uri()).await;
            assert_eq!(response.status(), StatusCode::OK, "{}", code.as_str());
            let described: Value = response.json().await.unwrap();
            assert_eq!(described["code"], code.as_str());
            assert_eq!(described["type"], code.type_uri());
            assert_eq!(described["status"], code.status().as_u16());
            assert_eq!(described["title"], code.title());
            assert!(!described["description"].as_str().unwrap().is_empty());
        }
        let problem = assert_problem(app.get("/problems/no_such_code").await, 404, "not_found").await;
        assert!(problem["detail"].as_str().unwrap().contains("no_such_code"));
    }

    async fn odd_inputs_never_cause_a_server_error(app) {
        let bodies: [&[u8]; 7] = [
            br#"{"name":"\u0000"}"#,
            br#"{"name":"\ud800"}"#,
            br#"{"name":"ok","name":"twice"}"#,
            br#"{"name":{"nested":[1,2,3]}}"#,
            br#"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"#,
            r#"{"name":"🀄🀄🀄"} trailing"#.as_bytes(),
            b"null",
        ];
        for body in bodies {
            let response = app.post_raw("/v1/players", Some("application/json"), body.to_vec()).await;
            let status = response.status();
            assert!(
                status.is_success() || status.is_client_error(),
                "{status} for {}",
                String::from_utf8_lossy(body)
            );
            if !status.is_success() {
                let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
                assert_eq!(content_type, "application/problem+json");
            }
        }
        let long_path = format!("/v1/players/{}", "a".repeat(4000));
        assert_problem(app.get(&long_path).await, 400, "invalid_path_parameter").await;
    }
}
