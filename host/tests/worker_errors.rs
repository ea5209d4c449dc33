//! Errors cross the worker pipe typed: a refused move comes back as a refusal of its
//! kind, a plugin's fault (here a panic, caught at the plugin's boundary in the worker)
//! as a failure of the plugin, never as a refused move. Asserted on kinds, not words.

mod common;

use common::plugins_of;
use tavola::{
    plugins::{DirSource, ErrorKind, PluginDir, PluginDirs, PluginSet},
    worker::{RemoteGame, WorkerError, WorkerFailure},
};

fn worker_for(
    dir: &std::path::Path,
    game: &str,
    pairs: &[&str],
) -> (RemoteGame, game_api::Options) {
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game(game).unwrap_or_else(|| panic!("{game} loads"));
    let remote = RemoteGame::spawn(env!("CARGO_BIN_EXE_tavola").as_ref(), plugin, None)
        .unwrap_or_else(|e| panic!("{e}"));
    let options = game_api::Options::parse(&plugin.manifest().options, pairs).unwrap();
    (remote, options)
}

#[test]
fn a_refused_move_is_a_refusal_of_its_kind() {
    let dir = plugins_of(&["kalah"]);
    let (mut remote, options) = worker_for(dir.path(), "kalah", &[]);
    remote.start(&options, None, &[]).unwrap();
    let err = remote.play(9999).unwrap_err();
    assert_eq!(err.kind(), Some(ErrorKind::IllegalMove), "{err}");
    // The worker is fine: a legal move plays.
    let snapshot = remote.start(&options, None, &[]).unwrap();
    remote.play(snapshot.moves[0].id.0).unwrap();
    // A position that does not parse is refused as bad input.
    let err = remote
        .start(&options, Some("not a position"), &[])
        .unwrap_err();
    assert_eq!(err.kind(), Some(ErrorKind::BadInput), "{err}");
}

#[test]
fn a_panic_in_the_plugin_is_a_failure_of_the_plugin() {
    let dir = plugins_of(&["fixture_panicky"]);
    let (mut remote, options) = worker_for(dir.path(), "panicky", &["panic_at=apply"]);
    let snapshot = remote.start(&options, None, &[]).unwrap();
    match remote.play(snapshot.moves[0].id.0) {
        Err(WorkerError::Failed(WorkerFailure::PluginFault(what))) => {
            assert!(what.contains("panicked"), "{what}");
        }
        other => panic!("not a plugin failure: {other:?}"),
    }
}
