//! The searcher: iterative deepening over a principal-variation negamax.

use std::time::Instant;

use crate::engine::{EndReason, Move, Position};

use super::eval::{evaluate, score_diff, UNIT};
use super::tt::{hash, move_index, Bound, Entry, Table};
use super::{Limits, MoveValue, Options, Rng, SearchResult, FORFEIT_VALUE, MAX_DEPTH};

const INF: i32 = 1 << 24;

/// The value of a finished game for the side that would move next.
#[inline]
pub(super) fn terminal_value(position: &Position) -> i32 {
    let outcome = position.outcome().expect("a finished position");
    if outcome.reason == EndReason::Forfeit {
        let won = outcome.winner == Some(position.turn());
        return if won {
            FORFEIT_VALUE * UNIT
        } else {
            -FORFEIT_VALUE * UNIT
        };
    }
    score_diff(position) * UNIT
}

struct RootMove {
    mv: Move,
    child: Position,
    value: i32,
    exact: bool,
    proven: bool,
}

pub(super) struct Searcher {
    limits: Limits,
    options: Options,
    rng: Rng,
    tt: Table,
    nodes: u64,
    start: Instant,
    can_stop: bool,
    stopped: bool,
    killers: [[Option<Move>; 2]; MAX_DEPTH + 1],
    history: [[u32; 10]; 2],
    /// The children of the interior node at each ply, made in place (a
    /// node's array is reused by every node at its ply).
    children: Vec<[Position; 10]>,
    /// The endgame table of the position's rules, when loaded and allowed.
    table: Option<&'static oanquan_endgame::Table>,
}

/// Nodes searched in a millisecond of one core, about (BENCHMARKS.md,
/// "Search": 3.2–4.8 M nodes per CPU-second).
const NODES_PER_MS: u64 = 4_000;

impl Searcher {
    pub(super) fn new(limits: Limits, seed: u64, options: Options) -> Searcher {
        // The clock starts before the table is allocated: that is spent too.
        let start = Instant::now();
        // A table about as large as the budget can fill, at most 2^20
        // entries: a time budget counts as the nodes it buys (zeroing a
        // table of 2^20 entries for a short move cost more than the move),
        // a depth cap alone 8 nodes a ply (a five-ply search visits a few
        // hundred to a few thousand).
        let budget = match (limits.nodes, limits.time, limits.depth) {
            (Some(nodes), _, _) => nodes,
            (None, Some(time), _) => u64::try_from(time.as_millis())
                .map_or(u64::MAX, |ms| ms.saturating_mul(NODES_PER_MS)),
            (None, None, Some(depth)) => 1 << (3 * depth.min(7)),
            (None, None, None) => 1 << 19,
        }
        .min(1 << 21);
        let log2 = (64 - budget.leading_zeros()).clamp(12, 20);
        Searcher {
            limits,
            options,
            rng: Rng::new(seed),
            tt: Table::new(log2),
            nodes: 0,
            start,
            can_stop: false,
            stopped: false,
            killers: [[None; 2]; MAX_DEPTH + 1],
            history: [[0; 10]; 2],
            children: Vec::new(),
            table: None,
        }
    }

    pub(super) fn run(mut self, position: &Position) -> SearchResult {
        if self.options.table {
            self.table = super::oracle::loaded(position.rules());
        }
        if position.is_over() {
            return self.finish(position, Vec::new(), 0, true);
        }
        let mut roots: Vec<RootMove> = position
            .legal_moves()
            .iter()
            .map(|&mv| RootMove {
                mv,
                child: position.play(mv).expect("a legal move"),
                value: -INF,
                exact: false,
                proven: false,
            })
            .collect();
        for i in (1..roots.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            roots.swap(i, j);
        }
        let max_depth = self
            .limits
            .depth
            .map_or(MAX_DEPTH, |d| (d as usize).clamp(1, MAX_DEPTH));
        let mut completed = 0;
        for depth in 1..=max_depth {
            let Some(values) = self.root_iteration(&mut roots, depth as i32) else {
                break;
            };
            for (root, (value, exact, proven)) in roots.iter_mut().zip(values) {
                (root.value, root.exact, root.proven) = (value, exact, proven);
            }
            roots.sort_by_key(|r| std::cmp::Reverse(r.value));
            completed = depth;
            self.can_stop = true;
            if roots.iter().all(|r| r.proven) || self.out_of_budget() {
                break;
            }
        }
        let exact = roots.iter().all(|r| r.proven);
        self.finish(position, roots, completed as u32, exact)
    }

    /// One iteration over the root moves; `None` if the budget ran out.
    fn root_iteration(
        &mut self,
        roots: &mut [RootMove],
        depth: i32,
    ) -> Option<Vec<(i32, bool, bool)>> {
        let mut alpha = -INF;
        let mut values = Vec::with_capacity(roots.len());
        for (i, root) in roots.iter().enumerate() {
            let child = root.child;
            let (value, exact, proven) = if self.options.all_values || i == 0 {
                let (v, proven) = self.negamax(&child, depth - 1, -INF, INF, 1);
                (-v, true, proven)
            } else {
                let (v, proven) = self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if -v > alpha {
                    let (v, proven) = self.negamax(&child, depth - 1, -INF, -alpha, 1);
                    (-v, true, proven)
                } else {
                    (-v, false, proven)
                }
            };
            if self.stopped {
                return None;
            }
            alpha = alpha.max(value);
            values.push((value, exact, proven));
        }
        Some(values)
    }

    fn out_of_budget(&self) -> bool {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        self.limits.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    /// The value of `position` for its side to move, searched `depth` plies,
    /// and whether it is proven (every leaf below was the end of the game).
    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.can_stop && !self.stopped {
            let nodes_spent = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            let time_spent = self.nodes & 1023 == 0
                && self.limits.time.is_some_and(|t| self.start.elapsed() >= t);
            self.stopped = nodes_spent || time_spent;
        }
        if self.stopped {
            return (0, false);
        }
        if position.is_over() {
            return (terminal_value(position), true);
        }
        if let Some(v) = self.probe(position) {
            return (v, true);
        }
        if depth <= 0 || ply >= MAX_DEPTH {
            return (evaluate(position, &self.options.weights), false);
        }
        if depth == 1 {
            return self.frontier(position, alpha, beta);
        }
        let base = score_diff(position) * UNIT;
        let key = hash(position);
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if e.proven || i32::from(e.depth) >= depth {
                let v = e.gain + base;
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return (v, e.proven);
                }
            }
        }
        let tt_move = entry.and_then(|e| e.best);
        let side = position.turn().index();
        let moves = position.legal_moves();
        if self.children.len() <= ply {
            self.children.resize(ply + 1, [*position; 10]);
        }
        let mut keys = [0i32; 10];
        for (i, &m) in moves.iter().enumerate() {
            let child = &mut self.children[ply][i];
            *child = *position;
            child.apply(m, &mut ()).expect("a legal move");
            keys[i] = if Some(m) == tt_move {
                1 << 30
            } else if self.killers[ply].contains(&Some(m)) {
                1 << 26
            } else {
                // The immediate gain in score difference, then history.
                let gain = -score_diff(child) * UNIT - base;
                (gain << 16) + self.history[side][move_index(m)].min(0xffff) as i32
            };
        }
        let order = descending(&keys, moves.len());

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut proven = true;
        for (i, &k) in order[..moves.len()].iter().enumerate() {
            let (m, child) = (moves[k as usize], self.children[ply][k as usize]);
            let (v, p) = if i == 0 {
                let (v, p) = self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                (-v, p)
            } else {
                let (v, p) = self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if -v > alpha && -v < beta {
                    let (v, p) = self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                    (-v, p)
                } else {
                    (-v, p)
                }
            };
            if self.stopped {
                return (0, false);
            }
            proven &= p;
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        let slot = &mut self.killers[ply];
                        if slot[0] != Some(m) {
                            slot[1] = slot[0];
                            slot[0] = Some(m);
                        }
                        self.history[side][move_index(m)] += (depth * depth) as u32;
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(Entry {
            key,
            gain: best - base,
            depth: depth.min(255) as u8,
            bound,
            proven,
            best: best_move,
        });
        (best, proven)
    }

    /// The table's exact value of `position`, in the search's units.
    #[inline]
    fn probe(&self, position: &Position) -> Option<i32> {
        let table = self.table?;
        super::oracle::probe(table, position).map(|v| v * UNIT)
    }

    /// A node one ply above the leaves, where most of the tree is: each
    /// child is made and evaluated in turn, with no table (recomputing is
    /// cheaper than the cache miss) and no ordering (every child is made
    /// anyway until the cut-off).
    fn frontier(&mut self, position: &Position, alpha: i32, beta: i32) -> (i32, bool) {
        let mut best = -INF;
        let mut proven = true;
        for &m in &position.legal_moves() {
            let mut child = *position;
            child.apply(m, &mut ()).expect("a legal move");
            self.nodes += 1;
            let v = if child.is_over() {
                -terminal_value(&child)
            } else if let Some(v) = self.probe(&child) {
                -v
            } else {
                proven = false;
                -evaluate(&child, &self.options.weights)
            };
            best = best.max(v);
            if best >= beta && best > alpha {
                break;
            }
        }
        (best, proven)
    }

    /// The expected line: the best root move, then the table's best moves.
    fn principal_variation(&self, position: &Position, first: Move, depth: u32) -> Vec<Move> {
        let mut pv = vec![first];
        let mut p = position.play(first).expect("a legal move");
        while pv.len() < depth.max(1) as usize && !p.is_over() {
            let Some(m) = self.tt.probe(hash(&p)).and_then(|e| e.best) else {
                break;
            };
            let Ok(next) = p.play(m) else { break };
            pv.push(m);
            p = next;
        }
        pv
    }

    fn finish(
        self,
        position: &Position,
        roots: Vec<RootMove>,
        depth: u32,
        exact: bool,
    ) -> SearchResult {
        let stones = |v: i32| f64::from(v) / f64::from(UNIT);
        let (best_move, value) = match roots.first() {
            Some(r) => (Some(r.mv), stones(r.value)),
            None => (None, stones(terminal_value(position))),
        };
        let pv = best_move.map_or_else(Vec::new, |m| self.principal_variation(position, m, depth));
        SearchResult {
            best_move,
            value,
            exact,
            pv,
            moves: roots
                .iter()
                .map(|r| MoveValue {
                    mv: r.mv,
                    value: stones(r.value),
                    exact: r.exact && r.proven,
                })
                .collect(),
            depth,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }
}

/// The indices `0..n` ordered by `keys`, highest first, ties in index
/// order (a stable insertion sort: the order the search has always used,
/// which the pinned node counts depend on).
#[inline]
fn descending(keys: &[i32; 10], n: usize) -> [u8; 10] {
    let mut order = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    for i in 1..n {
        let current = order[i];
        let mut j = i;
        while j > 0 && keys[order[j - 1] as usize] < keys[current as usize] {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = current;
    }
    order
}
