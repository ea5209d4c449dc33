//! `tavola puzzles` on the real plugins, judged from outside: a mined file parses and
//! verifies again, a tampered one fails with the puzzle's number, a broken one is
//! refused with its line; the shipped puzzle files hold enough puzzles by theme, and a
//! seeded sample of each is proven again by the solver (all of them:
//! `scripts/verify-puzzles`, in release).

#[path = "common/cli.rs"]
mod cli;
mod common;

use std::{path::Path, time::Instant};

use cli::tavola;
use common::plugins_of;
use game_api::Rng;
use tavola::puzzles::{PuzzleFile, Theme};

const SMALL: [&str; 4] = ["--option", "houses=4", "--option", "seeds=3"];

/// How many shipped puzzles of each game the test proves again (debug build).
const SAMPLE: usize = 12;

fn read(path: &Path) -> PuzzleFile {
    let text = std::fs::read_to_string(path).unwrap();
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn mined_puzzles_verify_and_tampering_is_caught() {
    let plugins = plugins_of(&["kalah"]);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kalah.puzzles");
    let out_s = out.to_str().unwrap();
    let mut args = vec![
        "puzzles", "kalah", "--games", "6", "--seed", "7", "--out", out_s, "--time", "120",
    ];
    args.extend(SMALL);
    let run = tavola(plugins.path(), &args);
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stderr.contains("puzzles from"), "{}", run.stderr);
    // Every puzzle found was proven again from empty tables, and none refuted.
    assert!(
        run.stderr
            .contains("Re-verified from empty tables: 0 refuted"),
        "{}",
        run.stderr
    );
    let file = read(&out);
    assert_eq!(file.game, "kalah");
    assert!(
        file.options.contains(&"houses=4".to_owned()),
        "{:?}",
        file.options
    );
    assert!(!file.puzzles.is_empty(), "no puzzle mined:\n{}", run.stderr);
    for p in &file.puzzles {
        // One move alone keeps the best value.
        let best = p.value().unwrap();
        assert_eq!(p.values.iter().filter(|(_, v)| *v == best).count(), 1);
    }
    // The same seed mines the same puzzles.
    let again = dir.path().join("again.puzzles");
    let mut args2 = args.clone();
    args2[7] = again.to_str().unwrap();
    assert!(tavola(plugins.path(), &args2).ok);
    assert_eq!(read(&again), file);

    let verified = tavola(plugins.path(), &["puzzles", "kalah", "--verify", out_s]);
    assert!(verified.ok, "{}{}", verified.stdout, verified.stderr);
    let n = file.puzzles.len();
    assert!(
        verified
            .stdout
            .contains(&format!("{n} of {n} puzzles verified")),
        "{}",
        verified.stdout
    );

    // A value changed: that puzzle fails, by its number, and the exit says so.
    let mut tampered = file.clone();
    let last = tampered.puzzles.len() - 1;
    let p = &mut tampered.puzzles[last];
    let worst = p.values.len() - 1;
    p.values[worst].1 -= 1;
    std::fs::write(&out, tampered.to_string()).unwrap();
    let failed = tavola(plugins.path(), &["puzzles", "kalah", "--verify", out_s]);
    assert!(!failed.ok);
    assert!(
        failed
            .stdout
            .contains(&format!("Puzzle {} failed", last + 1)),
        "{}",
        failed.stdout
    );

    // A broken file is refused with its line and the reason.
    std::fs::write(&out, "tavola-puzzles 1\ngame kalah\npuzzle\tx\n").unwrap();
    let broken = tavola(plugins.path(), &["puzzles", "kalah", "--verify", out_s]);
    assert!(!broken.ok);
    assert!(
        broken.stderr.contains("line 3") && broken.stderr.contains("5 fields"),
        "{}",
        broken.stderr
    );
}

/// The miner's re-verification (`recheck`, each move proven again alone from an empty
/// table) confirms a puzzle it found, and refutes the same puzzle with a value changed
/// or its solution moved to another move: what the miner keeps and what it reports.
#[test]
fn a_fresh_recheck_confirms_a_found_puzzle_and_refutes_a_wrong_one() {
    use tavola::{
        plugins::{DirSource, PluginDir, PluginDirs, PluginSet},
        puzzles::{MineConfig, Miner, ProofConfig, VerifyError, recheck},
    };
    let dir = plugins_of(&["kalah"]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game("kalah").unwrap();
    let options = plugin.parse_options(&["houses=4", "seeds=3"]).unwrap();
    let config = MineConfig {
        games: 6,
        seed: 7,
        bots: vec!["greedy".into(), "random".into()],
        time_limit: std::time::Duration::from_secs(120),
        max_puzzles: 1,
        max_pieces: 24,
        proof: ProofConfig::default(),
        continuations: 0,
        continuation_policy: Default::default(),
        themes: Vec::new(),
    };
    let mut miner = Miner::new(plugin, options.clone(), config);
    miner.bot_games(|_| {}).unwrap();
    assert_eq!(miner.progress.refuted, 0, "{:?}", miner.refuted);
    let found = miner.puzzles.first().expect("a puzzle").clone();
    let game = plugin.from_notation(&options, &found.position).unwrap();
    let proof = ProofConfig::default();
    recheck(&game, &found, &proof).unwrap();
    // The worst move said one better than it is.
    let mut wrong = found.clone();
    let worst = wrong.values.len() - 1;
    wrong.values[worst].1 += 1;
    assert!(matches!(
        recheck(&game, &wrong, &proof),
        Err(VerifyError::Differs { .. })
    ));
}

fn shipped(game: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(format!("{game}.puzzles"))
}

/// Every shipped file of `game`: `GAME.puzzles` and `GAME.PART.puzzles` (each with its
/// own options, as Oware's grand slams under `grand_slam=capture_all`), in name order.
fn shipped_all(game: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|f| {
            f.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| tavola::puzzles::is_file_of(n, game))
        })
        .collect();
    files.sort();
    files
}

/// The themes a game's rules cannot give (see `puzzles/README.md`).
fn impossible(game: &str) -> &'static [Theme] {
    match game {
        // A side left empty ends Kalah: no feeding; a capture takes one house.
        "kalah" => &[Theme::ForcedFeed, Theme::GrandSlam],
        // No move gives another turn (no stores). A grand slam captures nothing under the
        // shipped rules (`grand_slam=no_capture`); under `capture_all` it leaves the
        // other side no move, ending the game at once, so the greedy bot, which values a
        // finished game by its result, plays every winning one (puzzles/README.md).
        "oware" => &[Theme::GrandSlam, Theme::ExtraTurn],
        _ => &[],
    }
}

/// The least puzzles of each theme a game's files must hold: 30 (issue 49), counted up to
/// a mirror ([`mirror_key`]): a position and the same one with the seats exchanged are
/// one puzzle seen from the other side. Oware's forced feeds hold 60, 48 up to a mirror
/// (puzzles/README.md).
const LEAST: usize = 30;

/// The endgame tables a game's sample is verified with (a seed limit small enough to
/// build in a debug test), and so the most seeds on the board of a sampled puzzle
/// (every position after its moves is then in the tables once a capture is made). Oware's
/// puzzles are judged on proven results, which its solver reaches only with tables.
fn sample_tables(game: &str) -> Option<u32> {
    match game {
        "oware" => Some(8),
        _ => None,
    }
}

/// A position in the kit's notation (`S1,…,S6/N1,…,N6 SOUTH-NORTH SIDE`) as the seat to
/// move sees it: its own row, the other row, its score, the other score. A position and
/// its mirror (rows, scores and side exchanged) have the same key.
fn mirror_key(position: &str) -> (String, String, String, String) {
    let mut parts = position.split_whitespace();
    let (board, scores, side) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    let (south, north) = board.split_once('/').unwrap_or((board, ""));
    let (s, n) = scores.split_once('-').unwrap_or((scores, ""));
    let (mine, theirs) = if side == "N" {
        ((north, n), (south, s))
    } else {
        ((south, s), (north, n))
    };
    (
        mine.0.to_owned(),
        theirs.0.to_owned(),
        mine.1.to_owned(),
        theirs.1.to_owned(),
    )
}

#[test]
fn a_position_and_its_mirror_are_one_puzzle() {
    let south = mirror_key("0,0,0,0,4,8/0,0,0,0,0,0 23-13 S");
    let north = mirror_key("0,0,0,0,0,0/0,0,0,0,4,8 13-23 N");
    assert_eq!(south, north);
    // The same board with the other side to move, or other scores, is another puzzle.
    assert_ne!(south, mirror_key("0,0,0,0,4,8/0,0,0,0,0,0 23-13 N"));
    assert_ne!(south, mirror_key("0,0,0,0,4,8/0,0,0,0,0,0 24-12 S"));
}

/// The seeds on the houses of a position in the kit's notation (`4,4,…/4,4,… …`).
fn seeds_on_board(position: &str) -> u32 {
    let board = position.split_whitespace().next().unwrap_or("");
    board
        .split(['/', ','])
        .filter_map(|n| n.trim().parse::<u32>().ok())
        .sum()
}

#[test]
fn shipped_puzzles_are_enough_and_a_sample_proves_again() {
    // Every game's files together hold 30 of each theme its rules give (up to a mirror),
    // its main file at least 300 puzzles; a seeded sample of each file is proven again
    // with the file's own options (Oware's with small tables built for them).
    assert!(shipped("kalah").is_file());
    for game in ["kalah", "oware"] {
        let files = shipped_all(game);
        if files.is_empty() {
            eprintln!("{game}: no shipped puzzle file");
            continue;
        }
        let read_all: Vec<PuzzleFile> = files.iter().map(|f| read(f)).collect();
        let main = read(&shipped(game));
        assert!(main.puzzles.len() >= 300, "{game}: {}", main.puzzles.len());
        for theme in Theme::ALL {
            let count = read_all
                .iter()
                .flat_map(|f| &f.puzzles)
                .filter(|p| p.themes.contains(&theme))
                .map(|p| mirror_key(&p.position))
                .collect::<std::collections::HashSet<_>>()
                .len();
            if !impossible(game).contains(&theme) {
                assert!(count >= LEAST, "{game}: {theme} has {count}, below {LEAST}");
            }
        }
        for (path, file) in files.iter().zip(&read_all) {
            assert_eq!(file.game, game, "{}", path.display());
            sample_proves_again(game, path, file);
        }
    }
}

/// A seeded sample of `file` (a shipped file of `game`), proven again by the solver
/// through the command line with the file's options; with small tables, among the
/// puzzles they cover.
fn sample_proves_again(game: &str, path: &Path, file: &PuzzleFile) {
    let plugins = plugins_of(&[game]);
    let dir = tempfile::tempdir().unwrap();
    let mut extra: Vec<String> = Vec::new();
    for o in &file.options {
        extra.extend(["--option".to_owned(), o.clone()]);
    }
    let mut pool: Vec<usize> = (0..file.puzzles.len()).collect();
    if let Some(seeds) = sample_tables(game) {
        pool.retain(|&i| seeds_on_board(&file.puzzles[i].position) <= seeds);
        let tables = dir.path().join("tables");
        let (t, n) = (tables.to_str().unwrap(), seeds.to_string());
        let mut build = vec!["endgame", game];
        build.extend(extra.iter().map(String::as_str));
        build.extend(["--build", "--seeds", &n, "--dir", t]);
        let built = tavola(plugins.path(), &build);
        assert!(built.ok, "{}{}", built.stdout, built.stderr);
        extra.extend(["--endgames".into(), t.into(), "--endgame-seeds".into(), n]);
    }
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let wanted = SAMPLE.min(pool.len());
    assert!(wanted > 0, "{name}: no puzzle to sample");
    let mut rng = Rng::with_seed(49);
    let mut picked = std::collections::BTreeSet::new();
    while picked.len() < wanted {
        picked.insert(pool[rng.below(pool.len())]);
    }
    let mut sample = file.clone();
    sample.puzzles = picked.iter().map(|&i| file.puzzles[i].clone()).collect();
    let f = dir.path().join("sample.puzzles");
    std::fs::write(&f, sample.to_string()).unwrap();
    let started = Instant::now();
    let mut args = vec!["puzzles", game, "--verify", f.to_str().unwrap(), "--quiet"];
    args.extend(extra.iter().map(String::as_str));
    let run = tavola(plugins.path(), &args);
    eprintln!(
        "{name}: {wanted} puzzles verified in {:?}",
        started.elapsed()
    );
    assert!(run.ok, "{name}: {}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains(&format!("{wanted} of {wanted} puzzles verified")),
        "{name}: {}",
        run.stdout
    );
}

#[test]
fn verify_names_the_library_it_loaded_and_the_one_of_the_same_game_left_unused() {
    // Two files offer `kalah`: the fixture (first by name, used) and Kalah's own.
    let plugins = plugins_of(&["kalah", "fixture_kalah_next"]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kalah.puzzles");
    let text = std::fs::read_to_string(shipped("kalah")).unwrap();
    let few: Vec<&str> = text.lines().take(6).collect();
    std::fs::write(&file, few.join("\n") + "\n").unwrap();
    let run = tavola(
        plugins.path(),
        &["puzzles", "kalah", "--verify", file.to_str().unwrap()],
    );
    let used = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Verified with the plugin "))
        .unwrap_or_else(|| panic!("the library used is not named:\n{}", run.stdout));
    assert!(used.ends_with("libfixture_kalah_next.so"), "{used}");
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("Not used: ") && l.contains("libkalah.so (it offers kalah too)")),
        "the unused library is not named:\n{}",
        run.stdout
    );
    // Kalah's own library alone (as scripts/verify-puzzles gives it) proves them.
    let alone = plugins_of(&["kalah"]);
    let run = tavola(
        alone.path(),
        &["puzzles", "kalah", "--verify", file.to_str().unwrap()],
    );
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("libkalah.so"), "{}", run.stdout);
    assert!(!run.stdout.contains("Not used"), "{}", run.stdout);
}
