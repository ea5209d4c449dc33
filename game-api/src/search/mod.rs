//! A search engine for two-seat games without chance, generic over [`Game`]: it runs
//! inside the plugin, monomorphised on the game, with no boundary crossing per node.
//!
//! - integer scores ([`score`]): in play, ±[`WIN`] plus the final margin for a finished
//!   game and the game's heuristic ([`Game::search_eval`]) in hundredths of the margin's
//!   unit; when solving, the final margin itself;
//! - iterative deepening with aspiration windows and principal-variation search
//!   ([`best_move`]), or MTD(f) to the end of the game ([`solve`]), or only the result
//!   (win, draw or loss) by null-window passes ([`solve_outcome`]);
//! - several best lines (MultiPV) by exclusion: a best-move search may leave root moves
//!   out ([`SearchRequest::exclude`], [`Searcher::excluded`]), so the N best lines are
//!   N searches sharing the table;
//! - a fixed-size transposition table with buckets and replacement by depth and age
//!   ([`Table`]), within a memory budget, kept between the moves of a game by
//!   [`run_request`] (it lives in the plugin: one per plugin library, cleared when
//!   another game or other options ask);
//! - move ordering: the table's move, the game's [`Game::move_order_hint`], killers,
//!   history ([`Ordering`]);
//! - time management: a soft and a hard limit, no iteration started that cannot finish,
//!   a stop flag read every [`POLL_NODES`] nodes ([`Clock`]);
//! - the game's exact knowledge at every node: [`Game::exact_value`] (endgame tables;
//!   below the root, which is searched for its move) and [`Game::score_bounds`]
//!   (cut-offs); at the root, [`Game::opening_move`] (a stored opening solution) is
//!   played without a search;
//! - the evaluation the game chooses for the time the search has: [`run_request`] tells
//!   [`Game::prepare_search`] the time on its copy of the root (a direct caller of
//!   [`best_move`] does so itself);
//! - repetition awareness: a position met again on the line or in the game's history
//!   (given as hashes) counts as a draw.
//!
//! The engine works with none of the game's optional hooks (then it knows only wins,
//! draws and losses, and [`Game::evaluate`] at the horizon).
//!
//! The host reaches it through one call, `FfiGame::search`, with a JSON
//! [`SearchRequest`] and a JSON [`SearchReply`]; a game's own tests can call
//! [`best_move`] and [`solve`] directly:
//!
//! ```
//! # use std::sync::atomic::AtomicBool;
//! # use game_api::search::{Clock, Searcher, Table, best_move};
//! # fn demo<G: game_api::Game>(game: &G) -> Result<(), game_api::search::SearchError> {
//! let stop = AtomicBool::new(false);
//! let mut table = Table::with_mib(16);
//! let clock = Clock::new(Some(std::time::Duration::from_millis(200)), false, None, &stop);
//! let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
//! let found = best_move(&mut searcher, game, 64)?;
//! println!("{} ({} positions)", found.best, found.nodes);
//! # Ok(())
//! # }
//! ```

mod engine;
mod exact;
mod ordering;
mod request;
pub mod score;
mod solve;
mod table;
mod time;

pub use engine::{Found, Heuristics, MAX_PLY, Searcher, best_move};
pub use ordering::Ordering;
pub use request::{
    DEFAULT_MIB, MAX_MIB, SearchMode, SearchReply, SearchReport, SearchRequest, run_request,
};
pub use score::{EVAL_SCALE, WIN};
pub use solve::{GUESS_NODES, SolveState, solve, solve_outcome};
pub use table::{Bound, ENTRY_BYTES, Entry, Table, mix};
pub use time::{Clock, POLL_NODES, reserve};

use thiserror::Error;

#[cfg(doc)]
use crate::Game;
use crate::GameError;

/// Why a search cannot run or did not finish.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The game is over at the position searched.
    #[error("the game is over: there is no move to search")]
    Over,
    /// The search met a chance event.
    #[error("this engine searches games without chance, and met a chance event")]
    Chance,
    /// The game does not have two seats.
    #[error("this engine searches two-seat games; this game has {0} seats")]
    Seats(u8),
    /// The seat to move has no legal move.
    #[error("the seat to move has no legal move")]
    NoMove,
    /// The request could not be read.
    #[error("bad search request: {0}")]
    Request(String),
    /// The game refused a move it had listed as legal, or failed otherwise.
    #[error(transparent)]
    Game(#[from] GameError),
}

impl From<SearchError> for GameError {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::Game(g) => g,
            SearchError::Over => GameError::GameOver,
            SearchError::Request(r) => GameError::State(r),
            other => GameError::Internal(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests;
