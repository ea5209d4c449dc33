//! [`NetGame`]: the one game a network side plays, as a trait. The network side's
//! table (`net/table.rs`) plays every move, remote or local, and every takeback
//! through it and through nothing else: its checks (`referee.rs`, throws, the position
//! hash) ask it what a move does, and the network side holds the game nowhere else. For the
//! command line (`tavola net …`) it is the side's own sandboxed worker
//! ([`RemoteGame`]).
//!
//! The app lends its own: a person's side at the app ([`LocalPlayer::App`]) carries a
//! [`GameStarter`] that sets up the table's worker and hands the network side a
//! [`NetGame`] over that same worker, so that the game is held once there too.

use std::{path::Path, time::Duration};

use game_api::Options;

use super::table::{LocalPlayer, TableError, worker_error};
use tavola_core::{
    plugins::Plugin,
    worker::{Poll, RemoteGame, Snapshot, protocol::Reply},
};

/// Sets up the game of a plugin with its options: the [`NetGame`] the network side
/// plays through, and the position at the start. The app's (see
/// [`AppPlayer::with_game`](super::AppPlayer::with_game)) lends its table's worker.
pub type GameStarter =
    Box<dyn FnOnce(&Plugin, &Options) -> Result<(Box<dyn NetGame>, Snapshot), StartFailed> + Send>;

/// Why a side's game could not be set up.
#[derive(Debug, Clone)]
pub enum StartFailed {
    /// The worker did not start.
    Worker(String),
    /// The worker started but the options do not set up a game.
    Options(String),
}

/// Sets up the game a side plays: through the app's [`GameStarter`] when a person at
/// the app plays this side, else in a sandboxed worker of the side's own (`exe`).
pub(super) fn start_game(
    player: &LocalPlayer,
    exe: &Path,
    plugin: &Plugin,
    options: &Options,
) -> Result<(Box<dyn NetGame>, Snapshot), StartFailed> {
    if let LocalPlayer::App(app) = player
        && let Some(starter) = app.take_game()
    {
        return starter(plugin, options);
    }
    let mut worker =
        RemoteGame::spawn(exe, plugin, None).map_err(|e| StartFailed::Worker(e.to_string()))?;
    let snapshot = worker
        .start(options, None, &[])
        .map_err(|e| StartFailed::Options(e.to_string()))?;
    Ok((Box::new(worker), snapshot))
}

/// What a bot's search gave, polled ([`NetGame::bot_poll`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotPoll {
    /// Still searching.
    Pending,
    /// The bot chose move `0` (an id legal at the position it searched).
    Chosen(u32),
}

/// The game a network side plays: every move, takeback and bot search goes through it.
pub trait NetGame {
    /// The plugin whose game this is (its manifest: seat names).
    fn plugin(&self) -> &Plugin;

    /// Plays move `mv` (an id legal at the current position); the position it reaches.
    fn play(&mut self, mv: u32) -> Result<Snapshot, TableError>;

    /// Goes to the position after `moves` from the start (a takeback, a refused move
    /// undone, a side coming back).
    fn goto(&mut self, moves: &[u32]) -> Result<Snapshot, TableError>;

    /// Starts bot `name`'s search for the seat to move; poll it with
    /// [`NetGame::bot_poll`].
    fn start_bot(&mut self, name: &str, seed: u64) -> Result<u64, TableError>;

    /// Waits at most `limit` for search `id`'s choice.
    fn bot_poll(&mut self, id: u64, limit: Duration) -> Result<BotPoll, TableError>;

    /// The move last played ([`NetGame::play`]) is in the record now: whoever shows the
    /// game may show it (the app's table follows the record, and is told of a move only
    /// once the record holds it). A move undone before it was recorded (a refused one,
    /// [`NetGame::goto`]) is never shown. Nothing to do for a game no one shows.
    fn recorded(&mut self) {}
}

impl NetGame for RemoteGame {
    fn plugin(&self) -> &Plugin {
        RemoteGame::plugin(self)
    }

    fn play(&mut self, mv: u32) -> Result<Snapshot, TableError> {
        RemoteGame::play(self, mv)
            .map(|(_, snapshot)| snapshot)
            .map_err(worker_error)
    }

    fn goto(&mut self, moves: &[u32]) -> Result<Snapshot, TableError> {
        RemoteGame::goto(self, moves).map_err(worker_error)
    }

    fn start_bot(&mut self, name: &str, seed: u64) -> Result<u64, TableError> {
        RemoteGame::start_bot(self, name, seed).map_err(worker_error)
    }

    fn bot_poll(&mut self, id: u64, limit: Duration) -> Result<BotPoll, TableError> {
        match RemoteGame::wait(self, id, limit) {
            Poll::Pending => Ok(BotPoll::Pending),
            Poll::Ready(Ok(Reply::Chosen { mv })) => Ok(BotPoll::Chosen(mv)),
            Poll::Ready(Ok(other)) => {
                Err(TableError::Worker(format!("the bot answered {other:?}")))
            }
            Poll::Ready(Err(e)) => Err(worker_error(e)),
        }
    }
}
