//! Puzzles proven by perfect play, knowing no game: positions from bot games and saved
//! games where exactly one move keeps the best exact value (every move solved by the
//! plugin's solver, with its endgame tables when loaded), the greedy bot's choice never
//! the solution; themed by what the solution does ([`Theme`]); kept in a versioned text
//! file ([`PuzzleFile`]). `tavola puzzles GAME` mines and verifies them.
//!
//! The puzzles shipped with the app are files named `GAME.puzzles` (the game's id) in a
//! `puzzles` folder: beside the executable when installed, else the source tree's
//! ([`shipped_file`]).

mod format;
mod mine;
mod proof;
mod theme;

use std::path::PathBuf;

pub use format::{FormatError, MAGIC, Puzzle, PuzzleFile, VERSION};
pub use mine::{MineConfig, MineError, Miner, Progress};
pub use proof::{NotAPuzzle, ProofConfig, ProofError, VerifyError, examine, verify};
pub use theme::{Board, Theme, pieces};

/// The folders searched for the shipped puzzle files, in order: `puzzles` beside the
/// executable, then the source tree's `puzzles` (a build run from its workspace).
pub fn shipped_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("puzzles")))
    {
        dirs.push(dir);
    }
    dirs.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../puzzles"));
    dirs
}

/// The shipped puzzle file of the game `game_id` (`GAME.puzzles`), if one is found.
pub fn shipped_file(game_id: &str) -> Option<PathBuf> {
    shipped_dirs()
        .into_iter()
        .map(|d| d.join(format!("{game_id}.puzzles")))
        .find(|f| f.is_file())
}
