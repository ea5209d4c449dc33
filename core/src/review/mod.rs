//! Game review, knowing no game: every move of a record valued against the best move of
//! its position by the plugin's engine, exact where a short solve (with the endgame
//! tables inside the plugin) proves both; each move classed by what it lost
//! ([`Class`]); the turning points; the player's mistakes as positions to find a better
//! move in, the answer judged the same way ([`judge`]). `tavola review` prints it.

mod class;
mod judge;

pub use class::{Class, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW, lost};
pub use judge::{Verdict, judge};

use std::{
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

use game_api::{MoveId, Turn};
use thiserror::Error;

use crate::{
    ai::engine::TABLE_MIB,
    analysis::Value,
    plugins::{CallError, GameHandle, Plugin},
    record::{Record, RecordError, replay_with, start_of},
};

/// How deep a review looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReviewConfig {
    /// The search depth of each position (the move played is searched one less deep
    /// from the position it leads to, so both see as far).
    pub depth: u32,
    /// The positions a proof may search (0: none).
    pub solve_nodes: u64,
    /// The engine's table, in KiB.
    pub table_kib: u64,
    /// How far the game's final margin can reach ([`crate::analysis::reach`]):
    /// estimated values are clamped within ± it, so a loss never exceeds what the game
    /// can give. `None`: [`review`] and [`review_instead`] find it from the record.
    pub reach: Option<f64>,
}

/// The default depth of a review, in plies: no shallower than the engine reaches in
/// Oware's middle game in 0.2 s a move. Measured (2026-12-06, `tavola hint oware
/// --depth D --json` on two middle-game positions, a cold table): depth 16 visits
/// 344,000–393,000 positions, depth 17 591,000–983,000; at the engine's 2.1–2.5 M
/// positions a second one core completes depth 16 in 0.2 s, and 17 only on the easier
/// position. A 65-move Oware game reviewed at 17: 16.5 s of CPU.
pub const DEFAULT_DEPTH: u32 = 17;

impl Default for ReviewConfig {
    fn default() -> Self {
        ReviewConfig {
            depth: DEFAULT_DEPTH,
            solve_nodes: 50_000,
            table_kib: u64::from(TABLE_MIB) << 10,
            reach: None,
        }
    }
}

/// What a review found of one move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReview {
    /// Its place in the record's moves (0-based; chance throws are not reviewed).
    pub index: usize,
    /// The seat that moved.
    pub seat: u8,
    /// The move played.
    pub played: MoveId,
    /// The best move of the position.
    pub best: MoveId,
    /// The best move's value for the mover.
    pub best_value: Value,
    /// The played move's value for the mover.
    pub played_value: Value,
    /// What the move lost, in the game's units.
    pub lost: f64,
    /// Whether both values are exact (the loss is then exact too).
    pub exact: bool,
    /// The move's class.
    pub class: Class,
    /// The position before the move, in the plugin's notation.
    pub position: String,
    /// The state hashes of the positions before that one (for a drill's search).
    pub history: Vec<u64>,
}

/// A whole game's review.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Every move of a seat, in order.
    pub moves: Vec<MoveReview>,
    /// The depth it searched.
    pub depth: u32,
    /// How long it took.
    pub elapsed: Duration,
}

impl Review {
    /// The moves where the game turned: the mover's standing went from ahead or level
    /// to behind (or a proven result fell), by a mistake or a blunder.
    pub fn turning_points(&self) -> impl Iterator<Item = &MoveReview> {
        self.moves.iter().filter(|m| {
            let fell = match (m.best_value.units(), m.played_value.units()) {
                (Some(b), Some(p)) => b >= 0.0 && p < 0.0,
                _ => false,
            };
            m.class >= Class::Mistake && (fell || m.best_value.result() > m.played_value.result())
        })
    }

    /// The mistakes and blunders of `seat` (every seat's for `None`): the positions to
    /// find a better move in.
    pub fn mistakes(&self, seat: Option<u8>) -> impl Iterator<Item = &MoveReview> {
        self.moves
            .iter()
            .filter(move |m| m.class >= Class::Mistake && seat.is_none_or(|s| s == m.seat))
    }
}

/// Why a record cannot be reviewed.
#[derive(Debug, Error)]
pub enum ReviewError {
    /// The record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The plugin failed.
    #[error(transparent)]
    Plugin(#[from] CallError),
    /// The plugin's engine cannot search this game (chance, more than two seats, or a
    /// plugin built before the engine).
    #[error("{}", crate::tr!("review-unsupported", reason = .0.clone()))]
    Unsupported(String),
}

/// Reviews `record` with `plugin`, telling `progress` (moves done, moves in all) after
/// each move.
pub fn review(
    plugin: &Plugin,
    record: &Record,
    config: &ReviewConfig,
    mut progress: impl FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let started = Instant::now();
    replay_with(plugin, record)?;
    let mut game = start_of(plugin, record)?;
    let config = &with_reach(config, plugin, &game);
    let mut history = Vec::new();
    let mut moves = Vec::new();
    let total = record.moves.len();
    let stop = AtomicBool::new(false);
    for (index, m) in record.moves.iter().enumerate() {
        let played = MoveId(m.id);
        if let Turn::Seat { seat } = game.turn()? {
            moves.push(review_move(
                &game, &history, seat, played, index, config, &stop,
            )?);
        }
        history.push(game.state_hash()?);
        game.apply(played)?;
        progress(index + 1, total);
    }
    Ok(Review {
        moves,
        depth: config.depth,
        elapsed: started.elapsed(),
    })
}

/// The move `mv` reviewed in place of the record's move `index` (0-based), as the
/// review judges a move played: a drill's answer in that position. The best move and
/// its value are searched as [`review`] searches them, so the answer meets the same
/// best value the review showed.
pub fn review_instead(
    plugin: &Plugin,
    record: &Record,
    index: usize,
    mv: MoveId,
    config: &ReviewConfig,
) -> Result<MoveReview, ReviewError> {
    replay_with(plugin, record)?;
    let mut game = start_of(plugin, record)?;
    let config = &with_reach(config, plugin, &game);
    let mut history = Vec::new();
    for m in record.moves.iter().take(index) {
        history.push(game.state_hash()?);
        game.apply(MoveId(m.id))?;
    }
    let seat = match game.turn()? {
        Turn::Seat { seat } if index < record.moves.len() => seat,
        _ => {
            return Err(ReviewError::Unsupported(crate::tr!(
                "review-no-move",
                number = index + 1
            )));
        }
    };
    if !game.legal_moves()?.contains(&mv) {
        return Err(ReviewError::Unsupported(crate::tr!(
            "review-not-legal",
            number = index + 1
        )));
    }
    let stop = AtomicBool::new(false);
    review_move(&game, &history, seat, mv, index, config, &stop)
}

/// A loss kept within the game's whole value (`reach`, see [`crate::analysis::reach`])
/// unless it is `exact`. The two values are each kept within ± the reach, so their
/// difference may still reach twice it; an estimated loss beyond the whole game's value
/// (Dakon's review said "lost 136.8 seeds" in a 98-seed game, from two estimates of its
/// first move) says only that the move threw the game away, and reads as that much. A
/// proven loss is never changed.
///
fn estimated_loss_within(loss: f64, exact: bool, reach: Option<f64>) -> f64 {
    match reach {
        Some(r) if !exact && r >= 0.0 => loss.min(r),
        _ => loss,
    }
}

/// `config` with the reach of the game starting at `start` where it has none.
fn with_reach(config: &ReviewConfig, plugin: &Plugin, start: &GameHandle) -> ReviewConfig {
    ReviewConfig {
        reach: config
            .reach
            .or_else(|| crate::analysis::reach(plugin, start.options(), Some(start))),
        ..*config
    }
}

/// The best move of `game` and its value for the mover: exact where the solve within the
/// budget finishes, else the search's to `config.depth`.
///
/// The search runs first, and its value is the solve's first guess: a solve left to
/// guess by itself first plays a search of up to [`GUESS_NODES`](game_api::search::GUESS_NODES)
/// positions, which both cost most of a review's time and spent the proof's whole
/// budget before the proof began (an Oware game was reviewed without one exact move).
pub(crate) fn best_of(
    game: &GameHandle,
    history: &[u64],
    config: &ReviewConfig,
    stop: &AtomicBool,
) -> Result<(MoveId, Value), ReviewError> {
    use game_api::search::{
        EVAL_SCALE, SearchMode, SearchReply, SearchRequest, SolveState, score::INFINITY,
    };
    let ask = |request: SearchRequest| -> Result<_, ReviewError> {
        let request = SearchRequest {
            memory_kib: Some(config.table_kib.max(1)),
            history: history.to_vec(),
            table_key: game.table_key(),
            ..request
        };
        match game.search(&request, stop)? {
            SearchReply::Done(report) => Ok(report),
            SearchReply::Unsupported { reason } => Err(ReviewError::Unsupported(reason)),
        }
    };
    let report = ask(SearchRequest {
        mode: SearchMode::BestMove,
        max_depth: Some(config.depth.max(1)),
        ..SearchRequest::default()
    })?;
    let best = report
        .best
        .map(MoveId)
        .ok_or_else(|| ReviewError::Unsupported("a best-move search answered no move".into()))?;
    let book = report.depth == 0 && report.nodes == 0;
    if let (true, Some(m)) = (book, report.margin) {
        return Ok((best, Value::Exact(m)));
    }
    if config.solve_nodes > 0 {
        let guess = report
            .margin
            .unwrap_or_else(|| (f64::from(report.score) / f64::from(EVAL_SCALE)).round() as i32);
        let solved = ask(SearchRequest {
            mode: SearchMode::Solve,
            nodes: Some(config.solve_nodes),
            solve_state: Some(SolveState {
                lower: -INFINITY,
                upper: INFINITY,
                guess,
            }),
            ..SearchRequest::default()
        })?;
        if let Some(v) = solved.solve.as_ref().and_then(Value::of_solve) {
            // A solve answered from its table at the root may name no move: the
            // search's is then kept (the value is the position's either way).
            return Ok((solved.best.map_or(best, MoveId), v));
        }
        // The margin out of reach, the result may not be (Oware's majority end with
        // its endgame tables): proven, not exact.
        let proven = ask(SearchRequest {
            mode: SearchMode::Outcome,
            nodes: Some(config.solve_nodes),
            ..SearchRequest::default()
        })?;
        if let Some(v) = proven.solve.as_ref().and_then(Value::of_bounds) {
            // A win's or a draw's pass names a move keeping it; a loss names none (the
            // search's is kept).
            return Ok((proven.best.map_or(best, MoveId), v));
        }
    }
    Ok((best, Value::of_report(&report).clamped(config.reach)))
}

/// The value of `mv` for `seat`, the mover in `game`: the end's margin, else the
/// position after it valued one ply less deep (its sign turned when the turn passes).
pub(crate) fn value_of_move(
    game: &GameHandle,
    history: &[u64],
    seat: u8,
    mv: MoveId,
    config: &ReviewConfig,
    stop: &AtomicBool,
) -> Result<Value, ReviewError> {
    let mut child = game.clone();
    child.apply(mv)?;
    let next = match child.turn()? {
        Turn::Over { outcome } => {
            return Ok(Value::Exact(crate::analysis::final_margin(&outcome, seat)));
        }
        Turn::Chance { .. } => {
            return Err(ReviewError::Unsupported(crate::tr!("review-chance")));
        }
        Turn::Seat { seat } => seat,
    };
    let mut after = history.to_vec();
    after.push(game.state_hash()?);
    let shallower = ReviewConfig {
        depth: config.depth.saturating_sub(1).max(1),
        ..*config
    };
    let (_, value) = best_of(&child, &after, &shallower, stop)?;
    Ok(if next == seat { value } else { value.negated() })
}

fn review_move(
    game: &GameHandle,
    history: &[u64],
    seat: u8,
    played: MoveId,
    index: usize,
    config: &ReviewConfig,
    stop: &AtomicBool,
) -> Result<MoveReview, ReviewError> {
    let (best, mut best_value) = best_of(game, history, config, stop)?;
    let played_value = if played == best {
        best_value
    } else {
        value_of_move(game, history, seat, played, config, stop)?
    };
    // The played move seen better than the best one's own value: the best is at least
    // as good (its search saw less of that line).
    if played != best && played_value.units() > best_value.units() && !best_value.is_exact() {
        best_value = played_value;
    }
    let exact = best_value.is_exact() && played_value.is_exact();
    let class = if played == best {
        Class::Best
    } else {
        Class::of(best_value, played_value)
    };
    Ok(MoveReview {
        index,
        seat,
        played,
        best,
        best_value,
        played_value,
        lost: estimated_loss_within(lost(best_value, played_value), exact, config.reach),
        exact,
        class,
        position: game.notation()?,
        history: history.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimated_loss_stays_within_the_games_value_and_a_proven_one_is_kept() {
        // Dakon's first move, estimated at depth 17: 76.65 for the best, -60.15 for c.
        let (best, played) = (Value::Estimate(76.65), Value::Estimate(-60.15));
        let reach = Some(98.0);
        let dakon = lost(best.clamped(reach), played.clamped(reach));
        assert!((dakon - 136.8).abs() < 1e-9, "{dakon}");
        assert_eq!(estimated_loss_within(dakon, false, reach), 98.0);
        // Values beyond the game's reach are clamped first.
        let wild = lost(
            Value::Estimate(150.0).clamped(reach),
            Value::Estimate(-160.0).clamped(reach),
        );
        assert_eq!(wild, 196.0);
        assert_eq!(estimated_loss_within(wild, false, reach), 98.0);
        // A proven loss, or a game without a reach, is kept as it is.
        assert_eq!(estimated_loss_within(136.0, true, reach), 136.0);
        assert_eq!(estimated_loss_within(136.8, false, None), 136.8);
        assert_eq!(estimated_loss_within(3.5, false, reach), 3.5);
    }
}
