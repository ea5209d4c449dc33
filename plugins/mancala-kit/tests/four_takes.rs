//! Four Takes (`examples/four_takes.rs`), an outside author's variant on the family
//! parameters only: its rules in play, and the property tests every variant runs.

#[path = "../examples/four_takes.rs"]
mod four_takes;

use four_takes::{FourTakes, FourTakesGame};
use game_api::{Game, Options};
use mancala_kit::testing::{play, random_games};

#[test]
fn a_house_made_four_goes_to_its_owner_and_a_last_seed_two_chains_back() {
    let mut game = FourTakesGame::new(&Options::default()).unwrap();
    // a's five make b to f six: nothing is four, and six is not taken.
    play(&mut game, "a").unwrap();
    assert_eq!(game.notation(), "0,6,6,6,6,6,5/5,5,5,5,5,5,5 0-0 N");
    let mut game =
        FourTakesGame::from_notation(&Options::default(), "3,1,1,5,5,5,5/5,5,5,5,5,5,3 6-6 N")
            .unwrap();
    // G's three: a 4 (South's: South takes it), b 2, c 2. The last seed made c two:
    // North takes c, then b backward across the rows; a (now empty) ends the chain.
    play(&mut game, "G").unwrap();
    assert_eq!(game.notation(), "0,0,0,5,5,5,5/5,5,5,5,5,5,0 10-10 S");
}

#[test]
fn every_end_rule_plays_random_games_fast_and_move_by_move_alike() {
    let schema = <FourTakesGame as Game>::manifest().options;
    for end in ["owner", "stuck", "other", "left"] {
        for chain in ["backward", "forward", "none"] {
            let values = std::collections::BTreeMap::from([
                ("end".to_owned(), game_api::OptionValue::Choice(end.into())),
                (
                    "chain".to_owned(),
                    game_api::OptionValue::Choice(chain.into()),
                ),
            ]);
            let options = Options::resolve(&schema, &values).unwrap();
            let played = random_games::<FourTakes>(&options, 100, 7, 5, 100_000).unwrap();
            assert_eq!(played.games, 100, "{end}, {chain}");
        }
    }
}

mod properties {
    mancala_kit::variant_properties!(super::FourTakes, 1000);
}
