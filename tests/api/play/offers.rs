//! Takebacks and rematches (`POST`/`DELETE /v1/games/{id}/takeback`,
//! `…/rematch`) and the draw that RULES.md has no room for.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::games::Match;
use crate::helpers::{assert_problem, TestApp};

async fn offer(app: &TestApp, game: &str, what: &str, token: &str) -> reqwest::Response {
    app.act(game, what, token).await
}

async fn withdraw(app: &TestApp, game: &str, what: &str, token: &str) -> reqwest::Response {
    app.request(Method::DELETE, &format!("/v1/games/{game}/{what}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn ok(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK, "{}", response.url());
    response.json().await.unwrap()
}

/// A casual classic game with South's 1L and North's 3R played (the
/// walk-through's first two moves).
async fn two_moves_in(app: &TestApp) -> (Match, Value) {
    let game = app.active_game(json!({"preset": "classic"})).await;
    app.play_line(&game, &["1L".to_owned()]).await;
    let after = app.play_line(&game, &["3R".to_owned()]).await;
    (game, after)
}

const START: &str = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1";
/// After 1L (docs/API.md's walk-through, step 4).
const AFTER_1L: &str = "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2";

backend_tests! {

    async fn a_takeback_accepted_undoes_the_offerers_move_and_the_reply(app) {
        let (game, after) = two_moves_in(&app).await;
        assert_eq!(after["ply"], 3);
        // South offers: it stands for ply 3, and North sees it.
        let offered = ok(offer(&app, &game.id, "takeback", &game.south.token).await).await;
        assert_eq!(offered["offers"]["takeback"], "south");
        assert_eq!(offered["ply"], 3, "nothing undone yet");
        assert_problem(offer(&app, &game.id, "takeback", &game.south.token).await, 409, "offer_pending").await;
        // North accepts: South's 1L and North's reply 3R are undone.
        let back = ok(offer(&app, &game.id, "takeback", &game.north.token).await).await;
        assert_eq!(back["position"], START);
        assert_eq!(back["ply"], 1);
        assert_eq!(back["to_move"], "south");
        assert_eq!(back["moves_played"], 0);
        assert_eq!(back["offers"]["takeback"], Value::Null);
        assert_eq!(app.count_moves().await, 0);
        // Play goes on from there, the plies numbered again from 1.
        let replayed = app.play_line(&game, &["1L".to_owned()]).await;
        assert_eq!(replayed["position"], AFTER_1L);
        app.assert_verified().await;
    }

    async fn a_takeback_of_the_last_move_alone_and_its_lapse(app) {
        let (game, _) = two_moves_in(&app).await;
        // North moved last: its offer, accepted by South, undoes 3R only.
        ok(offer(&app, &game.id, "takeback", &game.north.token).await).await;
        let back = ok(offer(&app, &game.id, "takeback", &game.south.token).await).await;
        assert_eq!(back["position"], AFTER_1L);
        assert_eq!(back["to_move"], "north");
        assert_eq!(app.count_moves().await, 1);

        // An offer lapses when a move is played; then there is none to decline.
        ok(offer(&app, &game.id, "takeback", &game.south.token).await).await;
        let moved = app.play_line(&game, &["3R".to_owned()]).await;
        assert_eq!(moved["offers"]["takeback"], Value::Null);
        assert_problem(withdraw(&app, &game.id, "takeback", &game.north.token).await, 409, "no_offer").await;

        // Withdrawn by the offerer, declined by the other.
        ok(offer(&app, &game.id, "takeback", &game.south.token).await).await;
        let gone = ok(withdraw(&app, &game.id, "takeback", &game.south.token).await).await;
        assert_eq!(gone["offers"]["takeback"], Value::Null);
        ok(offer(&app, &game.id, "takeback", &game.south.token).await).await;
        let declined = ok(withdraw(&app, &game.id, "takeback", &game.north.token).await).await;
        assert_eq!(declined["offers"]["takeback"], Value::Null);
        assert_eq!(declined["ply"], 3, "a decline undoes nothing");
    }

    async fn takebacks_are_refused_where_they_do_not_belong(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        // South has moved nothing yet; a stranger is no player.
        assert_problem(offer(&app, &game.id, "takeback", &game.south.token).await, 409, "nothing_to_take_back").await;
        let stranger = app.player("stranger").await;
        assert_problem(offer(&app, &game.id, "takeback", &stranger.token).await, 403, "not_a_player").await;
        // A rated game takes no move back.
        let rated = app.create_game(&game.south.token, json!({"rated": true, "seat": "south", "first": "south"})).await;
        let rated = rated["id"].as_str().unwrap();
        assert_eq!(app.join(rated, &game.north.token).await.status(), StatusCode::OK);
        let line = app.game(rated).await["legal_moves"][0].as_str().unwrap().to_owned();
        assert_eq!(app.play(rated, &game.south.token, json!({"move": line})).await.status(), StatusCode::CREATED);
        assert_problem(offer(&app, rated, "takeback", &game.south.token).await, 409, "takeback_not_allowed").await;
        // No draw by agreement (RULES.md), and nothing is stored by the refusal.
        let version = app.game(&game.id).await["version"].clone();
        assert_problem(offer(&app, &game.id, "draw", &game.north.token).await, 409, "draw_not_allowed").await;
        assert_eq!(app.game(&game.id).await["version"], version);
    }

    async fn a_rematch_swaps_the_seats_once_both_want_it(app) {
        let game = app.active_game(json!({"preset": "village"})).await;
        assert_problem(offer(&app, &game.id, "rematch", &game.south.token).await, 409, "game_not_over").await;
        assert_eq!(app.act(&game.id, "resign", &game.north.token).await.status(), StatusCode::OK);

        let offered = ok(offer(&app, &game.id, "rematch", &game.north.token).await).await;
        assert_eq!(offered["offers"]["rematch"], "north");
        assert_problem(offer(&app, &game.id, "rematch", &game.north.token).await, 409, "offer_pending").await;
        let accepted = offer(&app, &game.id, "rematch", &game.south.token).await;
        assert_eq!(accepted.status(), StatusCode::CREATED);
        let location = accepted.headers()["location"].to_str().unwrap().to_owned();
        let new: Value = accepted.json().await.unwrap();
        assert_eq!(location, format!("/v1/games/{}", new["id"].as_str().unwrap()));
        assert_eq!(new["status"], "active");
        assert_eq!(new["players"]["south"]["id"], game.north.id.as_str());
        assert_eq!(new["players"]["north"]["id"], game.south.id.as_str());
        assert_eq!(new["rules"]["preset"], "village");
        assert_eq!(new["first"], "south");
        let old = app.game(&game.id).await;
        assert_eq!(old["rematch_id"], new["id"]);
        assert_eq!(old["offers"]["rematch"], Value::Null);
        let again = assert_problem(offer(&app, &game.id, "rematch", &game.north.token).await, 409, "rematch_made").await;
        assert!(again["detail"].as_str().unwrap().contains(new["id"].as_str().unwrap()));
    }

    async fn a_rematch_offer_is_withdrawn_or_declined(app) {
        let game = app.active_game(json!({"preset": "classic"})).await;
        assert_eq!(app.act(&game.id, "resign", &game.south.token).await.status(), StatusCode::OK);
        assert_problem(withdraw(&app, &game.id, "rematch", &game.south.token).await, 409, "no_offer").await;
        ok(offer(&app, &game.id, "rematch", &game.south.token).await).await;
        let declined = ok(withdraw(&app, &game.id, "rematch", &game.north.token).await).await;
        assert_eq!(declined["offers"]["rematch"], Value::Null);
        ok(offer(&app, &game.id, "rematch", &game.north.token).await).await;
        let withdrawn = ok(withdraw(&app, &game.id, "rematch", &game.north.token).await).await;
        assert_eq!(withdrawn["offers"]["rematch"], Value::Null);
        assert_eq!(app.count_games().await, 1, "no game was made");
    }

    async fn the_game_stream_tells_of_offers_and_takebacks(app) {
        let (game, _) = two_moves_in(&app).await;
        let mut stream = app.stream(&format!("/v1/games/{}/stream", game.id), &[]).await;
        assert_eq!(stream.next_within(std::time::Duration::from_secs(10)).await.unwrap().kind(), "snapshot");
        ok(offer(&app, &game.id, "takeback", &game.south.token).await).await;
        let made = stream.next_within(std::time::Duration::from_secs(10)).await.unwrap();
        assert_eq!(made.data, json!({"type": "offer", "version": 5, "offer": "takeback", "by": "south", "action": "offered", "game_id": null}));
        ok(offer(&app, &game.id, "takeback", &game.north.token).await).await;
        let accepted = stream.next_within(std::time::Duration::from_secs(10)).await.unwrap();
        assert_eq!(accepted.data["action"], "accepted");
        assert_eq!(accepted.data["version"], 6, "created 1, joined 2, two moves 3 and 4, the offer 5");
        let back = stream.next_within(std::time::Duration::from_secs(10)).await.unwrap();
        assert_eq!(back.kind(), "taken_back");
        assert_eq!(back.data["plies"], 2);
        assert_eq!(back.data["position"], START);
        assert_eq!(back.data["to_move"], "south");
        assert_eq!(back.data["legal_moves"], json!(["1L","1R","2L","2R","3L","3R","4L","4R","5L","5R"]));
    }
}
