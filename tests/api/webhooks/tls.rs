//! `https` targets: a delivery to a receiver whose certificate chains to a
//! root the server trusts arrives over TLS, signed; one whose certificate
//! chains to no trusted root is never sent, and the log says why.

use reqwest::Method;
use serde_json::{json, Value};

use super::deliveries::{spawn, wait_for_log};
use super::receiver::{Receiver, TEST_CA};
use super::{call, create};

on_both_backends! {
    async fn a_delivery_to_an_https_receiver_arrives_over_tls(backend) {
        let Some(app) = spawn(backend, |settings| {
            settings.webhooks.extra_root_ca = Some(TEST_CA.into());
        })
        .await else { return };
        let receiver = Receiver::start_tls(204).await;
        let lan = app.player("lan").await;
        let url = receiver.url("/hooks?x=1");
        assert!(url.starts_with("https://127.0.0.1:"), "{url}");
        let hook = create(&app, &lan.token, &url, &["game.ended"]).await;
        let endpoint = hook["id"].as_str().unwrap();
        let pinged = call(&app, Method::POST, &format!("/v1/me/webhooks/{endpoint}/ping"), &lan.token, None).await;
        assert_eq!(pinged.status(), 202);

        // The receiver speaks nothing but TLS: what it read came over it.
        let received = receiver.wait_for(1).await;
        assert_eq!(received[0].path, "/hooks?x=1");
        assert_eq!(received[0].json()["type"], "ping");
        assert!(received[0].signed_with(hook["secret"].as_str().unwrap()));
        let entry = wait_for_log(&app, &lan.token, endpoint, |e| e["status"] == "delivered").await;
        assert_eq!(
            (entry["id"].clone(), entry["attempts"].clone(), entry["last_status_code"].clone(), entry["last_error"].clone()),
            (json!(received[0].id), json!(1), json!(204), Value::Null)
        );
    }

    async fn an_https_receiver_no_trusted_root_vouches_for_is_refused(backend) {
        // The same receiver, but the server trusts only the public roots.
        let Some(app) = spawn(backend, |settings| {
            settings.webhooks.retry_base_ms = 3_600_000;
        })
        .await else { return };
        let receiver = Receiver::start_tls(204).await;
        let lan = app.player("lan").await;
        let hook = create(&app, &lan.token, &receiver.url("/"), &["game.ended"]).await;
        let endpoint = hook["id"].as_str().unwrap();
        call(&app, Method::POST, &format!("/v1/me/webhooks/{endpoint}/ping"), &lan.token, None).await;

        let entry = wait_for_log(&app, &lan.token, endpoint, |e| e["last_error"].is_string()).await;
        assert_eq!((entry["status"].clone(), entry["attempts"].clone()), (json!("pending"), json!(1)), "{entry}");
        assert_eq!(entry["last_status_code"], Value::Null);
        let error = entry["last_error"].as_str().unwrap();
        assert!(error.starts_with("TLS handshake with 127.0.0.1 failed"), "{error}");
        assert!(error.contains("invalid peer certificate: UnknownIssuer"), "{error}");
        assert!(receiver.received().is_empty());
    }
}
