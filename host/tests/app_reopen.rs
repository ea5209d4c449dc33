//! A game saved and opened again — by Load, and as the last run's game restored — shows
//! the move list it showed (each move's events) and keeps the moves undone before it was
//! saved for Redo; an undone move that does not fit the game is dropped with a warning.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::kittest::{NodeT, Queryable};
use tavola::{
    app::{AppConfig, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    record::Record,
    session::SeatKind,
};
use test_app::{H, app, harness, start_kalah, wait_until};

/// The move list's lines, as read (the numbered ones: "  1. South c  extra turn…").
fn move_list(h: &H) -> Vec<String> {
    h.query_all_by_label_contains(". ")
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .filter(|t| {
            t.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .collect()
}

fn notation(h: &H) -> String {
    h.state().play_view().unwrap().notation().to_owned()
}

fn click(h: &mut H, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Kalah between two people: c (an extra turn), f, then one move undone.
fn played_and_undone(h: &mut H) -> (Vec<String>, String) {
    start_kalah(h, vec![SeatKind::Person, SeatKind::Person], false);
    wait_until(h, "the game", |h| h.state().play_view().is_some());
    click(h, "c: 4 seeds");
    click(h, "f: 5 seeds");
    wait_until(h, "two moves", |h| {
        h.state().play_view().unwrap().session().cursor() == 2
    });
    h.run();
    let list = move_list(h);
    assert!(
        list.iter().any(|l| l.contains("extra turn")),
        "the extra turn is in the move list: {list:?}"
    );
    let end = notation(h);
    click(h, "Undo");
    (list, end)
}

#[test]
fn a_loaded_game_keeps_its_move_notes_and_its_redo() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    let (list, end) = played_and_undone(&mut h);
    let file = dir.path().join("saved.json");
    h.state_mut().save_to(&file).unwrap();
    let saved = Record::read(&file).unwrap();
    assert_eq!((saved.moves.len(), saved.undone.len()), (1, 1), "{saved:?}");

    // Another game in between, then the saved one.
    let mut h = harness(app(dir.path()));
    h.state_mut().load_from(&file).unwrap();
    h.run();
    assert_eq!(move_list(&h), list, "the move list after Load");
    assert!(h.state().play_view().unwrap().session().can_redo());
    click(&mut h, "Redo");
    wait_until(&mut h, "the redo", |h| notation(h) == end);
    assert_eq!(move_list(&h), list);
}

#[test]
fn an_undone_move_that_does_not_fit_is_dropped_with_a_warning() {
    let dir = plugins_of(&["kalah"]);
    let mut h = harness(app(dir.path()));
    played_and_undone(&mut h);
    let file = dir.path().join("saved.json");
    h.state_mut().save_to(&file).unwrap();
    let mut record = Record::read(&file).unwrap();
    record.undone[0].notation = "z".into();
    std::fs::write(&file, record.to_json()).unwrap();

    let mut h = harness(app(dir.path()));
    h.state_mut().load_from(&file).unwrap();
    h.run();
    let view = h.state().play_view().unwrap();
    assert_eq!(view.session().cursor(), 1, "the game itself is opened");
    assert!(!view.session().can_redo(), "a forged move offered for Redo");
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(
        message.contains("cannot all be redone") && message.contains("move 2"),
        "{message}"
    );
}

#[test]
fn the_last_run_s_game_comes_back_with_its_move_notes_and_its_redo() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let with_data = || {
        let dirs = PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }]);
        let mut app = TavolaApp::new(
            dirs,
            AppConfig {
                data_dir: Some(data.path().to_path_buf()),
                worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
                language: Some("en".into()),
                ..AppConfig::default()
            },
        );
        app.settings_mut().step_seconds = 0.0;
        app
    };
    let mut h = harness(with_data());
    let (list, _) = played_and_undone(&mut h);
    h.run();
    // The window closes as a person closes it: the game is kept for the next run.
    h.state_mut().shutdown();
    drop(h);

    let mut h = harness(with_data());
    h.run();
    wait_until(&mut h, "the restored game", |h| {
        h.state().play_view().is_some()
    });
    h.run();
    assert_eq!(move_list(&h), list, "the move list after a restart");
    assert!(h.state().play_view().unwrap().session().can_redo());
}

/// Every line of the move list (chance throws too: "     Chance 3 heads").
fn all_lines(h: &H) -> Vec<String> {
    h.query_all_by_label_contains(" ")
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .filter(|t| {
            t.starts_with("     ")
                || t.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .collect()
}

#[test]
fn the_storks_moves_are_said_in_words_before_and_after_load() {
    let dir = plugins_of(&["stork_migration"]);
    let mut h = harness(app(dir.path()));
    let plugin = h.state().plugins().game("stork-migration").unwrap().clone();
    h.state_mut()
        .start(tavola::app::NewGameRequest {
            game: "stork-migration".into(),
            options: game_api::Options::defaults(&plugin.manifest().options),
            seats: vec![SeatKind::Bot("random".into()); 2],
            seed: 2,
        })
        .unwrap();
    wait_until(&mut h, "the end of the game", |h| {
        matches!(
            h.state().play_view().unwrap().turn(),
            game_api::Turn::Over { .. }
        )
    });
    h.run_steps(2);
    let lines = all_lines(&h);
    assert!(
        lines.iter().any(|l| l.contains("moves a stork from")),
        "{lines:?}"
    );
    // No notation: "in3", "32-33", "1 heads".
    let notation = |l: &String| {
        l.split_whitespace().any(|w| {
            (w.starts_with("in") && w[2..].parse::<u8>().is_ok())
                || w.split_once('-')
                    .is_some_and(|(a, b)| a.parse::<u8>().is_ok() && b.parse::<u8>().is_ok())
        }) || l.contains(" 1 heads")
    };
    let written: Vec<&String> = lines.iter().filter(|l| notation(l)).collect();
    assert!(
        written.is_empty(),
        "notations in the move list: {written:?}"
    );
    let file = dir.path().join("storks.json");
    h.state_mut().save_to(&file).unwrap();
    // The record keeps the notations, which replays check.
    let saved = Record::read(&file).unwrap();
    assert!(saved.moves.iter().any(|m| m.notation.contains('-')));
    assert!(!saved.moves.iter().any(|m| m.notation.contains("stork")));

    let mut h = harness(app(dir.path()));
    h.state_mut().load_from(&file).unwrap();
    h.run_steps(2);
    assert_eq!(all_lines(&h), lines, "the move list after Load");
}
