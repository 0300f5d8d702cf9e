mod bounds;
mod branches;
mod examples;
mod names;
mod notation;
mod perft;
mod properties;
mod strategies;
