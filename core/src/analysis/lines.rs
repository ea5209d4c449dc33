//! The N best moves of a position at one depth: the plugin's engine leaving out the
//! moves already found (MultiPV by exclusion, [`SearchRequest::exclude`]), each line's
//! value then proven exact where a short solve of the position after its move (the
//! endgame tables helping inside the plugin) finishes; MCTS's root statistics for the
//! games the engine cannot search.

use std::{
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant},
};

use game_api::{
    MoveId, Outcome, Turn,
    search::{SearchMode, SearchReply, SearchRequest, SolveState},
};

use super::Value;
use crate::{
    ai::{
        engine::TABLE_MIB,
        mcts::{self, MctsConfig},
    },
    plugins::{CallError, GameHandle},
};

/// How an analysis searches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnalysisConfig {
    /// How many best moves (lines) to find, at least 1.
    pub lines: usize,
    /// The deepest iteration of the engine.
    pub max_depth: u32,
    /// The positions a line's proof may search (a solve of the position after its move;
    /// 0: no proof, every value is the search's).
    pub solve_nodes: u64,
    /// The engine's table, in KiB (kept in the plugin between searches).
    pub table_kib: u64,
    /// The time of an MCTS analysis (the games the engine cannot search).
    pub mcts_time: Duration,
    /// How far the game's final margin can reach ([`reach`](super::reach)): estimates
    /// are clamped within ± it. `None`: not clamped.
    pub reach: Option<f64>,
}

impl Default for AnalysisConfig {
    /// Three lines, 20 plies deep, proofs of 200,000 positions each, the bots' table,
    /// a second of MCTS.
    fn default() -> Self {
        AnalysisConfig {
            lines: 3,
            max_depth: 20,
            solve_nodes: 200_000,
            table_kib: u64::from(TABLE_MIB) << 10,
            mcts_time: Duration::from_secs(1),
            reach: None,
        }
    }
}

/// Which engine analysed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The plugin's alpha-beta (values in the game's units).
    AlphaBeta,
    /// MCTS (expected returns).
    Mcts,
}

/// One of the best moves and its line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The move.
    pub mv: MoveId,
    /// Its value for the seat to move.
    pub value: Value,
    /// The expected line, the move first.
    pub line: Vec<MoveId>,
}

/// The best moves of a position, best first, at one depth.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The lines, best first (fewer than asked when the position has fewer moves).
    pub lines: Vec<Line>,
    /// The engine that found them.
    pub engine: Engine,
    /// The depth searched (alpha-beta), or `None` (MCTS).
    pub depth: Option<u32>,
    /// Positions searched, or games simulated.
    pub nodes: u64,
    /// Whether every line asked for was searched to the full depth (not cut by the
    /// deadline or the stop flag).
    pub complete: bool,
}

/// The state hashes of `history` and `game`, what a search of a position after `game`
/// must know of the past.
fn with(history: &[u64], game: &GameHandle) -> Result<Vec<u64>, CallError> {
    let mut h = history.to_vec();
    h.push(game.state_hash()?);
    Ok(h)
}

/// The final margin of a finished game for `seat`: its score minus the best other.
pub fn final_margin(outcome: &Outcome, seat: u8) -> i32 {
    let own = outcome.seats.get(usize::from(seat)).map_or(0, |s| s.score);
    let other = outcome
        .seats
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != usize::from(seat))
        .map(|(_, s)| s.score)
        .max()
        .unwrap_or(0);
    (own - other).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The exact value of `mv` for `seat`, the seat to move in `game`, where a solve of at
/// most `nodes` positions after it finishes (or the move ends the game).
pub fn prove(
    game: &GameHandle,
    history: &[u64],
    mv: MoveId,
    nodes: u64,
    table_kib: u64,
    stop: &AtomicBool,
) -> Result<Option<Value>, CallError> {
    prove_move(game, history, mv, (nodes, table_kib), false, false, stop)
}

/// [`prove`] (margins) or [`prove_outcome`] (`results`) in one call; with `fresh`, the
/// solve starts from an empty table: nothing an earlier request left in the plugin's
/// kept table can reach it (a re-verification's proof, as a fresh process would find it).
pub fn prove_move(
    game: &GameHandle,
    history: &[u64],
    mv: MoveId,
    (nodes, table_kib): (u64, u64),
    results: bool,
    fresh: bool,
    stop: &AtomicBool,
) -> Result<Option<Value>, CallError> {
    let budget = Budget {
        nodes,
        table_kib,
        fresh,
    };
    let mode = if results {
        SearchMode::Outcome
    } else {
        SearchMode::Solve
    };
    prove_in(game, history, mv, budget, stop, mode)
}

/// A proof's budget: its positions, its table (in KiB) and whether the table starts
/// empty.
#[derive(Debug, Clone, Copy)]
struct Budget {
    nodes: u64,
    table_kib: u64,
    fresh: bool,
}

impl Budget {
    /// The plugin's kept table, as it stands.
    fn kept(nodes: u64, table_kib: u64) -> Self {
        Budget {
            nodes,
            table_kib,
            fresh: false,
        }
    }
}

/// The exact value of `game` for its seat to move, where a solve of at most `nodes`
/// positions finishes.
pub fn solve_value(
    game: &GameHandle,
    history: &[u64],
    nodes: u64,
    table_kib: u64,
    stop: &AtomicBool,
) -> Result<Option<Value>, CallError> {
    let budget = Budget::kept(nodes, table_kib);
    solve_in(game, history, budget, stop, SearchMode::Solve)
}

/// The proven result of `game` for its seat to move (the plugin's outcome solve, at
/// most `nodes` positions): exact where the margin came out too, else a proven win or
/// loss ([`Value::of_bounds`]); `None` when unproven within the budget. Where the game
/// proves results but not margins (Oware's majority end with its endgame tables), this
/// finishes where [`solve_value`] cannot.
pub fn outcome_value(
    game: &GameHandle,
    history: &[u64],
    nodes: u64,
    table_kib: u64,
    stop: &AtomicBool,
) -> Result<Option<Value>, CallError> {
    let budget = Budget::kept(nodes, table_kib);
    solve_in(game, history, budget, stop, SearchMode::Outcome)
}

/// A solve of `game` in `mode` (the margin, or the result alone) within `nodes`
/// positions: the value it proves, `None` when unproven or unsupported.
fn solve_in(
    game: &GameHandle,
    history: &[u64],
    budget: Budget,
    stop: &AtomicBool,
    mode: SearchMode,
) -> Result<Option<Value>, CallError> {
    if budget.nodes == 0 {
        return Ok(None);
    }
    let request = SearchRequest {
        mode,
        nodes: Some(budget.nodes),
        memory_kib: Some(budget.table_kib.max(1)),
        history: history.to_vec(),
        table_key: game.table_key(),
        fresh_table: budget.fresh,
        ..SearchRequest::default()
    };
    let read: fn(&SolveState) -> Option<Value> = match mode {
        SearchMode::Outcome => Value::of_bounds,
        _ => Value::of_solve,
    };
    Ok(match game.search(&request, stop)? {
        SearchReply::Done(report) => report.solve.as_ref().and_then(read),
        SearchReply::Unsupported { .. } => None,
    })
}

/// The proven result of `mv` for `seat`, the seat to move in `game` ([`outcome_value`]
/// of the position after it, or the end it makes).
pub fn prove_outcome(
    game: &GameHandle,
    history: &[u64],
    mv: MoveId,
    nodes: u64,
    table_kib: u64,
    stop: &AtomicBool,
) -> Result<Option<Value>, CallError> {
    prove_move(game, history, mv, (nodes, table_kib), true, false, stop)
}

/// The value of `mv` for the seat to move in `game`, proven by a solve in `mode` of the
/// position after it (its sign turned when the turn passes), or the end it makes.
fn prove_in(
    game: &GameHandle,
    history: &[u64],
    mv: MoveId,
    budget: Budget,
    stop: &AtomicBool,
    mode: SearchMode,
) -> Result<Option<Value>, CallError> {
    let Turn::Seat { seat } = game.turn()? else {
        return Ok(None);
    };
    let mut child = game.clone();
    child.apply(mv)?;
    let next = match child.turn()? {
        Turn::Over { outcome } => return Ok(Some(Value::Exact(final_margin(&outcome, seat)))),
        Turn::Chance { .. } => return Ok(None),
        Turn::Seat { seat } => seat,
    };
    Ok(solve_in(&child, &with(history, game)?, budget, stop, mode)?
        .map(|v| if next == seat { v } else { v.negated() }))
}

/// The `config.lines` best moves of `game` (its seat to move) searched to `depth` by the
/// plugin's engine, `history` being the earlier positions' state hashes; `None` when the
/// engine cannot search this game. A line whose search `stop` or the `deadline` cut
/// short is left out, and the analysis is then not [`Analysis::complete`].
pub fn engine_lines(
    game: &GameHandle,
    history: &[u64],
    config: &AnalysisConfig,
    depth: u32,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> Result<Option<Analysis>, CallError> {
    let legal = game.legal_moves()?.len();
    let mut analysis = Analysis {
        lines: Vec::new(),
        engine: Engine::AlphaBeta,
        depth: Some(depth),
        nodes: 0,
        complete: false,
    };
    let wanted = config.lines.max(1).min(legal);
    while analysis.lines.len() < wanted {
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if left.is_some_and(|l| l.is_zero()) {
            return Ok(Some(analysis));
        }
        let request = SearchRequest {
            time_ms: left.map(|l| l.as_millis().max(1) as u64),
            strict_time: left.is_some(),
            mode: SearchMode::BestMove,
            max_depth: Some(depth.max(1)),
            memory_kib: Some(config.table_kib.max(1)),
            history: history.to_vec(),
            table_key: game.table_key(),
            exclude: analysis.lines.iter().map(|l| l.mv.0).collect(),
            ..SearchRequest::default()
        };
        let report = match game.search(&request, stop)? {
            SearchReply::Unsupported { .. } => return Ok(None),
            SearchReply::Done(report) => report,
        };
        analysis.nodes += report.nodes;
        let book = report.depth == 0 && report.nodes == 0;
        // The engine stops deepening early only once it has seen the end.
        let cut = report.depth < depth && !book && report.margin.is_none();
        if stop.load(Ordering::Relaxed) || cut {
            return Ok(Some(analysis));
        }
        let Some(best) = report.best.map(MoveId) else {
            break;
        };
        let mut value = Value::of_report(&report).clamped(config.reach);
        // A book answer (no position searched) is the stored opening solution: exact.
        if book {
            value = report.margin.map_or(value, Value::Exact);
        }
        analysis.lines.push(Line {
            mv: best,
            value,
            line: report.line.iter().map(|&m| MoveId(m)).collect(),
        });
    }
    analysis.complete = true;
    if config.solve_nodes > 0 {
        for line in &mut analysis.lines {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            if line.value.is_exact() {
                continue;
            }
            let (nodes, kib) = (config.solve_nodes, config.table_kib);
            if let Some(v) = prove(game, history, line.mv, nodes, kib, stop)? {
                line.value = v;
            } else if let Some(v) = prove_outcome(game, history, line.mv, nodes, kib, stop)? {
                // A proven result where the margin is out of reach (Oware's tables).
                line.value = v;
            }
        }
    }
    // Best first: the searches by exclusion need not find the lines in that order (a
    // bound found first may be below one found later), and a proof may move a line.
    sort(&mut analysis.lines);
    Ok(Some(analysis))
}

/// Puts `lines` best first by [`Value::rank`], the one order of every answer shown (each
/// depth of a deepening, and again after proofs, where an estimate may have stood above
/// what turned out a proven loss); equal values keep their order.
pub fn sort(lines: &mut [Line]) {
    lines.sort_by(|a, b| b.value.rank(a.value));
}

/// The `config.lines` most visited moves of an MCTS search of `game` for
/// `config.mcts_time`, with their expected returns.
pub fn mcts_lines(
    game: &GameHandle,
    config: &AnalysisConfig,
    mcts_config: &MctsConfig,
    seed: u64,
) -> Result<Analysis, CallError> {
    let search = MctsConfig {
        iterations: None,
        time: Some(config.mcts_time),
        ..*mcts_config
    };
    let (result, _) = mcts::search(game, &search, seed, None, None)?;
    let mut stats = result.stats.clone();
    stats.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    let lines = stats
        .into_iter()
        .take(config.lines.max(1))
        .map(|(mv, _, value)| Line {
            mv,
            value: Value::Expected(value),
            line: if result.line.first() == Some(&mv) {
                result.line.clone()
            } else {
                vec![mv]
            },
        })
        .collect();
    Ok(Analysis {
        lines,
        engine: Engine::Mcts,
        depth: None,
        nodes: result.simulations,
        complete: true,
    })
}
