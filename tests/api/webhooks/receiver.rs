//! A webhook receiver inside the test: a TCP server on 127.0.0.1 (or a
//! TLS one, with the certificate of `tls/`) that reads each HTTP request,
//! records it, and answers with the status set.

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

/// The PEM file of the test CA that signed the TLS receiver's certificate
/// (for `127.0.0.1` and `localhost`); no public root trusts it.
pub const TEST_CA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/webhooks/tls/ca.pem");

/// One request as received.
#[derive(Clone, Debug)]
pub struct Received {
    pub path: String,
    pub id: String,
    pub timestamp: String,
    pub signature: String,
    pub body: String,
}

impl Received {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).expect("a JSON body")
    }

    /// Whether the signature is the HMAC-SHA256 of `id.timestamp.body`
    /// under the secret's decoded key, computed here with the `hmac`
    /// crate as the Standard Webhooks specification describes.
    pub fn signed_with(&self, secret: &str) -> bool {
        let key = STANDARD
            .decode(secret.strip_prefix("whsec_").expect("whsec_ prefix"))
            .expect("base64 secret");
        let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("a key");
        mac.update(format!("{}.{}.{}", self.id, self.timestamp, self.body).as_bytes());
        let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
        self.signature.split(' ').any(|sig| sig == expected)
    }
}

#[derive(Clone)]
pub struct Receiver {
    pub port: u16,
    tls: bool,
    status: Arc<AtomicU16>,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    /// Starts a receiver answering `status` to every request.
    pub async fn start(status: u16) -> Receiver {
        Receiver::listen(status, None).await
    }

    /// Starts a receiver that speaks only TLS, with a certificate for
    /// `127.0.0.1` signed by [`TEST_CA`].
    pub async fn start_tls(status: u16) -> Receiver {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/webhooks/tls");
        let chain = CertificateDer::pem_file_iter(format!("{dir}/server.pem"))
            .expect("the test certificate")
            .collect::<Result<Vec<_>, _>>()
            .expect("PEM");
        let key = PrivateKeyDer::from_pem_file(format!("{dir}/server.key")).expect("the test key");
        #[allow(deprecated)] // the provider the server uses too
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("protocols")
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .expect("a certificate and key");
        Receiver::listen(status, Some(TlsAcceptor::from(Arc::new(config)))).await
    }

    async fn listen(status: u16, tls: Option<TlsAcceptor>) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let receiver = Receiver {
            port: listener.local_addr().expect("address").port(),
            tls: tls.is_some(),
            status: Arc::new(AtomicU16::new(status)),
            received: Arc::default(),
        };
        let serving = receiver.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let serving = serving.clone();
                let tls = tls.clone();
                tokio::spawn(async move {
                    match tls {
                        None => serving.serve(stream).await,
                        Some(tls) => {
                            if let Ok(stream) = tls.accept(stream).await {
                                serving.serve(stream).await;
                            }
                        }
                    }
                });
            }
        });
        receiver
    }

    async fn serve<S: AsyncRead + AsyncWrite + Unpin>(&self, mut stream: S) {
        let Some(request) = read_request(&mut stream).await else {
            return;
        };
        let status = self.status.load(Ordering::SeqCst);
        self.received.lock().unwrap().push(request);
        let answer =
            format!("HTTP/1.1 {status} X\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    }

    pub fn url(&self, path: &str) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://127.0.0.1:{}{path}", self.port)
    }

    pub fn answer(&self, status: u16) {
        self.status.store(status, Ordering::SeqCst);
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// Waits (up to 20 s) until `count` requests came; all of them.
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let received = self.received();
            if received.len() >= count {
                return received;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited for {count} deliveries, got {}: {received:?}",
                received.len()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn read_request<S: AsyncRead + Unpin>(stream: &mut S) -> Option<Received> {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let read = stream.read(&mut chunk).await.ok()?;
        if read == 0 {
            return None;
        }
        bytes.extend_from_slice(&chunk[..read]);
        if let Some(at) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]).to_string();
    let header = |name: &str| {
        head.lines()
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                key.eq_ignore_ascii_case(name)
                    .then(|| value.trim().to_owned())
            })
            .unwrap_or_default()
    };
    let length: usize = header("content-length").parse().ok()?;
    while bytes.len() < head_end + length {
        let read = stream.read(&mut chunk).await.ok()?;
        if read == 0 {
            return None;
        }
        bytes.extend_from_slice(&chunk[..read]);
    }
    let path = head.split(' ').nth(1).unwrap_or_default().to_owned();
    Some(Received {
        path,
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body: String::from_utf8_lossy(&bytes[head_end..head_end + length]).to_string(),
    })
}
