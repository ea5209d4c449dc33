//! Endless games: a kit variant whose author left out the kit's cycle rule
//! (`tests/fixtures/endless-chase`) passes random testing, but a short search plays into
//! a cycle it never leaves. `tavola check` must refuse it, with the cycle and the kit's
//! setting in the message, and pass the same variant with the setting
//! (`tests/fixtures/endless-chase-ended`); a match must report such a game, not lose
//! the series. The libraries are loaded from a plugins folder, as the app loads them.

use game_api::Rng;
use tavola::{
    bots::{Bot, bot_for},
    conformance::{CheckConfig, LongRun, check_long, check_plugin, cycles::short_search},
    matches::endless_repetition,
    play::play_out_capped,
    plugins::{DirSource, ErrorKind, Plugin, PluginDir, PluginDirs, PluginSet},
    record::Record,
    repetition::ENDLESS_TIMES,
};
use tavola_tests::{library, plugins_folder};

/// The plugin of the fixture crate `crate_name`, game `id`, loaded from a folder.
fn load(crate_name: &str, id: &str) -> (tempfile::TempDir, Plugin) {
    let dir = plugins_folder(&[library(crate_name)]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game(id).expect("the fixture loads").clone();
    (dir, plugin)
}

#[test]
fn check_refuses_the_endless_chase_with_its_cycle_and_the_kit_setting() {
    let (_dir, plugin) = load("fixture_endless_chase", "endless-chase");
    let report = check_plugin(&plugin, &CheckConfig::default());
    assert!(!report.passed(), "the endless chase passed the check");
    // Random play ends every game: only the bot games find the cycle.
    assert!(report.games > 0 && report.actions > report.games);
    for failure in &report.failures {
        assert!(failure.contains("an endless game"), "{failure}");
    }
    let failure = &report.failures[0];
    // Found by the bots' games (greedy against greedy since greedy plays by the kit's
    // heuristic, or the short search against itself), never by random play.
    assert!(
        failure.contains("greedy vs greedy") || failure.contains("a short search against itself"),
        "not found by the bots: {failure}"
    );
    for needed in [
        &format!("occurred {ENDLESS_TIMES} times without the game ending"),
        "the line of play from it back to it",
        "Config::cycle_ends_game",
        "a game of its own must end repeated positions in its rules",
    ] {
        assert!(
            failure.contains(needed),
            "`{needed}` missing from: {failure}"
        );
    }
    // The cycle itself: the position, then its moves by notation.
    assert!(
        failure.contains(" S` (South to move)") || failure.contains(" N` (North to move)"),
        "{failure}"
    );
    let line = failure
        .split("moves): ")
        .nth(1)
        .and_then(|rest| rest.split(". Nothing").next())
        .expect("the line is shown");
    assert!(line.split(' ').count() >= 2, "{line}");
    assert!(line.split(' ').all(|m| m.starts_with('`')), "{line}");
}

#[test]
fn the_long_mode_finds_the_cycle_too() {
    let (_dir, plugin) = load("fixture_endless_chase", "endless-chase");
    let budget = LongRun {
        games: Some(4),
        ..LongRun::default()
    };
    let report = check_long(&plugin, &CheckConfig::default(), &budget);
    assert_eq!((report.games, report.bot_games), (4, 4));
    assert!(
        report
            .failures
            .iter()
            .any(|f| f.contains("an endless game") && f.contains("cycle_ends_game")),
        "{:#?}",
        report.failures
    );
}

#[test]
fn the_chase_with_the_kits_cycle_rule_passes() {
    let (_dir, plugin) = load("fixture_endless_chase_ended", "endless-chase-ended");
    let report = check_plugin(&plugin, &CheckConfig::default());
    assert!(report.passed(), "{:#?}", report.failures);
    assert!(report.bot_games > 0 && report.bot_actions > report.bot_games);
}

#[test]
fn a_game_stopped_for_its_length_shows_the_position_it_kept_coming_back_to() {
    let (_dir, plugin) = load("fixture_endless_chase", "endless-chase");
    let options = game_api::Options::defaults(&plugin.manifest().options);
    let mut game = plugin.new_game(&options).unwrap();
    // The check's short search: the same moves whatever else the process searched.
    let mut bots: Vec<Box<dyn Bot>> = (0..2)
        .map(|_| short_search(&plugin.manifest().search))
        .collect();
    assert_eq!(bots[0].name(), "alphabeta:2");
    assert!(bot_for("alphabeta:2", &plugin, &game).is_ok());
    let mut record = Record::new(&plugin, &options, Some(2), None);
    let stopped = play_out_capped(
        &mut game,
        &mut bots,
        &mut Rng::with_seed(2),
        &mut record,
        600,
        |_, _| {},
    )
    .expect_err("the chase never ends");
    assert_eq!(stopped.kind, ErrorKind::TooLong);
    let repeated = endless_repetition(&plugin, &options, &record).expect("a position came back");
    assert!(repeated.times >= ENDLESS_TIMES, "{repeated:?}");
    assert!(!repeated.line.is_empty());
    let text = repeated.describe(&plugin.manifest().seat_names);
    assert!(text.contains("to move)"), "{text}");
}
