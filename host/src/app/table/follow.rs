//! A game played over the network, at this table: its referee is a
//! [`NetworkReferee`]. The game is held once: the network side (`crate::net`, on a
//! thread of its own) checks every move through this table's own worker
//! (`app/online_worker.rs`), and what it played comes here as [`Step`]s — a move with
//! its effects and the position it reached, or a position gone back to (a takeback) —
//! shown as the table shows its own moves, animated; nothing is played twice. Remote
//! seats ([`SeatKind::Remote`](crate::session::SeatKind::Remote)) are waited for as
//! bots are. A person's move is not played here: the referee sends it to the network
//! side as its notation ([`Table::take_lines`]), which checks it and plays it (a step
//! then). The record is held once too: the table's session follows the network side's
//! record ([`Session::following`](crate::session::Session::following)), the one the
//! network side writes and saves, with its moves' times and endings (a resignation, an
//! agreed draw, a loss on time); a step moves the session's cursor along it, and nothing
//! is written to it from here.

use game_api::{MoveId, Turn};

use super::Table;
use crate::{app::online_worker::Step, table::NetworkReferee};

impl Table {
    /// Makes this table show a game played over the network (see the module): its
    /// referee is the network side's, and its worker, lent to the network side, is
    /// never started again here (a second worker would hold the game twice).
    pub(in crate::app) fn follow_network(&mut self) {
        self.referee = Box::new(NetworkReferee::default());
        self.link.starter = std::sync::Arc::new(|_| {
            Err(crate::worker::WorkerError::Failed(
                crate::worker::WorkerFailure::Spawn(crate::tr!("online-no-restart")),
            ))
        });
        self.flow.paused = false;
        self.flow.held = false;
    }

    /// Whether this table's history and seats are its own (not a network game's).
    pub fn history_here(&self) -> bool {
        self.referee.history_here()
    }

    /// The network side says the person is to move (`true`), or that the game changed
    /// (`false`, until it says so again).
    pub(in crate::app) fn set_your_turn(&mut self, yours: bool) {
        self.referee.your_turn(yours);
    }

    /// The lines for the network side since the last call.
    pub(in crate::app) fn take_lines(&mut self) -> Vec<String> {
        self.referee.take_lines()
    }

    /// Whether the table can take the network side's next step now: nothing on its way
    /// or animated, the game's plugin not failed.
    pub(in crate::app) fn ready_for_step(&self) -> bool {
        !self.referee.history_here()
            && self.pending.is_none()
            && self.shown.animation.is_none()
            && self.notes.failure.is_none()
    }

    /// Shows what the network side played: a move (animated over `step_seconds` a
    /// step), or the position gone back to.
    pub(in crate::app) fn follow(&mut self, step: Step, now: f64, step_seconds: f64) {
        match step {
            Step::Played {
                mv,
                effects,
                snapshot,
                ..
            } => {
                let mv = MoveId(mv);
                let Some(info) = self.position.moves.iter().find(|m| m.id == mv).cloned() else {
                    self.notes.error = Some(crate::tr!("play-move-not-legal", number = mv.0));
                    return;
                };
                let seat = match self.position.turn {
                    Turn::Seat { seat } => Some(seat),
                    _ => None,
                };
                self.cancel_bot();
                self.played(mv, info, seat, effects, snapshot, now, step_seconds);
            }
            Step::Went { snapshot, moves } => {
                // The record was cut back there by the network side already.
                self.cancel_bot();
                self.session.set_cursor(moves.len());
                self.shown.animation = None;
                self.shown.callouts.clear();
                self.shown.turn_sites = (None, Vec::new());
                self.show(snapshot);
                self.flow.held = false;
                self.notes.event = None;
                self.dirty = true;
            }
        }
    }

    /// Whether this table shows every move of the record it follows (the network
    /// side's, as it is now).
    pub(in crate::app) fn shows_all(&self) -> bool {
        self.session.cursor() == self.session.record_len()
    }

    /// Once this table shows every move of the record, takes the record's ending (a
    /// resignation, an agreed draw, a loss on time), which the network side wrote: the
    /// table stops its searches and its status line says how the game ended, once.
    pub(in crate::app) fn follow_record(&mut self) {
        if !self.shows_all() {
            return;
        }
        let ending = self.session.ending();
        if ending.is_some() && self.notes.ended != ending {
            self.notes.ended = ending;
            if let Some(ending) = ending {
                self.end_by(ending);
            }
        }
    }

    /// The network side said something (an answer, a player gone or back): the table's
    /// own line saying that a request waits for its answer is out of date.
    pub(in crate::app) fn heard(&mut self) {
        let waiting = [
            crate::tr!("online-takeback-asked"),
            crate::tr!("online-draw-offered"),
        ];
        if self
            .notes
            .event
            .as_ref()
            .is_some_and(|e| waiting.contains(e))
        {
            self.notes.event = None;
        }
    }

    /// Whether `command` can be carried out at a network game's table (`None`: not a
    /// network game, the table's usual answer holds). The history is the network
    /// side's: only a takeback request (Undo, when the person has a move to take back),
    /// a resignation and a draw offer, for a person who plays a seat of a game not over.
    pub(in crate::app) fn enabled_following(&self, command: crate::app::Command) -> Option<bool> {
        use crate::app::Command;
        if self.referee.history_here() {
            return None;
        }
        // The network side reads the person's lines in their turn only: a request made
        // in another's turn would wait there, and be read as meant for a later one.
        let playing = self.notes.failure.is_none()
            && !self.is_over()
            && self.person_seat().is_some()
            && self.referee.person_may_move();
        Some(match command {
            Command::Undo => {
                playing
                    && self
                        .person_seat()
                        .is_some_and(|s| self.session.moves().iter().any(|m| m.seat == Some(s)))
            }
            Command::Resign | Command::OfferDraw => playing,
            Command::SkipAnimation => self.shown.animation.is_some(),
            Command::FlipBoard => true,
            _ => false,
        })
    }
}
