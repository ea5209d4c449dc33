//! Which of the kit's fast paths play a game's rules — the random playout's fast loops
//! and the search's one-house tests of a move — chosen once, when the game is built
//! ([`Rules::new`](crate::Rules::new)), in this one place, from an allow-list of the
//! rules each path plays.
//!
//! Each path names the rules it plays and, for each, the values it plays (an enum's
//! variants listed one by one, never "anything but"). A rule that no loop has been
//! taught — a [`Config`] field added to the kit later — must stand at its value in
//! [`Config::base`] for any fast loop to be chosen ([`untaught_rules_off`]), and one
//! the one-house tests were not taught for theirs ([`unknown_rules_off`]): a new rule
//! is played by the general code, slow but right, until a path is taught it here,
//! never fast but wrong. Conditions of the position (the phase, marks on the board)
//! are the paths' own, tested where each is entered.

use crate::{Capture, Config, Direction, End, Ends, GrandSlam, Relay, Remaining, SowFrom, Variant};

/// The fast paths a game's rules allow ([`FastPaths::of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FastPaths {
    /// The one-house tests of a move (`Mancala::movable_mask`, `is_playable`,
    /// `play_legal`, the search's move order): a move starts in one of the mover's own
    /// houses (hole `i` is house `i`), which may be sown if it is playable, in the
    /// game's one direction or a free choice of the two.
    pub(crate) own_holes: bool,
    /// The lean loop (`lean_playout`): any sowing, the end rules read after each move.
    pub(crate) lean: bool,
    /// The ring loop (`ring_playout`): a sowing of counts round one ring compiled for its
    /// length.
    pub(crate) ring: bool,
    /// The ring loop's plain form (Kalah's rules: no feeding rule, no cycle rule, the end
    /// once a row is empty).
    pub(crate) plain_ring: bool,
    /// The stores loop (`store_playout`): the ring loop without what Kalah's rules never
    /// need.
    pub(crate) store: bool,
}

impl FastPaths {
    /// No fast path: the general code plays every rule.
    pub(crate) const NONE: FastPaths = FastPaths {
        own_holes: false,
        lean: false,
        ring: false,
        plain_ring: false,
        store: false,
    };

    /// The paths that play `config` (with variant `V`'s hooks).
    pub(crate) fn of<V: Variant>(config: &Config) -> FastPaths {
        let own_holes = unknown_rules_off(config) && own_holes_play(config);
        if !untaught_rules_off(config) {
            return FastPaths {
                own_holes,
                ..FastPaths::NONE
            };
        }
        let ring = ring_plays::<V>(config);
        let plain_ring = ring && plain_ring_plays(config);
        FastPaths {
            own_holes,
            lean: lean_plays(config),
            ring,
            plain_ring,
            store: plain_ring && store_plays(config),
        }
    }
}

/// Whether every rule no loop has been taught stands at its value in [`Config::base`]:
/// the fields listed here are those the loops below judge; any other field is taken from
/// `config` and must equal the base's.
// The update fills no field today, by design: a field added to `Config` later comes
// from `config` through it, and must then equal the base's.
#[allow(clippy::needless_update)]
fn untaught_rules_off(config: &Config) -> bool {
    let base = Config::base(config.houses, config.seeds);
    let untaught = Config {
        houses: base.houses,
        rows: base.rows,
        seeds: base.seeds,
        start: base.start.clone(),
        ends: base.ends,
        direction: base.direction,
        skip_origin: base.skip_origin,
        skip_opponent_store: base.skip_opponent_store,
        first_seed_in_origin: base.first_seed_in_origin,
        relay: base.relay,
        extra_turn_in_own_store: base.extra_turn_in_own_store,
        capture: base.capture,
        sowing_capture: base.sowing_capture,
        grand_slam: base.grand_slam,
        must_feed: base.must_feed,
        end: base.end,
        cycle_ends_game: base.cycle_ends_game,
        refill: base.refill,
        rounds: base.rounds,
        rounds_pass: base.rounds_pass,
        simultaneous_opening: base.simultaneous_opening,
        quan_non: base.quan_non,
        singletons_last: base.singletons_last,
        ..config.clone()
    };
    untaught == base
}

/// Whether every rule the kit did not know when the one-house tests were written
/// stands at its value in [`Config::base`]: every field of today's `Config` is listed
/// here (and judged by [`own_holes_play`]); one added later comes from `config` and
/// must equal the base's.
// The update fills no field today, by design (as `untaught_rules_off`).
#[allow(clippy::needless_update)]
fn unknown_rules_off(config: &Config) -> bool {
    let base = Config::base(config.houses, config.seeds);
    let unknown = Config {
        houses: base.houses,
        rows: base.rows,
        seeds: base.seeds,
        start: base.start.clone(),
        ends: base.ends,
        direction: base.direction,
        skip_origin: base.skip_origin,
        skip_opponent_store: base.skip_opponent_store,
        first_seed_in_origin: base.first_seed_in_origin,
        relay: base.relay,
        extra_turn_in_own_store: base.extra_turn_in_own_store,
        capture: base.capture,
        capture_taker: base.capture_taker,
        capture_before_relay: base.capture_before_relay,
        sowing_capture: base.sowing_capture,
        grand_slam: base.grand_slam,
        must_feed: base.must_feed,
        end: base.end,
        cycle_ends_game: base.cycle_ends_game,
        refill: base.refill,
        rounds: base.rounds,
        rounds_pass: base.rounds_pass,
        simultaneous_opening: base.simultaneous_opening,
        quan_non: base.quan_non,
        singletons_last: base.singletons_last,
        pass_when_stuck: base.pass_when_stuck,
        sow_from: base.sow_from,
        min_sow: base.min_sow,
        capture_from_occupied: base.capture_from_occupied,
        ..config.clone()
    };
    unknown == base
}

/// The one-house tests: the mover's own houses (hole `i` is house `i`), each sown if
/// the board says it is playable (seeds, no burnt or sink mark) whatever it holds, in
/// the game's one direction or either. Singletons last is tested on the side by the
/// tests themselves; what happens once a move is sown is not theirs.
fn own_holes_play(c: &Config) -> bool {
    let Config {
        // Read after the move's house is chosen, or by the board's playable test.
        houses: _,
        rows: _,
        seeds: _,
        start: _,
        ends: _,
        skip_origin: _,
        skip_opponent_store: _,
        first_seed_in_origin: _,
        relay: _,
        extra_turn_in_own_store: _,
        capture: _,
        capture_taker: _,
        capture_before_relay: _,
        sowing_capture: _,
        grand_slam: _,
        must_feed: _,
        end: _,
        cycle_ends_game: _,
        refill: _,
        rounds: _,
        simultaneous_opening: _,
        quan_non: _,
        pass_when_stuck: _,
        capture_from_occupied: _,
        // A held house is the other row's: a move's hole is no longer its house.
        rounds_pass,
        // Tested by the one-house tests themselves.
        singletons_last: _,
        direction,
        sow_from,
        min_sow,
    } = c;
    let direction_played = match direction {
        Direction::Anticlockwise | Direction::Chosen => true,
        Direction::ByHouse(_) => false,
    };
    let sow_from_played = match sow_from {
        SowFrom::Own => true,
        SowFrom::Both | SowFrom::Opponent => false,
    };
    direction_played && sow_from_played && *min_sow <= 1 && !rounds_pass
}

/// The lean loop: the kit's own sowing and captures for every rule of a move, then the
/// end rules it reads after each move — an empty row, a majority, no legal move — and
/// the cycle rule. It plays no refill, no rounds, no simultaneous opening and not the
/// mandarin squares' end, which need the general loop's `settle`.
fn lean_plays(c: &Config) -> bool {
    // Played whatever their value: the board, the sowing, the captures and the move
    // filters (`play_legal` takes the moves the feeding or grand-slam rule filters).
    let Config {
        houses: _,
        rows: _,
        seeds: _,
        ends: _,
        skip_origin: _,
        skip_opponent_store: _,
        first_seed_in_origin: _,
        relay: _,
        extra_turn_in_own_store: _,
        capture: _,
        sowing_capture: _,
        grand_slam: _,
        must_feed: _,
        cycle_ends_game: _,
        quan_non: _,
        singletons_last: _,
        // Read only when a game starts, never by a playout.
        start: _,
        // Taught to no loop: held at their base values by `untaught_rules_off`.
        capture_taker: _,
        pass_when_stuck: _,
        capture_before_relay: _,
        sow_from: _,
        min_sow: _,
        capture_from_occupied: _,
        direction,
        end,
        refill,
        rounds,
        rounds_pass,
        simultaneous_opening,
    } = c;
    let end_played = match end {
        End::SideEmpty | End::Majority => true,
        End::NoMove {
            remaining: Remaining::Owner | Remaining::Stuck | Remaining::Other | Remaining::Left,
        } => true,
        End::MandarinsEmpty => false,
    };
    // The loop draws a house, then one of its directions: every house alike.
    let direction_played = match direction {
        Direction::Anticlockwise | Direction::Chosen => true,
        Direction::ByHouse(_) => false,
    };
    end_played && direction_played && !refill && !rounds && !rounds_pass && !simultaneous_opening
}

/// The ring loop: one ring of houses (with stores or none), anticlockwise, each turn a
/// sowing of counts and then the last seed's capture (the opposite and backward
/// captures on the array, the others by the kit's capture code), the end on an empty
/// row or a majority, the feeding and cycle rules.
fn ring_plays<V: Variant>(c: &Config) -> bool {
    let Config {
        houses: _,
        seeds: _,
        skip_origin: _,
        skip_opponent_store: _,
        extra_turn_in_own_store: _,
        capture: _,
        must_feed: _,
        cycle_ends_game: _,
        // Read only on a board of mandarin squares, which this loop never plays.
        quan_non: _,
        // Read only when a game starts, never by a playout.
        start: _,
        // Taught to no loop: held at their base values by `untaught_rules_off`.
        capture_taker: _,
        pass_when_stuck: _,
        capture_before_relay: _,
        sow_from: _,
        min_sow: _,
        capture_from_occupied: _,
        rows,
        ends,
        direction,
        first_seed_in_origin,
        relay,
        sowing_capture,
        grand_slam,
        end,
        refill,
        rounds,
        rounds_pass,
        simultaneous_opening,
        singletons_last,
    } = c;
    let ends_played = match ends {
        Ends::Stores | Ends::None => true,
        Ends::Mandarins(_) => false,
    };
    let direction_played = match direction {
        Direction::Anticlockwise => true,
        Direction::Chosen | Direction::ByHouse(_) => false,
    };
    let relay_played = match relay {
        Relay::None => true,
        Relay::Landing | Relay::Next => false,
    };
    let grand_slam_played = match grand_slam {
        GrandSlam::Allowed | GrandSlam::NoCapture | GrandSlam::CaptureAll => true,
        // Filters the moves, which this loop's draw does not.
        GrandSlam::Forbidden => false,
    };
    let end_played = match end {
        End::SideEmpty | End::Majority => true,
        End::NoMove { .. } | End::MandarinsEmpty => false,
    };
    *rows == 1
        && ends_played
        && direction_played
        && relay_played
        && grand_slam_played
        && end_played
        && sowing_capture.is_none()
        && V::seed_hook().is_none()
        && !first_seed_in_origin
        && !refill
        && !rounds
        && !rounds_pass
        && !simultaneous_opening
        && !singletons_last
}

/// The ring loop's plain form, on top of [`ring_plays`]: no feeding rule, no cycle
/// rule, the end once a row is empty.
fn plain_ring_plays(c: &Config) -> bool {
    !c.must_feed && !c.cycle_ends_game && c.end == End::SideEmpty
}

/// The stores loop, on top of [`plain_ring_plays`]: stores in the ring, and the
/// opposite capture or none.
fn store_plays(c: &Config) -> bool {
    let capture_played = match c.capture {
        Capture::None | Capture::Opposite { .. } => true,
        Capture::Backward { .. }
        | Capture::Forward
        | Capture::ForwardOnce
        | Capture::Even
        | Capture::Count { .. }
        | Capture::Facing => false,
    };
    c.ends == Ends::Stores && capture_played
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mandarin, SowingCapture};

    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    struct Plain;
    impl Variant for Plain {
        fn manifest() -> game_api::Manifest {
            game_api::Manifest::new("plain", "Plain", "0.1.0")
        }
        fn config(_: &game_api::Options) -> Result<Config, game_api::GameError> {
            Ok(Config::kalah(6, 4))
        }
    }

    fn paths(config: &Config) -> FastPaths {
        FastPaths::of::<Plain>(config)
    }

    /// The playout's loops `config` takes (the one-house tests left out).
    fn loops(config: &Config) -> FastPaths {
        FastPaths {
            own_holes: false,
            ..paths(config)
        }
    }

    #[test]
    fn the_classic_games_take_their_loops() {
        let kalah = paths(&Config::kalah(6, 4));
        assert!(kalah.store && kalah.plain_ring && kalah.ring && kalah.lean);
        let oware = paths(&Config::oware(4));
        assert!(oware.ring && oware.lean && !oware.plain_ring && !oware.store);
        let hawalis = paths(&Config::hawalis());
        assert!(hawalis.lean && !hawalis.ring);
        let congkak = paths(&Config::congkak(7));
        assert!(congkak.lean && !congkak.ring, "relays: the lean loop");
        let congkak = paths(&Config {
            rounds: true,
            ..Config::congkak(7)
        });
        assert!(
            !congkak.lean && !congkak.ring,
            "rounds need the general loop"
        );
        let passing = paths(&Config {
            rounds: true,
            rounds_pass: true,
            ..Config::oware(4)
        });
        assert_eq!(
            passing,
            FastPaths::NONE,
            "houses that pass: no fast loop and no one-house test"
        );
        let quan = paths(&Config::o_an_quan(Mandarin {
            small: 0,
            big_stone: 10,
        }));
        assert_eq!(
            quan,
            FastPaths {
                own_holes: true,
                ..FastPaths::NONE
            }
        );
    }

    #[test]
    fn a_rule_a_loop_does_not_play_sends_the_game_to_a_slower_one() {
        let relay = Config {
            relay: Relay::Landing,
            ..Config::kalah(6, 4)
        };
        assert!(paths(&relay).lean && !paths(&relay).ring);
        let sowing = Config {
            sowing_capture: Some(SowingCapture {
                counts: "4".parse().unwrap(),
                sides: crate::Sides::Both,
                taker: crate::Taker::Owner,
            }),
            ..Config::oware(4)
        };
        assert!(paths(&sowing).lean && !paths(&sowing).ring);
        let forbidden = Config {
            grand_slam: GrandSlam::Forbidden,
            ..Config::oware(4)
        };
        assert!(!paths(&forbidden).ring);
        let backward = Config {
            capture: Capture::Backward { min: 2, max: 3 },
            ..Config::kalah(6, 4)
        };
        assert!(paths(&backward).plain_ring && !paths(&backward).store);
    }

    #[test]
    fn every_rule_the_loops_judge_is_off_in_the_base() {
        // The allow-list's premise: the base is a game every loop plays, so a rule
        // left at its base value never turns a loop off.
        let base = paths(&Config::base(6, 4));
        assert!(base.lean && base.ring && base.plain_ring);
        assert!(untaught_rules_off(&Config::kalah(6, 4)));
    }

    #[test]
    fn the_rules_no_loop_is_taught_send_the_game_to_the_general_loop() {
        let none = FastPaths::NONE;
        let passing = Config {
            pass_when_stuck: true,
            ..Config::oware(4)
        };
        assert_eq!(loops(&passing), none, "passing: slow but right");
        for sow_from in [crate::SowFrom::Both, crate::SowFrom::Opponent] {
            let ownerless = Config {
                sow_from,
                ..Config::base(5, 9)
            };
            assert_eq!(loops(&ownerless), none, "{sow_from:?}: slow but right");
        }
        let singles = Config {
            min_sow: 2,
            ..Config::base(5, 5)
        };
        assert_eq!(
            loops(&singles),
            none,
            "single seeds never sown: slow but right"
        );
        let occupied = Config {
            capture: Capture::ForwardOnce,
            capture_from_occupied: true,
            ..Config::base(5, 9)
        };
        assert_eq!(loops(&occupied), none, "a capture from an occupied house");
        use crate::HouseDirection::{Anticlockwise as A, Chosen as C, Clockwise as W};
        let by_house = Config {
            direction: Direction::ByHouse(crate::HouseDirections::new(&[W, W, C, A, A])),
            ..Config::base(5, 5)
        };
        assert_eq!(
            loops(&by_house),
            none,
            "directions by house: slow but right"
        );
        let owner = Config {
            capture: Capture::Count {
                counts: "4".parse().unwrap(),
                sides: crate::Sides::Both,
                chain: crate::Chain::None,
            },
            capture_taker: crate::Taker::Owner,
            ..Config::oware(4)
        };
        assert_eq!(
            loops(&owner),
            none,
            "captures for the owner: slow but right"
        );
        // The start is read only when a game starts: an uneven one changes no loop.
        let uneven = Config {
            start: Some(crate::Start::new(vec![4, 4, 4, 2, 4, 6])),
            ..Config::oware(4)
        };
        assert_eq!(paths(&uneven), paths(&Config::oware(4)));
    }

    #[test]
    fn the_one_house_tests_take_own_houses_in_one_direction_or_either() {
        for config in [
            Config::kalah(6, 4),
            Config::oware(4),
            Config::congkak(7),
            Config::hawalis(),
            Config {
                direction: Direction::Chosen,
                pass_when_stuck: true,
                singletons_last: true,
                ..Config::base(5, 5)
            },
        ] {
            assert!(paths(&config).own_holes, "{config:?}");
        }
        use crate::HouseDirection::{Anticlockwise as A, Clockwise as W};
        for config in [
            Config {
                sow_from: SowFrom::Both,
                ..Config::base(5, 9)
            },
            Config {
                sow_from: SowFrom::Opponent,
                ..Config::base(5, 9)
            },
            Config {
                min_sow: 2,
                ..Config::base(5, 5)
            },
            Config {
                direction: Direction::ByHouse(crate::HouseDirections::new(&[W, A, A, A, A])),
                ..Config::base(5, 5)
            },
        ] {
            assert!(!paths(&config).own_holes, "{config:?}: slow but right");
        }
        assert!(unknown_rules_off(&Config::kalah(6, 4)));
    }
}
