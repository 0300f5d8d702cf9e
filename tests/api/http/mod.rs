//! The HTTP surface as a whole: problem answers, strict input, `HEAD`,
//! CORS, cheap answers to heavy bodies, bodies that stall, and other
//! small faults.

mod cors;
mod errors;
mod field_errors;
mod hardening;
mod head;
mod heavy_requests;
mod stalled_bodies;
mod strict_input;
