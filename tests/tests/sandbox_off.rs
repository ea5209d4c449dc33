//! The attacks of `tests/sandbox.rs` with the sandbox off (`--no-sandbox`,
//! `TAVOLA_NO_SANDBOX=1`): each one really does what it says, seen from outside — the
//! secret reaches the listener, the files are planted and deleted, the shell runs, the
//! parent dies — so that "blocked" with the sandbox on means something.

mod attack_support;

use std::time::Duration;

use attack_support::{
    ATTACKER, Attempt, Home, Outcome, attempt, home_with_cache,
    worker::{WHOLE_GAME, game_script, settle},
};

/// Runs `attack` with the sandbox off through `how`, and returns the home and the outcome.
fn unsandboxed(attack: &str, how: Option<&[&str]>) -> (Home, Outcome) {
    let home = home_with_cache(attack);
    let out = {
        let trial = attempt(&home, Some(attack), false);
        let trial = Attempt {
            delay: if attack.ends_with("hold") {
                Duration::from_secs(3)
            } else {
                trial.delay
            },
            ..trial
        };
        let out = match how {
            Some(args) => trial.tavola(args),
            None => trial.worker(&game_script(&trial, WHOLE_GAME)),
        };
        if attack.ends_with("daemon") {
            settle(trial.delay);
        }
        out
    };
    (home, out)
}

/// What `attack` achieved, if it is seen from outside; `None` if nothing was seen.
fn achieved(attack: &str, how: Option<&[&str]>, parent_is_tavola: bool) -> Option<String> {
    let what = attack.split_once(':').map_or(attack, |(_, w)| w);
    let (home, out) = unsandboxed(attack, how);
    let received = String::from_utf8_lossy(&out.received).into_owned();
    let run = &out.run;
    let seen = match what {
        "read" => received.contains(&home.secret) && run.output().contains(&home.secret),
        "write" => home.mark(".planted").exists(),
        "delete" => !home.key_file().exists(),
        "connect" => received.contains("stolen"),
        "exec" => home.mark(".exec").exists(),
        "signal" if parent_is_tavola => run.code == Some(137),
        "signal" => run.shell_killed(),
        "ptrace" => received.contains(&home.parent_secret),
        "cache" => home
            .cache_files()
            .values()
            .any(|data| data.starts_with(b"owned by the attacker")),
        "forge" => run.output().contains("spoofed"),
        "hold" => run.elapsed >= Duration::from_secs(3) || !run.leftovers.is_empty(),
        "daemon" => home.mark(".daemon").exists(),
        _ => false,
    };
    seen.then(|| format!("{attack}: {}", run.what))
}

/// Fails with every attack of `attacks` that did nothing seen from outside.
fn assert_all_work(attacks: &[&str], how: Option<&[&str]>, parent_is_tavola: bool) {
    let failed: Vec<&str> = attacks
        .iter()
        .copied()
        .filter(|a| achieved(a, how, parent_is_tavola).is_none())
        .collect();
    assert!(
        failed.is_empty(),
        "without the sandbox these attacks did nothing: {failed:?}"
    );
}

#[test]
fn without_the_sandbox_every_attack_works_in_the_inspecting_child() {
    assert_all_work(
        &[
            "load:read",
            "load:write",
            "load:delete",
            "manifest:connect",
            "new:exec",
            "load:signal",
            "manifest:ptrace",
            "load:cache",
            // `forge`, `hold` and `daemon` are left out of these proofs: without the
            // sandbox the host's own defences (every answer checked, each child's process
            // group killed, reads bounded by the time limit) already defeat `forge` and
            // `hold`, and `daemon` was not seen within this test's wait. The sandbox tests
            // still assert all three blocked.
            "load:daemon",
        ],
        Some(&["list"]),
        true,
    );
}

#[test]
fn without_the_sandbox_the_attacks_work_in_the_worker() {
    assert_all_work(
        &[
            "load:read",
            "manifest:write",
            "new:delete",
            "apply:connect",
            "apply:exec",
            "new:signal",
            "apply:ptrace",
        ],
        None,
        false,
    );
}

#[test]
fn without_the_sandbox_the_attacks_work_in_the_command_line_process() {
    let play = ["play", "attacker", "--seat", "random", "--seat", "random"];
    assert_all_work(
        &[
            "apply:read",
            "apply:write",
            "apply:delete",
            "apply:connect",
            "apply:exec",
            "apply:signal",
            "apply:ptrace",
        ],
        Some(&play),
        false,
    );
    assert_all_work(
        &["apply:read", "apply:exec"],
        Some(&["perft", "attacker", "2"]),
        false,
    );
}

#[test]
fn a_fair_attacker_is_listed_without_the_sandbox() {
    let home = Home::new(&[ATTACKER]);
    let out = attempt(&home, None, false).tavola(&["list"]);
    assert!(out.run.stdout.contains("loaded"), "{}", out.run.output());
    assert_eq!(out.connections, 0);
}
