//! The OpenAPI documents (3.1, its 3.2 and 3.0 renditions) built from the handlers.

pub mod openapi;
pub mod openapi30;
pub mod rate_limit;
pub mod scopes;
pub mod sequences;
pub mod swagger;
pub mod webhooks;
