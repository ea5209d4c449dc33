//! The `tavola` binary against the hostile plugin: a crash inside the plugin ends the
//! command with a failure, bad data with a message naming the plugin and the rule it
//! broke; none hangs. (In the app, the plugin worker keeps the app alive; this is the
//! in-process command line.)

mod common;

use std::{
    path::Path,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use common::plugins_of;

struct Run {
    /// The exit code, if the process exited (rather than died of a signal).
    code: Option<i32>,
    success: bool,
    stdout: String,
    stderr: String,
}

/// Runs `tavola` with `TAVOLA_HOSTILE=fault`, killing it after `limit`.
fn tavola(plugins: &Path, fault: &str, args: &[&str], limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--lang", "en", "--no-default-plugins"])
        .arg("--plugins")
        .arg(plugins)
        .args(args)
        .env("TAVOLA_HOSTILE", fault)
        .env("TAVOLA_PASS_ENV", "TAVOLA_HOSTILE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read both pipes as the child writes, so that it never blocks on a full one.
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            pipe.read_to_end(&mut text).unwrap();
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!(
                "`tavola {}` with {fault} hung for {limit:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        success: status.success(),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

const PLAY: &[&str] = &["play", "hostile", "--seat", "random", "--seat", "random"];

#[test]
fn a_crash_inside_the_plugin_ends_play_with_a_failure_without_hanging() {
    let dir = plugins_of(&["fixture_hostile"]);
    let well = tavola(dir.path(), "", PLAY, Duration::from_secs(60));
    assert!(well.success, "{}", well.stderr);
    for fault in [
        "apply:abort",
        "apply:segfault",
        "after:2:stackoverflow",
        "legal_moves:abort",
    ] {
        let run = tavola(dir.path(), fault, PLAY, Duration::from_secs(60));
        assert!(!run.success, "{fault}: {}", run.stdout);
    }
    // Inside a bot's search.
    let search = ["play", "hostile", "--seat", "mcts:50", "--seat", "random"];
    let run = tavola(
        dir.path(),
        "simulate:abort",
        &search,
        Duration::from_secs(60),
    );
    // The plugin's process (the command's detached child) is killed by the signal; the
    // command says so and ends with 128 + its number, as a shell would.
    assert!(
        run.code == Some(128 + 6) && run.stderr.contains("SIGABRT"),
        "killed by a signal: {:?} {}",
        run.code,
        run.stderr
    );
    let run = tavola(
        dir.path(),
        "simulate:panic",
        &search,
        Duration::from_secs(60),
    );
    assert_eq!(run.code, Some(1), "a panic is an error: {}", run.stderr);
    assert!(run.stderr.contains("`hostile` panicked"), "{}", run.stderr);
    let run = tavola(dir.path(), "after:3:exit", PLAY, Duration::from_secs(60));
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert!(
        run.stdout.contains("2. "),
        "two moves were played: {}",
        run.stdout
    );
}

#[test]
fn bad_data_ends_play_with_the_plugin_and_the_rule_named() {
    let dir = plugins_of(&["fixture_hostile"]);
    for (fault, rule) in [
        ("turn:seat99", "every seat number is below the seat count"),
        ("no-moves", "a seat's turn has a legal move"),
        ("chance-empty", "a chance turn has outcomes"),
        (
            "chance-not-one",
            "chance probabilities are positive and sum to exactly 1",
        ),
        ("million-pieces", "sizes stay within the host's limits"),
        ("apply:panic", "panicked"),
    ] {
        let run = tavola(dir.path(), fault, PLAY, Duration::from_secs(60));
        assert!(!run.success, "{fault}: {}", run.stdout);
        assert!(
            run.stderr.contains("`hostile`") && run.stderr.contains(rule),
            "{fault}: {}",
            run.stderr
        );
        assert!(
            !run.stderr.contains("RUST_BACKTRACE"),
            "{fault}: the host panicked: {}",
            run.stderr
        );
    }
}

#[test]
fn a_game_that_never_ends_is_stopped_at_the_action_cap() {
    let dir = plugins_of(&["fixture_hostile"]);
    let run = tavola(dir.path(), "never-ends", PLAY, Duration::from_secs(120));
    assert!(!run.success);
    assert!(
        run.stderr.contains("did not end within 100000 actions"),
        "{}",
        run.stderr
    );
}
