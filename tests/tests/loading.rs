//! The host's loader against real libraries: the plugins load, and nothing in a plugins
//! folder can crash the host.

use std::path::Path;

use game_api::{MoveId, Options};
use tavola::plugins::{DirSource, PluginDir, PluginDirs, PluginFile, PluginSet, PluginStatus};
use tavola_tests::{copy_into, library, plugins_folder};

fn discover(dirs: &[&Path]) -> PluginSet {
    PluginSet::discover(PluginDirs(
        dirs.iter()
            .map(|d| PluginDir {
                path: d.to_path_buf(),
                source: DirSource::CommandLine,
            })
            .collect(),
    ))
}

fn file<'a>(set: &'a PluginSet, name: &str) -> &'a PluginFile {
    set.files
        .iter()
        .find(|f| f.path.file_name().unwrap().to_str().unwrap() == name)
        .unwrap_or_else(|| panic!("{name} was not found"))
}

#[test]
fn kalah_loads_and_plays_through_the_boundary() {
    // The texts checked below are English, whatever the machine's locale.
    tavola::i18n::set_language("en");
    let dir = plugins_folder(&[library("kalah")]);
    let set = discover(&[dir.path()]);
    let kalah = set.game("kalah").expect("kalah is loaded");
    assert_eq!(kalah.manifest().name, "Kalah");
    assert_eq!(kalah.api_level(), game_api::API_LEVEL);
    let mut game = kalah
        .new_game(&Options::defaults(&kalah.manifest().options))
        .unwrap();
    assert_eq!(game.notation().unwrap(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    let effects = game.apply_with_effects(MoveId(2)).unwrap();
    assert_eq!(effects.len(), 1 + 4 + 1, "lift, four drops, extra turn");
    assert_eq!(game.notation().unwrap(), "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
    let err = game.apply(MoveId(2)).unwrap_err();
    assert!(err.message.contains("house c is empty"), "{err}");
}

#[test]
fn every_bad_file_gets_its_message_and_the_good_ones_still_load() {
    let dir = plugins_folder(&[
        library("kalah"),
        library("fixture_not_a_plugin"),
        library("fixture_wrong_level"),
        library("fixture_panicky"),
        library("fixture_bad_manifest"),
    ]);
    let d = dir.path();
    std::fs::write(d.join("libempty.so"), b"").unwrap();
    std::fs::write(
        d.join("librandom.so"),
        (0..4096u32)
            .map(|i| (i * 7919 % 251) as u8)
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let kalah_bytes = std::fs::read(library("kalah")).unwrap();
    // Cut inside the loadable segments: the system loader would map it and the host
    // would die of a bus error on the missing pages.
    std::fs::write(d.join("libtruncated.so"), &kalah_bytes[..1 << 16]).unwrap();
    std::fs::write(d.join("libheader.so"), &kalah_bytes[..1000]).unwrap();
    std::fs::write(d.join("notes.txt"), b"not named like a library").unwrap();

    let set = discover(&[d]);
    assert_eq!(set.files.len(), 9, "the .txt file is not a library");

    let expect = |name: &str, status: &str, reason: &str| {
        let f = file(&set, name);
        assert_eq!(f.status_word(), status, "{name}: {:?}", f.reason());
        let got = f.reason().unwrap_or_default();
        assert!(
            got.contains(reason),
            "{name}: {got:?} should mention {reason:?}"
        );
    };
    expect("libkalah.so", "loaded", "");
    expect("libfixture_panicky.so", "loaded", "");
    expect("libempty.so", "failed", "the file is empty");
    expect("librandom.so", "failed", "not a dynamic library");
    expect(
        "libtruncated.so",
        "failed",
        "a damaged or truncated library",
    );
    expect("libheader.so", "failed", "a damaged or truncated library");
    expect(
        "libfixture_not_a_plugin.so",
        "failed",
        "not a Tavola plugin",
    );
    expect(
        "libfixture_wrong_level.so",
        "incompatible",
        &format!(
            "built for game-api level {} (game-api {}), this host speaks level {}",
            game_api::API_LEVEL + 1,
            game_api::GAME_API_VERSION,
            game_api::API_LEVEL
        ),
    );
    expect(
        "libfixture_bad_manifest.so",
        "failed",
        "could not give its manifest: the plugin panicked: deliberate panic in manifest",
    );
    // Several plugins load as several, not as the first one twice.
    let ids: Vec<&str> = set.games().map(|p| p.id()).collect();
    assert_eq!(ids, ["panicky", "kalah"]);
}

#[test]
fn a_panic_inside_a_plugin_is_an_error_not_a_crash() {
    let dir = plugins_folder(&[library("fixture_panicky")]);
    let set = discover(&[dir.path()]);
    let plugin = set.game("panicky").unwrap();
    let at = |where_: &str| {
        plugin
            .parse_options(&[format!("panic_at={where_}")])
            .unwrap()
    };

    let err = plugin.new_game(&at("new")).unwrap_err();
    assert!(err.is_panic());
    assert_eq!(
        err.to_string(),
        "the plugin `panicky` panicked: deliberate panic in new"
    );

    let game = plugin.new_game(&at("turn")).unwrap();
    assert!(game.turn().unwrap_err().is_panic());
    let game = plugin.new_game(&at("moves")).unwrap();
    assert!(game.legal_moves().unwrap_err().is_panic());
    assert!(game.moves().unwrap_err().is_panic());
    let mut game = plugin.new_game(&at("apply")).unwrap();
    assert!(game.apply(MoveId(1)).unwrap_err().is_panic());
    assert!(game.apply_with_effects(MoveId(1)).unwrap_err().is_panic());
    let game = plugin.new_game(&at("view")).unwrap();
    assert!(game.view().unwrap_err().is_panic());
    let mut game = plugin.new_game(&at("playout")).unwrap();
    assert!(game.playout(1).unwrap_err().is_panic());

    // After all that, the plugin still plays.
    let mut game = plugin.new_game(&at("never")).unwrap();
    assert_eq!(game.playout(3).unwrap().len(), 2);
    let report = tavola::conformance::check_plugin(plugin, &Default::default());
    assert!(!report.passed(), "the panicking option sets fail the suite");
    assert!(
        report
            .failures
            .iter()
            .all(|f| !f.contains("panic_at=never")),
        "{:#?}",
        report.failures
    );
}

#[test]
fn the_same_game_twice_keeps_the_one_found_first_not_the_higher_version() {
    tavola::i18n::set_language("en");
    let first = plugins_folder(&[library("kalah")]);
    let second = tempfile::tempdir().unwrap();
    copy_into(&library("fixture_kalah_next"), second.path());
    copy_into(&library("kalah"), second.path());
    let set = discover(&[first.path(), second.path()]);

    // A newcomer with a higher version (9.9.9) takes nobody's place.
    let used = set.game("kalah").unwrap();
    assert_eq!(used.manifest().version, "0.1.0");
    assert_eq!(used.path().parent(), Some(first.path()));
    assert_eq!(set.games().count(), 1);
    let shadowed: Vec<&PluginFile> = set
        .files
        .iter()
        .filter(|f| matches!(f.status, PluginStatus::Shadowed { .. }))
        .collect();
    assert_eq!(shadowed.len(), 2);
    for f in shadowed {
        let reason = f.reason().unwrap();
        assert!(reason.contains("kalah is also offered by"), "{reason}");
        assert!(reason.contains("found first"), "{reason}");
        assert!(
            reason.contains("choose it in the Plugins panel"),
            "{reason}"
        );
    }
    let kept = set.files.iter().find(|f| f.note().is_some()).unwrap();
    assert!(kept.note().unwrap().contains("9.9.9"), "{:?}", kept.note());

    // With the same content twice, the folder searched first wins.
    let set = discover(&[first.path(), first.path()]);
    assert_eq!(set.games().count(), 1);
    assert_eq!(set.files[0].status_word(), "loaded");
    assert_eq!(set.files[1].status_word(), "shadowed");
}

#[test]
fn the_first_party_game_stays_until_the_user_chooses_another() {
    tavola::i18n::set_language("en");
    let user = plugins_folder(&[library("fixture_kalah_next")]);
    let beside = plugins_folder(&[library("kalah")]);
    let dirs = PluginDirs(vec![
        PluginDir {
            path: user.path().to_path_buf(),
            source: DirSource::CommandLine,
        },
        PluginDir {
            path: beside.path().to_path_buf(),
            source: DirSource::BesideExecutable,
        },
    ]);
    let set = PluginSet::discover(dirs).with_choices(&Default::default());
    let used = set.game("kalah").unwrap();
    assert_eq!(
        used.manifest().name,
        "Kalah",
        "first-party, though searched later"
    );
    assert!(used.meta().first_party);
    let next = set
        .files
        .iter()
        .find(|f| f.path.starts_with(user.path()))
        .unwrap();
    assert!(
        next.reason().unwrap().contains("first-party"),
        "{:?}",
        next.reason()
    );

    // The user's choice: the other file, from now on.
    let choice = [("kalah".to_owned(), next.path.clone())].into();
    let set = set.with_choices(&choice);
    let used = set.game("kalah").unwrap();
    assert_eq!(used.manifest().version, "9.9.9");
    assert!(
        set.files
            .iter()
            .find_map(|f| f.reason().filter(|r| r.contains("your choice")))
            .is_some()
    );
}

#[test]
fn folders_that_do_not_exist_are_skipped() {
    // The texts checked below are English, whatever the machine's locale.
    tavola::i18n::set_language("en");
    let set = discover(&[Path::new("/nonexistent/tavola/plugins")]);
    assert!(set.files.is_empty());
    assert!(
        set.require("kalah")
            .unwrap_err()
            .to_string()
            .contains("no plugin is loaded")
    );

    // A folder whose only library is refused: the message names the file and why, so
    // that a command-line user need not open the Plugins panel to learn it.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("libempty.so"), b"").unwrap();
    let err = discover(&[dir.path()])
        .require("kalah")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no plugin is loaded"), "{err}");
    assert!(
        err.contains("refused: ") && err.contains("libempty.so: ") && err.contains("empty"),
        "{err}"
    );
}
