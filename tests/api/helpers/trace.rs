//! An event trace, applied by hand: the board a move's `events` (as the
//! API gives them) lead to, from the position before it, by what each event
//! says (RULES.md §3). Written from the event vocabulary alone, sharing no
//! code with the engine, so that a test can check a whole trace by its
//! effect: the trace must lead to the `position_after` the server gives
//! and the reference implementation reaches.

use serde_json::Value;

/// A position, as plain numbers: what the notation says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub small: [i64; 12],
    pub mandarin: [bool; 12],
    /// Each seat's store: small stones and mandarins.
    pub stores: [[i64; 2]; 2],
    /// 0 South, 1 North.
    pub to_move: usize,
    pub ply: u64,
}

fn seat_index(name: &str) -> usize {
    match name {
        "south" => 0,
        "north" => 1,
        other => panic!("not a seat: {other}"),
    }
}

impl Board {
    /// Reads the position notation (`M0,5,… s 0:0 0:0 1`).
    pub fn parse(text: &str) -> Board {
        let fields: Vec<&str> = text.split(' ').collect();
        let [squares, to_move, south, north, ply] = fields[..] else {
            panic!("not a position: {text}");
        };
        let mut board = Board {
            small: [0; 12],
            mandarin: [false; 12],
            stores: [[0; 2]; 2],
            to_move: if to_move == "s" { 0 } else { 1 },
            ply: ply.parse().unwrap(),
        };
        for (i, square) in squares.split(',').enumerate() {
            board.mandarin[i] = square.starts_with('M');
            board.small[i] = square.trim_start_matches('M').parse().unwrap();
        }
        for (seat, store) in [south, north].into_iter().enumerate() {
            let (small, mandarins) = store.split_once(':').unwrap();
            board.stores[seat] = [small.parse().unwrap(), mandarins.parse().unwrap()];
        }
        board
    }

    /// The position notation.
    pub fn notation(&self) -> String {
        let squares: Vec<String> = (0..12)
            .map(|i| {
                format!(
                    "{}{}",
                    if self.mandarin[i] { "M" } else { "" },
                    self.small[i]
                )
            })
            .collect();
        let [[s_small, s_mandarins], [n_small, n_mandarins]] = self.stores;
        let side = ["s", "n"][self.to_move];
        format!(
            "{} {side} {s_small}:{s_mandarins} {n_small}:{n_mandarins} {}",
            squares.join(","),
            self.ply
        )
    }

    /// Score: small stones plus `mandarin_value` per captured mandarin.
    pub fn scores(&self, mandarin_value: i64) -> [i64; 2] {
        self.stores
            .map(|[small, mandarins]| small + mandarin_value * mandarins)
    }

    fn lift(&mut self, event: &Value) -> i64 {
        let square = event["square"].as_u64().unwrap() as usize;
        let stones = event["stones"].as_i64().unwrap();
        assert_eq!(
            self.small[square], stones,
            "{event}: the square holds another count"
        );
        assert!(stones > 0, "{event}: an empty square is lifted");
        self.small[square] = 0;
        stones
    }

    /// Applies the trace of the move `notation` (`3R`), played by the side
    /// to move; returns the board after it.
    pub fn after(&self, notation: &str, events: &[Value], mandarin_value: i64) -> Board {
        let mut board = self.clone();
        let mover = board.to_move;
        let step: usize = if notation.ends_with('R') { 1 } else { 11 };
        let origin = 6 * mover + notation[..1].parse::<usize>().unwrap();
        let mut hand = 0;
        let mut lifted_at = None;
        let mut ended = false;
        for (i, event) in events.iter().enumerate() {
            match event["type"].as_str().unwrap() {
                "lift" => {
                    assert_eq!(i, 0, "{event}: a lift opens the trace");
                    assert_eq!(
                        event["square"], origin as u64,
                        "{event}: not the move's square"
                    );
                    hand = board.lift(event);
                    lifted_at = Some(origin);
                }
                "relay" => {
                    assert_eq!(hand, 0, "{event}: a relay with stones still in hand");
                    hand = board.lift(event);
                    lifted_at = Some(event["square"].as_u64().unwrap() as usize);
                }
                "sow" => {
                    let stones = event["stones"].as_i64().unwrap();
                    assert_eq!(stones, hand, "{event}: sows what was not lifted");
                    let from = lifted_at.take().expect("a sow follows a lift");
                    let mut at = from;
                    for k in 0..stones {
                        at = (at + step) % 12;
                        if k == 0 {
                            assert_eq!(event["from"], at as u64, "{event}: starts elsewhere");
                        }
                        board.small[at] += 1;
                    }
                    assert_eq!(event["to"], at as u64, "{event}: ends elsewhere");
                    hand = 0;
                }
                "capture" => {
                    let square = event["square"].as_u64().unwrap() as usize;
                    let stones = event["stones"].as_i64().unwrap();
                    assert_eq!(board.small[square], stones, "{event}");
                    assert_eq!(event["mandarin"], board.mandarin[square], "{event}");
                    board.stores[mover][0] += stones;
                    board.stores[mover][1] += i64::from(board.mandarin[square]);
                    board.small[square] = 0;
                    board.mandarin[square] = false;
                }
                "turn_end" => {
                    assert_eq!(hand, 0, "{event}: the turn ends with stones in hand");
                    board.ply += 1;
                    board.to_move = 1 - mover;
                }
                "refill" => {
                    let seat = seat_index(event["seat"].as_str().unwrap());
                    assert_eq!(seat, board.to_move, "{event}: not the side to move");
                    let row = 6 * seat + 1..6 * seat + 6;
                    assert!(
                        row.clone().all(|sq| board.small[sq] == 0),
                        "{event}: a row not empty"
                    );
                    let stones = event["stones"].as_i64().unwrap();
                    assert_eq!(stones, 5, "{event}");
                    let store = board.stores[seat][0];
                    let borrowed = event["borrowed"].as_i64().unwrap();
                    assert_eq!(
                        borrowed,
                        (stones - store.max(0)).clamp(0, stones),
                        "{event}"
                    );
                    board.stores[seat][0] -= stones;
                    row.for_each(|sq| board.small[sq] += 1);
                }
                "forfeit" => {
                    let seat = seat_index(event["seat"].as_str().unwrap());
                    assert_eq!(seat, board.to_move, "{event}: not the side to move");
                    assert_eq!(event["store"], board.stores[seat][0], "{event}");
                }
                "game_end" => {
                    for (seat, name) in ["south", "north"].into_iter().enumerate() {
                        let row = 6 * seat + 1..6 * seat + 6;
                        let swept: i64 = row.clone().map(|sq| board.small[sq]).sum();
                        let stated = event["sweep"][name].as_i64().unwrap();
                        if event["reason"] == "forfeit" {
                            assert_eq!(stated, 0, "{event}: a forfeit sweeps nothing");
                            continue;
                        }
                        assert_eq!(stated, swept, "{event}: {name}'s row holds another count");
                        board.stores[seat][0] += swept;
                        row.for_each(|sq| board.small[sq] = 0);
                    }
                    let [south, north] = board.scores(mandarin_value);
                    assert_eq!(event["scores"]["south"], south, "{event}");
                    assert_eq!(event["scores"]["north"], north, "{event}");
                    let winner = match south.cmp(&north) {
                        _ if event["reason"] == "forfeit" => ["north", "south"][board.to_move],
                        std::cmp::Ordering::Greater => "south",
                        std::cmp::Ordering::Less => "north",
                        std::cmp::Ordering::Equal => "draw",
                    };
                    assert_eq!(event["winner"], winner, "{event}");
                    ended = true;
                }
                other => panic!("an unknown event type {other}"),
            }
        }
        let last = events.last().map(|e| e["type"].clone());
        match ended {
            true => assert_eq!(
                last,
                Some("game_end".into()),
                "the game end closes the trace"
            ),
            false => assert!(board.small[6 * board.to_move + 1..6 * board.to_move + 6]
                .iter()
                .any(|&s| s > 0)),
        }
        board
    }
}
