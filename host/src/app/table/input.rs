//! The person's input on the board: whether a person may move, the moves still possible
//! along the sites clicked, the board's marks (last turn, hint, legal targets, keys) and
//! a click on a site.

use game_api::{MoveId, MoveInfo, SiteId, Turn};

use super::Table;
use crate::{
    app::board::{BoardView, Marks},
    session::SeatKind,
};

/// The person's input at the board: the sites clicked so far, how the board faces, and
/// whether it takes keys.
#[derive(Debug, Clone)]
pub(in crate::app) struct Input {
    /// The sites clicked so far, along the legal moves' site paths.
    pub path: Vec<SiteId>,
    /// How the board is drawn.
    pub board: BoardView,
    /// Whether the board takes key presses (not while a dialog is open).
    pub keys_enabled: bool,
    /// The site the keyboard is on (the arrows move it, Enter plays it).
    pub focus: Option<SiteId>,
    /// The code typed so far (a first digit waiting for a second one).
    pub typed: String,
    /// When the last character of [`typed`](Self::typed) was typed.
    pub typed_at: f64,
    /// The board's keys answer a question instead of playing (a review's drill): what
    /// they name is kept in [`answered`](Self::answered), as a click or a move.
    pub keys_answer: bool,
    /// What the keys named while they answer, for the one asking to take.
    pub answered: Vec<crate::app::Intent>,
    /// A review's drill is shown: the status line tells its keys, not the history's.
    pub drilling: bool,
    /// The position (its snapshot's count) whose answering focus was chosen: each new
    /// drill position gets its own choice once.
    pub answer_focus_for: Option<u64>,
}

impl Default for Input {
    fn default() -> Self {
        Input {
            path: Vec::new(),
            board: BoardView::default(),
            keys_enabled: true,
            focus: None,
            typed: String::new(),
            typed_at: 0.0,
            keys_answer: false,
            answer_focus_for: None,
            answered: Vec::new(),
            drilling: false,
        }
    }
}

impl Table {
    /// Whether a person may move now.
    pub(in crate::app) fn person_to_move(&self) -> bool {
        match self.position.turn {
            Turn::Seat { seat } => {
                self.shown.animation.is_none()
                    && self.pending.is_none()
                    && !self.flow.replaying
                    && self.notes.failure.is_none()
                    && self.notes.asking.is_none()
                    && !self.session.finished()
                    && self.session.seats().get(usize::from(seat)) == Some(&SeatKind::Person)
                    && self.referee.person_may_move()
            }
            _ => false,
        }
    }

    /// The legal moves that go on from the sites clicked so far.
    pub(in crate::app) fn candidates(&self) -> Vec<&MoveInfo> {
        self.position
            .moves
            .iter()
            .filter(|m| m.sites.starts_with(&self.input.path))
            .collect()
    }

    /// How the board marks its sites now: the last turn, the hint, the legal targets.
    pub fn marks(&self) -> Marks {
        let mut marks = Marks {
            selected: self.input.path.clone(),
            last_move: {
                let mut sites = self.position.view.last_move.clone();
                for site in &self.shown.turn_sites.1 {
                    if !sites.contains(site) {
                        sites.push(*site);
                    }
                }
                sites
            },
            active: self.shown.animation.as_ref().and_then(|a| a.active),
            hint: self
                .searches
                .hint
                .as_ref()
                .and_then(|(mv, _)| self.position.moves.iter().find(|m| m.id == *mv))
                .map(|m| m.sites.clone())
                .unwrap_or_default(),
            ..Marks::default()
        };
        // The keys answering a drill show their codes at any seat's position.
        if self.person_to_move() || self.input.keys_answer {
            marks.targets = self
                .candidates()
                .iter()
                .filter_map(|m| m.sites.get(self.input.path.len()).copied())
                .collect();
            // The code that plays each site, shown on it (those going on from what was
            // typed so far), and the site the keyboard is on.
            let typed = &self.input.typed;
            for code in self.key_codes() {
                if let super::keys::KeyTarget::Site(site) = code.target
                    && code.code.starts_with(typed.as_str())
                {
                    marks
                        .keys
                        .push((site, crate::app::play_ui::key_label(&code.code)));
                }
            }
            marks.focus = self.key_focus();
        }
        marks
    }

    /// Lets the board's keys answer a question (a review's drill) instead of playing:
    /// what they name is kept for [`Table::take_key_answers`]. Off, the answers not
    /// taken are dropped. At each new position they answer at (a drill, the next one),
    /// once `played` is known there, the focus goes to the first playable site that is
    /// not `played`'s (the site of the move the question is about, no answer to it),
    /// unless it is already on another playable site: the focus left where the game's
    /// own move was made would otherwise wait on the one move refused.
    pub fn set_keys_answer(&mut self, answer: bool, played: Option<SiteId>) {
        self.input.keys_answer = answer;
        if !answer {
            self.input.answered.clear();
            self.input.answer_focus_for = None;
            return;
        }
        let here = self.position.count;
        if played.is_none() || self.input.answer_focus_for == Some(here) {
            return;
        }
        self.input.answer_focus_for = Some(here);
        if self.key_focus().is_none() || self.input.focus == played {
            self.input.focus = self.key_codes().iter().find_map(|c| match c.target {
                super::keys::KeyTarget::Site(s) if Some(s) != played => Some(s),
                _ => None,
            });
        }
    }

    /// Whether Esc has something of the board's to close: the choices of a move begun
    /// (the sites clicked so far, with the buttons beside the last), or the summary of
    /// the finished game. An animation comes first: Esc skips it.
    pub(in crate::app) fn esc_closes(&self) -> bool {
        self.shown.animation.is_none()
            && ((self.person_to_move() && !self.input.path.is_empty()) || self.summary_shown())
    }

    /// Closes what [`esc_closes`](Self::esc_closes) found: the move begun is dropped (no
    /// move is played), else the summary is closed (the side panel shows it again).
    pub(in crate::app) fn close_on_esc(&mut self) {
        if self.input.path.is_empty() {
            self.notes.summary_closed = true;
        } else {
            self.input.path.clear();
            self.input.typed.clear();
        }
    }

    /// A click on `site`: follows the moves' site paths; plays a move once it is the only
    /// one left.
    pub fn click_site(&mut self, site: SiteId, now: f64, step_seconds: f64) {
        if !self.person_to_move() {
            return;
        }
        let continues = self
            .candidates()
            .iter()
            .any(|m| m.sites.get(self.input.path.len()) == Some(&site));
        if !continues {
            self.input.path.clear();
            if !self
                .position
                .moves
                .iter()
                .any(|m| m.sites.first() == Some(&site))
            {
                crate::sound::play(game_api::SoundEvent::Illegal); // sound: a refused click
                return;
            }
        }
        self.input.path.push(site);
        let candidates = self.candidates();
        let complete: Vec<MoveId> = candidates
            .iter()
            .filter(|m| m.sites == self.input.path)
            .map(|m| m.id)
            .collect();
        let longer = candidates
            .iter()
            .any(|m| m.sites.len() > self.input.path.len());
        if complete.len() == 1 && !longer {
            self.play(complete[0], now, step_seconds);
        }
    }
}
