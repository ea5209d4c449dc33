//! The app in Italian, driven through egui_kittest: the chooser, the new-game dialog and
//! the play view speak Italian, the language can be changed and is remembered.
//!
//! Its own test binary (its own process): the language is process-wide, and the other
//! app tests speak English.

mod common;

use common::plugins_of;

use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

fn app(plugins: &std::path::Path, data: &std::path::Path, language: Option<&str>) -> TavolaApp {
    let dirs = PluginDirs(vec![PluginDir {
        path: plugins.to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let config = AppConfig {
        data_dir: Some(data.to_path_buf()),
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        language: language.map(str::to_owned),
        no_restore: true,
        ..AppConfig::default()
    };
    let mut app = TavolaApp::new(dirs, config);
    app.settings_mut().step_seconds = 0.0;
    app
}

fn harness(app: TavolaApp) -> Harness<'static, TavolaApp> {
    Harness::builder()
        // A move answered by the worker while `run` steps starts its animation in
        // the same run: room to settle on a loaded machine (the default is 4 steps).
        .with_max_steps(64)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app)
}

/// One test, as the language is one setting of the whole process.
#[test]
fn the_app_speaks_italian_and_remembers_it() {
    let plugins = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = harness(app(plugins.path(), data.path(), Some("it")));

    // The chooser.
    h.get_by_label("Scegli un gioco");
    h.get_by_label("Cerca:");
    h.get_by_label("Partita");
    h.get_by_label("Vista");
    assert!(h.query_by_label("Choose a game").is_none());
    h.get_by_label_contains("Gioca a ").click();
    h.run();

    // The new-game dialog.
    h.get_by_label_contains("Nuova partita a ");
    h.get_by_label("Orologi");
    h.get_by_label("Avanzate");
    h.state_mut()
        .new_game_dialog()
        .unwrap()
        .set_seat(1, tavola::session::SeatKind::Person);
    h.run();
    h.get_by_label("Inizia").click();
    h.run();
    h.state_mut().wait_for_start();
    h.run();
    assert_eq!(h.state().screen(), Screen::Play);

    // The play view.
    h.get_by_label("Mosse");
    h.get_by_label("Inizio");
    h.get_by_label("Annulla mossa");
    h.get_by_label("Rivedi");
    h.get_by_label("Tavoliere");
    assert!(h.query_by_label("Undo").is_none());

    // A move: c's last seed lands in South's store, an extra turn.
    h.get_by_label("c: 4 semi").click();
    h.run();
    h.get_by_label("Tocca a Sud");
    h.get_by_label("Sud c: turno in più per Sud");
    h.get_by_label_contains("Granaio di Sud: ");

    // Back to English from the View menu's choice, during the game: the board, the
    // status, the last move's event and the panels speak English at once; the choice
    // is remembered.
    h.state_mut().set_language("en");
    h.run();
    h.get_by_label("Undo");
    h.get_by_label("Moves");
    h.get_by_label("South to move");
    h.get_by_label("South c: extra turn for South");
    // The move list's events too: none is left in Italian.
    assert!(
        h.query_all_by_label_contains("extra turn for South")
            .count()
            >= 2,
        "the last move's event and the move list's"
    );
    assert!(h.query_by_label_contains("turno in più").is_none());
    h.get_by_label_contains("South store: ");
    h.get_by_label("c: 0 seeds");
    assert!(h.query_by_label("Tocca a Sud").is_none());
    assert!(h.query_by_label_contains("Granaio di Sud").is_none());
    assert_eq!(
        h.state().play_view().unwrap().notation(),
        "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S",
        "the same position"
    );
    // The game plays on in English: Undo, then the move again.
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("c: 4 seeds").click();
    h.run();
    h.get_by_label("South c: extra turn for South");
    let settings = std::fs::read_to_string(data.path().join("settings.json")).unwrap();
    assert!(settings.contains(r#""language": "en""#), "{settings}");
    h.state_mut().set_language("it");
    drop(h);

    let later = tempfile::tempdir().unwrap();
    std::fs::copy(
        data.path().join("settings.json"),
        later.path().join("settings.json"),
    )
    .unwrap();
    let h = harness(app(plugins.path(), later.path(), None));
    h.get_by_label("Scegli un gioco");
}
