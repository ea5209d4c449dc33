//! A game's worker stopped from outside (SIGTERM, as at a logout, or a `kill`) is not the
//! plugin's fault: the game is kept up to its last move and saved, the banner says what
//! happened without blaming the plugin, nothing counts toward quarantine, and a restart
//! plays on. A crash (SIGABRT) still counts, and so does a plugin that sends itself
//! SIGTERM (the sandbox forbids it).

#![cfg(unix)]

mod common;
#[path = "common/procs.rs"]
mod procs;

use std::path::Path;

use common::plugins_of;
use egui_kittest::Harness;
use procs::workers;
use tavola::{
    app::{AppConfig, NewGameRequest, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    session::SeatKind,
};

type H = Harness<'static, TavolaApp>;

fn app(plugins: &Path, data: &Path) -> H {
    let mut app = TavolaApp::new(
        PluginDirs(vec![PluginDir {
            path: plugins.to_path_buf(),
            source: DirSource::CommandLine,
        }]),
        AppConfig {
            data_dir: Some(data.to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.settings_mut().step_seconds = 0.0;
    Harness::builder()
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

/// A game of `game` between two people, from its start.
fn start(h: &mut H, game: &str) {
    let plugin = h.state().plugins().game(game).unwrap().clone();
    h.state_mut()
        .start(NewGameRequest {
            game: game.into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 1,
        })
        .unwrap();
    h.run();
}

/// Frames until the app has seen its worker fail (at most about 3 s): whether it has.
fn until_failed(h: &mut H) -> bool {
    for _ in 0..300 {
        h.step();
        if h.state().play_view().unwrap().failure().is_some() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    false
}

/// Kalah between two people, two moves played, then its worker sent `signal` and a
/// third move asked; the frames until the app has seen the failure.
fn stopped_after_two_moves(h: &mut H, signal: &str) {
    start(h, "kalah");
    let from = h.state().play_view().unwrap().session().cursor();
    for _ in 0..2 {
        let view = h.state_mut().play_view_mut().unwrap();
        let mv = view.legal_moves()[0].id;
        view.play(mv, 0.0, 0.0);
        h.run();
    }
    assert_eq!(h.state().play_view().unwrap().session().cursor(), from + 2);
    let before = workers();
    assert_eq!(before.len(), 1, "one game worker: {before:?}");
    let status = std::process::Command::new("kill")
        .args([format!("-{signal}"), before[0].to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // The app learns of it at its next request: the next move.
    std::thread::sleep(std::time::Duration::from_millis(100));
    let view = h.state_mut().play_view_mut().unwrap();
    let mv = view.legal_moves()[0].id;
    view.play(mv, 0.0, 0.0);
    if until_failed(h) {
        return;
    }
    let view = h.state().play_view().unwrap();
    panic!(
        "the app did not notice the worker's end: alive {:?}, cursor {}, error {:?}, waiting {}",
        workers(),
        view.session().cursor(),
        view.error(),
        view.waiting()
    );
}

#[test]
fn a_worker_stopped_from_outside_is_not_the_plugins_fault_and_a_crash_is() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = app(plugins.path(), data.path());
    stopped_after_two_moves(&mut h, "TERM");
    let failure = h.state().play_view().unwrap().failure().unwrap().clone();
    assert!(!failure.counts, "{failure:?}");
    assert!(
        failure.what.contains("stopped from outside") && failure.what.contains("SIGTERM"),
        "{}",
        failure.what
    );
    h.state_mut().wait_for_saves();
    let saved = tavola::record::Record::read(&data.path().join("autosave.json")).unwrap();
    assert_eq!(saved.moves.len(), 2, "the game is kept and saved");
    assert!(
        h.state_mut().settings_mut().crashes.is_empty(),
        "nothing counts toward quarantine"
    );
    // A restart plays on from the second move.
    h.state_mut().play_view_mut().unwrap().restart_plugin();
    h.run();
    let view = h.state().play_view().unwrap();
    assert!(view.failure().is_none(), "{:?}", view.failure());
    assert_eq!(view.session().cursor(), 2);
    drop(h);

    // A crash of the same plugin counts.
    let mut h = app(plugins.path(), data.path());
    stopped_after_two_moves(&mut h, "ABRT");
    let failure = h.state().play_view().unwrap().failure().unwrap().clone();
    assert!(failure.counts, "{failure:?}");
    h.run();
    assert_eq!(
        h.state_mut().settings_mut().crashes.values().sum::<u32>(),
        1
    );
    drop(h);

    // A plugin that sends itself SIGTERM, to pass for a process stopped from outside, is
    // stopped by the sandbox, and that counts.
    let hostile = plugins_of(&["fixture_hostile"]);
    // SAFETY: this file's one test changes the environment here only, before the worker
    // that reads it starts; no other thread reads these variables.
    unsafe {
        std::env::set_var("TAVOLA_HOSTILE", "apply:terminate");
        std::env::set_var("TAVOLA_PASS_ENV", "TAVOLA_HOSTILE");
    }
    let mut h = app(hostile.path(), data.path());
    start(&mut h, "hostile");
    let view = h.state_mut().play_view_mut().unwrap();
    let mv = view.legal_moves()[0].id;
    view.play(mv, 0.0, 0.0);
    assert!(
        until_failed(&mut h),
        "the app did not notice the worker's end"
    );
    let failure = h.state().play_view().unwrap().failure().unwrap().clone();
    if tavola::sandbox::system_state().is_sandboxed() {
        assert!(failure.counts, "{failure:?}");
        assert!(failure.blocked.is_some(), "{failure:?}");
    } else {
        eprintln!("NOTE: no sandbox here: a plugin's SIGTERM to itself reads as stopped");
    }
}
