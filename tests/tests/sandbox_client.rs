//! Answers forged on the worker's pipe by plugin code (the attacker's `forge`: a spoofed
//! manifest, a board of a million stones with seat 99 to move, a drop of four billion
//! stones, for every request id) never become the game the app shows: the app's own
//! client (`RemoteGame`) either gets the true position or ends the worker with an error.
//!
//! One test in its own binary: it sets the attack's variables in this process, which the
//! worker is started from, as the app would be.

mod attack_support;

use attack_support::{ATTACK_VARS, ATTACKER, Home, tavola_exe};
use game_api::{Effect, Options, SiteContent, Turn};
use tavola::{
    plugins::{Inspector, PluginDirs, PluginSet},
    worker::{RemoteGame, Snapshot},
};

/// What is wrong with a snapshot that the attacker forged; `None` for a true one.
fn forged(snapshot: &Snapshot) -> Option<String> {
    if matches!(snapshot.turn, Turn::Seat { seat } if seat >= 2) {
        return Some(format!("a turn of {:?}", snapshot.turn));
    }
    let stones: u64 = snapshot
        .view
        .sites
        .iter()
        .map(|(_, c)| match c {
            SiteContent::Count { count, .. } => u64::from(*count),
            _ => 0,
        })
        .sum();
    if stones != 7 {
        return Some(format!("{stones} stones on the board"));
    }
    (snapshot.notation == "spoofed" || snapshot.view.status.contains("spoofed"))
        .then(|| "the spoofed position".to_owned())
}

#[test]
fn answers_forged_on_the_workers_pipe_never_become_the_game() {
    let exe = tavola_exe();
    let home = Home::new(&[ATTACKER]);
    let env = home.env(None, 9, std::time::Duration::from_millis(300));
    for (key, value) in &env {
        if key != "PATH" {
            // SAFETY: the only test of this binary sets the variables before it starts
            // any thread of its own.
            unsafe { std::env::set_var(key, value) };
        }
    }
    let dirs = PluginDirs::standard(&[home.plugins()], false);
    let set = PluginSet::discover_with(dirs, &Inspector::child(exe.to_path_buf()));
    let plugin = set
        .game("attacker")
        .expect("the attacker is listed")
        .clone();
    let options = Options::defaults(&plugin.manifest().options);
    let mut wrong = Vec::new();
    for place in ["load", "manifest", "new", "apply"] {
        // SAFETY: as above; no thread of this test reads the environment meanwhile.
        unsafe { std::env::set_var(ATTACK_VARS[0], format!("{place}:forge")) };
        let mut remote = match RemoteGame::spawn(exe, &plugin, None) {
            Ok(remote) => remote,
            Err(e) => {
                eprintln!("{place}:forge: the worker was refused at load: {e}");
                continue;
            }
        };
        if remote.plugin().manifest().name.contains("spoofed") {
            wrong.push(format!("{place}: the spoofed manifest was taken"));
        }
        match remote.start(&options, None, &[]) {
            Ok(snapshot) => {
                if let Some(what) = forged(&snapshot) {
                    wrong.push(format!("{place}: the game started on {what}"));
                }
            }
            Err(e) => {
                eprintln!("{place}:forge: the start was refused: {e}");
                continue;
            }
        }
        match remote.play(1) {
            Ok((effects, snapshot)) => {
                let huge = effects
                    .iter()
                    .any(|e| matches!(e, Effect::Drop { count, .. } if *count > 7));
                if huge {
                    wrong.push(format!("{place}: a move dropped {effects:?}"));
                }
                if let Some(what) = forged(&snapshot) {
                    wrong.push(format!("{place}: after a move the board shows {what}"));
                } else if snapshot.notation != "6 1" {
                    wrong.push(format!("{place}: after a move: {}", snapshot.notation));
                }
            }
            Err(e) => eprintln!("{place}:forge: the move was refused: {e}"),
        }
    }
    assert!(
        wrong.is_empty(),
        "forged answers were used:\n{}",
        wrong.join("\n")
    );
}
