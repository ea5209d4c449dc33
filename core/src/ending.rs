//! Ends of a game the rules do not decide: a resignation, a draw agreed between the
//! players, a loss on time; and the state of the players' clocks. Both are kept in the
//! record (see [`Record`](crate::record::Record)), so a game resigned is saved finished and
//! a game with clocks is restored with the time each seat had left.

use game_api::{GameResult, Outcome, SeatOutcome};
use serde::{Deserialize, Serialize};

/// How a game ended outside its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Ending {
    /// This seat resigned: it loses, every other seat wins.
    Resigned {
        /// The seat that resigned.
        seat: u8,
    },
    /// The players agreed to a draw.
    AgreedDraw,
    /// This seat's clock ran out: it loses, every other seat wins.
    Time {
        /// The seat whose time ran out.
        seat: u8,
    },
    /// This seat lost by forfeit in a network game: its player left for good (did not
    /// come back within the stated time) or broke the protocol (a forged move, a flag its
    /// clock did not show, a reveal that did not come); every other seat wins.
    Forfeit {
        /// The seat that forfeited.
        seat: u8,
    },
}

impl Ending {
    /// The result of a game of `seats` seats ended this way (scores are all 0: the game
    /// was not played to its scoring end).
    pub fn outcome(self, seats: usize) -> Outcome {
        let result = |i: usize| match self {
            Ending::AgreedDraw => GameResult::Draw,
            Ending::Resigned { seat } | Ending::Time { seat } | Ending::Forfeit { seat }
                if usize::from(seat) == i =>
            {
                GameResult::Loss
            }
            Ending::Resigned { .. } | Ending::Time { .. } | Ending::Forfeit { .. } => {
                GameResult::Win
            }
        };
        Outcome {
            seats: (0..seats)
                .map(|i| SeatOutcome {
                    result: result(i),
                    score: 0,
                })
                .collect(),
        }
    }

    /// How it ended, in words: "North resigned", "Draw agreed", "South lost on time".
    pub fn describe(self, names: &[String]) -> String {
        let name = |seat: u8| {
            names
                .get(usize::from(seat))
                .cloned()
                .unwrap_or_else(|| crate::tr!("seat-number", number = seat + 1))
        };
        match self {
            Ending::Resigned { seat } => crate::tr!("ending-resigned", seat = name(seat)),
            Ending::AgreedDraw => crate::tr!("ending-draw-agreed"),
            Ending::Time { seat } => crate::tr!("ending-time", seat = name(seat)),
            Ending::Forfeit { seat } => crate::tr!("ending-forfeit", seat = name(seat)),
        }
    }
}

/// The players' clocks: the time for the whole game, the increment after each move, and
/// the time each seat has left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Each seat's time for the whole game, in milliseconds.
    pub per_game_ms: u64,
    /// Added to a seat's time after each of its moves, in milliseconds.
    pub increment_ms: u64,
    /// The time each seat has left, in milliseconds, in seat order.
    pub left_ms: Vec<u64>,
}

impl ClockState {
    /// Fresh clocks for `seats` seats.
    pub fn new(seats: usize, per_game_ms: u64, increment_ms: u64) -> Self {
        ClockState {
            per_game_ms,
            increment_ms,
            left_ms: vec![per_game_ms; seats],
        }
    }
}

/// A duration as a clock shows it: `4:05`, `1:02:03`, and tenths under ten seconds
/// (`0:07.3`).
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else if s < 10 {
        format!("{m}:{sec:02}.{}", (ms % 1000) / 100)
    } else {
        format!("{m}:{sec:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resignation_loses_for_its_seat_only_and_a_draw_is_drawn_for_all() {
        let o = Ending::Resigned { seat: 1 }.outcome(3);
        let results: Vec<GameResult> = o.seats.iter().map(|s| s.result).collect();
        assert_eq!(
            results,
            [GameResult::Win, GameResult::Loss, GameResult::Win]
        );
        let o = Ending::AgreedDraw.outcome(2);
        assert!(o.seats.iter().all(|s| s.result == GameResult::Draw));
        let names = vec!["South".to_owned(), "North".to_owned()];
        assert_eq!(
            Ending::Time { seat: 0 }.describe(&names),
            "South lost on time"
        );
    }

    #[test]
    fn endings_and_clocks_round_trip_through_json() {
        for e in [
            Ending::Resigned { seat: 1 },
            Ending::AgreedDraw,
            Ending::Time { seat: 2 },
            Ending::Forfeit { seat: 0 },
        ] {
            let text = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<Ending>(&text).unwrap(), e);
        }
        let c = ClockState::new(2, 300_000, 5_000);
        let text = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<ClockState>(&text).unwrap(), c);
    }

    #[test]
    fn clocks_read_as_people_read_them() {
        assert_eq!(clock_text(245_000), "4:05");
        assert_eq!(clock_text(3_723_000), "1:02:03");
        assert_eq!(clock_text(7_340), "0:07.3");
    }
}
