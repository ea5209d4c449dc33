//! Oware's match of rounds (the `rounds` option; rules.md, "Playing in rounds"),
//! scenario by scenario, and long random matches checked at every move.

use game_api::{Effect, Game, GameResult, Options, Turn};
use mancala_kit::{
    Variant,
    testing::{play, random_games},
};
use oware::{Oware, OwareRules};

fn rounds() -> Options {
    Options::parse(&OwareRules::manifest().options, ["rounds=true"]).unwrap()
}

fn position(notation: &str) -> Oware {
    Oware::from_notation(&rounds(), notation).unwrap()
}

/// The messages `mv` reports, played from `game`.
fn messages(game: &Oware, mv: &str) -> Vec<String> {
    let id = game_api::testing::legal_notations(game)
        .iter()
        .position(|m| m == mv)
        .unwrap();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut next = game.clone();
    let mut effects = Vec::new();
    next.apply(moves[id], Some(&mut effects)).unwrap();
    effects
        .into_iter()
        .filter_map(|e| match e {
            Effect::Message { text } => Some(text),
            _ => None,
        })
        .collect()
}

#[test]
fn the_option_is_off_by_default_and_its_start_is_oware_s() {
    let plain =
        Oware::new(&Options::parse(&OwareRules::manifest().options, &[] as &[&str]).unwrap());
    assert!(!plain.unwrap().config.rounds);
    let game = Oware::new(&rounds()).unwrap();
    assert!(game.config.rounds);
    assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert_eq!(game.view().status, "Round 1: South to move");
}

#[test]
fn a_majority_ends_the_round_the_loser_s_unfilled_house_is_out_of_play() {
    // South's f takes North's A (2 seeds): 26 of 48, the round is over. North takes
    // the seed on its side (22). South refills all six houses (24, 2 left over);
    // North fills five from its right (20, 2 left over): A is out of play. The loser,
    // North, starts round 2.
    let game = position("0,0,0,0,0,1/1,0,0,0,0,1 24-21 S");
    let said = messages(&game, "f");
    assert!(said.contains(&"Round 1 is over".to_string()), "{said:?}");
    assert!(
        said.contains(&"South wins round 1, 26–22".to_string()),
        "{said:?}"
    );
    assert!(
        said.contains(&"Round 2 begins; North starts".to_string()),
        "{said:?}"
    );
    let mut game = game;
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "4,4,4,4,4,4/0,4,4,4,4,4 2-2 N burnt:A round:2"
    );
    assert!(!game.is_over());
    assert_eq!(game.view().status, "Round 2: North to move");
    // The panels: houses out of play.
    let view = game.view();
    let entry = |seat: usize, label: &str| {
        view.panels[seat]
            .entries
            .iter()
            .find(|e| e.label == label)
            .map(|e| e.value.clone())
    };
    assert_eq!(entry(0, "Houses out of play").as_deref(), Some("0"));
    assert_eq!(entry(1, "Houses out of play").as_deref(), Some("1"));
    // The rounds won: South won round 1. Shown in the panels, kept in the saved
    // state, never written in the notation (above: no `won:`).
    assert_eq!(entry(0, "Rounds won").as_deref(), Some("1"));
    assert_eq!(entry(1, "Rounds won").as_deref(), Some("0"));
    assert_eq!(game.rounds_won, [1, 0]);
    let saved = Oware::from_json(&game.to_json()).unwrap();
    assert_eq!(saved.rounds_won, [1, 0]);
    // The notation reads back to the same position.
    let again = position(&game.notation());
    assert_eq!(again.notation(), game.notation());
    // North cannot play its burnt house A; B..F are its moves.
    assert_eq!(
        game_api::testing::legal_notations(&game),
        ["B", "C", "D", "E", "F"]
    );
}

#[test]
fn sowing_passes_over_houses_out_of_play_and_a_capture_chain_stops_at_them() {
    // North's A–D are out of play. South's f sows its one seed past them into E
    // (1 → 2): E is taken; the chain stops at D.
    let mut game = position("10,10,0,0,0,1/0,0,0,0,1,1 14-11 S burnt:A,B,C,D round:2");
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "10,10,0,0,0,0/0,0,0,0,0,1 16-11 N burnt:A,B,C,D round:2"
    );
}

#[test]
fn the_match_ends_when_a_player_cannot_fill_one_house() {
    // Round 2; North has only E and F in play. South's f takes E: 26, the round is
    // over. South takes its 20 on the board (46); North its F (2): North cannot fill
    // a house, and the match is over, South winning 46–2.
    let game = position("10,10,0,0,0,1/0,0,0,0,1,1 24-1 S burnt:A,B,C,D round:2");
    let said = messages(&game, "f");
    assert!(
        said.contains(&"South wins round 2, 46–2".to_string()),
        "{said:?}"
    );
    assert!(
        said.contains(&"North cannot fill a house".to_string()),
        "{said:?}"
    );
    assert!(said.contains(&"The game is over".to_string()), "{said:?}");
    let mut game = game;
    play(&mut game, "f").unwrap();
    assert!(game.is_over());
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0/0,0,0,0,0,0 46-2 N burnt:A,B,C,D round:2"
    );
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (46, 2));
    assert_eq!(outcome.seats[0].result, GameResult::Win);
    assert_eq!(game.view().status, "South wins 46–2");
}

#[test]
fn a_round_ends_when_the_player_to_move_cannot_move() {
    // South's f sows its last seed into North's A. North must feed South and cannot
    // (its five seeds all stay in its row): the round is over, North takes its 5 (26)
    // and wins it. South's 22 fill five houses from its right (20, 2 left over): a is
    // out of play. South, the loser, starts round 2.
    let mut game = position("0,0,0,0,0,1/0,1,1,1,1,0 22-21 S");
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "0,4,4,4,4,4/4,4,4,4,4,4 2-2 S burnt:a round:2"
    );
    assert_eq!(
        game_api::testing::legal_notations(&game),
        ["b", "c", "d", "e", "f"]
    );
}

#[test]
fn houses_out_of_play_are_refused_in_round_1_and_without_the_option() {
    let err = Oware::from_notation(&rounds(), "4,4,4,4,4,4/0,4,4,4,4,4 2-2 N burnt:A")
        .unwrap_err()
        .to_string();
    assert!(err.contains("burn only from the second round"), "{err}");
    let one = Options::parse(&OwareRules::manifest().options, &[] as &[&str]).unwrap();
    let err = Oware::from_notation(&one, "4,4,4,4,4,4/0,4,4,4,4,4 2-2 N burnt:A round:2")
        .unwrap_err()
        .to_string();
    assert!(err.contains("one round") || err.contains("burn"), "{err}");
}

#[test]
fn long_random_matches_conserve_seeds_round_trip_and_end() {
    // Random matches of rounds, every position's notation and JSON read back, seeds
    // conserved, each match over within the move limit, and the fast playout (which
    // plays rounds in the kit's general loop) ending where the match played move by
    // move does.
    let played = random_games::<OwareRules>(&rounds(), 60, 0x51_0003, 1, 200_000).unwrap();
    assert_eq!(played.games, 60);
    assert!(played.moves > 60 * 100, "{played:?}");
}

#[test]
fn rounds_won_are_counted_round_after_round_and_checked_in_a_saved_state() {
    // Round 1 won by South (the scenario above): counted.
    let mut game = position("0,0,0,0,0,1/1,0,0,0,0,1 24-21 S");
    play(&mut game, "f").unwrap();
    assert_eq!(game.rounds_won, [1, 0]);
    // Round 2 as the test above has it, its position typed: the count starts at 0-0
    // (a notation does not carry it), and South's win of the round counts 1.
    let mut typed = position("10,10,0,0,0,1/0,0,0,0,1,1 24-1 S burnt:A,B,C,D round:2");
    assert_eq!(typed.rounds_won, [0, 0]);
    play(&mut typed, "f").unwrap();
    assert!(typed.is_over());
    assert_eq!(typed.rounds_won, [1, 0]);
    assert!(!typed.notation().contains("won"), "{}", typed.notation());
    // A saved state claiming more rounds won than played is refused, with the count.
    let json = game.to_json();
    assert!(json.contains("\"rounds_won\":[1,0]"), "{json}");
    let err = Oware::from_json(&json.replace("\"rounds_won\":[1,0]", "\"rounds_won\":[2,1]"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("rounds won 2-1"), "{err}");
    // And in a game played in one round, any count is refused.
    let one = Oware::new(&Options::parse(&OwareRules::manifest().options, &[] as &[&str]).unwrap())
        .unwrap();
    let json = one.to_json();
    assert!(json.contains("\"rounds_won\":[0,0]"), "{json}");
    let err = Oware::from_json(&json.replace("\"rounds_won\":[0,0]", "\"rounds_won\":[1,0]"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("one round"), "{err}");
}
