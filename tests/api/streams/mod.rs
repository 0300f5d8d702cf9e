//! The push side: a game's, the lobby's and a player's streams, their
//! limits, races, and two nodes on one PostgreSQL.

mod announcements;
mod game_stream;
mod lobby_stream;
mod me_stream;
mod revocation;
mod stream_limits;
mod stream_race;
mod two_nodes;
