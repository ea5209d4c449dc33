//! The conformance suite on every first-party plugin, loaded from a plugins folder as the
//! app loads it.

use tavola::{
    conformance::{CheckConfig, check_plugin},
    plugins::{DirSource, PluginDir, PluginDirs, PluginSet},
};
use tavola_tests::{first_party_plugins, plugins_folder};

#[test]
fn every_first_party_plugin_passes_the_conformance_suite() {
    let libraries = first_party_plugins();
    assert!(!libraries.is_empty(), "no plugin libraries were built");
    let dir = plugins_folder(&libraries);
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
    let config = CheckConfig {
        games_per_set: 8,
        ..CheckConfig::default()
    };
    for plugin in set.games() {
        let report = check_plugin(plugin, &config);
        println!(
            "{}: {} option sets, {} games, {} actions",
            plugin.id(),
            report.option_sets,
            report.games,
            report.actions
        );
        assert!(report.passed(), "{}: {:#?}", plugin.id(), report.failures);
        assert!(report.actions > report.games, "the games were played");
    }
}
