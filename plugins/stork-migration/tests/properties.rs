//! Property-based tests of The Storks' Migration: random games of any length (throws
//! drawn by their probabilities) under either randomiser, checked at every position, the
//! last included (the notation and the JSON state read back to the same position and
//! turn); and notations mangled by random edits, which must be refused with a reason or
//! read as a valid position, never panic; and fields given twice or emptied, which must
//! be refused with the place of the fault.

use game_api::{Game, Options, Rng, Turn};
use proptest::prelude::*;
use stork_migration::Storks;

fn options(die: bool) -> Options {
    let value = if die {
        "randomiser=die"
    } else {
        "randomiser=coins"
    };
    Options::parse(&Storks::manifest().options, [value]).unwrap()
}

/// The notation and the JSON state read back to the same position and turn.
fn round_trip(game: &Storks, options: &Options) -> Result<(), String> {
    let notation = game.notation();
    let back = Storks::from_notation(options, &notation)
        .map_err(|e| format!("`{notation}` does not read back: {e}"))?;
    if back.notation() != notation || back.turn() != game.turn() {
        return Err(format!("`{notation}` reads back as `{}`", back.notation()));
    }
    let json = Storks::from_json(&game.to_json()).map_err(|e| e.to_string())?;
    if &json != game {
        return Err(format!("the JSON state of `{notation}` does not read back"));
    }
    Ok(())
}

/// Plays up to `length` random actions (throws and moves), checking every position;
/// returns the last one.
fn random_game(options: &Options, seed: u64, length: usize) -> Result<Storks, String> {
    let mut rng = Rng::with_seed(seed);
    let mut game = Storks::new(options).map_err(|e| e.to_string())?;
    round_trip(&game, options)?;
    let mut moves = Vec::new();
    for _ in 0..length {
        let mv = match game.turn() {
            Turn::Over { .. } => break,
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { .. } => {
                moves.clear();
                game.legal_moves(&mut moves);
                moves[rng.below(moves.len())]
            }
        };
        game.apply(mv, None).map_err(|e| e.to_string())?;
        round_trip(&game, options)?;
    }
    Ok(game)
}

const TOKENS: &[&str] = &[
    "0",
    "1",
    "4",
    "17",
    "28",
    "29",
    "32",
    "33",
    "34",
    "255",
    "256",
    "4294967295",
    ",",
    " ",
    "Y",
    "B",
    "Y:",
    "B:",
    "throw",
    "wind",
    "choose:1",
    "choose:4",
    "choose:6",
    "choose:0",
    ":",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_games_round_trip_at_every_step(
        die in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..1500,
    ) {
        random_game(&options(die), seed, length).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mangled_notations_are_refused_or_read_as_valid_positions(
        die in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..400,
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), 0..TOKENS.len()), 1..4),
    ) {
        let o = options(die);
        let game = random_game(&o, seed, length).map_err(TestCaseError::fail)?;
        let mut text = game.notation();
        for (kind, at, t) in edits {
            text = game_api::testing::edit_notation(&text, kind, at, TOKENS[t]);
        }
        if let Ok(read) = Storks::from_notation(&o, &text) {
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
        die in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..400,
    ) {
        let o = options(die);
        let game = random_game(&o, seed, length).map_err(TestCaseError::fail)?;
        game_api::testing::notation_faults::<Storks>(&o, &game.notation())
            .map_err(TestCaseError::fail)?;
    }
}

#[test]
fn a_side_given_twice_and_an_empty_square_are_refused_with_their_place() {
    let o = options(false);
    let reason = |text: &str| match Storks::from_notation(&o, text) {
        Err(game_api::GameError::Notation { reason, .. }) => reason,
        other => panic!("`{text}`: {other:?}"),
    };
    assert_eq!(
        reason("Y:1,3,5,7,9,11 B:2,4,6,8,10,12 Y throw Y:1,3,5,7,9,11"),
        "field 5 `Y:1,3,5,7,9,11` (from character 40): `Y:` is given twice (first in field 1)"
    );
    assert_eq!(
        reason("Y:1,3,,7,9,11 B:2,4,6,8,10,12 Y throw"),
        "field 1 `Y:1,3,,7,9,11` at character 7: a stork's square is empty; a count is required"
    );
}
