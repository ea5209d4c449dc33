//! Congkak's rules (docs/rules/mancala.md §3), scenario by scenario, on a board of
//! five houses a side (five seeds each) to keep positions short.

use congkak::{Congkak, CongkakRules};
use game_api::{Game, GameResult, Options, Turn};
use mancala_kit::{
    Variant,
    testing::{play, random_games, round_trip},
};

fn options(pairs: &[&str]) -> Options {
    let mut all = vec!["houses=5"];
    all.extend_from_slice(pairs);
    Options::parse(&CongkakRules::manifest().options, all).unwrap()
}

fn after(pairs: &[&str], start: &str, moves: &[&str]) -> Congkak {
    let mut game = Congkak::from_notation(&options(pairs), start).unwrap();
    for mv in moves {
        play(&mut game, mv).unwrap();
    }
    game
}

#[test]
fn the_default_board_has_seven_houses_of_seven() {
    let o = Options::parse(&CongkakRules::manifest().options, [""; 0]).unwrap();
    let game = Congkak::new(&o).unwrap();
    assert_eq!(game.notation(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0-0 S");
    assert_eq!(game.board.total(), 98);
}

#[test]
fn the_last_seed_in_the_own_store_gives_another_move() {
    let game = after(&[], "5,5,5,5,5/5,5,5,5,5 0-0 S", &["a"]);
    assert_eq!(game.notation(), "0,6,6,6,6/5,5,5,5,5 1-0 S");
}

#[test]
fn an_empty_opponents_house_ends_the_turn() {
    let game = after(&[], "1,0,0,0,2/0,1,0,0,0 20-26 S", &["e"]);
    assert_eq!(game.notation(), "1,0,0,0,0/1,1,0,0,0 21-26 N");
}

#[test]
fn an_occupied_house_relays_the_sowing() {
    // The last seed makes North's B a 2: lift both and go on to C and D.
    let game = after(&[], "1,0,0,0,3/0,1,0,0,0 20-25 S", &["e"]);
    assert_eq!(game.notation(), "1,0,0,0,0/1,0,1,1,0 21-25 N");
}

#[test]
fn the_opponents_store_is_skipped() {
    let game = after(&[], "0,0,0,0,8/0,0,0,0,1 20-21 S", &["e"]);
    // Store, A–E, (North's store skipped), a, b: b was empty, D opposite holds 1.
    assert_eq!(game.notation(), "1,0,0,0,0/1,1,1,0,2 23-21 N");
}

#[test]
fn the_capture_options() {
    let full = "1,0,0,0,1/0,0,0,4,1 20-23 S";
    assert_eq!(
        after(&[], full, &["a"]).notation(),
        "0,0,0,0,1/0,0,0,0,1 25-23 N"
    );
    assert_eq!(
        after(&["capture=opposite_only"], full, &["a"]).notation(),
        "0,1,0,0,1/0,0,0,0,1 24-23 N"
    );
    let empty = "1,0,0,0,1/0,0,0,0,1 20-27 S";
    assert_eq!(
        after(&[], empty, &["a"]).notation(),
        "0,1,0,0,1/0,0,0,0,1 20-27 N"
    );
    assert_eq!(
        after(&["capture=last_even_if_opposite_empty"], empty, &["a"]).notation(),
        "0,0,0,0,1/0,0,0,0,1 21-27 N"
    );
}

#[test]
fn an_empty_row_ends_the_game() {
    let game = after(&[], "0,0,0,0,1/0,0,3,0,0 20-26 S", &["e"]);
    assert_eq!(game.notation(), "0,0,0,0,0/0,0,0,0,0 21-29 S");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[1].result, GameResult::Win);
}

#[test]
fn rounds_refill_from_the_store_and_burn_what_cannot_be_filled() {
    // South's last seed reaches its store and empties its row: the round ends, South has
    // 22, North 28. South fills four houses from the store end and burns a; the loser,
    // South, starts round 2.
    let game = after(&["rounds=many"], "0,0,0,0,1/0,0,0,0,1 21-27 S", &["e"]);
    assert_eq!(game.notation(), "0,5,5,5,5/5,5,5,5,5 2-3 S burnt:a round:2");
    round_trip(&game, &options(&["rounds=many"])).unwrap();
}

#[test]
fn a_burnt_house_is_skipped_never_chosen_and_never_captured_from() {
    let start = "0,0,0,1,0/0,0,0,0,7 21-21 N burnt:a round:2";
    let game = after(&["rounds=many"], start, &["E"]);
    // North's store, (a burnt), b–e, (South's store skipped), A, B: B was empty, the
    // opposite house d holds 2.
    assert_eq!(
        game.notation(),
        "0,1,1,0,1/1,0,0,0,0 21-25 S burnt:a round:2"
    );
    let burnt = Congkak::from_notation(
        &options(&["rounds=many"]),
        "0,1,0,0,0/0,0,0,0,1 24-24 N burnt:a round:2",
    )
    .unwrap();
    let mut moves = Vec::new();
    burnt.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
}

#[test]
fn a_player_who_cannot_fill_one_house_loses() {
    let game = after(&["rounds=many"], "0,0,0,0,1/0,0,0,0,1 2-46 S", &["e"]);
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[0].result, GameResult::Loss);
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (3, 47));
}

#[test]
fn the_simultaneous_opening_sows_in_lock_step() {
    let o = options(&["simultaneous_opening=true"]);
    let game = Congkak::new(&o).unwrap();
    assert_eq!(game.notation(), "5,5,5,5,5/5,5,5,5,5 0-0 S open:-");
    let chosen = after(
        &["simultaneous_opening=true"],
        "5,5,5,5,5/5,5,5,5,5 0-0 S open:-",
        &["c"],
    );
    assert_eq!(chosen.notation(), "5,5,5,5,5/5,5,5,5,5 0-0 N open:c");
    round_trip(&chosen, &o).unwrap();
    // From the start, every pair of openings: seeds conserved, the position reads back,
    // and play goes on in the first round. (The lock-step itself, tick by tick, is tested
    // in the kit.)
    for south in ["a", "b", "c", "d", "e"] {
        for north in ["A", "B", "C", "D", "E"] {
            let game = after(
                &["simultaneous_opening=true"],
                "5,5,5,5,5/5,5,5,5,5 0-0 S open:-",
                &[south, north],
            );
            assert_eq!(game.board.total(), 50);
            assert!(!game.notation().contains("open:"), "{}", game.notation());
            round_trip(&game, &o).unwrap();
        }
    }
    // The opening is played from the start only.
    let err = Congkak::from_notation(&o, "0,0,1,0,0/0,0,1,0,0 24-24 N open:c")
        .unwrap_err()
        .to_string();
    assert!(err.contains("from the start position only"), "{err}");
}

#[test]
fn seeds_are_conserved_over_ten_thousand_random_games_for_every_option_set() {
    for opts in [
        vec!["houses=5"],
        vec!["houses=7"],
        vec!["houses=9"],
        vec!["capture=opposite_only"],
        vec!["capture=last_even_if_opposite_empty"],
        vec!["rounds=many"],
        vec!["simultaneous_opening=true"],
        vec!["rounds=many", "simultaneous_opening=true"],
    ] {
        let o = Options::parse(&CongkakRules::manifest().options, &opts).unwrap();
        let played = random_games::<CongkakRules>(&o, 10_000, 1, 13, 100_000).unwrap();
        assert_eq!(played.games, 10_000, "{opts:?}");
    }
}
