//! The ranges of the command line's numbers, checked as the arguments are parsed, with
//! a message naming the flag and what it allows.

/// The longest `bench --seconds` measurement, in seconds (an hour).
pub const MAX_SECONDS: f64 = 3600.0;
/// The longest `hint --millis` thinking time (an hour).
pub const MAX_MILLIS: u64 = 3_600_000;
/// The most simulations per search for `bench --simulations` (each one a tree node).
pub const MAX_SIMULATIONS: u64 = 10_000_000;
/// The most games of `match` and, per option set, of `check`.
pub const MAX_GAMES: u64 = 1_000_000;
/// The deepest `perft`.
pub const MAX_PERFT_DEPTH: u32 = 30;
/// The most random opening moves of `open --moves`.
pub const MAX_OPENING_MOVES: usize = 10_000;

/// A number of the command line refused, with the range it allows.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BadNumber {
    /// Not a number at all.
    #[error("not a number; {0}")]
    NotANumber(Expected),
    /// Not a whole number.
    #[error("not a whole number; {0}")]
    NotWhole(Expected),
    /// A number out of its range.
    #[error("{0}")]
    OutOfRange(Expected),
}

/// What a flag's number must be.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Expected {
    /// Seconds above 0, at most [`MAX_SECONDS`].
    #[error("expected a number of seconds above 0 and at most {MAX_SECONDS}")]
    Seconds,
    /// Megabytes from 1 to `most` (the machine's memory).
    #[error("expected a number of megabytes from 1 to {most} (this machine's memory)")]
    Megabytes {
        /// The machine's memory, in megabytes.
        most: u64,
    },
}

/// A number of seconds: finite, above 0 and at most [`MAX_SECONDS`].
pub(super) fn seconds(text: &str) -> Result<f64, BadNumber> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= MAX_SECONDS => Ok(v),
        Ok(_) => Err(BadNumber::OutOfRange(Expected::Seconds)),
        Err(_) => Err(BadNumber::NotANumber(Expected::Seconds)),
    }
}

/// A number of megabytes for `solve --memory`: at least 1, at most the machine's memory.
pub(super) fn megabytes(text: &str) -> Result<u64, BadNumber> {
    let most = tavola_core::ai::solve::total_memory().map_or(1 << 20, |b| b >> 20);
    let expected = Expected::Megabytes { most };
    match text.trim().parse::<u64>() {
        Ok(v) if (1..=most).contains(&v) => Ok(v),
        Ok(_) => Err(BadNumber::OutOfRange(expected)),
        Err(_) => Err(BadNumber::NotWhole(expected)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_number_says_what_is_expected() {
        assert_eq!(seconds("2.5"), Ok(2.5));
        assert_eq!(
            seconds("soon").unwrap_err().to_string(),
            format!("not a number; expected a number of seconds above 0 and at most {MAX_SECONDS}")
        );
        assert_eq!(
            seconds("0").unwrap_err(),
            BadNumber::OutOfRange(Expected::Seconds)
        );
        assert!(matches!(megabytes("1.5"), Err(BadNumber::NotWhole(_))));
        assert!(matches!(megabytes("0"), Err(BadNumber::OutOfRange(_))));
    }
}
