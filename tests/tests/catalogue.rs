//! The catalogue of data files (`plugins/mancala-data/catalogue/`), each file through
//! the real boundary as `tavola check` takes it: loaded by the `mancala-data` loader from
//! a plugins folder, then the quick suite and a hunt for rare endless games
//! ([`tavola::conformance::hunt`]). A shipped variant must pass; and every legal move of
//! it must report effects within the host's limit, the longest relays included (Ayoayo's
//! `F` at `1,0,9,0,2,1/0,2,1,2,3,8 15-4 N`, once 135,497 steps against 100,000).

use std::path::{Path, PathBuf};

use game_api::{Options, Turn};
use tavola::{
    conformance::{CheckConfig, Hunt, check_plugin},
    plugins::{DirSource, PluginDir, PluginDirs, PluginSet},
};
use tavola_tests::{library, plugins_folder};

/// The most effects the host takes for one move (`core/src/plugins/limits.rs`).
const HOST_MAX_EFFECTS: usize = 100_000;

fn catalogue() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/mancala-data/catalogue");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".mancala.toml"))
        .collect();
    files.sort();
    files
}

/// The loader and every catalogue file in one plugins folder.
fn folder() -> (tempfile::TempDir, PluginSet) {
    let dir = plugins_folder(&[library("mancala_data")]);
    for f in catalogue() {
        std::fs::copy(&f, dir.path().join(f.file_name().unwrap())).unwrap();
    }
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    (dir, set)
}

#[test]
fn every_catalogue_file_passes_the_check_with_its_hunt_for_endless_games() {
    let (_dir, set) = folder();
    let files = catalogue();
    assert!(files.len() >= 12, "{files:?}");
    for f in &set.files {
        assert_eq!(
            f.status_word(),
            "loaded",
            "{}: {:?}",
            f.path.display(),
            f.reason()
        );
    }
    // Bounded by games and positions, not time: the same on any machine.
    let config = CheckConfig {
        games_per_set: 3,
        hunt: Some(Hunt {
            games: 24,
            seconds: 600.0,
            ..Hunt::default()
        }),
        ..CheckConfig::default()
    };
    let mut checked = 0;
    for plugin in set.games() {
        let report = check_plugin(plugin, &config);
        let hunt = report.hunt.as_ref().expect("the hunt ran");
        println!(
            "{}: {} option sets, {} games; hunt {} games, {} positions, {:.1} s",
            plugin.id(),
            report.option_sets,
            report.games,
            hunt.games,
            hunt.positions_searched,
            hunt.elapsed.as_secs_f64()
        );
        assert!(report.passed(), "{}: {:#?}", plugin.id(), report.failures);
        checked += 1;
    }
    assert_eq!(checked, files.len());
}

#[test]
fn ayoayo_plays_its_longest_relay_within_the_hosts_limit_on_effects() {
    let (_dir, set) = folder();
    let ayoayo = set.game("ayoayo").expect("Ayoayo loads");
    let options = Options::defaults(&ayoayo.manifest().options);
    let mut game = ayoayo
        .from_notation(&options, "1,0,9,0,2,1/0,2,1,2,3,8 15-4 N")
        .unwrap();
    let f = game
        .moves()
        .unwrap()
        .into_iter()
        .find(|m| m.notation == "F")
        .expect("F is legal")
        .id;
    // Through the handle, whose checks refuse a move over the limit.
    let effects = game.apply_with_effects(f).expect("F plays");
    assert!(effects.len() < HOST_MAX_EFFECTS, "{}", effects.len());
    assert!(
        effects.iter().any(|e| matches!(
            e,
            game_api::Effect::Message { text } if text.contains("shown at once")
        )),
        "the long relay is shown at once past the kit's budget"
    );
    // The same position as without effects.
    let mut quiet = ayoayo
        .from_notation(&options, "1,0,9,0,2,1/0,2,1,2,3,8 15-4 N")
        .unwrap();
    quiet.apply(f).unwrap();
    assert_eq!(quiet.notation().unwrap(), game.notation().unwrap());
    assert!(matches!(
        game.turn().unwrap(),
        Turn::Seat { .. } | Turn::Over { .. }
    ));
}

#[test]
fn no_move_of_a_catalogue_game_reports_more_effects_than_the_host_takes() {
    let (_dir, set) = folder();
    for plugin in set.games() {
        let options = Options::defaults(&plugin.manifest().options);
        let mut longest = (0, String::new());
        for seed in 0..20u64 {
            let mut game = plugin.new_game(&options).unwrap();
            let mut rng = game_api::Rng::with_seed(seed);
            for _ in 0..2_000 {
                if !matches!(game.turn().unwrap(), Turn::Seat { .. }) {
                    break;
                }
                let moves = game.legal_moves().unwrap();
                let mv = moves[rng.below(moves.len())];
                let at = game.notation().unwrap();
                // Through the handle, whose checks refuse a move over the host's limit.
                let effects = game
                    .apply_with_effects(mv)
                    .unwrap_or_else(|e| panic!("{}: at `{at}`, move {mv}: {e}", plugin.id()));
                if effects.len() > longest.0 {
                    longest = (effects.len(), at);
                }
            }
        }
        println!(
            "{}: at most {} effects a move (at `{}`)",
            plugin.id(),
            longest.0,
            longest.1
        );
        assert!(longest.0 < HOST_MAX_EFFECTS, "{}: {longest:?}", plugin.id());
    }
}
