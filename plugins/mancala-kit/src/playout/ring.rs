//! The random playout of the games most variants are: one ring of houses, with or
//! without stores in it (Kalah's shape, Oware's), sown anticlockwise by counts. It is
//! the loop a programmer would write for one such game: compiled for the ring's length
//! (the pits are an array the compiler knows: no bounds checks, unrolled folds), the
//! rules read from the [`Config`](crate::Config) once.
//!
//! It plays exactly the game [`Game::apply`](game_api::Game::apply) plays, with the same
//! draws as [`Mancala::random_move`]: the sowing past the skipped pits, then what follows
//! a last seed as the kit's sowing does it (the extra turn, the variant's
//! [`Variant::after_sowing`](crate::Variant::after_sowing), the capture, the grand-slam
//! rule), then the end rules of [`Mancala::settle`] for an empty row, a majority and a
//! repeated position, and the end when the side to move cannot move. A variant whose
//! rules need more (relays, sowing captures, a seed hook, a forbidden grand slam,
//! refills, rounds, another end rule, mandarin squares) is played by the loops of
//! `playout/mod.rs`; so is the rest of a playout from a position where a hook has marked
//! a pit. A move the feeding rule filters is drawn and played by the kit's general step
//! ([`Mancala::random_move`], [`Mancala::play_legal`]), and the loop goes on after it.

use game_api::{GameError, Outcome, Rng};

use crate::effects::Effects;
use crate::sow::{Landing, after_last_seed, drop_counts};
use crate::{
    Capture, EmptyOpposite, End, GrandSlam, History, Mancala, Side, Variant, board::nth_set_bit,
};

impl<V: Variant> Mancala<V> {
    /// The playout of a game whose rules the ring loop plays ([`super::FastPaths`]'s
    /// `ring`), in normal play on a board without marks, by the loop compiled for the
    /// ring's length; `plain`: the rules are also the plain form's.
    pub(super) fn ring_playout(
        &mut self,
        rng: &mut Rng,
        plain: bool,
    ) -> Result<Outcome, GameError> {
        // Every ring a board without mandarin squares can have (MAX_PITS).
        macro_rules! by_length {
            ($($len:literal)*) => {
                match (self.board.ring_len(), plain) {
                    $(
                        ($len, true) => self.ring_loop::<$len, true>(rng),
                        ($len, false) => self.ring_loop::<$len, false>(rng),
                    )*
                    _ => self.lean_playout(rng, false),
                }
            };
        }
        by_length!(2 4 6 8 10 12 14 16 18 20 22 24)
    }

    /// [`Mancala::ring_playout`] on a ring of `L` pits. `PLAIN`: no feeding rule, no
    /// cycle rule, the end when a row is empty (Kalah's rules), which the compiler then
    /// leaves out of the loop, with the seeds banked by each move (only the cycle
    /// record needs them, once at the end).
    fn ring_loop<const L: usize, const PLAIN: bool>(
        &mut self,
        rng: &mut Rng,
    ) -> Result<Outcome, GameError> {
        let rules = Rules::of(self);
        let start_bank = rules.bank::<L, V>(self);
        let mut last = None;
        // The moves of the general step, when the feeding rule filters them.
        let mut moves = Vec::new();
        // Whether the side to move is still to be checked for a move: not in the
        // position the playout starts from, where `apply` already did.
        let mut stuck_unchecked = false;
        let mut rows = rules.occupied(ring::<L>(&mut self.board.pits));
        let result = 'play: {
            for _ in 0..game_api::MAX_PLAYOUT_ACTIONS {
                let side = self.to_move;
                let s = side.index();
                if !PLAIN && rules.must_feed && rows[1 - s] == 0 {
                    // The feeding rule filters the moves: the general step (which records
                    // its move as the last), then this loop again.
                    match self.random_move(rng, &mut moves) {
                        Some(mv) => {
                            stuck_unchecked = self.play_legal(mv, &mut Effects(None));
                            last = None;
                        }
                        None if stuck_unchecked => break 'play Ok(Ending::Stuck),
                        None => break 'play Err(self.no_move()),
                    }
                    if self.is_over() {
                        break 'play Ok(Ending::Over);
                    }
                    if self.board.has_marks() {
                        return self.lean_playout(rng, stuck_unchecked);
                    }
                    rows = rules.occupied(ring::<L>(&mut self.board.pits));
                    continue;
                }
                let mine = rows[s];
                if mine == 0 {
                    if !stuck_unchecked {
                        break 'play Err(self.no_move());
                    }
                    break 'play Ok(Ending::Stuck);
                }
                // The draw of `random_move`: the k-th of the occupied houses.
                let k = rng.below(mine.count_ones() as usize);
                let origin = L / 2 * s + nth_set_bit(mine, k as u32) as usize;
                last = Some(origin);
                let before = if PLAIN { 0 } else { rules.bank::<L, V>(self) };
                let skip = rules.skips[s] | (rules.skip_origin << origin);
                let pos = drop_counts(ring::<L>(&mut self.board.pits), origin, skip);
                if !self.after_last_seed::<L>(&rules, side, pos) {
                    self.to_move = side.other();
                }
                let banked = !PLAIN && before != rules.bank::<L, V>(self);
                if banked {
                    self.history.clear();
                }
                rows = rules.occupied(ring::<L>(&mut self.board.pits));
                if self.board.has_marks() {
                    // A mark the loop does not know: the end rules in their general form,
                    // then the general loop plays on.
                    self.record_last(last);
                    self.clear_history_if_banked::<L, PLAIN>(&rules, start_bank);
                    if self.settle(banked, &mut Effects(None)) {
                        return self.lean_playout(rng, true);
                    }
                    return Ok(Outcome::from_scores(&self.final_scores()));
                }
                // `settle` for these rules.
                stuck_unchecked = true;
                if rules.side_empty && (rows[0] == 0 || rows[1] == 0) {
                    break 'play Ok(Ending::EmptyRow);
                }
                if PLAIN {
                    continue;
                }
                if rules.majority && banked && self.majority() {
                    break 'play Ok(Ending::Majority);
                }
                if rules.cycle {
                    let (board, to_move) = (&mut self.board, self.to_move);
                    let key =
                        History::ring_key(ring::<L>(&mut board.pits), board.captured, to_move);
                    debug_assert_eq!(key, History::key(board, to_move));
                    if self.history.seen_before(key) {
                        break 'play Ok(Ending::Cycle);
                    }
                }
            }
            Err(GameError::Internal("a random playout did not end".into()))
        };
        self.record_last(last);
        // Before the end's sweep banks the seeds left.
        self.clear_history_if_banked::<L, PLAIN>(&rules, start_bank);
        let fx = &mut Effects(None);
        match result? {
            Ending::Stuck => self.end_stuck(fx),
            Ending::EmptyRow => self.end(fx, "A row is empty: the game is over"),
            Ending::Majority => self.end(
                fx,
                "More than half the seeds are captured: the game is over",
            ),
            Ending::Cycle => self.end(fx, "The position repeats: the game is over"),
            Ending::Over => {}
        }
        Ok(Outcome::from_scores(&self.final_scores()))
    }

    /// Under `PLAIN` rules, what the moves' clearing of the cycle record would have
    /// done: seeds were banked by some move if and only if the bank grew (scores only
    /// grow without refills). `start_bank`: the bank when the playout started.
    fn clear_history_if_banked<const L: usize, const PLAIN: bool>(
        &mut self,
        rules: &Rules,
        start_bank: u32,
    ) {
        if PLAIN && rules.bank::<L, V>(self) != start_bank {
            self.history.clear();
        }
    }

    /// What follows `side`'s last seed in `pos`, as the kit's sowing does it; returns
    /// whether `side` plays again. The opposite capture is made here on the array; the
    /// other captures by the kit's own code.
    #[inline(always)]
    fn after_last_seed<const L: usize>(&mut self, rules: &Rules, side: Side, pos: usize) -> bool {
        if rules.opposite.is_none() && rules.backward.is_none() {
            let landing = Landing::forward(side, pos, L);
            let fx = &mut Effects(None);
            return after_last_seed::<V>(&mut self.board, &self.config, landing, fx).extra_turn;
        }
        let s = side.index();
        let store = rules.store_pits[s];
        if rules.extra_turns && pos == store {
            return true;
        }
        if V::after_sowing(&mut self.board, side, pos, &mut Effects(None)) {
            return false;
        }
        if self.board.has_marks() {
            // A mark the hook made: the kit's capture, which reads marks.
            let landing = Landing::forward(side, pos, L);
            crate::capture::last_seed(&mut self.board, &self.config, landing, &mut Effects(None));
            return false;
        }
        let pits = ring::<L>(&mut self.board.pits);
        let captured = &mut self.board.captured[s];
        if let Some(opposite) = rules.opposite {
            let houses = rules.house_pits[s];
            opposite.capture(pits, captured, houses, rules.mirror, pos, store);
        } else if let Some(backward) = rules.backward {
            backward.capture(pits, captured, rules.house_pits[1 - s], pos, store);
        }
        false
    }

    /// The last move's pit, as [`Mancala::play_legal`] records it.
    pub(super) fn record_last(&mut self, last: Option<usize>) {
        if let Some(origin) = last {
            self.last_move.clear();
            self.last_move.push(origin);
        }
    }
}

/// Why the loop's game ended: the end is applied after the loop.
enum Ending {
    /// The side to move cannot move.
    Stuck,
    /// A row is empty.
    EmptyRow,
    /// A side has captured more than half the seeds.
    Majority,
    /// The position repeats.
    Cycle,
    /// The general step ended the game.
    Over,
}

/// The opposite capture's rule, read from [`Capture::Opposite`] once.
#[derive(Clone, Copy)]
pub(super) struct Opposite {
    /// A last seed facing an empty house still takes itself.
    pub empty_takes_last: bool,
    /// The capturing seed stays in its house.
    pub keep_last: bool,
}

impl Opposite {
    /// The capture after the last seed landed in `pos` of a board without marks, as the
    /// kit's last-seed capture makes it: `houses` the mover's houses (one bit per ring
    /// pit), `mirror - i` the house facing house `i`, the seeds banked in `store` if the
    /// ring has that pit, else in `captured`.
    #[inline(always)]
    pub(super) fn capture<const L: usize>(
        self,
        pits: &mut [u32; L],
        captured: &mut u32,
        houses: u32,
        mirror: usize,
        pos: usize,
        store: usize,
    ) {
        if houses & (1 << pos) == 0 || pits[pos] != 1 {
            return;
        }
        let opposite = mirror - pos;
        let taken = std::mem::take(&mut pits[opposite]);
        if taken == 0 && !self.empty_takes_last {
            return;
        }
        let mut banked = taken;
        if !self.keep_last || taken == 0 {
            pits[pos] = 0;
            banked += 1;
        }
        match pits.get_mut(store) {
            Some(store) => *store += banked,
            None => *captured += banked,
        }
    }

    /// The rule of `capture`, if it is the opposite capture.
    pub(super) fn of(capture: Capture) -> Option<Self> {
        match capture {
            Capture::Opposite {
                empty_opposite,
                keep_last,
            } => Some(Opposite {
                empty_takes_last: empty_opposite != EmptyOpposite::NoCapture,
                keep_last,
            }),
            _ => None,
        }
    }
}

/// The backward capture's rule, read from [`Capture::Backward`] and the grand-slam rule
/// once.
#[derive(Clone, Copy)]
pub(super) struct Backward {
    /// The counts a house must hold after the last seed to be taken.
    min: u32,
    max: u32,
    /// A capture of every seed the opponent has takes nothing.
    slam_takes_nothing: bool,
}

impl Backward {
    /// The capture after the last seed landed in `pos` of a board without marks, as the
    /// kit's last-seed capture makes it: `theirs` the opponent's houses (one bit per ring
    /// pit, consecutive), the chain going back from `pos` while their houses hold from
    /// `min` to `max`, banked in `store` if the ring has that pit, else in `captured`.
    #[inline(always)]
    pub(super) fn capture<const L: usize>(
        self,
        pits: &mut [u32; L],
        captured: &mut u32,
        theirs: u32,
        pos: usize,
        store: usize,
    ) {
        let in_chain = |pits: &[u32; L], p: usize| {
            theirs & (1 << p) != 0 && (self.min..=self.max).contains(&pits[p])
        };
        if !in_chain(pits, pos) {
            return;
        }
        // Their houses are consecutive and fewer than the ring's pits: the walk back
        // leaves them before it could come round.
        let (mut taken, mut chain, mut p) = (0, 0u32, pos);
        while in_chain(pits, p) {
            taken += pits[p];
            chain |= 1 << p;
            p = if p == 0 { L - 1 } else { p - 1 };
        }
        if taken == 0 {
            return;
        }
        if self.slam_takes_nothing {
            let left: u32 = (0..L)
                .filter(|&i| theirs & (1 << i) != 0)
                .map(|i| pits[i])
                .sum();
            if taken == left {
                return;
            }
        }
        for (i, n) in pits.iter_mut().enumerate() {
            if chain & (1 << i) != 0 {
                *n = 0;
            }
        }
        match pits.get_mut(store) {
            Some(store) => *store += taken,
            None => *captured += taken,
        }
    }

    /// The rule of `capture` under `grand_slam`, if it is the backward capture.
    pub(super) fn of(capture: Capture, grand_slam: GrandSlam) -> Option<Self> {
        match capture {
            Capture::Backward { min, max } => Some(Backward {
                min,
                max,
                slam_takes_nothing: matches!(
                    grand_slam,
                    GrandSlam::NoCapture | GrandSlam::Forbidden
                ),
            }),
            _ => None,
        }
    }
}

/// The rules the loop reads, taken from the game once.
#[derive(Clone, Copy)]
struct Rules {
    /// One bit per house of a row.
    houses: u32,
    /// The stores in the ring (South's, North's), if it has them.
    stores: Option<[usize; 2]>,
    /// Each side's store, or a pit past the ring's end where there are none.
    store_pits: [usize; 2],
    /// Each side's houses, one bit per ring pit.
    house_pits: [u32; 2],
    /// The pits each side's sowing passes over: the other's store, if the rules say.
    skips: [u32; 2],
    /// 1 when sowing passes over the move's own house, else 0 (shifted by the origin).
    skip_origin: u32,
    /// The last seed in one's own store gives another move.
    extra_turns: bool,
    /// The opposite capture, if the rules make it.
    opposite: Option<Opposite>,
    /// The backward capture, if the rules make it (the other captures are the kit's).
    backward: Option<Backward>,
    /// House `i` of one side faces `mirror - i` of the other (as ring indices).
    mirror: usize,
    /// The feeding rule.
    must_feed: bool,
    /// The end rules: an empty row, a majority, a repeated position.
    side_empty: bool,
    majority: bool,
    cycle: bool,
}

impl Rules {
    fn of<V: Variant>(game: &Mancala<V>) -> Self {
        let (c, b) = (&game.config, &game.board);
        let stores = match (b.store(Side::South), b.store(Side::North)) {
            (Some(s), Some(n)) => Some([s, n]),
            _ => None,
        };
        let skip = |other: usize| match stores {
            Some(stores) if c.skip_opponent_store => 1u32 << stores[other],
            _ => 0,
        };
        Rules {
            houses: (1u32 << c.houses) - 1,
            stores,
            store_pits: stores.unwrap_or([usize::MAX; 2]),
            house_pits: Side::BOTH.map(|s| b.house_mask(s)),
            skips: [skip(1), skip(0)],
            skip_origin: u32::from(c.skip_origin),
            extra_turns: c.extra_turn_in_own_store,
            opposite: Opposite::of(c.capture),
            backward: Backward::of(c.capture, c.grand_slam),
            mirror: b.house(Side::South, 0) + b.house(Side::North, c.houses - 1),
            must_feed: c.must_feed,
            side_empty: c.end == End::SideEmpty,
            majority: c.end == End::Majority,
            cycle: c.cycle_ends_game,
        }
    }

    /// The seeds banked so far: in the stores, or captured.
    #[inline(always)]
    fn bank<const L: usize, V: Variant>(&self, game: &mut Mancala<V>) -> u32 {
        let captured = game.board.captured[0] + game.board.captured[1];
        let pits = ring::<L>(&mut game.board.pits);
        match self.stores {
            Some([s, n]) => pits[s] + pits[n] + captured,
            None => captured,
        }
    }

    /// Both rows' occupied houses, one bit per house in its sowing order.
    #[inline(always)]
    fn occupied<const L: usize>(&self, pits: &[u32; L]) -> [u32; 2] {
        let ring = pits
            .iter()
            .rev()
            .fold(0u32, |ring, &n| (ring << 1) | u32::from(n != 0));
        // North's first house is the ring's middle pit, with or without stores.
        [ring & self.houses, (ring >> (L / 2)) & self.houses]
    }
}

/// The board's ring as the array of `L` pits it is.
#[inline(always)]
pub(super) fn ring<const L: usize>(pits: &mut crate::board::PitArray<u32>) -> &mut [u32; L] {
    (&mut pits[..L])
        .try_into()
        .expect("the ring has the length the loop was chosen for")
}
