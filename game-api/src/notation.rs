//! Helpers for position-notation parsers whose refusals say where the fault is.
//!
//! A notation is read as whitespace-separated [`Field`]s, numbered from 1; a fault is
//! located by its field and by its character in the whole text (from 1), in one form
//! every game shares, which [`testing::notation_faults`](crate::testing::notation_faults)
//! checks:
//!
//! - [`Field::fault`]: `` field 4 `m:2,12*` (from character 24): … `` for the field as a
//!   whole;
//! - [`Field::fault_at`]: `` field 1 `4,,4/4,4,4` at character 3: … `` for a part of it.
//!
//! [`Tags`] refuses a `key:` given twice, and [`Field::items`] / [`count`] read the
//! separated counts of a field, refusing an empty one.
//!
//! ```
//! use game_api::notation::{Tags, count, fields};
//!
//! let text = "4,4/4,4 0-0 S m:1,13* m:2,12*";
//! let fields = fields(text);
//! let mut tags = Tags::default();
//! assert!(tags.first("m", &fields[3]).is_ok());
//! let twice = tags.first("m", &fields[4]).unwrap_err();
//! assert_eq!(
//!     twice,
//!     "field 5 `m:2,12*` (from character 23): `m:` is given twice (first in field 4)"
//! );
//! let items = fields[0].items(&['/', ',']);
//! assert_eq!(items[2], (4, "4"));
//! assert_eq!(count::<u32>("", "a house").unwrap_err(), "a house is empty; a count is required");
//! ```

use std::{fmt::Display, str::FromStr};

/// One whitespace-separated field of a notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field<'a> {
    /// Its number among the fields, from 1.
    pub number: usize,
    /// The character (not byte) of the whole text where it starts, from 1.
    pub start: usize,
    /// Its text.
    pub text: &'a str,
}

/// The fields of `text` split at whitespace, each with its number and its start.
pub fn fields(text: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (chars, (byte, c)) in text.char_indices().enumerate() {
        if c.is_whitespace() {
            if let Some((b, ch)) = start.take() {
                out.push(Field {
                    number: out.len() + 1,
                    start: ch,
                    text: &text[b..byte],
                });
            }
        } else if start.is_none() {
            start = Some((byte, chars + 1));
        }
    }
    if let Some((b, ch)) = start {
        out.push(Field {
            number: out.len() + 1,
            start: ch,
            text: &text[b..],
        });
    }
    out
}

impl<'a> Field<'a> {
    /// `reason`, located at this field as a whole.
    pub fn fault(&self, reason: impl Display) -> String {
        format!(
            "field {} `{}` (from character {}): {reason}",
            self.number, self.text, self.start
        )
    }

    /// `reason`, located at the character `offset` (in characters, from 0) of this
    /// field's text.
    pub fn fault_at(&self, offset: usize, reason: impl Display) -> String {
        format!(
            "field {} `{}` at character {}: {reason}",
            self.number,
            self.text,
            self.start + offset
        )
    }

    /// The parts of this field between any of `separators`, each with its offset in
    /// characters from the field's start; empty parts included (`"4,,4"` has three).
    pub fn items(&self, separators: &[char]) -> Vec<(usize, &'a str)> {
        items(self.text, separators)
    }

    /// This field after `key:`, or `None` if it does not start so.
    pub fn value_of(&self, key: &str) -> Option<&'a str> {
        self.text.strip_prefix(key)?.strip_prefix(':')
    }
}

/// The parts of `text` between any of `separators`, each with its offset in characters;
/// empty parts included.
pub fn items<'a>(text: &'a str, separators: &[char]) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let (mut byte, mut offset) = (0, 0);
    for (i, (b, c)) in text.char_indices().enumerate() {
        if separators.contains(&c) {
            out.push((offset, &text[byte..b]));
            byte = b + c.len_utf8();
            offset = i + 1;
        }
    }
    out.push((offset, &text[byte..]));
    out
}

/// Reads `text` as a count of `what`: refuses an empty text ("a count is required") and
/// anything else that is not a number of `T`, naming `what`.
pub fn count<T: FromStr>(text: &str, what: &str) -> Result<T, String> {
    if text.is_empty() {
        return Err(format!("{what} is empty; a count is required"));
    }
    text.parse()
        .map_err(|_| format!("{what} is `{text}`, not a count"))
}

/// The tags (`key:`) a parser has read so far, to refuse one given twice.
#[derive(Debug, Clone, Default)]
pub struct Tags {
    seen: Vec<(String, usize)>,
}

impl Tags {
    /// Notes `key` as given in `field`; refuses it, located at `field`, if it was given
    /// before (the message names the first field that gave it).
    pub fn first(&mut self, key: &str, field: &Field<'_>) -> Result<(), String> {
        if let Some((_, number)) = self.seen.iter().find(|(k, _)| k == key) {
            return Err(field.fault(format!("`{key}:` is given twice (first in field {number})")));
        }
        self.seen.push((key.to_owned(), field.number));
        Ok(())
    }

    /// Whether `key` was given.
    pub fn has(&self, key: &str) -> bool {
        self.seen.iter().any(|(k, _)| k == key)
    }
}

/// A fault after the last field, for a notation that has too few: `reason`, saying
/// where the next field would start.
pub fn missing(text: &str, reason: impl Display) -> String {
    let fields = fields(text);
    format!(
        "field {} (at character {}) is missing: {reason}",
        fields.len() + 1,
        text.chars().count() + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_know_their_numbers_and_characters() {
        let f = fields("  ab  ç d\te ");
        let got: Vec<(usize, usize, &str)> =
            f.iter().map(|f| (f.number, f.start, f.text)).collect();
        assert_eq!(
            got,
            vec![(1, 3, "ab"), (2, 7, "ç"), (3, 9, "d"), (4, 11, "e")]
        );
        assert!(fields("   ").is_empty());
    }

    #[test]
    fn items_keep_empty_parts_and_their_offsets() {
        assert_eq!(
            items("ç,,d/", &[',', '/']),
            vec![(0, "ç"), (2, ""), (3, "d"), (5, "")]
        );
        assert_eq!(items("", &[',']), vec![(0, "")]);
        let f = fields("x 4,,4")[1];
        assert_eq!(
            f.fault_at(2, "empty"),
            "field 2 `4,,4` at character 5: empty"
        );
    }

    #[test]
    fn counts_refuse_empty_and_foreign_text() {
        assert_eq!(count::<u8>("12", "x"), Ok(12));
        assert!(count::<u8>("", "x").unwrap_err().contains("empty"));
        assert_eq!(
            count::<u8>("300", "x").unwrap_err(),
            "x is `300`, not a count"
        );
    }

    #[test]
    fn a_tag_given_twice_names_both_fields() {
        let f = fields("a:1 b:2 a:3");
        let mut tags = Tags::default();
        tags.first("a", &f[0]).unwrap();
        tags.first("b", &f[1]).unwrap();
        assert!(tags.has("b") && !tags.has("c"));
        let e = tags.first("a", &f[2]).unwrap_err();
        assert!(
            e.starts_with("field 3 `a:3` (from character 9)") && e.contains("first in field 1")
        );
        assert_eq!(
            missing("a b", "the side"),
            "field 3 (at character 4) is missing: the side"
        );
    }
}
