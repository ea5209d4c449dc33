//! A game starts off the UI thread: while a plugin hangs as its game is set up, the
//! window keeps drawing "Starting …" with a Cancel; Cancel stops the hung worker at once
//! and leaves the game shown before as it was; a start that fails says why. The
//! new-game dialog's questions to the plugin do not hold the window either.

#![cfg(unix)]

mod common;
#[path = "common/procs.rs"]
mod procs;

use std::{
    path::Path,
    time::{Duration, Instant},
};

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use game_api::MoveId;
use procs::workers;
use tavola::{
    app::{AppConfig, Command, NewGameRequest, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    session::SeatKind,
};

type H = Harness<'static, TavolaApp>;

/// The hostile fixture's misbehaviour, passed on to the workers started from now on.
fn hostile(what: &str) {
    // SAFETY: this file has one test; nothing else reads the environment meanwhile.
    unsafe {
        std::env::set_var("TAVOLA_HOSTILE", what);
        std::env::set_var("TAVOLA_PASS_ENV", "TAVOLA_HOSTILE");
    }
}

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

/// Frames for `time`, as the window draws them (no frame may wait on the plugin).
fn frames_for(h: &mut H, time: Duration) -> usize {
    let start = Instant::now();
    let mut frames = 0;
    while start.elapsed() < time {
        h.step();
        frames += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    frames
}

#[test]
fn a_plugin_that_hangs_as_a_game_starts_never_holds_the_window_and_its_worker_is_stopped() {
    let plugins = plugins_of(&["fixture_hostile"]);
    let data = tempfile::tempdir().unwrap();
    hostile("");
    let mut h = app(plugins.path(), data.path());
    let plugin = h.state().plugins().game("hostile").unwrap().clone();
    h.state_mut()
        .start(NewGameRequest {
            game: "hostile".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 1,
        })
        .unwrap();
    h.run();
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .play(MoveId(1), 0.0, 0.0);
    for _ in 0..200 {
        h.step();
        if !h.state().play_view().unwrap().waiting() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let before = h.state().play_view().unwrap().notation().to_owned();
    let workers_before = workers().len();

    // A rematch whose plugin never answers the new game.
    hostile("new_game:hang");
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Rematch, &ctx);
    // The window draws on, well within the watchdog (10 s), and says what it waits for.
    let frames = frames_for(&mut h, Duration::from_millis(1500));
    assert!(frames >= 20, "{frames} frames in 1.5 s");
    assert!(h.state().is_starting());
    h.get_by_label_contains("Starting Hostile");
    assert_eq!(workers().len(), workers_before + 1, "the new game's worker");
    // Neither the board nor its keys take input meanwhile: the old game is as it was.
    assert_eq!(h.state().play_view().unwrap().notation(), before);

    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().is_starting());
    assert_eq!(h.state().screen(), Screen::Play);
    assert_eq!(h.state().play_view().unwrap().notation(), before);
    assert_eq!(h.state().message(), None, "a Cancel is no failure");
    // The hung worker is stopped at once, not at the watchdog.
    let stopped = Instant::now();
    while workers().len() > workers_before && stopped.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(workers().len(), workers_before, "the hung worker is gone");
    assert!(
        h.state_mut().settings_mut().crashes.is_empty(),
        "a Cancel does not count toward quarantine"
    );

    // A start that fails (the plugin crashes while setting the game up) says why, and
    // the game shown stays.
    hostile("new_game:abort");
    h.state_mut().run_command(Command::Rematch, &ctx);
    h.state_mut().wait_for_start();
    h.run();
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("Hostile"), "{message}");
    assert_eq!(h.state().play_view().unwrap().notation(), before);

    // The new-game dialog asks the plugin its seat count off the UI thread too: a
    // plugin that hangs there leaves the dialog drawing, and Cancel stops its worker.
    h.get_by_label("OK").click();
    h.run();
    hostile("new_game:hang");
    h.state_mut().run_command(Command::NewGame, &ctx);
    h.run();
    h.get_by_label("Play Hostile Nim").click();
    let frames = frames_for(&mut h, Duration::from_millis(1500));
    assert!(frames >= 20, "{frames} frames in 1.5 s");
    assert!(h.state_mut().new_game_dialog().is_some());
    assert_eq!(workers().len(), workers_before + 1, "the dialog's worker");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state_mut().new_game_dialog().is_none());
    let closed = Instant::now();
    while workers().len() > workers_before && closed.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        workers().len(),
        workers_before,
        "the dialog's hung worker is gone"
    );

    // The failure banner's Restart: the window draws on, saying what it does; a game
    // started in the failed one's place stops the restart's worker.
    h.get_by_label("Board").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    let game_worker = workers();
    assert_eq!(game_worker.len(), 1, "{game_worker:?}");
    let killed = std::process::Command::new("kill")
        .args(["-ABRT".to_owned(), game_worker[0].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let failed = Instant::now();
    while h.state().play_view().unwrap().failure().is_none()
        && failed.elapsed() < Duration::from_secs(3)
    {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(h.state().play_view().unwrap().failure().is_some());
    h.run();
    h.get_by_label("Restart the plugin from this position")
        .click();
    let frames = frames_for(&mut h, Duration::from_millis(1500));
    assert!(frames >= 20, "{frames} frames in 1.5 s");
    assert!(h.state().play_view().unwrap().restarting());
    h.get_by_label_contains("Starting Hostile Nim (libfixture_hostile.so) again");
    let hung = workers();
    assert_eq!(hung.len(), 1, "the restart's worker");
    hostile("");
    h.state_mut()
        .start(NewGameRequest {
            game: "hostile".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 2,
        })
        .unwrap();
    h.run();
    let replaced = Instant::now();
    while workers().contains(&hung[0]) && replaced.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !workers().contains(&hung[0]),
        "the restart's hung worker is gone"
    );
}
