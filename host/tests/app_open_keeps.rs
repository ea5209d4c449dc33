//! `tavola open GAME` (a game opened at start) never overwrites the last run's game: the
//! real app driven through egui_kittest, its data folder kept between two runs.

mod common;

use common::plugins_of;

use egui_kittest::{Harness, kittest::Queryable};
use game_api::OptionValue;
use tavola::{
    app::{AppConfig, Screen, StartGame, TavolaApp, list_recovered},
    plugins::{DirSource, PluginDir, PluginDirs},
};

fn config(data: &std::path::Path) -> AppConfig {
    AppConfig {
        data_dir: Some(data.to_path_buf()),
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        language: Some("en".into()),
        ..AppConfig::default()
    }
}

fn dirs(plugins: &std::path::Path) -> PluginDirs {
    PluginDirs(vec![PluginDir {
        path: plugins.to_path_buf(),
        source: DirSource::CommandLine,
    }])
}

/// A first run: Kalah between two people, one move played (`b`), then the run ends —
/// normally (`shutdown`) or not (the app dropped with the game open, as a crash or a
/// kill leaves it: the running marker stays). Returns the position reached.
fn first_run(plugins: &std::path::Path, data: &std::path::Path, normal_end: bool) -> String {
    let mut app = TavolaApp::new(dirs(plugins), config(data));
    app.settings_mut().step_seconds = 0.0;
    let mut h = Harness::builder()
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app);
    h.get_by_label("Play Kalah").click();
    h.run();
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Person);
    h.get_by_label("Start").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);
    h.get_by_label("b: 4 seeds").click();
    h.run();
    let position = h.state().play_view().unwrap().notation().to_owned();
    if normal_end {
        h.state_mut().shutdown();
    }
    position
}

/// `tavola open kalah --option houses=4 --option seeds=3 --move a`.
fn open_kalah() -> StartGame {
    StartGame {
        game: "kalah".into(),
        options: vec!["houses=4".into(), "seeds=3".into()],
        seats: vec!["human".into(), "human".into()],
        seed: 1,
        moves: vec!["a".into()],
        ..StartGame::default()
    }
}

#[test]
fn open_after_a_crash_keeps_the_crashed_game_under_recover_games() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let crashed_at = first_run(plugins.path(), data.path(), false);
    let autosave = data.path().join("autosave.json");
    let crashed = std::fs::read(&autosave).unwrap();

    let mut config = config(data.path());
    config.start = Some(open_kalah());
    let mut app = TavolaApp::new(dirs(plugins.path()), config);
    // The game asked for is open…
    assert_eq!(app.screen(), Screen::Play);
    let view = app.play_view().unwrap();
    assert_eq!(view.session().cursor(), 1);
    assert_eq!(
        view.session().options().get("houses"),
        Some(&OptionValue::Int(4))
    );
    // …and the crashed one is kept, whole, with the reason a plain start gives.
    let message = app.message().unwrap_or_default().to_owned();
    assert!(message.contains("did not close normally"), "{message}");
    let kept = list_recovered(data.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].game.as_deref(), Some("kalah"));
    assert_eq!(kept[0].moves, Some(1));
    assert!(kept[0].reason.contains("did not close normally"));
    assert_eq!(std::fs::read(&kept[0].path).unwrap(), crashed);
    assert_ne!(crashed_at, app.play_view().unwrap().notation());
    // The new game's saves go to the autosave, never to the kept game.
    app.save_state();
    app.shutdown();
    drop(app);
    assert_eq!(std::fs::read(&kept[0].path).unwrap(), crashed);
    assert_eq!(list_recovered(data.path()).len(), 1);
    let saved = tavola::record::Record::read(&autosave).unwrap();
    assert_eq!(saved.options["houses"], OptionValue::Int(4));
}

#[test]
fn open_after_a_normal_end_keeps_the_unfinished_game_too() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    first_run(plugins.path(), data.path(), true);
    let mut config = config(data.path());
    config.start = Some(open_kalah());
    let app = TavolaApp::new(dirs(plugins.path()), config);
    assert_eq!(app.screen(), Screen::Play);
    let kept = list_recovered(data.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].moves, Some(1));
    assert!(kept[0].reason.contains("tavola open"), "{}", kept[0].reason);
}
