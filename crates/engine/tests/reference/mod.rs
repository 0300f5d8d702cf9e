//! A deliberately simple reference implementation of `/work/shared/RULES.md`,
//! written from the rules text alone, without looking at `src/engine`.
//!
//! Everything here is plain arrays and integers. It shares no code with the
//! engine: the differential tests in `tests/engine_reference.rs` translate
//! between the two at the edges (rules, move strings, position strings).
//!
//! Section numbers in comments refer to RULES.md.

use std::collections::HashSet;

/// South is seat 0, North is seat 1 (§1).
pub const SOUTH: usize = 0;
pub const NORTH: usize = 1;

/// The seven ruleset parameters of §4, already checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefRules {
    /// `mandarin_setup = big_stone` (true) or `small_stones` (false).
    pub big_stone: bool,
    pub mandarin_value: i64,
    pub empty_mandarin_is_gap: bool,
    pub young_mandarin_min: i64,
    pub first_move_mandarin_ban: bool,
    /// `refill_shortfall = forfeit` (true) or `borrow` (false).
    pub forfeit: bool,
    pub max_plies: u32,
}

impl RefRules {
    /// Checks a parameter combination against the table of §4 and the
    /// sentence "A ruleset the engine cannot honour ... is rejected".
    pub fn new(
        big_stone: bool,
        mandarin_value: i64,
        empty_mandarin_is_gap: bool,
        young_mandarin_min: i64,
        first_move_mandarin_ban: bool,
        forfeit: bool,
        max_plies: u32,
    ) -> Result<RefRules, String> {
        // `mandarin_value`: 10 or 5 (only with big_stone).
        if mandarin_value != 10 && mandarin_value != 5 {
            return Err("mandarin_value".to_string());
        }
        if mandarin_value == 5 && !big_stone {
            return Err("mandarin_value".to_string());
        }
        // `young_mandarin_min`: 0 (off) or 1..=10 (only with big_stone).
        if !(0..=10).contains(&young_mandarin_min) {
            return Err("young_mandarin_min".to_string());
        }
        if young_mandarin_min > 0 && !big_stone {
            return Err("young_mandarin_min".to_string());
        }
        // `max_plies`: 50..=2000.
        if !(50..=2000).contains(&max_plies) {
            return Err("max_plies".to_string());
        }
        Ok(RefRules {
            big_stone,
            mandarin_value,
            empty_mandarin_is_gap,
            young_mandarin_min,
            first_move_mandarin_ban,
            forfeit,
            max_plies,
        })
    }

    /// The defaults of §4.
    pub fn classic() -> RefRules {
        RefRules::new(true, 10, false, 0, false, false, 400).unwrap()
    }

    /// `empty_mandarin_is_gap = true`, `young_mandarin_min = 5`.
    pub fn village() -> RefRules {
        RefRules::new(true, 10, true, 5, false, false, 400).unwrap()
    }

    /// `mandarin_setup = small_stones`, `first_move_mandarin_ban = true`.
    pub fn online() -> RefRules {
        RefRules::new(false, 10, false, 0, true, false, 400).unwrap()
    }
}

/// How a finished game ended (§3.6, §3.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefOutcome {
    /// `None` for a draw.
    pub winner: Option<usize>,
    /// `mandarins_captured`, `max_plies` or `forfeit`.
    pub reason: &'static str,
    /// South's score, North's score.
    pub scores: [i64; 2],
}

/// What happened inside one move, for the relay-cycle search (§3.5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveReport {
    /// How many relay lifts (step 4b) the move made.
    pub relays: u32,
    /// Whether the endless-relay guard ended the move.
    pub guard_fired: bool,
    /// How many squares the capture chain took.
    pub captures: u32,
    /// Whether some sowing (first or relay) had 12 or more stones.
    pub lap: bool,
    /// Whether a completely empty mandarin square was treated as empty
    /// (`empty_mandarin_is_gap`).
    pub gap_used: bool,
    /// Whether a protected mandarin square stopped the turn or the chain.
    pub protected_stop: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub rules: RefRules,
    /// Small stones on each of the twelve squares.
    pub small: [i64; 12],
    /// Whether a mandarin (big stone) is on the square (only 0 and 6).
    pub mandarin: [bool; 12],
    /// The side to move (or that would move next, once the game is over).
    pub to_move: usize,
    /// Small stones in each store (negative while owing).
    pub store_small: [i64; 2],
    /// Mandarins captured by each player.
    pub store_mandarins: [i64; 2],
    /// The number of the next move.
    pub ply: u32,
    pub outcome: Option<RefOutcome>,
}

fn is_mandarin_square(i: usize) -> bool {
    i == 0 || i == 6
}

/// `next(i) = (i + d) mod 12` with `d = +1` (right) or `-1` (left).
fn next(i: usize, right: bool) -> usize {
    if right {
        (i + 1) % 12
    } else {
        (i + 11) % 12
    }
}

/// A seat's own square `k` (1..5) is index `6*seat + k` (§1).
fn own_square(seat: usize, k: usize) -> usize {
    6 * seat + k
}

/// A count: one or more ASCII digits.
fn parse_count(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok()
}

/// A store's small stones: a count, possibly with a leading minus sign.
fn parse_signed(text: &str) -> Option<i64> {
    match text.strip_prefix('-') {
        Some(rest) => parse_count(rest).map(|n| -n),
        None => parse_count(text),
    }
}

impl RefPos {
    /// The start position (§1, §2) with the chosen first mover.
    pub fn start(rules: RefRules, first: usize) -> RefPos {
        let mut small = [5; 12];
        let mut mandarin = [false; 12];
        if rules.big_stone {
            small[0] = 0;
            small[6] = 0;
            mandarin[0] = true;
            mandarin[6] = true;
        } else {
            small[0] = 10;
            small[6] = 10;
        }
        RefPos {
            rules,
            small,
            mandarin,
            to_move: first,
            store_small: [0, 0],
            store_mandarins: [0, 0],
            ply: 1,
            outcome: None,
        }
    }

    /// Parses the position notation of §1 and checks the validity rules of a
    /// custom position; then refills the side to move if its row is empty.
    pub fn parse(text: &str, rules: RefRules) -> Result<RefPos, String> {
        // Fields are separated by whitespace (RULES.md shows single spaces;
        // the engine accepts any run of whitespace, and so does this).
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 5 {
            return Err("position".to_string());
        }

        let squares: Vec<&str> = fields[0].split(',').collect();
        if squares.len() != 12 {
            return Err("squares".to_string());
        }
        let mut small = [0i64; 12];
        let mut mandarin = [false; 12];
        for (i, token) in squares.iter().enumerate() {
            let mut count_text: &str = token;
            if let Some(rest) = token.strip_prefix('M') {
                // `M` only on squares 0 and 6 and only with big_stone.
                if !is_mandarin_square(i) || !rules.big_stone {
                    return Err(format!("square[{i}]"));
                }
                mandarin[i] = true;
                count_text = rest;
            }
            match parse_count(count_text) {
                Some(n) => small[i] = n,
                None => return Err(format!("square[{i}]")),
            }
        }

        let to_move = match fields[1] {
            "s" => SOUTH,
            "n" => NORTH,
            _ => return Err("to_move".to_string()),
        };

        let mut store_small = [0i64; 2];
        let mut store_mandarins = [0i64; 2];
        for seat in [SOUTH, NORTH] {
            let name = if seat == SOUTH {
                "south_store"
            } else {
                "north_store"
            };
            let parts: Vec<&str> = fields[2 + seat].split(':').collect();
            if parts.len() != 2 {
                return Err(name.to_string());
            }
            match (parse_signed(parts[0]), parse_count(parts[1])) {
                (Some(s), Some(m)) => {
                    store_small[seat] = s;
                    store_mandarins[seat] = m;
                }
                _ => return Err(name.to_string()),
            }
        }

        // The stores' mandarin counts plus the mandarins on the board make
        // at most 2.
        let mut mandarins_total = store_mandarins[0] + store_mandarins[1];
        for has in mandarin {
            if has {
                mandarins_total += 1;
            }
        }
        if mandarins_total > 2 {
            return Err("mandarins".to_string());
        }

        // At least one mandarin square is non-empty.
        let empty0 = small[0] == 0 && !mandarin[0];
        let empty6 = small[6] == 0 && !mandarin[6];
        if empty0 && empty6 {
            return Err("squares".to_string());
        }

        // 1 <= ply <= max_plies.
        let ply = match parse_count(fields[4]) {
            Some(p) if p >= 1 && p <= i64::from(rules.max_plies) => p as u32,
            _ => return Err("ply".to_string()),
        };

        let mut pos = RefPos {
            rules,
            small,
            mandarin,
            to_move,
            store_small,
            store_mandarins,
            ply,
            outcome: None,
        };
        // "A side to move with an empty row is refilled at once (§3.1)."
        pos.refill_or_forfeit();
        Ok(pos)
    }

    /// Prints the position notation of §1.
    pub fn notation(&self) -> String {
        let mut squares: Vec<String> = Vec::new();
        for i in 0..12 {
            if self.mandarin[i] {
                squares.push(format!("M{}", self.small[i]));
            } else {
                squares.push(format!("{}", self.small[i]));
            }
        }
        let side = if self.to_move == SOUTH { "s" } else { "n" };
        format!(
            "{} {} {}:{} {}:{} {}",
            squares.join(","),
            side,
            self.store_small[0],
            self.store_mandarins[0],
            self.store_small[1],
            self.store_mandarins[1],
            self.ply
        )
    }

    /// §3.7: small stones in the store + mandarin_value x mandarins captured.
    pub fn scores(&self) -> [i64; 2] {
        let mut scores = [0i64; 2];
        for seat in [SOUTH, NORTH] {
            scores[seat] =
                self.store_small[seat] + self.rules.mandarin_value * self.store_mandarins[seat];
        }
        scores
    }

    /// "Completely empty (no mandarin, no small stones)".
    fn is_completely_empty(&self, i: usize) -> bool {
        self.small[i] == 0 && !self.mandarin[i]
    }

    /// Legal moves as strings like `3R`: every own non-empty citizen square,
    /// in both directions. None once the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        if self.outcome.is_some() {
            return moves;
        }
        for k in 1..=5 {
            if self.small[own_square(self.to_move, k)] > 0 {
                moves.push(format!("{k}L"));
                moves.push(format!("{k}R"));
            }
        }
        moves
    }

    /// Plays a move given as `<k><L|R>`.
    pub fn play_str(&self, text: &str) -> Result<RefPos, String> {
        self.play(text).map(|(pos, _)| pos)
    }

    /// §3 steps 2..6 for the move `text` (`3R`, `1L`, ...), returning the
    /// new position and what happened during the move.
    pub fn play(&self, text: &str) -> Result<(RefPos, MoveReport), String> {
        if self.outcome.is_some() {
            return Err("game over".to_string());
        }
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 2 {
            return Err(format!("bad move {text}"));
        }
        let k = match chars[0].to_digit(10) {
            Some(k) if (1..=5).contains(&k) => k as usize,
            _ => return Err(format!("bad move {text}")),
        };
        let right = match chars[1] {
            'R' => true,
            'L' => false,
            _ => return Err(format!("bad move {text}")),
        };

        let mut pos = self.clone();
        let mut report = MoveReport::default();
        let mover = pos.to_move;
        let origin = own_square(mover, k);
        if pos.small[origin] == 0 {
            return Err(format!("own square {k} is empty"));
        }

        // Step 5's guard: the states (all twelve squares' contents and the
        // square being lifted) seen at lifts earlier in this move. The
        // opening lift counts as one of them.
        let mut seen: HashSet<(Vec<(i64, bool)>, usize)> = HashSet::new();
        seen.insert((pos.contents(), origin));

        // Step 3: lift every stone from the origin and sow them from
        // next(origin) on, around the ring (onto the origin again on laps).
        report.lap |= pos.small[origin] >= 12;
        let mut last = pos.sow_from(origin, right);

        // Step 4.
        loop {
            let n = next(last, right);
            let n_counts_as_empty = if is_mandarin_square(n) {
                // 4a: a mandarin square ends the turn, unless it is
                // completely empty and empty_mandarin_is_gap.
                pos.rules.empty_mandarin_is_gap && pos.is_completely_empty(n)
            } else {
                pos.small[n] == 0
            };
            if is_mandarin_square(n) && !n_counts_as_empty {
                break;
            }
            report.gap_used |= is_mandarin_square(n);
            if !n_counts_as_empty {
                // 4b: a citizen square holding stones: relay.
                let state = (pos.contents(), n);
                if seen.contains(&state) {
                    report.guard_fired = true;
                    break;
                }
                seen.insert(state);
                report.relays += 1;
                report.lap |= pos.small[n] >= 12;
                last = pos.sow_from(n, right);
                continue;
            }
            // 4c: n is empty; look at t = next(n), and maybe go on capturing.
            let mut t = next(n, right);
            loop {
                if pos.is_completely_empty(t) {
                    break;
                }
                if pos.is_protected(t) {
                    report.protected_stop = true;
                    break;
                }
                // Capture everything in t: small stones and mandarin.
                pos.store_small[mover] += pos.small[t];
                pos.small[t] = 0;
                if pos.mandarin[t] {
                    pos.mandarin[t] = false;
                    pos.store_mandarins[mover] += 1;
                }
                report.captures += 1;
                // The chain goes on if next(t) counts as empty and the square
                // after it holds stones.
                let u = next(t, right);
                let u_counts_as_empty = if is_mandarin_square(u) {
                    pos.rules.empty_mandarin_is_gap && pos.is_completely_empty(u)
                } else {
                    pos.small[u] == 0
                };
                if !u_counts_as_empty {
                    break;
                }
                report.gap_used |= is_mandarin_square(u);
                t = next(u, right);
            }
            break;
        }

        // Step 6: the move has been played.
        let moves_played = pos.ply;
        pos.ply += 1;
        pos.to_move = 1 - mover;
        if pos.is_completely_empty(0) && pos.is_completely_empty(6) {
            pos.sweep_rows();
            pos.finish("mandarins_captured");
        } else if moves_played == pos.rules.max_plies {
            pos.sweep_rows();
            pos.finish("max_plies");
        } else {
            pos.refill_or_forfeit();
        }
        Ok((pos, report))
    }

    /// The contents of all twelve squares, for the relay guard.
    fn contents(&self) -> Vec<(i64, bool)> {
        let mut v = Vec::new();
        for i in 0..12 {
            v.push((self.small[i], self.mandarin[i]));
        }
        v
    }

    /// Lifts every small stone from `from` and drops one on each square from
    /// next(from) on. Returns the square the last stone landed on.
    fn sow_from(&mut self, from: usize, right: bool) -> usize {
        let mut hand = self.small[from];
        self.small[from] = 0;
        let mut at = from;
        while hand > 0 {
            at = next(at, right);
            self.small[at] += 1;
            hand -= 1;
        }
        at
    }

    /// §3.4 "Protected mandarin square". Only mandarin squares can be.
    fn is_protected(&self, t: usize) -> bool {
        if !is_mandarin_square(t) {
            return false;
        }
        if self.rules.first_move_mandarin_ban && self.ply == 1 {
            return true;
        }
        let m = self.rules.young_mandarin_min;
        if m > 0 && self.mandarin[t] && self.small[t] < m {
            return true;
        }
        false
    }

    /// Each player adds the small stones on their own five squares to their
    /// store. Mandarin squares are left alone.
    fn sweep_rows(&mut self) {
        for seat in [SOUTH, NORTH] {
            for k in 1..=5 {
                let i = own_square(seat, k);
                self.store_small[seat] += self.small[i];
                self.small[i] = 0;
            }
        }
    }

    /// The game is over: higher score wins, equal scores draw.
    fn finish(&mut self, reason: &'static str) {
        let scores = self.scores();
        let winner = if scores[0] > scores[1] {
            Some(SOUTH)
        } else if scores[1] > scores[0] {
            Some(NORTH)
        } else {
            None
        };
        self.outcome = Some(RefOutcome {
            winner,
            reason,
            scores,
        });
    }

    /// §3.1: if all five of the mover's citizen squares are empty, one small
    /// stone from the store goes onto each. With fewer than 5 in store:
    /// borrow (store goes negative) or forfeit (loses at once, no sweep).
    fn refill_or_forfeit(&mut self) {
        let seat = self.to_move;
        let mut row_empty = true;
        for k in 1..=5 {
            if self.small[own_square(seat, k)] != 0 {
                row_empty = false;
            }
        }
        if !row_empty {
            return;
        }
        if self.store_small[seat] < 5 && self.rules.forfeit {
            self.outcome = Some(RefOutcome {
                winner: Some(1 - seat),
                reason: "forfeit",
                scores: self.scores(),
            });
            return;
        }
        self.store_small[seat] -= 5;
        for k in 1..=5 {
            self.small[own_square(seat, k)] += 1;
        }
    }
}
