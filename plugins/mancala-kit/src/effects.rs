//! The effects builder: what a move reports, seed by seed, for the app to animate.

use game_api::{Effect, SiteId};

use crate::{Board, Side};

/// Where the effects of a move go: nowhere on the fast path (search and random
/// playouts), into a list when a person watches. The kit's sowing reports every lift,
/// seed, relay and capture through it; hooks ([`Variant::after_sowing`],
/// [`Variant::seed_hook`]) use it to report what they do, and a variant that writes a
/// step of its own (a [`game_api::Game`] wrapping [`Mancala`]) builds one from the list
/// [`game_api::Game::apply`] receives, so that its moves still animate.
///
/// Sites are ring pits ([`site`]); a side's score is drawn at [`score_site`].
///
/// ```
/// use game_api::{Effect, SiteId};
/// use mancala_kit::{Board, Config, Effects, Side};
///
/// let mut board = Board::start(&Config::kalah(6, 4));
/// let mut list = Vec::new();
/// let mut fx = Effects::new(Some(&mut list));
/// assert!(fx.is_watched());
/// // Lift house `c` and put its four seeds in North's store, reporting both.
/// let seeds = std::mem::take(&mut board.pits[2]);
/// fx.lift(2, seeds);
/// board.bank(Side::North, seeds);
/// fx.capture(&board, 2, Side::North, seeds);
/// fx.message("North takes house c");
/// assert_eq!(list.len(), 3);
/// assert_eq!(list[0], Effect::Lift { site: SiteId(2), count: 4 });
/// assert_eq!(list[1], Effect::Capture { from: SiteId(2), to: Some(SiteId(13)), count: 4 });
///
/// // Unwatched, the same calls cost nothing and record nothing.
/// let mut quiet = Effects::none();
/// quiet.lift(3, 4);
/// assert!(!quiet.is_watched());
/// ```
///
/// [`Variant::after_sowing`]: crate::Variant::after_sowing
/// [`Variant::seed_hook`]: crate::Variant::seed_hook
/// [`Mancala`]: crate::Mancala
pub struct Effects<'a>(pub(crate) Option<&'a mut Vec<Effect>>);

impl<'a> Effects<'a> {
    /// Effects recorded into `list`, or none with `None` (the `effects` argument of
    /// [`game_api::Game::apply`] as it comes).
    pub fn new(list: Option<&'a mut Vec<Effect>>) -> Self {
        Effects(list)
    }

    /// Effects recorded nowhere: the fast path.
    pub fn none() -> Self {
        Effects(None)
    }

    /// Whether effects are recorded (someone watches). Rules must not depend on it.
    #[inline]
    pub fn is_watched(&self) -> bool {
        self.0.is_some()
    }

    /// How many effects are recorded so far (0 when unwatched).
    #[inline]
    pub fn recorded(&self) -> usize {
        self.0.as_ref().map_or(0, |list| list.len())
    }

    /// Records the effect `make` makes, only when watched.
    #[inline]
    pub fn push(&mut self, make: impl FnOnce() -> Effect) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(make());
        }
    }

    /// Reports `count` seeds lifted from ring pit `pit`.
    #[inline]
    pub fn lift(&mut self, pit: usize, count: u32) {
        self.push(|| Effect::Lift {
            site: site(pit),
            count,
        });
    }

    /// Reports one seed dropped into ring pit `pit`.
    #[inline]
    pub fn drop_seed(&mut self, pit: usize) {
        self.drop_seeds(pit, 1);
    }

    /// Reports `count` seeds dropped at once into ring pit `pit` (none reported for 0).
    #[inline]
    pub fn drop_seeds(&mut self, pit: usize, count: u32) {
        if count > 0 {
            self.push(|| Effect::Drop {
                site: site(pit),
                count,
            });
        }
    }

    /// Reports a relay: the `count` seeds of ring pit `pit` lifted to sow on.
    #[inline]
    pub fn relay(&mut self, pit: usize, count: u32) {
        self.push(|| Effect::Relay {
            site: site(pit),
            count,
        });
    }

    /// Reports `count` pieces captured from ring pit `from` into `side`'s score (its
    /// store or captured stock); nothing for 0.
    #[inline]
    pub fn capture(&mut self, board: &Board, from: usize, side: Side, count: u32) {
        if count > 0 {
            let to = score_site(board, side);
            self.push(|| Effect::Capture {
                from: site(from),
                to: Some(to),
                count,
            });
        }
    }

    /// Reports `count` seeds moved out of `side`'s score onto ring pit `to` (a refill).
    pub fn unbank(&mut self, board: &Board, side: Side, to: usize, count: u32) {
        let from = score_site(board, side);
        self.push(|| Effect::Capture {
            from,
            to: Some(site(to)),
            count,
        });
    }

    /// Reports that `side` plays again.
    #[inline]
    pub fn extra_turn(&mut self, side: Side) {
        self.push(|| Effect::ExtraTurn { seat: side.seat() });
    }

    /// Reports a line of text for the move log.
    pub fn message(&mut self, text: impl Into<String>) {
        self.push(|| Effect::Message { text: text.into() });
    }
}

/// The layout site of ring pit `pit`: site ids are ring indices (South's houses from
/// South's left, the end pit after them, North's houses, the other end pit).
///
/// ```
/// assert_eq!(mancala_kit::site(13), game_api::SiteId(13));
/// ```
#[inline]
pub fn site(pit: usize) -> SiteId {
    SiteId(pit as u16)
}

/// The layout site where `side`'s score is kept: its store where stores are in the
/// ring, otherwise its captured stock, drawn after the ring's pits (South's at
/// `ring_len`, North's at `ring_len + 1`).
///
/// ```
/// use mancala_kit::{Board, Config, Side, score_site};
/// let kalah = Board::start(&Config::kalah(6, 4));
/// assert_eq!(score_site(&kalah, Side::North), game_api::SiteId(13));
/// let oware = Board::start(&Config::oware(4));
/// assert_eq!(score_site(&oware, Side::North), game_api::SiteId(13));
/// assert_eq!(score_site(&oware, Side::South), game_api::SiteId(12));
/// ```
pub fn score_site(board: &Board, side: Side) -> SiteId {
    match board.store(side) {
        Some(s) => site(s),
        None => site(board.ring_len() + side.index()),
    }
}
