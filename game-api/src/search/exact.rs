//! The solver's node: alpha-beta to the end of the game on the final margin, for
//! [`solve`](super::solve). The table's move is searched first and alone (it usually
//! refutes the window, and then no other move is played); failing that, every other
//! child is played out before any is searched, which buys three things for the price
//! of the applies a cut-off would have saved:
//!
//! - *enhanced transposition cut-offs*: a child whose table entry or score bounds
//!   already refute the window ends the node without a search;
//! - children that cannot reach the window (their entry or bounds say at most
//!   `alpha`) are skipped;
//! - ordering on what the moves did: extra turns (the mover moves again) first, then
//!   the most banked, then the game's tie-break ([`Game::solve_order_hint`]), then the
//!   history of cut-offs.
//!
//! Positions are keyed by [`Game::solve_key`] where the game has one (entries shared
//! by positions that differ only in what is banked, or that mirror each other; the
//! stored score is the margin still open), else by [`Game::state_hash`].

use super::{
    SearchError,
    engine::{MAX_PLY, Searcher},
    score::INFINITY,
    table::{Bound, Entry},
};
use crate::{Game, MoveId, Turn};

/// The namespace bits that keep [`Game::solve_key`] entries apart from hashed ones.
const SOLVE_KEY_SPACE: u64 = 0x6b1d_5e7a_90c3_2f48;

/// Ordering weights: an extra turn, each seed banked by the move, and each step of the
/// game's tie-break ([`Game::solve_order_hint`], at most [`MAX_TIE_BREAK`] either way),
/// all above the history of cut-offs.
const EXTRA_TURN: i64 = 1 << 52;
const PER_SEED: i64 = 1 << 40;
const PER_TIE_BREAK: i64 = 1 << 31;

/// The largest tie-break a game's [`Game::solve_order_hint`] can give, either way: its
/// weight stays below one banked seed's.
const MAX_TIE_BREAK: i32 = 255;

/// One move of a node being solved, played out.
#[derive(Debug, Clone)]
pub(super) struct Child<G> {
    mv: MoveId,
    game: G,
    /// Its hash for repetitions: from its solver's key where it has one.
    hash: u64,
    /// Its table key and the decided part of its margin (see [`Searcher::exact_key`]).
    key: (u64, i32),
    /// Its value for the mover when known without a search (the game is over there,
    /// or the position repeats).
    known: Option<i32>,
    /// The same seat moves again.
    same: bool,
    /// Its highest possible value for the mover.
    upper: i32,
    order: i64,
}

/// What a table entry of a child says of its value for the parent's mover: the bound
/// (`true`: at least, `false`: at most, both for an exact value) and the value.
fn for_mover(entry: &Entry, decided: i32, same: bool) -> (i32, bool, bool) {
    let score = entry.score + decided;
    let (lower, upper) = match entry.bound {
        Bound::Exact => (true, true),
        Bound::Lower => (true, false),
        Bound::Upper => (false, true),
    };
    if same {
        (score, lower, upper)
    } else {
        (-score, upper, lower)
    }
}

impl<G: Game> Searcher<'_, '_, G> {
    /// The table key of `game` (whose state hash is `hash`) and the part of its margin
    /// already decided (what the entry's score is relative to).
    pub(super) fn exact_key(&self, game: &G, hash: u64) -> (u64, i32) {
        match game.solve_key() {
            Some((key, decided)) => (key ^ self.namespace ^ SOLVE_KEY_SPACE, decided),
            None => (hash ^ self.namespace, 0),
        }
    }

    /// The table key, decided part and repetition hash of a position below the root.
    /// Where the game has a solver's key, the repetition hash comes from it (with the
    /// decided part and the seat to move, which with the houses make the position), not
    /// from the slower [`Game::state_hash`]: a return to the root or the game's history
    /// then goes unseen, which only lengthens the search of a game that can repeat.
    fn kid_keys(&self, game: &G, seat: u8) -> ((u64, i32), u64) {
        match game.solve_key() {
            Some((key, decided)) => {
                let hash = super::table::mix(
                    key ^ (u64::from(decided as u32) << 8 | u64::from(seat))
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15),
                );
                ((key ^ self.namespace ^ SOLVE_KEY_SPACE, decided), hash)
            }
            None => {
                let hash = game.state_hash();
                ((hash ^ self.namespace, 0), hash)
            }
        }
    }

    /// The final margin of `game` (with this `hash`) for `mover`, its seat to move,
    /// within (`alpha`, `beta`), fail-soft.
    pub(super) fn exact_node(
        &mut self,
        game: &G,
        hash: u64,
        mover: u8,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let key = self.exact_key(game, hash);
        self.exact_keyed(game, hash, key, mover, alpha, beta, ply)
    }

    /// [`Searcher::exact_node`] with the table key known.
    #[allow(clippy::too_many_arguments)]
    fn exact_keyed(
        &mut self,
        game: &G,
        hash: u64,
        (key, decided): (u64, i32),
        mover: u8,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.clock.poll(self.nodes) || self.error.is_some() || self.past_horizon {
            return 0;
        }
        // Not at the root: its value alone names no move to play.
        if ply > 0
            && let Some(v) = game.exact_value()
        {
            return v;
        }
        let bounds = game.score_bounds();
        if let Some((lo, hi)) = bounds {
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
        }
        if ply >= MAX_PLY {
            // Deeper than the engine follows, the value is unknown. A stand-in (a draw,
            // as before) would not stay here: the nodes above would keep what it made
            // of them in the table, under keys that do not say how deep they were met,
            // and a later solve meeting them nearer its root would take that as proven
            // (a capture-free Oware stretch of a few seeds runs hundreds of plies: the
            // puzzle miner's wrong proofs). So the solve stops unfinished, as at the
            // end of its budget, and nothing below the root is stored from here.
            self.past_horizon = true;
            return 0;
        }
        let mut first = None;
        if let Some(e) = self.table.probe(key) {
            first = e.best;
            let score = e.score + decided;
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut && (ply > 0 || e.bound == Bound::Exact && e.best.is_some()) {
                if ply == 0 {
                    self.root_best = e.best;
                }
                return score;
            }
        }
        let centre = bounds.map_or(0, |(lo, hi)| lo + (hi - lo) / 2);
        let nodes0 = self.nodes;
        let mut w = Window {
            alpha,
            beta,
            best: -INFINITY,
            best_move: None,
        };
        self.repetitions.push(hash);
        self.search_moves(game, mover, first, centre, ply, &mut w);
        self.repetitions.pop();
        if self.stopped() {
            return 0;
        }
        let (best, best_move) = (w.best, w.best_move);
        if best == -INFINITY {
            // No legal move: the engine's convention for a stuck seat.
            return 0;
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if ply == 0 && best_move.is_some() {
            self.root_best = best_move;
        }
        self.table.store(
            key,
            Entry {
                score: best - decided,
                bound,
                depth: (64 - (self.nodes - nodes0).leading_zeros()) as u8,
                best: best_move,
            },
        );
        best
    }

    /// The child buffer of `ply`, emptied.
    fn take_kids(&mut self, ply: usize) -> Vec<Child<G>> {
        if self.kids.len() <= ply {
            self.kids.resize_with(ply + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.kids[ply]);
        kids.clear();
        kids
    }

    /// Searches the moves of `game` into `w`: the table's move `first` alone (it
    /// usually refutes, and then no other move is played), then the others played out
    /// together (see the module's notes).
    fn search_moves(
        &mut self,
        game: &G,
        mover: u8,
        first: Option<MoveId>,
        centre: i32,
        ply: usize,
        w: &mut Window,
    ) {
        let mut played = None;
        if let Some(mv) = first {
            let mut child = game.clone();
            // A move from a colliding entry may be illegal here: then it is not played.
            if child.apply(mv, None).is_ok() {
                played = Some(mv);
                // Searched alone: its ordering key plays no part.
                match self.classify(child, (mv, 0), mover, centre) {
                    Some(kid) => {
                        if self.search_kid(&kid, mover, ply, w) {
                            return;
                        }
                    }
                    None => return,
                }
            }
        }
        let mut kids = self.take_kids(ply);
        match self.expand(game, mover, (played, first), centre, w.beta, ply, &mut kids) {
            Some((v, mv)) => {
                w.best = v;
                w.best_move = Some(mv);
            }
            None => {
                for kid in &kids {
                    if self.search_kid(kid, mover, ply, w) {
                        break;
                    }
                }
            }
        }
        self.kids[ply] = kids;
    }

    /// Plays every move of `game` but `played` into `kids`, ordered best first; returns
    /// the value and move when a child refutes the window at once (`>= beta` without a
    /// search).
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        game: &G,
        mover: u8,
        (played, first): (Option<MoveId>, Option<MoveId>),
        centre: i32,
        beta: i32,
        ply: usize,
        kids: &mut Vec<Child<G>>,
    ) -> Option<(i32, MoveId)> {
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        game.legal_moves(&mut moves);
        let mut refuted = None;
        for &mv in &moves {
            if Some(mv) == played {
                continue;
            }
            let tie_break = game
                .solve_order_hint(mv)
                .clamp(-MAX_TIE_BREAK, MAX_TIE_BREAK);
            let mut child = game.clone();
            if let Err(e) = child.apply_legal(mv) {
                self.error = Some(SearchError::Game(e));
                break;
            }
            let Some(mut kid) = self.classify(child, (mv, tie_break), mover, centre) else {
                break;
            };
            if Some(mv) == first && kid.known.is_none() {
                kid.order = i64::MAX - 1;
            }
            // An enhanced transposition cut-off: the child alone refutes the window.
            let at_least = match kid.known {
                Some(v) => Some(v),
                None => self.child_floor(&mut kid),
            };
            if let Some(v) = at_least.filter(|&v| v >= beta) {
                refuted = Some((v, mv));
                break;
            }
            kids.push(kid);
        }
        self.moves[ply] = moves;
        if refuted.is_none() {
            kids.sort_by_key(|k| std::cmp::Reverse(k.order));
        }
        refuted
    }

    /// A played move (with its tie-break, [`Game::solve_order_hint`]) as a child:
    /// whether the game is over there, who moves, its bounds and its ordering key.
    /// `None` after an error (recorded).
    fn classify(
        &mut self,
        child: G,
        (mv, tie_break): (MoveId, i32),
        mover: u8,
        centre: i32,
    ) -> Option<Child<G>> {
        let mut kid = Child {
            mv,
            game: child,
            hash: 0,
            key: (0, 0),
            known: None,
            same: false,
            upper: INFINITY,
            order: 0,
        };
        match kid.game.turn() {
            Turn::Over { .. } => {
                let v = kid.game.final_margin(mover).unwrap_or(0);
                (kid.known, kid.upper, kid.order) = (Some(v), v, i64::MAX);
                return Some(kid);
            }
            Turn::Chance { .. } => {
                self.error = Some(SearchError::Chance);
                return None;
            }
            Turn::Seat { seat } => {
                kid.same = seat == mover;
                (kid.key, kid.hash) = self.kid_keys(&kid.game, seat);
            }
        }
        if self.repetitions.contains(kid.hash) {
            (kid.known, kid.upper) = (Some(0), 0);
            return Some(kid);
        }
        let mut gain = 0;
        if let Some((lo, hi)) = kid.game.score_bounds() {
            let (lo, hi) = if kid.same { (lo, hi) } else { (-hi, -lo) };
            kid.upper = hi;
            gain = i64::from(lo + (hi - lo) / 2 - centre);
        }
        kid.order = i64::from(kid.same) * EXTRA_TURN
            + gain * PER_SEED
            + i64::from(tie_break) * PER_TIE_BREAK
            + i64::from(self.ordering.history_of(mover, mv));
        Some(kid)
    }

    /// The least value of `kid` for the parent's mover that its table entry or bounds
    /// prove, if any; an upper bound from its entry lowers `kid.upper` (a child that
    /// cannot reach the window is then not searched).
    fn child_floor(&self, kid: &mut Child<G>) -> Option<i32> {
        let mut floor = None;
        if let Some((lo, hi)) = kid.game.score_bounds() {
            floor = Some(if kid.same { lo } else { -hi });
        }
        let (key, decided) = kid.key;
        if let Some(e) = self.table.probe(key) {
            let (v, lower, upper) = for_mover(&e, decided, kid.same);
            if lower {
                floor = Some(floor.map_or(v, |f: i32| f.max(v)));
            }
            if upper {
                kid.upper = kid.upper.min(v);
            }
        }
        floor
    }

    /// Searches `kid` into `w`; whether the node is done (a cut-off, or stopped).
    fn search_kid(&mut self, kid: &Child<G>, mover: u8, ply: usize, w: &mut Window) -> bool {
        if kid.upper <= w.alpha {
            // It cannot reach the window: its best is a bound already beaten.
            w.best = w.best.max(kid.upper);
            return false;
        }
        let (alpha, beta) = (w.alpha, w.beta);
        let v = match kid.known {
            Some(v) => v,
            None if kid.same => {
                self.exact_keyed(&kid.game, kid.hash, kid.key, mover, alpha, beta, ply + 1)
            }
            None => {
                let seat = 1 - mover;
                -self.exact_keyed(&kid.game, kid.hash, kid.key, seat, -beta, -alpha, ply + 1)
            }
        };
        if self.stopped() {
            return true;
        }
        if v > w.best {
            w.best = v;
            w.best_move = Some(kid.mv);
            if v > w.alpha {
                w.alpha = v;
                if v >= w.beta {
                    self.ordering.cutoff(mover, ply, kid.mv, 1);
                    return true;
                }
            }
        }
        false
    }
}

/// A node's window and what its search found so far.
struct Window {
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<MoveId>,
}
