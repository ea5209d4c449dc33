//! The player's results in the puzzle trainer, kept in the user's data folder
//! ([`TRAINING_FILE`]): per game, the Glicko-2 rating overall and per theme, and how many
//! puzzles of each theme were tried and solved.
//!
//! The file is JSON, written whole or not at all ([`crate::storage::write_atomic`]). A
//! file that cannot be read as results (bad JSON, a newer version, a number out of range)
//! is refused with its path and the reason ([`TrainingError`]), and left as it is: the
//! trainer then keeps the session's results in memory only and never writes over it.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Puzzle, Rating, Theme, puzzle_rating, rate_attempt};
use crate::storage::{StorageError, write_atomic};

/// The results file's name in the user's data folder.
pub const TRAINING_FILE: &str = "puzzle-training.json";
/// The version of the results file this host writes and reads.
pub const TRAINING_VERSION: u32 = 1;
/// The dashboard's name for the puzzles with no theme (a quiet move).
pub const QUIET: &str = "quiet";

/// Tried and solved puzzles of one theme, and the rating from them.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct ThemeScore {
    /// Puzzles tried.
    pub tried: u32,
    /// Puzzles solved at the first move.
    pub solved: u32,
    /// The rating from this theme's puzzles alone.
    pub rating: Rating,
}

/// One game's results.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct GameTraining {
    /// The rating from every puzzle of the game.
    pub rating: Rating,
    /// Per theme ([`Theme::as_str`], or [`QUIET`]).
    pub themes: BTreeMap<String, ThemeScore>,
}

impl GameTraining {
    /// Puzzles tried and solved in all.
    pub fn totals(&self) -> (u32, u32) {
        // A puzzle with two themes counts in both, so the totals are kept apart.
        self.themes
            .get(TOTAL)
            .map_or((0, 0), |s| (s.tried, s.solved))
    }
}

/// The key of the totals among a game's themes.
const TOTAL: &str = "*";

/// The player's results, by game id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Training {
    /// The file's version ([`TRAINING_VERSION`]).
    pub version: u32,
    /// Per game id.
    pub games: BTreeMap<String, GameTraining>,
}

impl Default for Training {
    fn default() -> Self {
        Training {
            version: TRAINING_VERSION,
            games: BTreeMap::new(),
        }
    }
}

/// What one attempt changed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Change {
    /// The puzzle's rating.
    pub puzzle: f64,
    /// The player's rating before.
    pub before: Rating,
    /// And after.
    pub after: Rating,
}

impl Change {
    /// The change of the rating, rounded.
    pub fn delta(&self) -> i64 {
        (self.after.rating.round() - self.before.rating.round()) as i64
    }
}

/// Why the results file was refused.
#[derive(Debug, Error)]
pub enum TrainingError {
    /// It could not be read.
    #[error("{path}: cannot be read: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// It is not a results file, or a damaged one.
    #[error("{path}: not puzzle results ({reason}); the file is kept as it is")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        reason: String,
    },
}

impl Training {
    /// The results in `path`; none yet when there is no file.
    pub fn load(path: &Path) -> Result<Training, TrainingError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Training::default()),
            Err(source) => {
                return Err(TrainingError::Read {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let corrupt = |reason: String| TrainingError::Corrupt {
            path: path.to_owned(),
            reason,
        };
        let training: Training = serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
        if training.version > TRAINING_VERSION {
            return Err(corrupt(format!(
                "version {} is newer than this Tavola's {TRAINING_VERSION}",
                training.version
            )));
        }
        for (game, results) in &training.games {
            let sane = results.rating.is_sane()
                && results
                    .themes
                    .values()
                    .all(|s| s.rating.is_sane() && s.solved <= s.tried);
            if !sane {
                return Err(corrupt(format!("game {game}: a number is out of range")));
            }
        }
        Ok(training)
    }

    /// Writes the results to `path`, whole or not at all.
    pub fn save(&self, path: &Path) -> Result<(), StorageError> {
        let text = serde_json::to_string_pretty(self).expect("results are plain data");
        write_atomic(path, text.as_bytes())
    }

    /// The results of `game` (none yet: the starting rating).
    pub fn game(&self, game: &str) -> GameTraining {
        self.games.get(game).cloned().unwrap_or_default()
    }

    /// Counts an attempt at `puzzle` of `game`, solved or not: the game's rating and
    /// each of the puzzle's themes' (or [`QUIET`]) change by Glicko-2 against the
    /// puzzle's rating ([`puzzle_rating`]).
    pub fn record(&mut self, game: &str, puzzle: &Puzzle, solved: bool) -> Change {
        let opponent = Rating::puzzle(puzzle_rating(puzzle));
        let results = self.games.entry(game.to_owned()).or_default();
        let before = results.rating;
        results.rating = rate_attempt(&before, &opponent, solved);
        let mut keys: Vec<&str> = puzzle.themes.iter().map(Theme::as_str).collect();
        if keys.is_empty() {
            keys.push(QUIET);
        }
        keys.push(TOTAL);
        for key in keys {
            let score = results.themes.entry(key.to_owned()).or_default();
            score.tried += 1;
            score.solved += u32::from(solved);
            score.rating = rate_attempt(&score.rating, &opponent, solved);
        }
        Change {
            puzzle: opponent.rating,
            before,
            after: results.rating,
        }
    }

    /// The dashboard's rows of `game`: each theme tried ([`Theme::ALL`]'s order, then
    /// [`QUIET`]) with its score.
    pub fn dashboard(&self, game: &str) -> Vec<(String, ThemeScore)> {
        let results = self.game(game);
        Theme::ALL
            .iter()
            .map(Theme::as_str)
            .chain([QUIET])
            .filter_map(|k| results.themes.get(k).map(|s| (k.to_owned(), *s)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(themes: Vec<Theme>) -> Puzzle {
        Puzzle {
            position: "p".into(),
            solution: "a".into(),
            themes,
            values: vec![("a".into(), 3), ("b".into(), 1), ("c".into(), -2)],
            results: false,
        }
    }

    #[test]
    fn attempts_are_counted_by_theme_and_rated() {
        let mut t = Training::default();
        let up = t.record("oware", &puzzle(vec![Theme::Capture]), true);
        assert!(up.after.rating > up.before.rating && up.delta() > 0);
        let down = t.record("oware", &puzzle(vec![]), false);
        assert!(down.delta() < 0);
        let g = t.game("oware");
        assert_eq!(g.totals(), (2, 1));
        let rows = t.dashboard("oware");
        let names: Vec<&str> = rows.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["capture", QUIET]);
        assert_eq!((rows[0].1.tried, rows[0].1.solved), (1, 1));
        assert_eq!((rows[1].1.tried, rows[1].1.solved), (1, 0));
        assert_eq!(t.game("kalah"), GameTraining::default());
    }

    #[test]
    fn results_round_trip_and_a_missing_file_is_a_fresh_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(TRAINING_FILE);
        assert_eq!(Training::load(&path).unwrap(), Training::default());
        let mut t = Training::default();
        t.record("kalah", &puzzle(vec![Theme::Endgame]), true);
        t.save(&path).unwrap();
        assert_eq!(Training::load(&path).unwrap(), t);
    }

    #[test]
    fn a_damaged_file_is_refused_with_its_path_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(TRAINING_FILE);
        for bad in [
            "{\"version\": 1, \"games\": {\"oware\": ",
            "{\"version\": 9, \"games\": {}}",
            "{\"version\": 1, \"games\": {\"oware\": {\"rating\": {\"rating\": 1500, \"deviation\": -3, \"volatility\": 0.06}, \"themes\": {}}}}",
        ] {
            std::fs::write(&path, bad).unwrap();
            let e = Training::load(&path).unwrap_err();
            let text = e.to_string();
            assert!(text.contains(TRAINING_FILE), "{text}");
            assert!(text.contains("kept as it is"), "{text}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
        }
    }
}
