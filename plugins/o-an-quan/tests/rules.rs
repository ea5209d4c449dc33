//! Ô Ăn Quan's rules (docs/rules/mancala.md §4), scenario by scenario.
//!
//! The ring: South's squares a–e, the mandarin square after them (the first `m:`
//! entry), North's squares A–E, the other mandarin square. `>` sows anticlockwise
//! (towards the mover's right along their own row), `<` clockwise.

use game_api::{Effect, Game, GameResult, Options, Turn};
use mancala_kit::{
    Variant,
    testing::{checked_random_game, play, random_games, round_trip},
};
use o_an_quan::{OAnQuan, OAnQuanRules};

fn options(pairs: &[&str]) -> Options {
    Options::parse(&OAnQuanRules::manifest().options, pairs).unwrap()
}

fn after(pairs: &[&str], start: &str, moves: &[&str]) -> OAnQuan {
    let mut game = OAnQuan::from_notation(&options(pairs), start).unwrap();
    for mv in moves {
        play(&mut game, mv).unwrap();
    }
    game
}

#[test]
fn the_start_and_the_choice_of_direction() {
    let game = OAnQuan::new(&options(&[])).unwrap();
    assert_eq!(game.notation(), "5,5,5,5,5/5,5,5,5,5 0-0 S m:0*,0*");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 10, "five squares, two directions");
    let info = game.move_info(moves[1]).unwrap();
    assert_eq!(info.notation, "a<");
    assert_eq!(info.choice.as_deref(), Some("clockwise"));
    let ten = OAnQuan::new(&options(&["mandarin=ten_small_stones"])).unwrap();
    assert_eq!(ten.notation(), "5,5,5,5,5/5,5,5,5,5 0-0 S m:10,10");
    assert_eq!(ten.board.total(), 70);
}

#[test]
fn an_occupied_next_square_relays_the_sowing() {
    // c> drops into d; e holds 3: lift them and sow the mandarin square, A and B; then
    // C and D are both empty: the turn ends.
    let game = after(&[], "0,0,1,0,3/0,0,0,0,0 18-18 S m:5*,5*", &["c>"]);
    assert_eq!(game.notation(), "0,0,0,1,0/1,1,0,0,0 18-18 N m:6*,5*");
}

#[test]
fn a_mandarin_square_after_the_last_stone_ends_the_turn() {
    let game = after(&[], "0,0,0,1,0/1,0,0,0,0 24-24 S m:0*,0*", &["d>"]);
    assert_eq!(game.notation(), "0,0,0,0,1/1,0,0,0,0 24-24 N m:0*,0*");
}

#[test]
fn an_empty_square_then_a_full_one_captures_in_a_chain() {
    // a> drops into b; c is empty, d holds 3: capture; e is empty, the mandarin square
    // holds its big stone: capture; A and B are empty: stop.
    let game = after(&[], "1,0,0,3,0/0,0,1,0,0 22-23 S m:0*,0*", &["a>"]);
    assert_eq!(
        game.notation(),
        "0,1,0,0,0/0,0,1,0,0 25-23 N m:0,0* big:1-0"
    );
}

#[test]
fn clockwise_sowing_relays_through_the_mandarin_square() {
    let game = after(&[], "1,0,1,0,0/0,0,0,0,1 23-24 S m:0*,0*", &["c<"]);
    assert_eq!(game.notation(), "0,1,0,0,0/0,0,0,1,0 23-24 N m:0*,1*");
}

#[test]
fn quan_non_protects_a_young_mandarin() {
    let start = "0,0,1,0,0/0,0,1,0,0 23-23 S m:2*,0*";
    assert_eq!(
        after(&[], start, &["c>"]).notation(),
        "0,0,0,1,0/0,0,1,0,0 25-23 N m:0,0* big:1-0"
    );
    assert_eq!(
        after(&["quan_non=true"], start, &["c>"]).notation(),
        "0,0,0,1,0/0,0,1,0,0 23-23 N m:2*,0*"
    );
}

#[test]
fn an_empty_row_is_refilled_borrowing_the_shortfall() {
    let mut game =
        OAnQuan::from_notation(&options(&[]), "0,0,0,0,1/0,0,0,0,0 46-3 S m:0*,0*").unwrap();
    let effects = play(&mut game, "e<").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,1,0/1,1,1,1,1 44-0 N m:0*,0* loan:0-2"
    );
    assert!(effects.contains(&Effect::Message {
        text: "North refills its squares, borrowing 2".into()
    }));
    round_trip(&game, &options(&[])).unwrap();
}

#[test]
fn no_refill_possible_ends_the_game_and_the_mandarin_squares_go_to_the_other_side() {
    // South's e< drops its stone into d; c and b are empty: the turn ends. North's
    // squares are empty and both stocks together hold 3: North cannot refill. Each side
    // takes its own stones, and what is left in the mandarin squares (46 small stones
    // and a big stone) goes to South, the other side.
    let mut game =
        OAnQuan::from_notation(&options(&[]), "0,0,0,0,1/0,0,0,0,0 2-1 S m:20*,26 big:0-1")
            .unwrap();
    let effects = play(&mut game, "e<").unwrap();
    assert!(game.is_over());
    assert_eq!(game.notation(), "0,0,0,0,0/0,0,0,0,0 49-1 N m:0,0 big:1-1");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (59, 11));
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Message { text } if text.contains("North cannot refill")))
    );
    round_trip(&game, &options(&[])).unwrap();
    // The same stuck position written as North's turn cannot be: the game would already
    // have ended.
    let err = OAnQuan::from_notation(&options(&[]), "0,0,0,1,0/0,0,0,0,0 2-1 N m:20*,26 big:0-1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot arise"), "{err}");
}

#[test]
fn the_game_ends_when_both_mandarin_squares_are_empty() {
    let game = after(&[], "1,0,0,3,0/0,0,1,0,0 22-23 S m:0*,0 big:0-1", &["a>"]);
    assert_eq!(game.notation(), "0,0,0,0,0/0,0,0,0,0 26-24 N m:0,0 big:1-1");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (36, 34));
    assert_eq!(outcome.seats[0].result, GameResult::Win);
}

#[test]
fn the_score_counts_big_stones_and_settles_loans() {
    let game = OAnQuan::from_notation(
        &options(&[]),
        "0,0,0,0,0/0,0,0,0,0 30-20 S m:0,0 big:1-1 loan:0-3",
    )
    .unwrap();
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    // South: 30 small + 10 + 3 lent; North: 20 small + 10 − 3 borrowed.
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (43, 27));
    let five = OAnQuan::from_notation(
        &options(&["mandarin=big_stone_5"]),
        "0,0,0,0,0/0,0,0,0,0 30-20 S m:0,0 big:1-1 loan:0-3",
    )
    .unwrap();
    let Turn::Over { outcome } = five.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (38, 22));
}

#[test]
fn bad_notations_say_what_is_wrong() {
    let o = options(&[]);
    let err = |s: &str| OAnQuan::from_notation(&o, s).unwrap_err().to_string();
    assert!(err("5,5,5,5,5/5,5,5,5,5 0-0 S").contains("mandarin squares are missing"));
    assert!(err("5,5,5,5,5/5,5,5,5,5 0-0 S m:5").contains("2 mandarin squares"));
    assert!(err("5,5,5,5,5/5,5,5,5,5 0-0 S m:x*,0").contains("not a count"));
    assert!(err("5,5,5,5,5/5,5,5,5,5 0-0 S m:0*,0* zz:1").contains("unknown field `zz:`"));
    // Positions that cannot arise.
    let hundred = format!("5,5,5,5,5/5,5,5,5,5 0-0 S m:0{},0*", "*".repeat(100));
    let e = err(&hundred);
    assert!(
        e.contains("the mandarin square after South's row holds 100 big stones, at most 1"),
        "{e}"
    );
    let e = err("5,5,5,5,5/5,5,5,5,6 0-0 S m:0*,0*");
    assert!(
        e.contains("holds 51 seeds") && e.contains("this game has 50"),
        "{e}"
    );
    let e = err("5,5,5,5,5/5,5,5,5,5 0-0 S m:0*,0");
    assert!(
        e.contains("1 big stones on the board and captured, the game has 2"),
        "{e}"
    );
    let e = err("5,5,5,5,4294967295/5,5,5,5,5 0-0 S m:0*,0*");
    assert!(
        e.contains("South's house 5 (`e`) holds 4294967295 seeds"),
        "{e}"
    );
    let e = err("5,5,5,5,5/5,5,5,5,5 0-0 S m:0*,0* loan:4000000-0");
    assert!(e.contains("borrowed 4000000"), "{e}");
    let ten = options(&["mandarin=ten_small_stones"]);
    let e = OAnQuan::from_notation(&ten, "5,5,5,5,5/5,5,5,5,5 0-0 S m:10*,10")
        .unwrap_err()
        .to_string();
    assert!(e.contains("holds 1 big stones, at most 0"), "{e}");
}

#[test]
fn stones_are_conserved_over_ten_thousand_random_games_for_every_option_set() {
    for opts in [
        vec![],
        vec!["mandarin=big_stone_5"],
        vec!["mandarin=ten_small_stones"],
        vec!["quan_non=true"],
    ] {
        let played = random_games::<OAnQuanRules>(&options(&opts), 10_000, 1, 7, 100_000).unwrap();
        assert_eq!(played.games, 10_000, "{opts:?}");
    }
}

#[test]
fn every_finished_game_scores_everything_in_it_under_every_option_set() {
    // Whichever way a game ends (both mandarin squares empty, or a row nobody can
    // refill), the final scores add up to the small stones and the big stones' points:
    // `checked_random_game` checks it at the end of each game, with the round-trips.
    for mandarin in ["big_stone_10", "big_stone_5", "ten_small_stones"] {
        for quan_non in ["false", "true"] {
            let o = options(&[
                &format!("mandarin={mandarin}"),
                &format!("quan_non={quan_non}"),
            ]);
            for seed in 0..300 {
                let seen = checked_random_game::<OAnQuanRules>(&o, seed, 100_000).unwrap();
                let last = OAnQuan::from_notation(&o, seen.last().unwrap()).unwrap();
                assert!(last.is_over(), "{mandarin} {quan_non} seed {seed}");
            }
        }
    }
}

#[test]
fn a_tag_given_twice_is_refused_where_it_is_repeated() {
    // The case: the second `m:` used to win silently.
    let text = "5,5,5,5,5/5,5,5,4,6 0-0 S m:1,13* m:2,12*";
    let Err(game_api::GameError::Notation { reason, .. }) =
        OAnQuan::from_notation(&options(&[]), text)
    else {
        panic!("`{text}` was read");
    };
    assert_eq!(
        reason,
        "field 5 `m:2,12*` (from character 35): `m:` is given twice (first in field 4)"
    );
    let empty = "5,5,5,5,5/5,5,,5,5 0-0 S m:0*,0*";
    let reason = OAnQuan::from_notation(&options(&[]), empty)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        reason.contains("field 1 `5,5,5,5,5/5,5,,5,5` at character 15: North's house 3 is empty"),
        "{reason}"
    );
}

#[test]
fn borrowing_turn_after_turn_ends_at_the_repeated_position() {
    // The hunt's endless line (`tavola check`, options `mandarin=ten_small_stones
    // quan_non=false`, seed 11): reached after North had borrowed 299 stones, refilling
    // turn after turn from South's stock while South captured them back. The six moves
    // bring the same position back (loans are not part of a position): the game ends
    // there, each side taking its own row and the mandarin square at its right.
    let o = options(&["mandarin=ten_small_stones", "quan_non=false"]);
    let start = "0,0,0,2,0/1,1,1,1,1 62-0 N m:1,0 loan:0-299";
    let mut game = OAnQuan::from_notation(&o, start).unwrap();
    let line = ["A<", "a>", "C>", "a<", "A>"];
    for mv in line {
        play(&mut game, mv).unwrap();
        assert!(!game.is_over(), "{mv}: {}", game.notation());
    }
    assert_eq!(
        game.notation(),
        "0,0,1,1,1/0,2,0,2,0 55-5 S m:0,3 loan:0-299"
    );
    // South's c> relays to e and captures North's B and D; North's row is empty and
    // North refills from its own five: the position the line started from.
    let effects = play(&mut game, "c>").unwrap();
    assert!(effects.contains(&Effect::Message {
        text: "North refills its squares".into()
    }));
    assert!(effects.contains(&Effect::Message {
        text: "The position repeats: the game is over".into()
    }));
    assert!(game.is_over());
    // South: 62 + its row's 2 + the mandarin square at its right (1); North: its row's
    // 5 and the empty square at its right. The loans settled: 65 + 299, 5 − 299.
    assert_eq!(
        game.notation(),
        "0,0,0,0,0/0,0,0,0,0 65-5 N m:0,0 loan:0-299"
    );
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(
        (outcome.seats[0].score, outcome.seats[1].score),
        (364, -294)
    );
    assert_eq!(outcome.seats[0].result, GameResult::Win);
    round_trip(&game, &o).unwrap();
    // Before the rule, the line went round for ever: the same position after every six
    // moves. Played again from the start, it now ends at the first return, not later.
    let mut again = OAnQuan::from_notation(&o, start).unwrap();
    let mut plies = 0;
    for mv in line.iter().chain(&["c>"]).cycle().take(60) {
        if again.is_over() {
            break;
        }
        play(&mut again, mv).unwrap();
        plies += 1;
    }
    assert_eq!((plies, again.notation()), (6, game.notation()));
}

#[test]
fn a_repeated_position_gives_each_side_the_mandarin_square_at_its_right() {
    // One stone a side stepping out and back: a> and A> drop into the next square with
    // two empty squares after it; b< and B< drop back, the mandarin square next (still
    // holding its big stone) ending the turn. After four moves the start comes back.
    let o = options(&[]);
    let start = "1,0,0,0,0/1,0,0,0,0 24-24 S m:0*,0*";
    let game = after(&[], start, &["a>", "A>", "b<"]);
    assert_eq!(game.notation(), "1,0,0,0,0/0,1,0,0,0 24-24 N m:0*,0*");
    let mut game = game;
    let effects = play(&mut game, "B<").unwrap();
    assert!(game.is_over());
    assert!(
        effects.contains(&Effect::Message {
            text: "The position repeats: each side takes its own row and the mandarin square at \
               its right"
                .into()
        })
    );
    // Each takes its stone and its big stone: 25 small and 10 points each, a draw.
    assert_eq!(game.notation(), "0,0,0,0,0/0,0,0,0,0 25-25 S m:0,0 big:1-1");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (35, 35));
    round_trip(&game, &o).unwrap();
}
