//! `tavola play --seat human`: a person's moves read from standard input, through the real
//! binary — the prompt, the refusal of a bad move, a whole game typed move by move, and
//! an input that ends before the game does (the moves played kept in the record).

mod attack_support;

use std::{
    io::{Read, Write},
    path::Path,
    process::{Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use tavola_tests::{library, plugins_folder};

fn command(dir: &Path, cache: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(attack_support::tavola_exe());
    c.args(["--no-default-plugins", "--plugins"])
        .arg(dir)
        .args(args)
        .env("TAVOLA_CACHE_DIR", cache)
        .env("LANG", "C")
        .env("LC_ALL", "C");
    c
}

#[test]
fn a_bad_move_is_refused_a_good_one_played_and_an_ended_input_stops_the_game() {
    let dir = plugins_folder(&[library("kalah")]);
    let cache = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.json");
    let mut child = command(
        dir.path(),
        cache.path(),
        &[
            "play", "kalah", "--seat", "human", "--seat", "random", "--seed", "3", "--record",
        ],
    )
    .arg(&record)
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // A bad move, a blank line, then `c` (4 seeds: the last in South's store, so South
    // plays again), then the input ends.
    child.stdin.take().unwrap().write_all(b"zz\n\nc\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(
            "South to move at 4,4,4,4,4,4/4,4,4,4,4,4 0-0 S; legal moves: a b c d e f. Your move:"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("`zz` is not a legal move here; type one of: a b c d e f"),
        "{stdout}"
    );
    assert!(stdout.contains("   1. South      c"), "{stdout}");
    assert!(
        stdout.contains("South to move at 4,4,0,5,5,5/4,4,4,4,4,4 1-0 S;"),
        "{stdout}"
    );
    assert!(
        stderr.contains("standard input ended before South chose a move"),
        "{stderr}"
    );
    // The move typed is in the record, saved although the game stopped.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let moves = saved["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1, "{saved}");
    assert!(saved.to_string().contains("\"c\""), "{saved}");
}

/// Reads `child`'s standard output on a thread, in chunks (a prompt ends without a
/// newline).
fn chunks(mut out: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = out.read(&mut buf) {
            if n == 0
                || tx
                    .send(String::from_utf8_lossy(&buf[..n]).into_owned())
                    .is_err()
            {
                break;
            }
        }
    });
    rx
}

#[test]
fn a_person_plays_a_whole_game_by_answering_each_prompt() {
    let dir = plugins_folder(&[library("kalah")]);
    let cache = tempfile::tempdir().unwrap();
    let mut child = command(
        dir.path(),
        cache.path(),
        &[
            "play", "kalah", "--seat", "greedy", "--seat", "human", "--seed", "5",
        ],
    )
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let rx = chunks(child.stdout.take().unwrap());
    let (mut seen, mut answered, mut typed) = (String::new(), 0usize, 0usize);
    let deadline = Instant::now() + Duration::from_secs(120);
    while let Ok(chunk) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        seen.push_str(&chunk);
        let prompts = seen.matches("Your move:").count();
        if prompts > answered {
            // Answer the last prompt with its last legal move, in capitals (the
            // notation is matched without regard to case when that is unambiguous).
            let last = seen.rfind("legal moves: ").unwrap() + "legal moves: ".len();
            let list = &seen[last..seen[last..].find(". Your move:").unwrap() + last];
            let pick = list.split(' ').next_back().unwrap().to_uppercase();
            writeln!(stdin, "{pick}").unwrap();
            answered = prompts;
            typed += 1;
        }
    }
    let status = child.wait().unwrap();
    assert!(status.success(), "{seen}");
    assert!(typed >= 3, "North typed {typed} moves: {seen}");
    assert!(seen.contains("North to move at "), "{seen}");
    assert!(seen.contains("Result: "), "{seen}");
    assert!(!seen.contains("is not a legal move"), "{seen}");
}
