//! The test fixtures are never offered by a release build of the app: a folder that
//! holds them beside the real plugins (`target/release` after `cargo build --release
//! --workspace`) lists them as hidden, and the real Kalah is not shadowed by the
//! fixture "Kalah (next)".

mod common;

use common::plugins_of;
use tavola::plugins::{DirSource, PluginDir, PluginDirs, PluginSet, TEST_FIXTURE_TAG};

#[test]
fn fixtures_are_hidden_and_the_game_they_shadowed_is_used() {
    let dir = plugins_of(&["kalah", "fixture_kalah_next", "fixture_hostile"]);
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let all = PluginSet::discover(dirs);
    // As found: no first-party folder and no choice, so the file found first (by name,
    // `libfixture_kalah_next` before `libkalah`) is used; Hostile Nim is a game.
    assert_eq!(all.game("kalah").unwrap().manifest().name, "Kalah (next)");
    assert!(all.game("hostile").is_some());
    for id in ["kalah", "hostile"] {
        let fixture = all
            .files
            .iter()
            .filter_map(|f| f.plugin())
            .filter(|p| p.id() == id)
            .any(|p| p.manifest().tags.iter().any(|t| t == TEST_FIXTURE_TAG));
        assert!(fixture, "the {id} fixture carries the tag");
    }

    // As a release build of the app offers them: no fixture, the real Kalah.
    let offered = all.without_test_fixtures();
    let kalah = offered.game("kalah").unwrap();
    assert_eq!(kalah.manifest().name, "Kalah");
    assert_ne!(kalah.manifest().version, "9.9.9");
    assert!(offered.game("hostile").is_none());
    let words: Vec<(&str, Option<String>)> = offered
        .files
        .iter()
        .map(|f| (f.status_word(), f.reason()))
        .collect();
    assert_eq!(
        words.iter().filter(|(w, _)| *w == "hidden").count(),
        2,
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|(_, r)| r.as_deref().is_some_and(|r| r.contains("test fixture"))),
        "{words:?}"
    );
    assert_eq!(offered.games().count(), 1, "only the real Kalah is offered");
}

#[test]
fn every_fixture_that_loads_says_it_is_one() {
    // Every fixture library cargo built next to this test (all of them in a workspace
    // test run; at least this crate's own two otherwise).
    let build = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let prefix = format!("{}fixture_", std::env::consts::DLL_PREFIX);
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(&build).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix) && name.ends_with(std::env::consts::DLL_SUFFIX) {
            std::fs::copy(entry.path(), dir.path().join(&name)).unwrap();
        }
    }
    let dirs = PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]);
    let set = PluginSet::discover(dirs);
    let loaded: Vec<_> = set.files.iter().filter_map(|f| f.plugin()).collect();
    assert!(loaded.len() >= 2, "fixtures found: {:?}", set.files);
    for plugin in &loaded {
        assert!(
            plugin.manifest().tags.iter().any(|t| t == TEST_FIXTURE_TAG),
            "the fixture {} ({}) does not carry the tag {TEST_FIXTURE_TAG}",
            plugin.id(),
            plugin.path().display()
        );
    }
    // None of them is offered by a release build.
    assert_eq!(set.without_test_fixtures().games().count(), 0);
}
