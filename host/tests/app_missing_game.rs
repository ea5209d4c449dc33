//! A saved game whose game is not installed any more (its plugin or data file removed)
//! is refused in a player's words: which game, and how to get it back — no folder path,
//! no list of every id loaded.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use test_app::app;

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
