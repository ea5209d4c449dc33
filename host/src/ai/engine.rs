//! The plugin's own search engine ([`game_api::search`]), as the levels and hints use it:
//! it runs inside the plugin, monomorphised on the game, and keeps its transposition
//! table between the moves of a game. A plugin built without it answers "unsupported",
//! and the bots fall back to the host's alpha-beta ([`super::alphabeta`]).

use std::{sync::atomic::AtomicBool, time::Duration};

use game_api::search::{EVAL_SCALE, SearchMode, SearchReport, SearchRequest};

use crate::plugins::{CallError, GameHandle};

/// Expert's time a move with the plugin's engine: a soft limit (no iteration starts that
/// would likely end past twice this), so a move takes 0.5 s and at most 1 s.
pub const EXPERT_TIME: Duration = Duration::from_millis(500);

/// The table size of the bots and hints, in MiB (kept in the plugin between moves).
pub const TABLE_MIB: u32 = 64;

/// How deep and how long the plugin's engine searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// The deepest iteration.
    pub max_depth: u32,
    /// The soft time limit (see [`SearchRequest::time_ms`]).
    pub time: Option<Duration>,
    /// The table's size in MiB.
    pub memory_mib: u32,
}

/// A best-move search of `game` by its plugin's engine, `history` being the state hashes
/// of the game's earlier positions; `Ok(None)` when the plugin has no engine.
pub fn search(
    game: &GameHandle,
    config: &EngineConfig,
    stop: Option<&AtomicBool>,
    history: &[u64],
) -> Result<Option<SearchReport>, CallError> {
    let request = SearchRequest {
        mode: SearchMode::BestMove,
        max_depth: Some(config.max_depth),
        time_ms: config.time.map(|t| t.as_millis() as u64),
        memory_mib: Some(config.memory_mib),
        history: history.to_vec(),
        table_key: game.table_key(),
        ..SearchRequest::default()
    };
    let never = AtomicBool::new(false);
    game.search(&request, stop.unwrap_or(&never))
}

/// What a best-move search found, in words for the player to move.
pub fn evaluation_in_words(report: &SearchReport) -> String {
    let depth = report.depth;
    match report.margin {
        Some(m) if m > 0 => format!(
            "{} ({})",
            crate::tr!("estimate-win-by-at-least", margin = m),
            crate::tr!("estimate-seen", depth = depth)
        ),
        Some(m) if m < 0 => format!(
            "{} ({})",
            crate::tr!("estimate-lose-by-at-least", margin = -m),
            crate::tr!("estimate-seen", depth = depth)
        ),
        _ => format!(
            "{} ({})",
            super::points_in_words(f64::from(report.score) / f64::from(EVAL_SCALE)),
            crate::tr!("estimate-looked", depth = depth)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_as_words() {
        let r = |score, margin| SearchReport {
            score,
            margin,
            depth: 9,
            ..SearchReport::default()
        };
        assert_eq!(
            evaluation_in_words(&r(150, None)),
            "+1.50 points for you (looked 9 moves ahead)"
        );
        assert!(evaluation_in_words(&r(0, Some(3))).contains("win by at least 3"));
        assert!(evaluation_in_words(&r(0, Some(-2))).contains("lose by at least 2"));
    }
}
