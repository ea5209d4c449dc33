//! The playout loop of the one-ring games sown by counts (`playout/ring.rs`: Kalah's
//! shape and Oware's) plays the game `apply` plays: for every ring length it is compiled
//! for, with and without stores, for each rule it reads (capture kinds, the extra turn,
//! skipped pits, feeding, grand slams, majority, cycles), for a variant whose
//! after-sowing hook marks pits mid-playout (the loop hands over to the general one),
//! and from positions reached in the middle of a game.

use game_api::{Game, GameError, Manifest, MoveId, Options, Rng, Turn};
use mancala_kit::{
    Board, Capture, Config, Effects, EmptyOpposite, End, GrandSlam, Mancala, Side, Special,
    Variant, testing,
};

/// A Kalah-shaped variant from `houses`, `seeds` and rule flags given as options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Shaped;

fn flag(options: &Options, key: &str) -> bool {
    options.flag(key) == Some(true)
}

impl Variant for Shaped {
    fn manifest() -> Manifest {
        Manifest::new("shaped", "Kalah-shaped", "0.1.0")
    }
    fn config(options: &Options) -> Result<Config, GameError> {
        let houses = options.int("houses").unwrap_or(6) as usize;
        let seeds = options.int("seeds").unwrap_or(4) as u32;
        let mut c = Config::kalah(houses, seeds);
        c.capture = if flag(options, "no_capture") {
            Capture::None
        } else if flag(options, "backward") {
            // Oware's capture on a board with stores, taking ones and twos.
            Capture::Backward { min: 1, max: 2 }
        } else {
            Capture::Opposite {
                empty_opposite: if flag(options, "empty_takes_last") {
                    EmptyOpposite::CaptureLast
                } else {
                    EmptyOpposite::NoCapture
                },
                keep_last: flag(options, "keep_last"),
            }
        };
        c.extra_turn_in_own_store = !flag(options, "no_extra_turn");
        c.skip_opponent_store = !flag(options, "sow_both_stores");
        c.skip_origin = flag(options, "skip_origin");
        Ok(c)
    }
}

/// An Oware-shaped variant (no stores): `houses`, `seeds` and rule flags as options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Ringed;

impl Variant for Ringed {
    fn manifest() -> Manifest {
        Manifest::new("ringed", "Oware-shaped", "0.1.0")
    }
    fn config(options: &Options) -> Result<Config, GameError> {
        let mut c = Config::oware(options.int("seeds").unwrap_or(4) as u32);
        c.houses = options.int("houses").unwrap_or(6) as usize;
        c.must_feed = !flag(options, "no_feed");
        c.cycle_ends_game = !flag(options, "no_cycle");
        c.skip_origin = !flag(options, "no_skip_origin");
        c.grand_slam = match options.int("grand_slam").unwrap_or(0) {
            0 => GrandSlam::NoCapture,
            1 => GrandSlam::Allowed,
            _ => GrandSlam::CaptureAll,
        };
        if flag(options, "opposite") {
            c.capture = Capture::Opposite {
                empty_opposite: EmptyOpposite::NoCapture,
                keep_last: false,
            };
        }
        if flag(options, "side_empty") {
            c.end = End::SideEmpty;
        }
        if let Some(min) = options.int("min") {
            c.capture = Capture::Backward {
                min: min as u32,
                max: options.int("max").unwrap_or(3) as u32,
            };
        }
        Ok(c)
    }
}

/// Kalah whose last seed, landing in an opponent's house that then holds 3, makes it
/// the mover's sink (Togyz Kumalak's tuzdyk, simplified): the first mark of a game
/// appears mid-playout.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Sinks;

impl Variant for Sinks {
    fn manifest() -> Manifest {
        Manifest::new("sinks", "Kalah with sinks", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        Ok(Config::kalah(6, 4))
    }
    fn after_sowing(board: &mut Board, side: Side, last: usize, _: &mut Effects<'_>) -> bool {
        let theirs = board.house_owner(last) == Some(side.other());
        if theirs && board.pits[last] == 3 && !board.has_marks() {
            board.set_mark(last, Special::Sink(side));
            return true;
        }
        false
    }
    fn check_marks(_: &Board) -> Result<(), String> {
        Ok(())
    }
}

fn options(pairs: &[(&str, i64)], flags: &[&str]) -> Options {
    let mut map = serde_json::Map::new();
    for &(k, v) in pairs {
        map.insert(k.into(), serde_json::json!(v));
    }
    for &f in flags {
        map.insert(f.into(), serde_json::json!(true));
    }
    serde_json::from_value(map.into()).expect("options")
}

#[test]
fn every_ring_length_plays_the_games_apply_plays() {
    for houses in 1..=11 {
        for seeds in [1, 3, 4, 9] {
            let o = options(&[("houses", houses), ("seeds", seeds)], &[]);
            let played = testing::random_games::<Shaped>(&o, 40, 7 * houses as u64, 0, 100_000)
                .unwrap_or_else(|e| panic!("{houses} houses, {seeds} seeds: {e}"));
            assert_eq!(played.games, 40);
        }
    }
}

#[test]
fn each_rule_the_loop_reads_plays_as_apply_does() {
    let rules: &[&[&str]] = &[
        &["no_capture"],
        &["empty_takes_last"],
        &["keep_last"],
        &["empty_takes_last", "keep_last"],
        &["no_extra_turn"],
        &["sow_both_stores"],
        &["skip_origin"],
        &[
            "skip_origin",
            "sow_both_stores",
            "no_extra_turn",
            "keep_last",
        ],
        &["backward"],
        &["backward", "no_extra_turn", "skip_origin"],
    ];
    for flags in rules {
        for (houses, seeds) in [(6, 4), (4, 12), (3, 20)] {
            let o = options(&[("houses", houses), ("seeds", seeds)], flags);
            testing::random_games::<Shaped>(&o, 60, 11, 0, 100_000)
                .unwrap_or_else(|e| panic!("{flags:?}, {houses} houses, {seeds} seeds: {e}"));
        }
    }
}

#[test]
fn every_ring_length_without_stores_plays_the_games_apply_plays() {
    for houses in 1..=11 {
        for seeds in [1, 2, 4, 7] {
            let o = options(&[("houses", houses), ("seeds", seeds)], &[]);
            testing::random_games::<Ringed>(&o, 30, 5 * houses as u64, 0, 100_000)
                .unwrap_or_else(|e| panic!("{houses} houses, {seeds} seeds: {e}"));
        }
    }
}

#[test]
fn each_rule_of_a_ring_without_stores_plays_as_apply_does() {
    let rules: &[(&[&str], i64)] = &[
        (&[], 1),
        (&[], 2),
        (&["no_feed"], 0),
        (&["no_skip_origin"], 0),
        (&["opposite"], 0),
        (&["side_empty", "no_feed"], 0),
        (&["side_empty", "opposite", "no_cycle", "no_feed"], 1),
    ];
    // The backward capture's counts: Oware's (none given), ones to fours, fours alone.
    let counts: &[&[(&str, i64)]] = &[&[], &[("min", 1), ("max", 4)], &[("min", 4), ("max", 4)]];
    for (&(flags, grand_slam), count) in rules
        .iter()
        .flat_map(|r| counts.iter().map(move |c| (r, c)))
    {
        for (houses, seeds) in [(6, 4), (4, 3), (5, 12)] {
            let mut pairs = vec![
                ("houses", houses),
                ("seeds", seeds),
                ("grand_slam", grand_slam),
            ];
            pairs.extend_from_slice(count);
            let o = options(&pairs, flags);
            testing::random_games::<Ringed>(&o, 60, 13, 0, 100_000).unwrap_or_else(|e| {
                panic!("{flags:?} {count:?}, grand slam {grand_slam}, {houses}x{seeds}: {e}")
            });
        }
    }
}

#[test]
fn rules_that_ask_for_more_houses_than_a_board_has_are_refused() {
    let o = options(&[("houses", 12)], &[]);
    let e = Mancala::<Ringed>::new(&o).expect_err("12 houses a side do not fit");
    assert!(e.to_string().contains("12 houses a side"), "{e}");
    let e = Mancala::<Shaped>::from_notation(&o, "1/1 0-0 S").expect_err("nor here");
    assert!(e.to_string().contains("1 to 11"), "{e}");
}

#[test]
fn a_hook_that_marks_a_pit_hands_the_rest_of_the_playout_to_the_general_loop() {
    let played = testing::random_games::<Sinks>(&Options::default(), 300, 3, 0, 100_000)
        .expect("fast playouts equal the games played move by move");
    assert_eq!(played.games, 300);
    // The hook did fire in these games: some playouts end with a sink on the board.
    let marked = (0..300u64)
        .filter(|&g| {
            let mut game = Mancala::<Sinks>::new(&Options::default()).unwrap();
            game.playout(&mut Rng::with_seed(3 + g)).unwrap();
            game.board.has_marks()
        })
        .count();
    assert!(marked > 10, "only {marked} of 300 playouts made a sink");
}

#[test]
fn playouts_from_the_middle_of_a_game_end_where_the_moves_lead() {
    from_mid_game::<Shaped>(&Options::default());
    from_mid_game::<Ringed>(&Options::default());
    from_mid_game::<Ringed>(&options(&[("seeds", 2)], &["no_skip_origin"]));
    from_mid_game::<Sinks>(&Options::default());
}

fn from_mid_game<V: Variant>(o: &Options) {
    let mut moves = Vec::new();
    for g in 0..300u64 {
        let mut rng = Rng::with_seed(g);
        let mut game = Mancala::<V>::new(o).unwrap();
        // Some random moves first, so that playouts start from scattered positions
        // (stores holding seeds, extra turns pending, a history of moves).
        for _ in 0..(g % 40) {
            if !matches!(game.turn(), Turn::Seat { .. }) {
                break;
            }
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            game.apply(mv, None).unwrap();
        }
        let mut fast = game.clone();
        let fast_outcome = fast.playout(&mut Rng::with_seed(1000 + g));
        let mut slow_rng = Rng::with_seed(1000 + g);
        let outcome = loop {
            match game.turn() {
                Turn::Over { outcome } => break outcome,
                Turn::Seat { .. } => {
                    moves.clear();
                    game.legal_moves(&mut moves);
                    let mv: MoveId = moves[slow_rng.below(moves.len())];
                    game.apply(mv, None).unwrap();
                }
                Turn::Chance { .. } => unreachable!("mancala has no chance"),
            }
        };
        match fast_outcome {
            Ok(fast_outcome) => {
                assert_eq!(fast_outcome, outcome, "game {g}");
                assert_eq!(
                    fast,
                    game,
                    "game {g}: {} vs {}",
                    fast.notation(),
                    game.notation()
                );
            }
            // A playout of a finished game: nothing to play.
            Err(e) => panic!("game {g}: {e}"),
        }
    }
}
