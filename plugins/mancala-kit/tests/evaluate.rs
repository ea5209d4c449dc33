//! The kit's `Game::evaluate`, which the host's greedy bot plays by: it weighs the seeds
//! a move captures, wherever they come from and whoever takes them. Hand-checked
//! positions where the plain final scores (each side's score plus its own row) give two
//! moves the same value and the evaluation does not.

#[macro_use]
mod common;

use game_api::{Game, Options};
use mancala_kit::{
    Capture, Chain, Config, Mancala, Sides, SowingCapture, Taker, Variant, testing::play,
};

// Fondji's capture on two rows of four: 2 or 3 in the mover's own row, chained back.
variant!(
    OwnRow,
    Config {
        capture: Capture::Count {
            counts: "2-3".parse().unwrap(),
            sides: Sides::Mover,
            chain: Chain::Backward,
        },
        ..Config::base(4, 3)
    }
);

// Pallanguzhi's pasu on two rows of four: any seed that makes a house hold 4 gives it
// to the house's owner.
variant!(
    Pasu,
    Config {
        sowing_capture: Some(SowingCapture {
            counts: "4".parse().unwrap(),
            sides: Sides::Both,
            taker: Taker::Owner,
        }),
        ..Config::base(4, 3)
    }
);

/// The position after `mv` from `from`, its notation, its evaluation for South and
/// South's final-score margin (score and own row, each side).
fn after<V: Variant>(from: &str, mv: &str) -> (String, f64, i64) {
    let mut game = Mancala::<V>::from_notation(&Options::default(), from).unwrap();
    play(&mut game, mv).unwrap();
    let value = game.evaluate().unwrap();
    assert_eq!(value.len(), 2);
    assert_eq!(value[0], -value[1]);
    assert!((-1.0..=1.0).contains(&value[0]));
    let [s, n] = [mancala_kit::Side::South, mancala_kit::Side::North]
        .map(|side| game.board.score(side) + i64::from(game.board.seeds_on_side(side)));
    (game.notation(), value[0], s - n)
}

#[test]
fn a_capture_from_the_movers_own_row_counts_for_the_mover() {
    let from = "1,1,3,3/3,3,3,3 4-0 S";
    // a's seed makes b hold 2, South's own: taken; a (emptied) ends the chain.
    let (taking, taking_value, taking_margin) = after::<OwnRow>(from, "a");
    assert_eq!(taking, "0,0,3,3/3,3,3,3 6-0 N");
    // b's seed makes c hold 4: no capture.
    let (quiet, quiet_value, quiet_margin) = after::<OwnRow>(from, "b");
    assert_eq!(quiet, "1,0,4,3/3,3,3,3 4-0 N");
    // Score plus own row: 6 + 6 and 4 + 8 against North's 12, the same for both.
    assert_eq!((taking_margin, quiet_margin), (0, 0));
    // The evaluation: 2 seeds captured are worth more than 2 seeds left at home.
    assert!(taking_value > quiet_value, "{taking_value} {quiet_value}");
}

#[test]
fn a_sowing_capture_for_the_holes_owner_counts_for_the_owner() {
    // d's seed makes North's A hold 4 (from 3): North takes it; with A at 2 it is 3.
    let (pasu, pasu_value, pasu_margin) = after::<Pasu>("1,3,3,1/3,3,3,3 2-2 S", "d");
    assert_eq!(pasu, "1,3,3,0/0,3,3,3 2-6 N");
    let (plain, plain_value, plain_margin) = after::<Pasu>("1,3,3,1/2,3,3,4 2-2 S", "d");
    assert_eq!(plain, "1,3,3,0/3,3,3,4 2-2 N");
    // Score plus own row: 2 + 7 against 6 + 9, and 2 + 7 against 2 + 13: the same.
    assert_eq!((pasu_margin, plain_margin), (-6, -6));
    // The evaluation: four seeds banked by North are worse for South than four more
    // seeds in North's row.
    assert!(pasu_value < plain_value, "{pasu_value} {plain_value}");
}
