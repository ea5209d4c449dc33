//! A game held by a worker, as the app uses it: the plugin's calls become requests, the
//! position comes back as a [`Snapshot`], searches are started and polled.

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use game_api::{Effect, Options};

use super::{
    Abandon, BotTrace, Poll, Reply, Request, Snapshot, Worker, WorkerError, WorkerFailure,
    client::{SEARCH_DEADLINE, watchdog},
};
use crate::{ai::HintBudget, plugins::Plugin, record::Record};

/// A game's plugin running in its own worker process.
#[derive(Debug)]
pub struct RemoteGame {
    worker: Worker,
    plugin: Plugin,
    tables_dir: Option<PathBuf>,
}

/// A bot's move as its worker played it (`BotMove`).
#[derive(Debug, Clone)]
pub struct BotMoved {
    /// The move.
    pub mv: u32,
    /// What a person would see happen.
    pub effects: Vec<Effect>,
    /// The position after it.
    pub snapshot: Snapshot,
    /// Which of the worker's bots played it.
    pub bot: BotTrace,
}

/// The folder of `plugin`'s endgame tables under `root`. Keyed by who made the plugin
/// and what it is, never by the id it declares alone (any file may declare `kalah`):
///
/// - a first-party plugin's (found beside the executable: Tavola's own) is `root/<id>`,
///   where the tables of earlier versions are, so that they are kept;
/// - any other plugin's is `root/<id>_<content hash>`: its own, which no other content
///   shares (`_` is never in an id, so no id names it); an update of such a plugin
///   builds its tables again.
///
/// The id is reduced to letters, digits, `-` and `_` (a plugin never chooses a path).
pub fn tables_dir(root: &Path, plugin: &Plugin) -> PathBuf {
    let safe: String = plugin
        .id()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let safe = if safe.is_empty() {
        "-".to_owned()
    } else {
        safe
    };
    if plugin.meta().first_party {
        root.join(safe)
    } else {
        let hash: String = plugin
            .meta()
            .hash
            .chars()
            .filter(char::is_ascii_hexdigit)
            .take(32)
            .collect();
        root.join(format!("{safe}_{hash}"))
    }
}

fn unexpected(reply: Reply) -> WorkerError {
    WorkerError::Failed(WorkerFailure::Protocol(format!(
        "an answer of the wrong kind: {reply:?}"
    )))
}

impl RemoteGame {
    /// Starts a worker (`exe worker`) and loads `plugin`'s private copy into it. With
    /// `tables_root`, the game's endgame tables live in [`tables_dir`]`(root, plugin)`
    /// (created here), the one folder the sandboxed worker may write.
    pub fn spawn(
        exe: &Path,
        plugin: &Plugin,
        tables_root: Option<&Path>,
    ) -> Result<Self, WorkerError> {
        Self::spawn_until(exe, plugin, tables_root, None)
    }

    /// [`RemoteGame::spawn`], with a worker that stops once `abandon` is set (even while
    /// the plugin loads).
    pub fn spawn_until(
        exe: &Path,
        plugin: &Plugin,
        tables_root: Option<&Path>,
        abandon: Option<Abandon>,
    ) -> Result<Self, WorkerError> {
        let tables_dir = tables_root
            .map(|root| tables_dir(root, plugin))
            .filter(|dir| std::fs::create_dir_all(dir).is_ok());
        let mut worker = Worker::spawn(exe)?;
        if let Some(flag) = abandon {
            worker.abandon_with(flag);
        }
        let copy = plugin.meta().copy.clone();
        let language = crate::locale::language();
        let load = Request::Load {
            copy,
            tables_dir: tables_dir.clone(),
            language,
            data: plugin.meta().data.clone(),
        };
        match worker.call(load, watchdog())? {
            // The worker loaded the plugin asked for, not another under its name.
            Reply::Loaded { manifest }
                if manifest.id == plugin.id() && manifest.version == plugin.manifest().version =>
            {
                Ok(RemoteGame {
                    worker,
                    plugin: plugin.clone(),
                    tables_dir,
                })
            }
            Reply::Loaded { manifest } => {
                Err(WorkerError::Failed(WorkerFailure::Invalid(format!(
                    "it loaded `{}` {}, where `{}` {} was asked for",
                    manifest.id,
                    manifest.version,
                    plugin.id(),
                    plugin.manifest().version
                ))))
            }
            other => Err(unexpected(other)),
        }
    }

    /// The folder of the game's endgame tables, if it has one.
    pub fn tables_dir(&self) -> Option<&Path> {
        self.tables_dir.as_deref()
    }

    /// Stops the worker once `flag` is set (see [`Abandon`]).
    pub fn abandon_with(&mut self, flag: Abandon) {
        self.worker.abandon_with(flag);
    }

    /// Calls `waker` whenever the worker answers (on the thread that reads its answers).
    pub fn set_waker(&self, waker: std::sync::Arc<dyn Fn() + Send + Sync>) {
        self.worker.set_waker(waker);
    }

    /// The plugin (its manifest, file and content hash).
    pub fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    /// Whether the plugin answers ordinary calls near the watchdog's limit.
    pub fn slow(&self) -> Option<&crate::worker::Slow> {
        self.worker.slow()
    }

    /// The worker's process id (for a test that judges the process from outside).
    pub fn pid(&self) -> u32 {
        self.worker.pid()
    }

    /// Why the worker is gone, if it is (checked now, without waiting).
    pub fn failure(&mut self) -> Option<WorkerFailure> {
        self.worker.check().cloned()
    }

    /// How many seats a game with these options has.
    pub fn seat_count(&mut self, options: &Options) -> Result<u8, WorkerError> {
        let options = options.clone();
        match self
            .worker
            .call(Request::SeatCount { options }, watchdog())?
        {
            Reply::SeatCount(n) => Ok(n),
            other => Err(unexpected(other)),
        }
    }

    /// Sets up a game and plays `moves` from its start.
    pub fn start(
        &mut self,
        options: &Options,
        position: Option<&str>,
        moves: &[u32],
    ) -> Result<Snapshot, WorkerError> {
        let request = Request::Start {
            options: options.clone(),
            position: position.map(str::to_owned),
            moves: moves.to_vec(),
            language: crate::locale::language(),
        };
        self.position(request).map(|(s, _)| s)
    }

    /// Sets up a saved game, replaying its record with every check; returns the position
    /// after its last move and the replay's warnings.
    pub fn open(&mut self, record: &Record) -> Result<(Snapshot, Vec<String>), WorkerError> {
        self.position(Request::Open {
            record: Box::new(record.clone()),
            language: crate::locale::language(),
        })
    }

    /// Goes to the position after `moves` from the start.
    pub fn goto(&mut self, moves: &[u32]) -> Result<Snapshot, WorkerError> {
        self.position(Request::Goto {
            moves: moves.to_vec(),
        })
        .map(|(s, _)| s)
    }

    /// The request that makes the worker and its game speak the player's language now
    /// ([`locale::language`](crate::locale::language)), at the position after `moves`
    /// (send it with [`RemoteGame::send`], read its answer with
    /// [`RemoteGame::relabelled`]).
    pub fn relabel_request(moves: &[u32]) -> Request {
        Request::Language {
            language: crate::locale::language(),
            moves: moves.to_vec(),
        }
    }

    /// The last move's effects (none at the start) and the position of a relabelling's
    /// reply.
    pub fn relabelled(reply: Reply) -> Result<(Option<Vec<Effect>>, Snapshot), WorkerError> {
        match reply {
            Reply::Played { effects, snapshot } => Ok((Some(effects), *snapshot)),
            Reply::Position { snapshot, .. } => Ok((None, *snapshot)),
            other => Err(unexpected(other)),
        }
    }

    fn position(&mut self, request: Request) -> Result<(Snapshot, Vec<String>), WorkerError> {
        match self.worker.call(request, watchdog())? {
            Reply::Position { snapshot, warnings } => Ok((*snapshot, warnings)),
            other => Err(unexpected(other)),
        }
    }

    /// Plays `mv`: what a person would see happen, and the position after it.
    pub fn play(&mut self, mv: u32) -> Result<(Vec<Effect>, Snapshot), WorkerError> {
        let reply = self.worker.call(Request::Play { mv }, watchdog())?;
        Self::played(reply)
    }

    /// Sends the worker to the position after `moves` from the start without waiting:
    /// its answer is dropped, but it is answered in order, before anything sent after.
    pub fn reset_to(&mut self, moves: &[u32]) -> Result<(), WorkerFailure> {
        let id = self.worker.send(
            Request::Goto {
                moves: moves.to_vec(),
            },
            watchdog(),
        )?;
        self.worker.forget(id);
        Ok(())
    }

    /// Sends a position change (`Play` or `Goto`) without waiting: take its answer with
    /// [`RemoteGame::wait`] and read it with [`RemoteGame::played`] or
    /// [`RemoteGame::position_of`].
    pub fn send(&mut self, request: Request) -> Result<u64, WorkerFailure> {
        self.worker.send(request, watchdog())
    }

    /// Waits at most `limit` for the answer to `id`.
    pub fn wait(&mut self, id: u64, limit: Duration) -> Poll {
        self.worker.wait(id, limit)
    }

    /// The effects and position of a `Play`'s reply.
    pub fn played(reply: Reply) -> Result<(Vec<Effect>, Snapshot), WorkerError> {
        match reply {
            Reply::Played { effects, snapshot } => Ok((effects, *snapshot)),
            other => Err(unexpected(other)),
        }
    }

    /// The position of a `Goto`'s (or `Start`'s, `Open`'s) reply.
    pub fn position_of(reply: Reply) -> Result<Snapshot, WorkerError> {
        match reply {
            Reply::Position { snapshot, .. } => Ok(*snapshot),
            other => Err(unexpected(other)),
        }
    }

    /// Starts bot `name`'s search for the seat to move; poll its id.
    pub fn start_bot(&mut self, name: &str, seed: u64) -> Result<u64, WorkerFailure> {
        let request = Request::Bot {
            name: name.to_owned(),
            seed,
        };
        self.worker.send(request, SEARCH_DEADLINE)
    }

    /// Starts bot `name`'s move for the seat to move, played by the worker: poll its id
    /// for [`Reply::BotPlayed`] (read it with [`RemoteGame::bot_played`]), or
    /// [`Reply::Cancelled`] after [`RemoteGame::cancel`].
    pub fn start_bot_move(&mut self, name: &str, seed: u64) -> Result<u64, WorkerFailure> {
        let request = Request::BotMove {
            name: name.to_owned(),
            seed,
        };
        self.worker.send(request, SEARCH_DEADLINE)
    }

    /// The bot's move of a `BotMove`'s reply; `None` if the search was cancelled.
    pub fn bot_played(reply: Reply) -> Result<Option<BotMoved>, WorkerError> {
        match reply {
            Reply::BotPlayed {
                mv,
                effects,
                snapshot,
                bot,
            } => Ok(Some(BotMoved {
                mv,
                effects,
                snapshot: *snapshot,
                bot,
            })),
            Reply::Cancelled => Ok(None),
            other => Err(unexpected(other)),
        }
    }

    /// Asks what move `mv` would do at the current position, without playing it; poll
    /// its id for [`Reply::Preview`] (read it with [`RemoteGame::previewed`]).
    pub fn start_preview(&mut self, mv: u32) -> Result<u64, WorkerFailure> {
        self.worker.send(Request::Preview { mv }, watchdog())
    }

    /// The move and its effects of a `Preview`'s reply.
    pub fn previewed(reply: Reply) -> Result<(u32, Vec<Effect>), WorkerError> {
        match reply {
            Reply::Preview { mv, effects } => Ok((mv, effects)),
            other => Err(unexpected(other)),
        }
    }

    /// Starts a hint's search of `budget`; poll its id.
    pub fn start_hint(&mut self, seed: u64, budget: HintBudget) -> Result<u64, WorkerFailure> {
        let request = hint_request(seed, budget);
        self.worker.send(request, budget.limit() + watchdog())
    }

    /// The answer to search `id`, if it has come.
    pub fn poll(&mut self, id: u64) -> Poll {
        self.worker.poll(id)
    }

    /// Asks search `id` to stop; its answer is dropped.
    pub fn cancel(&mut self, id: u64) {
        self.worker.cancel(id);
        self.worker.forget(id);
    }
}

/// The worker's request for a hint of `budget`.
pub fn hint_request(seed: u64, budget: HintBudget) -> Request {
    match budget {
        HintBudget::Time(t) => Request::Hint {
            seed,
            millis: u64::try_from(t.as_millis()).unwrap_or(u64::MAX),
            depth: None,
        },
        HintBudget::Depth(d) => Request::Hint {
            seed,
            millis: 0,
            depth: Some(d),
        },
    }
}
