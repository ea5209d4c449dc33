use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::{Config, Ends};

mod rows;

/// The most pits a board can have: four rows of 8 houses (two rows of up to 11 houses
/// and two end pits take 24). Fixed capacity keeps a board on the stack, so that
/// copying a position (as search does millions of times) allocates nothing; one bit
/// per pit fits a `u32`.
pub const MAX_PITS: usize = 32;

/// Per-pit values of a ring.
pub type PitArray<T> = ArrayVec<T, MAX_PITS>;

/// The most houses a side a two-row board can have (two rows and their ends: 24 pits).
pub(crate) const MAX_HOUSES: usize = 11;

/// The most houses a side a four-row board can have: two rows of 8 a side fill
/// [`MAX_PITS`].
pub(crate) const MAX_FOUR_ROW_HOUSES: usize = MAX_PITS / 2;

fn one_row() -> usize {
    1
}

/// The index of the `k`-th set bit of `mask` (from 0; `k` below the number of set bits):
/// for a mask of eight bits (a row of up to eight houses) one look-up in a table of
/// 2 KiB, else by halving the range: five steps whatever `k`, where clearing `k` bits
/// one by one makes the processor guess the length of a loop on a random number.
#[inline]
pub(crate) fn nth_set_bit(mask: u32, k: u32) -> u32 {
    if mask < 256 {
        // `k` is below the mask's set bits, so below 8: the `& 7` only spares the
        // bounds check.
        return u32::from(NTH_SET_BIT_8[mask as usize][(k & 7) as usize]);
    }
    let (mut pos, mut k) = (0, k);
    for width in [16, 8, 4, 2, 1] {
        let below = ((mask >> pos) & ((1 << width) - 1)).count_ones();
        let above = k >= below;
        k -= if above { below } else { 0 };
        pos += if above { width } else { 0 };
    }
    pos
}

/// [`nth_set_bit`] of every mask of eight bits, for each `k` (0 where there is no
/// `k`-th bit).
static NTH_SET_BIT_8: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if mask & (1 << bit) != 0 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// Of the houses `houses`, those of `plural` if any, else all: the moves under
/// [`Config::singletons_last`](crate::Config::singletons_last), from the playable
/// houses and those holding more than one seed (one bit per house each).
#[inline]
pub(crate) fn plural_first(houses: u32, plural: u32) -> u32 {
    let big = houses & plural;
    if big != 0 { big } else { houses }
}

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The first player, seat 0, whose houses are the lower row.
    South,
    /// The second player, seat 1.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// The seat index (South 0, North 1).
    #[inline]
    pub fn seat(self) -> u8 {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    /// The seat index as an array index.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.seat())
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

/// What kind of pit of the ring something is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pit {
    /// A house of this side, with its index in that side's sowing order.
    House(Side, usize),
    /// This side's store.
    Store(Side),
    /// An ownerless mandarin square; 0 is the one after South's row.
    Mandarin(usize),
}

/// A lasting mark on a house.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    /// An ordinary house.
    #[default]
    Normal,
    /// Burnt for this round: skipped by sowing, never chosen, never captured from.
    Burnt,
    /// A sink: every seed sown into it goes straight to this side's score; never
    /// chosen.
    Sink(Side),
}

/// The marked pits of a ring, one bit per pit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Marks {
    burnt: u32,
    /// Sinks by owner (South, North).
    sinks: [u32; 2],
}

/// Marks are saved as one [`Special`] per pit, the form positions were always saved in.
mod marks_per_pit {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{MAX_PITS, Marks, Special};

    pub fn serialize<S: Serializer>(marks: &Marks, serializer: S) -> Result<S::Ok, S::Error> {
        let last = 32 - (marks.burnt | marks.sinks[0] | marks.sinks[1]).leading_zeros();
        let per_pit: Vec<Special> = (0..last as usize).map(|pit| marks.get(pit)).collect();
        per_pit.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Marks, D::Error> {
        let per_pit = Vec::<Special>::deserialize(deserializer)?;
        if per_pit.len() > MAX_PITS {
            return Err(serde::de::Error::custom(format!(
                "{} pit marks, more than the {MAX_PITS} pits a ring can have",
                per_pit.len()
            )));
        }
        let mut marks = Marks::default();
        for (pit, mark) in per_pit.into_iter().enumerate() {
            marks.set(pit, mark);
        }
        Ok(marks)
    }
}

impl Marks {
    #[inline]
    fn get(&self, pit: usize) -> Special {
        let bit = 1u32 << pit;
        if self.burnt & bit != 0 {
            Special::Burnt
        } else if self.sinks[0] & bit != 0 {
            Special::Sink(Side::South)
        } else if self.sinks[1] & bit != 0 {
            Special::Sink(Side::North)
        } else {
            Special::Normal
        }
    }

    fn set(&mut self, pit: usize, mark: Special) {
        let bit = 1u32 << pit;
        self.burnt &= !bit;
        self.sinks[0] &= !bit;
        self.sinks[1] &= !bit;
        match mark {
            Special::Normal => {}
            Special::Burnt => self.burnt |= bit,
            Special::Sink(owner) => self.sinks[owner.index()] |= bit,
        }
    }

    #[inline]
    fn any(&self) -> bool {
        self.burnt | self.sinks[0] | self.sinks[1] != 0
    }
}

/// The seeds of a board: the ring of pits in sowing order and, beside it, each side's
/// captured stock.
///
/// The ring is South's houses (in South's sowing order), the end pit after them (South's
/// store or a mandarin square, if the variant has end pits), North's houses, the other
/// end pit.
///
/// On a two-row board (`rows` 1: each player owns one row) every sowing goes round the
/// whole ring. On a four-row board (`rows` 2: each player owns two rows, no end pits) a
/// player's houses are their *track*: the outer row from the player's left to right,
/// then the inner row back, and a sowing goes round its mover's track only
/// ([`Board::track`]); captures read the facing rows ([`Board::facing`]).
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Houses per side (over all of a side's rows).
    pub houses: usize,
    /// Rows per side: 1 (two-row boards) or 2 (four-row boards).
    #[serde(default = "one_row")]
    pub rows: usize,
    /// What stands at the ends of the rows.
    pub ends: Ends,
    /// Small seeds in each pit of the ring.
    pub pits: PitArray<u32>,
    /// Big stones in each pit of the ring (only mandarin squares have any).
    #[serde(default)]
    pub big: PitArray<u32>,
    /// Marks on the houses (burnt, sink), as bit sets over the ring's pits: sowing
    /// and move generation test a whole ring with one instruction. Saved as one
    /// [`Special`] per pit; read and written with [`Board::mark`] and
    /// [`Board::set_mark`].
    #[serde(default, rename = "special", with = "marks_per_pit")]
    marks: Marks,
    /// Small seeds each side holds beside the board (South, North).
    pub captured: [u32; 2],
    /// Big stones each side has captured.
    #[serde(default)]
    pub captured_big: [u32; 2],
    /// Seeds each side has borrowed from the other to refill its houses.
    #[serde(default)]
    pub loans: [u32; 2],
    /// The houses held by the side across the board, one bit per ring pit: in a match
    /// of rounds whose unfilled houses pass to the opponent
    /// ([`Config::rounds_pass`](crate::Config::rounds_pass)), a house of South's row
    /// with its bit set is North's, and the reverse. 0 in every other game, where a
    /// house's owner is its row's side. Read and written with [`Board::held`] and
    /// [`Board::set_held`].
    #[serde(default, skip_serializing_if = "is_zero")]
    held: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A copy of a ring's values in one block move (the derived copy of an `ArrayVec`
/// pushes them one by one, checking the capacity each time): search copies boards
/// millions of times.
#[inline]
fn copy_ring(ring: &PitArray<u32>) -> PitArray<u32> {
    let mut out = PitArray::new();
    // Never fails: the copy has the capacity of the original.
    let _ = out.try_extend_from_slice(ring);
    out
}

impl Clone for Board {
    #[inline]
    fn clone(&self) -> Self {
        Board {
            houses: self.houses,
            rows: self.rows,
            ends: self.ends,
            pits: copy_ring(&self.pits),
            big: copy_ring(&self.big),
            marks: self.marks,
            captured: self.captured,
            captured_big: self.captured_big,
            loans: self.loans,
            held: self.held,
        }
    }
}

impl Board {
    /// The start position of `config`.
    pub fn start(config: &Config) -> Self {
        let mut board = Board::of(config);
        for side in Side::BOTH {
            for i in 0..config.houses {
                let pit = board.house(side, i);
                board.pits[pit] = config.start_seeds(i);
            }
        }
        if let Ends::Mandarins(m) = config.ends {
            for pit in board.mandarins() {
                board.pits[pit] = m.small;
                board.big[pit] = u32::from(m.big_stone > 0);
            }
        }
        board
    }

    /// A two-row board with no seeds. At most 11 houses a side.
    pub fn empty(houses: usize, ends: Ends) -> Self {
        Board::empty_rows(houses, 1, ends)
    }

    /// An empty board of `config`'s shape.
    pub fn of(config: &Config) -> Self {
        Board::empty_rows(config.houses, config.rows, config.ends)
    }

    /// A board with no seeds, `rows` rows a side (1 or 2): at most 11 houses a side on
    /// two rows, 16 (two rows of 8) on four, which have no end pits.
    ///
    /// ```
    /// use mancala_kit::{Board, Ends, Side};
    /// // Hawalis: two rows of 7 a side.
    /// let board = Board::empty_rows(14, 2, Ends::None);
    /// assert_eq!(board.ring_len(), 28);
    /// // South sows round its own 14 houses only.
    /// assert_eq!(board.track(Side::South), (0, 14));
    /// assert_eq!(board.track(Side::North), (14, 14));
    /// ```
    pub fn empty_rows(houses: usize, rows: usize, ends: Ends) -> Self {
        let rows = rows.clamp(1, 2);
        let (houses, ends) = if rows == 2 {
            // Whole rows of equal length, no end pits.
            (houses.min(MAX_FOUR_ROW_HOUSES) & !1, Ends::None)
        } else {
            (houses.min(MAX_HOUSES), ends)
        };
        let len = 2 * houses + if ends == Ends::None { 0 } else { 2 };
        Board {
            houses,
            rows,
            ends,
            pits: std::iter::repeat_n(0, len).collect(),
            big: std::iter::repeat_n(0, len).collect(),
            marks: Marks::default(),
            captured: [0, 0],
            captured_big: [0, 0],
            loans: [0, 0],
            held: 0,
        }
    }

    /// Pits in the ring.
    #[inline]
    pub fn ring_len(&self) -> usize {
        self.pits.len()
    }

    #[inline]
    fn row(&self) -> usize {
        self.houses + usize::from(self.ends != Ends::None)
    }

    /// The ring index of `side`'s house number `i` (from 0, in that side's sowing order).
    #[inline]
    pub fn house(&self, side: Side, i: usize) -> usize {
        // Arithmetic, not a branch on the side: the side to move is data to the
        // processor, and a mispredicted branch costs more than a multiplication.
        self.row() * side.index() + i
    }

    /// The houses of `side`'s row, one bit per ring pit (whoever owns them: see
    /// [`Board::owned_mask`]).
    ///
    /// ```
    /// use mancala_kit::{Board, Config, Side};
    /// let board = Board::start(&Config::kalah(6, 4));
    /// assert_eq!(board.house_mask(Side::South), 0b111111);
    /// assert_eq!(board.house_mask(Side::North), 0b111111 << 7);
    /// ```
    #[inline]
    pub fn house_mask(&self, side: Side) -> u32 {
        ((1 << self.houses) - 1) << self.house(side, 0)
    }

    /// What the ring pit `pit` is.
    #[inline]
    pub fn pit(&self, pit: usize) -> Pit {
        let row = self.row();
        let (side, i) = if pit < row {
            (Side::South, pit)
        } else {
            (Side::North, pit - row)
        };
        if i < self.houses {
            return Pit::House(side, i);
        }
        match self.ends {
            Ends::Mandarins(_) => Pit::Mandarin(side.index()),
            _ => Pit::Store(side),
        }
    }

    /// The ring index of `side`'s store, if stores are in the ring.
    #[inline]
    pub fn store(&self, side: Side) -> Option<usize> {
        (self.ends == Ends::Stores).then(|| self.end_pit(side))
    }

    /// The ring indices of the mandarin squares (empty without them).
    pub fn mandarins(&self) -> Vec<usize> {
        match self.ends {
            Ends::Mandarins(_) => vec![self.end_pit(Side::South), self.end_pit(Side::North)],
            _ => Vec::new(),
        }
    }

    #[inline]
    fn end_pit(&self, side: Side) -> usize {
        match side {
            Side::South => self.houses,
            Side::North => 2 * self.houses + 1,
        }
    }

    /// Whose house `pit` is, or `None` for a store or mandarin square: its row's side,
    /// or the other side where that side holds it ([`Board::held`]).
    #[inline]
    pub fn house_owner(&self, pit: usize) -> Option<Side> {
        match self.pit(pit) {
            Pit::House(side, _) if self.held & (1 << pit) != 0 => Some(side.other()),
            Pit::House(side, _) => Some(side),
            _ => None,
        }
    }

    /// The houses `side` owns, one bit per ring pit: its row's houses but those the
    /// other side holds, and the other row's houses it holds ([`Board::held`]).
    ///
    /// ```
    /// use mancala_kit::{Board, Config, Side};
    /// let mut board = Board::start(&Config::kalah(6, 4));
    /// assert_eq!(board.owned_mask(Side::South), 0b111111);
    /// // North holds South's house `a`.
    /// board.set_held(0, true);
    /// assert_eq!(board.owned_mask(Side::South), 0b111110);
    /// assert_eq!(board.owned_mask(Side::North), 0b111111 << 7 | 1);
    /// ```
    #[inline]
    pub fn owned_mask(&self, side: Side) -> u32 {
        (self.house_mask(side) & !self.held) | (self.house_mask(side.other()) & self.held)
    }

    /// The houses held by the side across the board from their row, one bit per ring
    /// pit (0 but in a match of rounds whose houses pass,
    /// [`Config::rounds_pass`](crate::Config::rounds_pass)).
    #[inline]
    pub fn held(&self) -> u32 {
        self.held
    }

    /// Marks house `pit` as held by the side across the board (`true`) or as its
    /// row's side's again (`false`). A pit that is not a house is left alone.
    pub fn set_held(&mut self, pit: usize, held: bool) {
        if pit < self.ring_len() && self.house_owner(pit).is_some() {
            let bit = 1u32 << pit;
            self.held = if held {
                self.held | bit
            } else {
                self.held & !bit
            };
        }
    }

    /// The seeds in the houses `side` owns when some house is held (out of line: no
    /// other game comes here).
    #[cold]
    #[inline(never)]
    fn owned_seeds(&self, side: Side) -> u32 {
        let mut mask = self.owned_mask(side);
        let mut sum = 0;
        while mask != 0 {
            sum += self.pits[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        sum
    }

    /// The house across the board from house `pit` (on a four-row board, the inner
    /// house facing an inner house; an outer house faces none and gives itself).
    #[inline]
    pub fn opposite(&self, pit: usize) -> usize {
        match self.pit(pit) {
            Pit::House(side, i) if self.rows == 1 => self.house(side.other(), self.houses - 1 - i),
            // Four rows: the inner house facing an inner house.
            Pit::House(..) => self.facing(pit).map_or(pit, |(inner, _)| inner),
            _ => pit,
        }
    }

    /// Whether `pit` holds anything, small seeds or big stones.
    #[inline]
    pub fn holds(&self, pit: usize) -> bool {
        self.pits[pit] > 0 || self.big[pit] > 0
    }

    /// The seeds in each of the houses of `side`'s row, in its sowing order (a row's
    /// houses are consecutive pits of the ring), whoever owns them ([`Board::held`]).
    #[inline]
    pub fn row_of(&self, side: Side) -> &[u32] {
        let base = self.house(side, 0);
        &self.pits[base..base + self.houses]
    }

    /// Whether the houses `side` owns are all empty.
    #[inline]
    pub fn side_empty(&self, side: Side) -> bool {
        if self.held != 0 {
            return self.owned_seeds(side) == 0;
        }
        // No early exit: a branch on random data costs more than the few ORs.
        self.row_of(side).iter().fold(0, |any, &n| any | n) == 0
    }

    /// The seeds in the houses `side` owns (its row's, but for held houses).
    #[inline]
    pub fn seeds_on_side(&self, side: Side) -> u32 {
        if self.held != 0 {
            return self.owned_seeds(side);
        }
        self.row_of(side).iter().sum()
    }

    /// Whether any pit is burnt or a sink (sowing checks each pit only then).
    #[inline]
    pub fn has_marks(&self) -> bool {
        self.marks.any()
    }

    /// The mark on ring pit `pit`.
    ///
    /// ```
    /// use mancala_kit::{Board, Config, Side, Special};
    /// let mut board = Board::start(&Config::kalah(6, 4));
    /// assert_eq!(board.mark(3), Special::Normal);
    /// board.set_mark(3, Special::Sink(Side::North));
    /// assert_eq!(board.mark(3), Special::Sink(Side::North));
    /// assert!(board.has_marks());
    /// ```
    #[inline]
    pub fn mark(&self, pit: usize) -> Special {
        self.marks.get(pit)
    }

    /// Marks ring pit `pit` (or clears its mark with [`Special::Normal`]).
    pub fn set_mark(&mut self, pit: usize, mark: Special) {
        if pit < self.ring_len() {
            self.marks.set(pit, mark);
        }
    }

    /// Whether `side` has a sink anywhere.
    pub fn has_sink(&self, side: Side) -> bool {
        self.marks.sinks[side.index()] != 0
    }

    /// The burnt pits, one bit per pit.
    #[inline]
    pub(crate) fn burnt_mask(&self) -> u32 {
        self.marks.burnt
    }

    /// The sinks, one bit per pit.
    #[inline]
    pub(crate) fn sink_mask(&self) -> u32 {
        self.marks.sinks[0] | self.marks.sinks[1]
    }

    /// The marked pits (burnt or sinks), one bit per pit.
    #[inline]
    pub(crate) fn marked_mask(&self) -> u32 {
        self.marks.burnt | self.sink_mask()
    }

    /// `side`'s houses it may sow from (seeds in them, no mark), one bit per house in its
    /// sowing order.
    #[inline]
    pub fn playable_mask(&self, side: Side) -> u32 {
        let base = self.house(side, 0);
        let mut mask = 0;
        for (i, &seeds) in self.row_of(side).iter().enumerate() {
            mask |= u32::from(seeds > 0) << i;
        }
        mask & !(self.marked_mask() >> base)
    }

    /// `side`'s houses holding more than one seed, one bit per house in its sowing
    /// order.
    #[inline]
    pub fn plural_mask(&self, side: Side) -> u32 {
        let mut mask = 0;
        for (i, &seeds) in self.row_of(side).iter().enumerate() {
            mask |= u32::from(seeds > 1) << i;
        }
        mask
    }

    /// Each side's houses holding seeds, marked or not, one bit per house in that
    /// side's sowing order (South, North): one pass over the ring for both rows.
    #[inline]
    pub(crate) fn occupied_rows(&self) -> [u32; 2] {
        // Last pit first, one shift and one OR each: no per-pit shift count to
        // compute (this runs after every move of a playout).
        let ring = self
            .pits
            .iter()
            .rev()
            .fold(0u32, |ring, &n| (ring << 1) | u32::from(n != 0));
        let row = (1u32 << self.houses) - 1;
        [ring & row, (ring >> self.house(Side::North, 0)) & row]
    }

    /// `side`'s houses without a mark, one bit per house in its sowing order (with
    /// [`Board::occupied_rows`]: [`Board::playable_mask`]).
    #[inline]
    pub(crate) fn unmarked_houses(&self, side: Side) -> u32 {
        !(self.marked_mask() >> self.house(side, 0))
    }

    /// The value of a captured big stone.
    pub fn big_value(&self) -> u32 {
        match self.ends {
            Ends::Mandarins(m) => m.big_stone,
            _ => 0,
        }
    }

    /// `side`'s score so far: its store or captured stock, its big stones, and its
    /// loans settled (borrowed seeds are paid back, lent ones received).
    #[inline]
    pub fn score(&self, side: Side) -> i64 {
        let i = side.index();
        let small = self.store(side).map_or(0, |s| self.pits[s]) + self.captured[i];
        i64::from(small) + i64::from(self.captured_big[i] * self.big_value())
            - i64::from(self.loans[i])
            + i64::from(self.loans[1 - i])
    }

    /// The seeds in `side`'s store or captured stock (without loans or big stones).
    #[inline]
    pub fn bank_of(&self, side: Side) -> u32 {
        self.store(side).map_or(0, |s| self.pits[s]) + self.captured[side.index()]
    }

    /// Every small seed on and beside the board.
    #[inline]
    pub fn total(&self) -> u32 {
        self.pits.iter().sum::<u32>() + self.captured.iter().sum::<u32>()
    }

    /// Adds `n` seeds to `side`'s store, or its captured stock.
    #[inline]
    pub fn bank(&mut self, side: Side, n: u32) {
        match self.store(side) {
            Some(s) => self.pits[s] += n,
            None => self.captured[side.index()] += n,
        }
    }

    /// Takes `n` seeds out of `side`'s store or captured stock (no more than it has).
    #[inline]
    pub fn unbank(&mut self, side: Side, n: u32) -> u32 {
        let slot = match self.store(side) {
            Some(s) => &mut self.pits[s],
            None => &mut self.captured[side.index()],
        };
        let taken = n.min(*slot);
        *slot -= taken;
        taken
    }

    /// Whether `side` may sow from its house `pit` (it holds seeds and is not marked).
    #[inline]
    pub fn playable(&self, pit: usize) -> bool {
        self.pits[pit] > 0 && self.mark(pit) == Special::Normal
    }

    /// A key of what [`History::key`](crate::History::key) leaves out (big stones, big
    /// stones captured, loans, marks, held houses): 0 when there is none of it, as in most games.
    #[inline]
    pub(crate) fn rare_key(&self) -> u64 {
        let m = &self.marks;
        let words = [
            u64::from(m.burnt) | u64::from(m.sinks[0]) << 32,
            u64::from(m.sinks[1]) | u64::from(self.captured_big[0]) << 32,
            u64::from(self.captured_big[1]) | u64::from(self.loans[0]) << 32,
            u64::from(self.loans[1]) | u64::from(self.held) << 32,
        ];
        if self.big.iter().fold(0, |any, &n| any | n) == 0 && words == [0; 4] {
            return 0;
        }
        let big = self.big.iter().fold(0u64, |k, &n| {
            k.wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(u64::from(n))
        });
        words.iter().fold(big, |k, &w| {
            game_api::search::mix(k ^ w).wrapping_add(0xd6e8_feb8_6659_fd93)
        })
    }

    /// Whether every mark is on a pit of the ring.
    pub(crate) fn marks_fit(&self) -> bool {
        let outside = !(u32::MAX >> (32 - self.ring_len().clamp(1, 32)));
        (self.marks.burnt | self.marks.sinks[0] | self.marks.sinks[1] | self.held) & outside == 0
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
        assert_eq!(b.pit(9), Pit::House(Side::North, 2));
        assert_eq!(b.total(), 48);
    }

    #[test]
    fn marks_save_as_one_mark_per_pit_and_read_the_old_full_lists() {
        let mut b = Board::start(&Config::kalah(6, 4));
        b.set_mark(2, Special::Burnt);
        b.set_mark(9, Special::Sink(Side::South));
        let json = serde_json::to_string(&b).unwrap();
        assert!(
            json.contains(r#""special":["Normal","Normal","Burnt""#),
            "{json}"
        );
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        assert_eq!(back.mark(9), Special::Sink(Side::South));
        // Positions saved before marks were bit sets list every pit.
        let mut old: serde_json::Value =
            serde_json::to_value(Board::start(&Config::kalah(6, 4))).unwrap();
        let mut list = vec![serde_json::json!("Normal"); 14];
        list[4] = serde_json::json!("Burnt");
        old["special"] = serde_json::Value::Array(list);
        let read: Board = serde_json::from_value(old).unwrap();
        assert_eq!(read.mark(4), Special::Burnt);
        assert!(read.has_marks());
        // A list longer than any ring is refused with a reason.
        let mut long: serde_json::Value = serde_json::to_value(&b).unwrap();
        long["special"] = serde_json::Value::Array(vec![serde_json::json!("Normal"); 40]);
        let err = serde_json::from_value::<Board>(long)
            .unwrap_err()
            .to_string();
        assert!(err.contains("40 pit marks"), "{err}");
    }

    #[test]
    fn oware_and_o_an_quan_rings() {
        let b = Board::start(&Config::oware(4));
        assert_eq!(b.ring_len(), 12);
        assert_eq!(b.store(Side::South), None);
        assert_eq!(b.opposite(0), 11);
        let q = Board::start(&Config::o_an_quan(crate::Mandarin {
            small: 0,
            big_stone: 10,
        }));
        assert_eq!(q.ring_len(), 12);
        assert_eq!(q.mandarins(), [5, 11]);
        assert_eq!(q.pit(5), Pit::Mandarin(0));
        assert_eq!(q.pit(6), Pit::House(Side::North, 0));
        assert_eq!(q.total(), 50);
        assert_eq!(q.big[5] + q.big[11], 2);
    }

    #[test]
    fn nth_set_bit_finds_each_set_bit_in_order() {
        for mask in (0u32..1 << 12).chain([u32::MAX, 0x8000_0001, 0xdead_beef]) {
            let bits: Vec<u32> = (0..32).filter(|&i| mask & (1 << i) != 0).collect();
            for (k, &bit) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, k as u32), bit, "mask {mask:#x}, k {k}");
            }
        }
    }
}
