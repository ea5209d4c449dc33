//! Zaroc's board as data: the sticks, their capacities and the arrows between rows.
//!
//! The original figure is lost; this table is our reconstruction
//! (docs/rules/zaroc.md §1). A corrected figure changes this table, not the rules.

/// A row of the board, from the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The tallest sticks.
    A,
    /// The middle sticks.
    B,
    /// The shortest sticks.
    C,
    /// The finish places.
    F,
}

/// One stick (or finish place).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stick {
    /// Its name (`A0`, `F3`).
    pub name: &'static str,
    /// Its row.
    pub row: Row,
    /// How many pieces it holds; `None` for any number (finish places).
    pub capacity: Option<usize>,
    /// Its column on the board, for the layout (in stick widths).
    pub column: f32,
}

const fn stick(name: &'static str, row: Row, capacity: Option<usize>, column: f32) -> Stick {
    Stick {
        name,
        row,
        capacity,
        column,
    }
}

/// Every stick, by index: A0–A3, B0–B3, C0–C4, F0–F4.
pub const STICKS: [Stick; 18] = [
    stick("A0", Row::A, Some(4), 0.5),
    stick("A1", Row::A, Some(4), 1.5),
    stick("A2", Row::A, Some(4), 2.5),
    stick("A3", Row::A, Some(4), 3.5),
    stick("B0", Row::B, Some(3), 0.5),
    stick("B1", Row::B, Some(3), 1.5),
    stick("B2", Row::B, Some(3), 2.5),
    stick("B3", Row::B, Some(3), 3.5),
    stick("C0", Row::C, Some(2), 0.0),
    stick("C1", Row::C, Some(2), 1.0),
    stick("C2", Row::C, Some(2), 2.0),
    stick("C3", Row::C, Some(2), 3.0),
    stick("C4", Row::C, Some(2), 4.0),
    stick("F0", Row::F, None, 0.0),
    stick("F1", Row::F, None, 1.0),
    stick("F2", Row::F, None, 2.0),
    stick("F3", Row::F, None, 3.0),
    stick("F4", Row::F, None, 4.0),
];

/// The sticks of `row`, by index: each row's sticks are consecutive in [`STICKS`].
pub const fn row_sticks(row: Row) -> std::ops::Range<usize> {
    match row {
        Row::A => 0..4,
        Row::B => 4..8,
        Row::C => 8..13,
        Row::F => 13..18,
    }
}

/// The arrows along which the top piece of a full stick may descend: A*i* → B*i*;
/// B*i* → C*i*, C*i+1*; C*j* → F*j*.
pub const ARROWS: &[(usize, usize)] = &[
    (0, 4),
    (1, 5),
    (2, 6),
    (3, 7),
    (4, 8),
    (4, 9),
    (5, 9),
    (5, 10),
    (6, 10),
    (6, 11),
    (7, 11),
    (7, 12),
    (8, 13),
    (9, 14),
    (10, 15),
    (11, 16),
    (12, 17),
];

/// The arrows option `diagonal_a` adds: A*i* → B*i±1*.
pub const DIAGONAL_A: &[(usize, usize)] = &[(0, 5), (1, 4), (1, 6), (2, 5), (2, 7), (3, 6)];

/// The start: four pieces on each A stick, bottom to top, `L` light and `D` dark.
pub const SETUP: [&str; 4] = ["LDLD", "DLDL", "LDLD", "DLDL"];

/// Pieces of one colour on the finish row that win.
pub const WINNING_COUNT: usize = 3;

/// The index of the stick called `name`.
pub fn index_of(name: &str) -> Option<usize> {
    STICKS.iter().position(|s| s.name == name)
}
