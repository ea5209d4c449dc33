//! The table's shape in the real app (egui_kittest): one place decides what is enabled,
//! and the menus, the side panel's buttons and the shortcuts agree with it. How the
//! table carries out intents is unit-tested against a scripted worker
//! (`host/src/app/table/tests.rs`).

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::{H, app, harness, start_kalah, wait_until};

use egui_kittest::kittest::{NodeT, Queryable};
use tavola::{app::Command, session::SeatKind};

/// Starts Kalah, 3 houses of 3 seeds, two people.
fn start(h: &mut H) {
    start_kalah(h, vec![SeatKind::Person, SeatKind::Person], true);
}

fn notation(h: &H) -> String {
    h.state().play_view().unwrap().notation().to_owned()
}

fn cursor(h: &H) -> usize {
    h.state().play_view().unwrap().session().cursor()
}

/// Whether the side panel's button `label` can be pressed.
fn button_enabled(h: &H, label: &str) -> bool {
    !h.get_by_label(label).accesskit_node().is_disabled()
}

#[test]
fn menus_buttons_and_shortcuts_agree_on_what_is_enabled() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    start(&mut h);
    let start_position = notation(&h);

    // At the start nothing can be undone or redone: the controller, the app (which the
    // menus ask), the side panel's buttons and the shortcuts all say so.
    let play = h.state().play_view().unwrap();
    for command in [Command::Undo, Command::Redo, Command::Back, Command::ToEnd] {
        assert!(!play.enabled(command), "{command:?} enabled at the start");
        assert!(!h.state().enabled(command), "the menu's {command:?}");
    }
    assert!(!button_enabled(&h, "Undo"));
    assert!(!button_enabled(&h, "Redo"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(notation(&h), start_position, "Ctrl+Z did something");

    // After a move, Undo is allowed everywhere; Redo still nowhere.
    h.get_by_label("a: 3 seeds").click();
    wait_until(&mut h, "the move played", |h| cursor(h) == 1);
    h.run();
    assert!(h.state().enabled(Command::Undo));
    assert!(button_enabled(&h, "Undo"));
    assert!(!h.state().enabled(Command::Redo));
    assert!(!button_enabled(&h, "Redo"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(cursor(&h), 1, "Ctrl+Y replayed a move that is not there");

    // Ctrl+Z takes the move back; then Redo is allowed everywhere, Undo nowhere.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    wait_until(&mut h, "the move taken back", |h| {
        notation(h) == start_position
    });
    h.run();
    assert!(!h.state().enabled(Command::Undo));
    assert!(!button_enabled(&h, "Undo"));
    assert!(h.state().enabled(Command::Redo));
    assert!(button_enabled(&h, "Redo"));
}

#[test]
fn a_disabled_commands_shortcut_does_nothing() {
    // Kalah 4×3, one move from its end: South's d reaches its store and empties its row.
    let dir = plugins_of(&["kalah"]);
    let mut config = tavola::app::AppConfig {
        worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
        language: Some("en".into()),
        ..tavola::app::AppConfig::default()
    };
    config.start = Some(tavola::app::StartGame {
        game: "kalah".into(),
        options: vec!["houses=4".into(), "seeds=3".into()],
        seats: vec!["human".into(), "human".into()],
        seed: 1,
        position: Some("0,0,0,1/1,1,1,1 9-10 S".into()),
        moves: vec!["d".into()],
        random_moves: 0,
    });
    let dirs = tavola::plugins::PluginDirs(vec![tavola::plugins::PluginDir {
        path: dir.path().to_path_buf(),
        source: tavola::plugins::DirSource::CommandLine,
    }]);
    let mut h = harness(tavola::app::TavolaApp::new(dirs, config));
    h.run();
    let play = h.state().play_view().unwrap();
    assert!(play.is_over(), "{}", play.notation());
    // Opened where its moves end, to look at: paused.
    assert!(play.paused());
    // Pause/Resume means nothing in a finished game: disabled everywhere, and its
    // shortcut (which, carried out, would resume) leaves the game as it is.
    assert!(!play.enabled(Command::PauseResume));
    assert!(!h.state().enabled(Command::PauseResume));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run();
    assert!(
        h.state().play_view().unwrap().paused(),
        "Ctrl+P resumed a finished game"
    );
    // Hint too: no search starts.
    assert!(!h.state().enabled(Command::Hint));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::H);
    h.run();
    assert!(!h.state().play_view().unwrap().hint_pending());
}
