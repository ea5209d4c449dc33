use serde::{Deserialize, Serialize};

use crate::{Piece, SiteId};

/// One step of a move as a person would see it, in order, so that the host can animate
/// any game generically (sowing seed by seed, a pig sliding).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// `count` pieces are lifted from `site` into the hand.
    Lift {
        /// Where from.
        site: SiteId,
        /// How many.
        count: u32,
    },
    /// `count` pieces from the hand are dropped on `site`.
    Drop {
        /// Where.
        site: SiteId,
        /// How many (1 when sowing).
        count: u32,
    },
    /// Sowing goes on from `site`: its pieces are lifted into the hand (relay sowing).
    Relay {
        /// The pit lifted.
        site: SiteId,
        /// How many pieces it held.
        count: u32,
    },
    /// `count` pieces move from `from` to `to` as a capture.
    Capture {
        /// Where they are taken from.
        from: SiteId,
        /// Where they go (a store), if on the board.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<SiteId>,
        /// How many.
        count: u32,
    },
    /// A piece moves from one site to another (a slide, a jump).
    Move {
        /// Where it starts.
        from: SiteId,
        /// Where it ends.
        to: SiteId,
    },
    /// A piece is put on a site.
    Place {
        /// Where.
        site: SiteId,
        /// What.
        piece: Piece,
    },
    /// The top piece of a site is removed from the game.
    Remove {
        /// Where.
        site: SiteId,
    },
    /// The top piece of a site changes state (a pig lies down or stands up).
    Flip {
        /// Where.
        site: SiteId,
        /// Its new state.
        state: String,
    },
    /// The same seat moves again.
    ExtraTurn {
        /// The seat.
        seat: u8,
    },
    /// A line of text for the move log ("Grand slam: nothing captured").
    Message {
        /// The text.
        text: String,
    },
}

/// Where the effects of a move go: the one sink a game pushes its steps into.
///
/// [`Game::apply`](crate::Game::apply) receives `Option<&mut Vec<Effect>>`: a list when a
/// person watches the move, `None` on the fast path of search. Wrap it once at the top
/// of `apply` and hand `&mut Effects` to the code that plays the move; each method
/// records one step when there is a list and does nothing otherwise, so the same code
/// serves both paths.
///
/// ```
/// use game_api::{Effect, Effects, SiteId};
///
/// // What a game's `apply` does with the argument it receives.
/// fn slide(from: u16, to: u16, fx: &mut Effects<'_>) {
///     fx.move_piece(SiteId(from), SiteId(to));
///     fx.message(format!("a piece slides from {from} to {to}"));
/// }
///
/// let mut list = Vec::new();
/// slide(3, 4, &mut Effects::new(Some(&mut list)));
/// assert_eq!(list[0], Effect::Move { from: SiteId(3), to: SiteId(4) });
/// assert_eq!(list.len(), 2);
///
/// // On the fast path nothing is recorded.
/// let mut off = Effects::off();
/// slide(3, 4, &mut off);
/// assert!(!off.is_on());
/// ```
#[derive(Debug, Default)]
pub struct Effects<'a>(Option<&'a mut Vec<Effect>>);

impl<'a> Effects<'a> {
    /// The sink over the argument of [`Game::apply`](crate::Game::apply).
    pub fn new(list: Option<&'a mut Vec<Effect>>) -> Self {
        Effects(list)
    }

    /// A sink that records nothing (the fast path).
    pub fn off() -> Self {
        Effects(None)
    }

    /// Whether steps are recorded: skip work that only describes the move when not.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// The same sink, borrowed for a shorter time (to pass it on by value).
    pub fn reborrow(&mut self) -> Effects<'_> {
        Effects(self.0.as_deref_mut())
    }

    /// Records the step `make` builds; `make` runs only when steps are recorded.
    #[inline]
    pub fn push_with(&mut self, make: impl FnOnce() -> Effect) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(make());
        }
    }

    /// Records `effect`.
    #[inline]
    pub fn push(&mut self, effect: Effect) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(effect);
        }
    }

    /// `count` pieces are lifted from `site` into the hand ([`Effect::Lift`]).
    pub fn lift(&mut self, site: SiteId, count: u32) {
        self.push_with(|| Effect::Lift { site, count });
    }

    /// `count` pieces from the hand are dropped on `site` ([`Effect::Drop`]).
    pub fn drop_on(&mut self, site: SiteId, count: u32) {
        self.push_with(|| Effect::Drop { site, count });
    }

    /// Sowing goes on from `site`, which held `count` pieces ([`Effect::Relay`]).
    pub fn relay(&mut self, site: SiteId, count: u32) {
        self.push_with(|| Effect::Relay { site, count });
    }

    /// `count` pieces are captured from `from` into `to` (a store), or off the board
    /// when `to` is `None` ([`Effect::Capture`]).
    pub fn capture(&mut self, from: SiteId, to: Option<SiteId>, count: u32) {
        self.push_with(|| Effect::Capture { from, to, count });
    }

    /// A piece moves from `from` to `to` ([`Effect::Move`]).
    pub fn move_piece(&mut self, from: SiteId, to: SiteId) {
        self.push_with(|| Effect::Move { from, to });
    }

    /// `piece` is put on `site` ([`Effect::Place`]).
    pub fn place(&mut self, site: SiteId, piece: Piece) {
        self.push_with(|| Effect::Place { site, piece });
    }

    /// The top piece of `site` is removed from the game ([`Effect::Remove`]).
    pub fn remove(&mut self, site: SiteId) {
        self.push_with(|| Effect::Remove { site });
    }

    /// The top piece of `site` takes the state `state` ([`Effect::Flip`]).
    pub fn flip(&mut self, site: SiteId, state: impl Into<String>) {
        self.push_with(|| Effect::Flip {
            site,
            state: state.into(),
        });
    }

    /// `seat` moves again ([`Effect::ExtraTurn`]).
    pub fn extra_turn(&mut self, seat: u8) {
        self.push_with(|| Effect::ExtraTurn { seat });
    }

    /// A line of text for the move log ([`Effect::Message`]).
    pub fn message(&mut self, text: impl Into<String>) {
        self.push_with(|| Effect::Message { text: text.into() });
    }
}

impl<'a> From<Option<&'a mut Vec<Effect>>> for Effects<'a> {
    fn from(list: Option<&'a mut Vec<Effect>>) -> Self {
        Effects(list)
    }
}
