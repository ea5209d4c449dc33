//! Property-based tests of Bite the Pumpkin, as for the other games: random legal games of
//! any length under any option set, checked at every position, the last included (the
//! notation and the JSON state read back to the same position and turn); and notations
//! mangled by random edits, which must be refused or read as a position that plays on to
//! an end, round-tripping, never a panic; and fields given twice or emptied, which must
//! be refused with the place of the fault.

use bite_the_pumpkin::BiteThePumpkin;
use game_api::{Game, MoveId, Options, Rng, Turn};
use proptest::prelude::*;

fn options(players: u8, extra: u8, trees: bool, bite: bool, end: bool) -> Options {
    let pick = |simulator: bool| if simulator { "simulator" } else { "rules" };
    let pairs = [
        format!("players={players}"),
        format!("beginner_extra={extra}"),
        format!("custom_trees={trees}"),
        format!("bite_model={}", pick(bite)),
        format!("end_rule={}", pick(end)),
    ];
    Options::parse(&BiteThePumpkin::manifest().options, pairs).unwrap()
}

/// The notation and the JSON state read back to the same position and turn.
fn round_trip(game: &BiteThePumpkin, options: &Options) -> Result<(), String> {
    let notation = game.notation();
    let back = BiteThePumpkin::from_notation(options, &notation)
        .map_err(|e| format!("`{notation}` does not read back: {e}"))?;
    if back.notation() != notation || back.turn() != game.turn() {
        return Err(format!("`{notation}` reads back as `{}`", back.notation()));
    }
    let json = BiteThePumpkin::from_json(&game.to_json()).map_err(|e| e.to_string())?;
    if &json != game {
        return Err(format!("the JSON state of `{notation}` does not read back"));
    }
    Ok(())
}

fn random_move(game: &BiteThePumpkin, rng: &mut Rng) -> MoveId {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves[rng.below(moves.len())]
}

/// Plays up to `length` random actions, checking every position; returns the last one.
fn random_game(options: &Options, seed: u64, length: usize) -> Result<BiteThePumpkin, String> {
    let mut rng = Rng::with_seed(seed);
    let mut game = BiteThePumpkin::new(options).map_err(|e| e.to_string())?;
    round_trip(&game, options)?;
    for _ in 0..length {
        if let Turn::Over { .. } = game.turn() {
            break;
        }
        let mv = random_move(&game, &mut rng);
        game.apply(mv, None).map_err(|e| e.to_string())?;
        round_trip(&game, options)?;
    }
    Ok(game)
}

const TOKENS: &[&str] = &[
    "0",
    "1",
    "9",
    "4294967296",
    " ",
    "/",
    ":",
    ",",
    "-",
    ".",
    "T",
    "P",
    "p",
    "O",
    "B",
    "H",
    "F",
    "x",
    "s:",
    "t",
    "a1",
    "h8",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_games_round_trip_at_every_step(
        players in 2u8..=3,
        extra in 0u8..=2,
        trees in any::<bool>(),
        bite in any::<bool>(),
        end in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..400,
    ) {
        let o = options(players, extra, trees, bite, end);
        random_game(&o, seed, length).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mangled_notations_are_refused_or_read_as_positions_that_play_on(
        players in 2u8..=3,
        seed in any::<u64>(),
        length in 0usize..120,
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), 0..TOKENS.len()), 1..4),
    ) {
        let o = options(players, 0, false, false, false);
        let game = random_game(&o, seed, length).map_err(TestCaseError::fail)?;
        let mut text = game.notation();
        for (kind, at, t) in edits {
            text = game_api::testing::edit_notation(&text, kind, at, TOKENS[t]);
        }
        if let Ok(mut read) = BiteThePumpkin::from_notation(&o, &text) {
            let mut rng = Rng::with_seed(seed);
            for _ in 0..2_000 {
                round_trip(&read, &o).map_err(TestCaseError::fail)?;
                if let Turn::Over { .. } = read.turn() {
                    return Ok(());
                }
                let mv = random_move(&read, &mut rng);
                read.apply(mv, None).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            return Err(TestCaseError::fail(format!("`{text}` read, but never ends")));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fields_given_twice_or_emptied_are_refused_with_their_place(
        players in 2u8..=3,
        extra in 0u8..=2,
        trees in any::<bool>(),
        bite in any::<bool>(),
        end in any::<bool>(),
        seed in any::<u64>(),
        length in 0usize..400,
    ) {
        let o = options(players, extra, trees, bite, end);
        let game = random_game(&o, seed, length).map_err(TestCaseError::fail)?;
        game_api::testing::notation_faults::<BiteThePumpkin>(&o, &game.notation())
            .map_err(TestCaseError::fail)?;
    }
}

#[test]
fn a_score_given_twice_and_an_empty_rank_are_refused_with_their_place() {
    let o = options(2, 0, false, true, true);
    let reason = |text: &str| match BiteThePumpkin::from_notation(&o, text) {
        Err(game_api::GameError::Notation { reason, .. }) => reason,
        other => panic!("`{text}`: {other:?}"),
    };
    let position =
        ".O....../.....PTO/T.....PP/....T..P/..PT..../.....T../.T..O.../....O... 7 run H t8 s:4";
    assert!(BiteThePumpkin::from_notation(&o, position).is_ok());
    assert_eq!(
        reason(&format!("{position} s:5")),
        "field 7 `s:5` (from character 88): `s:` is given twice (first in field 6)"
    );
    let emptied = position.replacen("T.....PP", "", 1);
    assert!(
        reason(&emptied).starts_with("field 1 `.O....../.....PTO//....T..P")
            && reason(&emptied).contains("at character 19: rank 6 has 0 squares"),
        "{}",
        reason(&emptied)
    );
}
