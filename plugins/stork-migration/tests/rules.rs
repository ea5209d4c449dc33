//! The Storks' Migration (docs/rules/stork-migration.md), one scenario per rule.

use game_api::{Effect, Game, GameResult, MoveId, Options, Rng, Turn};
use stork_migration::{Phase, Randomiser, Storks};

fn options(pairs: &[&str]) -> Options {
    game_api::testing::options::<Storks>(pairs)
}

fn at(pairs: &[&str], notation: &str) -> Storks {
    game_api::testing::position(pairs, notation)
}

fn legal(game: &Storks) -> Vec<String> {
    game_api::testing::legal_notations(game)
}

fn play(game: &mut Storks, notation: &str) -> Vec<Effect> {
    game_api::testing::play(game, notation).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rule_1_the_track_and_africa_holds_any_number() {
    let game = Storks::new(&options(&[])).unwrap();
    let layout = game.layout();
    let label = |sq: u16| layout.sites[usize::from(sq - 1)].label.clone();
    assert_eq!(label(17), "17 cables");
    assert_eq!(label(29), "29 cables");
    assert_eq!(label(28), "28 wind");
    assert_eq!(label(33), "Africa");
    // Two storks of each colour already in Africa; a third arrives.
    let mut crowded = at(&[], "Y:30,33,33,5,7,9 B:2,4,6,8,33,33 Y choose:3");
    play(&mut crowded, "30-33");
    assert_eq!(
        crowded.notation(),
        "Y:5,7,9,33,33,33 B:2,4,6,8,33,33 B throw"
    );
}

#[test]
fn rule_2_the_setup() {
    let game = Storks::new(&options(&[])).unwrap();
    assert_eq!(game.notation(), "Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y throw");
    assert!(matches!(game.turn(), Turn::Chance { .. }));
}

#[test]
fn rule_3_the_throw_and_its_exact_probabilities() {
    let game = Storks::new(&options(&[])).unwrap();
    let Turn::Chance { outcomes } = game.turn() else {
        panic!("a throw")
    };
    let probs: Vec<(u32, u32)> = outcomes
        .iter()
        .map(|o| (o.probability.num, o.probability.den))
        .collect();
    assert_eq!(probs, [(1, 16), (4, 16), (6, 16), (4, 16), (1, 16)]);
    assert_eq!(Randomiser::Coins.steps(4), 5, "4 heads move 5");
    assert_eq!(Randomiser::Coins.steps(0), 0);
    assert_eq!(Randomiser::Die.steps(6), 0, "a 6 counts 0");
    assert_eq!(Randomiser::Die.steps(5), 5);
    // 0 heads: the turn passes at once.
    let mut passing = Storks::new(&options(&[])).unwrap();
    passing.apply(outcomes[0].mv, None).unwrap();
    assert_eq!(passing.notation(), "Y:1,3,5,7,9,11 B:2,4,6,8,10,12 B throw");
    let die = Storks::new(&options(&["randomiser=die"])).unwrap();
    let Turn::Chance { outcomes } = die.turn() else {
        panic!("a throw")
    };
    assert_eq!(outcomes.len(), 6);
    assert!(
        outcomes
            .iter()
            .all(|o| (o.probability.num, o.probability.den) == (1, 6))
    );
}

#[test]
fn the_chance_model_passes_a_chi_square_test() {
    // 64,000 seeded throws of the coins: 4 degrees of freedom, 0.1% critical value 18.47.
    let game = Storks::new(&options(&[])).unwrap();
    let Turn::Chance { outcomes } = game.turn() else {
        panic!()
    };
    let mut rng = Rng::with_seed(33);
    let mut counts = [0f64; 5];
    let n = 64_000.0;
    for _ in 0..n as usize {
        counts[rng.chance(&outcomes)] += 1.0;
    }
    let chi2: f64 = counts
        .iter()
        .zip(&outcomes)
        .map(|(c, o)| {
            let e = n * o.probability.as_f64();
            (c - e).powi(2) / e
        })
        .sum();
    assert!(chi2 < 18.47, "chi-square {chi2} for {counts:?}");
}

#[test]
fn rule_4_a_legal_option_must_be_taken_else_the_turn_passes() {
    let game = at(&[], "Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y choose:1");
    // Every stork moving 1 lands on an isolated-or-paired Blue stork...
    assert!(!legal(&game).is_empty());
    // Nothing can move 5 here: the throw passes the turn.
    let mut blocked = at(
        &[],
        "Y:29,30,31,32,33,33 B:2,4,6,8,10,12 Y throw"
            .replace("29,", "0,")
            .as_str(),
    );
    let Turn::Chance { outcomes } = blocked.turn() else {
        panic!()
    };
    blocked.apply(outcomes[4].mv, None).unwrap(); // 4 heads: 5 steps
    assert_eq!(
        blocked.notation(),
        "Y:0,30,31,32,33,33 B:2,4,6,8,10,12 B throw"
    );
}

#[test]
fn rule_5_illegal_moves() {
    // Overshooting 33.
    let over = at(&[], "Y:31,3,5,7,9,11 B:2,4,6,8,10,12 Y choose:3");
    assert!(
        !legal(&over).contains(&"31-34".to_owned())
            && !legal(&over).iter().any(|m| m.starts_with("31-"))
    );
    // Landing on an own stork.
    let own = at(&[], "Y:20,22,5,7,9,11 B:2,4,6,8,10,12 Y choose:2");
    assert!(!legal(&own).iter().any(|m| m.starts_with("20-")));
    // Landing on or passing over a row of three opponents.
    let row = at(&[], "Y:20,1,3,5,7,9 B:21,22,23,8,10,12 Y choose:4");
    assert!(
        !legal(&row).iter().any(|m| m.starts_with("20-")),
        "passing over 21-23"
    );
    let onto = at(&[], "Y:20,1,3,5,7,9 B:21,22,23,8,10,12 Y choose:2");
    assert!(!legal(&onto).iter().any(|m| m.starts_with("20-")));
    // Storks on 33 never form a row: 31, 32, 33 is only a pair.
    let africa = at(&[], "Y:30,1,3,5,7,9 B:31,32,33,8,10,12 Y choose:3");
    assert!(legal(&africa).contains(&"30-33".to_owned()));
}

#[test]
fn rule_6_landing_on_an_isolated_opponent_swaps() {
    let mut game = at(&[], "Y:14,1,3,5,7,9 B:16,2,4,6,8,10 Y choose:2");
    play(&mut game, "14-16");
    assert_eq!(game.notation(), "Y:1,3,5,7,9,16 B:2,4,6,8,10,14 B throw");
}

#[test]
fn rule_7_a_pair_is_jumped_to_a_free_square_or_the_move_is_illegal() {
    let mut game = at(&[], "Y:13,1,3,5,7,9 B:15,16,2,4,6,8 Y choose:2");
    play(&mut game, "13-17");
    // 13 + 2 = 15 is the first of the pair 15-16: the stork jumps to 17, the cables.
    assert_eq!(game.notation(), "Y:0,1,3,5,7,9 B:2,4,6,8,15,16 B throw");
    // Landing on the second of a pair jumps just past it as well.
    let mut second = at(&[], "Y:13,1,3,5,7,9 B:15,16,2,4,6,8 Y choose:3");
    play(&mut second, "13-17");
    assert_eq!(second.notation(), "Y:0,1,3,5,7,9 B:2,4,6,8,15,16 B throw");
    // The square after the pair holds Yellow's own stork: illegal.
    let blocked = at(&[], "Y:1,3,7,9,11,13 B:2,5,6,8,10,12 Y choose:2");
    assert!(!legal(&blocked).iter().any(|m| m.starts_with("3-")));
    // The square after the pair is Africa: the jump arrives.
    let mut home = at(
        &[],
        "Y:29,1,3,5,7,9 B:31,32,2,4,6,8 Y choose:2"
            .replace("29,", "30,")
            .replace("choose:2", "choose:1")
            .as_str(),
    );
    play(&mut home, "30-33");
    assert_eq!(home.notation(), "Y:1,3,5,7,9,33 B:2,4,6,8,31,32 B throw");
}

#[test]
fn rule_8_cables_wind_and_africa() {
    // 17: the stork leaves the board.
    let mut cables = at(&[], "Y:15,1,3,5,7,9 B:2,4,6,8,10,12 Y choose:2");
    play(&mut cables, "15-17");
    assert_eq!(cables.notation(), "Y:0,1,3,5,7,9 B:2,4,6,8,10,12 B throw");
    // 28: throw again for that stork; an illegal result is thrown again; 0 leaves it.
    let mut wind = at(&[], "Y:26,1,3,5,7,9 B:31,2,4,6,8,10 Y choose:2");
    play(&mut wind, "26-28");
    assert_eq!(wind.phase, Phase::Wind);
    assert!(matches!(wind.turn(), Turn::Chance { .. }));
    let throw = |g: &mut Storks, heads: u32| g.apply(MoveId(100 + heads), None).unwrap();
    throw(&mut wind, 4); // 5 steps: 33, legal
    assert_eq!(wind.notation(), "Y:1,3,5,7,9,33 B:2,4,6,8,10,31 B throw");
    let mut again = at(&[], "Y:28,1,3,5,7,9 B:30,31,32,6,8,10 Y wind");
    throw(&mut again, 2); // onto the row 30-32: illegal, throw again
    assert_eq!(again.phase, Phase::Wind);
    throw(&mut again, 1); // 29: the cables
    assert_eq!(again.notation(), "Y:0,1,3,5,7,9 B:6,8,10,30,31,32 B throw");
    let mut calm = at(&[], "Y:28,1,3,5,7,9 B:30,31,32,6,8,10 Y wind");
    throw(&mut calm, 0);
    assert_eq!(calm.notation(), "Y:1,3,5,7,9,28 B:6,8,10,30,31,32 B throw");
    // A stork pushed back onto 28 by a swap triggers nothing.
    let mut pushed = at(&[], "Y:27,1,3,5,7,9 B:28,2,4,6,8,10 Y choose:1");
    let blue_to_move = {
        play(&mut pushed, "27-28");
        pushed.notation()
    };
    assert_eq!(
        blue_to_move, "Y:1,3,5,7,9,28 B:2,4,6,8,10,27 Y wind",
        "Yellow's stork landed on 28"
    );
    let mut back = at(&[], "Y:28,1,3,5,7,9 B:30,2,4,6,8,10 Y wind");
    throw(&mut back, 2); // onto Blue's isolated stork on 30: Blue goes back to 28, no wind
    assert_eq!(back.notation(), "Y:1,3,5,7,9,30 B:2,4,6,8,10,28 B throw");
}

#[test]
fn rule_9_re_entry_needs_the_exact_throw_and_an_empty_square() {
    let game = at(&[], "Y:0,15,20,22,24,26 B:2,4,6,8,10,12 Y choose:3");
    assert!(legal(&game).contains(&"in3".to_owned()));
    let taken = at(&[], "Y:0,15,20,22,24,26 B:2,3,6,8,10,12 Y choose:3");
    assert!(
        !legal(&taken).contains(&"in3".to_owned()),
        "square 3 is taken"
    );
    let mut four = at(&[], "Y:0,15,20,22,24,26 B:2,5,6,8,10,12 Y choose:4");
    assert!(
        legal(&four).contains(&"in4".to_owned()),
        "4 heads re-enter on 4 (though they move 5)"
    );
    play(&mut four, "in4");
    assert_eq!(
        four.notation(),
        "Y:4,15,20,22,24,26 B:2,5,6,8,10,12 B throw"
    );
    let die = at(
        &["randomiser=die"],
        "Y:0,15,20,22,24,26 B:2,5,6,8,10,12 Y choose:5",
    );
    assert!(
        !legal(&die).iter().any(|m| m.starts_with("in")),
        "only squares 1 to 4"
    );
}

#[test]
fn rule_10_all_six_in_africa_wins() {
    let mut game = at(&[], "Y:31,33,33,33,33,33 B:2,4,6,8,10,12 Y choose:2");
    play(&mut game, "31-33");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[0].result, GameResult::Win);
    assert_eq!(outcome.seats[0].score, 6);
}

#[test]
fn bad_notations_say_what_is_wrong() {
    let o = options(&[]);
    let err = |s: &str| Storks::from_notation(&o, s).unwrap_err().to_string();
    assert!(err("Y:1,3,5 B:2,4,6,8,10,12 Y throw").contains("3 storks for Yellow"));
    assert!(err("Y:1,3,5,7,9,11 B:1,4,6,8,10,12 Y throw").contains("both colours on square 1"));
    assert!(err("Y:17,3,5,7,9,11 B:2,4,6,8,10,12 Y throw").contains("cables square 17"));
    assert!(err("Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y choose:0").contains("leaves nothing to choose"));
    assert!(
        err("Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y wind").contains("no stork of the mover is on 28")
    );
    // Positions that cannot arise: two winners, a winner still to move, a choice with
    // nothing to choose.
    let e = err("Y:33,33,33,33,33,33 B:33,33,33,33,33,33 B throw");
    assert!(e.contains("both players"), "{e}");
    let e = err("Y:33,33,33,33,33,33 B:2,4,6,8,10,12 Y throw");
    assert!(e.contains("Blue is to throw"), "{e}");
    let e = err("Y:33,33,33,33,33,33 B:2,4,6,8,10,12 B choose:1");
    assert!(e.contains("Blue is to throw"), "{e}");
    // Yellow's only stork off Africa is on 32: a throw of 2 overshoots.
    let e = err("Y:32,33,33,33,33,33 B:2,4,6,8,10,12 Y choose:2");
    assert!(e.contains("no legal move for a throw of 2"), "{e}");
    assert!(err("Y:1,3,5,7,9,300 B:2,4,6,8,10,12 Y throw").contains(
        "field 1 `Y:1,3,5,7,9,300` at character 13: a stork's square is `300`, not a count"
    ));
}

#[test]
fn search_sees_the_race_in_throws_still_needed() {
    // The start is even but for Blue's one-square head start on every stork. (The
    // scores are sharp on purpose: search needs moves told apart more than a calibrated
    // probability; between equal players Yellow wins about 48% of the games.)
    let start = Storks::new(&options(&[])).unwrap();
    let v = start.evaluate().unwrap();
    assert!(v[0] < 0.0 && v[0] > -0.9, "{v:?}");
    assert_eq!(v[0], -v[1]);
    // Far ahead is close to a sure win, never beyond it.
    let ahead = at(&[], "Y:30,31,33,33,33,33 B:1,2,3,4,5,6 Y throw");
    let v = ahead.evaluate().unwrap();
    assert!(v[0] > 0.9 && v[0] <= 1.0, "{v:?}");
    // A stork on the cables costs its whole way again.
    let fallen = at(&[], "Y:0,3,5,7,9,11 B:2,4,6,8,10,12 Y throw");
    let standing = at(&[], "Y:20,3,5,7,9,11 B:2,4,6,8,10,12 Y throw");
    assert!(fallen.evaluate().unwrap()[0] < standing.evaluate().unwrap()[0]);
    // Search is asked to cut its random playouts short and use this instead.
    assert_eq!(Storks::manifest().search.playout_cutoff, Some(4));
}

#[test]
fn moves_are_said_in_words_and_written_as_records_check_them() {
    let words = |game: &Storks| -> Vec<(String, String)> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let info = game.move_info(mv).unwrap();
                (info.notation, info.words.unwrap_or_default())
            })
            .collect()
    };
    let throws = words(&Storks::new(&options(&[])).unwrap());
    assert!(
        throws.contains(&("1 heads".into(), "1 head".into())),
        "{throws:?}"
    );
    assert!(
        throws.contains(&("3 heads".into(), "3 heads".into())),
        "{throws:?}"
    );
    let game = at(&[], "Y:30,33,33,5,7,9 B:2,4,6,8,33,33 Y choose:3");
    let moves = words(&game);
    assert!(
        moves.contains(&("30-33".into(), "moves a stork from 30 to 33".into())),
        "{moves:?}"
    );
    let mut italian = game.clone();
    italian.set_language("it");
    assert!(
        words(&italian).contains(&("30-33".into(), "sposta una cicogna dalla 30 alla 33".into())),
        "{:?}",
        words(&italian)
    );
    let mut italian_throws = Storks::new(&options(&[])).unwrap();
    italian_throws.set_language("it");
    assert!(words(&italian_throws).contains(&("3 heads".into(), "3 teste".into())));
}
