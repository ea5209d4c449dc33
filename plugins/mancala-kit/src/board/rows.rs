//! The rows of a board: the track a sowing goes round, where a house stands, the
//! facing rows of a four-row board.

use super::{Board, Pit, Side};

impl Board {
    /// The pits a sowing by `side` goes round: the first pit and how many, in sowing
    /// order. The whole ring on a two-row board; `side`'s own houses on a four-row one.
    #[inline]
    pub fn track(&self, side: Side) -> (usize, usize) {
        if self.rows == 1 {
            (0, self.ring_len())
        } else {
            (self.house(side, 0), self.houses)
        }
    }

    /// The pits of `side`'s track ([`Board::track`]), one bit per pit.
    #[inline]
    pub fn track_mask(&self, side: Side) -> u32 {
        let (lo, len) = self.track(side);
        (u32::MAX >> (32 - len.clamp(1, 32))) << lo
    }

    /// Houses in one row.
    #[inline]
    pub fn row_len(&self) -> usize {
        self.houses / self.rows
    }

    /// Where `side`'s house `i` stands: its row counted from the player's edge of the
    /// board (0 the outer row; on a two-row board always 0) and its column from the
    /// left of the board as South sees it.
    ///
    /// ```
    /// use mancala_kit::{Board, Ends, Side};
    /// let four = Board::empty_rows(14, 2, Ends::None);
    /// assert_eq!(four.place(Side::South, 0), (0, 0)); // outer row, left
    /// assert_eq!(four.place(Side::South, 7), (1, 6)); // inner row, right
    /// assert_eq!(four.place(Side::North, 0), (0, 6)); // North's left is South's right
    /// assert_eq!(four.place(Side::North, 13), (1, 6));
    /// ```
    pub fn place(&self, side: Side, i: usize) -> (usize, usize) {
        let n = self.row_len();
        let (row, along) = if i < n { (0, i) } else { (1, 2 * n - 1 - i) };
        // Each player's track runs anticlockwise: from its left along the outer row,
        // back along the inner one; North's left is South's right.
        let col = match side {
            Side::South => along,
            Side::North => n - 1 - along,
        };
        (row, col)
    }

    /// On a four-row board, for a house of the inner row: the opponent's inner house
    /// facing it and their outer house behind that (the facing rows a capture reads).
    /// `None` for an outer house, a two-row board, or a pit that is not a house.
    ///
    /// ```
    /// use mancala_kit::{Board, Ends, Side};
    /// let b = Board::empty_rows(14, 2, Ends::None);
    /// // South's first inner house (its inner row's right end, under North's first
    /// // inner house, North's outer `a` behind that).
    /// let last = b.house(Side::South, 7);
    /// assert_eq!(b.facing(last), Some((b.house(Side::North, 13), b.house(Side::North, 0))));
    /// assert_eq!(b.facing(b.house(Side::South, 3)), None);
    /// ```
    #[inline]
    pub fn facing(&self, pit: usize) -> Option<(usize, usize)> {
        let n = self.row_len();
        match self.pit(pit) {
            Pit::House(side, k) if self.rows == 2 && k >= n => {
                let other = side.other();
                Some((self.house(other, 3 * n - 1 - k), self.house(other, k - n)))
            }
            _ => None,
        }
    }
}
