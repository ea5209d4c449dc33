//! Kalah's rules, scenario by scenario (docs/rules/mancala.md §1), on the Rust face.

use game_api::{Effect, Game, GameResult, MoveId, Options, Turn};
use kalah::{Kalah, KalahRules};
use mancala_kit::Variant;

fn options(pairs: &[&str]) -> Options {
    Options::parse(&KalahRules::manifest().options, pairs).unwrap()
}

fn position(notation: &str) -> Kalah {
    Kalah::from_notation(&options(&[]), notation).unwrap()
}

fn play(game: &mut Kalah, notation: &str) -> Vec<Effect> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&m| game.move_info(m).unwrap().notation == notation)
        .unwrap_or_else(|| panic!("{notation} is not legal in {}", game.notation()));
    let mut effects = Vec::new();
    game.apply(mv, Some(&mut effects)).unwrap();
    effects
}

fn perft(game: &Kalah, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut next = game.clone();
            next.apply(m, None).unwrap();
            perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn start_position_and_notation() {
    let game = Kalah::new(&options(&[])).unwrap();
    assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    let five = Kalah::new(&options(&["seeds=5", "houses=5"])).unwrap();
    assert_eq!(five.notation(), "5,5,5,5,5/5,5,5,5,5 0-0 S");
}

#[test]
fn perft_from_the_start() {
    let game = Kalah::new(&options(&[])).unwrap();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&game, d)).collect();
    assert_eq!(counts, [6, 35, 185, 942, 4690]);
}

#[test]
fn capture_from_the_opposite_house() {
    // Rules example 1: pit 3 -> empty pit 4, opposite pit 10 holds 4.
    let mut game = position("0,0,1,0,0,0/0,0,4,0,0,0 20-23 S");
    play(&mut game, "c");
    // South's row is now empty, so the game ends with South's store at 5.
    assert_eq!(game.notation(), "0,0,0,0,0,0/0,0,0,0,0,0 25-23 N");
    let Turn::Over { outcome } = game.turn() else {
        panic!("the game should be over")
    };
    assert_eq!(outcome.seats[0].score, 25);
    assert_eq!(outcome.seats[0].result, GameResult::Win);
}

#[test]
fn no_capture_when_the_opposite_house_is_empty() {
    // Rules example 2: the 4 in pit 9 instead of pit 10.
    let mut game = position("0,0,1,0,0,0/0,4,0,0,0,0 20-23 S");
    play(&mut game, "c");
    assert_eq!(game.notation(), "0,0,0,1,0,0/0,4,0,0,0,0 20-23 N");
}

#[test]
fn empty_capture_option_takes_the_lone_seed() {
    let mut game = Kalah::from_notation(
        &options(&["empty_capture=true"]),
        "0,0,1,0,0,1/0,4,0,0,0,0 20-22 S",
    )
    .unwrap();
    play(&mut game, "c");
    assert_eq!(game.notation(), "0,0,0,0,0,1/0,4,0,0,0,0 21-22 N");
}

#[test]
fn sowing_skips_the_opponents_store_but_not_the_origin() {
    // Rules example 3: South sows 8 from pit 6.
    let mut game = position("1,0,0,0,0,8/1,0,0,0,0,0 19-19 S");
    play(&mut game, "f");
    assert_eq!(game.notation(), "2,0,0,0,0,0/2,1,1,1,1,1 20-19 N");
    // 13 seeds from house a come round, skip North's store and drop the last seed into
    // the emptied house a again: an own empty house, so it captures the 1 opposite.
    let mut long = position("13,0,0,0,0,0/1,0,0,0,0,0 17-17 S");
    play(&mut long, "a");
    assert_eq!(long.notation(), "0,1,1,1,1,1/2,1,1,1,1,0 20-17 N");
}

#[test]
fn extra_turn_when_the_last_seed_is_in_the_own_store() {
    let mut game = Kalah::new(&options(&[])).unwrap();
    let effects = play(&mut game, "c");
    assert_eq!(game.notation(), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
    assert_eq!(effects.last(), Some(&Effect::ExtraTurn { seat: 0 }));
    assert_eq!(game.turn(), Turn::Seat { seat: 0 });
}

#[test]
fn the_end_sweeps_each_row_into_its_owners_store() {
    let mut game = position("0,0,0,0,0,1/3,0,2,0,0,0 20-22 S");
    play(&mut game, "f");
    // The last seed reaches the store: South's row is empty, North banks its 5 seeds.
    assert_eq!(game.notation(), "0,0,0,0,0,0/0,0,0,0,0,0 21-27 S");
    let Turn::Over { outcome } = game.turn() else {
        panic!("the game should be over")
    };
    assert_eq!(outcome.seats[1].result, GameResult::Win);
    assert_eq!(outcome.margin(), -6);
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = position("0,0,1,0,0,0/0,4,0,0,0,0 20-23 S");
    let before = game.clone();
    assert!(game.apply(MoveId(0), None).is_err());
    assert!(game.apply(MoveId(6), None).is_err());
    assert_eq!(game, before);
}

#[test]
fn bad_notations_say_what_is_wrong() {
    let o = options(&[]);
    let err = |s: &str| Kalah::from_notation(&o, s).unwrap_err().to_string();
    assert!(err("4,4,4/4,4,4 0-0 S").contains("has 3 houses, this game has 6"));
    assert!(err("4,4,4,4,4,x/4,4,4,4,4,4 0-0 S").contains("house 6 is `x`"));
    assert!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0-0 W")
            .contains("field 3 `W` (from character 29): the side to move is S or N")
    );
    assert!(err("4,4,4,4,4,4/4,4,4,4,4,4 0:0 S").contains("not of the form s-n"));
    assert!(err("").contains("expected at least 3 fields"));
    // Positions that cannot arise: seeds made or lost, a pit of overflowing size, a
    // row that would already have ended the game.
    let e = err("4,4,4,4,4,4/4,4,4,4,4,4 1-0 S");
    assert!(
        e.contains("holds 49 seeds") && e.contains("this game has 48"),
        "{e}"
    );
    let e = err("4294967295,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert!(
        e.contains("South's house 1 (`a`) holds 4294967295 seeds"),
        "{e}"
    );
    assert!(err("4,4,4,4,4,4/4,4,4,4,4,4294967296 0-0 S").contains("not a count"));
    let e = err("0,0,0,0,0,0/4,4,4,4,4,4 24-0 S");
    assert!(e.contains("cannot arise"), "{e}");
    assert!(err("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S round:2").contains("one round"));
    assert!(err("4,4,4,4,4,0/4,4,4,4,4,4 4-0 S tuz:-,f").contains("this game has none"));
}

#[test]
fn seeds_are_conserved_and_notation_round_trips_in_random_games() {
    for (opts, total) in [
        (vec![], 48),
        (vec!["houses=3", "seeds=6", "empty_capture=true"], 36),
    ] {
        let o = options(&opts);
        for seed in 0..300 {
            let mut rng = game_api::Rng::with_seed(seed);
            let mut game = Kalah::new(&o).unwrap();
            let mut moves = Vec::new();
            while let Turn::Seat { .. } = game.turn() {
                moves.clear();
                game.legal_moves(&mut moves);
                game.apply(moves[rng.below(moves.len())], None).unwrap();
                assert_eq!(game.board.total(), total);
                let back = Kalah::from_notation(&o, &game.notation()).unwrap();
                assert_eq!(back.notation(), game.notation());
                let json = Kalah::from_json(&game.to_json()).unwrap();
                assert_eq!(json, game);
            }
        }
    }
}

#[test]
fn a_hand_of_whole_laps_sows_the_same_fast_and_watched() {
    // 30 seeds round a ring of 13 pits that take them (North's store is skipped): two
    // whole laps, then 4 more. The fast path adds the laps at once; watched, every seed
    // is dropped and reported.
    for notation in [
        "30,0,0,0,0,1/1,0,0,0,0,0 0-16 S",
        "0,0,0,0,0,27/1,0,0,0,0,20 0-0 S",
        "1,0,0,0,0,0/0,0,26,0,0,0 0-21 N",
    ] {
        mancala_kit::testing::every_move_fast_equals_watched(&position(notation)).unwrap();
    }
    // Seed by seed: 30 from a put 2 in every pit but North's store (a too) and the last
    // 4 in b..e; e already holds 2 by then, so nothing is captured.
    let mut game = position("30,0,0,0,0,1/1,0,0,0,0,0 0-16 S");
    let effects = play(&mut game, "a");
    let drops = effects
        .iter()
        .filter(|e| matches!(e, Effect::Drop { .. }))
        .count();
    assert_eq!(drops, 30);
    assert_eq!(game.notation(), "2,3,3,3,3,3/3,2,2,2,2,2 2-16 N");
}
