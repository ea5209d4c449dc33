//! Property-based tests of Zaroc: random legal games of any length under random option
//! sets, checked at every position, the last included (the notation and the JSON state
//! read back to the same position and turn, whichever way the game ended: three on the
//! finish row, repetition, the turn limit); and notations mangled by random edits, which
//! must be refused with a reason or read as a valid position, never panic; and fields
//! given twice or emptied, which must be refused with the place of the fault.

use game_api::{Game, Options, Rng, Turn};
use proptest::prelude::*;
use zaroc::{Ending, Zaroc};

fn options(diagonal: bool, second: bool) -> Options {
    let diagonal = format!("diagonal_a={diagonal}");
    let first = format!("first={}", if second { "second" } else { "first" });
    Options::parse(&Zaroc::manifest().options, [diagonal, first]).unwrap()
}

/// The notation and the JSON state read back to the same position and turn.
fn round_trip(game: &Zaroc, options: &Options) -> Result<(), String> {
    let notation = game.notation();
    let back = Zaroc::from_notation(options, &notation)
        .map_err(|e| format!("`{notation}` does not read back: {e}"))?;
    if back.notation() != notation || back.turn() != game.turn() || back.ending != game.ending {
        return Err(format!("`{notation}` reads back as `{}`", back.notation()));
    }
    let json = Zaroc::from_json(&game.to_json()).map_err(|e| e.to_string())?;
    if &json != game {
        return Err(format!("the JSON state of `{notation}` does not read back"));
    }
    Ok(())
}

/// Plays up to `length` random moves, checking every position; returns the last one.
fn random_game(options: &Options, seed: u64, length: usize) -> Result<Zaroc, String> {
    let mut rng = Rng::with_seed(seed);
    let mut game = Zaroc::new(options).map_err(|e| e.to_string())?;
    round_trip(&game, options)?;
    let mut moves = Vec::new();
    for _ in 0..length {
        if let Turn::Over { .. } = game.turn() {
            break;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        game.apply(moves[rng.below(moves.len())], None)
            .map_err(|e| e.to_string())?;
        round_trip(&game, options)?;
    }
    Ok(game)
}

const TOKENS: &[&str] = &[
    "L",
    "D",
    "-",
    "/",
    " ",
    "LL",
    "DDDD",
    "1",
    "2",
    "0",
    "499",
    "500",
    "4294967295",
    "4294967296",
    "2:A0-A1",
    "2:A0-B0",
    "2:C0-F0",
    "end:repetition",
    "end:",
    "F0",
    "Z9",
    ":",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_games_round_trip_at_every_step(
        diagonal in any::<bool>(),
        second in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..1200,
    ) {
        random_game(&options(diagonal, second), seed, length).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mangled_notations_are_refused_or_read_as_valid_positions(
        diagonal in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..300,
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), 0..TOKENS.len()), 1..4),
    ) {
        let o = options(diagonal, false);
        let game = random_game(&o, seed, length).map_err(TestCaseError::fail)?;
        let mut text = game.notation();
        for (kind, at, t) in edits {
            text = game_api::testing::edit_notation(&text, kind, at, TOKENS[t]);
        }
        if let Ok(read) = Zaroc::from_notation(&o, &text) {
            round_trip(&read, &o).map_err(TestCaseError::fail)?;
            let mut moves = Vec::new();
            read.legal_moves(&mut moves);
            for mv in moves {
                let mut next = read.clone();
                next.apply(mv, None).map_err(|e| TestCaseError::fail(e.to_string()))?;
                round_trip(&next, &o).map_err(TestCaseError::fail)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fields_given_twice_or_emptied_are_refused_with_their_place(
        diagonal in any::<bool>(),
        second in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..600,
    ) {
        let o = options(diagonal, second);
        let game = random_game(&o, seed, length).map_err(TestCaseError::fail)?;
        game_api::testing::notation_faults::<Zaroc>(&o, &game.notation())
            .map_err(TestCaseError::fail)?;
    }
}

#[test]
fn empty_sticks_and_a_repeated_ending_are_refused_with_their_place() {
    let o = options(false, false);
    let reason = |text: &str| match Zaroc::from_notation(&o, text) {
        Err(game_api::GameError::Notation { reason, .. }) => reason,
        other => panic!("`{text}`: {other:?}"),
    };
    // The case: empty fields read as empty sticks.
    assert_eq!(
        reason("/// //// ////-/- -/-/-/-/- L 1 0"),
        "field 1 `///` at character 1: stick A0 is empty; write `-` for a stick without pieces"
    );
    let start = Zaroc::new(&o).unwrap().notation();
    let fields: Vec<&str> = start.split(' ').collect();
    let mut emptied = fields.clone();
    let row_b = fields[1].replacen('-', "", 1);
    emptied[1] = &row_b;
    let text = emptied.join(" ");
    assert!(
        reason(&text).starts_with(&format!(
            "field 2 `{row_b}` at character {}",
            fields[0].len() + 2
        )),
        "{}",
        reason(&text)
    );
    let twice = format!("{start} end:repetition end:repetition");
    assert!(
        reason(&twice).starts_with("field 9 `end:repetition`"),
        "{}",
        reason(&twice)
    );
    assert!(reason(&twice).contains("given twice (first in field 8)"));
}

#[test]
fn every_ending_is_reached_and_round_trips() {
    // Long random games reach each way a game ends; each reads back from its notation.
    let o = options(false, false);
    let mut seen = [false; 3];
    for seed in 0..3000 {
        let game = random_game(&o, seed, 2000).unwrap();
        match game.ending {
            Some(Ending::Won(_)) => seen[0] = true,
            Some(Ending::Repetition) => seen[1] = true,
            Some(Ending::TooLong) => seen[2] = true,
            None => {}
        }
        if seen[0] && seen[1] {
            break;
        }
    }
    assert!(seen[0] && seen[1], "wins and repetitions: {seen:?}");
}
