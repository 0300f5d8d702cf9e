//! Writes the record seeds of the fuzz targets (fuzz/corpus/record_text,
//! fuzz/corpus/record_json): random games, played to their end or cut
//! short, under every preset and from custom starts, as an export writes
//! them. `cargo run --example fuzz_seeds` (deterministic: the same files
//! every time).

use oanquan::api::views::GameRecord;
use oanquan::engine::{Position, Preset, RefillShortfall, RuleParams, Rules, Seat};
use oanquan::record::{text, Record, RecordMove, StatedResult};
use oanquan::search::{random_move, Rng};

const STARTS: [&str; 3] = [
    "M0,0,0,1,4,2,0,2,3,0,0,4 n 16:0 18:1 40",
    "M0,5,5,5,5,5,M0,5,5,5,5,5 s 100000:0 0:0 1",
    "M0,0,0,0,0,1,M0,1,1,1,1,1 n 0:0 -2:0 5",
];

fn game(rules: Rules, start: Option<&str>, cut: Option<usize>, rng: &mut Rng) -> Record {
    let first = Position::start(rules, Seat::South);
    let mut position = start.map_or(first, |s| Position::from_notation(s, rules).unwrap());
    let mut moves = Vec::new();
    while let Some(m) = random_move(&position, rng) {
        if Some(moves.len()) == cut {
            break;
        }
        let ply = position.ply();
        let seat = position.turn();
        position = position.play(m).unwrap();
        moves.push(RecordMove {
            notation: m.to_string(),
            ply: Some(ply),
            seat: Some(seat),
            position_after: Some(position.to_string()),
            played_at: format!("2026-11-30T10:{:02}:{:02}Z", ply / 60 % 60, ply % 60)
                .parse()
                .ok(),
            think_ms: None,
            clock_ms: None,
        });
    }
    let outcome = position.outcome().or_else(|| {
        // A game cut short: North resigns half the time.
        (rng.below(2) == 0)
            .then(|| position.resign(Seat::North).ok()?.outcome())
            .flatten()
    });
    Record {
        rules,
        time_control: None,
        names: [Some("Lan".to_owned()), Some("Nguyễn Thị Hồng".to_owned())],
        player_ids: [None, None],
        start_position: start.map(str::to_owned),
        first: Some(Seat::South).filter(|_| start.is_none()),
        started_at: "2026-11-30T10:00:00Z".parse().ok(),
        finished_at: outcome.and(moves.last().and_then(|m| m.played_at)),
        moves,
        result: StatedResult::from(outcome),
    }
}

fn main() -> std::io::Result<()> {
    let forfeit = Rules::new(RuleParams {
        refill_shortfall: RefillShortfall::Forfeit,
        max_plies: 50,
        ..RuleParams::DEFAULT
    })
    .unwrap();
    let mut rules: Vec<Rules> = Preset::ALL.into_iter().map(Preset::rules).collect();
    rules.push(forfeit);
    let mut rng = Rng::new(9);
    let mut records = Vec::new();
    for &r in &rules {
        for cut in [None, Some(3), Some(30)] {
            records.push(game(r, None, cut, &mut rng));
        }
    }
    for start in STARTS {
        records.push(game(
            Preset::Village.rules(),
            Some(start),
            Some(12),
            &mut rng,
        ));
        records.push(game(forfeit, Some(start), None, &mut rng));
    }
    for dir in ["fuzz/corpus/record_text", "fuzz/corpus/record_json"] {
        std::fs::create_dir_all(dir)?;
    }
    for (i, record) in records.iter().enumerate() {
        record.replay().expect("a played game replays");
        std::fs::write(
            format!("fuzz/corpus/record_text/game-{i:02}"),
            text::print(record),
        )?;
        let json = GameRecord::of(record, "ouW6lFijnj".to_owned(), "finished".to_owned());
        let json = serde_json::to_string_pretty(&json).expect("serialises");
        std::fs::write(format!("fuzz/corpus/record_json/game-{i:02}"), json)?;
    }
    println!("{} records", records.len());
    Ok(())
}
