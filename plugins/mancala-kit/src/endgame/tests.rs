//! The tables against a plain exhaustive search, and the files against corruption.

use game_api::{Game, Manifest, Options};

use super::*;
use crate::{Board, Effects, GrandSlam, Side, sow};

/// Oware on a small board: four houses a side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Small;
impl Variant for Small {
    fn manifest() -> Manifest {
        Manifest::new("small-oware", "Small Oware", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        Ok(Config {
            houses: 4,
            ..Config::oware(2)
        })
    }
    fn endgame_tables() -> bool {
        true
    }
}

/// Oware on its own board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Six;
impl Variant for Six {
    fn manifest() -> Manifest {
        Manifest::new("six-oware", "Oware", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        Ok(Config::oware(4))
    }
    fn endgame_tables() -> bool {
        true
    }
}

pub(super) fn config<V: Variant>() -> Config {
    V::config(&Options::default()).unwrap()
}

/// The seeds on each side at the end: the mover's minus the other's.
fn sweep(board: &Board, mover: Side) -> i32 {
    board.seeds_on_side(mover) as i32 - board.seeds_on_side(mover.other()) as i32
}

pub(super) fn board_of(config: &Config, view: &[u32]) -> Board {
    let mut board = Board::empty(config.houses, config.ends);
    board.pits.iter_mut().zip(view).for_each(|(p, &n)| *p = n);
    board
}

/// The moves of `board` for `mover`: each with the seeds it captures and the board after.
pub(super) fn successors<V: Variant>(
    config: &Config,
    board: &Board,
    mover: Side,
) -> Vec<(i32, Board)> {
    let mut game = Mancala::<V>::from_config_unchecked(config.clone());
    game.board = board.clone();
    game.to_move = mover;
    let mut moves = Vec::new();
    game.legal_into(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut next = board.clone();
            let origin = next.house(mover, mv.0 as usize);
            let sown =
                sow::sow_turn::<V>(&mut next, config, mover, origin, true, &mut Effects(None));
            assert!(!sown.extra_turn);
            let cap = next.captured[mover.index()] as i32 - board.captured[mover.index()] as i32;
            (cap, next)
        })
        .collect()
}

/// The bounds of `board` for `mover` by plain minimax to `depth` plies, written from
/// the definition: `lo` what the mover forces, `hi` what the opponent holds the mover
/// to, a line still in play at the horizon being the worst for the side bounding, and
/// no bound beyond the seeds on the board.
fn minimax<V: Variant>(
    config: &Config,
    board: &Board,
    mover: Side,
    depth: u32,
    memo: &mut std::collections::HashMap<(Board, Side, u32), (i32, i32)>,
) -> (i32, i32) {
    const INF: i32 = 1000;
    let key = (board.clone(), mover, depth);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let moves = successors::<V>(config, board, mover);
    let value = if moves.is_empty() {
        let v = sweep(board, mover);
        (v, v)
    } else if depth == 0 {
        (-INF, INF)
    } else {
        let (mut lo, mut hi) = (-INF, -INF);
        for (cap, next) in moves {
            let (clo, chi) = minimax::<V>(config, &next, mover.other(), depth - 1, memo);
            lo = lo.max(cap - chi);
            hi = hi.max(cap - clo);
        }
        let n = board.pits.iter().sum::<u32>() as i32;
        (lo.max(-n), hi.min(n))
    };
    memo.insert(key, value);
    value
}

/// The value for `mover` of `board` under the real cycle rule (a repeated position
/// ends the game, each side taking its seeds), every seed played out, by trying every
/// line: `path` holds the positions since the last capture.
pub(super) fn search<V: Variant>(
    config: &Config,
    board: &Board,
    mover: Side,
    path: &mut Vec<(Board, Side)>,
) -> i32 {
    let moves = successors::<V>(config, board, mover);
    if moves.is_empty() {
        return sweep(board, mover);
    }
    let them = mover.other();
    let mut best = i32::MIN;
    for (cap, next) in moves {
        let value = if cap > 0 {
            let mut fresh = vec![(next.clone(), them)];
            cap - search::<V>(config, &next, them, &mut fresh)
        } else if path.contains(&(next.clone(), them)) {
            -sweep(&next, them)
        } else {
            path.push((next.clone(), them));
            let v = -search::<V>(config, &next, them, path);
            path.pop();
            v
        };
        best = best.max(value);
    }
    best
}

/// Every position of up to `max` seeds: the tables' bounds against `check`.
fn each_position<V: Variant>(max: u32, mut check: impl FnMut(&Config, &[u32], (i32, i32))) {
    let config = config::<V>();
    each_entry::<V>(max, |_, view, (lo, hi, _)| check(&config, view, (lo, hi)));
}

/// Every position of up to `max` seeds with its `(lo, hi, point)`, and the tables.
pub(super) fn each_entry<V: Variant>(
    max: u32,
    mut check: impl FnMut(&Tables, &[u32], (i32, i32, i32)),
) {
    let config = config::<V>();
    let tables = build_in_memory::<V>(&config, max).unwrap();
    let index = Index::new(2 * config.houses, max);
    let mut view = vec![0; 2 * config.houses];
    for n in 0..=max {
        for r in 0..index.count(n) {
            index.unrank(r, n, &mut view);
            check(&tables, &view, tables.entry(&view).unwrap());
        }
    }
}

fn check_against_minimax<V: Variant>(max: u32, depth: u32) -> (u64, u64) {
    let (mut exact, mut all) = (0, 0);
    let mut memo = std::collections::HashMap::new();
    each_position::<V>(max, |config, view, (lo, hi)| {
        let board = board_of(config, view);
        let (mlo, mhi) = minimax::<V>(config, &board, Side::South, depth, &mut memo);
        assert_eq!(
            (mlo, mhi),
            (lo, hi),
            "{view:?}: minimax to {depth} plies against the table"
        );
        exact += u64::from(lo == hi);
        all += 1;
    });
    (exact, all)
}

#[test]
fn the_tables_agree_with_plain_minimax_on_a_small_board() {
    let (exact, all) = check_against_minimax::<Small>(5, 60);
    assert_eq!(all, (0..=5).map(|n| Index::new(8, 5).count(n)).sum::<u64>());
    // On four houses seeds chase each other round the small ring: most positions can
    // cycle, and only about a quarter are exact (310 of 1,287).
    assert!(exact * 5 > all, "only {exact} of {all} positions are exact");
}

#[test]
fn the_tables_agree_with_plain_minimax_on_the_oware_board() {
    let (exact, all) = check_against_minimax::<Six>(3, 60);
    assert!(exact * 2 > all, "only {exact} of {all} positions are exact");
}

#[test]
fn exact_values_are_the_values_under_the_cycle_rule() {
    let mut exact = 0;
    each_position::<Small>(3, |config, view, (lo, hi)| {
        let board = board_of(config, view);
        let value = search::<Small>(
            config,
            &board,
            Side::South,
            &mut vec![(board.clone(), Side::South)],
        );
        assert!(
            lo <= value && value <= hi,
            "{view:?}: {value} outside {lo}..={hi}"
        );
        exact += u32::from(lo == hi);
    });
    assert!(exact > 80, "only {exact} exact positions");
}

#[test]
fn a_grand_slam_that_captures_nothing_and_a_player_who_cannot_be_fed() {
    // South's one seed in f lands on North's lone seed: a capture of all of North's
    // seeds, which takes nothing; North's two seeds then cannot reach South, and North
    // keeps them.
    let config = config::<Six>();
    assert_eq!(config.grand_slam, GrandSlam::NoCapture);
    let tables = build_in_memory::<Six>(&config, 2).unwrap();
    assert_eq!(
        tables.probe(&[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]),
        Some((-2, -2))
    );
    // With grand slams capturing everything, South takes both.
    let all = Config {
        grand_slam: GrandSlam::CaptureAll,
        ..config.clone()
    };
    let tables = build_in_memory::<Six>(&all, 2).unwrap();
    assert_eq!(
        tables.probe(&[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]),
        Some((2, 2))
    );
    // One seed each, far apart: nobody can capture or feed twice... South must feed
    // North (who has one), sows it on; the seeds end on their sides.
    assert_eq!(tables.probe(&[0; 12]), Some((0, 0)));
}

#[test]
fn the_game_probes_the_loaded_tables_after_a_capture_and_tells_the_winner() {
    let config = config::<Six>();
    install_tables(build_in_memory::<Six>(&config, 2).unwrap());
    let mut game = Mancala::<Six>::new(&Options::default()).unwrap();
    game.board = board_of(&config, &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    game.board.captured = [24, 22];
    game.history.clear();
    let play = probe(&game).unwrap();
    // 24 + 0 against 22 + 2: a draw, exact under the majority rule too.
    assert_eq!(play.winner, None);
    assert_eq!(game.exact_value(), Some(0));
    game.board.captured = [20, 26];
    let play = probe(&game).unwrap();
    assert_eq!(play.winner, Some(1));
    assert_eq!(play.playout_margin, 8);
    // The majority rule may end the game before every seed is played: the margin is
    // not exact, the winner is.
    assert_eq!(play.margin, None);
    assert_eq!(game.exact_value(), None);
    assert_eq!(
        play.describe(&["South", "North"]),
        "perfect play: North wins (by 8 with every seed played out)"
    );
    // A position later in a capture-free stretch could repeat an earlier one.
    game.history.seen_before(1);
    game.history.seen_before(2);
    assert_eq!(probe(&game), None);
}

#[test]
fn the_search_bounds_take_the_result_from_the_tables_under_the_majority_rule() {
    let config = config::<Six>();
    install_tables(build_in_memory::<Six>(&config, 2).unwrap());
    let mut game = Mancala::<Six>::new(&Options::default()).unwrap();
    let mut decided = 0;
    // Every way to put two seeds on the board, 23 captured each: the margin lies in
    // -2..=2 by the seeds alone; the tables say who wins.
    for a in 0..12 {
        for b in a..12 {
            let mut view = [0u32; 12];
            view[a] += 1;
            view[b] += 1;
            game.board = board_of(&config, &view);
            game.board.captured = [23, 23];
            game.history.clear();
            let (lo, hi) = game.score_bounds().unwrap();
            assert!((-2..=2).contains(&lo) && (-2..=2).contains(&hi) && lo <= hi);
            match probe(&game).map(|p| p.winner) {
                Some(Some(0)) => {
                    assert!(lo >= 1, "{view:?}: a win, bounds {lo}..={hi}");
                    decided += 1;
                }
                Some(Some(_)) => {
                    assert!(hi <= -1, "{view:?}: a loss, bounds {lo}..={hi}");
                    decided += 1;
                }
                _ => {}
            }
            // Later in a capture-free stretch the tables are not asked.
            game.history.seen_before(1);
            game.history.seen_before(2);
            assert_eq!(game.score_bounds(), Some((-2, 2)), "{view:?}");
        }
    }
    assert!(decided > 10, "only {decided} positions decided");
}

pub(super) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavola-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_corrupt_truncated_or_foreign_file_is_rebuilt_never_trusted() {
    let config = config::<Small>();
    let dir = temp_dir("corrupt");
    let progress = Progress::default();
    let built = build::<Small>(&dir, &config, 4, 2, &progress).unwrap();
    assert_eq!(
        progress.done.load(Ordering::Relaxed),
        progress.total.load(Ordering::Relaxed)
    );
    let path = file_path::<Small>(&dir, &config, 3);
    let good = std::fs::read(&path).unwrap();
    type Damage = Box<dyn Fn(&mut Vec<u8>)>;
    let damage: Vec<(&str, Damage)> = vec![
        (
            "a flipped byte",
            Box::new(|b: &mut Vec<u8>| *b.last_mut().unwrap() ^= 1),
        ),
        (
            "a cut body",
            Box::new(|b: &mut Vec<u8>| b.truncate(b.len() - 3)),
        ),
        ("a cut header", Box::new(|b: &mut Vec<u8>| b.truncate(20))),
        ("another version", Box::new(|b: &mut Vec<u8>| b[8] = 9)),
        ("another seed count", Box::new(|b: &mut Vec<u8>| b[12] = 2)),
        ("other rules", Box::new(|b: &mut Vec<u8>| b[40] ^= 0x20)),
    ];
    for (what, hurt) in damage {
        let mut bytes = good.clone();
        hurt(&mut bytes);
        std::fs::write(&path, &bytes).unwrap();
        let mut rejected = Vec::new();
        let counts = load::<Small>(&dir, &config, 4, &mut rejected);
        assert_eq!(
            counts.len(),
            3,
            "{what}: only the counts below the bad file load"
        );
        assert_eq!(rejected.len(), 1, "{what}");
        assert!(!path.exists(), "{what}: the untrusted file is deleted");
        let again = build::<Small>(&dir, &config, 4, 1, &Progress::default()).unwrap();
        assert_eq!(again.counts, built.counts, "{what}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            good,
            "{what}: rebuilt the same"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_build_leaves_no_trusted_file() {
    let config = config::<Small>();
    let dir = temp_dir("interrupted");
    build::<Small>(&dir, &config, 2, 1, &Progress::default()).unwrap();
    // A build cut short while writing count 3 leaves only its temporary file.
    let path = file_path::<Small>(&dir, &config, 3);
    let partial = dir.join(format!(
        ".{}.999.partial",
        path.file_name().unwrap().to_str().unwrap()
    ));
    std::fs::write(&partial, b"TVLEGDB\0 half a table").unwrap();
    let mut rejected = Vec::new();
    assert_eq!(load::<Small>(&dir, &config, 4, &mut rejected).len(), 3);
    assert!(rejected.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn requests_answer_status_build_load_and_refuse_what_they_cannot_do() {
    let dir = temp_dir("requests");
    let game = Mancala::<Small>::new(&Options::default()).unwrap();
    let ask = |op: &str, seeds: u32| {
        let json = format!(
            "{{\"op\":\"{op}\",\"dir\":{},\"seeds\":{seeds}}}",
            serde_json::json!(dir.to_str().unwrap())
        );
        serde_json::from_str::<TablesStatus>(&game.endgame_tables(&json).unwrap()).unwrap()
    };
    let status = ask("status", 3);
    assert!(status.supported && status.files.is_empty());
    // What a build would make, said before it starts: every count, with its size.
    let seeds: Vec<u32> = status.missing.iter().map(|f| f.seeds).collect();
    assert_eq!(seeds, [0, 1, 2, 3]);
    ask("build", 3);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let done = loop {
        let s = ask("status", 3);
        if s.build.as_ref().is_some_and(|b| b.finished) {
            break s;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the build never ended"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    assert_eq!(done.build.unwrap().error, None);
    assert_eq!(done.files.len(), 4);
    assert!(done.missing.is_empty());
    // The sizes said before the build are the sizes of the files it made.
    assert_eq!(status.missing, done.files);
    assert_eq!(done.loaded, Some(3));
    assert_eq!(ask("load", 3).loaded, Some(3));
    assert!(game.endgame_tables("{\"op\":\"explode\"}").is_err());
    assert!(
        game.endgame_tables("{\"op\":\"build\",\"dir\":\"\"}")
            .is_err()
    );
    assert!(
        game.endgame_tables(&format!(
            "{{\"op\":\"build\",\"dir\":\"x\",\"seeds\":{}}}",
            MAX_SEEDS + 1
        ))
        .is_err()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn variants_that_do_not_fit_are_refused_with_the_reason() {
    assert!(supported(&Config::oware(4)).is_ok());
    assert!(supported(&Config::kalah(6, 4)).is_ok());
    let congkak = supported(&Config::congkak(7)).unwrap_err();
    assert!(congkak.contains("relays"), "{congkak}");
    // The builder gives the seeds left at the end to the owners of their houses.
    let to_the_stuck = Config {
        end: End::NoMove {
            remaining: crate::Remaining::Stuck,
        },
        ..Config::oware(4)
    };
    let why = supported(&to_the_stuck).unwrap_err();
    assert!(why.contains("owners"), "{why}");
    let to_the_owners = Config {
        end: End::NoMove {
            remaining: crate::Remaining::Owner,
        },
        ..Config::oware(4)
    };
    assert!(supported(&to_the_owners).is_ok());
    // A variant that does not opt in has none, whatever its rules.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    struct NotIn;
    impl Variant for NotIn {
        fn manifest() -> Manifest {
            Manifest::new("not-in", "Not in", "0.1.0")
        }
        fn config(_: &Options) -> Result<Config, GameError> {
            Ok(Config::oware(4))
        }
    }
    let game = Mancala::<NotIn>::new(&Options::default()).unwrap();
    let answer: TablesStatus = serde_json::from_str(
        &game
            .endgame_tables("{\"op\":\"build\",\"dir\":\"/nowhere\"}")
            .unwrap(),
    )
    .unwrap();
    assert!(!answer.supported);
    assert_eq!(game.exact_value(), None);
}

#[test]
fn the_search_evaluation_takes_the_tables_point_value_at_any_history() {
    let config = config::<Six>();
    install_tables(build_in_memory::<Six>(&config, 3).unwrap());
    let mut game = Mancala::<Six>::new(&Options::default()).unwrap();
    let mut checked = 0;
    for a in 0..12 {
        for b in a..12 {
            let mut view = [0u32; 12];
            view[a] += 2;
            view[b] += 1;
            game.board = board_of(&config, &view);
            game.board.captured = [20, 25];
            game.history.clear();
            let (lo, hi) = hint_bounds(&game).unwrap();
            assert_eq!(Some((lo, hi)), bounds(&game));
            let (_, _, point) = hint_entry(&game).unwrap();
            assert!(lo <= point && point <= hi);
            // South to move, 5 behind: the point value of what the three seeds bring.
            let want = 100 * (-5 + point);
            assert_eq!(game.search_eval(), Some(want), "{view:?}");
            // The middle of the bounds, as the evaluation took it before (mode 2).
            let middle = crate::search::with_table_eval(2, u32::MAX, || game.search_eval());
            assert_eq!(middle, Some(100 * (-5) + 50 * (lo + hi)), "{view:?}");
            // Later in a capture-free stretch: the same hint, though not a proof.
            game.history.seen_before(1);
            game.history.seen_before(2);
            assert_eq!(bounds(&game), None);
            assert_eq!(game.search_eval(), Some(want), "{view:?}");
            let plain = crate::search::with_table_eval(0, u32::MAX, || game.search_eval());
            assert_eq!(plain, Some(Six::evaluate(&game)));
            // Asked only up to two seeds: these three are left to the features.
            let limited = crate::search::with_table_eval(3, 2, || game.search_eval());
            assert_eq!(limited, Some(Six::evaluate(&game)));
            checked += 1;
        }
    }
    assert_eq!(checked, 78);
    // More seeds than the tables know: the features' evaluation.
    game.board = board_of(&config, &[1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(hint_bounds(&game), None);
    assert_eq!(game.search_eval(), Some(Six::evaluate(&game)));
}
