//! [`Shown`]: what the board shows, which may lag the position — the contents, the
//! move being animated and the view before it, the last turn's sites, what the last
//! move took and gave, its events on the board, and each move's events for the move list.

use std::collections::HashMap;

use game_api::{SiteId, View};

use super::moves::MoveEvent;
use crate::{
    app::{animation::Animation, board::Contents, move_preview::PreviewMarks},
    table::Callouts,
};

/// What the board shows.
#[derive(Default)]
pub(in crate::app) struct Shown {
    /// The board's contents at the position (the animation draws its own meanwhile).
    pub contents: Contents,
    /// The move being animated.
    pub animation: Option<Animation>,
    /// The view before the move being animated: the panels and the status line show it
    /// until the board has caught up.
    pub view_before: Option<View>,
    /// The sites of every move of the last turn (a turn of several moves: Kalah's extra
    /// turns, Zaroc's two moves) and whose turn it was.
    pub turn_sites: (Option<u8>, Vec<SiteId>),
    /// What the last move took and gave, marked at its sites once the board has shown it.
    pub last_marks: Option<PreviewMarks>,
    /// What each move played here made happen, for the move list: by the move's place
    /// in the record and the check of the position it led to (so a branch never shows
    /// another line's events).
    pub move_events: HashMap<(usize, String), MoveEvent>,
    /// Each move played here said in words by its plugin ([`game_api::MoveInfo::words`]),
    /// for the move list in place of its notation: keyed as `move_events`.
    pub move_words: HashMap<(usize, String), String>,
    /// The last moves' events on the board, each where it happened, once shown.
    pub callouts: Callouts,
}

impl Shown {
    /// The contents as drawn now (mid-animation, the animated ones).
    pub fn contents(&self) -> &Contents {
        self.animation
            .as_ref()
            .map_or(&self.contents, |a| &a.contents)
    }

    /// Whether move `i` of the record is the one the board is animating (its events are
    /// told once the board has shown them).
    pub fn animating_move(&self, i: usize, cursor: usize) -> bool {
        self.animation.is_some() && i + 1 == cursor
    }

    /// The view the panels show: the one before the move while it is animated.
    pub fn view<'a>(&'a self, now: &'a View) -> &'a View {
        match (&self.animation, &self.view_before) {
            (Some(_), Some(before)) => before,
            _ => now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_an_animation_the_position_itself_is_shown() {
        let mut shown = Shown::default();
        let now = View {
            status: "now".into(),
            ..View::default()
        };
        shown.view_before = Some(View::default());
        assert_eq!(shown.view(&now).status, "now", "a stale view shown");
        assert!(shown.contents().is_empty());
    }
}
