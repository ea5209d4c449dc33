//! Puzzles proven by perfect play, knowing no game: positions from bot games and saved
//! games where exactly one move keeps the best exact value (every move solved by the
//! plugin's solver, with its endgame tables when loaded), the greedy bot's choice never
//! the solution; themed by what the solution does ([`Theme`]); kept in a versioned text
//! file ([`PuzzleFile`]). `tavola puzzles GAME` mines and verifies them.
//!
//! The puzzles shipped with the app are files named `GAME.puzzles` (the game's id), or
//! `GAME.PART.puzzles`, in a `puzzles` folder: beside the executable, in
//! `../share/tavola/puzzles` from it (the Debian package's `/usr/share/tavola/puzzles`),
//! else the source tree's ([`shipped_files`]). The app's trainer rates the player ([`Rating`], Glicko-2) and
//! keeps the results in the user's data folder ([`Training`]).

mod continuation;
mod format;
mod mine;
mod proof;
mod rating;
mod theme;
mod training;

use std::path::{Path, PathBuf};

pub use continuation::{ContinuationPolicy, UnknownPolicy, hoard_choice, starve_choice};
pub use format::{FormatError, MAGIC, Puzzle, PuzzleFile, VERSION};
pub use mine::{MineConfig, MineError, Miner, Progress, RECHECK_NODES, Refuted};
pub use proof::{NotAPuzzle, ProofConfig, ProofError, VerifyError, examine, recheck, verify};
pub use rating::{PUZZLE_DEVIATION, Rating, puzzle_rating, rate_attempt};
pub use theme::{Board, Theme, UnknownTheme, pieces};
pub use training::{
    Change, GameTraining, QUIET, TRAINING_FILE, TRAINING_VERSION, ThemeScore, Training,
    TrainingError,
};

/// The folders searched for the shipped puzzle files, in order: `puzzles` beside the
/// executable, `../share/tavola/puzzles` from it (an installed `/usr/bin/tavola` reads
/// `/usr/share/tavola/puzzles`), then the source tree's `puzzles` (a build run from its
/// workspace).
pub fn shipped_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(bin) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        dirs.push(bin.join("puzzles"));
        if let Some(prefix) = bin.parent() {
            dirs.push(prefix.join("share/tavola/puzzles"));
        }
    }
    dirs.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../puzzles"));
    dirs
}

/// Whether `name` is a puzzle file of the game `game_id`: `GAME.puzzles`, or
/// `GAME.PART.puzzles` (a file of its own options, as Oware's `oware.grand-slam.puzzles`
/// with `grand_slam=capture_all`).
pub fn is_file_of(name: &str, game_id: &str) -> bool {
    name.strip_prefix(game_id)
        .and_then(|rest| rest.strip_suffix(".puzzles"))
        .is_some_and(|part| {
            part.is_empty()
                || part
                    .strip_prefix('.')
                    .is_some_and(|p| !p.is_empty() && !p.contains('.'))
        })
}

/// Every shipped puzzle file of the game `game_id` ([`is_file_of`]), in name order, from
/// the first of [`shipped_dirs`] that holds any. Each file carries its own `options`:
/// its puzzles are played with them.
pub fn shipped_files(game_id: &str) -> Vec<PathBuf> {
    for dir in shipped_dirs() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|f| {
                f.is_file()
                    && f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| is_file_of(n, game_id))
            })
            .collect();
        if !files.is_empty() {
            files.sort();
            return files;
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_installed_binary_reads_the_shared_puzzles_folder() {
        // `/usr/bin/tavola` reads `/usr/share/tavola/puzzles`, where the .deb puts them.
        let exe = std::env::current_exe().unwrap();
        let prefix = exe.parent().unwrap().parent().unwrap();
        let dirs = super::shipped_dirs();
        assert!(
            dirs.contains(&prefix.join("share/tavola/puzzles")),
            "{dirs:?}"
        );
        assert_eq!(super::shipped_files("kalah").len(), 1);
    }

    #[test]
    fn a_game_may_ship_several_files() {
        use super::is_file_of;
        assert!(is_file_of("oware.puzzles", "oware"));
        assert!(is_file_of("oware.grand-slam.puzzles", "oware"));
        assert!(!is_file_of("oware.puzzles.partial", "oware"));
        assert!(!is_file_of("owarex.puzzles", "oware"));
        assert!(!is_file_of("oware..puzzles", "oware"));
        assert!(!is_file_of("oware.a.b.puzzles", "oware"));
    }
}
