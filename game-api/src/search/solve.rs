//! The solver: MTD(f) on the same searcher, to the end of the game, with the final
//! margin as the score. Each pass is a null-window search that moves one bound; the
//! transposition table carries the work from pass to pass, and (kept by the caller)
//! from one call to the next, so a long solve can run in slices with progress between
//! them ([`SolveState`] is where it stands).

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::{
    SearchError,
    engine::{Searcher, best_move},
    score::{self, EVAL_SCALE, INFINITY},
    table::Table,
    time::Clock,
};
use crate::{Game, MoveId, Turn};

/// The positions the play search that makes a solve's first guess may visit.
pub const GUESS_NODES: u64 = 1 << 20;

/// Where a solve stands: the final margin for the seat to move lies in
/// `lower..=upper`; `guess` is the next pass's test value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveState {
    /// The margin is at least this.
    pub lower: i32,
    /// The margin is at most this.
    pub upper: i32,
    /// The value the next pass tests.
    pub guess: i32,
}

impl SolveState {
    /// The start of a solve of `game`: its bounds if it has them, with the guess in the
    /// middle.
    pub fn start<G: Game>(game: &G) -> Self {
        let (lower, upper) = game.score_bounds().unwrap_or((-INFINITY, INFINITY));
        let guess = if lower > -INFINITY && upper < INFINITY {
            lower + (upper - lower) / 2
        } else {
            0
        };
        SolveState {
            lower,
            upper,
            guess,
        }
    }

    /// The start of a solve of `game` whose first guess comes from a short play search
    /// (at most [`GUESS_NODES`] positions, in `table` under `namespace`): MTD(f) needs
    /// few passes from a guess near the value. Returns the state and the positions the
    /// play search visited.
    pub fn guessed<G: Game>(
        game: &G,
        table: &mut Table,
        namespace: u64,
        history: &[u64],
        stop: &AtomicBool,
    ) -> (Self, u64) {
        let mut state = Self::start(game);
        if state.solved() {
            return (state, 0);
        }
        let clock = Clock::new(None, false, Some(GUESS_NODES), stop);
        let mut searcher = Searcher::new(table, clock, false, namespace, history);
        let Ok(found) = best_move(&mut searcher, game, 64) else {
            return (state, searcher.nodes);
        };
        let margin = score::margin_of(found.score)
            .unwrap_or_else(|| (found.score + found.score.signum() * EVAL_SCALE / 2) / EVAL_SCALE);
        if state.lower > -INFINITY && state.upper < INFINITY {
            state.guess = margin.clamp(state.lower + 1, state.upper);
        } else {
            state.guess = margin;
        }
        (state, found.nodes)
    }

    /// The next pass's question: is the value at least this?
    pub fn next_test(&self) -> i32 {
        if self.guess <= self.lower {
            self.lower.saturating_add(1)
        } else {
            self.guess.min(self.upper)
        }
    }

    /// Whether the value is known.
    pub fn solved(&self) -> bool {
        self.lower >= self.upper
    }

    /// The result the bounds prove for the seat to move: 1 a win (the margin is at
    /// least 1), −1 a loss (at most −1), 0 a draw (exactly 0); `None` while the bounds
    /// straddle more than one result.
    ///
    /// ```
    /// use game_api::search::SolveState;
    /// let state = |lower, upper| SolveState { lower, upper, guess: lower };
    /// assert_eq!(state(1, 30).outcome(), Some(1));
    /// assert_eq!(state(-30, -2).outcome(), Some(-1));
    /// assert_eq!(state(0, 0).outcome(), Some(0));
    /// assert_eq!(state(0, 3).outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<i32> {
        if self.lower >= 1 {
            Some(1)
        } else if self.upper <= -1 {
            Some(-1)
        } else if self.lower >= 0 && self.upper <= 0 {
            Some(0)
        } else {
            None
        }
    }
}

/// Runs MTD(f) passes from `state` until the value is known or the searcher's clock
/// stops it; returns the best move once solved. The state is updated after each
/// complete pass, so an interrupted solve resumes where it stood.
pub fn solve<G: Game>(
    searcher: &mut Searcher<'_, '_, G>,
    game: &G,
    state: &mut SolveState,
) -> Result<Option<MoveId>, SearchError> {
    let mover = mover(game)?;
    let mut best = None;
    while !state.solved() {
        let beta = state.next_test();
        let Some((v, mv)) = null_window(searcher, game, mover, beta)? else {
            return Ok(None);
        };
        if v < beta {
            state.upper = v.min(state.upper);
        } else {
            state.lower = v.max(state.lower);
            best = mv.or(best);
        }
        state.guess = v.clamp(state.lower, state.upper);
    }
    // The move that reaches the value: one more pass at the value itself if the last
    // passes did not name it.
    if best.is_none() {
        let v = state.lower;
        let (_, mv) = searcher.root(game, mover, u32::MAX, v - 1, v + 1);
        if let Some(e) = searcher.error.take() {
            return Err(e);
        }
        best = mv;
    }
    Ok(best)
}

/// Proves the *result* (win, draw or loss for the seat to move) rather than the margin:
/// at most two null-window passes of the same searcher, "is the margin at least 1?" and
/// "at least 0?", until [`SolveState::outcome`] is known or the clock stops it. Cheaper
/// than [`solve`], and the only exact answer where the game's knowledge proves results
/// but not margins (the mancala kit's tables under Oware's majority end). Returns a
/// move that keeps the result when the last pass named one (a win or a draw; a loss
/// names none).
pub fn solve_outcome<G: Game>(
    searcher: &mut Searcher<'_, '_, G>,
    game: &G,
    state: &mut SolveState,
) -> Result<Option<MoveId>, SearchError> {
    let mover = mover(game)?;
    let mut best = None;
    while state.outcome().is_none() {
        // The win test first when a win is still possible and guessed, else the draw test.
        let beta = if state.lower >= 0 || (state.guess >= 1 && state.upper >= 1) {
            1
        } else {
            0
        };
        let Some((v, mv)) = null_window(searcher, game, mover, beta)? else {
            return Ok(None);
        };
        if v < beta {
            state.upper = v.min(state.upper);
            state.guess = state.upper.min(0);
        } else {
            state.lower = v.max(state.lower);
            best = mv.or(best);
        }
        if state.lower > state.upper {
            state.upper = state.lower;
        }
    }
    Ok(best)
}

/// The seat to move in `game`, which a solve needs (not over, not chance).
fn mover<G: Game>(game: &G) -> Result<u8, SearchError> {
    match game.turn() {
        Turn::Seat { seat } => Ok(seat),
        Turn::Over { .. } => Err(SearchError::Over),
        Turn::Chance { .. } => Err(SearchError::Chance),
    }
}

/// One null-window pass "is the value at least `beta`?" from the root: its value and
/// move, `None` when the searcher's clock stopped it.
fn null_window<G: Game>(
    searcher: &mut Searcher<'_, '_, G>,
    game: &G,
    mover: u8,
    beta: i32,
) -> Result<Option<(i32, Option<MoveId>)>, SearchError> {
    let (v, mv) = searcher.root(game, mover, u32::MAX, beta - 1, beta);
    if let Some(e) = searcher.error.take() {
        return Err(e);
    }
    Ok((!searcher.stopped()).then_some((v, mv)))
}
