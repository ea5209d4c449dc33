//! Text from a plugin, a file or a network peer made safe to print: C0 and C1 control
//! characters (escape sequences among them) removed before the text reaches a terminal or
//! a log line, so that nothing a stranger wrote can move the cursor, retitle the window,
//! clear a line or type into the terminal.
//!
//! ```
//! use tavola_core::printable::{printable, printable_line};
//! // An escape sequence loses its ESC (and the bell its BEL): what is left is inert text.
//! assert_eq!(printable("Kalah\u{1b}]0;owned\u{7}"), "Kalah]0;owned");
//! // Line breaks and tabs stay in a block of text…
//! assert_eq!(printable("a\nb\tc"), "a\nb\tc");
//! // …but not in one line.
//! assert_eq!(printable_line("a\nb\rc"), "a b c");
//! // C1 controls (U+0080–U+009F) go too: U+009B is a one-character escape on some terminals.
//! assert_eq!(printable("x\u{9b}2Ky"), "x2Ky");
//! ```

use std::borrow::Cow;

/// Whether `c` is a control character a terminal may act on: C0 (U+0000–U+001F), DEL,
/// C1 (U+0080–U+009F).
fn is_control(c: char) -> bool {
    c.is_control()
}

/// `text` without control characters, keeping line breaks (`\n`) and tabs: for blocks of
/// text (a status, rules, a report) printed as they are.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| is_control(c) && c != '\n' && c != '\t')
    {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .filter(|&c| !is_control(c) || c == '\n' || c == '\t')
            .collect(),
    )
}

/// `text` on one line: line breaks, carriage returns and tabs become spaces, every other
/// control character is removed. For names, reasons and notations printed inside a line.
pub fn printable_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .filter_map(|c| match c {
                '\n' | '\r' | '\t' => Some(' '),
                c if is_control(c) => None,
                c => Some(c),
            })
            .collect(),
    )
}

/// Bytes relayed from a child process to a terminal: decoded as UTF-8 (invalid sequences
/// replaced), control characters removed except line breaks and tabs.
pub fn printable_bytes(bytes: &[u8]) -> String {
    printable(&String::from_utf8_lossy(bytes)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_character_is_removed_and_nothing_else() {
        for c in (0u32..0x200).filter_map(char::from_u32) {
            let s = format!("a{c}b");
            let kept = printable(&s);
            if c.is_control() && c != '\n' && c != '\t' {
                assert_eq!(kept, "ab", "U+{:04X} must go", c as u32);
            } else {
                assert_eq!(kept, s, "U+{:04X} must stay", c as u32);
            }
            let line = printable_line(&s);
            assert!(!line.chars().any(char::is_control), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn plain_text_is_not_copied() {
        assert!(matches!(printable("Oware 4-4"), Cow::Borrowed(_)));
        assert!(matches!(printable_line("Oware 4-4"), Cow::Borrowed(_)));
    }

    #[test]
    fn invalid_utf8_is_replaced_not_passed_through() {
        assert_eq!(printable_bytes(b"ok\xff\x1b[2K\n"), "ok\u{fffd}[2K\n");
    }
}
