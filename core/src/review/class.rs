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
        // The loss as shown (to a tenth), so that the class agrees with it.
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
/// units, never below 0 (a search may see a move deeper than the best's own line), to
/// a tenth of a unit: the precision every view shows it at, and what [`Class::of`]
/// classes, so that a loss shown as "1 seed" is never called good (under 1) when its
/// estimate was 0.96 — the player reads the number and the thresholds, and the
/// hundredths of an estimate are the heuristic's noise, not a difference in the moves.
///
/// ```
/// use tavola_core::{analysis::Value, review::lost};
/// assert_eq!(lost(Value::Estimate(2.0), Value::Estimate(1.04)), 1.0);
/// assert_eq!(lost(Value::Estimate(2.0), Value::Estimate(0.77)), 1.2);
/// assert_eq!(lost(Value::Exact(1), Value::Exact(3)), 0.0);
/// ```
pub fn lost(best: Value, played: Value) -> f64 {
    match (best.units(), played.units()) {
        (Some(b), Some(p)) => ((b - p).max(0.0) * 10.0).round() / 10.0,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class agrees with the loss as shown: 0.96 seeds is shown "1" and is an
    /// inaccuracy (1 or more), a loss of 0.04 is shown "0" and is as good as the best.
    #[test]
    fn the_class_follows_the_loss_as_shown() {
        let (best, played) = (Value::Estimate(2.0), Value::Estimate(1.04));
        assert_eq!(lost(best, played), 1.0);
        assert_eq!(Class::of(best, played), Class::Inaccuracy);
        let seeds = game_api::ScoreUnit::new("seed", "seeds");
        let shown = lost(best, played);
        assert_eq!(crate::ai::unit_word(Some(&seeds), shown), "seed");
        let (best, played) = (Value::Estimate(2.0), Value::Estimate(1.96));
        assert_eq!(
            (lost(best, played), Class::of(best, played)),
            (0.0, Class::Best)
        );
        // 3.96 is shown "4": a blunder (4 or more).
        let (best, played) = (Value::Estimate(5.0), Value::Estimate(1.04));
        assert_eq!(Class::of(best, played), Class::Blunder);
    }
}
