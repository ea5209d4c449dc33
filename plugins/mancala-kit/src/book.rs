//! A stored opening solution ([`OpeningBook`]): for each position it holds, the best
//! move and the position's exact value, as an exact solver found them. A variant hands
//! its book to the kit ([`Variant::opening_book`](crate::Variant::opening_book)), and the
//! kit answers [`Game::opening_move`](game_api::Game::opening_move) from it, so the
//! search engine plays the book's move without searching.
//!
//! The format is plain text, a position a line: the game's notation of the position, a
//! tab, the best move's notation, a tab, the value (the final margin for the player to
//! move under perfect play, with its sign); `#` starts a comment line.
//!
//! ```
//! use mancala_kit::OpeningBook;
//! let book = OpeningBook::parse("# Kalah(6,4)\n4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\tc\t+8\n")?;
//! let entry = book.get("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S").expect("the start is in it");
//! assert_eq!((entry.mv.as_str(), entry.value), ("c", 8));
//! assert_eq!(book.len(), 1);
//! # Ok::<(), mancala_kit::BookError>(())
//! ```

use std::collections::HashMap;

/// A stored opening solution: positions (by notation) with their best move and value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpeningBook {
    entries: HashMap<String, BookEntry>,
}

/// What a book says of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookEntry {
    /// The best move, in the game's move notation.
    pub mv: String,
    /// The exact value: the final margin for the player to move under perfect play.
    pub value: i32,
}

/// A book's text that does not parse: what is wrong, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("opening book, line {line}: {what}")]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub what: String,
}

impl OpeningBook {
    /// Reads a book's text (the format above); a line that is not a position, a move and
    /// a value, or a position given twice, is refused with its number.
    pub fn parse(text: &str) -> Result<Self, BookError> {
        let mut entries = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |what: String| BookError { line, what };
            let row = raw.trim_end();
            if row.is_empty() || row.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = row.split('\t').collect();
            let [position, mv, value] = fields[..] else {
                return Err(err(format!(
                    "expected a position, a move and a value separated by tabs, found {} field(s)",
                    fields.len()
                )));
            };
            if position.trim().is_empty() || mv.trim().is_empty() {
                return Err(err("an empty position or move".into()));
            }
            let value: i32 = value
                .trim()
                .parse()
                .map_err(|_| err(format!("the value `{value}` is not a whole number")))?;
            let entry = BookEntry {
                mv: mv.trim().to_owned(),
                value,
            };
            if entries.insert(position.trim().to_owned(), entry).is_some() {
                return Err(err(format!("the position `{position}` is given twice")));
            }
        }
        Ok(OpeningBook { entries })
    }

    /// What the book says of the position with this notation, if it holds it.
    pub fn get(&self, notation: &str) -> Option<&BookEntry> {
        self.entries.get(notation)
    }

    /// The positions it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every position with what the book says of it, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &BookEntry)> {
        self.entries.iter().map(|(p, e)| (p.as_str(), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let e = OpeningBook::parse("# c\n1/1 0-0 S\ta\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("found 2 field(s)"), "{e}");
        let e = OpeningBook::parse("1/1 0-0 S\ta\tlots\n").unwrap_err();
        assert!(
            e.to_string().contains("`lots` is not a whole number"),
            "{e}"
        );
        let e = OpeningBook::parse("1/1 0-0 S\ta\t+1\n1/1 0-0 S\ta\t-1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("given twice"), "{e}");
        let e = OpeningBook::parse("\ta\t+1\n").unwrap_err();
        assert!(e.to_string().contains("empty position"), "{e}");
    }

    #[test]
    fn values_keep_their_sign() {
        let book = OpeningBook::parse("a\tx\t-14\nb\ty\t0\n\n# end\n").unwrap();
        assert_eq!(book.get("a").map(|e| e.value), Some(-14));
        assert_eq!(book.get("b").map(|e| e.value), Some(0));
        assert_eq!(book.len(), 2);
        assert!(book.get("c").is_none());
    }
}
