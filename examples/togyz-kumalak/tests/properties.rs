//! Property-based tests of Togyz Kumalak: random legal games of any length under random
//! option sets, checked at every position, the last included (the notation and the
//! JSON state read back to the same position and turn, seeds are conserved, a finished
//! game's scores add up to everything in the game); and notations mangled by random
//! edits, which must be refused with a reason or read as a valid position, never panic.

use mancala_kit::testing::{Mutation, check_parsed, checked_random_game, random_options};
use proptest::prelude::*;
use togyz_kumalak::TogyzKumalak as Rules;

/// What edits put into a notation: digits and separators, overflowing numbers, side
/// letters, the optional fields.
const TOKENS: &[&str] = &[
    "0",
    "1",
    "2",
    "5",
    "9",
    "10",
    "13",
    "48",
    "99",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "-1",
    ",",
    "/",
    " ",
    "*",
    "**",
    "S",
    "N",
    "x",
    ":",
    "-",
    "m:0*,0*",
    "m:0,0",
    "big:1-0",
    "loan:3-0",
    "burnt:a",
    "tuz:A,-",
    "tuz:-,b",
    "round:2",
    "open:-",
    "open:c",
    "end:cycle",
    "A",
    "a",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    (any::<u8>(), any::<usize>(), 0..TOKENS.len()).prop_map(|(kind, at, t)| Mutation {
        kind,
        at,
        token: TOKENS[t].to_owned(),
    })
}

fn options(choices: Vec<usize>) -> game_api::Options {
    let mut choices = choices.into_iter();
    random_options::<Rules>(|n| choices.next().unwrap_or(0) % n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_games_round_trip_at_every_step_and_score_everything(
        choices in prop::collection::vec(any::<usize>(), 8),
        seed in any::<u64>(),
        length in 0usize..1000,
    ) {
        checked_random_game::<Rules>(&options(choices), seed, length)
            .map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mangled_notations_are_refused_or_read_as_valid_positions(
        choices in prop::collection::vec(any::<usize>(), 8),
        seed in any::<u64>(),
        length in 0usize..200,
        edits in prop::collection::vec(mutation(), 1..4),
    ) {
        let options = options(choices);
        let seen = checked_random_game::<Rules>(&options, seed, length)
            .map_err(TestCaseError::fail)?;
        let mut text = seen.last().cloned().unwrap_or_default();
        for edit in &edits {
            text = edit.apply(&text);
        }
        check_parsed::<Rules>(&options, &text).map_err(TestCaseError::fail)?;
    }
}
