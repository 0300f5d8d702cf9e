mod bounds;
mod branches;
mod examples;
mod notation;
mod perft;
mod properties;
mod strategies;
