//! The field and its mechanics: squares, neighbours, bites, runs, and what the author's
//! bots measure. No turn order here: that is in `lib.rs`.

use serde::{Deserialize, Serialize};

/// Squares per side.
pub const SIZE: usize = 8;
/// Squares on the field.
pub const SQUARES: usize = SIZE * SIZE;
/// The trees of the standard layout: (row, column).
pub const TREES: [(usize, usize); 6] = [(1, 6), (2, 0), (3, 4), (4, 3), (5, 5), (6, 1)];

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A tree.
    Tree,
    /// A pig, standing or lying down.
    Pig {
        /// Lying down after a bite.
        lying: bool,
    },
    /// A pumpkin (the first Farmer's vegetable).
    Pumpkin,
    /// A broccoli (the second Farmer's, in the three-player game).
    Broccoli,
}

impl Cell {
    /// The notation letter.
    pub fn letter(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Tree => 'T',
            Cell::Pig { lying: false } => 'P',
            Cell::Pig { lying: true } => 'p',
            Cell::Pumpkin => 'O',
            Cell::Broccoli => 'B',
        }
    }

    /// The cell of a notation letter.
    pub fn from_letter(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Empty,
            'T' => Cell::Tree,
            'P' => Cell::Pig { lying: false },
            'p' => Cell::Pig { lying: true },
            'O' => Cell::Pumpkin,
            'B' => Cell::Broccoli,
            _ => return None,
        })
    }

    /// Whether this is a vegetable (pumpkin or broccoli).
    pub fn is_vegetable(self) -> bool {
        matches!(self, Cell::Pumpkin | Cell::Broccoli)
    }
}

/// A run direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// Towards row 0.
    N,
    /// Towards row 7.
    S,
    /// Towards column 0.
    W,
    /// Towards column 7.
    E,
}

impl Dir {
    /// Every direction.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::S, Dir::W, Dir::E];

    /// (row step, column step).
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::N => (-1, 0),
            Dir::S => (1, 0),
            Dir::W => (0, -1),
            Dir::E => (0, 1),
        }
    }

    /// How far along this direction a square is (higher = further ahead).
    fn progress(self, sq: usize) -> isize {
        let (r, c) = ((sq / SIZE) as isize, (sq % SIZE) as isize);
        let (dr, dc) = self.delta();
        r * dr + c * dc
    }
}

/// The square `d` steps away, if on the field.
pub fn step(sq: usize, (dr, dc): (isize, isize)) -> Option<usize> {
    let (r, c) = ((sq / SIZE) as isize + dr, (sq % SIZE) as isize + dc);
    ((0..SIZE as isize).contains(&r) && (0..SIZE as isize).contains(&c))
        .then(|| r as usize * SIZE + c as usize)
}

/// The neighbours of a square in the scan order NW, N, NE, W, E, SW, S, SE.
pub fn neighbours(sq: usize) -> impl Iterator<Item = usize> {
    [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ]
    .into_iter()
    .filter_map(move |d| step(sq, d))
}

/// The 3×3 block around `sq`, row by row: NW, N, NE, W, `sq` itself, E, SW, S, SE — the
/// author's `pos_pumpkin_around` scan, which includes the square itself. On the real field
/// that square holds the pig, so only its neighbours count; in a look-ahead, a pig that
/// slid onto a square where the live field has a pumpkin "eats" its own square.
pub fn block(sq: usize) -> impl Iterator<Item = usize> {
    [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 0),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ]
    .into_iter()
    .filter_map(move |d| step(sq, d))
}

/// The order in which the author's look-ahead (`simulate_move`, game_utils.js) visits
/// the squares for a move in `dir`: front first (rows top to bottom for N, bottom to top
/// for S, columns left to right for W, right to left for E), and along a row or column in
/// board index order. The real move visits the pigs in its own order instead
/// ([`herd_sort`]).
pub fn visit_order(dir: Dir) -> impl Iterator<Item = usize> {
    (0..SQUARES).map(move |k| {
        let (outer, inner) = (k / SIZE, k % SIZE);
        match dir {
            Dir::N => outer * SIZE + inner,
            Dir::S => (SIZE - 1 - outer) * SIZE + inner,
            Dir::W => inner * SIZE + outer,
            Dir::E => inner * SIZE + (SIZE - 1 - outer),
        }
    })
}

/// The author's sort of its group of pigs before a move in `dir` (`moveMyTile`:
/// Phaser's `Group.sort` on the sprites' `y` for N and S, `x` for W and E): front first,
/// and pigs level along the direction (one row for N and S, one column for W and E) kept
/// in the order they already had. That order is the pigs' placement order at first, then
/// the one the previous move's sort left: state the board does not show, which the
/// position carries (its `o:` field).
///
/// ```
/// use bite_the_pumpkin::{board::{herd_sort, Dir}, square};
///
/// let sq = |s| square(s).unwrap();
/// let mut order = vec![sq("h6"), sq("c4"), sq("g6"), sq("f7")];
/// herd_sort(&mut order, Dir::S);
/// // Bottom first; h6 and g6 share a row and keep their order.
/// assert_eq!(order, [sq("c4"), sq("h6"), sq("g6"), sq("f7")]);
/// ```
pub fn herd_sort(order: &mut [usize], dir: Dir) {
    order.sort_by_key(|&sq| std::cmp::Reverse(dir.progress(sq)));
}

/// One step of the simulator's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassEvent {
    /// The pig on `pig` ate the vegetable on `eaten`.
    Bite {
        /// The pig's square.
        pig: usize,
        /// The square of the vegetable eaten.
        eaten: usize,
    },
    /// A pig slid from `from` to `to`; `pumpkins` were on the field at that moment (the
    /// simulator's score refresh).
    Slide {
        /// Where the pig stood.
        from: usize,
        /// Where it stopped.
        to: usize,
        /// Pumpkins on the field right after the slide.
        pumpkins: usize,
    },
}

/// The field: one cell per square, row by row from the top.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Field(pub Vec<Cell>);

impl Field {
    /// The empty field with the standard trees.
    pub fn with_trees() -> Self {
        let mut cells = vec![Cell::Empty; SQUARES];
        for (r, c) in TREES {
            cells[r * SIZE + c] = Cell::Tree;
        }
        Field(cells)
    }

    /// The squares holding `cell`.
    pub fn squares_of(&self, cell: Cell) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(move |(_, c)| **c == cell)
            .map(|(i, _)| i)
    }

    /// The squares holding a pig, standing or lying.
    pub fn pigs(&self) -> Vec<usize> {
        (0..SQUARES)
            .filter(|&i| matches!(self.0[i], Cell::Pig { .. }))
            .collect()
    }

    /// How many of `cell` are on the field.
    pub fn count(&self, cell: Cell) -> usize {
        self.squares_of(cell).count()
    }

    /// The neighbouring squares of `sq` holding `kind`, in scan order.
    pub fn in_reach(&self, sq: usize, kind: Cell) -> Vec<usize> {
        neighbours(sq).filter(|&n| self.0[n] == kind).collect()
    }

    /// Whether a vegetable of `kind` may be placed on `sq` (empty, and in the
    /// three-player game not next to the other kind).
    pub fn may_place(&self, sq: usize, kind: Cell, three_players: bool) -> bool {
        if self.0[sq] != Cell::Empty {
            return false;
        }
        if !three_players {
            return true;
        }
        let other = if kind == Cell::Pumpkin {
            Cell::Broccoli
        } else {
            Cell::Pumpkin
        };
        self.in_reach(sq, other).is_empty()
    }

    /// Every standing pig slides in `dir`, front first, until the next square holds a
    /// tree, a vegetable, a lying pig, a pig that has stopped, or is off the field.
    /// Returns the slides (from, to) in the order they happened.
    pub fn run(&mut self, dir: Dir) -> Vec<(usize, usize)> {
        let mut pigs: Vec<usize> = (0..SQUARES)
            .filter(|&i| self.0[i] == Cell::Pig { lying: false })
            .collect();
        pigs.sort_by_key(|&p| std::cmp::Reverse(dir.progress(p)));
        let mut slides = Vec::new();
        for from in pigs {
            if let Some(to) = self.slide(from, dir) {
                slides.push((from, to));
            }
        }
        slides
    }

    /// Lying pigs stand up.
    pub fn digest(&mut self) -> Vec<usize> {
        let lying: Vec<usize> = self.squares_of(Cell::Pig { lying: true }).collect();
        for &p in &lying {
            self.0[p] = Cell::Pig { lying: false };
        }
        lying
    }

    /// The author's T(B): pumpkins with at least one pig among their neighbours.
    pub fn threatened(&self) -> usize {
        self.squares_of(Cell::Pumpkin)
            .filter(|&v| neighbours(v).any(|n| matches!(self.0[n], Cell::Pig { .. })))
            .count()
    }

    /// The author's simulator's move in `dir` (`moveMyTile` in its game.js): the pigs,
    /// visited in the order of `order` once it is [sorted for the move](herd_sort), each
    /// in turn eat or slide. A pig eats when a vegetable stands next to it on this field as
    /// it is now: the first one of each kind in the scan order NW, N, NE, W, E, SW, S, SE;
    /// it stays and lies down. Otherwise it slides until the next square is not empty.
    ///
    /// `order` holds the squares of the pigs on this field in the author's group order
    /// and is left in the order the move sorted it into, with each pig's new square.
    /// Returns what happened, in order.
    ///
    /// ```
    /// use bite_the_pumpkin::{board::{Cell, Dir, Field}, square};
    ///
    /// // Two pigs on g6 and h6 share a pumpkin on h7; moving S, they tie (one row).
    /// let mut field = Field::with_trees();
    /// for (sq, cell) in [("g6", Cell::Pig { lying: false }), ("h6", Cell::Pig { lying: false }),
    ///                    ("h7", Cell::Pumpkin)] {
    ///     field.0[square(sq).unwrap()] = cell;
    /// }
    /// // The group lists h6 first: h6 eats, g6 slides down.
    /// let mut order = vec![square("h6").unwrap(), square("g6").unwrap()];
    /// field.simulator_pass(Dir::S, &mut order);
    /// assert_eq!(field.0[square("h6").unwrap()], Cell::Pig { lying: true });
    /// assert_eq!(field.0[square("g6").unwrap()], Cell::Empty);
    /// ```
    pub fn simulator_pass(&mut self, dir: Dir, order: &mut [usize]) -> Vec<PassEvent> {
        herd_sort(order, dir);
        let mut events = Vec::new();
        for pig in order.iter_mut() {
            let sq = *pig;
            if self.0[sq] != (Cell::Pig { lying: false }) {
                continue;
            }
            let mut ate = false;
            for kind in [Cell::Pumpkin, Cell::Broccoli] {
                if let Some(v) = neighbours(sq).find(|&n| self.0[n] == kind) {
                    self.0[v] = Cell::Empty;
                    events.push(PassEvent::Bite { pig: sq, eaten: v });
                    ate = true;
                }
            }
            if ate {
                self.0[sq] = Cell::Pig { lying: true };
            } else if let Some(to) = self.slide(sq, dir) {
                *pig = to;
                events.push(PassEvent::Slide {
                    from: sq,
                    to,
                    pumpkins: self.count(Cell::Pumpkin),
                });
            }
        }
        events
    }

    /// Moves the pig on `from` along `dir` while the next square is empty; the square it
    /// reached, if it moved.
    fn slide(&mut self, from: usize, dir: Dir) -> Option<usize> {
        let mut at = from;
        while let Some(next) = step(at, dir.delta()) {
            if self.0[next] != Cell::Empty {
                break;
            }
            at = next;
        }
        (at != from).then(|| {
            self.0[at] = self.0[from];
            self.0[from] = Cell::Empty;
            at
        })
    }

    /// The author's look-ahead `Sim(self, dir)` (`simulate_move`, game_utils.js): a copy
    /// of this field after a move in `dir` in which every pig, visited in
    /// [`visit_order`], eats if a pumpkin stands in the 3×3 block around its square **on
    /// `live`** (the real field at decision time, not this one; see [`block`]): it
    /// empties that square of the copy, whatever stands there (itself included), and
    /// stays; otherwise it slides on the copy.
    pub fn sim(&self, live: &Field, dir: Dir) -> Field {
        let mut next = self.clone();
        for sq in visit_order(dir) {
            if !matches!(next.0[sq], Cell::Pig { .. }) {
                continue;
            }
            if let Some(v) = block(sq).find(|&n| live.0[n] == Cell::Pumpkin) {
                next.0[v] = Cell::Empty;
            } else {
                next.slide(sq, dir);
            }
        }
        next
    }

    /// Whether some pig sees `sq`: walking from the pig towards it along a row or column
    /// meets no pumpkin or tree first.
    pub fn seen(&self, sq: usize) -> bool {
        Dir::ALL.iter().any(|&d| {
            let mut at = sq;
            while let Some(next) = step(at, d.delta()) {
                match self.0[next] {
                    Cell::Pig { .. } => return true,
                    Cell::Empty | Cell::Broccoli => at = next,
                    Cell::Tree | Cell::Pumpkin => return false,
                }
            }
            false
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_order_and_edges() {
        assert_eq!(neighbours(0).collect::<Vec<_>>(), [1, 8, 9]);
        assert_eq!(
            neighbours(9).collect::<Vec<_>>(),
            [0, 1, 2, 8, 10, 16, 17, 18]
        );
    }
}
