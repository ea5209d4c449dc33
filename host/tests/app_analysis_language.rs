//! The analysis board speaks the language chosen after it opened, in the real app
//! through egui_kittest: its note (the line under its buttons: a file saved or loaded)
//! and a finished game's result (the worker's text, made again in the new language).
//! Its own test binary (its own process): the language is process-wide.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::kittest::Queryable;
use tavola::app::analysis::FilePurpose;
use test_app::{app, harness, start_oware, wait_until};

#[test]
fn the_boards_note_and_a_finished_games_result_follow_the_language_chosen_after() {
    let plugins = plugins_of(&["oware", "kalah"]);
    let mut h = harness(app(plugins.path()));
    start_oware(&mut h);
    h.state_mut().open_analysis().unwrap();
    h.run();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("oware-analysis.json");
    h.state_mut()
        .file_chosen(FilePurpose::SaveAnalysis, path.clone());
    h.run();
    h.state_mut()
        .file_chosen(FilePurpose::LoadAnalysis, path.clone());
    h.run();
    let shown = path.display().to_string();
    assert!(
        h.query_by_label_contains(&format!("Loaded {shown}"))
            .is_some(),
        "no note says the record was loaded"
    );
    h.state_mut().set_language("it");
    h.run();
    assert!(
        h.query_by_label_contains(&format!("Caricato {shown}"))
            .is_some(),
        "the note did not follow the language to Italian"
    );
    assert!(h.query_by_label_contains("Loaded").is_none());
    h.state_mut().set_language("en");
    h.run();
    assert!(
        h.query_by_label_contains(&format!("Loaded {shown}"))
            .is_some()
    );

    // A finished game's result on the board follows the language too.
    let games = dir.path().join("series");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--lang", "en", "--no-default-plugins", "--plugins"])
        .arg(plugins.path())
        .args([
            "match", "kalah", "random", "greedy", "--games", "1", "--seed", "3",
        ])
        .arg("--record")
        .arg(&games)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    h.state_mut()
        .file_chosen(FilePurpose::AnalyseRecord, games.join("game-0000.json"));
    h.run();
    assert_eq!(h.state().analysis().unwrap().plugin().id(), "kalah");
    let won = |h: &test_app::H, words: &str| h.query_all_by_label_contains(words).next().is_some();
    assert!(
        won(&h, "North wins"),
        "the finished game's result is not shown"
    );
    h.state_mut().set_language("it");
    wait_until(&mut h, "the result in Italian", |h| won(h, "Vince Nord"));
    assert!(!won(&h, "North wins"));
}
