//! The sandbox seen from outside: what `tavola list` says of it, a worker that refuses a
//! tampered private copy, records written through the broker, and `--no-sandbox`.
//! (The attacks themselves are in `tests/tests/sandbox.rs`, with a plugin written to
//! attack.)

mod common;

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{Command, Stdio},
    time::Duration,
};

use common::plugins_of;
use tavola::sandbox::{SandboxState, system_state};

fn tavola(plugins: &Path, cache: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--lang", "en", "--no-default-plugins", "--plugins"])
        .arg(plugins)
        .args(args)
        .env("TAVOLA_CACHE_DIR", cache)
        .env_remove("TAVOLA_NO_SANDBOX")
        .output()
        .unwrap()
}

#[test]
fn list_says_how_plugins_are_confined() {
    let plugins = plugins_of(&["kalah"]);
    let cache = tempfile::tempdir().unwrap();
    let out = tavola(plugins.path(), cache.path(), &["list"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    match system_state() {
        SandboxState::Sandboxed { .. } => {
            assert!(
                text.contains("Plugins run sandboxed (Landlock ABI"),
                "{text}"
            )
        }
        SandboxState::Unavailable { .. } => {
            assert!(text.contains("not sandboxed on this system: "), "{text}")
        }
        SandboxState::Off => {}
    }
    let out = tavola(plugins.path(), cache.path(), &["list", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["sandbox"]["sandboxed"], system_state().is_sandboxed());
    let out = tavola(plugins.path(), cache.path(), &["--no-sandbox", "list"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("SANDBOX OFF"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("SANDBOX OFF"));
}

#[test]
fn commands_play_and_write_their_records_inside_the_sandbox() {
    let plugins = plugins_of(&["kalah"]);
    let cache = tempfile::tempdir().unwrap();
    let record = plugins.path().join("records").join("game.json");
    let out = tavola(
        plugins.path(),
        cache.path(),
        &[
            "play",
            "kalah",
            "--seed",
            "3",
            "--seat",
            "greedy",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replay = tavola(
        plugins.path(),
        cache.path(),
        &["replay", record.to_str().unwrap()],
    );
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let folder = plugins.path().join("series");
    let out = tavola(
        plugins.path(),
        cache.path(),
        &[
            "match",
            "kalah",
            "random",
            "greedy",
            "--games",
            "2",
            "--record",
            folder.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-0000.json", "game-0001.json"]);
}

/// Sends one request line to a worker and reads one answer line.
fn ask(
    stdin: &mut std::process::ChildStdin,
    stdout: &mut BufReader<std::process::ChildStdout>,
    request: serde_json::Value,
) -> serde_json::Value {
    writeln!(stdin, "{request}").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or(serde_json::Value::Null)
}

#[test]
fn a_worker_refuses_a_private_copy_whose_content_changed() {
    let plugins = plugins_of(&["kalah"]);
    let cache = tempfile::tempdir().unwrap();
    // Discovery makes the private copy.
    let out = tavola(plugins.path(), cache.path(), &["list"]);
    assert!(out.status.success());
    let copy = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.extension()
                .is_some_and(|e| e == std::env::consts::DLL_EXTENSION)
        })
        .expect("a private copy");
    let load = |copy: &Path| {
        let mut worker = Command::new(env!("CARGO_BIN_EXE_tavola"))
            .arg("worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = worker.stdin.take().unwrap();
        let mut stdout = BufReader::new(worker.stdout.take().unwrap());
        let answer = ask(
            &mut stdin,
            &mut stdout,
            serde_json::json!({"id": 1, "request": {"Load": {"copy": copy, "language": "en"}}}),
        );
        drop(stdin);
        let _ = worker.wait();
        answer
    };
    let fine = load(&copy);
    assert!(fine["reply"]["Ok"]["Loaded"].is_object(), "{fine}");
    // The same length, another content: a planted library under Kalah's name.
    let mut bytes = std::fs::read(&copy).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&copy, &bytes).unwrap();
    let refused = load(&copy);
    let error = refused["reply"]["Err"].to_string();
    assert!(error.contains("was changed after it was made"), "{refused}");
    // Discovery notices too, and makes the copy again from the plugins folder.
    let out = tavola(plugins.path(), cache.path(), &["list"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("loaded"));
    assert_ne!(std::fs::read(&copy).unwrap(), bytes);
    std::thread::sleep(Duration::from_millis(1));
}
