//! [`Position`]: the position as the worker last described it — the board's layout,
//! the view, the legal moves, whose turn it is, the notation — and a count of the
//! positions shown (to tell whether something asked in one is still about the board).

use game_api::{Layout, MoveInfo, Outcome, Turn, View};

use crate::worker::Snapshot;

/// The position on the board.
#[derive(Debug, Clone)]
pub struct Position {
    /// The board's layout.
    pub layout: Layout,
    /// What stands where, the panels and the status line.
    pub view: View,
    /// The legal moves (or chance outcomes).
    pub moves: Vec<MoveInfo>,
    /// Whose turn it is.
    pub turn: Turn,
    /// The position's notation, as the plugin wrote it.
    pub notation: String,
    /// Counts the positions shown (each snapshot taken).
    pub count: u64,
}

impl Position {
    /// The position of a game's first snapshot (an empty board without a layout).
    pub fn new(layout: Option<Layout>) -> Self {
        Position {
            layout: layout.unwrap_or(Layout {
                size: [1.0, 1.0],
                sites: Vec::new(),
                links: Vec::new(),
                pieces: Vec::new(),
            }),
            view: View::default(),
            moves: Vec::new(),
            turn: Turn::Seat { seat: 0 },
            notation: String::new(),
            count: 0,
        }
    }

    /// Takes the worker's description of a new position; returns the game's result
    /// there, if it is over.
    pub fn take(&mut self, snapshot: Snapshot) -> Option<Outcome> {
        if let Some(layout) = snapshot.layout {
            self.layout = layout;
        }
        self.view = snapshot.view;
        self.moves = snapshot.moves;
        self.turn = snapshot.turn;
        self.notation = snapshot.notation;
        self.count += 1;
        match &self.turn {
            Turn::Over { outcome } => Some(outcome.clone()),
            _ => None,
        }
    }

    /// The seat to move, if a seat is.
    pub fn seat_to_move(&self) -> Option<u8> {
        match self.turn {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::pile;

    #[test]
    fn each_snapshot_taken_is_a_new_position_and_says_the_result() {
        let mut position = Position::new(None);
        assert!(position.layout.sites.is_empty());
        assert_eq!(position.take(pile::snapshot(&[])), None);
        assert_eq!(position.count, 1);
        assert_eq!(position.layout.sites.len(), 2);
        assert_eq!(position.seat_to_move(), Some(0));
        let result = position.take(pile::snapshot(&[2, 2, 1]));
        assert_eq!(position.count, 2);
        assert!(result.is_some(), "the end had no result");
        assert_eq!(position.seat_to_move(), None);
        assert!(position.moves.is_empty());
    }
}
