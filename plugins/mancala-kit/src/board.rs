use serde::{Deserialize, Serialize};

use crate::Config;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The first player, seat 0, whose houses are the lower row.
    South,
    /// The second player, seat 1.
    North,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// The seat index (South 0, North 1).
    pub fn seat(self) -> u8 {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    /// The side of a seat index.
    pub fn from_seat(seat: u8) -> Side {
        if seat == 0 { Side::South } else { Side::North }
    }

    /// `S` or `N`.
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// `South` or `North`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

/// The seeds of a two-row board: the ring of pits in sowing order and, beside it, each
/// side's captured stock (for games whose stores are not in the ring).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Houses per side.
    pub houses: usize,
    /// Whether each side's store is a pit of the ring.
    pub stores_in_ring: bool,
    /// Seeds in each pit of the ring.
    pub pits: Vec<u32>,
    /// Seeds each side holds outside the ring (South, North).
    pub captured: [u32; 2],
}

impl Board {
    /// The start position of `config`.
    pub fn start(config: &Config) -> Self {
        let mut board = Board::empty(config.houses, config.stores_in_ring);
        for side in [Side::South, Side::North] {
            for i in 0..config.houses {
                let pit = board.house(side, i);
                board.pits[pit] = config.seeds;
            }
        }
        board
    }

    /// A board with no seeds.
    pub fn empty(houses: usize, stores_in_ring: bool) -> Self {
        let len = 2 * houses + if stores_in_ring { 2 } else { 0 };
        Board {
            houses,
            stores_in_ring,
            pits: vec![0; len],
            captured: [0, 0],
        }
    }

    /// Pits in the ring.
    pub fn ring_len(&self) -> usize {
        self.pits.len()
    }

    /// The ring index of `side`'s house number `i` (from 0, in that side's sowing order).
    pub fn house(&self, side: Side, i: usize) -> usize {
        let row = self.houses + usize::from(self.stores_in_ring);
        match side {
            Side::South => i,
            Side::North => row + i,
        }
    }

    /// The ring index of `side`'s store, if stores are in the ring.
    pub fn store(&self, side: Side) -> Option<usize> {
        self.stores_in_ring.then(|| match side {
            Side::South => self.houses,
            Side::North => 2 * self.houses + 1,
        })
    }

    /// Whose house `pit` is, or `None` for a store.
    pub fn house_owner(&self, pit: usize) -> Option<Side> {
        let row = self.houses + usize::from(self.stores_in_ring);
        let (side, i) = if pit < row {
            (Side::South, pit)
        } else {
            (Side::North, pit - row)
        };
        (i < self.houses).then_some(side)
    }

    /// The house index (in its side's sowing order) of ring pit `pit`, if it is a house.
    pub fn house_index(&self, pit: usize) -> Option<usize> {
        let row = self.houses + usize::from(self.stores_in_ring);
        let i = pit % row;
        (i < self.houses && self.house_owner(pit).is_some()).then_some(i)
    }

    /// The house across the board from house `pit`.
    pub fn opposite(&self, pit: usize) -> usize {
        let side = self.house_owner(pit).expect("opposite of a store");
        let i = self.house_index(pit).expect("opposite of a store");
        self.house(side.other(), self.houses - 1 - i)
    }

    /// The seeds in `side`'s houses.
    pub fn seeds_on_side(&self, side: Side) -> u32 {
        (0..self.houses)
            .map(|i| self.pits[self.house(side, i)])
            .sum()
    }

    /// `side`'s score so far: its store plus its captured stock.
    pub fn score(&self, side: Side) -> u32 {
        self.store(side).map_or(0, |s| self.pits[s]) + self.captured[side.seat() as usize]
    }

    /// Every seed on and beside the board.
    pub fn total(&self) -> u32 {
        self.pits.iter().sum::<u32>() + self.captured.iter().sum::<u32>()
    }

    /// Adds `n` seeds to `side`'s score (its store, or its captured stock).
    pub fn bank(&mut self, side: Side, n: u32) {
        match self.store(side) {
            Some(s) => self.pits[s] += n,
            None => self.captured[side.seat() as usize] += n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kalah_ring_geometry() {
        let b = Board::start(&Config::kalah(6, 4));
        assert_eq!(b.ring_len(), 14);
        assert_eq!(b.store(Side::South), Some(6));
        assert_eq!(b.store(Side::North), Some(13));
        assert_eq!(b.house(Side::North, 0), 7);
        // South's first house faces North's last.
        assert_eq!(b.opposite(0), 12);
        assert_eq!(b.opposite(12), 0);
        assert_eq!(b.opposite(5), 7);
        assert_eq!(b.house_owner(6), None);
        assert_eq!(b.house_index(9), Some(2));
        assert_eq!(b.total(), 48);
    }
}
