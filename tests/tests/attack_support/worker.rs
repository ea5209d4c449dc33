//! Driving `tavola worker` directly, as the app does: an empty environment but for the
//! variables the host passes on, one JSON request per line on its standard input, one
//! answer per line on its standard output.

use std::time::Duration;

use serde_json::{Value, json};

use super::{ATTACK_VARS, Attempt, Listener, Outcome, RUN_LIMIT, run_as, tavola_args};

/// The moves of a whole game of the attacker's Nim (7 stones, one at a time).
pub const WHOLE_GAME: usize = 7;

/// The requests of a game: load the attacker's private copy, start a game, then take
/// one stone `plays` times. Ids count from 1 in that order.
pub fn game_script(attempt: &Attempt<'_>, plays: usize) -> String {
    let library = tavola_tests::library("fixture_attacker");
    let copy = tavola::plugins::private_copy(&library, &attempt.home.cache())
        .expect("the private copy can be made");
    let mut calls = vec![
        json!({"id": 1, "request": {"Load": {
            "copy": copy.path, "language": "en",
        }}}),
        json!({"id": 2, "request": {"Start": {
            "options": {}, "position": null, "moves": [], "language": "en",
        }}}),
    ];
    for i in 0..plays {
        calls.push(json!({"id": 3 + i, "request": {"Play": {"mv": 1}}}));
    }
    calls.iter().map(|c| format!("{c}\n")).collect()
}

impl Attempt<'_> {
    /// Runs `tavola worker` on `script` with the environment the host gives a worker.
    pub fn worker(&self, script: &str) -> Outcome {
        let listener = Listener::start();
        let env = self.env(listener.port);
        let passed: Vec<String> = env
            .iter()
            .filter(|(k, _)| ATTACK_VARS.contains(&k.as_str()) || k == "TAVOLA_NO_SANDBOX")
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let mut program = vec!["/usr/bin/env".to_owned(), "-i".to_owned()];
        program.extend(passed);
        program.extend(tavola_args(self.home, self.sandbox, &["worker"]));
        if let Some(uid) = self.user {
            super::give_to(self.home.root.path(), uid);
        }
        let root = self.home.root.path();
        let run = run_as(
            self.user,
            root,
            &program,
            &env,
            script.as_bytes(),
            RUN_LIMIT,
        );
        let (connections, received) = listener.finish();
        Outcome {
            run,
            connections,
            received,
        }
    }
}

/// The worker's answers, by id (lines that are not answers are skipped).
pub fn answers(stdout: &str) -> Vec<(u64, Value)> {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| Some((v.get("id")?.as_u64()?, v.get("reply")?.clone())))
        .collect()
}

/// Whether requests `1..=count` were all answered, each with `Ok`.
pub fn game_answers_ok(stdout: &str, count: usize) -> bool {
    let answers = answers(stdout);
    (1..=count as u64).all(|id| {
        answers
            .iter()
            .any(|(i, reply)| *i == id && reply.get("Ok").is_some())
    })
}

/// Whether the answers end with a finished game: the last move's snapshot has an
/// outcome.
pub fn game_over(stdout: &str) -> bool {
    answers(stdout).last().is_some_and(|(_, reply)| {
        reply
            .pointer("/Ok/Played/snapshot/turn/turn")
            .and_then(Value::as_str)
            == Some("over")
    })
}

/// A short pause for a daemon's delay to pass.
pub fn settle(delay: Duration) {
    std::thread::sleep(delay + Duration::from_millis(700));
}
