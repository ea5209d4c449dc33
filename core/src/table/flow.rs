//! [`Flow`]: whether the game goes on by itself — paused, held after a step in the
//! history, replaying, a Redo's recorded replies running — and what a branch replaced.

use crate::record::RecordedMove;

/// The moves a branch replaced, kept so that they can be swapped back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    /// Where the branch left the record (the cursor before its first move).
    pub at: usize,
    /// The recorded moves it replaced, from `at` on.
    pub moves: Vec<RecordedMove>,
    /// The record's length when they were put aside: a move played since (a longer or
    /// shorter record) ends the offer to bring them back.
    pub length: usize,
    /// Whether they are the moves played instead, put aside by bringing the replaced
    /// ones back (the offer then swaps back).
    pub swapped: bool,
}

/// The game's flow: what makes bots and chance wait, and the replay's pace.
#[derive(Debug, Clone, Default)]
pub struct Flow {
    /// Bots and chance wait while paused (the person asked).
    pub paused: bool,
    /// Bots and chance wait after a step in the history, until a person plays a new
    /// move or resumes.
    pub held: bool,
    /// The record is being replayed from its start.
    pub replaying: bool,
    /// Redo goes on with the recorded replies up to a person's next move.
    pub redo_run: bool,
    /// The moves the last branch replaced, to bring them back.
    pub replaced: Option<Replaced>,
    /// When the replay plays its next move (seconds).
    pub next_replay_at: f64,
    /// When the chance outcome shown is drawn (seconds), once it is due.
    pub chance_due: Option<f64>,
}

impl Flow {
    /// Whether the bots and the dice wait by the person's doing: paused, held or
    /// replaying (the table adds "not at the end of the record").
    pub fn waits(&self) -> bool {
        self.paused || self.held || self.replaying
    }

    /// A step in the history: the replay and a Redo's run stop, and the game holds.
    pub fn hold(&mut self) {
        self.replaying = false;
        self.redo_run = false;
        self.held = true;
    }

    /// A person's new move goes on with the game.
    pub fn go_on(&mut self) {
        self.paused = false;
        self.held = false;
    }

    /// Starts the replay at `now`: its first move half a second later.
    pub fn start_replay(&mut self, now: f64) {
        self.replaying = true;
        self.next_replay_at = now + 0.5;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_holds_and_a_new_move_goes_on() {
        let mut flow = Flow::default();
        assert!(!flow.waits());
        flow.start_replay(1.0);
        assert!(flow.waits());
        assert_eq!(flow.next_replay_at, 1.5);
        flow.redo_run = true;
        flow.hold();
        assert!(flow.held && !flow.replaying && !flow.redo_run);
        flow.paused = true;
        flow.go_on();
        assert!(!flow.waits());
    }
}
