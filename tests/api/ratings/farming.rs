//! The rules that keep ratings from being farmed: only games against an
//! established opponent move a rating, short games and bots' games never
//! do, registrations per address and waiting games per account are capped.

use std::sync::Arc;

use chrono::TimeDelta;
use oanquan::games::{ManualTime, SharedTime};
use oanquan::store::RebuildSummary;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::glicko2::{rating_period, Rating};
use super::{assert_glicko, profile};
use crate::helpers::{assert_problem, Backend, TestApp};

const NULL_RATINGS: &str = r#"{"classic":null,"online":null,"village":null}"#;

/// An app that trusts 127.0.0.1 as its proxy, so that a test names each
/// client in `X-Forwarded-For`, with the default registration limit.
async fn behind_proxy(backend: Backend, time: Option<Arc<ManualTime>>) -> Option<TestApp> {
    TestApp::spawn_with(backend, proxied(time)).await
}

fn proxied(time: Option<Arc<ManualTime>>) -> impl FnOnce(&mut crate::helpers::Settings) {
    move |settings| {
        settings.network.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        settings.network.max_registrations_per_hour = 5;
        if let Some(time) = time {
            settings.time = SharedTime::from(time);
        }
    }
}

on_both_backends! {
    async fn twenty_puppets_resigning_to_a_farmer_earn_him_nothing(backend) {
        let Some(app) = behind_proxy(backend, None).await else { return };
        let farmer = app.player_from("Farmer", "203.0.113.1").await;
        for i in 0..20 {
            // Each from an address of its own, under the registration limit.
            let puppet = app.player_from(&format!("puppet{i}"), &format!("198.51.100.{i}")).await;
            let game = app.rated_game("classic", &farmer, &puppet).await;
            let finished = app.resign(&game.id, &puppet).await;
            assert_eq!(finished["status"], "finished", "{finished}");
            assert_eq!(finished["rated"], true, "{finished}");
        }
        // Provisional opponents move no rating: the farmer has none at all.
        let shown = profile(&app, &farmer).await;
        assert_eq!(shown["ratings"].to_string(), NULL_RATINGS, "{shown}");
        assert_eq!(app.stored_changes().await, vec![]);
        let board: Value = app.get("/v1/leaderboards/classic").await.json().await.unwrap();
        assert_eq!(board["entries"], json!([]), "{board}");
        let around = app.get(&format!("/v1/leaderboards/classic/around/{}", farmer.id)).await;
        assert_problem(around, 404, "not_on_leaderboard").await;
    }

    async fn the_sixth_registration_from_one_56_is_429_for_an_hour_even_after_a_restart(backend) {
        let time = ManualTime::starting_now();
        let Some(app) = behind_proxy(backend, Some(time.clone())).await else { return };
        // Five addresses of one /56 (2001:db8:0:100::/56) share its quota.
        for (i, client) in ["2001:db8:0:100::1", "2001:db8:0:1ff::2", "2001:db8:0:142::3",
            "2001:db8:0:100::4", "2001:db8:0:1a0:1:2:3:4"].iter().enumerate() {
            app.player_from(&format!("p{i}"), client).await;
        }
        let refused = app.register_from("p5", "2001:db8:0:1ee::5").await;
        assert_eq!(refused.headers()["retry-after"], "3600");
        let problem = assert_problem(refused, 429, "too_many_registrations").await;
        assert!(problem["detail"].as_str().unwrap().contains("5 accounts"), "{problem}");
        assert_eq!(app.player_count().await, 5);
        // The next /56, and an IPv4 address, have their own.
        app.player_from("next56", "2001:db8:0:200::1").await;
        app.player_from("ipv4", "192.0.2.7").await;
        // Counted in the database: a restarted node refuses too.
        let restarted = app.sibling_with(proxied(Some(time.clone()))).await;
        let again = restarted.register_from("p5", "2001:db8:0:100::9").await;
        assert_problem(again, 429, "too_many_registrations").await;
        // 59 minutes on, 60 s are left; at an hour the oldest falls out.
        time.advance(TimeDelta::minutes(59));
        let later = restarted.register_from("p5", "2001:db8:0:100::9").await;
        assert_eq!(later.headers()["retry-after"], "60");
        assert_problem(later, 429, "too_many_registrations").await;
        time.advance(TimeDelta::minutes(1));
        restarted.player_from("p5", "2001:db8:0:100::9").await;
    }
}

crate::backend_tests! {
    async fn only_the_provisional_side_moves_against_an_established_player(app) {
        let anchor = app.anchored_player("Anchor").await;
        let newcomer = app.player("Newcomer").await;
        let game = app.rated_game("classic", &newcomer, &anchor).await;
        app.resign(&game.id, &anchor).await;

        // The newcomer won one game against a 1500/350/0.06 opponent, from
        // the same start: the reference implementation's period of one win.
        let new = Rating { rating: 1500.0, rd: 350.0, volatility: 0.06 };
        let expected = rating_period(new, &[(new, 1.0)], 0.5);
        let shown = profile(&app, &newcomer).await;
        let classic = &shown["ratings"]["classic"];
        let value = |f: &str| classic[f].as_f64().unwrap();
        assert_glicko([value("rating"), value("rd"), value("volatility")], expected, "newcomer");
        assert_eq!((classic["games"].clone(), classic["opponents"].clone()), (json!(1), json!(1)));
        assert_eq!(classic["provisional"], true);
        // The anchor's standing did not move: it has played no counted game.
        assert_eq!(profile(&app, &anchor).await["ratings"].to_string(), NULL_RATINGS);
        let changes = app.stored_changes().await;
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0].player_id, newcomer.id);
    }

    async fn a_resignation_before_each_side_made_two_moves_changes_nothing(app) {
        let a = app.anchored_player("Aa").await;
        let b = app.anchored_player("Bb").await;
        // Plies 1 to 3 played, North (one move made) resigns: aborted.
        let game = app.rated_game("classic", &a, &b).await;
        for _ in 0..3 {
            let state = app.game(&game.id).await;
            let mover = if state["to_move"] == "south" { &a } else { &b };
            let m = state["legal_moves"][0].clone();
            assert_eq!(app.play(&game.id, &mover.token, json!({"move": m})).await.status(), StatusCode::CREATED);
        }
        let resigned: Value = app.act(&game.id, "resign", &b.token).await.json().await.unwrap();
        assert_eq!(resigned["status"], "aborted", "{resigned}");
        assert_eq!(resigned["unrated_reason"], "aborted");
        assert_eq!(app.stored_changes().await, vec![]);
        // One more ply (each side two moves) and the same resignation counts.
        let game = app.rated_game("classic", &a, &b).await;
        let finished = app.resign(&game.id, &b).await;
        assert_eq!(finished["status"], "finished", "{finished}");
        assert_eq!(app.stored_changes().await.len(), 2);
    }

    async fn the_eleventh_waiting_game_is_409(app) {
        let host = app.player("Host").await;
        let mut first = None;
        for _ in 0..10 {
            let game = app.create_game(&host.token, json!({"seat": "south"})).await;
            assert_eq!(game["status"], "waiting", "{game}");
            first.get_or_insert(game["id"].as_str().unwrap().to_owned());
        }
        let eleventh = app.post_json("/v1/games", &json!({"seat": "south"}), Some(&host.token)).await;
        assert_problem(eleventh, 409, "too_many_waiting_games").await;
        // A bot's game never waits, so it is not capped.
        let against_bot = app.post_json("/v1/games", &json!({"opponent": "botLevel01"}), Some(&host.token)).await;
        assert_eq!(against_bot.status(), StatusCode::CREATED);
        // Another player is not; a cancelled game frees a place.
        let other = app.player("Other").await;
        assert_eq!(app.create_game(&other.token, json!({})).await["status"], "waiting");
        let first = first.unwrap();
        assert_eq!(app.act(&first, "cancel", &host.token).await.status(), StatusCode::OK);
        assert_eq!(app.create_game(&host.token, json!({})).await["status"], "waiting");
        let twelfth = app.post_json("/v1/games", &json!({}), Some(&host.token)).await;
        assert_problem(twelfth, 409, "too_many_waiting_games").await;
    }

    async fn a_rebuild_applies_the_same_rules_as_the_live_path(app) {
        let anchors = [app.anchored_player("A1").await, app.anchored_player("A2").await];
        let fresh = [app.player("F1").await, app.player("F2").await];
        let mut rated = 0;
        for (south, north) in [
            (&anchors[0], &fresh[0]), (&fresh[0], &fresh[1]), (&anchors[1], &anchors[0]),
            (&fresh[1], &anchors[1]), (&fresh[0], &anchors[1]), (&fresh[1], &fresh[0]),
        ] {
            let game = app.rated_game("classic", south, north).await;
            app.resign(&game.id, north).await;
            rated += 1;
        }
        let live = (app.stored_standings().await, app.stored_changes().await);
        // A1-A2 moved both; each anchor-newcomer game only the newcomer;
        // the two games between newcomers nothing: 2 + 3 changes.
        assert_eq!(live.1.len(), 5, "{:?}", live.1);
        let summary = oanquan::games::rebuild_ratings(&app.store).await.unwrap();
        // Two anchors in three presets, and the two newcomers in classic.
        assert_eq!(summary, RebuildSummary { games: rated, standings: 8, changed: 0, removed: 0 });
        assert_eq!((app.stored_standings().await, app.stored_changes().await), live);
    }
}
