//! Playing a move's effects step by step over the board's contents, for any game: each
//! effect moves pieces between sites the way a person would see it, and at the end the
//! board shows the plugin's own view of the new position.

use game_api::{Effect, Group, Piece, SiteContent, SiteId};

use super::board::Contents;
use crate::plugins::limits::MAX_PIECES;

/// A move being animated.
#[derive(Debug, Clone)]
pub struct Animation {
    effects: Vec<Effect>,
    next: usize,
    /// What the board shows now.
    pub contents: Contents,
    /// What the board shows when the animation ends.
    pub target: Contents,
    hand: Vec<Piece>,
    last_held: Option<Piece>,
    /// Pieces dropped with an empty hand so far (bounded by [`MAX_PIECES`]).
    conjured: u64,
    /// The site of the step just shown.
    pub active: Option<SiteId>,
    /// The last message effect shown.
    pub message: Option<String>,
    next_step_at: f64,
}

impl Animation {
    /// An animation of `effects` from `before` to `after`.
    pub fn new(effects: Vec<Effect>, before: Contents, after: Contents, now: f64) -> Self {
        Animation {
            effects,
            next: 0,
            contents: before,
            target: after,
            hand: Vec::new(),
            last_held: None,
            conjured: 0,
            active: None,
            message: None,
            next_step_at: now,
        }
    }

    /// How many of the move's effects the board has shown so far.
    pub fn steps_shown(&self) -> usize {
        self.next
    }

    /// Whether every step has been shown.
    pub fn finished(&self) -> bool {
        self.next >= self.effects.len()
    }

    /// Shows the steps due by `now`, one every `step_seconds`. Returns `true` when done.
    pub fn advance(&mut self, now: f64, step_seconds: f64) -> bool {
        while !self.finished() && now >= self.next_step_at {
            let effect = self.effects[self.next].clone();
            self.next += 1;
            let visible = self.apply(&effect);
            if visible {
                self.next_step_at = now + step_seconds;
            }
        }
        if self.finished() && now >= self.next_step_at {
            self.contents = self.target.clone();
            self.active = None;
            return true;
        }
        false
    }

    /// Jumps to the end.
    pub fn skip(&mut self) {
        self.next = self.effects.len();
        self.next_step_at = 0.0;
        self.contents = self.target.clone();
        self.active = None;
    }

    /// Applies one effect to the shown contents; returns whether it is worth a pause.
    fn apply(&mut self, effect: &Effect) -> bool {
        crate::sound::effect_shown(effect);
        match effect {
            Effect::Lift { site, count } | Effect::Relay { site, count } => {
                let taken = take(&mut self.contents, *site, *count);
                if let Some(last) = taken.last() {
                    self.last_held = Some(last.clone());
                }
                self.hand.extend(taken);
                self.active = Some(*site);
            }
            Effect::Drop { site, count } => {
                // A drop with an empty hand (a plugin that drops more than it lifted)
                // drops more of the last piece held, up to the limit of pieces a view
                // may show (the effects are checked before they come here; this bound
                // holds whatever comes).
                let from_hand = (*count as usize).min(self.hand.len());
                let mut pieces = self.hand.split_off(self.hand.len() - from_hand);
                pieces.reverse();
                if let Some(last) = &self.last_held {
                    let more = u64::from(*count) - from_hand as u64;
                    let more = more.min(MAX_PIECES.saturating_sub(self.conjured));
                    self.conjured += more;
                    pieces.extend(std::iter::repeat_n(last.clone(), more as usize));
                }
                put(&mut self.contents, &self.target, *site, pieces);
                self.active = Some(*site);
            }
            Effect::Capture { from, to, count } => {
                let taken = take(&mut self.contents, *from, *count);
                if let Some(to) = to {
                    put(&mut self.contents, &self.target, *to, taken);
                }
                self.active = Some(*from);
            }
            Effect::Move { from, to } => {
                let taken = take(&mut self.contents, *from, 1);
                put(&mut self.contents, &self.target, *to, taken);
                self.active = Some(*to);
            }
            Effect::Place { site, piece } => {
                put(&mut self.contents, &self.target, *site, vec![piece.clone()]);
                self.active = Some(*site);
            }
            Effect::Remove { site } => {
                take(&mut self.contents, *site, 1);
                self.active = Some(*site);
            }
            Effect::Flip { site, state } => {
                if let Some(SiteContent::Stack { pieces }) = self.contents.get_mut(site)
                    && let Some(top) = pieces.last_mut()
                {
                    top.state = state.clone();
                }
                self.active = Some(*site);
            }
            Effect::Message { text } => {
                self.message = Some(text.clone());
                return false;
            }
            Effect::ExtraTurn { .. } => return false,
        }
        true
    }
}

fn take(contents: &mut Contents, site: SiteId, count: u32) -> Vec<Piece> {
    match contents.get_mut(&site) {
        Some(SiteContent::Count { piece, count: n }) => {
            let k = count.min(*n);
            *n -= k;
            vec![piece.clone(); k as usize]
        }
        Some(SiteContent::Groups { groups }) => {
            // From the last group first.
            let mut taken = Vec::new();
            for g in groups.iter_mut().rev() {
                let k = (count - taken.len() as u32).min(g.count);
                g.count -= k;
                taken.extend(std::iter::repeat_n(g.piece.clone(), k as usize));
            }
            taken
        }
        Some(SiteContent::Stack { pieces }) => {
            let k = (count as usize).min(pieces.len());
            pieces.split_off(pieces.len() - k)
        }
        None => Vec::new(),
    }
}

/// Puts `pieces` on `site`: counted pieces stay counted (a piece of another kind makes
/// the count a [`SiteContent::Groups`]), a stack grows, and an empty site takes the form
/// it has at the end of the move (`target`).
fn put(contents: &mut Contents, target: &Contents, site: SiteId, pieces: Vec<Piece>) {
    if pieces.is_empty() {
        return;
    }
    let content = contents
        .entry(site)
        .or_insert_with(|| match target.get(&site) {
            Some(SiteContent::Stack { .. }) | None => SiteContent::Stack { pieces: Vec::new() },
            Some(_) => SiteContent::Groups { groups: Vec::new() },
        });
    if let SiteContent::Count { piece, count } = content
        && pieces.iter().any(|p| p != piece)
    {
        *content = SiteContent::Groups {
            groups: vec![Group::new(piece.clone(), *count)],
        };
    }
    match content {
        SiteContent::Count { count, .. } => *count += pieces.len() as u32,
        SiteContent::Groups { groups } => {
            for p in pieces {
                match groups.iter_mut().find(|g| g.piece == p) {
                    Some(g) => g.count += 1,
                    None => groups.push(Group::new(p, 1)),
                }
            }
            if let [g] = &groups[..] {
                // One kind only: a plain count.
                *content = SiteContent::Count {
                    piece: g.piece.clone(),
                    count: g.count,
                };
            }
        }
        SiteContent::Stack { pieces: stack } => stack.extend(pieces),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: u32) -> SiteContent {
        SiteContent::Count {
            piece: Piece::new("seed"),
            count: n,
        }
    }

    #[test]
    fn sowing_moves_seeds_one_by_one() {
        let before: Contents = [
            (SiteId(0), count(2)),
            (SiteId(1), count(0)),
            (SiteId(2), count(0)),
        ]
        .into();
        let after: Contents = [
            (SiteId(0), count(0)),
            (SiteId(1), count(1)),
            (SiteId(2), count(1)),
        ]
        .into();
        let effects = vec![
            Effect::Lift {
                site: SiteId(0),
                count: 2,
            },
            Effect::Drop {
                site: SiteId(1),
                count: 1,
            },
            Effect::Drop {
                site: SiteId(2),
                count: 1,
            },
        ];
        let mut a = Animation::new(effects, before, after.clone(), 0.0);
        assert!(!a.advance(0.0, 1.0));
        assert_eq!(a.contents[&SiteId(0)], count(0));
        assert_eq!(a.active, Some(SiteId(0)));
        assert!(!a.advance(1.0, 1.0));
        assert_eq!(a.contents[&SiteId(1)], count(1));
        assert_eq!(a.contents[&SiteId(2)], count(0));
        assert!(!a.advance(2.0, 1.0));
        assert!(a.advance(3.0, 1.0));
        assert_eq!(a.contents, after);
    }

    #[test]
    fn a_capture_of_groups_carries_each_kind_into_the_tray() {
        let big = Piece::new("big");
        let groups = |b: u32, n: u32| SiteContent::Groups {
            groups: vec![
                Group::new(big.clone(), b),
                Group::new(Piece::new("seed"), n),
            ],
        };
        let before: Contents = [(SiteId(0), groups(1, 3)), (SiteId(1), count(5))].into();
        let after: Contents = [(SiteId(0), count(0)), (SiteId(1), groups(1, 8))].into();
        let capture = |count| Effect::Capture {
            from: SiteId(0),
            to: Some(SiteId(1)),
            count,
        };
        let mut a = Animation::new(vec![capture(2), capture(2)], before, after.clone(), 0.0);
        assert!(!a.advance(0.0, 1.0));
        // The small pieces go first; the tray's count grows.
        assert_eq!(a.contents[&SiteId(0)], groups(1, 1));
        assert_eq!(a.contents[&SiteId(1)], count(7));
        assert!(!a.advance(1.0, 1.0));
        // Then the big one: the tray now shows two groups.
        assert_eq!(a.contents[&SiteId(0)], groups(0, 0));
        assert_eq!(
            a.contents[&SiteId(1)],
            SiteContent::Groups {
                groups: vec![
                    Group::new(Piece::new("seed"), 8),
                    Group::new(big.clone(), 1)
                ],
            }
        );
        assert!(a.advance(2.0, 1.0));
        assert_eq!(a.contents, after);
    }

    #[test]
    fn huge_drops_with_an_empty_hand_are_bounded() {
        let before: Contents = [(SiteId(0), count(2))].into();
        let after: Contents = [(SiteId(1), count(2))].into();
        let lift = Effect::Lift {
            site: SiteId(0),
            count: 2,
        };
        let drop = Effect::Drop {
            site: SiteId(1),
            count: u32::MAX,
        };
        let started = std::time::Instant::now();
        let mut a = Animation::new(vec![lift, drop.clone(), drop], before, after.clone(), 0.0);
        for t in 0..3 {
            assert!(!a.advance(f64::from(t), 1.0));
        }
        let SiteContent::Count { count: shown, .. } = a.contents[&SiteId(1)] else {
            panic!("{:?}", a.contents[&SiteId(1)]);
        };
        // The two lifted, then at most MAX_PIECES more over every drop together.
        assert_eq!(u64::from(shown), 2 + MAX_PIECES);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert!(a.advance(3.0, 1.0));
        assert_eq!(a.contents, after);
    }

    #[test]
    fn pieces_put_on_an_empty_site_take_the_form_it_ends_with() {
        let piece = Piece::new("token");
        let before: Contents = [(SiteId(0), count(2))].into();
        let stacked: Contents = [(
            SiteId(1),
            SiteContent::Stack {
                pieces: vec![piece.clone()],
            },
        )]
        .into();
        let mv = vec![Effect::Move {
            from: SiteId(0),
            to: SiteId(1),
        }];
        let mut a = Animation::new(mv.clone(), before.clone(), stacked, 0.0);
        a.advance(0.0, 1.0);
        assert!(matches!(a.contents[&SiteId(1)], SiteContent::Stack { .. }));
        let counted: Contents = [(SiteId(1), count(1))].into();
        let mut a = Animation::new(mv, before, counted, 0.0);
        a.advance(0.0, 1.0);
        assert_eq!(a.contents[&SiteId(1)], count(1));
    }
}
