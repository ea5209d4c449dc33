//! The random playout of the games whose stores stand in the sowing ring (Kalah and the
//! variants that keep its shape): the loop a programmer would write for Kalah alone,
//! reading the rules from the [`Config`](crate::Config) once, before the first move.
//!
//! It plays exactly the game [`Game::apply`](game_api::Game::apply) plays, with the same
//! draws as [`Mancala::random_move`]: anticlockwise sowing of counts past the skipped
//! pits, the extra turn in one's own store, the variant's
//! [`Variant::after_sowing`](crate::Variant::after_sowing), the opposite capture, and
//! the end once a row is empty. A variant whose rules need more (relays, sowing
//! captures, a seed hook, marks, a feeding rule, cycles, rounds, another end rule) is
//! played by the general loops; so is the rest of a playout once its hook marks a pit.

use game_api::{GameError, Outcome, Rng};

use crate::effects::Effects;
use crate::{
    Capture, Direction, EmptyOpposite, End, Ends, GrandSlam, Mancala, Phase, Relay, Side, Variant,
    board::nth_set_bit,
};

/// The last-seed capture these rules make, read from [`Capture`] once.
#[derive(Clone, Copy)]
struct Opposite {
    /// A last seed whose opposite house is empty still takes itself.
    empty_takes_last: bool,
    /// The capturing seed stays in its house.
    keep_last: bool,
}

impl<V: Variant> Mancala<V> {
    /// Whether [`Mancala::store_playout`] plays this position by its rules.
    pub(super) fn fits_store_playout(&self) -> bool {
        let c = &self.config;
        self.phase == Phase::Play
            && c.ends == Ends::Stores
            && c.direction == Direction::Anticlockwise
            && c.relay == Relay::None
            && c.sowing_capture.is_none()
            && V::seed_hook().is_none()
            && !c.first_seed_in_origin
            && c.end == End::SideEmpty
            && !c.cycle_ends_game
            && !c.must_feed
            && c.grand_slam != GrandSlam::Forbidden
            && !c.refill
            && !c.rounds
            && !c.simultaneous_opening
            && matches!(c.capture, Capture::None | Capture::Opposite { .. })
            && !self.board.has_marks()
            && self.board.ring_len() < 32
    }

    /// The playout for [`Mancala::fits_store_playout`] positions: the loop compiled for
    /// the ring's length, so that its pits are an array the compiler knows.
    pub(super) fn store_playout(&mut self, rng: &mut Rng) -> Result<Outcome, GameError> {
        let rules = Rules::of(&self.config);
        // Every ring a board of stores can have: 1 to 11 houses a side (MAX_PITS).
        macro_rules! by_length {
            ($($len:literal)*) => {
                match self.board.ring_len() {
                    $($len => self.ring_loop::<$len>(rules, rng),)*
                    _ => self.lean_playout(rng),
                }
            };
        }
        by_length!(4 6 8 10 12 14 16 18 20 22 24)
    }

    /// [`Mancala::store_playout`] on a ring of `L` pits.
    fn ring_loop<const L: usize>(
        &mut self,
        rules: Rules,
        rng: &mut Rng,
    ) -> Result<Outcome, GameError> {
        let row = L / 2;
        let stores = [row - 1, L - 1];
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
            let pos = sow::<L>(pits, origin, rules.skips[s] | (rules.skip_origin << origin));
            let store = stores[s];
            if rules.extra_turns && pos == store {
                rows = occupied::<L>(pits);
                continue;
            }
            self.to_move = side.other();
            if V::after_sowing(&mut self.board, side, pos, &mut Effects(None)) {
                rows = occupied::<L>(ring::<L>(&mut self.board.pits));
                if self.board.has_marks() && rows[0] != 0 && rows[1] != 0 {
                    // A mark the loop does not know, in a game that goes on (the end
                    // of this move applied first): the general loops play on.
                    return self.finish_elsewhere(start_bank, last, rng);
                }
                continue;
            }
            let pits = ring::<L>(&mut self.board.pits);
            if let Some(rule) = rules.opposite {
                capture::<L>(pits, rule, s, pos, store);
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

    /// What [`Mancala::play_legal`] leaves besides the board: the last move, and the
    /// cycle record started afresh if seeds were banked (scores only grow under these
    /// rules: some were banked if and only if the stores hold more than `start_bank`).
    fn history_after(&mut self, start_bank: u32, last: Option<usize>) {
        if self.board.bank_of(Side::South) + self.board.bank_of(Side::North) != start_bank {
            self.history.clear();
        }
        if let Some(origin) = last {
            self.last_move.clear();
            self.last_move.push(origin);
        }
    }

    /// Hands the rest of the playout to the lean loop, the moves so far recorded.
    fn finish_elsewhere(
        &mut self,
        start_bank: u32,
        last: Option<usize>,
        rng: &mut Rng,
    ) -> Result<Outcome, GameError> {
        self.history_after(start_bank, last);
        self.lean_playout(rng)
    }
}

/// The rules the loop reads, taken from the [`Config`](crate::Config) once.
#[derive(Clone, Copy)]
struct Rules {
    /// The pits each side's sowing passes over: the other's store, if the rules say.
    skips: [u32; 2],
    /// 1 when sowing passes over the move's own house, else 0 (shifted by the origin).
    skip_origin: u32,
    /// The last seed in one's own store gives another move.
    extra_turns: bool,
    /// The capture, if any.
    opposite: Option<Opposite>,
}

impl Rules {
    fn of(c: &crate::Config) -> Self {
        let stores = [c.houses, 2 * c.houses + 1];
        let skip = |other: usize| {
            if c.skip_opponent_store {
                1u32 << stores[other]
            } else {
                0
            }
        };
        Rules {
            skips: [skip(1), skip(0)],
            skip_origin: u32::from(c.skip_origin),
            extra_turns: c.extra_turn_in_own_store,
            opposite: match c.capture {
                Capture::Opposite {
                    empty_opposite,
                    keep_last,
                } => Some(Opposite {
                    empty_takes_last: empty_opposite != EmptyOpposite::NoCapture,
                    keep_last,
                }),
                _ => None,
            },
        }
    }
}

/// The board's ring as the array of `L` pits it is.
#[inline(always)]
fn ring<const L: usize>(pits: &mut crate::board::PitArray<u32>) -> &mut [u32; L] {
    (&mut pits[..L])
        .try_into()
        .expect("the ring has the length the loop was chosen for")
}

/// Both rows' occupied houses, one bit per house in its sowing order.
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

/// Sows the seeds of `origin` anticlockwise past the pits of `skip`: whole laps at
/// once, then seed by seed; returns the pit of the last seed. (A version that finds
/// the pits reached as a bit set and adds one to each in one pass, with no loop of
/// random length, measured 25% slower on Kalah.)
#[inline(always)]
fn sow<const L: usize>(pits: &mut [u32; L], origin: usize, skip: u32) -> usize {
    let mut seeds = std::mem::take(&mut pits[origin]);
    let cycle = L as u32 - skip.count_ones();
    if seeds > cycle {
        let laps = (seeds - 1) / cycle;
        for (pit, n) in pits.iter_mut().enumerate() {
            if skip & (1 << pit) == 0 {
                *n += laps;
            }
        }
        seeds -= laps * cycle;
    }
    let mut pos = origin;
    while seeds > 0 {
        pos = if pos + 1 == L { 0 } else { pos + 1 };
        if skip & (1 << pos) == 0 {
            pits[pos] += 1;
            seeds -= 1;
        }
    }
    pos
}

/// The opposite capture after the last seed landed in `pos` (side `s` sowing, its store
/// `store`), as the kit's last-seed capture makes it.
#[inline(always)]
fn capture<const L: usize>(
    pits: &mut [u32; L],
    rule: Opposite,
    s: usize,
    pos: usize,
    store: usize,
) {
    let row = L / 2;
    let first = row * s;
    if pos < first || pos >= store || pits[pos] != 1 {
        return;
    }
    let opposite = 2 * row - 2 - pos;
    let taken = std::mem::take(&mut pits[opposite]);
    if taken == 0 && !rule.empty_takes_last {
        return;
    }
    pits[store] += taken;
    if !rule.keep_last || taken == 0 {
        pits[pos] = 0;
        pits[store] += 1;
    }
}
