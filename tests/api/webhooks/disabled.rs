//! A player is told on `/v1/me/stream` when the delivery workers disable
//! one of their endpoints, on whichever node their stream is (PostgreSQL
//! announces it); other players are not.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use oanquan::games::TimeSource;
use reqwest::Method;
use serde_json::Value;

use super::deliveries::{spawn_on_manual_time, wait_for_log};
use super::receiver::Receiver;
use super::{call, create};
use crate::helpers::streams::wait_for;
use crate::helpers::Backend;

const WAIT: Duration = Duration::from_secs(20);

/// An endpoint failing for a day is disabled; a failed delivery is retried
/// a minute later.
fn disabled_after_a_day(settings: &mut crate::helpers::Settings) {
    settings.webhooks.retry_base_ms = 60_000;
    settings.webhooks.disable_after_hours = 24;
}

on_both_backends! {
    async fn the_player_hears_on_their_stream_that_an_endpoint_was_disabled(backend) {
        let Some((app, time)) = spawn_on_manual_time(backend, disabled_after_a_day)
        .await else { return };
        let receiver = Receiver::start(500).await;
        let (lan, mai) = (app.player("lan").await, app.player("mai").await);
        let url = receiver.url("/failing");
        let hook = create(&app, &lan.token, &url, &["game.ended"]).await;
        let endpoint = hook["id"].as_str().unwrap();
        let mut lans = app.me_stream(&lan.token, &[]).await;
        let mut mais = app.me_stream(&mai.token, &[]).await;
        wait_for(&mut lans, "snapshot", WAIT).await;
        wait_for(&mut mais, "snapshot", WAIT).await;
        call(&app, Method::POST, &format!("/v1/me/webhooks/{endpoint}/ping"), &lan.token, None).await;
        wait_for_log(&app, &lan.token, endpoint, |e| e["attempts"] == 1 && e["last_status_code"] == 500).await;

        // A day and an hour later the retry fails too, and the endpoint,
        // failing since the first attempt, is disabled at that time.
        time.advance(TimeDelta::hours(25));
        let disabled_at = time.now();
        let told = wait_for(&mut lans, "webhook_disabled", WAIT).await;
        assert_eq!(told.event.as_deref(), Some("webhook_disabled"));
        let webhook = &told.data["webhook"];
        assert_eq!(webhook["id"], endpoint);
        assert_eq!(webhook["url"], url.as_str());
        let reason = webhook["disabled_reason"].as_str().unwrap();
        assert!(reason.starts_with("every delivery failed for 24 hours"), "{reason}");
        let at: DateTime<Utc> = webhook["disabled_at"].as_str().unwrap().parse().unwrap();
        // Times are told to the microsecond.
        assert_eq!(at.timestamp_micros(), disabled_at.timestamp_micros());
        let cursor = disabled_at.timestamp_micros().to_string();
        assert_eq!((told.data["cursor"].as_str(), told.raw_id.as_deref()), (Some(cursor.as_str()), Some(cursor.as_str())));

        // The same as the endpoint reads now.
        let path = format!("/v1/me/webhooks/{endpoint}");
        let read: Value = call(&app, Method::GET, &path, &lan.token, None).await.json().await.unwrap();
        assert_eq!((read["enabled"].as_bool(), read["disabled_reason"].as_str()), (Some(false), Some(reason)));
        // Mai has no endpoint: her stream says nothing.
        let heard = tokio::time::timeout(Duration::from_millis(300), mais.next()).await;
        assert!(heard.is_err(), "{heard:?}");
    }
}

#[tokio::test]
async fn a_stream_on_another_node_hears_of_it_once() {
    let Some((a, time)) = spawn_on_manual_time(Backend::Postgres, disabled_after_a_day).await
    else {
        crate::helpers::report_skip("webhook_disabled across nodes");
        return;
    };
    // Node B delivers nothing: only A's workers can disable the endpoint.
    let b = a
        .sibling_with(|settings| settings.webhooks.deliver = false)
        .await;
    let receiver = Receiver::start(500).await;
    let lan = a.player("lan").await;
    let hook = create(&a, &lan.token, &receiver.url("/"), &["game.ended"]).await;
    let endpoint = hook["id"].as_str().unwrap();
    let mut on_a = a.me_stream(&lan.token, &[]).await;
    let mut on_b = b.me_stream(&lan.token, &[]).await;
    wait_for(&mut on_a, "snapshot", WAIT).await;
    wait_for(&mut on_b, "snapshot", WAIT).await;
    call(
        &a,
        Method::POST,
        &format!("/v1/me/webhooks/{endpoint}/ping"),
        &lan.token,
        None,
    )
    .await;
    wait_for_log(&a, &lan.token, endpoint, |e| {
        e["attempts"] == 1 && e["last_status_code"] == 500
    })
    .await;

    time.advance(TimeDelta::hours(25));
    let told_b = wait_for(&mut on_b, "webhook_disabled", WAIT).await;
    let told_a = wait_for(&mut on_a, "webhook_disabled", WAIT).await;
    assert_eq!(told_b.data, told_a.data);
    assert_eq!(told_b.data["webhook"]["id"], endpoint);
    // Each stream is told once.
    for stream in [&mut on_a, &mut on_b] {
        let heard = tokio::time::timeout(Duration::from_millis(500), stream.next()).await;
        assert!(heard.is_err(), "{heard:?}");
    }
}

/// The node that disables an endpoint tells its own streams itself: on
/// PostgreSQL its listening connection, kept cut, misses its own
/// announcement, and the player hears of it all the same, once.
#[tokio::test]
async fn the_disabling_node_tells_its_streams_without_its_listener() {
    let Some((app, time)) = spawn_on_manual_time(Backend::Postgres, disabled_after_a_day).await
    else {
        crate::helpers::report_skip("webhook_disabled with the listener cut");
        return;
    };
    let receiver = Receiver::start(500).await;
    let lan = app.player("lan").await;
    let hook = create(&app, &lan.token, &receiver.url("/"), &["game.ended"]).await;
    let endpoint = hook["id"].as_str().unwrap();
    let mut lans = app.me_stream(&lan.token, &[]).await;
    wait_for(&mut lans, "snapshot", WAIT).await;
    let path = format!("/v1/me/webhooks/{endpoint}/ping");
    call(&app, Method::POST, &path, &lan.token, None).await;
    wait_for_log(&app, &lan.token, endpoint, |e| {
        e["attempts"] == 1 && e["last_status_code"] == 500
    })
    .await;

    // The listening connection is cut as soon as it listens, for three
    // seconds: the announcement, sent meanwhile, is not heard.
    const CUT: &str =
        "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                       WHERE query LIKE 'LISTEN%' AND datname = current_database()) t";
    assert_eq!(app.scalar_i64(CUT).await, 1, "one listening connection");
    time.advance(TimeDelta::hours(25));
    let cutting = async {
        let until = tokio::time::Instant::now() + Duration::from_secs(3);
        while tokio::time::Instant::now() < until {
            app.scalar_i64(CUT).await;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    let (told, ()) = tokio::join!(wait_for(&mut lans, "webhook_disabled", WAIT), cutting);
    assert_eq!(told.data["webhook"]["id"], endpoint);
    // Once: what follows (a new snapshot, as the listener missed
    // announcements) says nothing more of it.
    let until = tokio::time::Instant::now() + Duration::from_secs(1);
    while let Ok(Some(heard)) = tokio::time::timeout_at(until, lans.next()).await {
        assert_ne!(
            heard.event.as_deref(),
            Some("webhook_disabled"),
            "{heard:?}"
        );
    }
}
