//! The live feeds framed for HTTP: Server-Sent Events and NDJSON bodies.

pub mod game_feed;
pub mod lobby_feed;
pub mod me_feed;
pub mod stream_body;
pub mod streaming;
