//! The game's history as the person walks it: Undo and Redo, jumps in the move list, the
//! arrow keys (←/→, Home/End), Review and Replay, and the one way to branch — a different
//! move played from an earlier point, which says what it replaced and can be swapped back.
//!
//! What keeps it safe:
//! - walking the history never wakes a bot nor throws the dice: after any step the game
//!   *holds* until a person plays a new move or presses Resume (at the end of the record
//!   on a person's turn the hold lifts by itself: nothing would move anyway);
//! - bots and chance play only at the end of the record, never over recorded moves;
//! - Redo plays the recorded move again, never a new one;
//! - a finished game (by its rules, a resignation, an agreed draw, a loss on time) is
//!   read-only: no move can be played in it; Undo at its end steps back into the
//!   review, where Undo and Redo are disabled (the arrows, Home/End and the move list
//!   step through it).

use game_api::Turn;

use super::{FRAME_WAIT, Pending, Table};
use crate::{
    record::RecordedMove,
    session::SeatKind,
    table::{Repaint, Replaced, referee::Ask},
    worker::Request,
};

/// How many of the first `upto` recorded actions are moves of a seat (chance throws are
/// not moves: the move list does not number them).
pub(in crate::app) fn move_count(moves: &[RecordedMove], upto: usize) -> usize {
    crate::record::seat_moves(&moves[..upto.min(moves.len())])
}

impl Table {
    /// Sets the position to the record's first `n` moves (through the worker).
    fn set_position(&mut self, n: usize) {
        if self.pending.is_some() {
            return;
        }
        self.session.set_cursor(n);
        self.shown.turn_sites = (None, Vec::new());
        // What the last move shown made happen is not told of the position jumped to
        // (an Undo, a step back, a review): its event and callouts go.
        self.notes.event = None;
        self.shown.callouts.clear();
        self.dirty = true;
        let moves = self.session.played_ids();
        let Some(remote) = self.remote() else { return };
        match remote.send(Request::Goto { moves }) {
            Ok(id) => {
                self.pending = Some(Pending::Goto { id });
                self.settle(0.0, FRAME_WAIT);
            }
            Err(f) => self.lost_worker(f),
        }
    }

    /// Whether recorded move `i` was played by a person (not a bot, not chance).
    fn by_person(&self, i: usize) -> bool {
        self.session
            .moves()
            .get(i)
            .and_then(|m| m.seat)
            .is_some_and(|s| self.session.seats().get(usize::from(s)) == Some(&SeatKind::Person))
    }

    /// Takes back the last move; against bots, back to the last person's turn. In a
    /// finished game, one step back in its review: the game itself does not change.
    pub fn undo(&mut self) {
        if !self.referee.request(Ask::Takeback) {
            // Over the network a takeback is a request the other side answers.
            self.notes.event = Some(crate::tr!("online-takeback-asked"));
            return;
        }
        if self.session.finished() {
            self.step_back();
            return;
        }
        let any_person = self.session.seats().contains(&SeatKind::Person);
        let mut n = self.session.cursor();
        // The last person's turn, without asking the plugin: the record says who made
        // each move.
        while n > 0 {
            n -= 1;
            if !any_person || self.by_person(n) {
                break;
            }
        }
        self.goto(n);
    }

    /// Replays the recorded next move (and, in a game in progress with a person, the
    /// recorded replies up to that person's next move): never a new move, never a bot.
    pub fn redo(&mut self, now: f64, step_seconds: f64) {
        let people = self.session.seats().contains(&SeatKind::Person);
        self.step_forward(now, step_seconds);
        self.flow.redo_run = people && !self.session.finished();
    }

    /// One recorded move forward (→), held there.
    pub fn step_forward(&mut self, now: f64, step_seconds: f64) {
        self.flow.replaying = false;
        self.flow.redo_run = false;
        self.flow.held = true;
        self.redo_step(now, step_seconds);
    }

    /// One move back (←), held there.
    pub fn step_back(&mut self) {
        if let Some(n) = self.session.cursor().checked_sub(1) {
            self.goto(n);
        }
    }

    /// The last recorded position (End): a finished game's result.
    pub fn to_end(&mut self) {
        self.goto(self.session.moves().len());
    }

    /// Plays the recorded next move, animated.
    fn redo_step(&mut self, now: f64, step_seconds: f64) {
        self.cancel_bot();
        self.skip_animation();
        if let Some(mv) = self.session.next_redo() {
            self.play(mv, now, step_seconds);
        }
    }

    /// Jumps to the position after the record's first `n` actions and holds there.
    pub fn goto(&mut self, n: usize) {
        self.cancel_bot();
        self.shown.animation = None;
        self.flow.hold();
        self.set_position(n);
    }

    /// Replays the game from the start as an autoplay; at its end the game holds.
    pub fn replay(&mut self, now: f64) {
        self.goto(0);
        self.flow.start_replay(now);
    }

    /// Pauses or resumes the bots (and the replay). Resumed at an earlier point of a game
    /// in progress, the recorded moves are replayed first, then the game goes on.
    pub fn pause_resume(&mut self) {
        if self.flow.replaying {
            self.flow.replaying = false;
            self.flow.paused = true;
        } else if self.flow.paused || self.flow.held {
            self.flow.paused = false;
            self.flow.held = false;
            if self.session.can_redo() && !self.session.finished() {
                self.flow.replaying = true;
                self.flow.next_replay_at = 0.0;
            }
        } else {
            self.flow.paused = true;
        }
        if self.flow.paused {
            self.cancel_bot();
        }
        // The clocks' times are saved when the game pauses.
        self.dirty = true;
    }

    /// Whether the bots and the dice wait now: paused, held after a step in the history,
    /// replaying, or not at the end of the record.
    pub fn bots_wait(&self) -> bool {
        self.flow.paused || self.flow.held || self.flow.replaying || self.session.can_redo()
    }

    /// Whether the game holds after a step in its history (until a person moves or
    /// Resume is pressed).
    pub fn held(&self) -> bool {
        self.flow.held
    }

    /// Whether an earlier point of a finished game is shown (read-only).
    pub fn reviewing_finished(&self) -> bool {
        self.session.finished() && self.session.can_redo()
    }

    /// Lifts the hold where nothing would move by itself: the end of the record, a person
    /// to move. Called every frame once no position change is on its way.
    fn release_hold(&mut self) {
        if self.flow.held
            && self.pending.is_none()
            && !self.session.can_redo()
            && let Turn::Seat { seat } = self.position.turn
            && self.session.seats().get(usize::from(seat)) == Some(&SeatKind::Person)
        {
            self.flow.held = false;
        }
    }

    /// Drives the replay and a Redo's recorded replies, once the board has caught up;
    /// returns whether it did (then nothing else moves this frame).
    pub(super) fn drive_history(&mut self, repaint: &dyn Repaint, now: f64, step: f64) -> bool {
        self.release_hold();
        if self.flow.replaying {
            if !self.session.can_redo() {
                self.flow.replaying = false;
            } else if now >= self.flow.next_replay_at {
                self.redo_step(now, step);
                self.flow.next_replay_at = now + 0.6;
            }
            repaint.now();
            return true;
        }
        if self.flow.redo_run {
            let cursor = self.session.cursor();
            if self.session.can_redo() && !self.by_person(cursor) {
                self.redo_step(now, step);
                repaint.now();
                return true;
            }
            self.flow.redo_run = false;
        }
        false
    }

    /// A different move was played at `at`, replacing the recorded `dropped`: the event
    /// line says so, and the replaced moves are kept to be brought back.
    pub(super) fn note_branch(&mut self, at: usize, played: &str, dropped: Vec<RecordedMove>) {
        let Some(first) = dropped.first() else { return };
        self.notes.event = Some(crate::tr!(
            "play-branch",
            played = played.to_owned(),
            replaced = first.notation.clone(),
            count = dropped.len()
        ));
        self.flow.replaced = Some(Replaced {
            at,
            moves: dropped,
            length: self.session.moves().len(),
            swapped: false,
        });
    }

    /// How many moves the last branch replaced, while they can be brought back: until
    /// a move is played after it, or the game is over.
    pub fn replaced_count(&self) -> Option<usize> {
        self.offered_swap().map(|r| r.moves.len())
    }

    /// Whether the moves offered back are the ones played instead, put aside by a
    /// bring-back (the offer then swaps back), while they are offered.
    pub fn replaced_swapped(&self) -> bool {
        self.offered_swap().is_some_and(|r| r.swapped)
    }

    fn offered_swap(&self) -> Option<&Replaced> {
        self.flow
            .replaced
            .as_ref()
            .filter(|r| !self.session.finished() && r.length == self.session.moves().len())
    }

    /// Brings back the moves the last branch replaced, in place of the branch (which is
    /// kept in turn, to swap again): the position is the one before the branch, held.
    pub fn bring_back_replaced(&mut self) {
        if self.pending.is_some() || self.session.finished() {
            return;
        }
        if self.offered_swap().is_none() {
            return;
        }
        let Some(r) = self.flow.replaced.take() else {
            return;
        };
        self.cancel_bot();
        let branch = self.session.swap_tail(r.at, r.moves);
        self.flow.replaced = (!branch.is_empty()).then_some(Replaced {
            at: r.at,
            moves: branch,
            length: self.session.moves().len(),
            swapped: !r.swapped,
        });
        self.goto(r.at);
        self.notes.event = Some(crate::tr!("play-brought-back"));
    }
}
