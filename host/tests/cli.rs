//! The `tavola` binary on the real plugins: every subcommand, and clear errors.

mod common;

use common::plugins_of;
use tavola::record::Record;

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// A plugins folder holding only Kalah.
fn plugins() -> tempfile::TempDir {
    plugins_of(&["kalah"])
}

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn tavola(plugins: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .arg("--no-default-plugins")
        .arg("--plugins")
        .arg(plugins)
        .args(args)
        .output()
        .unwrap();
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn list_shows_the_plugin_as_text_and_json() {
    let dir = plugins();
    let run = tavola(dir.path(), &["list"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("kalah"));
    assert!(run.stdout.contains("loaded"));
    let run = tavola(dir.path(), &["list", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let plugin = &json["plugins"][0];
    assert_eq!(plugin["id"], "kalah");
    assert_eq!(plugin["name"], "Kalah");
    assert_eq!(plugin["status"], "loaded");
    assert_eq!(plugin["api_level"], game_api::API_LEVEL);
}

#[test]
fn perft_matches_the_published_counts() {
    let dir = plugins();
    let run = tavola(dir.path(), &["perft", "kalah", "5"]);
    assert!(run.ok, "{}", run.stderr);
    let counts: Vec<&str> = run
        .stdout
        .lines()
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(counts, ["6", "35", "185", "942", "4690"]);
    let small = tavola(dir.path(), &["perft", "kalah", "1", "--option", "houses=4"]);
    assert!(small.stdout.starts_with("depth 1: 4 "), "{}", small.stdout);
}

#[test]
fn moves_lists_each_move_with_the_position_it_leads_to() {
    let dir = plugins();
    let run = tavola(dir.path(), &["moves", "kalah"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("c        4,4,0,5,5,5/4,4,4,4,4,4 1-0 S"),
        "{}",
        run.stdout
    );
    let run = tavola(
        dir.path(),
        &[
            "moves",
            "kalah",
            "--position",
            "0,0,1,0,0,0/0,0,4,0,0,0 0-0 S",
            "--json",
        ],
    );
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 1);
    assert_eq!(json[0]["notation"], "c");
    assert_eq!(json[0]["result"], "0,0,0,0,0,0/0,0,0,0,0,0 5-0 N");
}

#[test]
fn play_is_reproducible_and_its_record_replays() {
    let dir = plugins();
    let record: PathBuf = dir.path().join("game.json");
    let args = [
        "play", "kalah", "--seed", "7", "--seat", "random", "--seat", "greedy",
    ];
    let first = tavola(
        dir.path(),
        &[&args[..], &["--record", record.to_str().unwrap()]].concat(),
    );
    assert!(first.ok, "{}", first.stderr);
    assert!(first.stdout.contains("Result: "), "{}", first.stdout);
    let second = tavola(dir.path(), &args);
    let moves = |s: &str| {
        s.lines()
            .filter(|l| l.contains(". "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        moves(&first.stdout),
        moves(&second.stdout),
        "same seed, same game"
    );

    let replay = tavola(dir.path(), &["replay", record.to_str().unwrap()]);
    assert!(replay.ok, "{}", replay.stderr);
    assert!(replay.stdout.contains("every move legal"));
    let result_line = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("Result:"))
            .unwrap()
            .to_owned()
    };
    assert_eq!(result_line(&replay.stdout), result_line(&first.stdout));

    // The record is the documented save format.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["format"], "tavola-record");
    assert_eq!(json["game"], "kalah");
    assert_eq!(json["seed"], 7);
    assert_eq!(json["options"]["houses"], 6);
    assert_eq!(json["seats"][1], "greedy");
    // Every move carries the check of the position it leads to.
    let moves = json["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let check = m["check"].as_str().unwrap();
        assert!(
            check.len() == 8 && check.chars().all(|c| c.is_ascii_hexdigit()),
            "{m}"
        );
    }
    assert!(
        json["result"].is_object(),
        "the finished game has its result"
    );
}

#[test]
fn a_killed_play_keeps_every_move_played_in_its_record() {
    let dir = plugins();
    let record = dir.path().join("live.json");
    // Slow bots, so that the game is far from over when it is killed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .arg("--no-default-plugins")
        .arg("--plugins")
        .arg(dir.path())
        .args(["play", "kalah", "--seed", "2", "--seat", "mcts:2000:1"])
        .args(["--seat", "mcts:2000:1", "--record"])
        .arg(&record)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // While the game goes on the file is a journal (one move per line), which reads as a
    // record at every moment.
    let moves_in = |path: &Path| -> usize {
        if path.exists() {
            Record::read(path).unwrap().moves.len()
        } else {
            0
        }
    };
    let started = std::time::Instant::now();
    while moves_in(&record) < 3 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "no 3 moves in 2 minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL on Unix: no chance to save on the way out
    child.wait().unwrap();
    let read = Record::read(&record).unwrap();
    let played = read.moves.len();
    assert!(played >= 3, "{read:?}");
    assert!(read.result.is_none(), "killed before the end");
    assert!(read.moves.iter().all(|m| m.check.is_some()));
    let replay = tavola(dir.path(), &["replay", record.to_str().unwrap()]);
    assert!(replay.ok, "{}", replay.stderr);
    assert!(
        replay
            .stdout
            .contains(&format!("{played} moves of kalah replayed")),
        "{}",
        replay.stdout
    );
    assert!(replay.stdout.contains("Not over"), "{}", replay.stdout);
}

#[test]
fn replay_says_what_is_wrong_with_a_bad_record() {
    let dir = plugins();
    let path = dir.path().join("game.json");
    let run = tavola(
        dir.path(),
        &[
            "play",
            "kalah",
            "--seed",
            "3",
            "--record",
            path.to_str().unwrap(),
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    let good = std::fs::read_to_string(&path).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&good).unwrap();

    let write = |v: &serde_json::Value| {
        let p = dir.path().join("bad.json");
        std::fs::write(&p, serde_json::to_string(v).unwrap()).unwrap();
        p
    };
    let fails_with = |p: &Path, needle: &str| {
        let run = tavola(dir.path(), &["replay", p.to_str().unwrap()]);
        assert!(!run.ok, "{needle}: should fail");
        assert!(
            run.stderr.contains(needle),
            "expected {needle:?} in {:?}",
            run.stderr
        );
    };

    // An illegal move in the middle.
    let original = json["moves"][3].clone();
    json["moves"][3]["id"] = 99.into();
    fails_with(&write(&json), "move 4 (`");
    json["moves"][3] = original;
    // A position check that does not match: the rules diverge at that move.
    let original = json["moves"][4].clone();
    json["moves"][4]["check"] = "0badc0de".into();
    fails_with(
        &write(&json),
        "the plugin's rules diverge from the record at move 5 (",
    );
    fails_with(
        &write(&json),
        "the record expects position check 0badc0de, the plugin gives ",
    );
    json["moves"][4] = original;
    // A notation that does not match.
    json["moves"][0]["notation"] = "z".into();
    fails_with(&write(&json), "the plugin writes move id");
    // Options out of range, an unknown game, another format, broken JSON.
    let mut bad_options: serde_json::Value = serde_json::from_str(&good).unwrap();
    bad_options["options"]["houses"] = 9.into();
    fails_with(&write(&bad_options), "option `houses`: `9` is not allowed");
    let mut other_game: serde_json::Value = serde_json::from_str(&good).unwrap();
    other_game["game"] = "oware".into();
    fails_with(&write(&other_game), "no game `oware` (loaded: kalah)");
    fails_with(
        &write(&serde_json::json!({"hello": 1})),
        "no `format` field",
    );
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, &good[..good.len() / 2]).unwrap();
    fails_with(&broken, "not a Tavola game record");
    fails_with(&dir.path().join("missing.json"), "missing.json");
    // A different result.
    let mut result: serde_json::Value = serde_json::from_str(&good).unwrap();
    result["result"]["seats"][0]["score"] = 1000.into();
    fails_with(&write(&result), "the replayed result differs");
}

#[test]
fn an_old_record_without_checks_replays_with_a_warning() {
    let dir = plugins();
    let path = dir.path().join("game.json");
    let run = tavola(
        dir.path(),
        &[
            "play",
            "kalah",
            "--seed",
            "4",
            "--record",
            path.to_str().unwrap(),
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    let checked = tavola(dir.path(), &["replay", path.to_str().unwrap()]);
    assert!(
        checked.ok && checked.stderr.is_empty(),
        "{}",
        checked.stderr
    );
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // Another plugin version with matching checks is fine, with a word.
    let mut other_version = json.clone();
    other_version["plugin_version"] = "0.0.1".into();
    std::fs::write(&path, serde_json::to_string(&other_version).unwrap()).unwrap();
    let other = tavola(dir.path(), &["replay", path.to_str().unwrap()]);
    assert!(other.ok, "{}", other.stderr);
    assert!(
        other.stderr.contains(
            "recorded with kalah 0.0.1, replayed with 0.1.0; every recorded position check matches"
        ),
        "{}",
        other.stderr
    );
    // Without checks (an older record): loads, replays, and says it could not check.
    for m in json["moves"].as_array_mut().unwrap() {
        m.as_object_mut().unwrap().remove("check");
    }
    std::fs::write(&path, serde_json::to_string(&json).unwrap()).unwrap();
    let old = tavola(dir.path(), &["replay", path.to_str().unwrap()]);
    assert!(old.ok, "{}", old.stderr);
    assert!(
        old.stderr.contains("the record carries no position checks"),
        "{}",
        old.stderr
    );
    assert!(old.stdout.contains("every move legal"), "{}", old.stdout);
}

#[test]
fn match_records_every_game_and_each_one_replays() {
    let dir = plugins();
    let games = dir.path().join("series");
    let run = tavola(
        dir.path(),
        &[
            "match",
            "kalah",
            "random",
            "greedy",
            "--games",
            "3",
            "--seed",
            "5",
            "--record",
            games.to_str().unwrap(),
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    for i in 0..3 {
        let path = games.join(format!("game-{i:04}.json"));
        let record = Record::read(&path).unwrap();
        assert_eq!(record.seed, Some(5 + i));
        assert!(record.result.is_some(), "game {i} finished");
        assert!(record.seats.contains(&"greedy".to_owned()));
        let replay = tavola(dir.path(), &["replay", path.to_str().unwrap()]);
        assert!(replay.ok, "{}", replay.stderr);
    }
    assert_eq!(
        std::fs::read_dir(&games).unwrap().count(),
        3,
        "no leftovers"
    );
}

#[test]
fn numeric_arguments_out_of_range_are_refused_naming_the_flag_and_range() {
    let dir = plugins();
    let cases: &[(&[&str], &str)] = &[
        (&["bench", "kalah", "--seconds", "-1"], "--seconds"),
        (&["bench", "kalah", "--seconds", "NaN"], "--seconds"),
        (&["bench", "kalah", "--seconds", "inf"], "--seconds"),
        (&["bench", "kalah", "--seconds", "1e30"], "--seconds"),
        (&["bench", "kalah", "--seconds", "0"], "--seconds"),
        (&["bench", "kalah", "--seconds", "soon"], "--seconds"),
        (&["bench", "kalah", "--simulations", "0"], "--simulations"),
        (&["hint", "kalah", "--millis", "0"], "--millis"),
        (&["check", "kalah", "--games", "0"], "--games"),
        (
            &["match", "kalah", "random", "random", "--games", "0"],
            "--games",
        ),
        (&["perft", "kalah", "0"], "<DEPTH>"),
        (&["perft", "kalah", "31"], "<DEPTH>"),
        (&["open", "kalah", "--moves", "10001"], "--moves"),
        (&["solve", "kalah", "--memory", "0"], "--memory"),
        (&["solve", "kalah", "--memory", "1000000000"], "--memory"),
    ];
    for (args, flag) in cases {
        let run = tavola(dir.path(), args);
        assert!(!run.ok, "{args:?} should fail");
        assert!(
            run.stderr.contains(&format!(
                "invalid value '{}' for '{flag}",
                args[args.len() - 1]
            )),
            "{args:?}: {}",
            run.stderr
        );
        // The message says what is allowed.
        assert!(
            run.stderr.contains(" is not in ") || run.stderr.contains("expected "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    }
    let ok = tavola(dir.path(), &["bench", "kalah", "--seconds", "0.05"]);
    assert!(ok.ok, "{}", ok.stderr);
}

#[test]
fn solve_gives_the_exact_value_within_its_memory_budget() {
    let dir = plugins();
    let run = tavola(
        dir.path(),
        &[
            "solve",
            "kalah",
            "--option",
            "houses=3",
            "--option",
            "seeds=3",
            "--option",
            "empty_capture=true",
            "--memory",
            "1",
            "--quiet",
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(run.stdout.contains("Value: +2 "), "{}", run.stdout);
    assert!(run.stdout.contains("of 1 MB)"), "{}", run.stdout);
    assert!(run.stderr.is_empty(), "quiet: {}", run.stderr);
}

#[test]
fn bad_input_gets_a_clear_error_and_a_failing_exit() {
    let dir = plugins();
    let cases: [(&[&str], &str); 6] = [
        (&["play", "chess"], "no game `chess` (loaded: kalah)"),
        (
            &["play", "kalah", "--option", "houses=9"],
            "expected a whole number from 3 to 6",
        ),
        (
            &["play", "kalah", "--option", "colour=red"],
            "unknown option `colour`",
        ),
        (
            &["moves", "kalah", "--position", "4,4/4,4 0-0 S"],
            "South has 2 houses",
        ),
        (&["play", "kalah", "--seat", "genius"], "no bot `genius`"),
        (
            &[
                "play", "kalah", "--seat", "random", "--seat", "random", "--seat", "random",
            ],
            "3 seats given",
        ),
    ];
    for (args, needle) in cases {
        let run = tavola(dir.path(), args);
        assert!(!run.ok, "{args:?} should fail");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn check_runs_the_conformance_suite_on_a_file() {
    let dir = plugins();
    let lib = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let run = tavola(
        dir.path(),
        &["check", lib.to_str().unwrap(), "--games", "2"],
    );
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("All checks passed."));
    let junk = dir.path().join("junk.so");
    std::fs::write(&junk, b"junk").unwrap();
    let run = tavola(dir.path(), &["check", junk.to_str().unwrap()]);
    assert!(!run.ok);
    assert!(run.stderr.contains("does not load"), "{}", run.stderr);
}

#[test]
fn every_mancala_game_plays_lists_moves_and_counts_perft_with_every_option() {
    let dir = plugins_of(&["kalah", "oware", "congkak", "o_an_quan"]);
    let cases: &[(&str, &[&str])] = &[
        (
            "kalah",
            &[
                "houses=3",
                "houses=6",
                "seeds=3",
                "seeds=6",
                "empty_capture=true",
            ],
        ),
        (
            "oware",
            &[
                "seeds=4",
                "seeds=6",
                "grand_slam=no_capture",
                "grand_slam=forbidden",
                "grand_slam=capture_all",
            ],
        ),
        (
            "congkak",
            &[
                "houses=5",
                "houses=9",
                "capture=opposite_only",
                "capture=last_even_if_opposite_empty",
                "rounds=many",
                "simultaneous_opening=true",
            ],
        ),
        (
            "o-an-quan",
            &[
                "mandarin=big_stone_10",
                "mandarin=big_stone_5",
                "mandarin=ten_small_stones",
                "quan_non=true",
            ],
        ),
    ];
    for (game, options) in cases {
        for option in *options {
            let o = ["--option", option];
            let play = tavola(
                dir.path(),
                &[&["play", game, "--seed", "5"][..], &o].concat(),
            );
            assert!(
                play.ok && play.stdout.contains("Result: "),
                "{game} {option}: {}",
                play.stderr
            );
            let moves = tavola(dir.path(), &[&["moves", game][..], &o].concat());
            assert!(
                moves.ok && moves.stdout.lines().count() > 2,
                "{game} {option}: {}",
                moves.stderr
            );
            let perft = tavola(dir.path(), &[&["perft", game, "3"][..], &o].concat());
            assert!(
                perft.ok && perft.stdout.contains("depth 3: "),
                "{game} {option}: {}",
                perft.stderr
            );
        }
    }
    let oware = tavola(dir.path(), &["perft", "oware", "5"]);
    let counts: Vec<&str> = oware
        .stdout
        .lines()
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(counts, ["6", "36", "190", "1014", "5219"]);
}

#[test]
fn zaroc_and_the_storks_finish_between_bots_and_replay_exactly() {
    let dir = plugins_of(&["zaroc", "stork_migration"]);
    let cases: [(&str, &[&str]); 4] = [
        ("zaroc", &[]),
        (
            "zaroc",
            &["--option", "diagonal_a=true", "--option", "first=second"],
        ),
        ("stork-migration", &["--option", "randomiser=coins"]),
        ("stork-migration", &["--option", "randomiser=die"]),
    ];
    for (i, (game, options)) in cases.iter().enumerate() {
        let record = dir.path().join(format!("game{i}.json"));
        let args = [
            &[
                "play",
                game,
                "--seed",
                "11",
                "--record",
                record.to_str().unwrap(),
            ][..],
            options,
        ]
        .concat();
        let played = tavola(dir.path(), &args);
        assert!(played.ok, "{game}: {}", played.stderr);
        assert!(played.stdout.contains("Result: "), "{game} did not finish");
        let replayed = tavola(dir.path(), &["replay", record.to_str().unwrap()]);
        assert!(replayed.ok, "{game}: {}", replayed.stderr);
        let last = |s: &str| {
            s.lines()
                .find(|l| l.starts_with("Position:"))
                .unwrap()
                .to_owned()
        };
        assert_eq!(last(&played.stdout), last(&replayed.stdout), "{game}");
    }
}
