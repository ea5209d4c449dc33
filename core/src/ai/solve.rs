//! `tavola solve` on the plugin's own solver ([`game_api::search::solve`]): MTD(f) to
//! the end of the game inside the plugin, with the scores' bounds and a fixed-size table
//! within the memory budget. The solve runs in slices of [`SolveConfig::progress_every`]:
//! after each the plugin answers where the value stands (its bounds) and the host
//! reports progress and asks again; the table, kept in the plugin, carries the work
//! from slice to slice. The host has no solver of its own: a game its plugin cannot
//! solve (chance, more than two seats, or a plugin built before the engine) is refused
//! with the plugin's reason.

use std::{
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

use game_api::{
    MoveId, Turn,
    search::{ENTRY_BYTES, SearchMode, SearchReply, SearchRequest, SolveState},
};
use thiserror::Error;

use crate::plugins::{CallError, GameHandle};

/// The smallest table budget accepted, in bytes (64 KB).
pub const MIN_MEMORY: u64 = 64 << 10;

/// How much memory to use and how often to report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveConfig {
    /// The most memory the solve may take, in bytes; at least [`MIN_MEMORY`]. Its table
    /// takes at most this less [`reserve`]`(memory)` for the rest of the process.
    pub memory: u64,
    /// How often to call the progress callback (the length of a slice).
    pub progress_every: Duration,
    /// Prove the result alone (win, draw or loss: the plugin's outcome solve), not the
    /// margin: what a game whose margins the solver cannot reach (Oware's majority end,
    /// with its endgame tables) still answers at once.
    pub results: bool,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            memory: 256 << 20,
            progress_every: Duration::from_secs(2),
            results: false,
        }
    }
}

/// How far a solve has come, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Positions searched so far.
    pub nodes: u64,
    /// Entries in the table.
    pub entries: usize,
    /// Entries the table can hold.
    pub max_entries: usize,
    /// The table's size in bytes.
    pub table_bytes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
}

/// The exact value of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The final margin (own score minus the opponent's) for the side to move under
    /// perfect play; when not [`Solution::exact`], a bound on it that the result proves
    /// (at least this for a win, at most this for a loss).
    pub margin: f64,
    /// Whether `margin` is the exact final margin.
    pub exact: bool,
    /// The result for the side to move: 1 a win, 0 a draw, −1 a loss.
    pub result: i32,
    /// A best move.
    pub best: MoveId,
    /// The principal line, as far as the table still holds it.
    pub line: Vec<MoveId>,
    /// How far the solve came (positions searched, table fill).
    pub progress: Progress,
}

/// Why a position cannot be solved.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The game is over at the position.
    #[error("the game is over: there is no move to solve")]
    Over,
    /// The plugin's solver cannot solve this game.
    #[error("the plugin cannot solve this game: {0}")]
    Unsupported(String),
    /// The memory budget is below [`MIN_MEMORY`].
    #[error("a memory budget of {0} bytes is too small: the table needs at least 64 KB")]
    Memory(u64),
    /// The plugin failed.
    #[error("the plugin failed: {0}")]
    Plugin(#[from] CallError),
}

/// What [`SolveConfig::memory`] keeps for the rest of the process (the plugin, the
/// search's stack of positions): a quarter of it, at most 32 MB.
///
/// ```
/// use tavola_core::ai::solve::reserve;
/// assert_eq!(reserve(64 << 20), 16 << 20);
/// assert_eq!(reserve(1 << 30), 32 << 20);
/// ```
pub fn reserve(memory: u64) -> u64 {
    (memory / 4).min(32 << 20)
}

/// The exact value of `game` by its plugin's solver, within `config.memory` (or its
/// proven result alone, [`SolveConfig::results`]).
/// `progress` is called after every slice with where the solve stands (the bounds known
/// so far and the next value tested).
pub fn solve(
    game: &GameHandle,
    config: &SolveConfig,
    mut progress: impl FnMut(&Progress, Option<SolveState>),
) -> Result<Solution, SolveError> {
    if config.memory < MIN_MEMORY {
        return Err(SolveError::Memory(config.memory));
    }
    if matches!(game.turn()?, Turn::Over { .. }) {
        return Err(SolveError::Over);
    }
    let kib = ((config.memory - reserve(config.memory)) >> 10).max(1);
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let mut request = SearchRequest {
        mode: if config.results {
            SearchMode::Outcome
        } else {
            SearchMode::Solve
        },
        time_ms: Some(config.progress_every.as_millis().max(1) as u64),
        memory_kib: Some(kib),
        table_key: game.table_key(),
        fresh_table: true,
        ..SearchRequest::default()
    };
    let mut nodes = 0;
    loop {
        let report = match game.search(&request, &stop)? {
            SearchReply::Done(report) => report,
            SearchReply::Unsupported { reason } => return Err(SolveError::Unsupported(reason)),
        };
        nodes += report.nodes;
        let p = Progress {
            nodes,
            entries: report.table_used as usize,
            max_entries: report.table_capacity as usize,
            table_bytes: report.table_capacity * ENTRY_BYTES as u64,
            elapsed: started.elapsed(),
        };
        let state = report.solve;
        let proven = match (report.margin, config.results) {
            (Some(m), _) => Some((m, true, m.signum())),
            (None, true) => state.and_then(|s| {
                let result = s.outcome()?;
                Some((if result > 0 { s.lower } else { s.upper }, false, result))
            }),
            (None, false) => None,
        };
        // A lost position's proof names no move: every move keeps the loss.
        let best = match (report.best, proven) {
            (Some(b), _) => Some(b),
            (None, Some((_, _, -1))) if config.results => game.legal_moves()?.first().map(|m| m.0),
            _ => None,
        };
        if let (Some((margin, exact, result)), Some(best)) = (proven, best) {
            let mut line: Vec<MoveId> = report.line.iter().map(|&m| MoveId(m)).collect();
            if line.first() != Some(&MoveId(best)) {
                line = vec![MoveId(best)];
            }
            return Ok(Solution {
                margin: f64::from(margin),
                exact,
                result,
                best: MoveId(best),
                line,
                progress: p,
            });
        }
        progress(&p, state);
        request.solve_state = state;
        request.fresh_table = false;
    }
}

/// A default memory budget: a quarter of the machine's memory (from `/proc/meminfo` on
/// Linux), or 1 GB where that cannot be read.
pub fn default_memory() -> u64 {
    total_memory().map_or(1 << 30, |m| m / 4)
}

/// The machine's memory in bytes, where the system tells it.
pub fn total_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_is_read_where_there_is_one() {
        if std::path::Path::new("/proc/meminfo").exists() {
            let total = total_memory().unwrap();
            assert!(total > 64 << 20);
            assert_eq!(default_memory(), total / 4);
        } else {
            assert_eq!(default_memory(), 1 << 30);
        }
    }
}
