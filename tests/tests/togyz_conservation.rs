//! The outside author's variant obeys the kit's invariants: stones conserved, notation
//! and JSON round-trips, every game ends (on the Rust face, 10,000 games).

use game_api::Options;
use mancala_kit::testing::random_games;
use togyz_kumalak::TogyzKumalak;

#[test]
fn stones_are_conserved_over_ten_thousand_random_games() {
    let played = random_games::<TogyzKumalak>(&Options::default(), 10_000, 1, 11, 100_000).unwrap();
    assert_eq!(played.games, 10_000);
    assert!(played.results[0] > 0 && played.results[1] > 0, "{played:?}");
}
