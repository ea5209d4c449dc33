//! Pieces on the real app's board (egui_kittest, no GPU): Ô Ăn Quan's mandarin square
//! with its big stone and counted small stones, and a captured big stone in the tray.

mod common;

use common::plugins_of;

use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, Screen, StartGame, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

fn open(dir: &std::path::Path, moves: &[&str]) -> Harness<'static, TavolaApp> {
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let config = AppConfig {
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        start: Some(StartGame {
            game: "o-an-quan".into(),
            seats: vec!["human".into(), "human".into()],
            seed: 1,
            position: Some("1,0,0,3,0/0,0,1,0,0 18-23 S m:4*,0*".into()),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            ..StartGame::default()
        }),
        language: Some("en".into()),
        ..AppConfig::default()
    };
    let mut app = TavolaApp::new(dirs, config);
    app.settings_mut().step_seconds = 0.0;
    assert_eq!(app.message(), None);
    let mut h = Harness::builder()
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app);
    h.run_steps(3);
    assert_eq!(h.state().screen(), Screen::Play);
    h
}

#[test]
fn a_mandarin_square_shows_its_big_stone_and_counted_stones_and_the_tray_its_capture() {
    let dir = plugins_of(&["o_an_quan"]);
    let h = open(dir.path(), &[]);
    // The square after South's row holds its big stone and 4 small stones, each group
    // counted; the other holds its big stone alone.
    assert_eq!(
        h.get_all_by_label("Mandarin: 1 big stone, 4 seeds").count(),
        1
    );
    assert_eq!(
        h.get_all_by_label("Mandarin: 1 big stone, 0 seeds").count(),
        1
    );
    h.get_by_label("South captured: 18 seeds");

    // a> captures d's 3 stones, then the mandarin square: its big stone goes to the tray.
    let h = open(dir.path(), &["a>"]);
    h.get_by_label("South captured: 1 big stone, 25 seeds");
    h.get_by_label("Mandarin: 0 seeds");
}
