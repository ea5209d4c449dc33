//! Game clocks across the network. The host chooses a time control and its offer says
//! it; each side runs the clock of the seat to move on its own monotonic clock, and a
//! move carries the time its mover spent on it
//! ([`NetMove::spent_ms`](super::message::NetMove::spent_ms)), which the receiver
//! accepts only within the latency allowance of what it measured itself, neither more
//! nor less (`referee::clock_claim`). The time each seat has left is
//! then a function of the moves alone ([`TimeControl::left`]), so every side computes
//! the same clocks, a takeback gives the time back, and a side that comes back from its
//! record has them.
//!
//! A seat whose time runs out loses (`Ending::Time`), declared only by a side whose own
//! clock shows it: the mover's own side as soon as its clock runs out
//! (`Message::Flag`); a move that claims more time than the seat had is taken as the
//! same; and the other sides, should the mover's side say nothing, once the mover's time
//! and the latency allowance have passed on their own clocks. A flag another side sends
//! for a seat not its own is accepted only when this side's clock shows it too
//! (`referee::flag`); an early or forged one is refused and reported.

use serde::{Deserialize, Serialize};

use tavola_core::record::RecordedMove;

/// A time control: each seat's time for the whole game, and the time added after each
/// of its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each seat's time for the game, in milliseconds.
    pub per_game_ms: u64,
    /// Added to a seat's time after each of its moves, in milliseconds.
    pub increment_ms: u64,
}

/// What is wrong with a time control's text ([`TimeControl::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not two numbers joined by `+`.
    #[error("`{0}` is not MINUTES+SECONDS (e.g. 5+3)")]
    Form(String),
    /// Numbers out of range.
    #[error("`{0}`: from a moment to 1,440 minutes a seat, and at most 3,600 seconds a move")]
    Range(String),
}

impl TimeControl {
    /// Reads `MINUTES+SECONDS` (`5+3`: five minutes a seat, three seconds added per
    /// move; the minutes may have a fraction, `0.5+0`).
    ///
    /// ```
    /// use tavola_net::TimeControl;
    ///
    /// let t = TimeControl::parse("5+3").unwrap();
    /// assert_eq!((t.per_game_ms, t.increment_ms), (300_000, 3_000));
    /// assert!(TimeControl::parse("5").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, TimeControlError> {
        let usage = || TimeControlError::Form(text.to_owned());
        let (minutes, seconds) = text.trim().split_once('+').ok_or_else(usage)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| usage())?;
        let seconds: u64 = seconds.trim().parse().map_err(|_| usage())?;
        if !(minutes > 0.0 && minutes <= 24.0 * 60.0) || seconds > 3600 {
            return Err(TimeControlError::Range(text.to_owned()));
        }
        Ok(TimeControl {
            per_game_ms: (minutes * 60_000.0).round() as u64,
            increment_ms: seconds * 1000,
        })
    }

    /// The time each of `seats` seats has left after `moves` (each of a seat's moves
    /// costs what it spent, then earns the increment); `Err(seat)` for the first seat
    /// whose move spent more than it had.
    ///
    /// ```
    /// use tavola_core::record::RecordedMove;
    /// use tavola_net::TimeControl;
    ///
    /// let t = TimeControl { per_game_ms: 10_000, increment_ms: 1_000 };
    /// let mv = |seat, spent| RecordedMove {
    ///     id: 0, notation: "a".into(), seat: Some(seat), at_ms: None, check: None,
    ///     spent_ms: Some(spent), notes: Default::default(),
    /// };
    /// assert_eq!(t.left(2, &[mv(0, 4_000), mv(1, 500)]), Ok(vec![7_000, 10_500]));
    /// assert_eq!(t.left(2, &[mv(0, 12_000)]), Err(0));
    /// ```
    pub fn left(&self, seats: usize, moves: &[RecordedMove]) -> Result<Vec<u64>, u8> {
        let mut left = vec![self.per_game_ms; seats];
        for m in moves {
            let Some(seat) = m.seat else { continue };
            let Some(time) = left.get_mut(usize::from(seat)) else {
                continue;
            };
            let spent = m.spent_ms.unwrap_or(0);
            if spent > *time {
                return Err(seat);
            }
            *time = *time - spent + self.increment_ms;
        }
        Ok(left)
    }
}

impl super::table::Table {
    /// Gives the game clocks under `clock` (none: no clocks), kept in the record too.
    pub(super) fn set_clock(&mut self, clock: Option<TimeControl>) {
        self.clock = clock;
        let seats = usize::from(self.snapshot.seat_count);
        self.record.write(|r| {
            r.clock = clock.map(|c| {
                tavola_core::ending::ClockState::new(seats, c.per_game_ms, c.increment_ms)
            });
        });
    }

    /// The time each seat has left after the moves so far (none without clocks, or
    /// once a seat's time ran out).
    pub(super) fn time_left(&self) -> Option<Vec<u64>> {
        let clock = self.clock?;
        let seats = usize::from(self.snapshot.seat_count);
        self.record.read(|r| clock.left(seats, &r.moves)).ok()
    }

    /// Whether a move of `seat` that took `spent` ms comes after its time ran out.
    pub(super) fn out_of_time(&self, seat: u8, spent: u64) -> bool {
        self.time_left()
            .and_then(|left| left.get(usize::from(seat)).copied())
            .is_some_and(|left| spent > left)
    }

    /// Whether `seat`, to move, has been thinking longer than its time and `slack` ms.
    pub(super) fn flag_due(&self, seat: u8, slack: u64) -> bool {
        self.seat_to_move() == Some(seat)
            && self.out_of_time(
                seat,
                (self.turn_started.elapsed().as_millis() as u64).saturating_sub(slack),
            )
    }

    /// Ends the game: `seat`'s time ran out. Saved.
    pub(super) fn flag(&mut self, seat: u8) -> Result<(), super::table::TableError> {
        self.end(tavola_core::ending::Ending::Time { seat });
        self.save()
    }
}
