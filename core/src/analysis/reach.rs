//! How far a game's final margin can reach: an estimate beyond it is clamped back.
//!
//! The engine's heuristic values are estimates in the game's units; at a search's
//! horizon they can say more than the game can give (Dakon's review once valued a move
//! at 136.8 seeds in a 98-seed game). What the game can give comes from game-api:
//! [`Game::value_in_play`](game_api::Game::value_in_play) is how much of the final
//! margin is still to be decided, so at the start of a game the final margin lies within
//! ± that much, whoever plays what.

use std::sync::atomic::AtomicBool;

use game_api::{
    Options,
    search::{SearchMode, SearchReply, SearchRequest},
};

use crate::plugins::{GameHandle, Plugin};

/// The largest final margin, either way, that a game of `plugin` with `options` can
/// end with: the value in play at its start (and at `from`, where a game starts from a
/// set position, the larger of the two). `None` when the plugin's engine cannot say
/// (no engine, or a game that counts no value in play): values are then not clamped.
///
/// A position set up with more pieces than the start has beyond its own value in play
/// (a store already full) is not covered: the estimates of such a position may be
/// clamped below what it can reach.
pub fn reach(plugin: &Plugin, options: &Options, from: Option<&GameHandle>) -> Option<f64> {
    let start = plugin.new_game(options).ok();
    [start.as_ref(), from]
        .into_iter()
        .flatten()
        .filter_map(in_play)
        .max()
        .map(f64::from)
}

/// The value still in play at `game`, as its engine reports it (a one-ply search).
fn in_play(game: &GameHandle) -> Option<u32> {
    let request = SearchRequest {
        mode: SearchMode::BestMove,
        max_depth: Some(1),
        memory_kib: Some(64),
        ..SearchRequest::default()
    };
    match game.search(&request, &AtomicBool::new(false)).ok()? {
        SearchReply::Done(report) => report.in_play.filter(|&p| p > 0),
        SearchReply::Unsupported { .. } => None,
    }
}
