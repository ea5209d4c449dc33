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
    let game = after(&[], "1,0,0,0,2/0,1,0,0,0 0-0 S", &["e"]);
    assert_eq!(game.notation(), "1,0,0,0,0/1,1,0,0,0 1-0 N");
}

#[test]
fn an_occupied_house_relays_the_sowing() {
    // The last seed makes North's B a 2: lift both and go on to C and D.
    let game = after(&[], "1,0,0,0,3/0,1,0,0,0 0-0 S", &["e"]);
    assert_eq!(game.notation(), "1,0,0,0,0/1,0,1,1,0 1-0 N");
}

#[test]
fn the_opponents_store_is_skipped() {
    let game = after(&[], "0,0,0,0,8/0,0,0,0,1 0-0 S", &["e"]);
    // Store, A–E, (North's store skipped), a, b: b was empty, D opposite holds 1.
    assert_eq!(game.notation(), "1,0,0,0,0/1,1,1,0,2 3-0 N");
}

#[test]
fn the_capture_options() {
    let full = "1,0,0,0,1/0,0,0,4,1 0-0 S";
    assert_eq!(
        after(&[], full, &["a"]).notation(),
        "0,0,0,0,1/0,0,0,0,1 5-0 N"
    );
    assert_eq!(
        after(&["capture=opposite_only"], full, &["a"]).notation(),
        "0,1,0,0,1/0,0,0,0,1 4-0 N"
    );
    let empty = "1,0,0,0,1/0,0,0,0,1 0-0 S";
    assert_eq!(
        after(&[], empty, &["a"]).notation(),
        "0,1,0,0,1/0,0,0,0,1 0-0 N"
    );
    assert_eq!(
        after(&["capture=last_even_if_opposite_empty"], empty, &["a"]).notation(),
        "0,0,0,0,1/0,0,0,0,1 1-0 N"
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
    // The round ends (North's row is empty): South has 22, North 28. South fills four
    // houses from the store end and burns a; the loser, South, starts round 2.
    let game = after(&["rounds=many"], "0,0,0,0,1/0,0,0,0,0 21-28 N", &[]);
    assert_eq!(game.notation(), "0,5,5,5,5/5,5,5,5,5 2-3 S burnt:a round:2");
    round_trip(&game, &options(&["rounds=many"])).unwrap();
}

#[test]
fn a_burnt_house_is_skipped_never_chosen_and_never_captured_from() {
    let start = "0,0,0,1,0/0,0,0,0,7 10-10 N burnt:a round:2";
    let game = after(&["rounds=many"], start, &["E"]);
    // North's store, (a burnt), b–e, (South's store skipped), A, B: B was empty, the
    // opposite house d holds 2.
    assert_eq!(
        game.notation(),
        "0,1,1,0,1/1,0,0,0,0 10-14 S burnt:a round:2"
    );
    let burnt = Congkak::from_notation(
        &options(&["rounds=many"]),
        "0,1,0,0,0/0,0,0,0,1 0-0 N burnt:a round:2",
    )
    .unwrap();
    let mut moves = Vec::new();
    burnt.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
}

#[test]
fn a_player_who_cannot_fill_one_house_loses() {
    let game = after(&["rounds=many"], "0,0,0,0,1/0,0,0,0,0 2-47 N", &[]);
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
    // Both openings end on the first tick: a tie, South moves next.
    let tie = after(
        &["simultaneous_opening=true"],
        "0,0,1,0,0/0,0,1,0,0 0-0 N open:c",
        &["C"],
    );
    assert_eq!(tie.notation(), "0,0,0,1,0/0,0,0,1,0 0-0 S");
    // South's opening ends on tick 1, North's on tick 2: North moves next.
    let later = after(
        &["simultaneous_opening=true"],
        "1,0,0,0,0/2,0,0,0,0 0-0 N open:a",
        &["A"],
    );
    assert_eq!(later.notation(), "0,1,0,0,0/0,1,1,0,0 0-0 N");
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
