//! A move's class by what it lost against the best move, in the game's units (seeds).

use serde::{Deserialize, Serialize};

use crate::analysis::Value;

/// How good a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// The best move, or one as good.
    Best,
    /// Lost less than [`GOOD_BELOW`].
    Good,
    /// Lost less than [`INACCURACY_BELOW`].
    Inaccuracy,
    /// Lost less than [`MISTAKE_BELOW`], or turned a win into a draw or a draw into a
    /// loss.
    Mistake,
    /// Lost [`MISTAKE_BELOW`] or more, or turned a win into a loss.
    Blunder,
}

/// A move that lost less than this (in the game's units) is good.
pub const GOOD_BELOW: f64 = 1.0;
/// A move that lost less than this is an inaccuracy.
pub const INACCURACY_BELOW: f64 = 2.0;
/// A move that lost less than this is a mistake; more, a blunder.
pub const MISTAKE_BELOW: f64 = 4.0;

impl Class {
    /// The class of a move worth `played` where the best move was worth `best`, both
    /// for the seat that moved: by the units lost, and at least a mistake where the
    /// result promised fell (a win to a draw, a draw to a loss), a blunder where a win
    /// became a loss.
    ///
    /// ```
    /// use tavola_core::{analysis::Value, review::Class};
    /// assert_eq!(Class::of(Value::Estimate(2.0), Value::Estimate(1.5)), Class::Good);
    /// assert_eq!(Class::of(Value::Exact(1), Value::Exact(0)), Class::Mistake);
    /// assert_eq!(Class::of(Value::Exact(1), Value::Exact(-1)), Class::Blunder);
    /// assert_eq!(Class::of(Value::Exact(9), Value::Exact(3)), Class::Blunder);
    /// assert_eq!(Class::of(Value::Exact(3), Value::Exact(3)), Class::Best);
    /// ```
    pub fn of(best: Value, played: Value) -> Class {
        let lost = lost(best, played);
        let by_units = if lost <= 0.0 {
            Class::Best
        } else if lost < GOOD_BELOW {
            Class::Good
        } else if lost < INACCURACY_BELOW {
            Class::Inaccuracy
        } else if lost < MISTAKE_BELOW {
            Class::Mistake
        } else {
            Class::Blunder
        };
        let by_result = match (best.result(), played.result()) {
            (Some(1), Some(-1)) => Class::Blunder,
            (Some(b), Some(p)) if p < b => Class::Mistake,
            _ => Class::Best,
        };
        by_units.max(by_result)
    }

    /// The class's name in the player's language.
    pub fn word(self) -> String {
        match self {
            Class::Best => crate::tr!("review-class-best"),
            Class::Good => crate::tr!("review-class-good"),
            Class::Inaccuracy => crate::tr!("review-class-inaccuracy"),
            Class::Mistake => crate::tr!("review-class-mistake"),
            Class::Blunder => crate::tr!("review-class-blunder"),
        }
    }
}

/// What a move worth `played` lost against the best move worth `best`, in the game's
/// units, never below 0 (a search may see a move deeper than the best's own line).
pub fn lost(best: Value, played: Value) -> f64 {
    match (best.units(), played.units()) {
        (Some(b), Some(p)) => (b - p).max(0.0),
        _ => 0.0,
    }
}
