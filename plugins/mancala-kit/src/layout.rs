//! The board layouts of the mancala family, drawn from the ring.

use game_api::{Facing, Layout, Shape, Site};

use crate::{Board, Ends, Side, board::Pit, sow};

const PIT: f32 = 1.0;
const PIT_SIZE: f32 = 0.84;

/// The layout of `board`:
/// - stores in the ring (Kalah, Congkak): two rows of houses with each store at its
///   owner's right-hand end of the board;
/// - no end pits (Oware, Togyz Kumalak): two rows of houses, each side's captured stock
///   as a long tray beside its row;
/// - mandarin squares (Ô Ăn Quan): two rows of five squares between two semicircles,
///   with each side's captured stock below or above its row.
///
/// South's row is at the bottom, North's at the top; both sow anticlockwise. A
/// four-row board is laid out by [`four_rows`].
pub(crate) fn layout(board: &Board) -> Layout {
    if board.rows == 2 {
        return four_rows(board);
    }
    let n = board.houses as f32;
    let margin = 0.3;
    let (left, width, height, north_y, south_y) = match board.ends {
        Ends::Stores => (
            PIT,
            n * PIT + 2.0 * PIT,
            2.0 * PIT + 2.0 * margin,
            margin + 0.5,
            margin + 1.5,
        ),
        Ends::None => (PIT * 0.2, n * PIT + 0.4 * PIT, 3.6 * PIT, 1.3, 2.3),
        Ends::Mandarins(_) => (PIT * 1.2, n * PIT + 2.4 * PIT, 4.0 * PIT, 1.5, 2.5),
    };
    let mut sites = Vec::with_capacity(board.ring_len() + 2);
    for pit in 0..board.ring_len() {
        let id = sow::site(pit);
        let site = match board.pit(pit) {
            Pit::House(side, i) => {
                let col = match side {
                    Side::South => i as f32,
                    Side::North => n - 1.0 - i as f32,
                };
                let (shape, size) = match board.ends {
                    Ends::Mandarins(_) => (Shape::Square, [PIT * 0.96, PIT * 0.96]),
                    _ => (Shape::Pit, [PIT_SIZE, PIT_SIZE]),
                };
                Site {
                    id,
                    shape,
                    center: [
                        left + (col + 0.5) * PIT,
                        if side == Side::South {
                            south_y
                        } else {
                            north_y
                        },
                    ],
                    size,
                    owner: Some(side.seat()),
                    label: crate::notation::house_name(side, i),
                    style: String::new(),
                }
            }
            Pit::Store(side) => Site {
                id,
                shape: Shape::Store,
                center: [
                    match side {
                        Side::South => width - PIT * 0.5,
                        Side::North => PIT * 0.5,
                    },
                    height * 0.5,
                ],
                size: [PIT_SIZE, height - 2.0 * margin],
                owner: Some(side.seat()),
                label: format!("{} store", side.name()),
                style: String::new(),
            },
            Pit::Mandarin(k) => {
                // Mandarin 0 follows South's row (at the right), 1 follows North's.
                let (x, facing) = if k == 0 {
                    (left + n * PIT, Facing::Right)
                } else {
                    (left - 1.0 * PIT, Facing::Left)
                };
                Site {
                    id,
                    shape: Shape::Semicircle { facing },
                    center: [x + 0.5 * PIT, (north_y + south_y) * 0.5],
                    size: [PIT, 2.0 * PIT * 0.96],
                    owner: None,
                    label: "Mandarin".into(),
                    style: "mandarin".into(),
                }
            }
        };
        sites.push(site);
    }
    if board.store(Side::South).is_none() {
        for side in Side::BOTH {
            let id = sow::score_site(board, side);
            let y = match side {
                Side::South => south_y + 1.0,
                Side::North => north_y - 1.0,
            };
            sites.push(Site {
                id,
                shape: Shape::Store,
                center: [left + n * PIT * 0.5, y],
                size: [n * PIT * 0.9, PIT * 0.7],
                owner: Some(side.seat()),
                label: format!("{} captured", side.name()),
                style: "stock".into(),
            });
        }
    }
    Layout {
        size: [width, height],
        sites,
        links: Vec::new(),
        // The variant's piece styles are merged in by `Mancala::layout`.
        pieces: Vec::new(),
    }
}

/// Four rows of pits, from the top: North's captured stock, North's outer row, North's
/// inner row, South's inner row, South's outer row, South's captured stock.
///
/// Where the labels go: the host writes a pit's label above it in the upper half of the
/// board and below it in the lower half. So North's labels sit above each of its rows
/// and South's below each of its rows: the outer rows' outside the rows, between the
/// row and the captured stock, and the inner rows' in the gap between a player's two
/// rows, which is wider than the other gaps for them ([`ROW_PITCH`] against a pit of
/// 0.84). No label is written between the two inner rows, which stand closer. The
/// stocks' labels are long ("South captured"): the host writes no label there.
fn four_rows(board: &Board) -> Layout {
    /// The distance between a player's two rows: room for a label between them.
    const ROW_PITCH: f32 = 1.25;
    /// The distance between the two inner rows (no labels between them).
    const MIDDLE_PITCH: f32 = 1.1;
    let n = board.row_len() as f32;
    let left = PIT * 0.2;
    let width = n * PIT + 0.4 * PIT;
    let north_outer = 1.3;
    let north_inner = north_outer + ROW_PITCH;
    let south_inner = north_inner + MIDDLE_PITCH;
    let south_outer = south_inner + ROW_PITCH;
    let height = south_outer + 1.3;
    let mut sites = Vec::with_capacity(board.ring_len() + 2);
    for side in Side::BOTH {
        for i in 0..board.houses {
            let (row, col) = board.place(side, i);
            let y = match (side, row) {
                (Side::South, 0) => south_outer,
                (Side::South, _) => south_inner,
                (Side::North, 0) => north_outer,
                (Side::North, _) => north_inner,
            };
            sites.push(Site {
                id: sow::site(board.house(side, i)),
                shape: Shape::Pit,
                center: [left + (col as f32 + 0.5) * PIT, y],
                size: [PIT_SIZE, PIT_SIZE],
                owner: Some(side.seat()),
                label: crate::notation::house_name(side, i),
                style: String::new(),
            });
        }
    }
    for side in Side::BOTH {
        let y = match side {
            Side::South => south_outer + 1.0,
            Side::North => north_outer - 1.0,
        };
        sites.push(Site {
            id: sow::score_site(board, side),
            shape: Shape::Store,
            center: [left + n * PIT * 0.5, y],
            size: [n * PIT * 0.9, PIT * 0.7],
            owner: Some(side.seat()),
            label: format!("{} captured", side.name()),
            style: "stock".into(),
        });
    }
    Layout {
        size: [width, height],
        sites,
        links: Vec::new(),
        pieces: Vec::new(),
    }
}
