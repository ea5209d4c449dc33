//! [`NetGame`]: the one game a network side plays, as a trait. The network side's
//! table (`net/table.rs`) plays every move, remote or local, and every takeback
//! through it and through nothing else: its checks (`referee.rs`, throws, the position
//! hash) ask it what a move does, and the network side holds the game nowhere else. For the
//! command line (`tavola net …`) it is the side's own sandboxed worker
//! ([`RemoteGame`]).
//!
//! (Issue 48 part 2, first step: the app still plays through a worker of its own here
//! and follows the record in `app/table/follow.rs`; the seam below is where the app's
//! table is meant to come in instead, so that the game is held once there too.)

use std::time::Duration;

use super::table::{TableError, worker_error};
use crate::{
    plugins::Plugin,
    worker::{Poll, RemoteGame, Snapshot, protocol::Reply},
};

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
