//! A refusal of a data file: the line, the key and what is wrong (and allowed).

use thiserror::Error;

/// Why a data file is refused, where it is known: the line (from 1) and the key.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileError {
    /// Something at a place in the file.
    #[error("line {line}, `{key}`: {message}")]
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
        let message = e.message().trim().to_owned();
        match e.span() {
            Some(span) => {
                let key = key_at(src, span.start);
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
/// table header on that line, else the line's text (shortened).
fn key_at(src: &str, offset: usize) -> String {
    let start = src[..offset.min(src.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = src[start..].lines().next().unwrap_or("").trim();
    let key = match line.split_once('=') {
        Some((key, _)) if !key.trim().is_empty() && !key.contains('"') => key.trim(),
        _ => line.trim_matches(|c| c == '[' || c == ']'),
    };
    key.chars().take(60).collect()
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
}
