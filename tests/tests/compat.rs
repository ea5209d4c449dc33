//! The compatibility promise, tested: a plugin built against contract revision 1 of
//! `game-api` (the frozen copy in `tests/fixtures/compat/game-api-r1`, with the plugin
//! `tests/fixtures/compat/plugin-r1` on it) is discovered, inspected, started, played and
//! played by bots in today's host, though the contract has grown since (appended FFI
//! methods, new `#[serde(default)]` fields).

use game_api::{Effect, MoveId, Options, Rng, SiteId, Turn};
use tavola::{
    ai::{
        estimate::Value,
        solve::{SolveConfig, SolveError, solve},
    },
    bots::bot_for,
    conformance::{CheckConfig, check_plugin},
    play::play_out,
    plugins::{DirSource, Plugin, PluginDir, PluginDirs, PluginSet},
    record::{Record, replay},
};
use tavola_tests::{library, plugins_folder};

fn with_old_plugin(test: impl FnOnce(&PluginSet, &Plugin)) {
    let dir = plugins_folder(&[library("fixture_compat_r1"), library("kalah")]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    for f in &set.files {
        assert_eq!(
            f.status_word(),
            "loaded",
            "{}: {:?}",
            f.path.display(),
            f.reason()
        );
    }
    let plugin = set.game("compat-r1").expect("the revision-1 plugin loads");
    test(&set, plugin);
}

#[test]
fn a_revision_1_plugin_is_discovered_and_inspected() {
    with_old_plugin(|set, plugin| {
        assert_eq!(
            set.games().count(),
            2,
            "beside a plugin of today's contract"
        );
        assert_eq!(plugin.api_level(), 1);
        let m = plugin.manifest();
        assert_eq!(m.name, "Last Stone (revision 1)");
        assert_eq!(m.version, "1.0.0");
        assert_eq!(m.seat_names, ["First", "Second"]);
        assert_eq!(m.options[0].key, "stones");
        assert_eq!(m.bots[0].name, "perfect");
        assert!(!m.may_have_chance());
    });
}

#[test]
fn a_revision_1_plugin_starts_and_plays_with_its_effects() {
    with_old_plugin(|_, plugin| {
        let options = Options::parse(&plugin.manifest().options, ["stones=7"]).unwrap();
        let mut game = plugin.new_game(&options).unwrap();
        assert_eq!(game.notation().unwrap(), "7 1");
        assert_eq!(game.layout().unwrap().sites.len(), 3);
        let moves: Vec<String> = game
            .moves()
            .unwrap()
            .into_iter()
            .map(|m| m.notation)
            .collect();
        assert_eq!(moves, ["take1", "take2", "take3"]);
        let effects = game.apply_with_effects(MoveId(3)).unwrap();
        assert_eq!(
            effects,
            [Effect::Capture {
                from: SiteId(0),
                to: Some(SiteId(1)),
                count: 3
            }]
        );
        assert_eq!(game.notation().unwrap(), "4 2");
        assert!(
            game.apply(MoveId(4)).is_err(),
            "four stones at once is refused"
        );
        assert_eq!(game.notation().unwrap(), "4 2", "and changes nothing");
        let view = game.view().unwrap();
        assert_eq!(view.status, "4 stones left");
        game.apply(MoveId(1)).unwrap();
        game.apply(MoveId(3)).unwrap();
        let Turn::Over { outcome } = game.turn().unwrap() else {
            panic!("the last stone ends the game");
        };
        assert_eq!(outcome.returns(), [1.0, -1.0]);
        let from = plugin.from_notation(&options, "9 2").unwrap();
        assert_eq!(
            from.legal_moves().unwrap(),
            [MoveId(1), MoveId(2), MoveId(3)]
        );
        assert!(plugin.from_notation(&options, "nine").is_err());
    });
}

#[test]
fn the_hosts_bots_and_the_plugins_own_play_a_revision_1_plugin() {
    with_old_plugin(|set, plugin| {
        let options = Options::defaults(&plugin.manifest().options);
        let game = plugin.new_game(&options).unwrap();
        // 21 stones: taking one leaves 20, a multiple of four: the only winning move.
        let mut perfect = bot_for("perfect", plugin, &game).unwrap();
        let mv = perfect.choose(&game, 0, &mut Rng::with_seed(1)).unwrap();
        assert_eq!(mv, MoveId(1));
        // Built before the search engine: the alpha-beta names play by MCTS (the host
        // has no alpha-beta of its own), and say so by their estimate.
        for name in ["alphabeta:8", "expert"] {
            let mut bot = bot_for(name, plugin, &game).unwrap();
            bot.set_time(std::time::Duration::from_millis(50));
            let mv = bot.choose(&game, 0, &mut Rng::with_seed(1)).unwrap();
            assert!(game.legal_moves().unwrap().contains(&mv), "{name}");
            let estimate = bot.last_estimate().expect("an estimate");
            assert!(
                matches!(estimate.value, Value::Expected(_)),
                "{name}: {estimate:?}"
            );
        }
        // The hint is MCTS's, and the solver refuses with the plugin's reason.
        let hint = tavola::ai::hint(
            &game,
            &plugin.manifest().search,
            1,
            tavola::ai::HintBudget::Time(std::time::Duration::from_millis(50)),
        )
        .unwrap();
        assert!(game.legal_moves().unwrap().contains(&hint.best));
        let err = solve(&game, &SolveConfig::default(), |_, _| {}).unwrap_err();
        assert!(
            matches!(&err, SolveError::Unsupported(why) if why.contains("built before the search engine")),
            "{err}"
        );
        for (seed, seats) in [(1, ["random", "perfect"]), (2, ["mcts:200", "greedy"])] {
            let mut game = plugin.new_game(&options).unwrap();
            let mut bots: Vec<_> = seats
                .iter()
                .map(|s| bot_for(s, plugin, &game).unwrap())
                .collect();
            let mut record = Record::new(plugin, &options, Some(seed), None);
            let outcome = play_out(
                &mut game,
                &mut bots,
                &mut Rng::with_seed(seed),
                &mut record,
                |_, _| {},
            )
            .unwrap();
            let taken: i64 = game
                .view()
                .unwrap()
                .panels
                .iter()
                .map(|p| p.entries[0].value.parse::<i64>().unwrap())
                .sum();
            assert_eq!(taken, 21, "every stone taken ({seats:?})");
            if seats[1] == "perfect" {
                assert_eq!(
                    outcome.returns(),
                    [-1.0, 1.0],
                    "perfect play wins as second"
                );
            }
            let replayed = replay(set, &record).unwrap();
            assert_eq!(replayed.game.notation().unwrap(), game.notation().unwrap());
        }
    });
}

#[test]
fn a_revision_1_plugin_passes_todays_conformance_suite() {
    with_old_plugin(|_, plugin| {
        let report = check_plugin(plugin, &CheckConfig::default());
        assert!(report.passed(), "{:?}", report.failures);
        assert_eq!(report.option_sets, 3);
    });
}
