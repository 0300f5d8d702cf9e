//! The API guide (docs/API.md) documents every problem code with its status.

use oanquan::api::problems::ProblemCode;

#[test]
fn the_api_guide_lists_every_problem_code() {
    let guide = include_str!("../../../docs/API.md");
    for code in ProblemCode::ALL {
        let row = format!("| `{}` | {} |", code.as_str(), code.status().as_u16());
        assert!(guide.contains(&row), "docs/API.md lacks the row {row}");
    }
}

/// Swagger UI's page, its assets, a missing asset and the redirect to it
/// all carry the page's policy; the API's answers are not given it.
#[tokio::test]
async fn swagger_ui_may_not_be_framed_sniffed_or_load_from_elsewhere() {
    let app = crate::helpers::TestApp::spawn(crate::helpers::Backend::Sqlite)
        .await
        .unwrap();
    let policy = "default-src 'none'; script-src 'self'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
         font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    for (path, status) in [
        ("/docs", 307),
        ("/docs/", 200),
        ("/docs/index.html", 200),
        ("/docs/swagger-ui-bundle.js", 200),
        ("/docs/swagger-ui.css", 200),
        ("/docs/swagger-initializer.js", 200),
        ("/docs/no-such-file.js", 404),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status().as_u16(), status, "{path}");
        let headers = response.headers();
        assert_eq!(headers["content-security-policy"], policy, "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
    }
    for path in ["/health", "/openapi.json", "/docsx"] {
        let response = app.get(path).await;
        assert!(
            response.headers().get("x-frame-options").is_none(),
            "{path}"
        );
    }
}
