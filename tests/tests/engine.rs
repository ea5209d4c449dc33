//! The plugin's own search engine and solver through the real FFI: exact on small
//! Kalah boards, legal moves, the stop flag obeyed, and "unsupported" where it cannot
//! search (the host's bots and hints then use MCTS). That the solver agrees with plain
//! minimax is in `ai.rs`.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use game_api::{
    MoveId, Rng,
    search::{SearchMode, SearchReply, SearchReport, SearchRequest},
};
use tavola::{
    ai::{
        engine::{EngineConfig, search},
        solve::{SolveConfig, solve},
    },
    bots::bot_for,
    plugins::{DirSource, GameHandle, Plugin, PluginDir, PluginDirs, PluginSet},
};
use tavola_tests::{library, plugins_folder};

fn game_plugin(file: &str, id: &str) -> (tempfile::TempDir, Plugin) {
    let dir = plugins_folder(&[library(file)]);
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.path().to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game(id).unwrap().clone();
    (dir, plugin)
}

fn kalah(options: &[&str], notation: Option<&str>) -> (tempfile::TempDir, Plugin, GameHandle) {
    let (dir, plugin) = game_plugin("kalah", "kalah");
    let o = plugin.parse_options(options).unwrap();
    let game = match notation {
        Some(n) => plugin.from_notation(&o, n).unwrap(),
        None => plugin.new_game(&o).unwrap(),
    };
    (dir, plugin, game)
}

/// The report of a search that ran.
fn done(reply: SearchReply) -> SearchReport {
    match reply {
        SearchReply::Done(report) => report,
        SearchReply::Unsupported { reason } => panic!("unsupported: {reason}"),
    }
}

#[test]
fn the_plugin_solver_finds_the_published_kalah_3_3_value_in_slices() {
    // Irving, Donkers and Uiterwijk (2000), empty-capture rule: Kalah(3,3) is a
    // first-player win by 2. Slices of 1 ms: the solve resumes from the kept table.
    let (_dir, _plugin, game) = kalah(&["houses=3", "seeds=3", "empty_capture=true"], None);
    let config = SolveConfig {
        progress_every: Duration::from_millis(1),
        ..SolveConfig::default()
    };
    let mut slices = 0;
    let s = solve(&game, &config, |_, _| slices += 1).unwrap();
    assert_eq!(s.margin, 2.0);
    assert!(s.progress.table_bytes <= config.memory);
}

#[test]
fn the_start_of_kalah_is_answered_by_its_opening_book_without_a_search() {
    let (_dir, _plugin, game) = kalah(&[], None);
    let config = EngineConfig::to_depth(8).with_table_kib(8 << 10, false);
    let r = done(search(&game, &config, None, &[]).unwrap());
    assert_eq!((r.depth, r.nodes), (0, 0));
    assert_eq!(r.best, Some(2), "c");
    assert_eq!(r.margin, Some(8), "Kalah(6,4) is a first-player win by 8");
    // Other rules: no book, a search.
    let (_dir, _plugin, game) = kalah(&["empty_capture=true"], None);
    let r = done(search(&game, &config, None, &[]).unwrap());
    assert_eq!(r.depth, 8);
}

#[test]
fn the_engine_plays_legal_moves_and_obeys_the_stop_flag() {
    // Past Kalah's opening book (South's second turn, after b and E): a real search.
    let (_dir, plugin, game) = kalah(&[], Some("5,1,5,5,5,5/4,4,4,4,0,5 0-1 S"));
    let config = EngineConfig::to_depth(8).with_table_kib(8 << 10, false);
    let r = done(search(&game, &config, None, &[]).unwrap());
    assert_eq!(r.depth, 8);
    assert!(
        game.legal_moves()
            .unwrap()
            .contains(&MoveId(r.best.unwrap()))
    );
    assert!(!r.line.is_empty());
    // A stopped search answers at once, with a legal move.
    let stop = AtomicBool::new(true);
    let deep = EngineConfig {
        max_depth: 64,
        ..config
    };
    let r = done(search(&game, &deep, Some(&stop), &[]).unwrap());
    assert!(
        r.nodes <= 2 * game_api::search::POLL_NODES,
        "{} nodes",
        r.nodes
    );
    assert!(
        game.legal_moves()
            .unwrap()
            .contains(&MoveId(r.best.unwrap()))
    );
    // The Expert bot and the alpha-beta bot play legal moves.
    for name in ["expert", "alphabeta:4"] {
        let mut bot = bot_for(name, &plugin, &game).unwrap();
        bot.set_cancel(Arc::new(AtomicBool::new(false)));
        let mv = bot.choose(&game, 0, &mut Rng::with_seed(1)).unwrap();
        assert!(game.legal_moves().unwrap().contains(&mv), "{name}");
    }
    stop.store(false, Ordering::Relaxed);
}

#[test]
fn a_game_the_engine_cannot_search_is_answered_unsupported() {
    let (_dir, plugin) = game_plugin("fixture_dice_race", "dice-race");
    let game = plugin
        .new_game(&plugin.parse_options::<&str>(&[]).unwrap())
        .unwrap();
    let request = SearchRequest {
        mode: SearchMode::BestMove,
        ..SearchRequest::default()
    };
    let reply = game.search(&request, &AtomicBool::new(false)).unwrap();
    assert!(
        matches!(&reply, SearchReply::Unsupported { reason } if reason.contains("chance")),
        "{reply:?}"
    );
}
