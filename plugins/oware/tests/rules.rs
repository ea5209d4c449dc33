//! Oware's rules (docs/rules/mancala.md §2), scenario by scenario.

use game_api::{Game, GameResult, Options, Turn};
use mancala_kit::{
    Variant,
    testing::{perft, play, random_games},
};
use oware::{Oware, OwareRules};

fn options(pairs: &[&str]) -> Options {
    Options::parse(&OwareRules::manifest().options, pairs).unwrap()
}

fn position(pairs: &[&str], notation: &str) -> Oware {
    Oware::from_notation(&options(pairs), notation).unwrap()
}

fn legal(game: &Oware) -> Vec<String> {
    game_api::testing::legal_notations(game)
}

#[test]
fn perft_from_the_start() {
    let game = Oware::new(&options(&[])).unwrap();
    assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    let counts: Vec<u64> = (1..=5).map(|d| perft(&game, d)).collect();
    assert_eq!(counts, [6, 36, 190, 1014, 5219]);
}

#[test]
fn backward_capture_chain_and_the_majority_end() {
    // Example 1: South plays house 2; houses 10, 9, 8, 7, 6 are captured (11 seeds),
    // which takes South from 14 to 25 of the 48: more than half.
    let mut game = position(&[], "0,0,8,0,0,1/1,1,1,1,2,3 14-16 S");
    play(&mut game, "c").unwrap();
    assert_eq!(game.notation(), "0,0,0,0,0,0/0,0,0,0,0,0 29-19 N");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (29, 19));
    assert_eq!(outcome.seats[0].result, GameResult::Win);
}

#[test]
fn a_capture_stops_at_the_first_house_that_does_not_qualify() {
    // The last seed makes North's B a 3, A holds 4 after the drop: only B is taken.
    let mut game = position(&[], "1,0,0,0,0,2/3,2,0,0,0,0 20-20 S");
    play(&mut game, "f").unwrap();
    assert_eq!(game.notation(), "1,0,0,0,0,0/4,0,0,0,0,0 23-20 N");
}

#[test]
fn the_grand_slam_options() {
    // Example 2: North's C would take all of South's seeds.
    let start = "1,1,1,1,1,0/0,0,8,0,0,1 17-17 N";
    let mut game = position(&[], start);
    play(&mut game, "C").unwrap();
    assert_eq!(game.notation(), "2,2,2,2,2,0/0,0,0,1,1,2 17-17 S");

    let mut all = position(&["grand_slam=capture_all"], start);
    play(&mut all, "C").unwrap();
    // North reaches 27 of the 48 seeds: more than half, the game ends.
    assert_eq!(all.notation(), "0,0,0,0,0,0/0,0,0,0,0,0 17-31 S");

    let forbidden = position(&["grand_slam=forbidden"], start);
    assert_eq!(legal(&forbidden), ["F"], "C is a grand slam, F is not");
    // When every move is a grand slam, they are all legal and capture nothing.
    let mut only = position(&["grand_slam=forbidden"], "0,0,0,0,0,1/0,0,0,0,0,1 23-23 N");
    assert_eq!(legal(&only), ["F"]);
    play(&mut only, "F").unwrap();
    assert_eq!(only.notation(), "1,0,0,0,0,1/0,0,0,0,0,0 23-23 S");
}

#[test]
fn feeding_is_compulsory() {
    // Example 3: only house f gives North a seed.
    let game = position(&[], "1,0,0,0,0,1/0,0,0,0,0,0 23-23 S");
    assert_eq!(legal(&game), ["f"]);
}

#[test]
fn when_no_move_can_feed_the_mover_takes_the_rest() {
    // North's last seed goes to South's a; South's two seeds cannot reach North.
    let mut game = position(&[], "0,1,0,0,0,0/0,0,0,0,0,1 22-24 N");
    play(&mut game, "F").unwrap();
    assert_eq!(game.notation(), "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (24, 24));
    // Written before the game ends, that position cannot arise.
    let err = Oware::from_notation(&options(&[]), "1,1,0,0,0,0/0,0,0,0,0,0 22-24 S")
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot arise"), "{err}");
}

#[test]
fn the_origin_is_skipped_with_twelve_seeds() {
    let mut game = position(&[], "12,0,0,0,0,0/0,0,0,0,0,1 17-18 S");
    play(&mut game, "a").unwrap();
    // 11 houses get one each, the 12th seed skips a and lands in b.
    assert_eq!(game.notation(), "0,2,1,1,1,1/1,1,1,1,1,2 17-18 N");
}

#[test]
fn a_repeated_position_ends_the_game() {
    // Two lone seeds chase each other round the board; sooner or later a position
    // (houses, scores, side to move) repeats and the game ends there.
    let mut repeated = 0;
    for seed in 0..40 {
        let mut rng = game_api::Rng::with_seed(seed);
        let mut game = position(&[], "0,0,0,0,0,1/0,0,0,0,0,1 22-24 S");
        let mut last = Vec::new();
        while !game.is_over() {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            last.clear();
            game.apply(moves[rng.below(moves.len())], Some(&mut last))
                .unwrap();
        }
        let text = format!("{last:?}");
        if text.contains("The position repeats") {
            repeated += 1;
            // Each side took the seeds on its own side.
            let Turn::Over { outcome } = game.turn() else {
                panic!("over")
            };
            assert_eq!(outcome.seats[0].score + outcome.seats[1].score, 48);
        }
    }
    assert!(repeated > 0, "no game ended by repetition");
}

#[test]
fn seeds_are_conserved_over_ten_thousand_random_games_for_every_option_set() {
    for opts in [
        vec![],
        vec!["seeds=5"],
        vec!["seeds=6"],
        vec!["grand_slam=forbidden"],
        vec!["grand_slam=capture_all"],
    ] {
        let played = random_games::<OwareRules>(&options(&opts), 10_000, 1, 7, 10_000).unwrap();
        assert_eq!(played.games, 10_000, "{opts:?}");
        assert!(
            played.results[0] > 0 && played.results[1] > 0,
            "{opts:?}: {played:?}"
        );
    }
}

#[test]
fn a_hand_of_whole_laps_skips_the_origin_fast_and_watched() {
    // 23 seeds from a: the origin is skipped, so a lap is 11 pits; two laps and one more
    // seed, which lands in b.
    let game = position(&[], "23,0,0,0,0,1/1,0,0,0,0,1 10-12 S");
    let mut seed_by_seed = game.clone();
    play(&mut seed_by_seed, "a").unwrap();
    assert_eq!(seed_by_seed.notation(), "0,3,2,2,2,3/3,2,2,2,2,3 10-12 N");
    mancala_kit::testing::every_move_fast_equals_watched(&game).unwrap();
}
