//! Where a move starts and which way it sows: directions set by the house (Um
//! el-Bagara), houses of one seed never sown, and holes with no owner (Eson Khorgol) or
//! the opponent's only — hand-worked scenarios, refusals, and long random games that check
//! conservation, round-trips and the fast playout against move by move.

#[macro_use]
mod common;

use game_api::{Game, MoveId, Options};
use mancala_kit::HouseDirection::{Anticlockwise as A, Chosen as C, Clockwise as W};
use mancala_kit::testing::{play, random_games};
use mancala_kit::{
    Capture, Chain, Config, Direction, End, HouseDirections, Mancala, Remaining, Sides, SowFrom,
    Variant,
};

/// Um el-Bagara (Davies 1925): 2 × 5 of five; clockwise from the two left houses,
/// anticlockwise from the two right ones, either way from the middle; a last seed making
/// 2 or 4 in the opponent's row takes it and the 2s and 4s before it; single seeds are
/// never sown; a player who cannot move passes, and the singles go to their row's owner;
/// a repeated position ends the game (as the catalogue's file says).
fn um_el_bagara() -> Config {
    Config {
        direction: Direction::ByHouse(HouseDirections::new(&[W, W, C, A, A])),
        capture: Capture::Count {
            counts: "2,4".parse().unwrap(),
            sides: Sides::Opponent,
            chain: Chain::Backward,
        },
        min_sow: 2,
        end: End::NoMove {
            remaining: Remaining::Owner,
        },
        pass_when_stuck: true,
        cycle_ends_game: true,
        ..Config::base(5, 5)
    }
}
variant!(Bagara, um_el_bagara());

/// Eson Khorgol (mirrored anticlockwise): 2 × 5 of nine, any hole of either row, the
/// house past an empty one captured; a repeated position ends the game.
fn eson_khorgol() -> Config {
    Config {
        sow_from: SowFrom::Both,
        capture: Capture::ForwardOnce,
        capture_from_occupied: true,
        end: End::NoMove {
            remaining: Remaining::Left,
        },
        cycle_ends_game: true,
        ..Config::base(5, 9)
    }
}
variant!(Eson, eson_khorgol());

/// Moves from the opponent's row only (Tap Urdy's start), single laps, Oware's capture.
fn opponents_row() -> Config {
    Config {
        sow_from: SowFrom::Opponent,
        capture: Capture::Backward { min: 2, max: 3 },
        cycle_ends_game: true,
        ..Config::base(6, 4)
    }
}
variant!(Theirs, opponents_row());

fn at<V: Variant>(notation: &str) -> Mancala<V> {
    Mancala::<V>::from_notation(&Options::default(), notation).unwrap()
}

/// The legal moves of `game`, as written.
fn moves<V: Variant>(game: &Mancala<V>) -> Vec<String> {
    let mut ids = Vec::new();
    game.legal_moves(&mut ids);
    ids.iter()
        .map(|&m| game.move_info(m).unwrap().notation)
        .collect()
}

#[test]
fn each_house_sows_its_own_way_and_only_the_middle_one_offers_a_choice() {
    let game = Mancala::<Bagara>::new(&Options::default()).unwrap();
    assert_eq!(moves(&game), ["a", "b", "c>", "c<", "d", "e"]);
    // North's houses read the same from North's side: A and B clockwise.
    let north = at::<Bagara>("5,5,5,5,5/5,5,5,5,5 0-0 N");
    assert_eq!(moves(&north), ["A", "B", "C>", "C<", "D", "E"]);
    // A house's other direction is not a move, and says why.
    // MoveId(0) would be a sown anticlockwise; MoveId(9) e clockwise.
    for (mv, why) in [
        (0, "a does not sow anticlockwise"),
        (9, "e does not sow clockwise"),
    ] {
        let refused = game.move_info(MoveId(mv)).unwrap_err().to_string();
        assert!(refused.contains(why), "{refused}");
    }
}

#[test]
fn a_left_house_sows_clockwise_into_the_opponents_row() {
    // a's five go clockwise: E, D, C, B, A (the houses facing a first).
    let mut game = Mancala::<Bagara>::new(&Options::default()).unwrap();
    play(&mut game, "a").unwrap();
    assert_eq!(game.notation(), "0,5,5,5,5/6,6,6,6,6 0-0 N");
    // North's A sows clockwise too, from North's side: into South's e, d…
    let mut north = at::<Bagara>("5,5,5,5,5/5,5,5,5,5 0-0 N");
    play(&mut north, "A").unwrap();
    assert_eq!(north.notation(), "6,6,6,6,6/0,5,5,5,5 0-0 S");
}

#[test]
fn the_capture_chains_back_along_the_sowing_in_both_directions() {
    // Anticlockwise from e: A 1→2, B 3→4, last in B: B and A taken.
    let mut right = at::<Bagara>("5,5,5,5,2/1,3,8,8,8 0-0 S");
    play(&mut right, "e").unwrap();
    assert_eq!(right.notation(), "5,5,5,5,0/0,0,8,8,8 6-0 N");
    // Clockwise from a: E 1→2, D 3→4, last in D: D, then E behind it.
    let mut left = at::<Bagara>("2,5,5,5,5/8,8,8,3,1 0-0 S");
    play(&mut left, "a").unwrap();
    assert_eq!(left.notation(), "0,5,5,5,5/8,8,8,0,0 6-0 N");
    // The middle house either way: c> ends in e (South's own row), no capture.
    let mut middle = at::<Bagara>("5,5,2,5,5/5,5,5,5,5 3-0 S");
    play(&mut middle, "c>").unwrap();
    assert_eq!(middle.notation(), "5,5,0,6,6/5,5,5,5,5 3-0 N");
}

#[test]
fn single_seeds_are_never_sown_and_the_game_ends_when_neither_can_move() {
    let game = at::<Bagara>("1,0,0,0,3/0,1,8,8,8 11-10 S");
    assert_eq!(moves(&game), ["e"]);
    let refused = game.move_info(MoveId(0)).unwrap_err().to_string();
    assert!(
        refused.contains("house a holds fewer than 2 seeds"),
        "{refused}"
    );
    // e's two reach A and B; North's A (2) goes clockwise into e and d; then only
    // singles are left: each player takes the ones in their row.
    let mut end = at::<Bagara>("0,0,0,0,2/1,0,0,0,0 22-25 S");
    play(&mut end, "e").unwrap();
    assert_eq!(end.notation(), "0,0,0,0,0/2,1,0,0,0 22-25 N");
    play(&mut end, "A").unwrap();
    assert!(end.is_over(), "{}", end.notation());
    assert!(
        end.notation().starts_with("0,0,0,0,0/0,0,0,0,0 24-26"),
        "{}",
        end.notation()
    );
}

#[test]
fn a_player_with_only_singles_passes() {
    // South's last two seeds go to North; South then holds only a single and passes.
    let mut game = at::<Bagara>("1,0,0,0,2/0,0,5,5,5 16-16 S");
    let effects = play(&mut game, "e").unwrap();
    assert_eq!(game.notation(), "1,0,0,0,0/1,1,5,5,5 16-16 N");
    assert!(!format!("{effects:?}").contains("passes"));
    // North's C clockwise: B, A, then South's e, d, c get one each; South holds only
    // singles and passes: North moves again.
    let effects = play(&mut game, "C<").unwrap();
    assert_eq!(game.notation(), "1,0,1,1,1/2,2,0,5,5 16-16 N");
    assert!(
        format!("{effects:?}").contains("the turn passes"),
        "{effects:?}"
    );
}

#[test]
fn ownerless_holes_are_sown_from_either_row() {
    let game = Mancala::<Eson>::new(&Options::default()).unwrap();
    assert_eq!(
        moves(&game),
        ["a", "b", "c", "d", "e", "A", "B", "C", "D", "E"]
    );
    // South sows North's C: nine seeds from C round the ring.
    let mut game = game;
    play(&mut game, "C").unwrap();
    // The last seed falls in B (10), C (the emptied hole) is empty: D's ten are taken.
    assert_eq!(game.notation(), "10,10,10,10,10/10,10,0,0,10 10-0 N");
    // North may sow South's houses too.
    assert!(moves(&game).contains(&"a".to_owned()));
    // The capture past an empty house reads the ring, whoever's row it is in.
    let mut capture = at::<Eson>("0,0,0,0,2/0,3,0,0,0 40-45 S");
    play(&mut capture, "e").unwrap();
    assert_eq!(capture.notation(), "0,0,0,0,0/1,4,0,0,0 40-45 N");
    let mut capture = at::<Eson>("0,0,0,0,1/1,0,3,0,0 40-45 S");
    play(&mut capture, "e").unwrap();
    assert_eq!(capture.notation(), "0,0,0,0,0/2,0,0,0,0 43-45 N");
    // Only from a last seed in an occupied house: into an empty A, nothing is taken.
    let mut none = at::<Eson>("0,0,0,0,1/0,0,4,0,0 40-45 S");
    play(&mut none, "e").unwrap();
    assert_eq!(none.notation(), "0,0,0,0,0/1,0,4,0,0 40-45 N");
}

#[test]
fn the_opponents_row_only() {
    let game = Mancala::<Theirs>::new(&Options::default()).unwrap();
    assert_eq!(moves(&game), ["A", "B", "C", "D", "E", "F"]);
    let refused = game.move_info(MoveId(6)).unwrap_err().to_string();
    assert!(refused.contains("only 6 houses"), "{refused}");
}

#[test]
fn rules_the_kit_does_not_play_together_are_refused() {
    variant!(
        Mixed,
        Config {
            sow_from: SowFrom::Both,
            ..um_el_bagara()
        }
    );
    let refused = Mancala::<Mixed>::new(&Options::default()).unwrap_err();
    assert!(
        refused.to_string().contains("opponent's houses"),
        "{refused}"
    );
    variant!(
        Zero,
        Config {
            min_sow: 0,
            ..Config::base(6, 4)
        }
    );
    assert!(Mancala::<Zero>::new(&Options::default()).is_err());
}

/// Long random games: every move conserves the seeds, round-trips through the
/// notation and the saved state, plays the same watched and unwatched, every game ends,
/// and the fast playout of the same seed ends where move by move does.
#[test]
fn long_random_games_of_the_new_rules_keep_the_kits_invariants() {
    let options = Options::default();
    let bagara = random_games::<Bagara>(&options, 300, 21, 3, 100_000).unwrap();
    assert_eq!(bagara.games, 300);
    let eson = random_games::<Eson>(&options, 300, 22, 3, 100_000).unwrap();
    assert_eq!(eson.games, 300);
    let theirs = random_games::<Theirs>(&options, 300, 23, 3, 100_000).unwrap();
    assert_eq!(theirs.games, 300);
}

mod bagara_properties {
    mancala_kit::variant_properties!(super::Bagara, 300);
}

mod eson_properties {
    mancala_kit::variant_properties!(super::Eson, 300);
}
