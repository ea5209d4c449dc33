//! Zaroc's rules (docs/rules/zaroc.md), one scenario per numbered rule.

use game_api::{Effect, Game, GameResult, MoveId, Options, Turn};
use zaroc::{
    Colour, Ending, PASS, Zaroc,
    geometry::{ARROWS, DIAGONAL_A, Row, STICKS, index_of},
};

fn options(pairs: &[&str]) -> Options {
    game_api::testing::options::<Zaroc>(pairs)
}

fn at(pairs: &[&str], notation: &str) -> Zaroc {
    game_api::testing::position(pairs, notation)
}

fn legal(game: &Zaroc) -> Vec<String> {
    game_api::testing::legal_notations(game)
}

fn play(game: &mut Zaroc, notation: &str) -> Vec<Effect> {
    game_api::testing::play(game, notation).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rule_1_the_geometry_table() {
    let capacity = |row| {
        STICKS
            .iter()
            .filter(|s| s.row == row)
            .map(|s| s.capacity)
            .collect::<Vec<_>>()
    };
    assert_eq!(capacity(Row::A), [Some(4); 4]);
    assert_eq!(capacity(Row::B), [Some(3); 4]);
    assert_eq!(capacity(Row::C), [Some(2); 5]);
    assert_eq!(capacity(Row::F), [None; 5]);
    let named = |list: &[(usize, usize)]| -> Vec<String> {
        list.iter()
            .map(|&(a, b)| format!("{}>{}", STICKS[a].name, STICKS[b].name))
            .collect()
    };
    let arrows = named(ARROWS);
    for a in [
        "A0>B0", "A3>B3", "B0>C0", "B0>C1", "B3>C3", "B3>C4", "C0>F0", "C4>F4",
    ] {
        assert!(arrows.contains(&a.to_owned()), "{a}");
    }
    assert_eq!(arrows.len(), 4 + 8 + 5);
    assert_eq!(
        named(DIAGONAL_A),
        ["A0>B1", "A1>B0", "A1>B2", "A2>B1", "A2>B3", "A3>B2"]
    );
}

#[test]
fn rule_2_the_setup_and_who_starts() {
    let game = Zaroc::new(&options(&[])).unwrap();
    assert_eq!(
        game.notation(),
        "LDLD/DLDL/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- L 1 0"
    );
    assert_eq!(game.turn(), Turn::Seat { seat: 0 });
    let second = Zaroc::new(&options(&["first=second"])).unwrap();
    assert_eq!(
        second.turn(),
        Turn::Seat { seat: 1 },
        "the second player starts, with Light"
    );
}

#[test]
fn rule_3_only_top_pieces_move_never_from_f_never_upwards() {
    let game = at(&[], "LDL/DLDL/LDLD/DL D/-/-/- -/-/-/-/L -/-/-/-/D L 1 0");
    let moves = legal(&game);
    for m in &moves {
        let (from, to) = m.split_once('-').unwrap();
        assert!(!from.starts_with('F'), "{m}");
        assert!(to.as_bytes()[0] >= from.as_bytes()[0], "{m} moves upwards");
    }
    // C4's single piece is not on a full stick: sideways only.
    assert!(moves.contains(&"C4-C0".to_owned()));
    assert!(!moves.contains(&"C4-F4".to_owned()));
    // Only A1's top piece leaves A1: one lateral target per free stick, one descent.
    let from_a1: Vec<&String> = moves.iter().filter(|m| m.starts_with("A1")).collect();
    assert_eq!(from_a1, ["A1-A0", "A1-A3", "A1-B1"]);
}

#[test]
fn rule_5_lateral_moves_need_a_free_place() {
    let game = at(&[], "LDLD/DLDL/LDLD/DLD -/-/-/- -/-/-/-/- L/-/-/-/- L 1 0");
    let moves = legal(&game);
    assert!(moves.contains(&"A0-A3".to_owned()));
    assert!(!moves.contains(&"A0-A1".to_owned()), "A1 is full");
    assert!(
        !moves.iter().any(|m| m.starts_with("A3-A")),
        "no other A stick has room"
    );
}

#[test]
fn rule_6_descents_only_from_full_sticks_along_arrows() {
    let position = "LDLD/DLDL/LD/- DDL/-/-/- -/-/-/-/- DL/-/-/-/L L 1 0";
    let moves = legal(&at(&[], position));
    assert!(!moves.contains(&"A0-B0".to_owned()), "B0 is full");
    assert!(moves.contains(&"A1-B1".to_owned()));
    assert!(!moves.contains(&"A2-B2".to_owned()), "A2 is not full");
    assert!(moves.contains(&"B0-C0".to_owned()) && moves.contains(&"B0-C1".to_owned()));
    assert!(!moves.contains(&"B0-C2".to_owned()), "no arrow B0 → C2");
    assert!(
        !moves.contains(&"A1-B2".to_owned()),
        "no diagonal without the option"
    );
    let diagonal = legal(&at(&["diagonal_a=true"], position));
    assert!(diagonal.contains(&"A1-B2".to_owned()) && diagonal.contains(&"A0-B1".to_owned()));
    assert!(!diagonal.contains(&"A1-B0".to_owned()), "B0 is full");
}

#[test]
fn rule_7_the_second_move_may_not_return_the_piece() {
    let mut game = at(&[], "LDLD/DLDL/LDLD/DLD -/-/-/- -/-/-/-/- L/-/-/-/- L 1 0");
    play(&mut game, "A0-A3");
    let moves = legal(&game);
    assert!(
        !moves.contains(&"A3-A0".to_owned()),
        "back where it started the turn"
    );
    assert!(moves.contains(&"A1-A0".to_owned()) && moves.contains(&"A3-B3".to_owned()));
    let err = game.apply(MoveId(3 * 100), None).unwrap_err().to_string();
    assert!(err.contains("may not put the piece back"), "{err}");
}

#[test]
fn rule_7_with_no_legal_move_the_player_passes() {
    // With all sixteen pieces on the board a player always has a move (a row that is
    // neither empty nor full has a lateral move, a full one a descent, and a board with
    // every piece on the finish row is won), so the pass is only seen on a board set up
    // by hand: two light and two dark pieces on the finish row, nothing else.
    let mut game = Zaroc::new(&options(&[])).unwrap();
    game.stacks = Default::default();
    game.stacks[13] = [Colour::Light, Colour::Light].into_iter().collect();
    game.stacks[14] = [Colour::Dark, Colour::Dark].into_iter().collect();
    assert_eq!(legal(&game), ["pass"]);
    game.apply(PASS, None).unwrap();
    assert_eq!(game.turn(), Turn::Seat { seat: 1 });
    assert_eq!(
        game.notation(),
        "-/-/-/- -/-/-/- -/-/-/-/- LL/DD/-/-/- D 1 1"
    );
}

#[test]
fn rule_8_three_on_the_finish_row_wins_at_once_whoever_moved() {
    // Light's player, on the first move of the turn, puts Dark's third piece on F.
    let mut game = at(&[], "LDLD/DLDL/LD/- -/-/-/- -/-/-/-/LD DD/L/-/-/L L 1 10");
    let effects = play(&mut game, "C4-F4");
    assert_eq!(game.ending, Some(Ending::Won(Colour::Dark)));
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[1].result, GameResult::Win);
    assert_eq!(outcome.seats[0].result, GameResult::Loss);
    assert!(matches!(effects.last(), Some(Effect::Message { .. })));
    assert!(
        game.apply(PASS, None).is_err(),
        "nothing is played after the end"
    );
}

#[test]
fn rule_9_threefold_repetition_and_the_turn_limit_draw() {
    // Light: A0-A3, A1-A0; Dark: A0-A1, A3-A0 gives the start back. Twice round, the
    // start comes a third time: a draw. The notation says so.
    let start = "LDLD/DLDL/LDLD/DLD -/-/-/- -/-/-/-/- L/-/-/-/- L 1 0";
    let mut game = at(&[], start);
    for round in 0..2 {
        for mv in ["A0-A3", "A1-A0", "A0-A1", "A3-A0"] {
            assert_eq!(game.ending, None, "round {round}, {mv}");
            play(&mut game, mv);
        }
    }
    assert_eq!(game.ending, Some(Ending::Repetition));
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[0].result, GameResult::Draw);
    assert_eq!(
        game.notation(),
        format!("{} end:repetition", start.replace(" 0", " 4"))
    );
    let back = at(&[], &game.notation());
    assert_eq!(back.ending, Some(Ending::Repetition));
    assert_eq!(back.turn(), game.turn());
    let long = at(
        &[],
        "LDLD/DLDL/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- L 1 500",
    );
    assert_eq!(long.ending, Some(Ending::TooLong));
    let mut almost = at(
        &[],
        "LDLD/DLDL/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- D 1 499",
    );
    play(&mut almost, "A0-B0");
    play(&mut almost, "A1-B1");
    assert_eq!(almost.ending, Some(Ending::TooLong));
}

#[test]
fn bad_notations_say_what_is_wrong() {
    let o = options(&[]);
    let err = |s: &str| Zaroc::from_notation(&o, s).unwrap_err().to_string();
    assert!(err("LDLD/DLDL/LDLD -/-/-/- -/-/-/-/- -/-/-/-/- L 1 0").contains("row A has 3 sticks"));
    assert!(err("LDLDL/DLD/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- L 1 0").contains("holds at most"));
    assert!(
        err("LDLD/DLDL/LDLD/DLDX -/-/-/- -/-/-/-/- -/-/-/-/- L 1 0").contains("`X` is not L or D")
    );
    assert!(err("LDLD/DLDL/LDLD/DLDL L/-/-/- -/-/-/-/- -/-/-/-/- L 1 0").contains("17 pieces"));
    // Positions that cannot arise: the wrong pieces, the wrong colour to move, too many
    // turns, four on the finish row, a draw by repetition that is a win.
    let e = err("LLLL/LLLL/LLLL/LLLL -/-/-/- -/-/-/-/- -/-/-/-/- L 1 0");
    assert!(e.contains("16 light pieces and 0 dark ones"), "{e}");
    let e = err("-/-/-/- -/-/-/- -/-/-/-/- -/-/-/-/- L 1 0");
    assert!(e.contains("there are 0 pieces, the game has 16"), "{e}");
    let e = err("LDLD/DLDL/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- D 1 0");
    assert!(e.contains("Light starts"), "{e}");
    let e = err("LDLD/DLDL/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- L 1 4294967294");
    assert!(e.contains("a game ends after 500"), "{e}");
    let e = err("DLD/DLD/DLD/DLD -/-/-/- -/-/-/-/- LLLL/-/-/-/- L 1 0");
    assert!(e.contains("4 light and 0 dark"), "{e}");
    let e = err("DLDL/DLDL/DLD/DD -/-/-/- -/-/-/-/- LLL/-/-/-/- L 1 6 end:repetition");
    assert!(e.contains("already decided"), "{e}");
    let e = err("LDLD/DLDL/LDLD/DL D/-/-/- -/-/-/-/- L/-/-/-/- L 2:A0-B0 0");
    assert!(e.contains("not full before it"), "{e}");
    assert!(
        err("LDLD/DLDL/LDLD/DLDL -/-/-/- -/-/-/-/- -/-/-/-/- L 2:A0-Z9 0")
            .contains("no stick `Z9`")
    );
    let _ = index_of("A0");
}

#[test]
fn a_bad_saved_state_is_refused_with_its_reason() {
    let game = Zaroc::new(&options(&[])).unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    // Five pieces on A0, whose capacity is four.
    state["stacks"][0] = serde_json::json!(["Light", "Dark", "Light", "Dark", "Light"]);
    let err = Zaroc::from_json(&state.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.contains("stick A0 holds 5 pieces"), "{err}");
    // More pieces on one stick than the game has.
    state["stacks"][0] = serde_json::json!(vec!["Light"; 17]);
    let err = Zaroc::from_json(&state.to_string())
        .unwrap_err()
        .to_string();
    assert!(!err.is_empty());
    // A move naming a stick that does not exist.
    let mut state: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    state["last"] = serde_json::json!([3, 40]);
    let err = Zaroc::from_json(&state.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.contains("stick the board lacks"), "{err}");
}

#[test]
fn the_status_names_each_seat_once_with_its_colour() {
    let mut game = Zaroc::new(&options(&[])).unwrap();
    // Player 1 starts and plays Light.
    assert_eq!(
        game.view().status,
        "Player 1 (Light) to move (move 1 of 2), turn 1"
    );
    let second = Zaroc::new(&options(&["first=second"])).unwrap();
    assert!(
        second.view().status.starts_with("Player 2 (Light) to move"),
        "{}",
        second.view().status
    );
    game.set_language("it");
    assert_eq!(
        game.view().status,
        "Muove Giocatore 1 (Chiaro) (mossa 1 di 2), turno 1"
    );
}
