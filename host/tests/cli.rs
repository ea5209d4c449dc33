//! The `tavola` binary on the real plugins: every subcommand, and clear errors.

mod common;
#[path = "common/cli.rs"]
mod run;

use run::tavola;

use common::plugins_of;

use std::path::{Path, PathBuf};

/// A plugins folder holding only Kalah.
fn plugins() -> tempfile::TempDir {
    plugins_of(&["kalah"])
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
            "0,0,1,0,0,0/0,0,4,0,0,0 20-23 S",
            "--json",
        ],
    );
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 1);
    assert_eq!(json[0]["notation"], "c");
    assert_eq!(json[0]["result"], "0,0,0,0,0,0/0,0,0,0,0,0 25-23 N");
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
fn bad_input_gets_a_clear_error_and_a_failing_exit() {
    let dir = plugins();
    let cases: [(&[&str], &str); 6] = [
        (&["play", "chess"], "no game `chess` (loaded: kalah)"),
        (
            &["play", "kalah", "--option", "houses=9"],
            "expected a whole number from 1 to 6",
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
    // The long mode: random games until the budget is spent, by actions or by games.
    let lib = lib.to_str().unwrap();
    let run = tavola(dir.path(), &["check", lib, "--moves", "500"]);
    assert!(run.ok, "{}{}", run.stdout, run.stderr);
    let actions: u64 = run
        .stdout
        .split(" games, ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no action count in {}", run.stdout));
    assert!(actions >= 500, "{}", run.stdout);
    let run = tavola(
        dir.path(),
        &["check", lib, "--games", "3", "--seconds", "60"],
    );
    assert!(
        run.ok && run.stdout.contains(" 3 games, "),
        "{}",
        run.stdout
    );
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
