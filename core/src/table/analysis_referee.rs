//! [`AnalysisReferee`]: the third referee, the analysis board's. Any seat may move, every
//! move counts at once and goes into a [`Variations`] tree (branching where the line
//! had another move), so the game it was opened from is never touched; the history is
//! the tree's; there is nothing to resign, nor a draw to offer.

use super::{
    Referee,
    referee::Ask,
    variations::{Played, Variations},
};
use crate::record::RecordedMove;

/// Referees an analysis: the moves are the person's to explore.
#[derive(Debug, Clone, Default)]
pub struct AnalysisReferee {
    /// The moves explored, and where the board is.
    pub tree: Variations,
    /// Why the board can no longer follow (its worker failed).
    broken: Option<String>,
}

impl AnalysisReferee {
    /// An analysis of the moves `moves` (a copy of a game's record, with any comments
    /// and variations), the board after `ply` of them.
    pub fn new(moves: Vec<RecordedMove>, ply: usize) -> Self {
        AnalysisReferee {
            tree: Variations::new(moves, ply),
            broken: None,
        }
    }

    /// Why the board can no longer follow, if it cannot.
    pub fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }

    /// The board can no longer follow, for `why` (its worker failed): no move counts.
    pub fn break_off(&mut self, why: String) {
        self.broken = Some(why);
    }

    /// The move `mv` was played at the board: it goes into the tree at the cursor.
    pub fn played(&mut self, mv: RecordedMove) -> Played {
        self.tree.play(mv)
    }
}

impl Referee for AnalysisReferee {
    fn move_chosen(&mut self, _notation: &str) -> bool {
        // Whatever seat is to move, the move counts: it is the person's line.
        self.broken.is_none()
    }

    fn request(&mut self, ask: Ask) -> bool {
        match ask {
            // A takeback is a step back in the tree.
            Ask::Takeback => self.tree.back(),
            // Nobody to resign to, no draw to agree: the request is dropped.
            Ask::Draw | Ask::Resign => false,
        }
    }

    fn draws_chance(&self) -> bool {
        true
    }

    fn history_here(&self) -> bool {
        true
    }

    fn person_may_move(&self) -> bool {
        self.broken.is_none()
    }

    fn take_lines(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn your_turn(&mut self, _yours: bool) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(id: u32, n: &str, seat: u8) -> RecordedMove {
        RecordedMove::new(id, n, Some(seat))
    }

    #[test]
    fn every_seat_moves_into_the_tree_and_the_game_is_untouched() {
        let game = vec![mv(0, "a", 0), mv(1, "B", 1), mv(2, "c", 0)];
        let mut referee = AnalysisReferee::new(game.clone(), 1);
        // North's move, then South's: both count at once, whoever sits there.
        assert!(referee.person_may_move());
        assert!(referee.move_chosen("E"));
        assert_eq!(referee.played(mv(4, "E", 1)), Played::Branched);
        assert!(referee.move_chosen("d"));
        assert_eq!(referee.played(mv(3, "d", 0)), Played::Extended);
        assert_eq!(referee.tree.ids_to_cursor(), [0, 4, 3]);
        assert!(referee.take_lines().is_empty());
        // The game's own moves are still the main line.
        let ids: Vec<u32> = referee.tree.main_line().iter().map(|m| m.id).collect();
        assert_eq!(ids, [0, 1, 2]);
        assert!(referee.draws_chance() && referee.history_here());
    }

    #[test]
    fn a_takeback_steps_back_and_resigning_means_nothing() {
        let mut referee = AnalysisReferee::new(vec![mv(0, "a", 0)], 1);
        assert!(!referee.request(Ask::Resign));
        assert!(!referee.request(Ask::Draw));
        assert!(referee.request(Ask::Takeback));
        assert!(
            !referee.request(Ask::Takeback),
            "stepped back past the start"
        );
        assert_eq!(referee.tree.cursor().1, 0);
    }

    #[test]
    fn a_broken_board_takes_no_move() {
        let mut referee = AnalysisReferee::default();
        referee.break_off("the plugin failed".into());
        assert!(!referee.person_may_move());
        assert!(!referee.move_chosen("a"));
        assert_eq!(referee.broken(), Some("the plugin failed"));
    }
}
