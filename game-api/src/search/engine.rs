//! The searcher: alpha-beta in negamax form with principal-variation search, a
//! transposition table, move ordering and repetition awareness; iterative deepening with
//! aspiration windows on top ([`best_move`]).
//!
//! Values are always for the seat to move at a node. A move that leaves the same seat
//! to move (an extra turn) keeps the sign; one that passes the turn negates it, so
//! extra turns need no special case. A position met again on the current line or in the
//! game's history counts as a draw (the game's own repetition rules, applied by
//! [`Game::apply`], come first: such a position is already over).

use std::{marker::PhantomData, time::Duration};

use super::{
    SearchError,
    ordering::Ordering,
    score::{self, EVAL_SCALE, INFINITY},
    table::{Bound, Entry, Table},
    time::Clock,
};
use crate::{Game, MoveId, Turn};

/// The deepest line the engine follows (beyond it a position is scored as it stands),
/// so that no game can overflow the stack.
pub const MAX_PLY: usize = 400;

/// The half-width of the first aspiration window, in score units (half a point).
const ASPIRATION: i32 = EVAL_SCALE / 2;

/// A counting filter over the positions of the line and the game's history, so that a
/// repetition check scans the list only when the filter says it may hit.
#[derive(Debug, Clone)]
pub(super) struct Repetitions {
    seen: Vec<u64>,
    filter: Vec<u16>,
}

const FILTER_BITS: u32 = 12;

impl Repetitions {
    fn new(history: &[u64]) -> Self {
        let mut r = Repetitions {
            seen: Vec::with_capacity(history.len() + 64),
            filter: vec![0; 1 << FILTER_BITS],
        };
        for &h in history {
            r.push(h);
        }
        r
    }
    fn slot(h: u64) -> usize {
        (super::table::mix(h) >> (64 - FILTER_BITS)) as usize
    }
    pub(super) fn push(&mut self, h: u64) {
        self.seen.push(h);
        let f = &mut self.filter[Self::slot(h)];
        *f = f.saturating_add(1);
    }
    pub(super) fn pop(&mut self) {
        if let Some(h) = self.seen.pop() {
            let f = &mut self.filter[Self::slot(h)];
            *f = f.saturating_sub(1);
        }
    }
    pub(super) fn contains(&self, h: u64) -> bool {
        self.filter[Self::slot(h)] > 0 && self.seen.iter().rev().any(|&s| s == h)
    }
}

/// The search heuristics that can be switched off (for A/B matches between engines at
/// equal nodes); the default is what the engine plays with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Heuristics {
    /// Late-move reductions: at a node searched to depth 3 or more, a quiet move (the
    /// game's [`Game::move_order_hint`] is 0 or less: no capture, no extra turn) from the
    /// fourth on is first searched one ply shallower with a null window, and searched
    /// to its full depth only if it beats the best so far.
    pub late_move_reductions: bool,
    /// The index (0 = the first move tried) of the first move late-move reductions
    /// reduce.
    pub reduce_from: usize,
    /// The index of the first move reduced by two plies rather than one, at a depth of 6
    /// or more (`usize::MAX`: none).
    pub reduce_more_from: usize,
    /// At the horizon, search on the moves whose [`Game::move_order_hint`] is at least
    /// this (for the mancala kit: 12 and more are captures and extra turns), the
    /// evaluation standing for the others (a quiescence search); `None`: evaluate.
    pub quiescence_hint: Option<i32>,
    /// When the time or node budget stops an iteration, play the move it found better
    /// than the last iteration's best (a root move searched to the end at the new depth
    /// that raised the window's lower bound), rather than throwing the iteration away.
    pub partial_iterations: bool,
    /// Principal-variation search: a move after the first is searched with a null window
    /// first, and again with the full window only if it beats the best so far (off: every
    /// move with the full window).
    pub principal_variation: bool,
    /// Aspiration windows: an iteration from the third on starts with a narrow window
    /// round the last score, widened on a fail (off: the full window).
    pub aspiration: bool,
    /// The table's move first in the ordering.
    pub table_move: bool,
    /// The game's move-ordering hints ([`Game::move_order_hint`]) in the ordering.
    pub game_hints: bool,
    /// Killer moves and the history counters in the ordering.
    pub killers_and_history: bool,
    /// The game's stored opening solution ([`Game::opening_move`]) played at the root
    /// where it holds the position (off: the root is searched, as a benchmark of the
    /// search needs).
    pub opening_book: bool,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            late_move_reductions: true,
            reduce_from: 3,
            reduce_more_from: usize::MAX,
            quiescence_hint: None,
            partial_iterations: true,
            principal_variation: true,
            aspiration: true,
            table_move: true,
            game_hints: true,
            killers_and_history: true,
            opening_book: true,
        }
    }
}

/// One search's state: the table, the ordering, the clock and the counters.
pub struct Searcher<'t, 'c, G> {
    /// The heuristics in use (the default unless changed before searching).
    pub heuristics: Heuristics,
    pub(super) table: &'t mut Table,
    pub(super) ordering: Ordering,
    pub(super) clock: Clock<'c>,
    /// Positions searched.
    pub nodes: u64,
    /// Solving: every score is the final margin, the search goes to the end.
    exact: bool,
    pub(super) namespace: u64,
    pub(super) repetitions: Repetitions,
    pub(super) moves: Vec<Vec<MoveId>>,
    keys: Vec<(i64, MoveId)>,
    pub(super) root_best: Option<MoveId>,
    /// The value of `root_best` (meaningful only when it is set by the heuristic search).
    root_value: i32,
    /// The solver's children, per ply ([`super::exact`]).
    pub(super) kids: Vec<Vec<super::exact::Child<G>>>,
    pub(super) error: Option<SearchError>,
    /// A solve went deeper than [`MAX_PLY`]: the value there is unknown, so the solve
    /// stops unfinished, as at the end of its budget ([`super::exact`]).
    pub(super) past_horizon: bool,
    /// Root moves left out of a best-move search (MultiPV by exclusion: the second best
    /// line is the best one once the first move is left out); empty for a plain search.
    /// The root's own table entry is neither used nor written while some are left out,
    /// since its value is then not the position's.
    pub excluded: Vec<MoveId>,
    game: PhantomData<G>,
}

impl<'t, 'c, G: Game> Searcher<'t, 'c, G> {
    /// A searcher over `table` (whose entries are told apart from other games' by
    /// `namespace`), with `history` the hashes of the game's earlier positions.
    pub fn new(
        table: &'t mut Table,
        clock: Clock<'c>,
        exact: bool,
        namespace: u64,
        history: &[u64],
    ) -> Self {
        // A solve's entries are true whatever the position searched: they keep their
        // place from one slice (or solve) to the next.
        if !exact {
            table.new_search();
        }
        Searcher {
            heuristics: Heuristics::default(),
            table,
            ordering: Ordering::default(),
            clock,
            nodes: 0,
            exact,
            namespace: namespace ^ if exact { 0x05ee_d0fe_4ac7 } else { 0 },
            repetitions: Repetitions::new(history),
            moves: Vec::new(),
            keys: Vec::new(),
            root_best: None,
            root_value: 0,
            kids: Vec::new(),
            error: None,
            past_horizon: false,
            excluded: Vec::new(),
            game: PhantomData,
        }
    }

    /// Whether the search has been stopped (time, nodes, the flag, an error, or a solve
    /// that went deeper than [`MAX_PLY`]).
    pub fn stopped(&self) -> bool {
        self.clock.stopped() || self.error.is_some() || self.past_horizon
    }

    /// The score of a final margin for the seat it is counted for.
    fn margin_score(&self, margin: i32) -> i32 {
        if self.exact {
            margin
        } else {
            score::from_margin(margin)
        }
    }

    /// The heuristic value of `game` for its seat to move, `mover`.
    fn eval(&self, game: &G, mover: u8) -> i32 {
        let v = game.search_eval().unwrap_or_else(|| {
            game.evaluate()
                .and_then(|v| v.get(usize::from(mover)).copied())
                .filter(|v| v.is_finite())
                .map_or(0, |v| (v * 1000.0).clamp(-1e9, 1e9) as i32)
        });
        score::clamp_eval(v)
    }

    /// The value of the finished `game` for `seat`.
    fn terminal(&self, game: &G, seat: u8, outcome: &crate::Outcome) -> i32 {
        let margin = game.final_margin(seat).unwrap_or(0);
        if self.exact {
            return margin;
        }
        match outcome.seats.get(usize::from(seat)) {
            Some(s) => score::from_result(s.result, margin),
            None => 0,
        }
    }

    /// The value for `mover` of `child`, a position reached by one of `mover`'s moves,
    /// searched to `depth` within (`alpha`, `beta`); `full` asks for the full window
    /// at once (the first move), else a null window first (PVS).
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        child: &G,
        mover: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        full: bool,
    ) -> i32 {
        let seat = match child.turn() {
            Turn::Over { outcome } => return self.terminal(child, mover, &outcome),
            Turn::Chance { .. } => {
                self.error = Some(SearchError::Chance);
                return 0;
            }
            Turn::Seat { seat } => seat,
        };
        let hash = self.key(child);
        if depth > 0 || self.exact {
            self.table.prefetch(hash ^ self.namespace);
        }
        if self.repetitions.contains(hash) {
            return 0;
        }
        let same = seat == mover;
        let probe = |s: &mut Self, a: i32, b: i32| {
            if same {
                s.node(child, hash, seat, depth, a, b, ply)
            } else {
                -s.node(child, hash, seat, depth, -b, -a, ply)
            }
        };
        if full || beta - alpha <= 1 || !self.heuristics.principal_variation {
            return probe(self, alpha, beta);
        }
        let v = probe(self, alpha, alpha + 1);
        if v > alpha && v < beta && !self.stopped() {
            probe(self, alpha, beta)
        } else {
            v
        }
    }

    /// The value of `game` at the horizon for `mover` within (`alpha`, `beta`): the
    /// evaluation, or better what the moves hinted at least `hint` (captures) win,
    /// searched the same way until none is left (fail-soft).
    fn quiescence(
        &mut self,
        game: &G,
        mover: u8,
        hint: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut best = self.eval(game, mover);
        if best >= beta || ply >= MAX_PLY {
            return best;
        }
        alpha = alpha.max(best);
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        game.legal_moves(&mut moves);
        moves.retain(|&m| game.move_order_hint(m) >= hint);
        for &mv in &moves {
            let mut child = game.clone();
            if let Err(e) = child.apply(mv, None) {
                self.error = Some(SearchError::Game(e));
                break;
            }
            let v = self.child_value(&child, mover, 0, alpha, beta, ply + 1, true);
            if self.stopped() {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        best
    }

    /// The value of `game` (with this `hash`) for `mover`, the seat to move there,
    /// searched to `depth` within (`alpha`, `beta`), fail-soft.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn node(
        &mut self,
        game: &G,
        hash: u64,
        mover: u8,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.exact {
            return self.exact_node(game, hash, mover, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.clock.poll(self.nodes) || self.error.is_some() {
            return 0;
        }
        // Not at the root: its value alone names no move to play.
        if ply > 0
            && let Some(v) = game.exact_value()
        {
            return self.margin_score(v);
        }
        if let Some((lo, hi)) = game.score_bounds() {
            let (lo, hi) = (self.margin_score(lo), self.margin_score(hi));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
        }
        if ply >= MAX_PLY {
            return self.eval(game, mover);
        }
        if depth == 0 && !self.exact {
            return match self.heuristics.quiescence_hint {
                Some(hint) => self.quiescence(game, mover, hint, alpha, beta, ply),
                None => self.eval(game, mover),
            };
        }
        let key = hash ^ self.namespace;
        let partial_root = ply == 0 && !self.excluded.is_empty();
        let mut first = None;
        if let Some(e) = self.table.probe(key) {
            first = e.best;
            if (self.exact || u32::from(e.depth) >= depth) && !partial_root {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut && (ply > 0 || e.bound == Bound::Exact && e.best.is_some()) {
                    if ply == 0 {
                        self.root_best = e.best;
                        self.root_value = e.score;
                    }
                    return e.score;
                }
            }
        }
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        game.legal_moves(&mut moves);
        if partial_root {
            moves.retain(|m| !self.excluded.contains(m));
        }
        if moves.is_empty() {
            self.moves[ply] = moves;
            return 0;
        }
        let mut keys = std::mem::take(&mut self.keys);
        let h = self.heuristics;
        let first = first.filter(|_| h.table_move);
        self.ordering
            .sort(mover, ply, first, &mut moves, &mut keys, |m| {
                if h.game_hints {
                    game.move_order_hint(m)
                } else {
                    0
                }
            });
        self.keys = keys;
        let (alpha0, nodes0) = (alpha, self.nodes);
        let mut best = -INFINITY;
        let mut best_move = None;
        self.repetitions.push(hash);
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = game.clone();
            if let Err(e) = child.apply_legal(mv) {
                self.error = Some(SearchError::Game(e));
                break;
            }
            let h = self.heuristics;
            let reduce = h.late_move_reductions
                && !self.exact
                && depth >= 3
                && i >= h.reduce_from
                && game.move_order_hint(mv) <= 0;
            let mut v = if reduce {
                let r = if depth >= 6 && i >= h.reduce_more_from {
                    3
                } else {
                    2
                };
                self.child_value(&child, mover, depth - r, alpha, alpha + 1, ply + 1, false)
            } else {
                alpha + 1
            };
            if v > alpha && !self.stopped() {
                v = self.child_value(
                    &child,
                    mover,
                    depth.saturating_sub(1),
                    alpha,
                    beta,
                    ply + 1,
                    i == 0,
                );
            }
            if self.stopped() {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                    self.root_value = v;
                }
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if self.heuristics.killers_and_history {
                            self.ordering.cutoff(mover, ply, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.repetitions.pop();
        self.moves[ply] = moves;
        if self.stopped() {
            return 0;
        }
        if partial_root {
            return best;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let depth_field = if self.exact {
            (64 - (self.nodes - nodes0).leading_zeros()) as u8
        } else {
            depth.min(255) as u8
        };
        self.table.store(
            key,
            Entry {
                score: best,
                bound,
                depth: depth_field,
                best: best_move,
            },
        );
        best
    }

    /// The position's key: [`Game::state_hash`] for the exact solver, which must never
    /// take a value found under another history, [`Game::search_hash`] for the
    /// heuristic search.
    fn key(&self, game: &G) -> u64 {
        if self.exact {
            game.state_hash()
        } else {
            game.search_hash()
        }
    }

    /// The root's value within (`alpha`, `beta`) and its best move.
    pub(super) fn root(
        &mut self,
        game: &G,
        mover: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<MoveId>) {
        self.root_best = None;
        let v = self.node(game, self.key(game), mover, depth, alpha, beta, 0);
        (v, self.root_best)
    }

    /// The expected line from `game`, as the table remembers it.
    pub fn line(&self, game: &G, max: usize) -> Vec<MoveId> {
        let mut line = Vec::new();
        let mut game = game.clone();
        let mut seen = Vec::new();
        while line.len() < max && matches!(game.turn(), Turn::Seat { .. }) {
            let hash = self.key(&game);
            if seen.contains(&hash) {
                break;
            }
            seen.push(hash);
            let key = if self.exact {
                self.exact_key(&game, hash).0
            } else {
                hash ^ self.namespace
            };
            let Some(mv) = self.table.probe(key).and_then(|e| e.best) else {
                break;
            };
            if game.apply(mv, None).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }
}

/// `best` and the line the table expects after it (the root's own entry is not kept
/// while moves are left out of it, so the line is read from the child).
fn line_after<G: Game>(
    searcher: &Searcher<'_, '_, G>,
    game: &G,
    best: MoveId,
    max: usize,
) -> Vec<MoveId> {
    let mut child = game.clone();
    if child.apply(best, None).is_err() {
        return vec![best];
    }
    let mut line = vec![best];
    line.extend(searcher.line(&child, max.saturating_sub(1)));
    line
}

/// What a search for the best move found.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The best move.
    pub best: MoveId,
    /// Its score for the seat to move (see [`score`](super::score)).
    pub score: i32,
    /// The expected line, best move first.
    pub line: Vec<MoveId>,
    /// The depth of the last complete iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The time taken.
    pub elapsed: Duration,
}

/// Iterative deepening with aspiration windows to `max_depth`, within `clock`: the best
/// move of the last complete iteration (or of the first, however short).
pub fn best_move<G: Game>(
    searcher: &mut Searcher<'_, '_, G>,
    game: &G,
    max_depth: u32,
) -> Result<Found, SearchError> {
    let mover = match game.turn() {
        Turn::Seat { seat } => seat,
        Turn::Over { .. } => return Err(SearchError::Over),
        Turn::Chance { .. } => return Err(SearchError::Chance),
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    // A position with one legal move is not searched deeper against the clock; one
    // with a single move left in by the exclusions is.
    let legal = moves.len();
    moves.retain(|m| !searcher.excluded.contains(m));
    let first = *moves.first().ok_or(SearchError::NoMove)?;
    // The game's stored opening solution, where it holds the position (a legal move).
    if let Some((mv, margin)) = searcher
        .heuristics
        .opening_book
        .then(|| game.opening_move())
        .flatten()
        .filter(|(mv, _)| moves.contains(mv))
    {
        return Ok(Found {
            best: mv,
            score: searcher.margin_score(margin),
            line: vec![mv],
            depth: 0,
            nodes: 0,
            elapsed: searcher.clock.elapsed(),
        });
    }
    let mut found = Found {
        best: first,
        score: 0,
        line: vec![first],
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let (mut last, mut before) = (Duration::ZERO, Duration::ZERO);
    for depth in 1..=max_depth.max(1) {
        let forced = legal == 1 && searcher.clock.timed();
        if depth > 1 && (forced || !searcher.clock.next_iteration_fits(last, before)) {
            break;
        }
        let started = searcher.clock.elapsed();
        let (mut alpha, mut beta) = (-INFINITY, INFINITY);
        let mut width = ASPIRATION;
        if depth >= 3 && searcher.heuristics.aspiration && !score::is_decisive(found.score) {
            (alpha, beta) = (found.score - width, found.score + width);
        }
        // A move that failed high at the root in this iteration (proved better than the
        // window), in case the search is stopped before the wider window confirms it.
        let mut fail_high = None;
        let (value, best) = loop {
            let (v, best) = searcher.root(game, mover, depth, alpha, beta);
            if searcher.stopped() {
                // A move searched to the end at this depth that beat the window's lower
                // bound (which the last best move's value set), or one that failed high
                // earlier in the iteration: better than the last iteration's best.
                let better = best
                    .filter(|_| searcher.root_value > alpha)
                    .map(|mv| (mv, searcher.root_value))
                    .or(fail_high)
                    .filter(|&(mv, _)| {
                        searcher.heuristics.partial_iterations
                            && searcher.error.is_none()
                            && mv != found.best
                    });
                if let Some((mv, score)) = better {
                    found.best = mv;
                    found.score = score;
                    found.line = vec![mv];
                }
                break (v, None);
            }
            if v <= alpha && alpha > -INFINITY {
                width *= 4;
                alpha = if width > 64 * EVAL_SCALE {
                    -INFINITY
                } else {
                    v - width
                };
            } else if v >= beta && beta < INFINITY {
                fail_high = best.map(|mv| (mv, v));
                width *= 4;
                beta = if width > 64 * EVAL_SCALE {
                    INFINITY
                } else {
                    v + width
                };
            } else {
                break (v, best);
            }
        };
        if let Some(e) = searcher.error.take() {
            return Err(e);
        }
        let Some(best) = best else { break };
        found.best = best;
        found.score = value;
        found.depth = depth;
        found.line = if searcher.excluded.is_empty() {
            searcher.line(game, depth as usize + 8)
        } else {
            line_after(searcher, game, best, depth as usize + 8)
        };
        if found.line.first() != Some(&best) {
            found.line = vec![best];
        }
        before = last;
        last = searcher.clock.elapsed() - started;
        if score::is_decisive(value) && (depth as usize) > found.line.len() + 2 {
            break;
        }
    }
    found.nodes = searcher.nodes;
    found.elapsed = searcher.clock.elapsed();
    Ok(found)
}
