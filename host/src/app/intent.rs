//! What the person asked for at the table: the drawing code (`play_ui`
//! and the views it calls) only reads the [`Table`] controller and returns
//! [`Intent`]s; the app hands them back to the controller once per frame, which carries
//! them out ([`Table::apply`]). So the views never change the game, and one place
//! ([`Table::enabled`]) decides what the menus, the buttons and the shortcuts allow.

use game_api::{MoveId, SiteId, Turn};

use super::{Command, Table, table::BoardKey};
use crate::session::SeatKind;

/// Something the person asked of the game on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// An app command: a button of the side panel, the summary's Rematch, Back to games…
    Command(Command),
    /// Play this move (its key, or its button in the move bar or beside a site).
    Play(MoveId),
    /// A key pressed for the board: a code's digit or letter, an arrow moving the
    /// board's focus, Enter or Space (see [`BoardKey`]).
    Key(BoardKey),
    /// A click on a site of the board: follows the moves' site paths and plays the move
    /// once it is the only one left.
    ClickSite(SiteId),
    /// The move the person points at (to preview it), or none, in the position
    /// `position` (the controller's count of the positions it has shown): a pointing
    /// that comes after a move played in the same frame is of the position before, and
    /// is dropped.
    Point {
        /// The move pointed at.
        mv: Option<MoveId>,
        /// The position it was pointed at in.
        position: u64,
    },
    /// Show the position after the record's first `n` actions (the move list).
    Goto(usize),
    /// Who plays a seat from now on.
    SetSeat(usize, SeatKind),
    /// Bring back the moves the last branch replaced.
    BringBack,
    /// Build the endgame tables offered.
    PrepareTables,
    /// Play this game without the endgame tables offered.
    DeclineTables,
    /// Play without them and never offer this game's again (remembered).
    NeverOfferTables,
    /// Close the end-of-game summary (it can be shown again).
    CloseSummary,
    /// Show the end-of-game summary again.
    ShowSummary,
    /// Review the finished game from its start.
    Review,
    /// Start the failed plugin again, from the last move kept.
    RestartPlugin,
    /// The answer to the question asked (resign? accept the draw?).
    Answer(bool),
}

impl Table {
    /// Whether `command` can be carried out now: the one answer the menus, the side
    /// panel's buttons and the keyboard shortcuts share. Commands that do not concern
    /// the game on screen are always allowed here (the app decides on those).
    pub fn enabled(&self, command: Command) -> bool {
        if let Some(enabled) = self.enabled_following(command) {
            return enabled;
        }
        let failed = self.notes.failure.is_some();
        match command {
            // A finished game reviewed at a past move is read-only: nothing to take back
            // or redo there (its buttons are hidden; the arrows and the move list step).
            Command::Undo | Command::Redo if self.reviewing_finished() => false,
            Command::Undo => !failed && self.session.can_undo(),
            Command::Redo | Command::Forward | Command::ToEnd => !failed && self.session.can_redo(),
            Command::Back | Command::ToStart => !failed && self.session.cursor() > 0,
            Command::Hint => {
                !failed && matches!(self.position.turn, Turn::Seat { .. }) && !self.is_over()
            }
            Command::PauseResume => !failed && (!self.is_over() || self.flow.replaying),
            Command::Replay => !failed && (self.session.cursor() > 0 || self.session.can_redo()),
            Command::SkipAnimation => self.shown.animation.is_some(),
            Command::Resign | Command::OfferDraw => !failed && self.person_seat().is_some(),
            _ => true,
        }
    }

    /// Carries out what the person asked; returns the app command it comes to, if any
    /// (the app carries those out: a new game, a rematch…).
    pub fn apply(&mut self, intent: Intent, now: f64, step_seconds: f64) -> Option<Command> {
        match intent {
            Intent::Command(command) => return Some(command),
            Intent::Play(mv) => {
                if self.person_to_move() && self.candidates().iter().any(|m| m.id == mv) {
                    self.play(mv, now, step_seconds);
                }
            }
            Intent::ClickSite(site) => self.click_site(site, now, step_seconds),
            Intent::Key(key) => self.board_key(key, now, step_seconds),
            Intent::Point { mv, position } => {
                let current = position == self.position.count && self.pending.is_none();
                self.point_at(mv.filter(|_| current));
            }
            // Walking the history needs the worker: not while the plugin has failed
            // (the game restarts from the move it was kept at).
            Intent::Goto(_) | Intent::Review | Intent::BringBack
                if self.notes.failure.is_some() => {}
            // A network game's history and seats are the network side's.
            Intent::Goto(_) | Intent::Review | Intent::BringBack | Intent::SetSeat(..)
                if !self.referee.history_here() => {}
            Intent::Goto(n) => self.goto(n),
            Intent::SetSeat(seat, kind) => {
                if self.session.seats().get(seat).is_some_and(|k| *k != kind) {
                    self.set_seat(seat, kind);
                }
            }
            Intent::BringBack => self.bring_back_replaced(),
            Intent::PrepareTables => self.prepare_tables(),
            Intent::DeclineTables => self.searches.endgame.decline(),
            Intent::NeverOfferTables => self.searches.endgame.decline_for_good(),
            Intent::CloseSummary => self.notes.summary_closed = true,
            Intent::ShowSummary => self.notes.summary_closed = false,
            Intent::Review => {
                self.goto(0);
                self.notes.event = Some(crate::tr!("over-reviewing"));
                // The review screen opens beside the board (see `app::review`).
                return Some(Command::Review);
            }
            Intent::RestartPlugin => {
                if self.notes.failure.is_some() && !self.restarting() {
                    self.begin_restart();
                }
            }
            Intent::Answer(yes) => {
                if self.notes.asking.is_some() {
                    self.answer(yes);
                }
            }
        }
        None
    }

    /// Called once the play view was drawn this frame: while the board was visible, the
    /// clocks may run from the next frame on.
    pub fn drawn(&mut self) {
        self.clocks.drawn();
    }
}
