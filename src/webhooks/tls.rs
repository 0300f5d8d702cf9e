//! TLS for `https` targets: rustls (with the `ring` provider), trusting
//! the Mozilla roots webpki-roots builds in (nothing is fetched at run
//! time) and the certificates of the PEM file `--webhook-extra-root-ca`
//! names, if any (a private CA; the tests' own). The name checked against
//! the certificate (and sent as SNI) is the URL's host; the connection
//! goes to the address the SSRF rules checked.

use std::path::Path;
use std::sync::Arc;

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::CertificateDer;
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};

/// The extra root certificates could not be used.
#[derive(Debug, thiserror::Error)]
#[error("cannot use the webhook root certificates of {path}: {why}")]
pub struct RootsUnusable {
    pub path: String,
    pub why: String,
}

/// The client configuration of every delivery over TLS.
pub fn client_config(extra_roots: Option<&Path>) -> Result<Arc<ClientConfig>, RootsUnusable> {
    let mut roots = RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    if let Some(path) = extra_roots {
        let unusable = |why: String| RootsUnusable {
            path: path.display().to_string(),
            why,
        };
        let certificates = CertificateDer::pem_file_iter(path)
            .map_err(|e| unusable(e.to_string()))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| unusable(e.to_string()))?;
        if certificates.is_empty() {
            return Err(unusable("it holds no PEM certificate".to_owned()));
        }
        for certificate in certificates {
            roots
                .add(certificate)
                .map_err(|e| unusable(e.to_string()))?;
        }
    }
    // rustls deprecates the `ring` provider for lacking post-quantum key
    // exchange; its alternative, aws-lc-rs, needs cmake and a C toolchain
    // to build. Classical X25519/ECDHE is what receivers negotiate today.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| RootsUnusable {
            path: String::new(),
            why: e.to_string(),
        })?
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_roots_load_and_a_missing_file_is_refused() {
        assert!(client_config(None).is_ok());
        let error = client_config(Some(Path::new("/nonexistent/roots.pem"))).unwrap_err();
        assert!(
            error.to_string().contains("/nonexistent/roots.pem"),
            "{error}"
        );
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/webhooks/tls/ca.pem");
        assert!(client_config(Some(Path::new(root))).is_ok());
        let key = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/api/webhooks/tls/server.key"
        );
        let error = client_config(Some(Path::new(key))).unwrap_err();
        assert!(error.to_string().contains("no PEM certificate"), "{error}");
    }
}
