//! [`Callouts`]: what a move made happen, shown on the board where it happened for a
//! moment — an extra turn, a relay, a bite, the game's own messages — each once the
//! board's animation has shown the step that tells it, never before.

use game_api::SiteId;

/// How long a callout stays on the board, in seconds (the last second it fades).
pub const SHOWN_FOR: f64 = 2.5;

/// One event of a move, to show on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Callout {
    /// The site it concerns; `None`: the board as a whole.
    pub site: Option<SiteId>,
    /// In words (a game's message in the game's own words).
    pub text: String,
    /// The index of the move's effect that tells it: shown once the board has shown
    /// that step.
    pub step: usize,
}

/// The callouts of the moves shown: those waiting for the board, and those on it. One
/// move's at a time: when a move's first callout appears, an earlier move's leave the
/// board (under fast bots they would otherwise pile up over each other).
#[derive(Debug, Clone, Default)]
pub struct Callouts {
    /// The last move's callouts the board has not shown yet.
    waiting: Vec<Callout>,
    /// The callouts on the board, with when each appeared.
    showing: Vec<(Callout, f64)>,
    /// Whether `showing` holds an earlier move's callouts only (those of the move
    /// `waiting` belongs to have not appeared yet).
    earlier: bool,
}

impl Callouts {
    /// A new move's callouts: they wait for the board; the older ones shown stay until
    /// the first of these appears (or fade out on their own before).
    pub fn start(&mut self, callouts: Vec<Callout>) {
        self.waiting = callouts;
        self.earlier = true;
    }

    /// Forgets every callout (the position jumped: an undo, a review, a new game).
    pub fn clear(&mut self) {
        self.waiting.clear();
        self.showing.clear();
        self.earlier = false;
    }

    /// The board has shown the move's first `steps` effects at `now`: their callouts
    /// appear; those gone by their time leave.
    pub fn reveal(&mut self, steps: usize, now: f64) {
        let (due, later): (Vec<Callout>, Vec<Callout>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|c| c.step < steps);
        self.waiting = later;
        if !due.is_empty() && std::mem::replace(&mut self.earlier, false) {
            self.showing.clear();
        }
        self.showing.extend(due.into_iter().map(|c| (c, now)));
        self.showing.retain(|(_, since)| now - since < SHOWN_FOR);
    }

    /// The callouts on the board at `now`, each with its opacity (1, fading to 0 in
    /// its last second).
    pub fn visible(&self, now: f64) -> impl Iterator<Item = (&Callout, f32)> {
        self.showing.iter().filter_map(move |(c, since)| {
            let left = SHOWN_FOR - (now - since);
            (left > 0.0).then(|| (c, left.min(1.0) as f32))
        })
    }

    /// Whether callouts are waiting for the board or shown on it (the window then
    /// draws again until they are gone).
    pub fn active(&self) -> bool {
        !self.waiting.is_empty() || !self.showing.is_empty()
    }

    /// The callouts waiting for the board.
    pub fn waiting(&self) -> &[Callout] {
        &self.waiting
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn callout(step: usize, text: &str) -> Callout {
        Callout {
            site: Some(SiteId(3)),
            text: text.into(),
            step,
        }
    }

    #[test]
    fn a_callout_appears_once_its_step_is_shown_and_fades() {
        let mut c = Callouts::default();
        c.start(vec![callout(2, "relay"), callout(5, "extra turn")]);
        c.reveal(2, 10.0);
        assert_eq!(
            c.visible(10.0).count(),
            0,
            "shown before the board showed it"
        );
        c.reveal(3, 10.5);
        let shown: Vec<_> = c.visible(10.5).map(|(c, a)| (c.text.clone(), a)).collect();
        assert_eq!(shown, vec![("relay".to_owned(), 1.0)]);
        c.reveal(usize::MAX, 11.0);
        assert_eq!(c.visible(11.0).count(), 2);
        // The last second fades; then it is gone.
        let relay = c.visible(12.5).find(|(c, _)| c.text == "relay").unwrap().1;
        assert!(relay > 0.0 && relay < 1.0, "{relay}");
        c.reveal(usize::MAX, 13.2);
        let left: Vec<_> = c.visible(13.2).map(|(c, _)| c.text.clone()).collect();
        assert_eq!(left, vec!["extra turn".to_owned()]);
        c.reveal(usize::MAX, 14.0);
        assert!(!c.active());
    }

    #[test]
    fn a_new_moves_callouts_replace_the_last_moves_when_they_appear() {
        let mut c = Callouts::default();
        c.start(vec![callout(0, "throws 2"), callout(1, "passes")]);
        c.reveal(usize::MAX, 10.0);
        assert_eq!(c.visible(10.0).count(), 2);
        // The next move, 0.3 s later: the last move's stay while the board shows its
        // first steps, then leave when its own first callout appears.
        c.start(vec![callout(2, "throws 3")]);
        c.reveal(1, 10.3);
        assert_eq!(c.visible(10.3).count(), 2);
        c.reveal(3, 10.6);
        let shown: Vec<_> = c.visible(10.6).map(|(c, _)| c.text.clone()).collect();
        assert_eq!(shown, vec!["throws 3".to_owned()]);
        // A move without callouts leaves the last one's to fade on their own.
        c.start(Vec::new());
        c.reveal(usize::MAX, 11.0);
        assert_eq!(c.visible(11.0).count(), 1);
    }
}
