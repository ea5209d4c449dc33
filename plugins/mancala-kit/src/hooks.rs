//! The per-seed hook: a variant's own rule, run after every seed sown.

use crate::{Board, Effects, Side};

/// The per-seed hook a variant gives in [`Variant::seed_hook`](crate::Variant::seed_hook):
/// called after every seed sown with a [`SeedContext`], it says whether sowing goes on.
///
/// ```
/// use game_api::{Game, GameError, Manifest, Options};
/// use mancala_kit::{Config, Mancala, SeedAction, SeedContext, SeedHook, Variant};
///
/// #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
/// struct Sixes;
/// impl Variant for Sixes {
///     fn manifest() -> Manifest {
///         Manifest::new("sixes", "Sixes", "0.1.0")
///     }
///     fn config(_: &Options) -> Result<Config, GameError> {
///         Ok(Config::kalah(3, 5))
///     }
///     /// A seed that makes any house hold 6 gives it to the mover and ends the turn.
///     fn seed_hook() -> Option<SeedHook> {
///         Some(|seed: &mut SeedContext<'_, '_>| {
///             if seed.board.house_owner(seed.pit).is_some() && seed.board.pits[seed.pit] == 6 {
///                 seed.take(seed.pit, seed.side);
///                 return SeedAction::EndTurn;
///             }
///             SeedAction::Continue
///         })
///     }
/// }
///
/// let mut game = Mancala::<Sixes>::from_notation(&Options::default(), "5,5,5/5,5,5 0-0 S").unwrap();
/// mancala_kit::testing::play(&mut game, "a").unwrap();
/// // The first of a's five seeds makes b hold 6: South takes them and the turn
/// // ends, the four seeds still in hand staying in b.
/// assert_eq!(game.notation(), "0,4,5/5,5,5 6-0 N");
/// ```
pub type SeedHook = fn(&mut SeedContext<'_, '_>) -> SeedAction;

/// What the sowing does after a [`SeedHook`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeedAction {
    /// Sowing goes on.
    Continue,
    /// Sowing stops here, as if this were the hand's last seed: the seeds still in
    /// hand are put in the pit just sown, then the rules of a last seed apply (relay,
    /// extra turn, [`Variant::after_sowing`](crate::Variant::after_sowing), the
    /// standard capture).
    Stop,
    /// The turn ends here: the seeds still in hand are put in the pit just sown and no
    /// other rule of the turn applies (no relay, extra turn, after-sowing hook or
    /// standard capture).
    EndTurn,
}

/// Everything a [`SeedHook`] knows about the seed just sown, and what it may change:
/// the board (through which it captures, with [`SeedContext::take`] or by hand) and the
/// effects it reports.
pub struct SeedContext<'a, 'fx> {
    /// The board, the seed already in [`SeedContext::pit`] (or, for a sink, already in
    /// its owner's score) and any [`SowingCapture`](crate::SowingCapture) made.
    pub board: &'a mut Board,
    /// The player sowing.
    pub side: Side,
    /// The ring pit the move was lifted from.
    pub origin: usize,
    /// The ring pit the seed was just sown into.
    pub pit: usize,
    /// The seeds still in hand after this one.
    pub in_hand: u32,
    /// The seeds this hand has sown, this one included (from 1; a relay starts a new
    /// hand).
    pub sown: u32,
    /// How many times this hand has gone round the ring before this seed: 0 on the
    /// first lap.
    pub lap: u32,
    /// How many relays came before this hand: 0 for the seeds lifted from the origin.
    pub relays: u32,
    /// Whether sowing goes anticlockwise (up the ring).
    pub forward: bool,
    /// Where the hook reports what it does.
    pub fx: &'a mut Effects<'fx>,
}

impl SeedContext<'_, '_> {
    /// Moves the small seeds of ring pit `pit` to `to`'s score, reporting the capture;
    /// returns how many.
    ///
    /// ```
    /// use mancala_kit::{Board, Config, Effects, SeedContext, Side};
    /// let mut board = Board::start(&Config::kalah(6, 4));
    /// let mut fx = Effects::none();
    /// let mut seed = SeedContext {
    ///     board: &mut board, side: Side::South, origin: 0, pit: 8, in_hand: 0,
    ///     sown: 1, lap: 0, relays: 0, forward: true, fx: &mut fx,
    /// };
    /// assert_eq!(seed.take(8, Side::North), 4);
    /// assert_eq!((board.pits[8], board.bank_of(Side::North)), (0, 4));
    /// ```
    pub fn take(&mut self, pit: usize, to: Side) -> u32 {
        let n = std::mem::take(&mut self.board.pits[pit]);
        self.fx.capture(self.board, pit, to, n);
        self.board.bank(to, n);
        n
    }
}
