//! A game played over the network, at this table: its referee is a
//! [`NetworkReferee`]. The network side (`crate::net`, on a thread of its own) keeps the
//! game's record; the table follows it. Remote seats
//! ([`SeatKind::Remote`](crate::session::SeatKind::Remote)) are waited for as bots are;
//! their moves, the chance outcomes (drawn from the seed both sides fixed) and takebacks
//! come in the record and are played again here, animated, by the table's worker. A
//! person's move is not played here: the referee sends it to the network side as its
//! notation ([`Table::take_lines`]) and it comes back in the record once every side has
//! checked it. So the table never runs ahead of the game both sides agree on, and
//! everything the table shows (the board, the move list, its events) is drawn as for a
//! game at one table.
//!
//! (The network side still checks the moves in a worker of its own: the game is held
//! twice, and a move it accepted that this table's worker refuses breaks the table off
//! with a message. Holding it once is issue 48's part 2, not done yet: the network side
//! now plays through [`NetGame`](crate::net::game::NetGame), the seam where this table is
//! to come in instead of that second worker.)

use game_api::MoveId;

use super::Table;
use crate::{
    record::{Record, RecordedMove},
    table::NetworkReferee,
};

impl Table {
    /// Makes this table follow a game played over the network (see the module): its
    /// referee is the network side's.
    pub(in crate::app) fn follow_network(&mut self) {
        self.referee = Box::new(NetworkReferee::default());
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

    /// Why the table stopped following the game, if it did.
    pub fn follow_broken(&self) -> Option<&str> {
        self.referee.broken()
    }

    /// The lines for the network side since the last call.
    pub(in crate::app) fn take_lines(&mut self) -> Vec<String> {
        self.referee.take_lines()
    }

    /// One step towards `target`, the network side's record: a takeback goes back to
    /// the last move both agree on, a new move is played (animated when it is the last
    /// one; a table that catches up on several plays them at once), an ending (a
    /// resignation, an agreed draw, a loss on time) ends the game here too. Nothing while
    /// a move is on its way or animated.
    pub(in crate::app) fn follow(&mut self, target: &Record, now: f64, step_seconds: f64) {
        if self.referee.history_here()
            || self.referee.broken().is_some()
            || self.pending.is_some()
            || self.shown.animation.is_some()
            || self.notes.failure.is_some()
        {
            return;
        }
        let cursor = self.session.cursor();
        let same = |a: &RecordedMove, b: &RecordedMove| a.id == b.id && a.notation == b.notation;
        let ours = &self.session.moves()[..cursor];
        let common = ours
            .iter()
            .zip(&target.moves)
            .take_while(|(a, b)| same(a, b))
            .count();
        let synced = common == cursor && common == target.moves.len();
        if self.referee.synced(synced) {
            self.session.take_times(&target.moves);
        }
        if common < cursor || self.session.moves().len() > cursor {
            // A takeback: back to the last move both have.
            self.session.set_ending(None);
            self.session.swap_tail(common, Vec::new());
            self.goto(common);
            self.flow.held = false;
            self.notes.event = None;
            return;
        }
        if let Some(next) = target.moves.get(common) {
            let behind = target.moves.len() - common;
            let mv = MoveId(next.id);
            if !self
                .position
                .moves
                .iter()
                .any(|m| m.id == mv && m.notation == next.notation)
            {
                self.follow_failed(common + 1, &next.notation);
                return;
            }
            self.play_now(mv, now, if behind > 1 { 0.0 } else { step_seconds });
            return;
        }
        if target.ending != self.session.ending()
            && let Some(ending) = target.ending
        {
            self.end_by(ending);
        }
    }

    fn follow_failed(&mut self, number: usize, notation: &str) {
        let legal: Vec<&str> = self
            .position
            .moves
            .iter()
            .map(|m| m.notation.as_str())
            .collect();
        let text = crate::tr!(
            "online-table-disagrees",
            number = number,
            notation = notation.to_owned(),
            legal = legal.join(", ")
        );
        self.referee.break_off(text.clone());
        self.notes.error = Some(text);
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
