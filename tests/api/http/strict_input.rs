//! Strict input: a misspelt query parameter is a 400
//! naming it, the accepted ones and the closest, never silently ignored; a
//! bad number or boolean names its parameter; an imported finished game has
//! a `finished_at`.

use crate::helpers::assert_problem;
use reqwest::{Method, StatusCode};
use serde_json::json;

async fn invalid_query_detail(app: &crate::helpers::TestApp, path: &str) -> String {
    let body = assert_problem(app.get(path).await, 400, "invalid_query").await;
    body["detail"].as_str().unwrap().to_owned()
}

backend_tests! {
    async fn a_misspelt_parameter_is_refused_with_the_closest_and_the_accepted(app) {
        let detail = invalid_query_detail(&app, "/v1/games?staus=finished").await;
        assert_eq!(
            detail,
            "unknown parameter \"staus\" (did you mean \"status\"?); \
             accepted: status, player, opponent, rated, rules, preset, result, reason, since, \
             until, min_rating, cursor, limit"
        );
        let detail = invalid_query_detail(&app, "/v1/leaderboards/classic?include_provisonal=true").await;
        assert!(detail.contains("\"include_provisonal\" (did you mean \"include_provisional\"?)"), "{detail}");
        assert!(detail.contains("accepted: cursor, limit, min_games, include_provisional"), "{detail}");

        let game = app.active_game(json!({})).await;
        for path in [
            format!("/v1/games/{}/moves?form=1", game.id),
            format!("/v1/games/{}/export?fromat=text", game.id),
            format!("/v1/players/{}/games?limt=2", game.south.id),
            format!("/v1/players/{}/rating-history?presets=classic", game.south.id),
            format!("/v1/leaderboards/classic/around/{}?mingames=1", game.south.id),
        ] {
            let detail = invalid_query_detail(&app, &path).await;
            assert!(detail.starts_with("unknown parameter"), "{path}: {detail}");
            assert!(detail.contains("did you mean"), "{path}: {detail}");
        }
        // Spelt right, the same requests are answered.
        assert_eq!(app.get("/v1/games?status=finished").await.status(), StatusCode::OK);
        assert_eq!(app.get("/v1/leaderboards/classic?include_provisional=true").await.status(), StatusCode::OK);
    }

    async fn routes_without_query_parameters_refuse_any(app) {
        let game = app.active_game(json!({})).await;
        let refused = |detail: &str| detail.ends_with("this endpoint takes no query parameters");
        for path in [
            format!("/v1/games/{}?verbose=1", game.id),
            format!("/v1/players/{}?fields=name", game.south.id),
            format!("/v1/games/{}/moves/1?trace=false", game.id),
            "/health?probe=1".to_owned(),
            "/v1/lobby/stream?since=3".to_owned(),
            "/v1/tournaments/Tn4x9QzLp2/stream?since=3".to_owned(),
            "/v1/analysis/table?preset=classic".to_owned(),
        ] {
            let detail = invalid_query_detail(&app, &path).await;
            assert!(refused(&detail), "{path}: {detail}");
        }
        // Writes too: nothing is done.
        let response = app
            .request(Method::POST, &format!("/v1/games/{}/resign?confirm=yes", game.id))
            .bearer_auth(&game.north.token)
            .send()
            .await
            .unwrap();
        let detail = assert_problem(response, 400, "invalid_query").await;
        assert!(refused(detail["detail"].as_str().unwrap()), "{detail}");
        assert_eq!(app.game(&game.id).await["status"], "active");
        // A stream's own parameter, misspelt, is named with the right one.
        let detail = invalid_query_detail(&app, &format!("/v1/games/{}/stream?snice=2", game.id)).await;
        assert!(detail.contains("(did you mean \"since\"?); accepted: since"), "{detail}");
        // The web page's deep links and the docs keep their queries.
        let page = app.get(&format!("/games/{}?ply=17", game.id)).await;
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(app.get("/docs/?url=/openapi.json").await.status(), StatusCode::OK);
        assert_eq!(app.get(&format!("/v1/games/{}", game.id)).await.status(), StatusCode::OK);
    }

    async fn every_documented_operation_refuses_an_unknown_parameter(app) {
        // The guard finds an operation by the template the router matched,
        // so a spec path that is not the router's pattern would let every
        // parameter through: try each documented operation (the check comes
        // before authentication and the handler, so any id will do).
        let spec: serde_json::Value = app.get("/openapi.json").await.json().await.unwrap();
        let mut tried = 0;
        for (path, item) in spec["paths"].as_object().unwrap() {
            if path == "/v1/me/stream" {
                continue; // its `?ticket=` is the handler's (tested with the tickets)
            }
            let concrete = path.replace("{preset}", "classic").replace("{ply}", "1");
            let concrete = with_any_ids(&concrete);
            for method in ["get", "post", "put", "delete", "patch"] {
                if item.get(method).is_none() {
                    continue;
                }
                let response = app
                    .request(method.to_uppercase().parse().unwrap(), &format!("{concrete}?zz_unknown=1"))
                    .send()
                    .await
                    .unwrap();
                let body = assert_problem(response, 400, "invalid_query").await;
                assert!(body["detail"].as_str().unwrap().contains("\"zz_unknown\""), "{method} {path}: {body}");
                tried += 1;
            }
        }
        assert!(tried >= 30, "only {tried} operations documented?");
    }

    async fn a_bad_number_or_boolean_names_its_parameter(app) {
        let game = app.active_game(json!({})).await;
        for (path, parameter) in [
            ("/v1/leaderboards/classic?limit=x".to_owned(), "limit"),
            ("/v1/leaderboards/classic?min_games=-1".to_owned(), "min_games"),
            ("/v1/leaderboards/classic?include_provisional=yes".to_owned(), "include_provisional"),
            (format!("/v1/games/{}/moves?from=first", game.id), "from"),
            (format!("/v1/games/{}/moves?to=1.5", game.id), "to"),
            (format!("/v1/players/{}/rating-history?limit=many", game.south.id), "limit"),
            (format!("/v1/players/{}/rating-history?preset=chess", game.south.id), "preset"),
            ("/v1/games?rated=yes".to_owned(), "rated"),
            ("/v1/games?limit=0".to_owned(), "limit"),
        ] {
            let detail = invalid_query_detail(&app, &path).await;
            assert!(detail.starts_with(&format!("{parameter}: ")), "{path}: {detail}");
        }
    }

    async fn an_imported_finished_game_has_a_finished_at(app) {
        let game = app.active_game(json!({})).await;
        app.play_line(&game, &["1L".to_owned(), "3R".to_owned()]).await;
        assert_eq!(app.act(&game.id, "resign", &game.north.token).await.status(), StatusCode::OK);
        let text = app
            .request(Method::GET, &format!("/v1/games/{}/export", game.id))
            .header("accept", "text/plain")
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let before = chrono::Utc::now();
        let response = app
            .request(Method::POST, "/v1/games/import")
            .bearer_auth(&game.south.token)
            .header("content-type", "text/plain")
            .body(text)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        let imported: serde_json::Value = response.json().await.unwrap();
        assert_eq!(imported["status"], "finished");
        // A text record has no times: the import's is the game's end.
        let finished_at: chrono::DateTime<chrono::Utc> =
            imported["finished_at"].as_str().expect("finished_at").parse().unwrap();
        assert!(finished_at >= before - chrono::Duration::seconds(1), "{finished_at}");

        // A JSON record keeps its own.
        let json_record: serde_json::Value = app
            .get(&format!("/v1/games/{}/export?format=json", game.id))
            .await
            .json()
            .await
            .unwrap();
        let response = app.post_json("/v1/games/import", &json_record, Some(&game.south.token)).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let imported: serde_json::Value = response.json().await.unwrap();
        assert_eq!(imported["finished_at"], json_record["finished_at"]);
    }
}

/// `{anything}` → `x1`: a path parameter's value does not matter to the guard.
fn with_any_ids(path: &str) -> String {
    let mut out = String::new();
    let mut in_parameter = false;
    for c in path.chars() {
        match c {
            '{' => in_parameter = true,
            '}' => {
                in_parameter = false;
                out.push_str("x1");
            }
            _ if in_parameter => {}
            _ => out.push(c),
        }
    }
    out
}
