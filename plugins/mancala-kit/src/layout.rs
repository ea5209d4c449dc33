//! The board layouts of the two-row mancala family.

use game_api::{Layout, Shape, Site};

use crate::{Board, Side, sow};

const PIT: f32 = 1.0;
const PIT_SIZE: f32 = 0.84;

/// Two rows of houses, South below and North above, both sowing anticlockwise. Stores in
/// the ring stand at each row's end (South's at the right, North's at the left); a
/// captured stock that is not in the ring is drawn as a long store beside its owner's row.
pub(crate) fn two_rows(board: &Board) -> Layout {
    let n = board.houses as f32;
    let width = n * PIT + 2.0 * PIT;
    let height = 2.0 * PIT + 0.6;
    let north_y = 0.3 + PIT * 0.5;
    let south_y = height - 0.3 - PIT * 0.5;
    let mut sites = Vec::with_capacity(board.ring_len() + 2);
    for pit in 0..board.ring_len() {
        let site = match (board.house_owner(pit), board.house_index(pit)) {
            (Some(side), Some(i)) => {
                let col = match side {
                    Side::South => i as f32,
                    Side::North => n - 1.0 - i as f32,
                };
                let label = match side {
                    Side::South => char::from(b'a' + i as u8),
                    Side::North => char::from(b'A' + i as u8),
                };
                Site {
                    id: sow::site(pit),
                    shape: Shape::Pit,
                    center: [
                        PIT + (col + 0.5) * PIT,
                        if side == Side::South {
                            south_y
                        } else {
                            north_y
                        },
                    ],
                    size: [PIT_SIZE, PIT_SIZE],
                    owner: Some(side.seat()),
                    label: label.to_string(),
                    style: String::new(),
                }
            }
            _ => {
                let side = if Some(pit) == board.store(Side::South) {
                    Side::South
                } else {
                    Side::North
                };
                store_site(pit, side, width, height)
            }
        };
        sites.push(site);
    }
    if !board.stores_in_ring {
        for side in [Side::South, Side::North] {
            let id = sow::score_site(board, side).0 as usize;
            sites.push(store_site(id, side, width, height));
        }
    }
    Layout {
        size: [width, height],
        sites,
        links: Vec::new(),
    }
}

fn store_site(id: usize, side: Side, width: f32, height: f32) -> Site {
    let x = match side {
        Side::South => width - PIT * 0.5,
        Side::North => PIT * 0.5,
    };
    Site {
        id: sow::site(id),
        shape: Shape::Store,
        center: [x, height * 0.5],
        size: [PIT_SIZE, height - 0.6],
        owner: Some(side.seat()),
        label: format!("{} store", side.name()),
        style: String::new(),
    }
}
