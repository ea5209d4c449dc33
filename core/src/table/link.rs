//! [`Link`]: what the table asks of the game's worker, as a trait, so that the table's
//! logic runs against a worker process ([`RemoteGame`]) or a script
//! ([`ScriptedLink`](super::ScriptedLink)) alike.

use std::{path::Path, sync::Arc, time::Duration};

use crate::{
    ai::HintBudget,
    plugins::Plugin,
    worker::{Poll, RemoteGame, Request, Slow, Snapshot, WorkerError, WorkerFailure},
};

/// The table's line to the game's worker: requests sent, answers polled or waited for,
/// searches cancelled. Every call into plugin code goes through it.
///
/// Requests are answered in the order they were sent; an answer is taken once, by
/// [`Link::poll`] or [`Link::wait`].
pub trait Link {
    /// The plugin whose game the worker holds.
    fn plugin(&self) -> &Plugin;

    /// The folder of the game's endgame tables, if it has one.
    fn tables_dir(&self) -> Option<&Path>;

    /// Whether the plugin answers ordinary calls near the watchdog's limit.
    fn slow(&self) -> Option<&Slow>;

    /// Calls `waker` whenever the worker answers (to wake the window).
    fn set_waker(&self, waker: Arc<dyn Fn() + Send + Sync>);

    /// Why the worker is gone, if it is (checked now, without waiting).
    fn failure(&mut self) -> Option<WorkerFailure>;

    /// Sends a position change (`Play`, `Goto`, `Language`) or a tables' request without
    /// waiting; its answer comes to [`Link::wait`] or [`Link::poll`] by the id returned.
    fn send(&mut self, request: Request) -> Result<u64, WorkerFailure>;

    /// Sends the worker to the position after `moves` from the start; its answer is
    /// dropped (it comes before anything sent after).
    fn reset_to(&mut self, moves: &[u32]) -> Result<(), WorkerFailure>;

    /// Starts bot `name`'s move for the seat to move, played by the worker.
    fn start_bot_move(&mut self, name: &str, seed: u64) -> Result<u64, WorkerFailure>;

    /// Asks what move `mv` would do at the current position, without playing it.
    fn start_preview(&mut self, mv: u32) -> Result<u64, WorkerFailure>;

    /// Starts a hint's search of `budget`.
    fn start_hint(&mut self, seed: u64, budget: HintBudget) -> Result<u64, WorkerFailure>;

    /// Waits at most `limit` for the answer to `id`.
    fn wait(&mut self, id: u64, limit: Duration) -> Poll;

    /// The answer to `id`, if it has come.
    fn poll(&mut self, id: u64) -> Poll;

    /// Asks request `id` to stop; its answer is dropped.
    fn cancel(&mut self, id: u64);
}

impl Link for RemoteGame {
    fn plugin(&self) -> &Plugin {
        RemoteGame::plugin(self)
    }

    fn tables_dir(&self) -> Option<&Path> {
        RemoteGame::tables_dir(self)
    }

    fn slow(&self) -> Option<&Slow> {
        RemoteGame::slow(self)
    }

    fn set_waker(&self, waker: Arc<dyn Fn() + Send + Sync>) {
        RemoteGame::set_waker(self, waker);
    }

    fn failure(&mut self) -> Option<WorkerFailure> {
        RemoteGame::failure(self)
    }

    fn send(&mut self, request: Request) -> Result<u64, WorkerFailure> {
        RemoteGame::send(self, request)
    }

    fn reset_to(&mut self, moves: &[u32]) -> Result<(), WorkerFailure> {
        RemoteGame::reset_to(self, moves)
    }

    fn start_bot_move(&mut self, name: &str, seed: u64) -> Result<u64, WorkerFailure> {
        RemoteGame::start_bot_move(self, name, seed)
    }

    fn start_preview(&mut self, mv: u32) -> Result<u64, WorkerFailure> {
        RemoteGame::start_preview(self, mv)
    }

    fn start_hint(&mut self, seed: u64, budget: HintBudget) -> Result<u64, WorkerFailure> {
        RemoteGame::start_hint(self, seed, budget)
    }

    fn wait(&mut self, id: u64, limit: Duration) -> Poll {
        RemoteGame::wait(self, id, limit)
    }

    fn poll(&mut self, id: u64) -> Poll {
        RemoteGame::poll(self, id)
    }

    fn cancel(&mut self, id: u64) {
        RemoteGame::cancel(self, id);
    }
}

/// What a worker is started again with after a failure: the game set up at the
/// position after `moves`.
#[derive(Debug, Clone)]
pub struct Restart {
    /// The game's plugin.
    pub plugin: Plugin,
    /// The game's options.
    pub options: game_api::Options,
    /// The position the game started from, if not the usual start.
    pub start: Option<String>,
    /// The record's moves up to the cursor.
    pub moves: Vec<u32>,
    /// The root of the endgame tables' folders, if the game has them.
    pub tables: Option<std::path::PathBuf>,
    /// Set when the restart is no longer wanted: its worker stops.
    pub abandon: crate::worker::Abandon,
}

/// A link started again, and the position it is at (or why it could not start).
pub type Started = Result<(Box<dyn Link + Send>, Snapshot), WorkerError>;

/// Starts a link again after a failure (on a thread of its own).
pub type Starter = Arc<dyn Fn(Restart) -> Started + Send + Sync>;

/// The starter of worker processes run by `exe` (`tavola worker`).
pub fn worker_starter(exe: std::path::PathBuf) -> Starter {
    Arc::new(move |r: Restart| {
        let mut remote =
            RemoteGame::spawn_until(&exe, &r.plugin, r.tables.as_deref(), Some(r.abandon))?;
        let snapshot = remote.start(&r.options, r.start.as_deref(), &r.moves)?;
        Ok((Box::new(remote) as Box<dyn Link + Send>, snapshot))
    })
}
