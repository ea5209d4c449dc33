//! `tavola solve` on the plugin's own solver ([`game_api::search::solve`]): MTD(f) to
//! the end of the game inside the plugin, with the scores' bounds and a fixed-size table
//! within the memory budget. The solve runs in slices of [`SolveConfig::progress_every`]:
//! after each the plugin answers where the value stands (its bounds) and the host
//! reports progress and asks again; the table, kept in the plugin, carries the work
//! from slice to slice.

use std::{sync::atomic::AtomicBool, time::Instant};

use game_api::{
    MoveId,
    search::{ENTRY_BYTES, SearchMode, SearchRequest, SolveState},
};

use super::solve::{MIN_MEMORY, Progress, Solution, SolveConfig, SolveError, reserve};
use crate::plugins::GameHandle;

/// The exact value of `game` by its plugin's solver, within `config.memory`; `Ok(None)`
/// when the plugin has no solver (then [`super::solve::solve`] does it from the host).
/// `progress` is called after every slice with where the solve stands (the bounds known
/// so far and the next value tested).
pub fn solve(
    game: &GameHandle,
    config: &SolveConfig,
    mut progress: impl FnMut(&Progress, Option<SolveState>),
) -> Result<Option<Solution>, SolveError> {
    if config.memory < MIN_MEMORY {
        return Err(SolveError::Memory(config.memory));
    }
    let kib = ((config.memory - reserve(config.memory)) >> 10).max(1);
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let mut request = SearchRequest {
        mode: SearchMode::Solve,
        time_ms: Some(config.progress_every.as_millis().max(1) as u64),
        memory_kib: Some(kib),
        table_key: game.table_key(),
        fresh_table: true,
        ..SearchRequest::default()
    };
    let mut nodes = 0;
    loop {
        let Some(report) = game.search(&request, &stop)? else {
            return Ok(None);
        };
        nodes += report.nodes;
        let p = Progress {
            nodes,
            entries: report.table_used as usize,
            max_entries: report.table_capacity as usize,
            table_bytes: report.table_capacity * ENTRY_BYTES as u64,
            replaced: 0,
            elapsed: started.elapsed(),
        };
        let state = report.solve;
        if let (Some(margin), Some(best)) = (report.margin, report.best) {
            let mut line: Vec<MoveId> = report.line.iter().map(|&m| MoveId(m)).collect();
            if line.first() != Some(&MoveId(best)) {
                line = vec![MoveId(best)];
            }
            return Ok(Some(Solution {
                margin: f64::from(margin),
                best: MoveId(best),
                line,
                progress: p,
            }));
        }
        progress(&p, state);
        request.solve_state = state;
        request.fresh_table = false;
    }
}
