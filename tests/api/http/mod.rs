//! The HTTP surface as a whole: problem answers, strict input, `HEAD`,
//! CORS, cheap answers to heavy bodies, and other small faults.

mod cors;
mod errors;
mod hardening;
mod head;
mod heavy_requests;
mod strict_input;
