//! Hawalis's rules (docs/rules/mancala.md §7), scenario by scenario. Every position
//! below was worked out by hand from the rules as Wikipedia's "Hawalis" (rules of Oman)
//! gives them; the houses are named in each player's sowing order: `a`–`g` the outer
//! row from the player's left, `h`–`n` the inner row back.

use game_api::{Game, GameResult, Options, Turn};
use hawalis::Hawalis;
use mancala_kit::testing::{perft, play, random_games};

fn position(notation: &str) -> Hawalis {
    Hawalis::from_notation(&Options::default(), notation).unwrap()
}

fn legal(game: &Hawalis) -> Vec<String> {
    game_api::testing::legal_notations(game)
}

const TWOS: &str = "2,2,2,2,2,2,2,2,2,2,2,2,2,2";

#[test]
fn the_start_and_its_moves() {
    let game = Hawalis::new(&Options::default()).unwrap();
    assert_eq!(game.notation(), format!("{TWOS}/{TWOS} 0-0 S"));
    assert_eq!(legal(&game).len(), 14);
    assert_eq!(perft(&game, 1), 14);
    // Some openings capture two of North's houses (below): 182, not 14 × 14.
    assert_eq!(perft(&game, 2), 182);
}

#[test]
fn an_opening_that_captures() {
    // n's 2: a, b (3: relay); b's 3: c, d, e; e's 3: f, g, h; h's 3: i, j, k; k's 3:
    // l, m and n, emptied at the start: the move ends in South's inner row, at its
    // left end, facing North's inner H (North's 8th house, at South's left) with
    // North's outer G behind it: 2 + 2 captured.
    let mut game = Hawalis::new(&Options::default()).unwrap();
    play(&mut game, "n").unwrap();
    assert_eq!(
        game.notation(),
        "3,0,3,3,0,3,3,0,3,3,0,3,3,1/2,2,2,2,2,2,0,0,2,2,2,2,2,2 4-0 N"
    );
    assert_eq!(legal(&game).len(), 12);
}

#[test]
fn a_relay_sowing_goes_round_the_movers_own_rows_only() {
    // a's 2 seeds: b, c (3: relay); c's 3: d, e, f (relay); f's 3: g, h, i (relay from
    // the outer row into the inner one); i's 3: j, k, l; l's 3: m, n and on round into
    // a, emptied at the start: the move ends there, in the outer row (no capture).
    // North's rows are never sown.
    let mut game = Hawalis::new(&Options::default()).unwrap();
    play(&mut game, "a").unwrap();
    assert_eq!(
        game.notation(),
        format!("1,3,0,3,3,0,3,3,0,3,3,0,3,3/{TWOS} 0-0 N")
    );
}

#[test]
fn the_capture_takes_the_facing_inner_house_and_the_outer_one_behind_it() {
    // f's 2 seeds: g, then h, empty: the move ends in South's inner row, at its right
    // end, facing North's inner N (3) with North's outer A (4) behind it: 7 captured.
    let mut game = position("0,0,0,0,0,2,0,0,0,0,0,0,0,0/4,1,0,0,0,0,0,0,0,0,0,0,0,3 20-26 S");
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0,1,1,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0,0,0 27-26 N"
    );
}

#[test]
fn north_captures_the_same_way_from_its_side() {
    // North's F: G, then H (empty, North's inner row at North's right, over South's
    // inner n with South's outer a behind it).
    let mut game = position("5,0,0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,2,0,0,0,0,0,0,0,3 20-25 N");
    play(&mut game, "F").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1,0,0,0,0,0,3 20-31 S"
    );
    // South has no seeds left: the game is over, on the captures alone (North's 5
    // seeds still on the board count for no one).
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (20, 31));
    assert_eq!(outcome.seats[1].result, GameResult::Win);
}

#[test]
fn an_empty_facing_inner_house_captures_nothing() {
    // As above, but North's N is empty: its A (4) behind it stays.
    let mut game = position("0,0,0,0,0,2,0,0,0,0,0,0,0,0/4,1,0,0,0,0,0,0,0,0,0,0,0,0 23-26 S");
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0,1,1,0,0,0,0,0,0/4,1,0,0,0,0,0,0,0,0,0,0,0,0 23-26 N"
    );
}

#[test]
fn an_empty_outer_house_behind_still_lets_the_inner_one_be_taken() {
    let mut game = position("0,0,0,0,0,2,0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0,0,3 24-26 S");
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0,1,1,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0,0,0 27-26 N"
    );
}

#[test]
fn a_move_ending_in_the_outer_row_captures_nothing() {
    // b's 2: c, d (empty, outer row): North's houses are not touched.
    let mut game = position("0,2,0,0,0,0,0,0,0,0,0,0,0,0/4,1,0,0,0,0,0,0,0,0,0,0,0,3 20-26 S");
    play(&mut game, "b").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,1,1,0,0,0,0,0,0,0,0,0,0/4,1,0,0,0,0,0,0,0,0,0,0,0,3 20-26 N"
    );
}

#[test]
fn the_capture_is_made_where_the_last_relay_ends() {
    // g's 2: h, i (1: relay with 2); i's 2: j, k (empty): South's inner k (index 10)
    // faces North's inner K... counted: k is South's 11th house, facing North's
    // 3·7 − 1 − 10 = 10th (K), with North's outer 10 − 7 = 3rd (D) behind it.
    let mut game = position("0,0,0,0,0,0,2,0,1,0,0,0,0,0/0,0,0,2,0,0,0,0,0,0,5,0,0,0 20-26 S");
    play(&mut game, "g").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0,0,1,0,1,1,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0 27-26 N"
    );
    assert!(game.is_over());
}

#[test]
fn singletons_are_sown_only_when_no_house_holds_more() {
    let game = position("1,0,2,0,1,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0,0,0,0,0 24-26 S");
    assert_eq!(legal(&game), ["c"]);
    // Only singletons: each may be played; one sown into an occupied house relays.
    let mut game = position("1,1,0,0,0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0,0,0,0,0 24-28 S");
    assert_eq!(legal(&game), ["a", "b"]);
    play(&mut game, "a").unwrap();
    // a's seed into b (2): relay; b's 2 into c, d.
    assert_eq!(
        game.notation(),
        "0,0,1,1,0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0,0,0,0,0 24-28 N"
    );
}

#[test]
fn random_games_end_and_keep_every_seed() {
    let played =
        random_games::<hawalis::HawalisRules>(&Options::default(), 200, 7, 5, 5000).unwrap();
    assert_eq!(played.games, 200);
}
