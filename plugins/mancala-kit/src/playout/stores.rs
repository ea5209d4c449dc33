//! The random playout of the games whose stores stand in the ring with the plainest
//! rules (Kalah's: an opposite capture or none, no feeding rule, no cycle rule, the end
//! once a row is empty): the loop of [`ring`](super::ring) without what those rules
//! never need, which is most of a Kalah move's instructions beyond the sowing (9.6k
//! instructions a random Kalah(6,4) playout against 11.4k by the general ring loop).
//!
//! Same draws and same game as [`Game::apply`](game_api::Game::apply): the sowing past
//! the skipped pits, the extra turn in one's own store, the variant's
//! [`Variant::after_sowing`](crate::Variant::after_sowing), the opposite capture, the end
//! once a row is empty. Once a hook has marked a pit, the rest of the move and of the
//! playout is the general code's.

use game_api::{GameError, Outcome, Rng};

use super::ring::{Opposite, ring};
use crate::effects::Effects;
use crate::sow::{Landing, drop_counts};
use crate::{Mancala, Side, Variant, board::nth_set_bit};

impl<V: Variant> Mancala<V> {
    /// The playout of a game whose rules the stores loop plays ([`super::FastPaths`]'s
    /// `store`), in normal play on a board without marks: the loop compiled for the
    /// ring's length.
    pub(super) fn store_playout(&mut self, rng: &mut Rng) -> Result<Outcome, GameError> {
        // Every ring a board of stores can have: 1 to 11 houses a side (MAX_PITS).
        macro_rules! by_length {
            ($($len:literal)*) => {
                match self.board.ring_len() {
                    $($len => self.store_loop::<$len>(rng),)*
                    _ => self.lean_playout(rng, false),
                }
            };
        }
        by_length!(4 6 8 10 12 14 16 18 20 22 24)
    }

    /// [`Mancala::store_playout`] on a ring of `L` pits.
    fn store_loop<const L: usize>(&mut self, rng: &mut Rng) -> Result<Outcome, GameError> {
        let c = &self.config;
        let opposite = Opposite::of(c.capture);
        let skips = if c.skip_opponent_store {
            [1u32 << (L - 1), 1 << (L / 2 - 1)]
        } else {
            [0, 0]
        };
        let (skip_origin, extra_turns) = (u32::from(c.skip_origin), c.extra_turn_in_own_store);
        let row = L / 2;
        let stores = [row - 1, L - 1];
        let house_pits = [(1u32 << (row - 1)) - 1, ((1u32 << (row - 1)) - 1) << row];
        let start_bank = self.board.bank_of(Side::South) + self.board.bank_of(Side::North);
        let mut last = None;
        let mut rows = occupied::<L>(ring::<L>(&mut self.board.pits));
        for _ in 0..game_api::MAX_PLAYOUT_ACTIONS {
            if rows[0] == 0 || rows[1] == 0 {
                break;
            }
            let side = self.to_move;
            let s = side.index();
            let mine = rows[s];
            // The draw of `random_move`: the k-th of the occupied houses.
            let k = rng.below(mine.count_ones() as usize);
            let origin = row * s + nth_set_bit(mine, k as u32) as usize;
            last = Some(origin);
            let pits = ring::<L>(&mut self.board.pits);
            let pos = drop_counts(pits, origin, skips[s] | (skip_origin << origin));
            let store = stores[s];
            if extra_turns && pos == store {
                rows = occupied::<L>(pits);
                continue;
            }
            self.to_move = side.other();
            let hooked = V::after_sowing(&mut self.board, side, pos, &mut Effects(None));
            if self.board.has_marks() {
                // A mark this loop does not know: the rest of the move and of the
                // playout by the general code.
                return self.marked(hooked, side, pos, start_bank, last, rng);
            }
            let pits = ring::<L>(&mut self.board.pits);
            if !hooked && let Some(rule) = opposite {
                let captured = &mut self.board.captured[s];
                rule.capture(pits, captured, house_pits[s], L - 2, pos, store);
            }
            rows = occupied::<L>(pits);
        }
        self.history_after(start_bank, last);
        if rows[0] != 0 && rows[1] != 0 {
            return Err(GameError::Internal("a random playout did not end".into()));
        }
        self.end(&mut Effects(None), "A row is empty: the game is over");
        Ok(Outcome::from_scores(&self.final_scores()))
    }

    /// After a hook marked a pit: the move's capture (unless the hook dealt with the
    /// landing) and the end rules by the kit's general code, then the general loop.
    fn marked(
        &mut self,
        hooked: bool,
        side: Side,
        pos: usize,
        start_bank: u32,
        last: Option<usize>,
        rng: &mut Rng,
    ) -> Result<Outcome, GameError> {
        if !hooked {
            let landing = Landing::forward(side, pos, self.board.ring_len());
            crate::capture::last_seed(&mut self.board, &self.config, landing, &mut Effects(None));
        }
        self.history_after(start_bank, last);
        // Under these rules `settle` reads no `banked` (it is for the majority rule).
        if self.settle(true, &mut Effects(None)) {
            return self.lean_playout(rng, true);
        }
        Ok(Outcome::from_scores(&self.final_scores()))
    }

    /// What [`Mancala::play_legal`] leaves besides the board: the last move, and the
    /// cycle record started afresh if seeds were banked (scores only grow under these
    /// rules: some were banked if and only if the stores hold more than `start_bank`).
    fn history_after(&mut self, start_bank: u32, last: Option<usize>) {
        if self.board.bank_of(Side::South) + self.board.bank_of(Side::North) != start_bank {
            self.history.clear();
        }
        self.record_last(last);
    }
}

/// Both rows' occupied houses, one bit per house in its sowing order (each row of `L`/2
/// pits ends in its store).
#[inline(always)]
fn occupied<const L: usize>(pits: &[u32; L]) -> [u32; 2] {
    let ring = pits
        .iter()
        .rev()
        .fold(0u32, |ring, &n| (ring << 1) | u32::from(n != 0));
    let row = L / 2;
    let houses = (1u32 << (row - 1)) - 1;
    [ring & houses, (ring >> row) & houses]
}
