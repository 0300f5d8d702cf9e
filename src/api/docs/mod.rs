//! The OpenAPI documents (3.1, and its 3.0 rendition) built from the handlers.

pub mod openapi;
pub mod openapi30;
pub mod swagger;
