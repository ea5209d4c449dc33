//! The point values (`point.rs`): within the bounds, the value where the bounds meet, a
//! fixed point of the best-move rule, and nearer the value under the real cycle rule
//! than the middle of the bounds.

use game_api::Options;

use super::tests::{Six, Small, board_of, config, each_entry, search, successors, temp_dir};
use super::*;
use crate::Side;

#[test]
fn points_lie_within_the_bounds_and_are_the_value_where_the_bounds_meet() {
    fn check<V: Variant>(max: u32) -> u32 {
        let mut inside = 0;
        each_entry::<V>(max, |_, view, (lo, hi, point)| {
            assert!(
                lo <= point && point <= hi,
                "{view:?}: {point} outside {lo}..={hi}"
            );
            if lo == hi {
                assert_eq!(point, lo, "{view:?}");
            } else {
                inside += 1;
            }
        });
        inside
    }
    assert!(check::<Small>(6) > 1000);
    assert!(check::<Six>(4) > 100);
}

/// The best move's value for `view`'s mover from the tables' points: a capture worth
/// the seeds taken minus the point of the position left, a move that captures nothing
/// the negated point of the position it leads to.
fn best_by_points<V: Variant>(tables: &Tables, view: &[u32]) -> Option<i32> {
    let config = config::<V>();
    let board = board_of(&config, view);
    let h = config.houses;
    successors::<V>(&config, &board, Side::South)
        .into_iter()
        .map(|(cap, next)| {
            let mut turned = next.row_of(Side::North).to_vec();
            turned.extend_from_slice(next.row_of(Side::South));
            debug_assert_eq!(turned.len(), 2 * h);
            cap - tables.entry(&turned).unwrap().2
        })
        .max()
}

#[test]
fn points_are_the_best_move_by_points_held_within_the_bounds() {
    // Where the iteration settles (every count but a few positions whose choices go
    // round an odd cycle, where it keeps the values of an even sweep) each point is its
    // best move's value, from the points of the positions after it, held within its
    // bounds.
    let (mut settled, mut all) = (0u32, 0u32);
    each_entry::<Small>(6, |tables, view, (lo, hi, point)| {
        if lo == hi {
            return;
        }
        let best = best_by_points::<Small>(tables, view).expect("a position with moves");
        all += 1;
        settled += u32::from(best.clamp(lo, hi) == point);
    });
    assert!(all > 1000);
    assert!(settled * 100 >= all * 95, "only {settled} of {all} settled");
}

/// Against the value under the real rule (a repeated position ends the game, each side
/// taking its own row's seeds), right after a capture, by trying every line: how many
/// positions with bounds, the point's and the middle's hits, their total distance.
fn against_the_rule<V: Variant>(max: u32) -> [i32; 5] {
    let [
        mut all,
        mut point_equal,
        mut middle_equal,
        mut point_off,
        mut middle_off,
    ] = [0; 5];
    each_entry::<V>(max, |_, view, (lo, hi, point)| {
        if lo == hi {
            return;
        }
        let config = config::<V>();
        let board = board_of(&config, view);
        let value = search::<V>(
            &config,
            &board,
            Side::South,
            &mut vec![(board.clone(), Side::South)],
        );
        let middle = (lo + hi) / 2;
        all += 1;
        point_equal += i32::from(point == value);
        middle_equal += i32::from(middle == value);
        point_off += (point - value).abs();
        middle_off += (middle - value).abs();
    });
    [all, point_equal, middle_equal, point_off, middle_off]
}

#[test]
fn points_are_nearer_the_cycle_rule_than_the_middle_of_the_bounds() {
    // On the small board, every position of up to 3 seeds whose bounds differ (71): the
    // point is the value under the rule in 67, off by 8 seeds in all; the middle of the
    // bounds in 8, off by 72.
    let [all, point_equal, middle_equal, point_off, middle_off] = against_the_rule::<Small>(3);
    assert!(all > 50, "{all}");
    assert!(point_equal * 10 >= all * 9, "{point_equal} of {all}");
    assert!(
        point_equal > 4 * middle_equal,
        "{point_equal} against {middle_equal}"
    );
    assert!(
        4 * point_off < middle_off,
        "{point_off} against {middle_off}"
    );
    // On Oware's board the exhaustive search is too slow past 2 seeds, where the 13
    // positions with bounds are two lone seeds chasing each other round the ring: the
    // point is right in 11, the middle (0) in 12 — in a chase of 24 moves the iteration
    // alternates, and the even sweep it keeps can miss by the two seeds.
    let [all, point_equal, ..] = against_the_rule::<Six>(2);
    assert_eq!(all, 13);
    assert!(point_equal >= 11, "{point_equal}");
}

#[test]
fn the_files_keep_the_points() {
    let config = Six::config(&Options::default()).unwrap();
    let dir = temp_dir("points");
    let built = build::<Six>(&dir, &config, 4, 2, &Progress::default()).unwrap();
    let mut rejected = Vec::new();
    let loaded = load::<Six>(&dir, &config, 4, &mut rejected);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(rejected.is_empty(), "{rejected:?}");
    assert_eq!(loaded, built.counts);
    assert!(
        loaded.iter().flatten().any(|&[lo, hi, p]| lo < p && p < hi),
        "some point strictly inside its bounds"
    );
}
