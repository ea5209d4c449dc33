//! The players' clocks: each seat has a time for the whole game and gains an increment
//! after each of its moves; the clock of the seat to move runs while the game runs and
//! its board is on screen — not while it is paused, reviewed, waiting for the plugin or
//! animating a move, nor while the chooser, the Plugins panel or a dialog hides the board
//! (and after that, only once the board has been drawn again: a restored game's clock
//! starts once its board is seen). A seat whose time runs out loses; under a tenth of its
//! time (at least 10 s, at most a minute) its clock warns. The times are kept in the
//! record, so a saved game comes back with them.

use game_api::Turn;

use super::Table;
use crate::{
    ending::{ClockState, Ending},
    table::Repaint,
};

impl Table {
    /// Gives the game clocks: `per_game_ms` for each seat, plus `increment_ms` after
    /// each move.
    pub fn start_clock(&mut self, per_game_ms: u64, increment_ms: u64) {
        let seats = self.session.seats().len();
        self.session.set_clock(Some(ClockState::new(
            seats,
            per_game_ms.max(1),
            increment_ms,
        )));
        self.clocks.stop();
        self.dirty = true;
    }

    /// Sets the time `seat` has left, in milliseconds (a hand-set clock; tests).
    pub fn set_clock_left(&mut self, seat: u8, ms: u64) {
        if let Some(left) = self
            .session
            .clock_mut()
            .and_then(|c| c.left_ms.get_mut(usize::from(seat)))
        {
            *left = ms;
            self.dirty = true;
        }
    }

    /// The seat whose clock runs now, if any.
    pub fn clock_running(&self) -> Option<u8> {
        let Turn::Seat { seat } = self.position.turn else {
            return None;
        };
        let runs = self.session.clock().is_some()
            && !self.flow.paused
            && !self.flow.replaying
            && !self.is_over()
            && self.notes.failure.is_none()
            && self.pending.is_none()
            && self.shown.animation.is_none()
            && self.notes.asking.is_none()
            && !self.held()
            && self.clocks.watched()
            && !self.session.can_redo();
        runs.then_some(seat)
    }

    /// Says whether the board can be seen this frame (the app's screen shows it, no
    /// dialog hides it, the window is not minimised). Hidden, the clocks stop; shown
    /// again, they start once the board has been drawn.
    pub fn set_visible(&mut self, visible: bool) {
        self.clocks.set_visible(visible);
    }

    /// Whether `seat`'s time is low: under a tenth of the game's time, at least 10 s and
    /// at most a minute.
    pub fn low_on_time(&self, seat: u8) -> bool {
        let Some(clock) = self.session.clock() else {
            return false;
        };
        let limit = low_time(clock.per_game_ms);
        clock
            .left_ms
            .get(usize::from(seat))
            .is_some_and(|&left| left < limit)
    }

    /// Runs the clock of the seat to move up to `now` (seconds); a seat out of time loses.
    pub(super) fn tick_clock(&mut self, repaint: &dyn Repaint, now: f64) {
        let Some(seat) = self.clock_running() else {
            self.clocks.stop();
            return;
        };
        let spent = self.clocks.spent_ms(now);
        let Some(clock) = self.session.clock_mut() else {
            return;
        };
        let Some(left) = clock.left_ms.get_mut(usize::from(seat)) else {
            return;
        };
        let low = low_time(clock.per_game_ms);
        let before = *left;
        *left = left.saturating_sub(spent);
        if before >= low && *left < low {
            crate::sound::play(game_api::SoundEvent::LowTime);
        }
        if *left == 0 {
            self.end_by(Ending::Time { seat });
        } else {
            repaint.after(std::time::Duration::from_millis(100));
        }
    }

    /// After `seat` moved at the end of the game: its increment.
    pub(super) fn clock_after_move(&mut self, seat: u8) {
        if let Some(clock) = self.session.clock_mut()
            && let Some(left) = clock.left_ms.get_mut(usize::from(seat))
        {
            *left = left.saturating_add(clock.increment_ms);
        }
        self.clocks.stop();
    }
}

/// Under how many milliseconds a seat's time is low: a tenth of the game's time, at
/// least 10 s and at most a minute.
fn low_time(per_game_ms: u64) -> u64 {
    (per_game_ms / 10).clamp(10_000, 60_000)
}
