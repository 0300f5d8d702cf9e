//! Swagger UI at `/docs/`: how it is configured and the headers of every
//! answer under it. The page runs the vendored bundle against the API's own
//! origin with a bearer token typed in by a person, so it may not be
//! framed, may load nothing from elsewhere, and does not keep the token
//! (Swagger UI's `persistAuthorization` would leave it in `localStorage`
//! for any later script of the origin to read).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::Error;
use utoipa_swagger_ui::Config;

/// Where Swagger UI is served.
pub const PATH: &str = "/docs";

/// The bundle, its preset and its initializer are files of `/docs/`, so
/// `script-src 'self'` suffices. Its React components set `style`
/// attributes (hence `'unsafe-inline'` for styles only) and its stylesheet
/// draws icons from `data:` SVGs; it fetches the OpenAPI documents and
/// tries requests on this origin only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Swagger UI's settings: no validator (it would send the document to
/// swagger.io) and no authorization kept across reloads.
pub fn config<'a>() -> Config<'a> {
    Config::default()
        .validator_url("none")
        .persist_authorization(false)
}

/// Whether `path` is Swagger UI's (`/docs` itself redirects to `/docs/`).
fn is_docs(path: &str) -> bool {
    path.strip_prefix(PATH)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Middleware: the headers of every answer under `/docs`, errors too.
pub async fn headers(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let docs = is_docs(request.path());
    let mut response = next.call(request).await?;
    if docs {
        let headers = response.headers_mut();
        let fixed: [(HeaderName, &'static str); 4] = [
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "no-referrer"),
        ];
        for (name, value) in fixed {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_docs_paths_are_docs_and_no_other() {
        for docs in ["/docs", "/docs/", "/docs/swagger-ui.css"] {
            assert!(is_docs(docs), "{docs}");
        }
        for other in ["/", "/docsx", "/v1/docs", "/doc"] {
            assert!(!is_docs(other), "{other}");
        }
    }
}
