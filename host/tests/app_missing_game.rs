//! A saved game whose game is not installed any more (its plugin or data file removed)
//! is refused in a player's words: which game, and how to get it back — no folder path,
//! no list of every id loaded.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use tavola::{app::NewGameRequest, session::SeatKind};
use test_app::app;

/// A variant as a data file, `id` and `name` its own.
fn variant(id: &str, name: &str) -> String {
    include_str!("../../plugins/mancala-data/catalogue/whyo.mancala.toml")
        .replacen("id = \"whyo\"", &format!("id = \"{id}\""), 1)
        .replacen("name = \"Whyo\"", &format!("name = \"{name}\""), 1)
}

#[test]
fn a_rematch_of_a_variant_whose_file_was_removed_names_the_game() {
    let dir = plugins_of(&["mancala_data"]);
    let file = dir.path().join("walk.mancala.toml");
    std::fs::write(&file, variant("walk-variant", "Walk Variant")).unwrap();
    let mut app = app(dir.path());
    let plugin = app.plugins().game("walk-variant").unwrap().clone();
    app.start(NewGameRequest {
        game: "walk-variant".into(),
        options: game_api::Options::defaults(&plugin.manifest().options),
        seats: vec![SeatKind::Person, SeatKind::Person],
        seed: 1,
    })
    .unwrap();
    // The file goes while the game is on the table; the folder's watch sees it.
    std::fs::remove_file(&file).unwrap();
    app.watch_plugins(1.0e9);
    app.finish_scan(true);
    assert!(app.plugins().game("walk-variant").is_none());
    app.rematch();
    let message = app.message().expect("a message").to_owned();
    assert!(
        message.contains("“Walk Variant” is not installed any more"),
        "{message}"
    );
    assert!(!message.contains("walk-variant"), "{message}");
    assert!(
        !message.contains(&dir.path().display().to_string()),
        "{message}"
    );
    app.shutdown();
}

#[test]
fn a_saved_game_of_a_removed_game_says_so_in_a_players_words() {
    let dir = plugins_of(&["kalah"]);
    let mut app = app(dir.path());
    let kalah = app.plugins().game("kalah").unwrap().clone();
    let options = game_api::Options::defaults(&kalah.manifest().options);
    let mut record = tavola::record::Record::new(&kalah, &options, Some(1), None);
    record.game = "dakon".into();
    let saves = tempfile::tempdir().unwrap();
    let path = saves.path().join("dakon-game.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let error = format!("{:#}", app.load_from(&path).unwrap_err());
    assert!(error.contains("dakon-game.json"), "{error}");
    assert!(
        error.contains("“dakon” is not installed any more"),
        "{error}"
    );
    assert!(error.contains("plugins folder"), "{error}");
    assert!(!error.contains("loaded:"), "{error}");
    assert!(
        !error.contains(&saves.path().display().to_string()),
        "{error}"
    );
    assert!(
        !error.contains(&dir.path().display().to_string()),
        "{error}"
    );
    // The file is kept as it was.
    assert!(path.exists());
}
