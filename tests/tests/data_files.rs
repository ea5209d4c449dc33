//! Mancala variants as data files, through the real boundary: the `mancala-data` loader
//! library and `.mancala.toml` files in a plugins folder are discovered, inspected,
//! checked and played as the app and the CLI do it — in process, in a sandboxed worker
//! and by the `tavola` binary — and a bad file is refused with its line and key; an
//! option's `only_when` reaches the host, and a bad one is refused naming the file.

mod attack_support;

use std::{path::Path, process::Command};

use game_api::{MoveId, Options, Rng};
use tavola::{
    conformance::{CheckConfig, check_plugin},
    plugins::{DirSource, Plugin, PluginDir, PluginDirs, PluginSet},
    worker::RemoteGame,
};
use tavola_tests::{library, plugins_folder};

/// The loader's starting file as a game of its own: Kalah with the options `seeds` and
/// `empty_capture`, as the compiled `kalah` plugin has them.
fn kalah_file() -> String {
    include_str!("../../plugins/mancala-data/template.mancala.toml")
        .replacen("id = \"my-mancala\"", "id = \"kalah-data\"", 1)
        .replacen("name = \"My Mancala\"", "name = \"Kalah (data)\"", 1)
}

fn discover(dir: &Path) -> PluginSet {
    PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]))
}

/// A plugins folder with the loader, `kalah`, the Kalah file and a bad file.
fn folder() -> tempfile::TempDir {
    let dir = plugins_folder(&[library("mancala_data"), library("kalah")]);
    std::fs::write(dir.path().join("kalah-data.mancala.toml"), kalah_file()).unwrap();
    let bad = kalah_file().replacen("houses = 6 ", "housse = 6 ", 1);
    std::fs::write(dir.path().join("bad.mancala.toml"), bad).unwrap();
    dir
}

fn game<'a>(set: &'a PluginSet, id: &str) -> &'a Plugin {
    set.game(id)
        .unwrap_or_else(|| panic!("{id} is not among the games"))
}

#[test]
fn a_data_file_is_listed_with_its_own_identity_and_a_bad_one_refused_with_its_line() {
    let dir = folder();
    let set = discover(dir.path());
    let ids: Vec<&str> = set.games().map(Plugin::id).collect();
    assert!(
        ids.contains(&"kalah-data") && ids.contains(&"kalah"),
        "{ids:?}"
    );
    assert!(
        !ids.contains(&"mancala-data"),
        "the loader is not a game: {ids:?}"
    );
    let data = game(&set, "kalah-data");
    assert!(data.is_data_game());
    let loader = set.games_and_loaders().find(|p| p.is_loader()).unwrap();
    assert_ne!(data.meta().hash, loader.meta().hash, "its own content hash");
    assert_eq!(data.manifest().version, "1.0.0");
    let bad = set
        .files
        .iter()
        .find(|f| f.path.ends_with("bad.mancala.toml"))
        .unwrap();
    assert_eq!(bad.status_word(), "failed");
    let reason = bad.reason().unwrap();
    assert!(
        reason.starts_with("line 20, `housse`: unknown field `housse`, expected one of"),
        "{reason}"
    );
    // Another file is another game content.
    std::fs::write(
        dir.path().join("kalah-data.mancala.toml"),
        kalah_file().replacen("version = \"1.0.0\"", "version = \"1.0.1\"", 1),
    )
    .unwrap();
    let again = discover(dir.path());
    assert_ne!(game(&again, "kalah-data").meta().hash, data.meta().hash);
}

#[test]
fn a_data_file_passes_the_conformance_suite_through_the_boundary() {
    let dir = folder();
    let set = discover(dir.path());
    let config = CheckConfig {
        games_per_set: 6,
        ..CheckConfig::default()
    };
    let report = check_plugin(game(&set, "kalah-data"), &config);
    assert!(report.passed(), "{:?}", report.failures);
}

#[test]
fn kalah_as_a_data_file_plays_as_the_compiled_kalah() {
    let dir = folder();
    let set = discover(dir.path());
    let (data, compiled) = (game(&set, "kalah-data"), game(&set, "kalah"));
    for seeds in [3, 4, 6] {
        for empty in [false, true] {
            let pairs = [format!("seeds={seeds}"), format!("empty_capture={empty}")];
            let o_data = data.parse_options(&pairs).unwrap();
            let o_compiled = compiled.parse_options(&pairs).unwrap();
            for seed in 0..6 {
                let mut a = data.new_game(&o_data).unwrap();
                let mut b = compiled.new_game(&o_compiled).unwrap();
                let mut rng = Rng::with_seed(seed * 7 + seeds);
                loop {
                    assert_eq!(a.notation().unwrap(), b.notation().unwrap());
                    assert_eq!(a.turn().unwrap(), b.turn().unwrap());
                    let moves = a.legal_moves().unwrap();
                    assert_eq!(moves, b.legal_moves().unwrap());
                    if moves.is_empty() {
                        break;
                    }
                    let mv: MoveId = moves[rng.below(moves.len())];
                    let ea = a.apply_with_effects(mv).unwrap();
                    assert_eq!(ea, b.apply_with_effects(mv).unwrap());
                }
            }
        }
    }
}

#[test]
fn a_data_game_plays_in_a_sandboxed_worker() {
    let dir = folder();
    let set = discover(dir.path());
    let plugin = game(&set, "kalah-data");
    let mut remote = RemoteGame::spawn(attack_support::tavola_exe(), plugin, None)
        .expect("the worker loads the data file's game");
    let start = remote
        .start(&Options::defaults(&plugin.manifest().options), None, &[])
        .unwrap();
    assert_eq!(start.notation, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    let (_, after) = remote.play(2).unwrap();
    assert_eq!(after.notation, "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
}

fn tavola(dir: &Path, cache: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(attack_support::tavola_exe())
        .args(["--no-default-plugins", "--plugins"])
        .arg(dir)
        .args(args)
        .env("TAVOLA_CACHE_DIR", cache)
        .env("LANG", "C")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn tavola_new_writes_a_file_tavola_check_passes_and_a_bad_file_fails_it() {
    let dir = folder();
    let cache = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("last-seed.mancala.toml");
    let (ok, text) = tavola(
        dir.path(),
        cache.path(),
        &[
            "new",
            "--mancala-file",
            "last-seed",
            "--path",
            file.to_str().unwrap(),
        ],
    );
    assert!(ok, "{text}");
    let (ok, text) = tavola(dir.path(), cache.path(), &["check", file.to_str().unwrap()]);
    assert!(ok && text.contains("Last Seed 1.0.0"), "{text}");
    let bad = dir.path().join("bad.mancala.toml");
    let (ok, text) = tavola(dir.path(), cache.path(), &["check", bad.to_str().unwrap()]);
    assert!(!ok, "{text}");
    assert!(text.contains("line 20, `housse`: unknown field"), "{text}");
    let (ok, text) = tavola(dir.path(), cache.path(), &["list"]);
    assert!(
        ok && text.contains("kalah-data") && text.contains("line 20, `housse`"),
        "{text}"
    );
    // Every game benchmarked in one confined process: each data file's game reads its
    // own file.
    std::fs::copy(&file, dir.path().join("last-seed.mancala.toml")).unwrap();
    let (ok, text) = tavola(dir.path(), cache.path(), &["bench", "--seconds", "0.05"]);
    assert!(
        ok && text.contains("kalah-data") && text.contains("last-seed"),
        "{text}"
    );
}

#[test]
fn tavola_check_warns_of_a_key_that_does_nothing_with_its_line_and_still_passes() {
    let dir = folder();
    let cache = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("idle-key.mancala.toml");
    // Kalah's capture is "opposite": `capture_min` is read only by the backward capture.
    let text = kalah_file()
        .replacen("id = \"kalah-data\"", "id = \"idle-key\"", 1)
        .replacen(
            "capture_empty_opposite = \"no-capture\"\n",
            "capture_empty_opposite = \"no-capture\"\ncapture_min = 2\n",
            1,
        );
    let line = text
        .lines()
        .position(|l| l.starts_with("capture_min"))
        .unwrap()
        + 1;
    std::fs::write(&file, text).unwrap();
    let (ok, out) = tavola(dir.path(), cache.path(), &["check", file.to_str().unwrap()]);
    assert!(ok, "the file still loads and passes: {out}");
    assert!(
        out.contains(&format!(
            "line {line}, `capture_min`: it does nothing under `capture = \"opposite\"`: it is read only with `capture = \"backward\"`"
        )),
        "{out}"
    );
    // The same file in a plugins folder is a game like any other.
    std::fs::copy(&file, dir.path().join("idle-key.mancala.toml")).unwrap();
    let set = discover(dir.path());
    let row = set
        .files
        .iter()
        .find(|f| f.path.ends_with("idle-key.mancala.toml"))
        .unwrap();
    assert_eq!(row.status_word(), "loaded");
    assert_eq!(row.warnings().len(), 1, "{:?}", row.warnings());
    // A file without such keys has no warning.
    let kalah = set
        .files
        .iter()
        .find(|f| f.path.ends_with("kalah-data.mancala.toml"))
        .unwrap();
    assert!(kalah.warnings().is_empty(), "{:?}", kalah.warnings());
}

/// The loader's starting file with its option `empty_capture` mattering only while
/// `seeds` is `value` of option `key` (well-formed or not).
fn conditional_file(id: &str, key: &str) -> String {
    kalah_file()
        .replacen("id = \"kalah-data\"", &format!("id = \"{id}\""), 1)
        .replacen(
            "[options.when_true]\n",
            &format!("only_when = {{ key = \"{key}\", value = 6 }}\n[options.when_true]\n"),
            1,
        )
}

#[test]
fn an_option_s_condition_crosses_the_boundary_and_a_bad_one_is_refused_naming_the_file() {
    let dir = folder();
    std::fs::write(
        dir.path().join("kalah-when.mancala.toml"),
        conditional_file("kalah-when", "seeds"),
    )
    .unwrap();
    // Inspected in a child, its manifest sent as JSON and checked by the host: the
    // condition arrives.
    let set = discover(dir.path());
    let spec = game(&set, "kalah-when")
        .manifest()
        .options
        .iter()
        .find(|o| o.key == "empty_capture")
        .unwrap()
        .clone();
    assert_eq!(
        spec.only_when,
        Some(game_api::OptionCondition {
            key: "seeds".into(),
            value: game_api::OptionValue::Int(6),
        })
    );
    // A condition on an option the file does not have: `tavola check` names the file,
    // the line, the option and the name it does not know.
    let work = tempfile::tempdir().unwrap();
    let bad = work.path().join("kalah-seedz.mancala.toml");
    std::fs::write(&bad, conditional_file("kalah-seedz", "seedz")).unwrap();
    let cache = tempfile::tempdir().unwrap();
    let (ok, out) = tavola(dir.path(), cache.path(), &["check", bad.to_str().unwrap()]);
    assert!(!ok, "{out}");
    assert!(out.contains(&format!("{}: line ", bad.display())), "{out}");
    assert!(
        out.contains(
            "`only_when`: option `empty_capture`: it names `seedz`, which is not an option of \
             this file (its other options: `seeds`)"
        ),
        "{out}"
    );
}
