//! The live feeds ([`crate::live::feeds`]) as HTTP writes them: what they
//! say rendered with the API's views, framed as Server-Sent Events or
//! NDJSON, in the response body that runs each.

pub mod game_feed;
pub mod lobby_feed;
pub mod me_feed;
pub mod stream_body;
pub mod streaming;
pub mod tournament_feed;
