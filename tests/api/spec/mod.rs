//! The documents: the committed OpenAPI spec, its shape, and the README's
//! table of problem codes.

mod docs;
mod openapi;
mod openapi_shape;
