//! A plugin cannot hurt the app: the hostile test plugin crashes, hangs and eats memory
//! inside the real app's worker processes, and each time the app names what happened,
//! keeps the game up to the last move, and plays on after a restart of the plugin.
//!
//! The misbehaviour is chosen by the `TAVOLA_HOSTILE` environment variable, which the
//! workers inherit: the tests of this file hold one lock while they set it.

mod common;

use std::{path::Path, sync::Mutex, time::Duration};

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use game_api::MoveId;
use tavola::{
    app::{AppConfig, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    session::SeatKind,
};

static ENV: Mutex<()> = Mutex::new(());

fn set_env(key: &str, value: &str) {
    // SAFETY: the tests of this file change the environment only while holding `ENV`,
    // and nothing else in this test binary reads these variables concurrently.
    unsafe {
        std::env::set_var(key, value);
        // Workers start with an empty environment: pass the fixture's variable on.
        std::env::set_var("TAVOLA_PASS_ENV", key);
    }
}

fn dirs(dir: &Path) -> PluginDirs {
    PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }])
}

/// The app's configuration: data in `data`, plugin code in workers of the real binary.
fn config(data: &Path) -> AppConfig {
    AppConfig {
        data_dir: Some(data.to_path_buf()),
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        // The texts looked for are English, whatever the system's language.
        language: Some("en".into()),
        ..AppConfig::default()
    }
}

fn app(plugins: &Path, data: &Path) -> Harness<'static, TavolaApp> {
    let mut app = TavolaApp::new(dirs(plugins), config(data));
    app.settings_mut().step_seconds = 0.0;
    Harness::builder()
        // A move answered by the worker while `run` steps starts its animation in
        // the same run: room to settle on a loaded machine (the default is 4 steps).
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

fn start(h: &mut Harness<'static, TavolaApp>, seats: Vec<SeatKind>) {
    let plugin = h
        .state()
        .plugins()
        .game("hostile")
        .expect("hostile loads")
        .clone();
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "hostile".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats,
            seed: 1,
        })
        .unwrap();
    h.run();
}

/// The moves in the autosave, once the app's writer has written what it was given.
fn autosaved_moves(h: &mut Harness<'static, TavolaApp>, data: &Path) -> usize {
    h.state_mut().wait_for_saves();
    let record = tavola::record::Record::read(&data.join("autosave.json")).unwrap();
    record.moves.len()
}

/// Plays moves until the plugin fails (at most `limit`), stepping the app in between
/// (and while a move waits for the worker's answer: the window keeps drawing).
fn play_until_failure(h: &mut Harness<'static, TavolaApp>, limit: usize) {
    for _ in 0..limit {
        if h.state().play_view().unwrap().failure().is_some() {
            return;
        }
        h.state_mut()
            .play_view_mut()
            .unwrap()
            .play(MoveId(1), 0.0, 0.0);
        for _ in 0..500 {
            h.step();
            let view = h.state().play_view().unwrap();
            if !view.waiting() || view.failure().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

#[test]
fn a_crash_in_a_game_call_keeps_the_game_and_a_restart_plays_on() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let plugins = plugins_of(&["fixture_hostile"]);
    set_env("TAVOLA_WATCHDOG_MS", "1500");
    set_env("TAVOLA_WORKER_MEMORY_MIB", "1024");
    for (what, expected) in [
        ("segfault", "SIGSEGV"),
        ("abort", "SIGABRT"),
        ("stackoverflow", "killed by signal"),
        ("exit", "exited with status 3"),
        ("hang", "did not answer within 1 s"),
        // Under the memory limit the allocation fails and the worker aborts, unless the
        // watchdog stops the slow growth of a debug build first: either is named.
        ("alloc", "|"),
        // A panic is caught at the plugin's boundary and the worker lives, but it is
        // the plugin's fault, not a refused move: reported (and counted) as a failure.
        ("panic", "panicked"),
    ] {
        let data = tempfile::tempdir().unwrap();
        set_env("TAVOLA_HOSTILE", "");
        let mut h = app(plugins.path(), data.path());
        set_env("TAVOLA_HOSTILE", &format!("after:3:{what}"));
        start(&mut h, vec![SeatKind::Person, SeatKind::Person]);
        if what == "hang" {
            // The window keeps drawing while the watchdog waits for the hung plugin.
            play_until_failure(&mut h, 2);
            h.state_mut()
                .play_view_mut()
                .unwrap()
                .play(MoveId(1), 0.0, 0.0);
            assert!(h.state().play_view().unwrap().waiting());
            let frame = std::time::Instant::now();
            h.step();
            assert!(
                frame.elapsed() < Duration::from_millis(400),
                "a frame waited"
            );
            h.get_by_label("Waiting for the plugin…");
        }
        play_until_failure(&mut h, 3);
        let view = h.state().play_view().unwrap();
        assert!(
            view.error().is_none(),
            "{what}: not a refusal: {:?}",
            view.error()
        );
        let failure = view
            .failure()
            .unwrap_or_else(|| panic!("{what}: no failure"));
        assert!(failure.plugin.contains("Hostile"), "{what}: {failure:?}");
        let named = if expected == "|" {
            failure.what.contains("killed by signal") || failure.what.contains("did not answer")
        } else {
            failure.what.contains(expected)
        };
        assert!(named, "{what}: {}", failure.what);
        assert_eq!(
            view.session().cursor(),
            2,
            "{what}: the two moves before are kept"
        );
        assert_eq!(autosaved_moves(&mut h, data.path()), 2, "{what}: and saved");
        assert_eq!(h.state().screen(), Screen::Play, "{what}: the app lives on");

        // The plugin is fixed (the variable cleared): a restart resumes at move 2.
        set_env("TAVOLA_HOSTILE", "");
        h.state_mut().play_view_mut().unwrap().restart_plugin();
        h.run();
        let view = h.state().play_view().unwrap();
        assert!(view.failure().is_none(), "{what}: {:?}", view.failure());
        assert_eq!(
            view.notation(),
            "8 0 1,1",
            "{what}: the position after two moves"
        );
        h.state_mut()
            .play_view_mut()
            .unwrap()
            .play(MoveId(2), 0.0, 0.0);
        h.run();
        assert_eq!(h.state().play_view().unwrap().session().cursor(), 3);
        assert_eq!(autosaved_moves(&mut h, data.path()), 3);
    }
    set_env("TAVOLA_HOSTILE", "");
}

#[test]
fn a_crash_inside_a_bots_search_keeps_the_game() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let plugins = plugins_of(&["fixture_hostile"]);
    let data = tempfile::tempdir().unwrap();
    set_env("TAVOLA_HOSTILE", "");
    let mut h = app(plugins.path(), data.path());
    set_env("TAVOLA_HOSTILE", "simulate:abort");
    start(
        &mut h,
        vec![SeatKind::Person, SeatKind::Bot("strong".into())],
    );
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .play(MoveId(1), 0.0, 0.0);
    for _ in 0..400 {
        h.step();
        if h.state().play_view().unwrap().failure().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    set_env("TAVOLA_HOSTILE", "");
    let view = h.state().play_view().unwrap();
    let failure = view.failure().expect("the search's crash is reported");
    assert!(failure.what.contains("SIGABRT"), "{}", failure.what);
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(autosaved_moves(&mut h, data.path()), 1);
}

#[test]
fn a_plugin_that_keeps_crashing_is_quarantined_and_can_be_tried_again() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let plugins = plugins_of(&["fixture_hostile", "kalah"]);
    let data = tempfile::tempdir().unwrap();
    set_env("TAVOLA_HOSTILE", "");
    let mut h = app(plugins.path(), data.path());
    set_env("TAVOLA_HOSTILE", "after:1:abort");
    start(&mut h, vec![SeatKind::Person, SeatKind::Person]);
    for _ in 0..3 {
        play_until_failure(&mut h, 1);
        h.state_mut().play_view_mut().unwrap().restart_plugin();
        h.run();
    }
    set_env("TAVOLA_HOSTILE", "");
    assert!(h.state().message().unwrap_or("").contains("quarantined"));
    // No longer offered, with its reason in the Plugins panel.
    let err = h
        .state_mut()
        .start(tavola::app::NewGameRequest {
            game: "hostile".into(),
            options: game_api::Options::default(),
            seats: vec![SeatKind::Person; 2],
            seed: 1,
        })
        .unwrap_err();
    assert!(format!("{err:#}").contains("quarantined"), "{err:#}");
}

#[test]
fn a_save_whose_plugin_is_missing_is_set_aside_and_offered_again() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    set_env("TAVOLA_HOSTILE", "");
    let with = plugins_of(&["kalah"]);
    let without = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    {
        let mut first = TavolaApp::new(dirs(with.path()), config(data.path()));
        let plugin = first.plugins().game("kalah").unwrap().clone();
        first
            .start(tavola::app::NewGameRequest {
                game: "kalah".into(),
                options: game_api::Options::defaults(&plugin.manifest().options),
                seats: vec![SeatKind::Person; 2],
                seed: 1,
            })
            .unwrap();
        first.play_view_mut().unwrap().play(MoveId(2), 0.0, 0.0);
        first.save_state();
        first.shutdown();
    }
    // Started without the plugin: the game is set aside, not deleted or overwritten.
    let config = || config(data.path());
    let mut second = TavolaApp::new(dirs(without.path()), config());
    assert_eq!(second.screen(), Screen::Chooser);
    assert!(second.message().unwrap().contains("Recover games"));
    second.shutdown();
    let kept = tavola::app::list_recovered(data.path());
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].game.as_deref(), Some("kalah"));
    assert_eq!(kept[0].moves, Some(1));
    // The reason names the game as the record names it (its name, not its id).
    assert!(kept[0].reason.contains("Kalah"), "{}", kept[0].reason);

    // A corrupt save is set aside too, with its bytes.
    std::fs::write(
        data.path().join("autosave.json"),
        b"{\"format\": \"tavola-rec",
    )
    .unwrap();
    let mut third = TavolaApp::new(dirs(with.path()), config());
    assert!(third.message().unwrap().contains("Recover games"));
    third.shutdown();
    assert_eq!(tavola::app::list_recovered(data.path()).len(), 2);
}

#[test]
fn a_run_that_ended_abnormally_does_not_reopen_its_game() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    set_env("TAVOLA_HOSTILE", "");
    let with = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let config = || config(data.path());
    let mut first = TavolaApp::new(dirs(with.path()), config());
    let plugin = first.plugins().game("kalah").unwrap().clone();
    first
        .start(tavola::app::NewGameRequest {
            game: "kalah".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person; 2],
            seed: 1,
        })
        .unwrap();
    first.play_view_mut().unwrap().play(MoveId(2), 0.0, 0.0);
    first.save_state();
    // The process "dies": no shutdown, so its marker stays (its lock goes with it).
    let marker = data.path().join("running.json");
    assert!(marker.exists());
    drop(first);
    let second = TavolaApp::new(dirs(with.path()), config());
    assert_eq!(second.screen(), Screen::Chooser);
    let message = second.message().unwrap();
    assert!(message.contains("did not close normally"), "{message}");
    assert!(
        message.contains("Kalah"),
        "the suspect plugin is named: {message}"
    );
    assert_eq!(tavola::app::list_recovered(data.path()).len(), 1);
}

/// The library file of `name` in the folder cargo built the test plugins into.
fn built(name: &str) -> std::path::PathBuf {
    std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .join(format!(
            "{}{name}{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ))
}

fn kalah_version(h: &Harness<'static, TavolaApp>) -> String {
    h.state()
        .plugins()
        .game("kalah")
        .unwrap()
        .manifest()
        .version
        .clone()
}

#[test]
fn a_plugin_replaced_by_cp_or_mv_is_loaded_as_new_content_and_the_game_plays_on() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    set_env("TAVOLA_HOSTILE", "");
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = app(plugins.path(), data.path());
    let plugin = h.state().plugins().game("kalah").unwrap().clone();
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "kalah".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person; 2],
            seed: 1,
        })
        .unwrap();
    h.run();
    let loaded = plugins.path().join(built("kalah").file_name().unwrap());
    assert_eq!(kalah_version(&h), "0.1.0");
    // The game runs in a worker: the app's own process has not mapped the plugin.
    #[cfg(target_os = "linux")]
    {
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
        let copy = plugin.meta().copy.to_string_lossy().into_owned();
        assert!(
            !maps.contains(&copy),
            "{copy} is mapped into the app's process"
        );
        let moves = h.state().play_view().unwrap().legal_moves().len();
        assert_eq!(moves, 6, "yet the app knows the game");
    }

    // `cp` rewrites the loaded file in place (same inode).
    std::fs::copy(built("fixture_kalah_next"), &loaded).unwrap();
    h.state_mut().watch_plugins(1e6);
    h.state_mut().finish_scan(true);
    h.run();
    assert_eq!(kalah_version(&h), "9.9.9", "the new content is loaded");
    // The game in progress keeps its version and plays on.
    h.state_mut()
        .play_view_mut()
        .unwrap()
        .play(MoveId(2), 0.0, 0.0);
    h.run();
    let view = h.state().play_view().unwrap();
    assert!(view.failure().is_none(), "{:?}", view.failure());
    assert_eq!(view.notation(), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
    assert_eq!(view.session().plugin().manifest().version, "0.1.0");

    // `mv` of a rebuild over the path (a new inode) brings the first version back.
    let staged = plugins.path().join("staged.tmp");
    std::fs::copy(built("kalah"), &staged).unwrap();
    std::fs::rename(&staged, &loaded).unwrap();
    h.state_mut().watch_plugins(2e6);
    h.state_mut().finish_scan(true);
    h.run();
    assert_eq!(kalah_version(&h), "0.1.0");
    // A new game takes the version now in the folder.
    let ctx = h.ctx.clone();
    h.state_mut()
        .run_command(tavola::app::Command::Restart, &ctx);
    h.run();
    assert_eq!(
        h.state()
            .play_view()
            .unwrap()
            .session()
            .plugin()
            .manifest()
            .version,
        "0.1.0"
    );
}

#[test]
fn a_manifest_that_crashes_or_hangs_does_not_stop_the_listing_of_the_others() {
    let plugins = plugins_of(&["fixture_hostile", "kalah"]);
    for (fault, expected) in [
        ("manifest:abort", "crashed while it was loaded"),
        ("manifest:segfault", "SIGSEGV"),
        ("manifest:exit", "exited with status 3"),
        ("manifest:hang", "did not finish within 1.0 s"),
    ] {
        let cache = tempfile::tempdir().unwrap();
        let start = std::time::Instant::now();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tavola"))
            .args(["--lang", "en", "--no-default-plugins", "--plugins"])
            .arg(plugins.path())
            .arg("list")
            .env("TAVOLA_HOSTILE", fault)
            .env("TAVOLA_PASS_ENV", "TAVOLA_HOSTILE")
            .env("TAVOLA_CACHE_DIR", cache.path())
            .env("TAVOLA_INSPECT_TIMEOUT_MS", "1000")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{fault}: {text}");
        assert!(start.elapsed() < Duration::from_secs(8), "{fault}");
        assert!(text.contains("crashed"), "{fault}: {text}");
        assert!(text.contains(expected), "{fault}: {text}");
        let kalah = text.lines().find(|l| l.starts_with("kalah")).unwrap();
        assert!(kalah.contains("loaded"), "{fault}: {text}");
    }
}

#[test]
fn data_that_breaks_the_contract_is_a_plugin_failure_naming_the_plugin_and_the_rule() {
    let _guard = ENV.lock().unwrap_or_else(|e| e.into_inner());
    let plugins = plugins_of(&["fixture_hostile"]);
    for fault in [
        "no-moves",
        "chance-empty",
        "chance-zero-denominator",
        "chance-not-one",
        "seat99",
        "huge-drop",
        "million-pieces",
        "site-outside",
    ] {
        let data = tempfile::tempdir().unwrap();
        set_env("TAVOLA_HOSTILE", "");
        let mut h = app(plugins.path(), data.path());
        set_env("TAVOLA_HOSTILE", fault);
        let plugin = h.state().plugins().game("hostile").unwrap().clone();
        let started = h.state_mut().start(tavola::app::NewGameRequest {
            game: "hostile".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Person; 2],
            seed: 1,
        });
        let message = match started {
            // Bad from the first position on: the game does not start, and says why.
            Err(e) => format!("{e:#}"),
            Ok(()) => {
                h.run();
                play_until_failure(&mut h, 1);
                // The plugin's fault, not a refused move: the failure banner (which
                // counts towards quarantine), the game kept before the bad move.
                let view = h.state().play_view().unwrap();
                assert!(view.error().is_none(), "{fault}: {:?}", view.error());
                let failure = view
                    .failure()
                    .unwrap_or_else(|| panic!("{fault}: no failure reported"));
                assert_eq!(
                    view.session().cursor(),
                    0,
                    "{fault}: the bad move is not kept"
                );
                failure.what.clone()
            }
        };
        assert!(message.contains("hostile"), "{fault}: {message}");
        assert!(
            message.contains("broke") || message.contains("rule"),
            "{fault}: {message}"
        );
        eprintln!("{fault}: {message}");
    }
    set_env("TAVOLA_HOSTILE", "");
}
