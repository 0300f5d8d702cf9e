//! Searches one position and prints the result: `cargo run --release
//! --example search_probe -- "<position>" [preset] [nodes]`.
//!
//! `… -- line <preset> "<moves>" [seed]` instead plays the moves from the
//! start and, before each, prints the top level's choice (1,000,000
//! nodes, the seed given) and the moves its opponent model compared: their
//! minimax value, their value against the model and the modelled replies.

use oanquan::engine::{Move, Position, Preset, Seat};
use oanquan::search::{search, Level, Limits, MASTER_NODES};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("line") {
        return line(&args[2..]);
    }
    let preset: Preset = args.get(2).map_or(Preset::Classic, |p| p.parse().unwrap());
    let rules = preset.rules();
    let position = match args.get(1).map(String::as_str) {
        None | Some("start") => Position::start(rules, Seat::South),
        Some(text) => Position::from_notation(text, rules).unwrap(),
    };
    let nodes = args.get(3).map_or(1_000_000, |n| n.parse().unwrap());
    println!("engine: {:.0} random-playout plies/s now", playout_rate());
    let r = search(&position, Limits::nodes(nodes), 1);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "best {:?} value {} exact {} depth {} nodes {} time {:.3}s nps {:.0}",
        r.best_move.map(|m| m.to_string()),
        r.value,
        r.exact,
        r.depth,
        r.nodes,
        secs,
        r.nodes as f64 / secs
    );
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    println!("pv {}", pv.join(" "));
    for m in &r.moves {
        println!("  {} {} {}", m.mv, m.value, m.exact);
    }
}

/// The top level's view before each move of a line from the start.
fn line(args: &[String]) {
    let preset: Preset = args[0].parse().unwrap();
    let moves: Vec<Move> = args[1]
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let seed = args.get(2).map_or(1, |s| s.parse().unwrap());
    let mut p = Position::start(preset.rules(), Seat::South);
    for (i, &played) in moves.iter().enumerate() {
        let (r, candidates) = Level::choose_explained(&p, Limits::nodes(MASTER_NODES), seed);
        println!(
            "ply {} {p}: played {played}, top level {} (minimax {:.2}, best {} {:.2}, depth {})",
            i + 1,
            r.best_move.unwrap(),
            r.value,
            r.moves[0].mv,
            r.moves[0].value,
            r.depth
        );
        for c in &candidates {
            let replies: Vec<String> = c.replies.iter().map(Move::to_string).collect();
            println!(
                "    {} minimax {:+.2} model {:+.2} replies {}",
                c.mv,
                c.minimax,
                c.model,
                replies.join(" ")
            );
        }
        p = p.play(played).unwrap();
    }
    println!("end {p}");
}

/// Random-playout plies per second on this machine now, to put the
/// search's speed in proportion (the search makes one position per node).
#[allow(dead_code)]
pub fn playout_rate() -> f64 {
    use oanquan::search::{random_move, Rng};
    let start = Position::start(Preset::Classic.rules(), Seat::South);
    let mut rng = Rng::new(3);
    let began = std::time::Instant::now();
    let mut plies = 0u64;
    while began.elapsed().as_secs_f64() < 0.5 {
        let mut p = start;
        while let Some(m) = random_move(&p, &mut rng) {
            p.apply(m, &mut ()).unwrap();
            plies += 1;
        }
    }
    plies as f64 / began.elapsed().as_secs_f64()
}
