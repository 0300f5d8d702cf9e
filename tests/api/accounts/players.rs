use crate::helpers::assert_problem;
use crate::helpers::header_text;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// `GET /v1/players?name=…` with `name` encoded.
async fn find_by_name(app: &crate::helpers::TestApp, name: &str) -> reqwest::Response {
    app.request(reqwest::Method::GET, "/v1/players")
        .query(&[("name", name)])
        .send()
        .await
        .unwrap()
}

fn object_keys(body: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = body
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

backend_tests! {
    async fn create_returns_201_with_id_name_token_and_location(app) {
        let response = app.create_player("Lan").await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let location = response.headers()["location"].to_str().unwrap().to_owned();
        assert_eq!(response.headers()["cache-control"], "no-store");
        let body: Value = response.json().await.unwrap();

        assert_eq!(object_keys(&body), ["created_at", "id", "name", "token"]);
        assert_eq!(body["name"], "Lan");
        let id = body["id"].as_str().unwrap();
        assert_eq!(id.len(), 10);
        assert!(id.bytes().all(|b| b.is_ascii_alphanumeric()), "{id}");
        assert_eq!(location, format!("/v1/players/{id}"));
        let token = body["token"].as_str().unwrap();
        assert!(token.starts_with("oq_") && token.len() == 46, "{token}");
        let created_at = body["created_at"].as_str().unwrap();
        assert!(chrono::DateTime::parse_from_rfc3339(created_at).is_ok(), "{created_at}");
        assert_eq!(app.player_count().await, 1);
    }

    async fn the_location_serves_the_public_profile_without_the_token(app) {
        let created: Value = app.create_player("Minh").await.json().await.unwrap();
        let id = created["id"].as_str().unwrap();

        let response = app.get(&format!("/v1/players/{id}")).await;
        assert_eq!(response.status(), StatusCode::OK);
        let text = response.text().await.unwrap();
        assert!(!text.contains(created["token"].as_str().unwrap()));
        let profile: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            object_keys(&profile),
            ["bot", "bots", "created_at", "id", "level", "name", "ratings"]
        );
        assert_eq!((profile["level"].clone(), profile["bots"].clone()), (Value::Null, json!([])));
        assert_eq!(profile["bot"], false);
        assert_eq!(profile["id"], created["id"]);
        assert_eq!(profile["name"], "Minh");
        assert_eq!(profile["created_at"], created["created_at"]);
    }

    async fn tokens_are_random_and_stored_only_as_their_sha256(app) {
        let (id_a, token_a) = app.register("A").await;
        let (_, token_b) = app.register("B").await;
        assert_ne!(token_a, token_b);

        let stored = app.stored_token_hash(&id_a).await;
        assert_eq!(stored, hex::encode(Sha256::digest(token_a.as_bytes())));
        assert!(!app.database_contains(&token_a).await, "the plain token is in the database");
    }

    async fn names_are_trimmed(app) {
        let body: Value = app.create_player("  Hoa \t").await.json().await.unwrap();
        assert_eq!(body["name"], "Hoa");
    }

    async fn name_length_counts_unicode_characters_not_bytes(app) {
        let longest = "Ô".repeat(32); // 64 bytes
        let response = app.create_player(&longest).await;
        assert_eq!(response.status(), StatusCode::CREATED);

        let too_long = "ă".repeat(33);
        let problem = assert_problem(app.create_player(&too_long).await, 422, "invalid_name").await;
        assert!(problem["detail"].as_str().unwrap().contains("33"), "{problem}");
        assert_eq!(app.player_count().await, 1);
    }

    async fn empty_blank_and_control_character_names_are_rejected(app) {
        for name in ["", "   ", "\t\n", "bad\u{0}name", "bell\u{7}", "new\nline"] {
            assert_problem(app.create_player(name).await, 422, "invalid_name").await;
        }
        assert_eq!(app.player_count().await, 0);
    }

    async fn names_are_unique_ignoring_case(app) {
        app.register("Quân").await;
        for clash in ["quân", "QUÂN", " Quân "] {
            let problem = assert_problem(app.create_player(clash).await, 409, "name_taken").await;
            assert!(problem["detail"].as_str().unwrap().contains("already taken"));
        }
        assert_eq!(app.player_count().await, 1);
    }

    async fn concurrent_registrations_of_one_name_give_exactly_one_201(app) {
        let names = ["Race", "race", "RACE", "rAcE"].repeat(5);
        let responses = join_all(names.iter().map(|name| app.create_player(name))).await;

        let mut created = 0;
        for response in responses {
            match response.status().as_u16() {
                201 => created += 1,
                409 => {
                    assert_problem(response, 409, "name_taken").await;
                }
                other => panic!("unexpected status {other}: {}", response.text().await.unwrap()),
            }
        }
        assert_eq!(created, 1);
        assert_eq!(app.player_count().await, 1);
    }

    async fn unknown_player_is_404_player_not_found(app) {
        let problem = assert_problem(app.get("/v1/players/aaaaaaaaaa").await, 404, "player_not_found").await;
        assert!(problem["detail"].as_str().unwrap().contains("aaaaaaaaaa"));
    }

    async fn a_malformed_player_id_is_400_invalid_path_parameter(app) {
        for id in ["short", "elevenchars", "has-a-dash", "%C3%B4%C3%B4%C3%B4%C3%B4%C3%B4"] {
            assert_problem(app.get(&format!("/v1/players/{id}")).await, 400, "invalid_path_parameter").await;
        }
    }

    async fn me_returns_the_token_holders_profile(app) {
        let (id, token) = app.register("Tú").await;
        app.register("Other").await;
        let response = app.get_with_token("/v1/me", &token).await;
        assert_eq!(response.status(), StatusCode::OK);
        let profile: Value = response.json().await.unwrap();
        assert_eq!(profile["id"], id.as_str());
        assert_eq!(profile["name"], "Tú");
        assert!(profile.get("token").is_none());
    }

    async fn me_rejects_missing_malformed_and_unknown_tokens_with_a_bearer_challenge(app) {
        let (_, token) = app.register("Real").await;
        let unknown = format!("oq_{}", "A".repeat(43));
        let cases: [(Option<String>, &str); 6] = [
            (None, r#"Bearer realm="oanquan""#),
            (Some(format!("Basic {token}")), "invalid_token"),
            (Some("Bearer".to_owned()), "invalid_token"),
            (Some("Bearer not-a-token".to_owned()), "invalid_token"),
            (Some(format!("Bearer {unknown}")), "invalid_token"),
            (Some(format!("Bearer {token}x")), "invalid_token"),
        ];
        for (authorization, challenge) in cases {
            let mut request = app.request(reqwest::Method::GET, "/v1/me");
            if let Some(value) = &authorization {
                request = request.header("authorization", value);
            }
            let response = request.send().await.unwrap();
            let header = response.headers()["www-authenticate"].to_str().unwrap().to_owned();
            assert!(header.starts_with("Bearer"), "{authorization:?}: {header}");
            assert!(header.contains(challenge), "{authorization:?}: {header}");
            assert_problem(response, 401, "unauthorized").await;
        }
        // The scheme is case-insensitive (RFC 9110).
        let response = app
            .request(reqwest::Method::GET, "/v1/me")
            .header("authorization", format!("bearer {token}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }

    async fn well_formed_bodies_of_the_wrong_shape_are_422_invalid_body_and_store_nothing(app) {
        for body in [json!({}), json!({"name": 5}), json!({"name": null}), json!([]), json!("Lan")] {
            let response = app.post_json("/v1/players", &body, None).await;
            assert_problem(response, 422, "invalid_body").await;
        }
        assert_eq!(app.player_count().await, 0);
    }

    async fn a_name_finds_its_player_as_registration_compares_names(app) {
        let (id, _) = app.register("Alice").await;
        let response = find_by_name(&app, "Alice").await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["cache-control"], "no-cache");
        let etag = response.headers()["etag"].to_str().unwrap().to_owned();
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, json!({"players": [{"id": id, "name": "Alice", "bot": false}]}));

        // Any name registration would refuse as taken by Alice finds her.
        let cyrillic = "\u{410}\u{4cf}\u{456}\u{441}\u{435}";
        for look_alike in ["alice", "ALICE", "AIice", "  Alice  ", cyrillic] {
            let body: Value = find_by_name(&app, look_alike).await.json().await.unwrap();
            assert_eq!(body["players"][0]["id"], id.as_str(), "{look_alike:?}: {body}");
            assert_eq!(body["players"][0]["name"], "Alice", "{look_alike:?}");
        }

        let unchanged = app
            .request(reqwest::Method::GET, "/v1/players?name=Alice")
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
    }

    async fn a_name_no_one_has_finds_no_player(app) {
        app.register("Alice").await;
        for name in ["Alicia", "Bob", "Ali ce"] {
            let response = find_by_name(&app, name).await;
            assert_eq!(response.status(), StatusCode::OK);
            let body: Value = response.json().await.unwrap();
            assert_eq!(body, json!({"players": []}), "{name:?}");
        }
        // Once it is taken, the same search finds the new player.
        let (id, _) = app.register("Bob").await;
        let body: Value = find_by_name(&app, "bob").await.json().await.unwrap();
        assert_eq!(body["players"][0]["id"], id.as_str());
    }

    async fn a_name_no_player_could_have_is_a_problem(app) {
        app.register("Alice").await;
        let too_long = "a".repeat(33);
        for name in ["", "   ", too_long.as_str(), "\u{410}lice", "Alice\u{200b}", "-_."] {
            assert_problem(find_by_name(&app, name).await, 422, "invalid_name").await;
        }
        let problem = assert_problem(app.get("/v1/players").await, 400, "invalid_query").await;
        assert!(problem["detail"].as_str().unwrap().contains("name"), "{problem}");
        for query in ["nmae=Alice", "name=Alice&limit=1"] {
            let response = app.get(&format!("/v1/players?{query}")).await;
            let problem = assert_problem(response, 400, "invalid_query").await;
            assert!(problem["detail"].as_str().unwrap().contains("unknown parameter"), "{problem}");
        }
    }
}

/// GETs `path` with `If-None-Match: tag`, and the token if any.
async fn get_if_none_match(
    app: &crate::helpers::TestApp,
    path: &str,
    tag: &str,
    token: Option<&str>,
) -> reqwest::Response {
    let mut request = app
        .request(reqwest::Method::GET, path)
        .header("If-None-Match", tag);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap()
}

backend_tests! {
    async fn a_profile_answers_304_while_unchanged_and_200_once_rated(app) {
        let (id, _) = app.register("Lan").await;
        let path = format!("/v1/players/{id}");
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header_text(&response, "cache-control").as_deref(), Some("no-cache"));
        let tag = header_text(&response, "etag").expect("an ETag");
        let profile: Value = response.json().await.unwrap();
        assert_eq!(profile["ratings"]["classic"], Value::Null);

        let again = get_if_none_match(&app, &path, &tag, None).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(header_text(&again, "etag"), Some(tag.clone()));
        assert!(again.bytes().await.unwrap().is_empty(), "a 304 has no body");
        let listed = get_if_none_match(&app, &path, &format!("\"x\", W/{tag}"), None).await;
        assert_eq!(listed.status(), StatusCode::NOT_MODIFIED);

        let (other, _) = app.register("Minh").await;
        let theirs = get_if_none_match(&app, &format!("/v1/players/{other}"), &tag, None).await;
        assert_eq!(theirs.status(), StatusCode::OK, "another profile, another tag");

        app.seed_standing(&id, "classic", 1620.0, 90.0, 12).await;
        let changed = get_if_none_match(&app, &path, &tag, None).await;
        assert_eq!(changed.status(), StatusCode::OK);
        let new_tag = header_text(&changed, "etag").unwrap();
        assert_ne!(new_tag, tag);
        let profile: Value = changed.json().await.unwrap();
        assert_eq!(profile["ratings"]["classic"]["rating"].as_f64(), Some(1620.0));
        let again = get_if_none_match(&app, &path, &new_tag, None).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

        // A bad If-None-Match changes nothing about the errors.
        assert_problem(
            get_if_none_match(&app, "/v1/players/aB3dE6gH9j", "*", None).await,
            404,
            "player_not_found",
        ).await;
    }

    async fn me_is_private_and_answers_304_while_unchanged(app) {
        let (id, token) = app.register("Lan").await;
        let response = app.get_with_token("/v1/me", &token).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            header_text(&response, "cache-control").as_deref(),
            Some("private, no-cache")
        );
        let vary = header_text(&response, "vary").unwrap_or_default();
        assert!(vary.to_ascii_lowercase().contains("authorization"), "{vary}");
        let tag = header_text(&response, "etag").expect("an ETag");

        let again = get_if_none_match(&app, "/v1/me", &tag, Some(&token)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(header_text(&again, "etag"), Some(tag.clone()));
        assert_eq!(
            header_text(&again, "cache-control").as_deref(),
            Some("private, no-cache")
        );
        assert!(again.bytes().await.unwrap().is_empty(), "a 304 has no body");

        // Without a token it is still a 401, whatever the tag.
        assert_problem(
            get_if_none_match(&app, "/v1/me", &tag, None).await,
            401,
            "unauthorized",
        ).await;

        app.seed_standing(&id, "village", 1580.0, 120.0, 3).await;
        let changed = get_if_none_match(&app, "/v1/me", &tag, Some(&token)).await;
        assert_eq!(changed.status(), StatusCode::OK);
        assert_ne!(header_text(&changed, "etag").unwrap(), tag);
        let me: Value = changed.json().await.unwrap();
        assert_eq!(me["id"], id.as_str());
        assert_eq!(me["ratings"]["village"]["rating"].as_f64(), Some(1580.0));
    }
}
