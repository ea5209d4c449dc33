//! The puzzle file: a versioned text format, one puzzle a line, parsed into
//! [`PuzzleFile`] and refused with the line and the reason when it is wrong.
//!
//! ```text
//! tavola-puzzles 1
//! game oware
//! options grand_slam=no_capture seeds=4
//! # comments and blank lines are allowed anywhere after the first line
//! puzzle<TAB><position><TAB><solution><TAB><themes><TAB><values>
//! ```
//!
//! The first line names the format and its version; `game` and `options` (the game's
//! full options, as `KEY=VALUE` pairs separated by spaces, possibly none) follow once
//! each, before the first puzzle. A puzzle's fields are separated by tabs (a position's
//! notation may hold spaces): the position in the plugin's notation (the seat to move
//! is the solver), the solution by its move notation, the themes separated by commas
//! (`-` for none), and every legal move's exact value for the seat to move, as
//! `MOVE=VALUE` pairs separated by spaces, in the game's units (the final margin under
//! perfect play).
//!
//! Version 2 adds puzzles judged on the proven *result*: their values are `win`,
//! `draw` or `loss` for the seat to move after each move (where the game proves results
//! but not margins, as Oware's majority end does). A puzzle's values are all margins or
//! all results. A file holding no result puzzle is written as version 1, so version-1
//! files (and readers) are unchanged; both versions are read.

use std::{fmt, str::FromStr};

use thiserror::Error;

use super::Theme;

/// The first word of a puzzle file.
pub const MAGIC: &str = "tavola-puzzles";
/// The newest version this host writes and reads (1 is read too, and written when no
/// puzzle is judged on results).
pub const VERSION: u32 = 2;

/// The words of a result puzzle's values, for 1, 0 and −1.
const RESULTS: [(&str, i32); 3] = [("win", 1), ("draw", 0), ("loss", -1)];

/// A result (1, 0, −1) as its word in the file.
pub fn result_word(result: i32) -> &'static str {
    match result.signum() {
        1 => "win",
        -1 => "loss",
        _ => "draw",
    }
}

/// One puzzle: a position where exactly one move keeps the best exact value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, in the plugin's notation.
    pub position: String,
    /// The one move that keeps the best value, by its notation.
    pub solution: String,
    /// What the solution does.
    pub themes: Vec<Theme>,
    /// Every legal move's exact value for the seat to move, by notation, best first:
    /// the final margin, or for a puzzle judged on results ([`Puzzle::results`]) the
    /// result (1 a win, 0 a draw, −1 a loss).
    pub values: Vec<(String, i32)>,
    /// Whether the values are proven results rather than margins: the solution is the
    /// only move that keeps the best result (a win where the others draw or lose, a draw
    /// where they all lose).
    pub results: bool,
}

impl Puzzle {
    /// The solution's value (the best).
    pub fn value(&self) -> Option<i32> {
        self.values
            .iter()
            .find(|(m, _)| *m == self.solution)
            .map(|(_, v)| *v)
    }

    /// A move's value, by its notation (`None` for a move the puzzle does not list).
    pub fn value_of(&self, mv: &str) -> Option<i32> {
        self.values.iter().find(|(m, _)| m == mv).map(|(_, v)| *v)
    }

    /// What a move loses against the solution, in the game's units (`None` for a move
    /// the puzzle does not list).
    pub fn loss(&self, mv: &str) -> Option<i32> {
        let best = self.value()?;
        self.values
            .iter()
            .find(|(m, _)| m == mv)
            .map(|(_, v)| best - v)
    }
}

/// A whole puzzle file: the game, its options, the puzzles.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PuzzleFile {
    /// The game's id.
    pub game: String,
    /// The game's options as `KEY=VALUE` pairs.
    pub options: Vec<String>,
    /// The puzzles, in file order.
    pub puzzles: Vec<Puzzle>,
}

/// Why a puzzle file was refused: the line (1-based) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct FormatError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub reason: String,
}

fn fault(line: usize, reason: impl Into<String>) -> FormatError {
    FormatError {
        line,
        reason: reason.into(),
    }
}

impl FromStr for PuzzleFile {
    type Err = FormatError;

    fn from_str(text: &str) -> Result<Self, FormatError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let (_, first) = lines.next().ok_or_else(|| fault(1, "the file is empty"))?;
        let mut head = first.split_whitespace();
        if head.next() != Some(MAGIC) {
            return Err(fault(
                1,
                format!("not a puzzle file (`{MAGIC} {VERSION}` expected)"),
            ));
        }
        let version = match head.next().map(str::parse::<u32>) {
            Some(Ok(v @ 1..=VERSION)) if head.next().is_none() => v,
            Some(Ok(v)) if v > VERSION => {
                return Err(fault(
                    1,
                    format!("version {v} is newer than this Tavola's ({VERSION})"),
                ));
            }
            _ => return Err(fault(1, format!("`{MAGIC} {VERSION}` expected"))),
        };
        let mut file = PuzzleFile::default();
        let (mut game, mut options) = (None, None);
        for (n, line) in lines {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (word, rest) = trimmed.split_once([' ', '\t']).unwrap_or((trimmed, ""));
            match word {
                "game" | "options" if !file.puzzles.is_empty() => {
                    return Err(fault(n, format!("`{word}` after the first puzzle")));
                }
                "game" if game.is_some() => return Err(fault(n, "`game` given twice")),
                "options" if options.is_some() => return Err(fault(n, "`options` given twice")),
                "game" => {
                    let id = rest.trim();
                    if id.is_empty() || id.contains(char::is_whitespace) {
                        return Err(fault(n, "`game` needs one game id"));
                    }
                    game = Some(id.to_owned());
                }
                "options" => {
                    let pairs: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
                    if let Some(bad) = pairs.iter().find(|p| !p.contains('=')) {
                        return Err(fault(n, format!("option `{bad}` is not KEY=VALUE")));
                    }
                    options = Some(pairs);
                }
                "puzzle" => {
                    if game.is_none() {
                        return Err(fault(n, "a puzzle before the `game` line"));
                    }
                    let puzzle = parse_puzzle(line).map_err(|r| fault(n, r.to_string()))?;
                    if puzzle.results && version < 2 {
                        return Err(fault(
                            n,
                            "values `win`, `draw`, `loss` need version 2 of the format",
                        ));
                    }
                    file.puzzles.push(puzzle);
                }
                other => return Err(fault(n, format!("unknown line `{other}`"))),
            }
        }
        file.game = game.ok_or_else(|| fault(text.lines().count().max(1), "no `game` line"))?;
        file.options = options.unwrap_or_default();
        Ok(file)
    }
}

/// What is wrong with a `puzzle` line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
enum BadPuzzle {
    /// Not five fields.
    #[error(
        "a puzzle has 5 fields separated by tabs (puzzle, position, solution, themes, values), not {0}"
    )]
    Fields(usize),
    /// No position.
    #[error("the position is empty")]
    EmptyPosition,
    /// No solution, or more than one move.
    #[error("the solution must be one move notation")]
    Solution,
    /// A theme unknown.
    #[error(transparent)]
    Theme(#[from] super::theme::UnknownTheme),
    /// A value that is not `MOVE=VALUE`.
    #[error("value `{0}` is not MOVE=VALUE")]
    Pair(String),
    /// A value that is not a whole number.
    #[error("value `{value}` of move `{mv}` is not a whole number, `win`, `draw` or `loss`")]
    Value {
        /// The move.
        mv: String,
        /// Its value as written.
        value: String,
    },
    /// A move valued twice.
    #[error("move `{0}` valued twice")]
    Twice(String),
    /// Margins and results in one puzzle.
    #[error("a puzzle's values are all margins or all results (`win`, `draw`, `loss`)")]
    Mixed,
    /// The solution has no value.
    #[error("the solution `{0}` has no value")]
    Unvalued(String),
    /// Another move is worth as much as the solution.
    #[error("the solution `{0}` is not the only best move")]
    NotOnlyBest(String),
}

fn parse_puzzle(line: &str) -> Result<Puzzle, BadPuzzle> {
    let fields: Vec<&str> = line.split('\t').collect();
    if fields.len() != 5 {
        return Err(BadPuzzle::Fields(fields.len()));
    }
    let position = fields[1].trim();
    let solution = fields[2].trim();
    if position.is_empty() {
        return Err(BadPuzzle::EmptyPosition);
    }
    if solution.is_empty() || solution.contains(char::is_whitespace) {
        return Err(BadPuzzle::Solution);
    }
    let themes = match fields[3].trim() {
        "-" => Vec::new(),
        list => list
            .split(',')
            .map(|t| t.trim().parse::<Theme>())
            .collect::<Result<Vec<_>, _>>()?,
    };
    let mut values: Vec<(String, i32)> = Vec::new();
    let (mut margins, mut results) = (0, 0);
    for pair in fields[4].split_whitespace() {
        let (mv, v) = pair
            .rsplit_once('=')
            .ok_or_else(|| BadPuzzle::Pair(pair.to_owned()))?;
        let v: i32 = match RESULTS.iter().find(|(w, _)| *w == v) {
            Some(&(_, r)) => {
                results += 1;
                r
            }
            None => {
                margins += 1;
                v.parse().map_err(|_| BadPuzzle::Value {
                    mv: mv.to_owned(),
                    value: v.to_owned(),
                })?
            }
        };
        if values.iter().any(|(m, _)| m == mv) {
            return Err(BadPuzzle::Twice(mv.to_owned()));
        }
        values.push((mv.to_owned(), v));
    }
    if margins > 0 && results > 0 {
        return Err(BadPuzzle::Mixed);
    }
    let puzzle = Puzzle {
        position: position.to_owned(),
        solution: solution.to_owned(),
        themes,
        values,
        results: results > 0,
    };
    let best = puzzle
        .value()
        .ok_or_else(|| BadPuzzle::Unvalued(solution.to_owned()))?;
    if puzzle
        .values
        .iter()
        .any(|(m, v)| *m != puzzle.solution && *v >= best)
    {
        return Err(BadPuzzle::NotOnlyBest(solution.to_owned()));
    }
    Ok(puzzle)
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes = if self.themes.is_empty() {
            "-".to_owned()
        } else {
            self.themes
                .iter()
                .map(Theme::as_str)
                .collect::<Vec<_>>()
                .join(",")
        };
        let values: Vec<String> = self
            .values
            .iter()
            .map(|(m, v)| {
                if self.results {
                    format!("{m}={}", result_word(*v))
                } else {
                    format!("{m}={v}")
                }
            })
            .collect();
        write!(
            f,
            "puzzle\t{}\t{}\t{themes}\t{}",
            self.position,
            self.solution,
            values.join(" ")
        )
    }
}

impl fmt::Display for PuzzleFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let version = if self.puzzles.iter().any(|p| p.results) {
            VERSION
        } else {
            1
        };
        writeln!(f, "{MAGIC} {version}")?;
        writeln!(f, "game {}", self.game)?;
        writeln!(f, "options {}", self.options.join(" "))?;
        for p in &self.puzzles {
            writeln!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "tavola-puzzles 1\ngame kalah\noptions houses=6 seeds=4\n# a comment\n\
        puzzle\t1,0,0,0,0,2/0,0,0,0,3,1 20-21 S\tf\tcapture,endgame\tf=3 a=-1\n";

    #[test]
    fn round_trips() {
        let file: PuzzleFile = GOOD.parse().unwrap();
        assert_eq!(file.game, "kalah");
        assert_eq!(file.options, ["houses=6", "seeds=4"]);
        let p = &file.puzzles[0];
        assert_eq!(p.themes, [Theme::Capture, Theme::Endgame]);
        assert_eq!(p.loss("a"), Some(4));
        let again: PuzzleFile = file.to_string().parse().unwrap();
        assert_eq!(again, file);
    }

    #[test]
    fn result_puzzles_round_trip_as_version_2() {
        let text = "tavola-puzzles 2\ngame oware\noptions seeds=4\n\
            puzzle\t0,0,0,0,1,2/0,0,0,0,0,3 20-22 S\tf\tcapture\tf=win e=draw a=loss\n";
        let file: PuzzleFile = text.parse().unwrap();
        let p = &file.puzzles[0];
        assert!(p.results);
        assert_eq!(
            p.values,
            [("f".into(), 1), ("e".into(), 0), ("a".into(), -1)]
        );
        assert_eq!(file.to_string(), text.replace("\n\n", "\n"));
        // Without a result puzzle the file is written as version 1.
        let v1: PuzzleFile = GOOD.parse().unwrap();
        assert!(v1.to_string().starts_with("tavola-puzzles 1\n"));
    }

    #[test]
    fn refuses_with_line_and_reason() {
        let cases = [
            ("", 1, "empty"),
            ("tavola-puzzles 3\ngame k\n", 1, "newer"),
            (
                "tavola-puzzles 1\ngame k\npuzzle\tp\tb\t-\tb=win c=loss\n",
                3,
                "version 2",
            ),
            (
                "tavola-puzzles 2\ngame k\npuzzle\tp\tb\t-\tb=win c=-3\n",
                3,
                "all margins or all results",
            ),
            (
                "tavola-puzzles 2\ngame k\npuzzle\tp\tb\t-\tb=draw c=draw\n",
                3,
                "only best",
            ),
            ("record 1\n", 1, "not a puzzle file"),
            (
                "tavola-puzzles 1\npuzzle\ta\tb\t-\tb=1\n",
                2,
                "before the `game`",
            ),
            ("tavola-puzzles 1\ngame k\ngame j\n", 3, "twice"),
            ("tavola-puzzles 1\ngame k\npuzzle\tp\tb\t-\n", 3, "5 fields"),
            (
                "tavola-puzzles 1\ngame k\npuzzle\tp\tb\tfork\tb=1\n",
                3,
                "unknown theme",
            ),
            (
                "tavola-puzzles 1\ngame k\npuzzle\tp\tb\t-\tb=x\n",
                3,
                "whole number",
            ),
            (
                "tavola-puzzles 1\ngame k\npuzzle\tp\tb\t-\tb=1 c=1\n",
                3,
                "only best",
            ),
            (
                "tavola-puzzles 1\ngame k\npuzzle\tp\tb\t-\tc=1\n",
                3,
                "no value",
            ),
            ("tavola-puzzles 1\ngame k\nbanana\n", 3, "unknown line"),
            ("tavola-puzzles 1\n\n", 2, "no `game`"),
        ];
        for (text, line, why) in cases {
            let e = text.parse::<PuzzleFile>().unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.reason.contains(why), "{text:?}: {e}");
        }
    }
}
