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
    // A record written before records kept the game's name: its id is all it says.
    record.name = None;
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

#[test]
fn a_saved_game_of_a_removed_game_is_named_by_its_record() {
    let dir = plugins_of(&["kalah"]);
    let mut app = app(dir.path());
    let kalah = app.plugins().game("kalah").unwrap().clone();
    let options = game_api::Options::defaults(&kalah.manifest().options);
    let mut record = tavola::record::Record::new(&kalah, &options, Some(1), None);
    assert_eq!(record.name.as_deref(), Some("Kalah"));
    record.game = "walk-variant".into();
    record.name = Some("Walk Variant".into());
    let saves = tempfile::tempdir().unwrap();
    let path = saves.path().join("walk.json");
    std::fs::write(&path, record.to_json()).unwrap();
    let error = format!("{:#}", app.load_from(&path).unwrap_err());
    assert!(
        error.contains("“Walk Variant” is not installed any more"),
        "{error}"
    );
    assert!(!error.contains("walk-variant"), "{error}");
}

/// The last run's game, of a variant whose file was removed since: the notice at start
/// and *Recover games…* name it as the player knew it — no id, no file name, no path.
#[test]
fn the_last_game_of_a_removed_variant_is_kept_under_its_name() {
    let dir = plugins_of(&["kalah"]);
    let kalah = app(dir.path()).plugins().game("kalah").unwrap().clone();
    let options = game_api::Options::defaults(&kalah.manifest().options);
    let mut record = tavola::record::Record::new(&kalah, &options, Some(1), None);
    record.game = "walk-variant".into();
    record.name = Some("Walk Variant".into());
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("autosave.json"), record.to_json()).unwrap();
    let dirs = tavola::plugins::PluginDirs(vec![tavola::plugins::PluginDir {
        path: dir.path().to_path_buf(),
        source: tavola::plugins::DirSource::CommandLine,
    }]);
    let mut app = tavola::app::TavolaApp::new(
        dirs,
        tavola::app::AppConfig {
            data_dir: Some(data.path().to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..tavola::app::AppConfig::default()
        },
    );
    let message = app.message().expect("a notice").to_owned();
    assert!(
        message.contains("“Walk Variant” is not installed any more"),
        "{message}"
    );
    assert!(message.contains("Recover games"), "{message}");
    for developer_text in ["walk-variant", "autosave.json", "/"] {
        assert!(
            !message.contains(developer_text),
            "{developer_text}: {message}"
        );
    }
    let kept = tavola::app::list_recovered(data.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].name.as_deref(), Some("Walk Variant"));
    assert_eq!(kept[0].game.as_deref(), Some("walk-variant"));
    assert!(
        !kept[0].reason.contains("autosave.json"),
        "{}",
        kept[0].reason
    );
    app.shutdown();
}
