//! Scenario tests for the kit's family parameters: count-set captures on either side
//! with chains, the sowing capture, the end "until the player to move cannot move", and
//! the grand slam under a count-set capture. Each sets a position by its notation, plays
//! one move and checks the position it gives.

#[macro_use]
mod common;

use game_api::{Effect, Game, Options, Turn};
use mancala_kit::{
    Capture, Chain, Config, Counts, End, Ends, GrandSlam, Mancala, Remaining, Sides, SowingCapture,
    Taker, Variant,
    testing::{every_move_fast_equals_watched, play},
};

fn counts(text: &str) -> Counts {
    text.parse().unwrap()
}

/// Two rows of four houses of three seeds, no stores, capturing `counts` on `sides`
/// with `chain`.
fn counting(text: &str, sides: Sides, chain: Chain) -> Config {
    Config {
        capture: Capture::Count {
            counts: counts(text),
            sides,
            chain,
        },
        ..Config::base(4, 3)
    }
}

/// Plays `mv` from `from` in variant `V`, checks the fast and the watched paths agree on
/// every move there, and returns the notation reached.
fn after<V: Variant>(from: &str, mv: &str) -> String {
    let mut game = Mancala::<V>::from_notation(&Options::default(), from).unwrap();
    every_move_fast_equals_watched(&game).unwrap();
    play(&mut game, mv).unwrap();
    game.notation()
}

variant!(BothBack, counting("2,6", Sides::Both, Chain::Backward));
variant!(
    TheirsBack,
    counting("2,6", Sides::Opponent, Chain::Backward)
);
variant!(MineBack, counting("2,6", Sides::Mover, Chain::Backward));
variant!(BothForward, counting("2,6", Sides::Both, Chain::Forward));
variant!(BothAlone, counting("2,6", Sides::Both, Chain::None));
variant!(TwoOrFour, counting("2,4", Sides::Opponent, Chain::None));

#[test]
fn a_backward_chain_on_both_sides_crosses_from_the_opponents_row_into_ones_own() {
    // c's three seeds make d 2, A 2 and B 6: B, A and d are taken; c (emptied) ends it.
    let from = "2,3,3,1/1,5,3,3 3-0 S";
    assert_eq!(after::<BothBack>(from, "c"), "2,3,0,0/0,0,3,3 13-0 N");
    // On the opponent's side only, the chain ends at their row's end.
    assert_eq!(after::<TheirsBack>(from, "c"), "2,3,0,2/0,0,3,3 11-0 N");
    // On the mover's side only, a last seed in the opponent's row takes nothing.
    assert_eq!(after::<MineBack>(from, "c"), "2,3,0,2/2,6,3,3 3-0 N");
}

#[test]
fn a_forward_chain_goes_on_with_the_sowing_round_into_the_other_row() {
    // c makes d 2, A 2, B 6; forward from B: C 2, D 6, then round to South's a 2; b (3)
    // ends it.
    let from = "2,3,3,1/1,5,2,6 1-0 S";
    assert_eq!(after::<BothForward>(from, "c"), "0,3,0,2/2,0,0,0 17-0 N");
    // Without a chain only the last seed's house is taken.
    assert_eq!(after::<BothAlone>(from, "c"), "2,3,0,2/2,0,2,6 7-0 N");
}

#[test]
fn a_count_set_takes_only_its_counts() {
    // {2, 4}: a house made 3 is not taken, one made 2 is.
    assert_eq!(
        after::<TwoOrFour>("1,0,0,1/2,3,3,3 11-0 S", "d"),
        "1,0,0,0/3,3,3,3 11-0 N"
    );
    assert_eq!(
        after::<TwoOrFour>("1,0,0,1/1,3,3,3 12-0 S", "d"),
        "1,0,0,0/0,3,3,3 14-0 N"
    );
}

variant!(
    StoresBack,
    Config {
        ends: Ends::Stores,
        ..counting("2,6", Sides::Both, Chain::Backward)
    }
);

#[test]
fn a_chain_passes_over_a_store_between_the_rows() {
    // c sows d (2), South's store, A (2): A is taken, the store passed over, d taken.
    assert_eq!(
        after::<StoresBack>("2,3,3,1/1,5,3,3 3-0 S", "c"),
        "2,3,0,0/0,5,3,3 8-0 N"
    );
}

variant!(
    SlamRefused,
    Config {
        grand_slam: GrandSlam::NoCapture,
        ..counting("2", Sides::Opponent, Chain::Backward)
    }
);

#[test]
fn a_count_set_capture_of_every_opponent_seed_is_a_grand_slam() {
    let mut game =
        Mancala::<SlamRefused>::from_notation(&Options::default(), "2,3,3,1/1,0,0,0 14-0 S")
            .unwrap();
    let effects = play(&mut game, "d").unwrap();
    assert_eq!(game.notation(), "2,3,3,0/2,0,0,0 14-0 N");
    assert!(effects.contains(&Effect::Message {
        text: "Grand slam: nothing is captured".into()
    }));
}

/// `counts` captured as they are sown, on `sides`, by `taker`.
fn sowing(sides: Sides, taker: Taker) -> Config {
    Config {
        sowing_capture: Some(SowingCapture {
            counts: counts("4"),
            sides,
            taker,
        }),
        ..Config::base(4, 3)
    }
}

variant!(FoursToOwner, sowing(Sides::Both, Taker::Owner));
variant!(FoursToMover, sowing(Sides::Both, Taker::Mover));
variant!(TheirFoursToOwner, sowing(Sides::Opponent, Taker::Owner));

#[test]
fn a_sowing_capture_takes_every_house_a_seed_makes_four() {
    let start = "3,3,3,3/3,3,3,3 0-0 S";
    // b's seeds make c, d and A hold four, one after the other: each goes to its owner.
    assert_eq!(after::<FoursToOwner>(start, "b"), "3,0,0,0/0,3,3,3 8-4 N");
    assert_eq!(after::<FoursToMover>(start, "b"), "3,0,0,0/0,3,3,3 12-0 N");
    assert_eq!(
        after::<TheirFoursToOwner>(start, "b"),
        "3,0,4,4/0,3,3,3 0-4 N"
    );
    // The effects say so, from the house to the owner's stock (sites after the ring).
    let mut game = Mancala::<FoursToOwner>::from_notation(&Options::default(), start).unwrap();
    let effects = play(&mut game, "b").unwrap();
    let captures: Vec<_> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Capture { from, to, count } => Some((from.0, to.unwrap().0, *count)),
            _ => None,
        })
        .collect();
    assert_eq!(captures, [(2, 8, 4), (3, 8, 4), (4, 9, 4)]);
}

#[test]
fn a_sowing_capture_on_whole_laps_gives_the_same_board_fast_and_watched() {
    // Twelve seeds round a ring of eight: the fast path may not sow laps at once.
    let from = "12,1,2,3/0,1,2,3 0-0 S";
    let game = Mancala::<FoursToOwner>::from_notation(&Options::default(), from).unwrap();
    every_move_fast_equals_watched(&game).unwrap();
    // a: b 2, c 3, d 4 (South), A 1, B 2, C 3, D 4 (North), a 1, b 3, c 4 (South),
    // d 1, A 2.
    assert_eq!(after::<FoursToOwner>(from, "a"), "1,3,0,1/2,2,3,0 8-4 N");
}

/// Three houses of three seeds, ending only when the player to move cannot move.
fn no_move(remaining: Remaining) -> Config {
    Config {
        end: End::NoMove { remaining },
        ..Config::base(3, 3)
    }
}

variant!(ToOwner, no_move(Remaining::Owner));
variant!(ToStuck, no_move(Remaining::Stuck));
variant!(ToOther, no_move(Remaining::Other));
variant!(LeftOn, no_move(Remaining::Left));
variant!(
    FedToOwner,
    Config {
        must_feed: true,
        ..no_move(Remaining::Owner)
    }
);
variant!(
    FedToOther,
    Config {
        must_feed: true,
        ..no_move(Remaining::Other)
    }
);
variant!(
    FedLeft,
    Config {
        must_feed: true,
        ..no_move(Remaining::Left)
    }
);

/// The final scores of `V` after `mv` from `from`, and the notation it ends at.
fn ended<V: Variant>(from: &str, mv: &str) -> ([i64; 2], String) {
    let mut game = Mancala::<V>::from_notation(&Options::default(), from).unwrap();
    assert!(!game.is_over(), "{from} is not over yet");
    play(&mut game, mv).unwrap();
    let Turn::Over { outcome } = game.turn() else {
        panic!("the game goes on at {}", game.notation());
    };
    // The notation reads back as the same finished game.
    let back = Mancala::<V>::from_notation(&Options::default(), &game.notation()).unwrap();
    assert_eq!(back.turn(), game.turn());
    (
        [outcome.seats[0].score, outcome.seats[1].score],
        game.notation(),
    )
}

#[test]
fn the_game_ends_only_when_the_player_to_move_cannot_move() {
    // An empty row and a majority do not end it: South (17 of 18) still plays.
    let from = "1,0,0/0,0,0 17-0 S";
    // a to b: North, with no house to sow, cannot move. The seed left is South's.
    assert_eq!(
        ended::<ToOwner>(from, "a"),
        ([18, 0], "0,0,0/0,0,0 18-0 N".into())
    );
    assert_eq!(
        ended::<ToStuck>(from, "a"),
        ([17, 1], "0,0,0/0,0,0 17-1 N".into())
    );
    assert_eq!(
        ended::<ToOther>(from, "a"),
        ([18, 0], "0,0,0/0,0,0 18-0 N".into())
    );
    assert_eq!(
        ended::<LeftOn>(from, "a"),
        ([17, 0], "0,1,0/0,0,0 17-0 N".into())
    );
}

#[test]
fn a_player_stuck_with_seeds_keeps_them_gives_them_or_leaves_them() {
    // South feeds North's empty row with c; North's one seed cannot reach South's empty
    // row, so North cannot move with a seed on its side.
    let from = "0,0,1/0,0,0 17-0 S";
    assert_eq!(
        ended::<FedToOwner>(from, "c"),
        ([17, 1], "0,0,0/0,0,0 17-1 N".into())
    );
    assert_eq!(
        ended::<FedToOther>(from, "c"),
        ([18, 0], "0,0,0/0,0,0 18-0 N".into())
    );
    assert_eq!(
        ended::<FedLeft>(from, "c"),
        ([17, 0], "0,0,0/1,0,0 17-0 N".into())
    );
}

variant!(
    BackwardClassic,
    Config {
        capture: Capture::Backward { min: 2, max: 3 },
        ..Config::oware(4)
    }
);
variant!(
    BackwardCounted,
    Config {
        capture: Capture::Count {
            counts: counts("2-3"),
            sides: Sides::Opponent,
            chain: Chain::Backward,
        },
        ..Config::oware(4)
    }
);

#[test]
fn a_count_set_of_two_and_three_on_the_opponents_side_backward_is_oware_s_capture() {
    // The same random games under both: the same moves and the same positions.
    let options = Options::default();
    let mut moves = (Vec::new(), Vec::new());
    for seed in 0..300 {
        let mut rng = game_api::Rng::with_seed(seed);
        let mut classic = Mancala::<BackwardClassic>::new(&options).unwrap();
        let mut counted = Mancala::<BackwardCounted>::new(&options).unwrap();
        while !classic.is_over() {
            moves.0.clear();
            moves.1.clear();
            classic.legal_moves(&mut moves.0);
            counted.legal_moves(&mut moves.1);
            assert_eq!(moves.0, moves.1, "at {}", classic.notation());
            let mv = moves.0[rng.below(moves.0.len())];
            classic.apply(mv, None).unwrap();
            counted.apply(mv, None).unwrap();
            assert_eq!(classic.notation(), counted.notation());
        }
        assert!(counted.is_over());
        assert_eq!(classic.turn(), counted.turn());
    }
}

variant!(Plain, Config::kalah(6, 4));

#[test]
fn a_state_saved_before_the_sowing_capture_existed_still_reads() {
    let game = Mancala::<Plain>::new(&Options::default()).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    let config = json["config"].as_object_mut().unwrap();
    assert!(config.remove("sowing_capture").is_some());
    let back = Mancala::<Plain>::from_json(&json.to_string()).unwrap();
    assert_eq!(back, game);
    // A saved count set out of range is refused with the reason.
    let mut bad: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    bad["config"]["capture"] = serde_json::json!({
        "Count": { "counts": [2, 128], "sides": "Both", "chain": "None" }
    });
    let err = Mancala::<Plain>::from_json(&bad.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.contains("a capture count of 128"), "{err}");
}

#[test]
fn a_state_saved_before_four_rows_existed_still_reads_and_rows_are_checked() {
    let game = Mancala::<Plain>::new(&Options::default()).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
    assert!(
        json["config"]
            .as_object_mut()
            .unwrap()
            .remove("rows")
            .is_some()
    );
    assert!(
        json["config"]
            .as_object_mut()
            .unwrap()
            .remove("singletons_last")
            .is_some()
    );
    assert!(
        json["board"]
            .as_object_mut()
            .unwrap()
            .remove("rows")
            .is_some()
    );
    let back = Mancala::<Plain>::from_json(&json.to_string()).unwrap();
    assert_eq!(back, game);
    // A board of another shape than the rules', or rules the kit cannot play on four
    // rows, are refused with the reason.
    let mut bad = json.clone();
    bad["board"]["rows"] = serde_json::json!(2);
    let err = Mancala::<Plain>::from_json(&bad.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("the board has 2 rows a side, the rules 1"),
        "{err}"
    );
    let mut bad = json;
    bad["config"]["rows"] = serde_json::json!(2);
    bad["board"]["rows"] = serde_json::json!(2);
    let err = Mancala::<Plain>::from_json(&bad.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.contains("four rows: the board has no stores"), "{err}");
}

variant!(
    PastOne,
    Config {
        capture: Capture::ForwardOnce,
        ..Config::base(4, 3)
    }
);
variant!(
    PastAll,
    Config {
        capture: Capture::Forward,
        ..Config::base(4, 3)
    }
);

#[test]
fn a_forward_capture_past_an_empty_house_takes_one_house_or_goes_on() {
    // a's seed drops into b; c is empty and d holds 2: taken. Alone, that is all.
    let from = "1,0,0,2/0,3,1,1 9-7 S";
    assert_eq!(after::<PastOne>(from, "a"), "0,1,0,0/0,3,1,1 11-7 N");
    // Chained (Ô Ăn Quan's rule): A is empty and B's 3 are taken too; C holds a seed,
    // which ends it.
    assert_eq!(after::<PastAll>(from, "a"), "0,1,0,0/0,0,1,1 14-7 N");
}

mod past_one_properties {
    mancala_kit::variant_properties!(super::PastOne, 300);
}
