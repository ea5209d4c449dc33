//! Records kept as games are played, position checks, and the ranges of the command
//! line's numbers: the `tavola` binary on the real Kalah plugin.

mod common;
#[path = "common/cli.rs"]
mod run;

use run::tavola;

use common::plugins_of;
use tavola::record::Record;

use std::{path::Path, process::Command};

/// A plugins folder holding only Kalah.
fn plugins() -> tempfile::TempDir {
    plugins_of(&["kalah"])
}

#[test]
fn a_killed_play_keeps_every_move_played_in_its_record() {
    let dir = plugins();
    let record = dir.path().join("live.json");
    // Slow bots, so that the game is far from over when it is killed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--lang", "en", "--no-default-plugins"])
        .arg("--plugins")
        .arg(dir.path())
        .args(["play", "kalah", "--seed", "2", "--seat", "mcts:5000:1"])
        .args(["--seat", "mcts:5000:1", "--record"])
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

/// `tavola match kalah random greedy` of `games` games from `seed`, each recorded in the
/// folder returned (`series` in `dir`).
fn kalah_match(dir: &std::path::Path, games: u32, seed: u64) -> std::path::PathBuf {
    let folder = dir.join("series");
    let (games, seed) = (games.to_string(), seed.to_string());
    let run = tavola(
        dir,
        &[
            "match",
            "kalah",
            "random",
            "greedy",
            "--games",
            &games,
            "--seed",
            &seed,
            "--record",
            folder.to_str().unwrap(),
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    folder
}

#[test]
fn match_records_every_game_and_each_one_replays() {
    let dir = plugins();
    let games = kalah_match(dir.path(), 3, 5);
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
        (&["hint", "kalah", "--time", "0"], "--time"),
        (&["check", "kalah", "--games", "0"], "--games"),
        (
            &["match", "kalah", "random", "random", "--games", "0"],
            "--games",
        ),
        (&["perft", "kalah", "0"], "<DEPTH>"),
        (&["perft", "kalah", "31"], "<DEPTH>"),
        (
            &["open", "kalah", "--random-moves", "10001"],
            "--random-moves",
        ),
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

#[cfg(unix)]
#[test]
fn a_record_to_a_device_or_a_fifo_is_refused_and_the_node_stays() {
    use std::os::unix::fs::FileTypeExt;
    let dir = plugins();
    // `/dev/full` fails every write; as root, a rename would have replaced the node.
    let run = tavola(
        dir.path(),
        &["play", "kalah", "--seed", "1", "--record", "/dev/full"],
    );
    assert!(!run.ok, "{}", run.stdout);
    assert!(
        run.stderr.contains("/dev/full")
            && run.stderr.contains("a character device")
            && run.stderr.contains("not a regular file"),
        "{}",
        run.stderr
    );
    let kind = std::fs::symlink_metadata("/dev/full").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/full is still a device");
    // A FIFO: refused without being opened (opening it would wait for a reader).
    let fifo = dir.path().join("pipe.json");
    let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid C string; mkfifo only creates a node.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let run = tavola(
        dir.path(),
        &[
            "play",
            "kalah",
            "--seed",
            "1",
            "--record",
            fifo.to_str().unwrap(),
        ],
    );
    assert!(!run.ok && run.stderr.contains("a FIFO"), "{}", run.stderr);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn ogn_export_of_a_kalah_record_says_the_record_is_not_of_oware() {
    let dir = plugins_of(&["kalah", "oware"]);
    let games = kalah_match(dir.path(), 1, 3);
    let record = games.join("game-0000.json");
    let export = tavola(dir.path(), &["ogn", "export", record.to_str().unwrap()]);
    assert!(!export.ok, "{}", export.stdout);
    assert!(
        export.stderr.contains("a game of Kalah") && export.stderr.contains("Oware games only"),
        "{}",
        export.stderr
    );
    assert!(!export.stderr.contains("option"), "{}", export.stderr);
}
