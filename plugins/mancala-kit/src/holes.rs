//! Where a move starts and which way it sows: the houses a player may sow from
//! ([`SowFrom`], [`Config::min_sow`](crate::Config::min_sow)) and the direction each
//! house sows in ([`HouseDirections`]), with the encoding of moves that reads them.
//!
//! A move is a *hole* and a direction. The holes a player may choose are numbered from
//! 0: their own houses `0..houses` (house `a` first) under [`SowFrom::Own`], the
//! opponent's under [`SowFrom::Opponent`], and under [`SowFrom::Both`] their own then
//! the opponent's (`houses..2 * houses`). Under [`Direction::Anticlockwise`] hole `j` is
//! `MoveId(j)`; where a direction can be chosen ([`Direction::Chosen`],
//! [`Direction::ByHouse`]) it is `MoveId(2 * j)` anticlockwise and `MoveId(2 * j + 1)`
//! clockwise, and under [`Direction::ByHouse`] only the directions the house allows are
//! moves.

use game_api::MoveId;
use serde::{Deserialize, Serialize};

use crate::{Direction, Mancala, Side, Variant};

/// Whose houses a move may start from ([`Config::sow_from`](crate::Config::sow_from)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SowFrom {
    /// The mover's own houses (the usual rule).
    #[default]
    Own,
    /// Any house of either row: the holes have no owner (Eson Khorgol).
    Both,
    /// The opponent's houses only (Tap Urdy).
    Opponent,
}

/// The direction one house sows in, under [`Direction::ByHouse`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HouseDirection {
    /// Along the mover's row to the right (the kit's usual direction).
    Anticlockwise,
    /// Along the mover's row to the left.
    Clockwise,
    /// Either way, at the mover's choice.
    Chosen,
}

/// The direction each house of a row sows in ([`Direction::ByHouse`]), house `a` (bit
/// 0) first, the same for both players from their own side: one bit set per house
/// sowing clockwise, one per house where the mover chooses; the other houses sow
/// anticlockwise.
///
/// ```
/// use mancala_kit::{HouseDirection::*, HouseDirections};
/// // Um el-Bagara: clockwise from the two left houses, either way from the middle one.
/// let dirs = HouseDirections::new(&[Clockwise, Clockwise, Chosen, Anticlockwise, Anticlockwise]);
/// assert!(dirs.allows(0, false) && !dirs.allows(0, true));
/// assert!(dirs.allows(2, false) && dirs.allows(2, true));
/// assert!(dirs.allows(4, true) && !dirs.allows(4, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HouseDirections {
    clockwise: u32,
    chosen: u32,
}

impl HouseDirections {
    /// The directions of houses `a`, `b`… in order (at most 32; the kit's rows hold
    /// fewer).
    pub fn new(houses: &[HouseDirection]) -> Self {
        let mut dirs = HouseDirections {
            clockwise: 0,
            chosen: 0,
        };
        for (i, d) in houses.iter().enumerate().take(32) {
            match d {
                HouseDirection::Anticlockwise => {}
                HouseDirection::Clockwise => dirs.clockwise |= 1 << i,
                HouseDirection::Chosen => dirs.chosen |= 1 << i,
            }
        }
        dirs
    }

    /// The direction house `i` (from 0) sows in.
    pub fn of(self, i: usize) -> HouseDirection {
        let bit = 1u32.checked_shl(i as u32).unwrap_or(0);
        if self.chosen & bit != 0 {
            HouseDirection::Chosen
        } else if self.clockwise & bit != 0 {
            HouseDirection::Clockwise
        } else {
            HouseDirection::Anticlockwise
        }
    }

    /// Whether house `i` may sow anticlockwise (`forward`) or clockwise (not).
    pub fn allows(self, i: usize, forward: bool) -> bool {
        match self.of(i) {
            HouseDirection::Chosen => true,
            HouseDirection::Anticlockwise => forward,
            HouseDirection::Clockwise => !forward,
        }
    }
}

impl<V: Variant> Mancala<V> {
    /// The moves one hole gives before the direction is judged: 1 when every move
    /// sows anticlockwise, else 2 (anticlockwise, clockwise).
    #[inline]
    pub(crate) fn per_hole(&self) -> usize {
        match self.config.direction {
            Direction::Anticlockwise => 1,
            Direction::Chosen | Direction::ByHouse(_) => 2,
        }
    }

    /// The holes a player may choose from ([`SowFrom`]): `houses`, or twice as many
    /// (from both rows, or where houses pass between rounds,
    /// [`Config::rounds_pass`](crate::Config::rounds_pass)).
    #[inline]
    pub(crate) fn holes(&self) -> usize {
        match self.config.sow_from {
            _ if self.config.rounds_pass => 2 * self.config.houses,
            SowFrom::Own | SowFrom::Opponent => self.config.houses,
            SowFrom::Both => 2 * self.config.houses,
        }
    }

    /// The hole and the direction (`true`: anticlockwise) of `mv`.
    #[inline]
    pub(crate) fn decode(&self, mv: MoveId) -> (usize, bool) {
        match self.config.direction {
            Direction::Anticlockwise => (mv.0 as usize, true),
            Direction::Chosen | Direction::ByHouse(_) => {
                ((mv.0 / 2) as usize, mv.0.is_multiple_of(2))
            }
        }
    }

    /// The row of hole `j` of `side`'s choice, and its house index in that row (the
    /// row's side owns it but for held houses, [`Board::held`](crate::Board::held)).
    #[inline]
    pub(crate) fn hole(&self, side: Side, j: usize) -> (Side, usize) {
        let houses = self.config.houses;
        // Where houses pass, the holes are numbered as from both rows (`Own` is the
        // only choice with it): the owner then decides which are the mover's.
        let from = if self.config.rounds_pass {
            SowFrom::Both
        } else {
            self.config.sow_from
        };
        match from {
            SowFrom::Own => (side, j),
            SowFrom::Opponent => (side.other(), j),
            SowFrom::Both if j < houses => (side, j),
            SowFrom::Both => (side.other(), j - houses),
        }
    }

    /// The pit hole `j` of `side`'s choice stands on.
    #[inline]
    pub(crate) fn hole_pit(&self, side: Side, j: usize) -> usize {
        let (owner, i) = self.hole(side, j);
        self.board.house(owner, i)
    }

    /// Whether the rules on where a move starts and which way it sows are the usual
    /// ones (own houses, any seed count, one direction or a free choice): the fast tests
    /// of one house then hold. Chosen once from the config's allow-list
    /// ([`FastPaths::own_holes`](crate::playout::FastPaths::own_holes)).
    #[inline]
    pub(crate) fn plain_holes(&self) -> bool {
        self.config.paths().own_holes
    }

    /// `side`'s holes it may sow from under [`SowFrom`] and
    /// [`Config::min_sow`](crate::Config::min_sow), one bit per hole, from the houses
    /// `playable` gives of each side (one bit per house in its sowing order).
    #[cold]
    #[inline(never)]
    pub(crate) fn hole_mask(&self, side: Side, playable: impl Fn(Side) -> u32) -> u32 {
        let of = |s: Side| {
            let mut mask = playable(s);
            if self.config.min_sow > 1 {
                let mut enough = 0;
                for (i, &seeds) in self.board.row_of(s).iter().enumerate() {
                    enough |= u32::from(seeds >= self.config.min_sow) << i;
                }
                mask &= enough;
            }
            mask
        };
        if self.config.rounds_pass {
            // The mover's own row but the houses the other side holds, then the other
            // row's houses the mover holds.
            let row = (1u32 << self.config.houses) - 1;
            let held = |s: Side| (self.board.held() >> self.board.house(s, 0)) & row;
            return (of(side) & !held(side))
                | (of(side.other()) & held(side.other())) << self.config.houses;
        }
        match self.config.sow_from {
            SowFrom::Own => of(side),
            SowFrom::Opponent => of(side.other()),
            SowFrom::Both => of(side) | of(side.other()) << self.config.houses,
        }
    }

    /// Whether hole `j` may sow in direction `forward` (under [`Direction::ByHouse`], by
    /// the house's own direction; a hole of the opponent's row reads the direction of
    /// the house of the same letter, as its owner would sow it).
    #[inline]
    pub(crate) fn direction_allowed(&self, side: Side, j: usize, forward: bool) -> bool {
        match self.config.direction {
            Direction::ByHouse(dirs) => dirs.allows(self.hole(side, j).1, forward),
            Direction::Anticlockwise | Direction::Chosen => true,
        }
    }
}
