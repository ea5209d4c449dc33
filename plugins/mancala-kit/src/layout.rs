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
/// South's row is at the bottom, North's at the top; both sow anticlockwise.
pub(crate) fn layout(board: &Board) -> Layout {
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
