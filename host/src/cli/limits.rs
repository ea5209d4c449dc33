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

/// A number of seconds: finite, above 0 and at most [`MAX_SECONDS`].
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    let range = format!("expected a number of seconds above 0 and at most {MAX_SECONDS}");
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= MAX_SECONDS => Ok(v),
        Ok(_) => Err(range),
        Err(_) => Err(format!("not a number; {range}")),
    }
}

/// A number of megabytes for `solve --memory`: at least 1, at most the machine's memory.
pub(super) fn megabytes(text: &str) -> Result<u64, String> {
    let most = crate::ai::solve::total_memory().map_or(1 << 20, |b| b >> 20);
    let range = format!("expected a number of megabytes from 1 to {most} (this machine's memory)");
    match text.trim().parse::<u64>() {
        Ok(v) if (1..=most).contains(&v) => Ok(v),
        Ok(_) => Err(range),
        Err(_) => Err(format!("not a whole number; {range}")),
    }
}
