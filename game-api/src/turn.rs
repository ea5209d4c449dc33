use serde::{Deserialize, Serialize};

use crate::MoveId;

/// Whose turn it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "turn", rename_all = "snake_case")]
pub enum Turn {
    /// The seat with this index chooses one of the legal moves.
    Seat {
        /// The seat, from 0.
        seat: u8,
    },
    /// Chance picks one of these outcomes with these exact probabilities (they sum to 1).
    /// The outcomes are the legal moves of the position; the host's seeded generator (or
    /// a person) picks one and it is recorded like any move.
    Chance {
        /// The outcomes.
        outcomes: Vec<ChanceOutcome>,
    },
    /// The game is over.
    Over {
        /// The result.
        outcome: Outcome,
    },
}

/// One outcome of a chance event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceOutcome {
    /// The move that applies this outcome.
    pub mv: MoveId,
    /// Its exact probability.
    pub probability: Probability,
}

/// An exact probability `num / den`.
///
/// ```
/// let p = game_api::Probability::new(6, 16);
/// assert_eq!(p.as_f64(), 0.375);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Probability {
    /// Numerator.
    pub num: u32,
    /// Denominator, at least 1.
    pub den: u32,
}

impl Probability {
    /// `num / den`.
    pub const fn new(num: u32, den: u32) -> Self {
        Probability { num, den }
    }

    /// The probability as a float.
    pub fn as_f64(self) -> f64 {
        f64::from(self.num) / f64::from(self.den.max(1))
    }
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatOutcome>,
}

impl Outcome {
    /// The returns used by search: +1 for a win, 0 for a draw, −1 for a loss, per seat.
    pub fn returns(&self) -> Vec<f64> {
        self.seats
            .iter()
            .map(|s| match s.result {
                GameResult::Win => 1.0,
                GameResult::Draw => 0.0,
                GameResult::Loss => -1.0,
            })
            .collect()
    }

    /// An outcome from per-seat scores: the highest score wins; equal highest scores draw.
    pub fn from_scores(scores: &[i64]) -> Self {
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = scores.iter().filter(|&&s| s == best).count();
        Outcome {
            seats: scores
                .iter()
                .map(|&score| SeatOutcome {
                    result: if score < best {
                        GameResult::Loss
                    } else if winners > 1 {
                        GameResult::Draw
                    } else {
                        GameResult::Win
                    },
                    score,
                })
                .collect(),
        }
    }

    /// The first seat's score minus the best other seat's score.
    pub fn margin(&self) -> i64 {
        let first = self.seats.first().map_or(0, |s| s.score);
        let other = self
            .seats
            .iter()
            .skip(1)
            .map(|s| s.score)
            .max()
            .unwrap_or(0);
        first - other
    }
}

/// One seat's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatOutcome {
    /// Won, drew or lost.
    pub result: GameResult,
    /// The seat's final score (seeds in store, points).
    pub score: i64,
}

/// Won, drew or lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Won.
    Win,
    /// Drew.
    Draw,
    /// Lost.
    Loss,
}
