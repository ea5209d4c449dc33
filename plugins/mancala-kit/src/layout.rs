//! The board layouts of the mancala family, drawn from the ring.

use game_api::{Facing, Layout, Shape, Site, SiteId};

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
            sites.push(captured_site(id, side, left, n, y));
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
    let north_outer = 1.45;
    let north_inner = north_outer + ROW_PITCH;
    let south_inner = north_inner + MIDDLE_PITCH;
    let south_outer = south_inner + ROW_PITCH;
    // The stocks 1.1 from the outer rows: room for the outer rows' labels.
    let height = south_outer + 1.45;
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
            Side::South => south_outer + 1.1,
            Side::North => north_outer - 1.1,
        };
        sites.push(captured_site(
            sow::score_site(board, side),
            side,
            left,
            n,
            y,
        ));
    }
    Layout {
        size: [width, height],
        sites,
        links: Vec::new(),
        pieces: Vec::new(),
    }
}

/// The tray under (South) or over (North) a row of `n` pits starting at `left`, at
/// height `y`, that holds `side`'s captured seeds on a board without stores.
fn captured_site(id: SiteId, side: Side, left: f32, n: f32, y: f32) -> Site {
    Site {
        id,
        shape: Shape::Store,
        center: [left + n * PIT * 0.5, y],
        size: [n * PIT * 0.9, PIT * 0.7],
        owner: Some(side.seat()),
        label: format!("{} captured", side.name()),
        style: "stock".into(),
    }
}

#[cfg(test)]
mod tests {
    use game_api::Site;

    use crate::{Board, Config};

    /// A rectangle: left, top, right, bottom.
    type Rect = [f32; 4];

    fn rect(site: &Site) -> Rect {
        let [x, y] = site.center;
        let [w, h] = site.size;
        [x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0]
    }

    fn overlap(a: Rect, b: Rect) -> bool {
        a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
    }

    /// Where the host writes a short label (`host/src/app/board.rs`): above a site in
    /// the board's upper half, below it in the lower half, in a font of 0.18 board units
    /// (taken here as a box 0.25 high and 0.3 wide a character).
    fn label(site: &Site, height: f32) -> Rect {
        let r = rect(site);
        let w = 0.3 * site.label.chars().count() as f32;
        let x = site.center[0];
        if site.center[1] < height / 2.0 {
            [x - w / 2.0, r[1] - 0.01 - 0.25, x + w / 2.0, r[1] - 0.01]
        } else {
            [x - w / 2.0, r[3] + 0.01, x + w / 2.0, r[3] + 0.01 + 0.25]
        }
    }

    #[test]
    fn four_rows_labels_collide_with_nothing() {
        for houses in [4, 14, 16] {
            let config = Config {
                houses,
                ..Config::hawalis()
            };
            let board = Board::start(&config);
            let layout = super::layout(&board);
            let [width, height] = layout.size;
            assert_eq!(layout.sites.len(), 2 * houses + 2);
            // Site ids are the ring's pits, then the two stocks, in order.
            for (k, site) in layout.sites.iter().enumerate() {
                assert_eq!(usize::from(site.id.0), k);
            }
            let short: Vec<&Site> = layout
                .sites
                .iter()
                .filter(|s| s.label.chars().count() <= 3)
                .collect();
            assert_eq!(short.len(), 2 * houses, "every house has a short label");
            for (i, site) in short.iter().enumerate() {
                let l = label(site, height);
                assert!(
                    l[0] >= 0.0 && l[1] >= 0.0 && l[2] <= width && l[3] <= height,
                    "{}'s label leaves the board: {l:?}",
                    site.label
                );
                for other in &layout.sites {
                    assert!(
                        !overlap(l, rect(other)),
                        "{}'s label covers {}",
                        site.label,
                        other.label
                    );
                }
                for other in &short[i + 1..] {
                    assert!(
                        !overlap(l, label(other, height)),
                        "{}'s label and {}'s collide",
                        site.label,
                        other.label
                    );
                }
            }
            // The sites themselves do not overlap either.
            for (i, a) in layout.sites.iter().enumerate() {
                for b in &layout.sites[i + 1..] {
                    assert!(!overlap(rect(a), rect(b)), "{} and {}", a.label, b.label);
                }
            }
        }
    }

    #[test]
    fn four_rows_stand_in_the_players_sowing_order() {
        let board = Board::start(&Config::hawalis());
        let layout = super::layout(&board);
        let at = |label: &str| {
            layout
                .sites
                .iter()
                .find(|s| s.label == label)
                .map(|s| s.center)
                .unwrap()
        };
        // South: a–g along the bottom row left to right, h–n back along the row above.
        assert!(at("a")[0] < at("g")[0] && at("a")[1] == at("g")[1]);
        assert_eq!(at("g")[0], at("h")[0]);
        assert!(at("h")[1] < at("g")[1]);
        assert_eq!(at("n")[0], at("a")[0]);
        // North: A–G along the top row from South's right, H–N back below it; North's
        // inner N faces South's inner h, with North's A behind it.
        assert!(at("A")[0] > at("G")[0] && at("A")[1] < at("H")[1]);
        assert_eq!(at("N")[0], at("h")[0]);
        assert_eq!(at("A")[0], at("h")[0]);
        let rows: Vec<f32> = ["A", "H", "h", "a"].iter().map(|l| at(l)[1]).collect();
        assert!(rows.windows(2).all(|w| w[0] < w[1]), "{rows:?}");
    }
}
