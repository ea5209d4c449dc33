//! The rules that closed the kit's expressiveness gaps: passing when a player cannot
//! move (Vai Lung Thlan), uneven starts (Pallanguzhi's twelves), and count captures for
//! the house's owner (Enindji) — hand-worked scenarios, refusals, and long random games
//! that check conservation, round-trips and the fast playout against move by move.

#[macro_use]
mod common;

use game_api::{Game, Options, Turn};
use mancala_kit::testing::{play, random_games};
use mancala_kit::{
    Capture, Chain, Config, End, Mancala, Relay, Remaining, Sides, SowingCapture, Start, Taker,
    Variant,
};

/// Vai Lung Thlan (mirrored anticlockwise): a last seed making 1 takes it and the single
/// seeds before it, on either side; a player who cannot move passes.
fn vai_lung_thlan() -> Config {
    Config {
        capture: Capture::Count {
            counts: "1".parse().unwrap(),
            sides: Sides::Both,
            chain: Chain::Backward,
        },
        end: End::NoMove {
            remaining: Remaining::Owner,
        },
        pass_when_stuck: true,
        ..Config::base(6, 5)
    }
}
variant!(Vai, vai_lung_thlan());

/// Enindji: a last seed making four gives them to the house's owner.
fn enindji() -> Config {
    Config {
        skip_origin: true,
        capture: Capture::Count {
            counts: "4".parse().unwrap(),
            sides: Sides::Both,
            chain: Chain::None,
        },
        capture_taker: Taker::Owner,
        must_feed: true,
        end: End::NoMove {
            remaining: Remaining::Owner,
        },
        cycle_ends_game: true,
        ..Config::base(6, 4)
    }
}
variant!(Enindji, enindji());

/// Pallanguzhi with twelve in each cup but two in the middle, passing, relays.
fn twelves() -> Config {
    Config {
        start: Some(Start::new(vec![12, 12, 12, 2, 12, 12, 12])),
        relay: Relay::Next,
        capture: Capture::ForwardOnce,
        sowing_capture: Some(SowingCapture {
            counts: "4".parse().unwrap(),
            sides: Sides::Both,
            taker: Taker::Mover,
        }),
        end: End::NoMove {
            remaining: Remaining::Owner,
        },
        pass_when_stuck: true,
        cycle_ends_game: true,
        ..Config::base(7, 12)
    }
}
variant!(Twelves, twelves());

/// Kalah with an uneven start (the fast loops play it: the start is not a rule of play).
fn uneven_kalah() -> Config {
    Config {
        start: Some(Start::new(vec![1, 2, 3, 4, 5, 6])),
        ..Config::kalah(6, 4)
    }
}
variant!(UnevenKalah, uneven_kalah());

/// Whyo: relays from the last seed's house, but a last seed making four is taken first.
fn whyo() -> Config {
    Config {
        relay: Relay::Landing,
        capture: Capture::Count {
            counts: "4".parse().unwrap(),
            sides: Sides::Both,
            chain: Chain::None,
        },
        capture_before_relay: true,
        end: End::NoMove {
            remaining: Remaining::Other,
        },
        cycle_ends_game: true,
        ..Config::base(6, 4)
    }
}
variant!(Whyo, whyo());
variant!(
    WhyoRelayFirst,
    Config {
        capture_before_relay: false,
        ..whyo()
    }
);
variant!(
    BeforeRelayWithoutRelays,
    Config {
        relay: Relay::None,
        ..whyo()
    }
);

variant!(
    ShortStart,
    Config {
        start: Some(Start::new(vec![4, 4, 4])),
        ..Config::kalah(6, 4)
    }
);
variant!(
    StartInRounds,
    Config {
        start: Some(Start::new(vec![6, 6, 6, 6, 6, 2])),
        rounds: true,
        ..Config::congkak(6)
    }
);
variant!(
    OwnerOpposite,
    Config {
        capture_taker: Taker::Owner,
        ..Config::kalah(6, 4)
    }
);

fn at<V: Variant>(notation: &str) -> Mancala<V> {
    Mancala::<V>::from_notation(&Options::default(), notation)
        .unwrap_or_else(|e| panic!("`{notation}`: {e}"))
}

fn messages(effects: &[game_api::Effect]) -> String {
    format!("{effects:?}")
}

#[test]
fn a_player_who_cannot_move_passes_and_the_other_moves_again() {
    // e (2): f 1 → 2, North's A 0 → 1, taken. North has no seeds: the turn passes.
    let mut game = at::<Vai>("0,0,0,0,2,1/0,0,0,0,0,0 30-27 S");
    let effects = play(&mut game, "e").unwrap();
    assert_eq!(game.notation(), "0,0,0,0,0,2/0,0,0,0,0,0 31-27 S");
    assert!(messages(&effects).contains("North cannot move: the turn passes"));
    assert!(matches!(game.turn(), Turn::Seat { seat: 0, .. }));
    assert_eq!(
        mancala_kit::Lang::It.text("North cannot move: the turn passes"),
        "Nord non può muovere: il turno passa"
    );
    // f (2): A and B, each 1, B then A taken. Nothing left: neither moves, game over.
    play(&mut game, "f").unwrap();
    match game.turn() {
        Turn::Over { outcome } => {
            assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (33, 27));
        }
        other => panic!("the game should be over: {other:?}"),
    }
}

#[test]
fn without_passing_the_same_position_ends_the_game() {
    variant!(
        NoPass,
        Config {
            pass_when_stuck: false,
            ..vai_lung_thlan()
        }
    );
    let mut game = at::<NoPass>("0,0,0,0,2,1/0,0,0,0,0,0 30-27 S");
    play(&mut game, "e").unwrap();
    assert!(matches!(game.turn(), Turn::Over { .. }));
    // Each side took its own: South its row's 2 seeds.
    assert_eq!(game.notation(), "0,0,0,0,0,0/0,0,0,0,0,0 33-27 N");
}

#[test]
fn a_position_whose_player_to_move_would_pass_is_not_one_the_game_reaches() {
    // North to move with no seeds: the game would already have passed the turn.
    let refused =
        Mancala::<Vai>::from_notation(&Options::default(), "0,0,0,0,0,2/0,0,0,0,0,0 31-27 N");
    assert!(refused.is_err(), "{refused:?}");
}

#[test]
fn an_uneven_start_puts_each_house_its_own_seeds() {
    let game = Mancala::<Twelves>::new(&Options::default()).unwrap();
    assert_eq!(
        game.notation(),
        "12,12,12,2,12,12,12/12,12,12,2,12,12,12 0-0 S"
    );
    assert_eq!(twelves().total_seeds(), 148);
    // A position is checked against the uneven total: 148 seeds, not 14 × 12.
    assert!(
        Mancala::<Twelves>::from_notation(
            &Options::default(),
            "12,12,12,12,12,12,12/12,12,12,12,12,12,12 0-0 S"
        )
        .is_err()
    );
}

#[test]
fn an_uneven_start_of_the_wrong_length_or_with_rounds_is_refused() {
    let short = Mancala::<ShortStart>::new(&Options::default()).unwrap_err();
    assert!(short.to_string().contains("3 houses"), "{short}");
    let rounds = Mancala::<StartInRounds>::new(&Options::default()).unwrap_err();
    assert!(rounds.to_string().contains("one round"), "{rounds}");
}

#[test]
fn a_last_seed_making_four_gives_them_to_the_houses_owner() {
    // c (4): d, e, f 5, North's A 3 → 4: North, its owner, takes them.
    let mut game = at::<Enindji>("4,4,4,4,4,4/3,4,4,4,4,5 0-0 S");
    play(&mut game, "c").unwrap();
    assert_eq!(game.notation(), "4,4,0,5,5,5/0,4,4,4,4,5 0-4 N");
    // a (1): b 3 → 4, South's own: South takes them.
    let mut game = at::<Enindji>("1,3,5,4,4,4/4,4,4,4,4,4 1-2 S");
    play(&mut game, "a").unwrap();
    assert_eq!(game.notation(), "0,0,5,4,4,4/4,4,4,4,4,4 5-2 N");
}

#[test]
fn a_capture_for_the_owner_is_refused_under_a_capture_other_than_count() {
    let refused = Mancala::<OwnerOpposite>::new(&Options::default()).unwrap_err();
    assert!(refused.to_string().contains("count capture"), "{refused}");
}

#[test]
fn a_last_seed_making_four_is_taken_before_it_would_relay() {
    // a (2): b 1, c 3 → 4, the last: taken; no relay from c.
    let mut game = at::<Whyo>("2,0,3,4,4,4/4,4,4,4,4,4 4-3 S");
    play(&mut game, "a").unwrap();
    assert_eq!(game.notation(), "0,1,0,4,4,4/4,4,4,4,4,4 8-3 N");
    // Without the rule, c (4) is lifted and sown on: d, e, f 5, A 5, the last, which
    // relays on again: the four is never taken.
    let mut game = at::<WhyoRelayFirst>("2,0,3,4,4,4/4,4,4,4,4,4 4-3 S");
    play(&mut game, "a").unwrap();
    assert_ne!(game.notation(), "0,1,0,4,4,4/4,4,4,4,4,4 8-3 N");
    // The relays end in an empty hole: nothing is taken.
    assert!(game.notation().ends_with(" 4-3 N"), "{}", game.notation());
    // A relay's own last seed: a (1) → b 3, relayed: c, d, e (3 → 4), taken.
    let mut game = at::<Whyo>("1,2,0,0,3,4/4,4,4,4,4,4 7-7 S");
    play(&mut game, "a").unwrap();
    assert_eq!(game.notation(), "0,0,1,1,0,4/4,4,4,4,4,4 11-7 N");
}

#[test]
fn a_capture_before_the_relay_without_relays_is_refused() {
    let refused = Mancala::<BeforeRelayWithoutRelays>::new(&Options::default()).unwrap_err();
    assert!(
        refused.to_string().contains("capture before the relay"),
        "{refused}"
    );
}

/// Long random games: every move conserves the seeds, round-trips through the
/// notation and the saved state, plays the same watched and unwatched, every game ends,
/// and the fast playout of the same seed ends where move by move does.
#[test]
fn long_random_games_of_the_new_rules_keep_the_kits_invariants() {
    let options = Options::default();
    let vai = random_games::<Vai>(&options, 300, 11, 3, 100_000).unwrap();
    assert_eq!(vai.games, 300);
    let enindji = random_games::<Enindji>(&options, 300, 12, 3, 100_000).unwrap();
    assert_eq!(enindji.games, 300);
    let twelves = random_games::<Twelves>(&options, 100, 13, 3, 100_000).unwrap();
    assert_eq!(twelves.games, 100);
    let whyo = random_games::<Whyo>(&options, 300, 15, 3, 100_000).unwrap();
    assert_eq!(whyo.games, 300);
    let kalah = random_games::<UnevenKalah>(&options, 300, 14, 3, 100_000).unwrap();
    assert_eq!(kalah.games, 300);
}

#[test]
fn random_games_do_pass() {
    // Passing is not a corner no game reaches: in Vai Lung Thlan's random games a
    // player often has an empty row while the other still moves.
    let mut passes = 0;
    for seed in 0..50 {
        let mut game = Mancala::<Vai>::new(&Options::default()).unwrap();
        let mut rng = game_api::Rng::with_seed(seed);
        let mut moves = Vec::new();
        while let Turn::Seat { .. } = game.turn() {
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            let mut effects = Vec::new();
            game.apply(mv, Some(&mut effects)).unwrap();
            if messages(&effects).contains("the turn passes") {
                passes += 1;
            }
        }
    }
    assert!(passes > 0, "no pass in 50 random games");
}

mod vai_properties {
    mancala_kit::variant_properties!(super::Vai, 400);
}

mod enindji_properties {
    mancala_kit::variant_properties!(super::Enindji, 400);
}

mod twelves_properties {
    mancala_kit::variant_properties!(super::Twelves, 200);
}

mod whyo_properties {
    mancala_kit::variant_properties!(super::Whyo, 400);
}
