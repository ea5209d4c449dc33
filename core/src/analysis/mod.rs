//! The analysis board's engine, knowing no game: the N best moves of a position
//! (MultiPV) with their values in the game's units and their lines, saying which values
//! are exact (proven by the solver or the endgame tables) and which are estimated, found
//! by the plugin's engine ([`game_api::search`]) or, for the games it cannot search, by
//! MCTS; deepened off the caller's thread ([`Analyser`]), the screen polling its
//! snapshots. `tavola analyse` prints it.

mod deepening;
mod lines;
mod reach;
mod value;

pub use deepening::{Analyser, Update};
pub use lines::{
    Analysis, AnalysisConfig, Engine, Line, engine_lines, final_margin, mcts_lines, outcome_value,
    prove, prove_move, prove_outcome, solve_value, sort,
};
pub use reach::reach;
pub use value::Value;
