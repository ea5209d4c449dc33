//! The player's rating in the puzzle trainer: Glicko-2 (the `skillratings` crate), each
//! attempt a rating period against the puzzle, whose own rating comes from its
//! difficulty ([`puzzle_rating`]).
//!
//! ```
//! use tavola_core::puzzles::{Rating, rate_attempt};
//! let player = Rating::default();
//! let puzzle = Rating::puzzle(1600.0);
//! let won = rate_attempt(&player, &puzzle, true);
//! let lost = rate_attempt(&player, &puzzle, false);
//! assert!(won.rating > player.rating && lost.rating < player.rating);
//! ```

use serde::{Deserialize, Serialize};
use skillratings::{
    Outcomes,
    glicko2::{Glicko2Config, Glicko2Rating, glicko2},
};

use super::{Puzzle, Theme};

/// A Glicko-2 rating: the value, its deviation (how unsure it is) and its volatility.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating, 1500 at first.
    pub rating: f64,
    /// The rating deviation, 350 at first (unsure), smaller as attempts accumulate.
    pub deviation: f64,
    /// The volatility, 0.06 at first.
    pub volatility: f64,
}

/// A puzzle's rating deviation: a puzzle's rating is taken as known well.
pub const PUZZLE_DEVIATION: f64 = 80.0;

impl Default for Rating {
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl Rating {
    /// A puzzle's rating: `rating`, with the puzzles' deviation.
    pub fn puzzle(rating: f64) -> Self {
        Rating {
            rating,
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        }
    }

    /// Whether every number is finite and in its range (a stored rating is checked).
    pub fn is_sane(&self) -> bool {
        self.rating.is_finite()
            && self.deviation.is_finite()
            && self.volatility.is_finite()
            && (0.0..=10_000.0).contains(&self.rating)
            && self.deviation > 0.0
            && self.deviation <= 1_000.0
            && self.volatility > 0.0
            && self.volatility < 10.0
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The player's rating after one attempt at a puzzle rated `puzzle`: solved (a win) or
/// not (a loss). One attempt is one Glicko-2 rating period (the default system
/// constant, τ = 0.5).
pub fn rate_attempt(player: &Rating, puzzle: &Rating, solved: bool) -> Rating {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (after, _) = glicko2(
        &(*player).into(),
        &(*puzzle).into(),
        &outcome,
        &Glicko2Config::new(),
    );
    after.into()
}

/// A puzzle's rating from its difficulty, between 900 and 2300. It grows with what the
/// solver has to tell apart, read from the puzzle's exact values alone:
///
/// - the legal moves: each move beyond two is one more wrong answer (+80 each);
/// - how little the second best move loses: `+700 / gap` (a gap of one seed is the
///   hardest, +700; a move that loses ten seeds more is easy to rule out, +70);
/// - the moves that lose at most two seeds: each such near-miss +60;
/// - for a puzzle judged on results ([`Puzzle::results`]), the gap is in results (a
///   draw where the solution wins is a gap of one, the hardest) and a near-miss is a
///   move one result below the solution's;
/// - a quiet solution (no theme: nothing captured, no extra turn) +120, since nothing on
///   the board points at it.
///
/// The same puzzle always has the same rating.
pub fn puzzle_rating(puzzle: &Puzzle) -> f64 {
    let best = puzzle.value().unwrap_or(0);
    let others: Vec<i32> = puzzle
        .values
        .iter()
        .filter(|(m, _)| *m != puzzle.solution)
        .map(|(_, v)| best - v)
        .collect();
    let moves = puzzle.values.len() as f64;
    let gap = others.iter().copied().min().unwrap_or(0).max(1) as f64;
    let near_limit = if puzzle.results { 1 } else { 2 };
    let near = others.iter().filter(|&&loss| loss <= near_limit).count() as f64;
    let quiet = puzzle.themes.iter().all(|t| *t == Theme::Endgame);
    let rating = 900.0
        + 80.0 * (moves - 2.0).max(0.0)
        + 700.0 / gap
        + 60.0 * near
        + if quiet { 120.0 } else { 0.0 };
    rating.clamp(900.0, 2300.0).round()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(values: &[(&str, i32)], themes: Vec<Theme>) -> Puzzle {
        Puzzle {
            position: "x".into(),
            solution: values[0].0.into(),
            themes,
            values: values.iter().map(|(m, v)| (m.to_string(), *v)).collect(),
            results: false,
        }
    }

    #[test]
    fn a_solved_puzzle_raises_the_rating_and_a_failed_one_lowers_it() {
        let player = Rating::default();
        let hard = Rating::puzzle(1900.0);
        let easy = Rating::puzzle(1100.0);
        let won_hard = rate_attempt(&player, &hard, true);
        let won_easy = rate_attempt(&player, &easy, true);
        let lost_easy = rate_attempt(&player, &easy, false);
        assert!(won_hard.rating > won_easy.rating && won_easy.rating > player.rating);
        assert!(lost_easy.rating < player.rating);
        // Each attempt makes the rating surer.
        assert!(won_hard.deviation < player.deviation);
        // Losing to an easy puzzle costs more than losing to a hard one.
        let lost_hard = rate_attempt(&player, &hard, false);
        assert!(player.rating - lost_easy.rating > player.rating - lost_hard.rating);
    }

    #[test]
    fn many_attempts_settle_the_rating() {
        let mut r = Rating::default();
        for i in 0..40 {
            r = rate_attempt(&r, &Rating::puzzle(1500.0), i % 2 == 0);
        }
        assert!(r.is_sane());
        assert!((r.rating - 1500.0).abs() < 120.0, "{r:?}");
        assert!(r.deviation < 120.0, "{r:?}");
    }

    #[test]
    fn a_puzzle_is_harder_when_the_other_moves_lose_little() {
        let clear = puzzle(&[("a", 10), ("b", -10), ("c", -12)], vec![Theme::Capture]);
        let close = puzzle(
            &[("a", 2), ("b", 1), ("c", 0), ("d", -4), ("e", -6)],
            vec![Theme::Capture],
        );
        let quiet = puzzle(&[("a", 10), ("b", -10), ("c", -12)], vec![]);
        assert!(puzzle_rating(&close) > puzzle_rating(&clear));
        assert_eq!(puzzle_rating(&quiet) - puzzle_rating(&clear), 120.0);
        assert!((900.0..=2300.0).contains(&puzzle_rating(&close)));
    }
}
