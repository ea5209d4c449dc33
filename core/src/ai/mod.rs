//! Computer opponents: generic engines over the game-api, and strength levels.
//!
//! Bot names (for `--seat`, the app's seat menus and `tavola match`):
//! - `random`, `greedy` (one move ahead on the plugin's heuristic);
//! - `mcts` or `mcts:N` (UCT with N simulations, 1 to [`MAX_SIMULATIONS`]; `mcts:N:T`
//!   on T threads, 1 to the number of cores; `mcts:N:T:C` with playouts cut after C
//!   actions (at most [`MAX_CUTOFF`]) and scored by the plugin's heuristic, 0 for full
//!   playouts; `mcts:N:T:C:X` with the exploration constant X, a finite number of 0 or
//!   more; without C or X, as the game's [`SearchHints`](game_api::SearchHints) advise);
//! - `alphabeta` or `alphabeta:D` (iterative deepening to depth D, 1 to [`MAX_DEPTH`];
//!   two seats, no chance: see [`alphabeta_plays`]): the plugin's own engine
//!   ([`engine`]), or MCTS with a plugin built without it;
//! - the levels `beginner`, `casual`, `strong`, `expert` ([`Level`]);
//! - the plugin's own bots, by the names in its manifest.
//!
//! One engine per algorithm: alpha-beta and the exact solver are game-api's
//! ([`game_api::search`]), run inside the plugin's process, which the host reaches
//! through [`engine`] and [`solve`]; MCTS ([`mcts`]) is the host's, because it needs
//! nothing of a game but its moves and so plays every plugin, including those with
//! chance, more than two seats or no engine (ARCHITECTURE.md says why it stays here).

mod alphabeta_bot;
pub mod engine;
pub mod estimate;
mod hint;
mod level;
pub mod mcts;
mod mcts_bot;
mod names;
pub mod solve;

pub use alphabeta_bot::AlphaBetaBot;
pub use estimate::Estimate;
pub use hint::{Hint, HintBudget, bar_percent, chance_in_words, hint, points_in_words, unit_word};
pub use level::Level;
pub use mcts_bot::MctsBot;
pub use names::engine_by_name;

/// The most simulations an `mcts:N` bot may ask for: the tree keeps a node of about a
/// hundred bytes per simulation, so this bounds it to a few hundred megabytes.
pub const MAX_SIMULATIONS: u64 = 2_000_000;

/// The deepest an `alphabeta:D` bot may search (iterative deepening stops earlier when
/// the game is solved or the time is up).
pub const MAX_DEPTH: u64 = 64;

/// The longest playout cutoff `mcts:N:T:C` may ask for, in actions (a playout is cut
/// by the plugin at [`game_api::MAX_PLAYOUT_ACTIONS`] anyway).
pub const MAX_CUTOFF: u64 = game_api::MAX_PLAYOUT_ACTIONS as u64;

/// Whether alpha-beta can play a game of `seats` seats that may (`chance`) or may not
/// have chance events: two seats and no chance.
pub fn alphabeta_plays(seats: u8, chance: bool) -> bool {
    seats == 2 && !chance
}

/// The number of threads a search may use: the cores of this machine.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
