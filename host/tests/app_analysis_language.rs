//! The analysis board's note (the line under its buttons: a file saved or loaded)
//! speaks the language chosen after it was made, in the real app through egui_kittest.
//! Its own test binary (its own process): the language is process-wide.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui_kittest::kittest::Queryable;
use tavola::{
    app::{NewGameRequest, analysis::FilePurpose},
    session::SeatKind,
};
use test_app::{app, harness};

#[test]
fn the_boards_note_follows_the_language_chosen_after_it() {
    let plugins = plugins_of(&["oware"]);
    let mut h = harness(app(plugins.path()));
    let plugin = h.state().plugins().game("oware").unwrap().clone();
    let options = game_api::Options::defaults(&plugin.manifest().options);
    h.state_mut()
        .start(NewGameRequest {
            game: "oware".into(),
            options,
            seats: vec![SeatKind::Person, SeatKind::Person],
            seed: 3,
        })
        .unwrap();
    h.run();
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
}
