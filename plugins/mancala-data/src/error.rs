//! A refusal of a data file: the line, the key and what is wrong (and allowed).
//!
//! A refusal never quotes a line of the file: a file that is not a variant at all (a
//! secret someone named `*.mancala.toml`) is refused with its line and, where the line
//! holds one, a key name — never the line's text, nor a string the `toml` crate quotes
//! (strings in its messages are left out).

use thiserror::Error;

/// Why a data file is refused, where it is known: the line (from 1) and the key.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileError {
    /// Something at a place in the file (`key` empty where the line names none).
    #[error("line {line}{}: {message}", key_part(key))]
    At {
        /// The line, from 1.
        line: usize,
        /// The key (or table) on that line.
        key: String,
        /// What is wrong, and what is allowed.
        message: String,
    },
    /// Something about the file as a whole.
    #[error("{0}")]
    Whole(String),
}

impl FileError {
    /// An error at byte `offset` of `src`, about `key`.
    pub fn at(src: &str, offset: usize, key: &str, message: impl Into<String>) -> Self {
        FileError::At {
            line: line_of(src, offset),
            key: key.to_owned(),
            message: message.into(),
        }
    }

    /// The `toml` crate's error, with its place turned into a line and a key.
    pub fn from_toml(src: &str, e: &toml::de::Error) -> Self {
        let message = in_file_words(&without_strings(e.message().trim()));
        // A key or table left out is missing from the table that should hold it: a
        // table's header names it, but a section of the whole file has no line (the
        // parser points at the file's start, often a comment).
        if let Some(field) = missing_field(&message) {
            let at_start = e.span().is_none_or(|span| {
                let key = key_at(src, span.start);
                span.start == 0 || key.is_empty() || key.starts_with('#')
            });
            if at_start {
                return FileError::Whole(format!(
                    "the file has no `{field}`: every file has `format`, `[game]`, `[rules]` \
                     and `[rules_text]` (see docs/mancala-data.md)"
                ));
            }
        }
        match e.span() {
            Some(span) => {
                let key = key_at(src, span.start);
                if key.is_empty() || key.starts_with('#') {
                    // A place with no key on its line (a comment, a blank line).
                    return FileError::Whole(format!(
                        "line {}: {message}",
                        line_of(src, span.start)
                    ));
                }
                FileError::at(src, span.start, &key, message)
            }
            None => FileError::Whole(message),
        }
    }

    /// The line of the error, if it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            FileError::At { line, .. } => Some(*line),
            FileError::Whole(_) => None,
        }
    }
}

/// A message of the `toml` crate in the file's words: its Rust types named as a file's
/// values are (`i64` is a whole number).
fn in_file_words(message: &str) -> String {
    const WORDS: [(&str, &str); 9] = [
        ("expected i64", "expected a whole number"),
        ("expected u32", "expected a whole number"),
        ("expected u64", "expected a whole number"),
        ("expected usize", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected a list (`[…]`)"),
        ("expected a map", "expected a table"),
        ("expected a string", "expected a text in quotes"),
        ("expected a boolean", "expected `true` or `false`"),
    ];
    let mut text = message.to_owned();
    for (rust, file) in WORDS {
        text = text.replace(rust, file);
    }
    text
}

/// The field of a `missing field `NAME`` message of the `toml` crate.
fn missing_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
}

/// The line (from 1) of byte `offset` of `src`.
pub fn line_of(src: &str, offset: usize) -> usize {
    let end = offset.min(src.len());
    src.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The key written on the line of byte `offset` (what comes before its `=`), else the
/// table header on that line; empty when the line holds neither (its text is never
/// taken: it may be anything).
fn key_at(src: &str, offset: usize) -> String {
    let start = src[..offset.min(src.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = src[start..].lines().next().unwrap_or("").trim();
    let key = match line.split_once('=') {
        Some((key, _)) => key.trim(),
        None if line.starts_with('[') => line.trim_matches(|c| c == '[' || c == ']').trim(),
        None => "",
    };
    if is_bare_key(key) {
        key.to_owned()
    } else {
        String::new()
    }
}

/// Whether `key` is a TOML bare key or dotted bare key (`houses`, `rules.sowing`), short.
fn is_bare_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 60
        && key.split('.').all(|part| {
            let part = part.trim();
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
}

/// ``, `key`` for a refusal's place, nothing without a key.
fn key_part(key: &str) -> String {
    if key.is_empty() {
        String::new()
    } else {
        format!(", `{key}`")
    }
}

/// `message` with every double-quoted string replaced by `"…"`: the `toml` crate quotes
/// the file's strings in its messages (`invalid type: string "…"`).
fn without_strings(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut inside = false;
    for c in message.chars() {
        if c == '"' {
            if inside {
                out.push_str("…\"");
            } else {
                out.push('"');
            }
            inside = !inside;
        } else if !inside && !c.is_control() {
            out.push(c);
        }
    }
    if inside {
        out.push_str("…\"");
    }
    out
}

/// Names in backticks, comma-separated, or "none".
pub(crate) fn listed(names: &[&str]) -> String {
    if names.is_empty() {
        return "none".into();
    }
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_keys_come_from_the_place() {
        let src = "a = 1\n[rules]\nhouses = 5\n";
        assert_eq!(line_of(src, 0), 1);
        let at = src.find("5").unwrap();
        assert_eq!(line_of(src, at), 3);
        assert_eq!(key_at(src, at), "houses");
        assert_eq!(key_at(src, src.find("[rules]").unwrap()), "rules");
    }

    #[test]
    fn a_line_that_is_not_a_key_is_never_quoted() {
        for secret in [
            "mysql -u root -phunter2",
            "root:$6$hunter2:19000:0:99999:7:::",
            "export TOKEN=\"hunter2\"",
            "hunter2 \"= x",
        ] {
            let src = format!("{secret}\nformat = 1\n");
            let e = toml::from_str::<toml::Table>(&src).unwrap_err();
            let refusal = FileError::from_toml(&src, &e).to_string();
            assert!(!refusal.contains("hunter2"), "{refusal}");
            assert!(refusal.starts_with("line 1"), "{refusal}");
        }
        assert_eq!(
            without_strings("invalid type: string \"x\", expected u8"),
            "invalid type: string \"…\", expected u8"
        );
    }

    #[test]
    fn a_missing_section_is_named_not_placed_at_a_comment() {
        let src = "# A comment first.\nformat = \"tavola-mancala/1\"\n[game]\nid = \"x\"\nname = \"X\"\nversion = \"1.0.0\"\n[rules_text]\nen = \"x\"\n";
        let e = toml::from_str::<crate::format::Document>(src).unwrap_err();
        let refusal = FileError::from_toml(src, &e).to_string();
        assert!(refusal.contains("the file has no `rules`"), "{refusal}");
        assert!(!refusal.contains("A comment"), "{refusal}");
    }
}
