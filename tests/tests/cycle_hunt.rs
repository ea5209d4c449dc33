//! Rare endless games: a data file whose games cycle only now and then (the catalogue's
//! Bohnenspiel before its cycle rule: a lone bean a side chasing the other round the
//! board, about one game in two hundred) passes the quick suite, but the hunt of
//! `tavola check` (many bot games, and a search of every line from their last
//! positions) must refuse it, naming the file's key; the same rules with the key set
//! must pass. And the check must print its progress and keep to its time limit on a
//! file whose games barely end. Judged from outside: the report's failures, and what
//! the `tavola` binary prints and exits with.

mod attack_support;

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::{Duration, Instant},
};

use tavola::{
    conformance::{CheckConfig, Hunt, check_plugin},
    plugins::{DirSource, Plugin, PluginDir, PluginDirs, PluginSet},
    repetition::ENDLESS_TIMES,
};
use tavola_tests::{library, plugins_folder};

/// The fixtures' folder.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// The rare chase: the catalogue's Bohnenspiel 1.0.0, without `cycle_ends_game`.
fn rare_chase() -> PathBuf {
    fixtures().join("endless-chase-rare/bohnenspiel-endless.mancala.toml")
}

/// The catalogue's Bohnenspiel, with the cycle rule.
fn bohnenspiel() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../plugins/mancala-data/catalogue/bohnenspiel.mancala.toml")
}

/// A plugins folder with the loader and the data files `files`, and its game `id`.
fn load(files: &[PathBuf], id: &str) -> (tempfile::TempDir, Plugin) {
    let dir = plugins_folder(&[library("mancala_data")]);
    for f in files {
        std::fs::copy(f, dir.path().join(f.file_name().unwrap())).unwrap();
    }
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set
        .game(id)
        .unwrap_or_else(|| panic!("{id} does not load"))
        .clone();
    (dir, plugin)
}

/// A hunt of `games` games, bounded by games and positions only (the same on any
/// machine).
fn hunt(games: u64) -> CheckConfig {
    CheckConfig {
        games_per_set: 2,
        hunt: Some(Hunt {
            games,
            seconds: 600.0,
            ..Hunt::default()
        }),
        ..CheckConfig::default()
    }
}

#[test]
fn the_quick_suite_misses_the_rare_chase_but_the_hunt_finds_it_and_names_the_key() {
    let (_dir, plugin) = load(&[rare_chase()], "bohnenspiel-endless");
    // What `tavola check` did before the hunt: eight-odd games, no cycle seen.
    let quick = check_plugin(&plugin, &CheckConfig::default());
    assert!(quick.passed(), "{:#?}", quick.failures);

    let report = check_plugin(&plugin, &hunt(40));
    assert!(!report.passed(), "the rare chase passed the hunt");
    let hunt = report.hunt.as_ref().expect("the hunt ran");
    assert!(hunt.games >= 1 && hunt.games <= 40, "{hunt:?}");
    let failure = report.failures.last().unwrap();
    for needed in [
        "an endless game",
        &format!("occurred {ENDLESS_TIMES} times without the game ending"),
        "the line of play from it back to it",
        "set `cycle_ends_game = true` in the file's `[rules]` table",
    ] {
        assert!(failure.contains(needed), "`{needed}` missing: {failure}");
    }
    // The file's words, not the Rust field.
    assert!(!failure.contains("Config::"), "{failure}");
    // The chase itself: one bean a side, the rest captured (two beans on the board).
    let position = failure
        .split("the position `")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("the position is shown");
    let board = position.split(' ').next().unwrap();
    let beans: u32 = board
        .split(['/', ','])
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert!(beans <= 4, "few beans are left in a chase: {position}");
}

#[test]
fn the_same_rules_with_the_cycle_rule_pass_the_same_hunt() {
    let (_dir, plugin) = load(&[bohnenspiel()], "bohnenspiel");
    let report = check_plugin(&plugin, &hunt(40));
    assert!(report.passed(), "{:#?}", report.failures);
    let hunt = report.hunt.as_ref().unwrap();
    assert_eq!(hunt.games, 40);
    assert!(hunt.positions_searched > 1_000, "{hunt:?}");
}

/// Runs the `tavola` binary with the loader's folder; (exit success, stdout, stderr,
/// time taken).
fn tavola(dir: &Path, args: &[&str]) -> (bool, String, String, Duration) {
    let cache = tempfile::tempdir().unwrap();
    let start = Instant::now();
    let out = Command::new(attack_support::tavola_exe())
        .args(["--no-default-plugins", "--plugins"])
        .arg(dir)
        .args(args)
        .env("TAVOLA_CACHE_DIR", cache.path())
        .env("LANG", "C")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

#[test]
fn tavola_check_refuses_the_rare_chase_by_default_with_progress_and_the_key() {
    let dir = plugins_folder(&[library("mancala_data")]);
    let file = rare_chase();
    let (ok, out, err, _) = tavola(dir.path(), &["check", file.to_str().unwrap()]);
    assert!(!ok, "{out}\n{err}");
    assert!(
        out.contains("FAILED:") && out.contains("set `cycle_ends_game = true`"),
        "{out}"
    );
    assert!(out.contains("The hunt for rare endless games:"), "{out}");
    assert!(
        err.contains("option set 1 of 1 checked") && err.contains("hunting endless games:"),
        "progress on standard error: {err}"
    );
}

#[test]
fn tavola_check_keeps_to_its_time_limit_on_a_file_whose_games_barely_end() {
    let dir = plugins_folder(&[library("mancala_data")]);
    let file = fixtures().join("slow-games/relay-marathon.mancala.toml");
    let (ok, out, err, took) = tavola(
        dir.path(),
        &["check", file.to_str().unwrap(), "--time-limit", "5"],
    );
    assert!(!ok, "{out}\n{err}");
    assert!(
        out.contains("the check's time limit (5 s) was reached"),
        "{out}\n{err}"
    );
    assert!(err.contains("option set 1 of 1"), "progress: {err}");
    // The limit, plus the call under way and loading: never the 590 s of old.
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn a_pallanguzhi_without_the_cycle_rule_is_refused_and_passes_with_it() {
    let dir = fixtures().join("endless-chase-rare");
    let (endless, ended) = (
        dir.join("pallanguzhi-endless.mancala.toml"),
        dir.join("pallanguzhi-ended.mancala.toml"),
    );
    let (_d, plugin) = load(std::slice::from_ref(&endless), "pallanguzhi-endless");
    let report = check_plugin(&plugin, &hunt(40));
    let failure = report.failures.last().expect("refused");
    assert!(
        failure.contains("an endless game") && failure.contains("set `cycle_ends_game = true`"),
        "{failure}"
    );
    let (_d, plugin) = load(&[ended], "pallanguzhi-ended");
    let report = check_plugin(&plugin, &hunt(40));
    assert!(report.passed(), "{:#?}", report.failures);
}
