//! The plugin's own search engine ([`game_api::search`]), as the bots, hints and
//! `tavola solve` use it: it runs inside the plugin, monomorphised on the game, and
//! keeps its transposition table between the moves of a game. It is the one alpha-beta
//! and the one exact solver of the project; the host has none of its own. A plugin built
//! before the engine (or a game it cannot search: chance, or more than two seats)
//! answers "unsupported", and the bots and hints then use MCTS ([`super::mcts`]).

use std::{sync::atomic::AtomicBool, time::Duration};

use game_api::{
    ScoreUnit,
    search::{EVAL_SCALE, SearchMode, SearchReply, SearchReport, SearchRequest},
};

use crate::plugins::{CallError, GameHandle};

/// Expert's time a move with the plugin's engine: a budget the search keeps (the answer
/// comes within it), so a move takes from about 0.5 s to 1 s — as long as the soft limit
/// of 0.5 s gave before budgets were kept.
pub const EXPERT_TIME: Duration = Duration::from_millis(1000);

/// The table size of the bots and hints, in MiB (kept in the plugin between moves).
pub const TABLE_MIB: u32 = 64;

/// How deep and how long the plugin's engine searches, and with what table.
///
/// ```
/// use tavola_core::ai::engine::{EngineConfig, TABLE_MIB};
/// let config = EngineConfig::to_depth(2).with_table_kib(256, true);
/// assert_eq!((config.max_depth, config.time), (2, None));
/// assert_eq!((config.table_kib, config.fresh_table), (256, true));
/// assert_eq!(EngineConfig::default().table_kib, u64::from(TABLE_MIB) << 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// The deepest iteration.
    pub max_depth: u32,
    /// The time budget (see [`SearchRequest::time_ms`]).
    pub time: Option<Duration>,
    /// The table's size in KiB.
    pub table_kib: u64,
    /// Empty the table before every search: the moves then depend only on the position
    /// (and the history), not on what earlier searches left in the plugin's table.
    pub fresh_table: bool,
}

impl Default for EngineConfig {
    /// As deep as [`super::MAX_DEPTH`], no time limit, a kept table of [`TABLE_MIB`].
    fn default() -> Self {
        EngineConfig {
            max_depth: super::MAX_DEPTH as u32,
            time: None,
            table_kib: u64::from(TABLE_MIB) << 10,
            fresh_table: false,
        }
    }
}

impl EngineConfig {
    /// Iterative deepening within `time` (a budget kept), as deep as it gets.
    pub fn timed(time: Duration) -> Self {
        EngineConfig {
            time: Some(time),
            ..EngineConfig::default()
        }
    }

    /// Iterative deepening to `depth`, with no time limit.
    pub fn to_depth(depth: u32) -> Self {
        EngineConfig {
            max_depth: depth,
            ..EngineConfig::default()
        }
    }

    /// The same search with a table of `kib` KiB, emptied before each search if `fresh`.
    pub fn with_table_kib(self, kib: u64, fresh: bool) -> Self {
        EngineConfig {
            table_kib: kib,
            fresh_table: fresh,
            ..self
        }
    }
}

/// A best-move search of `game` by its plugin's engine, `history` being the state hashes
/// of the game's earlier positions; [`SearchReply::Unsupported`] (with the plugin's
/// reason) when the plugin has no engine or cannot search this game.
pub fn search(
    game: &GameHandle,
    config: &EngineConfig,
    stop: Option<&AtomicBool>,
    history: &[u64],
) -> Result<SearchReply, CallError> {
    let request = SearchRequest {
        mode: SearchMode::BestMove,
        max_depth: Some(config.max_depth),
        time_ms: config.time.map(|t| t.as_millis() as u64),
        memory_kib: Some(config.table_kib.max(1)),
        history: history.to_vec(),
        table_key: game.table_key(),
        fresh_table: config.fresh_table,
        ..SearchRequest::default()
    };
    let never = AtomicBool::new(false);
    game.search(&request, stop.unwrap_or(&never))
}

/// What a best-move search found, in words for the player to move, in the game's
/// `unit` of the margin ([`game_api::Manifest::score_unit`]).
pub fn evaluation_in_words(report: &SearchReport, unit: Option<&ScoreUnit>) -> String {
    let depth = report.depth;
    // No position searched: the game's stored opening solution answered, exactly.
    if report.depth == 0 && report.nodes == 0 {
        let what = match report.margin {
            Some(m) if m > 0 => crate::tr!(
                "estimate-win-by",
                margin = m,
                unit = super::unit_word(unit, f64::from(m))
            ),
            Some(m) if m < 0 => crate::tr!(
                "estimate-lose-by",
                margin = -m,
                unit = super::unit_word(unit, f64::from(m))
            ),
            _ => crate::tr!("estimate-draw"),
        };
        return format!("{what} ({})", crate::tr!("estimate-book"));
    }
    match report.margin {
        Some(m) if m > 0 => format!(
            "{} ({})",
            crate::tr!(
                "estimate-win-by-at-least",
                margin = m,
                unit = super::unit_word(unit, f64::from(m))
            ),
            crate::tr!("estimate-seen", depth = depth)
        ),
        Some(m) if m < 0 => format!(
            "{} ({})",
            crate::tr!(
                "estimate-lose-by-at-least",
                margin = -m,
                unit = super::unit_word(unit, f64::from(m))
            ),
            crate::tr!("estimate-seen", depth = depth)
        ),
        _ => format!(
            "{} ({})",
            super::points_in_words(f64::from(report.score) / f64::from(EVAL_SCALE), unit),
            crate::tr!("estimate-looked", depth = depth)
        ),
    }
}

/// How many margin units make the evaluation bar lean about three quarters of the way
/// with [`SHARE_SIZED_FOR`] in play (a reading of the heuristic, not a measured win rate).
const SHARE_SPREAD: f64 = 4.0;

/// The value in play [`SHARE_SPREAD`] was sized for: Oware's 48 seeds.
const SHARE_SIZED_FOR: f64 = 48.0;

/// The margin units that make the bar lean three quarters of the way in a position with
/// `in_play` of the game's value still to be decided ([`SearchReport::in_play`], from
/// [`game_api::Game::value_in_play`]): a twelfth of it (4 seeds of Oware's 48, about 6
/// points of Ô Ăn Quan's 70 — 50 seeds and two big stones worth 10), at least one unit;
/// `SHARE_SPREAD` (4 seeds) for a game that does not say.
pub fn share_spread(in_play: Option<u32>) -> f64 {
    match in_play {
        Some(v) => (SHARE_SPREAD * f64::from(v) / SHARE_SIZED_FOR).max(1.0),
        None => SHARE_SPREAD,
    }
}

/// How far from level a heuristic reading may lean the evaluation bar: a lead the search
/// has not proven is an estimate, never a win (10 to 90, where only a proven end shows 0
/// or 100). Ô Ăn Quan's opening, which the heuristic reads as 14 points for the side to
/// move at every depth, showed 99: a result nobody has proven.
const HEURISTIC_REACH: f64 = 0.4;

/// What a best-move search found as the seat to move's share of the evaluation bar, 0
/// (lost) to 1 (won): 1, 0 or ½ where the search proved the end (a win, a loss, a
/// draw), else the heuristic margin read through a smooth curve (level is ½) whose
/// width is the game's own ([`share_spread`]: the value still in play) and which stays
/// within 0.1 and 0.9 (an estimate, not a result).
///
/// ```
/// use game_api::search::SearchReport;
/// use tavola_core::ai::engine::share_of;
/// let report = |score, margin| SearchReport { score, margin, ..SearchReport::default() };
/// assert_eq!(share_of(&report(0, Some(3))), 1.0);
/// assert_eq!(share_of(&report(0, Some(-1))), 0.0);
/// assert_eq!(share_of(&report(500, Some(0))), 0.5);
/// assert_eq!(share_of(&report(0, None)), 0.5);
/// assert!(share_of(&report(150, None)) > 0.6 && share_of(&report(150, None)) < 0.7);
/// assert!(share_of(&report(-150, None)) < 0.4);
/// // However large, a lead the search has not proven is not a win.
/// assert!(share_of(&report(100_000, None)) < 0.901);
/// assert!(share_of(&report(-100_000, None)) > 0.099);
/// // The same lead in a game of twice the value in play leans half as far.
/// let big = SearchReport { in_play: Some(96), ..report(300, None) };
/// let small = SearchReport { in_play: Some(48), ..report(150, None) };
/// assert!((share_of(&big) - share_of(&small)).abs() < 1e-9);
/// ```
pub fn share_of(report: &SearchReport) -> f64 {
    match report.margin {
        Some(m) if m > 0 => 1.0,
        Some(m) if m < 0 => 0.0,
        Some(_) => 0.5,
        None => {
            let points = f64::from(report.score) / f64::from(EVAL_SCALE);
            0.5 + HEURISTIC_REACH * (points / share_spread(report.in_play)).tanh()
        }
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
        let seeds = ScoreUnit::new("seed", "seeds");
        assert_eq!(
            evaluation_in_words(&r(150, None), Some(&seeds)),
            "about 1.5 seeds in your favour (looked 9 moves ahead)"
        );
        assert_eq!(
            evaluation_in_words(&r(-100, None), None),
            "about 1 point in your opponent's favour (looked 9 moves ahead)"
        );
        assert!(
            evaluation_in_words(&r(0, Some(3)), Some(&seeds)).contains("win by at least 3 seeds")
        );
        assert!(
            evaluation_in_words(&r(0, Some(-1)), Some(&seeds)).contains("lose by at least 1 seed,")
        );
    }
}
