//! The per-seed hook: what it is told about each seed, what its captures and stops do,
//! and that the fast paths (whole laps, random playouts) give what the game played move
//! by move gives when a variant has one.

#[macro_use]
mod common;

use std::cell::RefCell;

use game_api::{Game, Options};
use mancala_kit::{
    Capture, Chain, Config, End, Mancala, Relay, Remaining, SeedAction, SeedContext, SeedHook,
    Sides, Variant,
    testing::{every_move_fast_equals_watched, play, random_games},
};

/// What a hook saw of one seed: (origin, pit, in hand, sown, lap, relays).
type Seen = (usize, usize, u32, u32, u32, u32);

thread_local! {
    static SEEN: RefCell<Vec<Seen>> = const { RefCell::new(Vec::new()) };
}

fn record(seed: &mut SeedContext<'_, '_>) -> SeedAction {
    SEEN.with(|seen| {
        seen.borrow_mut().push((
            seed.origin,
            seed.pit,
            seed.in_hand,
            seed.sown,
            seed.lap,
            seed.relays,
        ))
    });
    SeedAction::Continue
}

/// A test variant named `$name` with the rules `$config` and the seed hook `$hook`.
macro_rules! hooked {
    ($name:ident, $config:expr, $hook:expr) => {
        variant!(
            $name,
            $config,
            fn seed_hook() -> Option<SeedHook> {
                Some($hook)
            }
        );
    };
}

/// Two houses a side of three seeds, ending only when the player to move is stuck (or
/// a position repeats).
fn small() -> Config {
    Config {
        end: End::NoMove {
            remaining: Remaining::Owner,
        },
        cycle_ends_game: true,
        ..Config::base(2, 3)
    }
}

hooked!(Recorder, small(), record);
hooked!(
    RelayRecorder,
    Config {
        relay: Relay::Landing,
        ..small()
    },
    record
);

/// Plays `mv` from `from` in `V`, returning the notation reached and what the hook saw.
fn watch<V: Variant>(from: &str, mv: &str) -> (String, Vec<Seen>) {
    let mut game = Mancala::<V>::from_notation(&Options::default(), from).unwrap();
    SEEN.with(|seen| seen.borrow_mut().clear());
    play(&mut game, mv).unwrap();
    (game.notation(), SEEN.with(|seen| seen.take()))
}

#[test]
fn the_hook_sees_every_seed_with_its_origin_hand_and_lap() {
    // Nine seeds from a round a ring of four: b A B a, b A B a, b.
    let (to, seen) = watch::<Recorder>("9,1/1,1 0-0 S", "a");
    assert_eq!(to, "2,4/3,3 0-0 N");
    let pits: Vec<usize> = seen.iter().map(|s| s.1).collect();
    assert_eq!(pits, [1, 2, 3, 0, 1, 2, 3, 0, 1]);
    let in_hand: Vec<u32> = seen.iter().map(|s| s.2).collect();
    assert_eq!(in_hand, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
    let sown: Vec<u32> = seen.iter().map(|s| s.3).collect();
    assert_eq!(sown, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let laps: Vec<u32> = seen.iter().map(|s| s.4).collect();
    assert_eq!(laps, [0, 0, 0, 0, 1, 1, 1, 1, 2]);
    assert!(seen.iter().all(|s| s.0 == 0 && s.5 == 0));
    // Unwatched, the same seeds are seen: no whole laps at once with a hook.
    SEEN.with(|seen| seen.borrow_mut().clear());
    let mut game =
        Mancala::<Recorder>::from_notation(&Options::default(), "9,1/1,1 0-0 S").unwrap();
    game.apply(game_api::MoveId(0), None).unwrap();
    assert_eq!(SEEN.with(|s| s.take()).len(), 9);
}

#[test]
fn the_hook_sees_the_seeds_of_relays_as_new_hands() {
    // a's two seeds: b, A (A now holds 2: relay); A's two: B, a.
    let (to, seen) = watch::<RelayRecorder>("2,1/1,1 7-0 S", "a");
    assert_eq!(to, "1,2/0,2 7-0 N");
    assert_eq!(
        seen,
        [
            (0, 1, 1, 1, 0, 0),
            (0, 2, 0, 2, 0, 0),
            (0, 3, 1, 1, 0, 1),
            (0, 0, 0, 2, 0, 1)
        ]
    );
}

/// Stops the sowing at the first seed into an opponent's house.
fn stop_in_theirs(seed: &mut SeedContext<'_, '_>) -> SeedAction {
    if seed.board.house_owner(seed.pit) == Some(seed.side.other()) {
        SeedAction::Stop
    } else {
        SeedAction::Continue
    }
}

/// Ends the turn at the first seed into an opponent's house.
fn end_in_theirs(seed: &mut SeedContext<'_, '_>) -> SeedAction {
    match stop_in_theirs(seed) {
        SeedAction::Stop => SeedAction::EndTurn,
        other => other,
    }
}

/// Takes every five, for the mover, and sows on.
fn take_fives(seed: &mut SeedContext<'_, '_>) -> SeedAction {
    if seed.board.house_owner(seed.pit).is_some() && seed.board.pits[seed.pit] == 5 {
        seed.take(seed.pit, seed.side);
    }
    SeedAction::Continue
}

/// Capturing a house of five, the opponent's, with the last seed.
fn fives() -> Config {
    Config {
        capture: Capture::Count {
            counts: "5".parse().unwrap(),
            sides: Sides::Opponent,
            chain: Chain::None,
        },
        ..small()
    }
}

hooked!(Stopper, fives(), stop_in_theirs);
hooked!(Ender, fives(), end_in_theirs);
hooked!(Taker5, small(), take_fives);

#[test]
fn a_stop_leaves_the_hand_in_the_pit_and_the_last_seed_rules_apply() {
    // a's five: b, then A, where the hook stops: the three in hand join A (5), and the
    // last seed's capture takes it.
    assert_eq!(watch::<Stopper>("5,1/1,1 4-0 S", "a").0, "0,2/0,1 9-0 N");
    // Ending the turn there: the same board, and no capture.
    assert_eq!(watch::<Ender>("5,1/1,1 4-0 S", "a").0, "0,2/5,1 4-0 N");
}

#[test]
fn a_hook_captures_as_it_goes() {
    // b's four: A 5 (taken), B 2, a 1, b 1.
    assert_eq!(watch::<Taker5>("0,4/4,1 3-0 S", "b").0, "1,1/0,2 8-0 N");
}

/// Congkak-like rules (stores, relays, extra turns, the opposite capture) under a hook
/// that takes fives and stops at the tenth seed of a hand, for the random games.
fn busy(seed: &mut SeedContext<'_, '_>) -> SeedAction {
    take_fives(seed);
    if seed.sown == 10 {
        SeedAction::Stop
    } else {
        SeedAction::Continue
    }
}

hooked!(Busy, Config::congkak(5), busy);
hooked!(BusyOware, Config::oware(4), busy);
hooked!(Ending, small(), end_in_theirs);

#[test]
fn random_games_with_a_hook_play_the_same_fast_and_move_by_move() {
    let options = Options::default();
    for played in [
        random_games::<Busy>(&options, 200, 1, 3, 100_000),
        random_games::<BusyOware>(&options, 200, 1, 3, 100_000),
        random_games::<Ending>(&options, 200, 1, 3, 100_000),
        random_games::<Taker5>(&options, 200, 1, 3, 100_000),
    ] {
        let played = played.unwrap();
        assert_eq!(played.games, 200);
        assert!(played.moves > 200);
    }
    let start = Mancala::<Busy>::new(&options).unwrap();
    every_move_fast_equals_watched(&start).unwrap();
}
