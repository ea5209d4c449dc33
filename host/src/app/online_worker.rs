//! The one worker of a network game played at the app: the table's worker, lent to
//! the network side. The network side plays every move and takeback through it (its
//! checks: legality, the position hash) as a [`NetGame`]; the table asks it what the
//! table asks of any worker (previews, relabelling) as a [`Link`]; and what the network
//! side played reaches the table as [`Step`]s, shown as the table shows its own moves.
//! So the game is held once: one worker process, whose positions both sides see.
//!
//! Each side keeps where it left the worker (the moves from the start): before it asks
//! anything, the worker is sent back there if the other side moved it since (a
//! `Goto`, answered in order before what follows).
//!
//! A move played reaches the table only once the network side has it in the game's one
//! record ([`NetGame::recorded`]), which the table follows: the table's cursor never
//! runs ahead of the record.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex, MutexGuard, mpsc},
    time::Duration,
};

use game_api::{Effect, Options};

use crate::{
    ai::HintBudget,
    net::{
        TableError,
        game::{BotPoll, GameStarter, NetGame, StartFailed},
    },
    plugins::Plugin,
    table::Link,
    worker::{Poll, RemoteGame, Request, Slow, Snapshot, WorkerFailure, protocol::Reply},
};

/// What the network side played, for the table to show.
#[derive(Debug, Clone)]
pub(in crate::app) enum Step {
    /// Move `mv` was played (by a seat or by chance): its effects and the position it
    /// reached, `moves` the game's moves from the start after it.
    Played {
        /// The move.
        mv: u32,
        /// What a person would see happen.
        effects: Vec<Effect>,
        /// The position after it.
        snapshot: Snapshot,
        /// The moves from the start, this one last.
        moves: Vec<u32>,
    },
    /// The game went back to the position after `moves` (a takeback, a move refused).
    Went {
        /// The position there.
        snapshot: Snapshot,
        /// The moves from the start.
        moves: Vec<u32>,
    },
}

impl Step {
    /// The game's moves from the start once this step is taken.
    pub(in crate::app) fn moves(&self) -> &[u32] {
        match self {
            Step::Played { moves, .. } | Step::Went { moves, .. } => moves,
        }
    }
}

/// The worker lent to the table, with the game it set up.
pub(in crate::app) struct Lent {
    /// The table's end of the worker.
    pub link: SharedLink,
    /// The position at the start.
    pub snapshot: Snapshot,
    /// The game's plugin.
    pub plugin: Plugin,
    /// Its options.
    pub options: Options,
}

/// The worker and where it is.
struct Shared {
    remote: RemoteGame,
    /// The moves from the start of the position the worker is at.
    at: Vec<u32>,
}

type Worker = Arc<Mutex<Shared>>;

fn lock(worker: &Worker) -> MutexGuard<'_, Shared> {
    worker.lock().unwrap_or_else(|e| e.into_inner())
}

/// The starter the network side sets the game up with: it starts the one worker (with
/// `exe`), lends its table's end to the app on `lent`, and tells the table on `steps`
/// what the network side plays.
pub(in crate::app) fn starter(
    exe: PathBuf,
    lent: mpsc::Sender<Result<Lent, super::online_error::OnlineError>>,
    steps: mpsc::Sender<Step>,
) -> GameStarter {
    Box::new(move |plugin: &Plugin, options: &Options| {
        let started = start(&exe, plugin, options);
        let _ = lent.send(match &started {
            Ok((worker, snapshot)) => Ok(Lent {
                link: SharedLink {
                    worker: worker.clone(),
                    plugin: plugin.clone(),
                    slow: lock(worker).remote.slow().cloned(),
                    table_at: Arc::default(),
                },
                snapshot: snapshot.clone(),
                plugin: plugin.clone(),
                options: options.clone(),
            }),
            Err(StartFailed::Worker(e) | StartFailed::Options(e)) => {
                Err(super::online_error::OnlineError::Start {
                    game: plugin.manifest().name.clone(),
                    error: e.clone(),
                })
            }
        });
        let (worker, snapshot) = started?;
        let side = NetSide {
            worker,
            plugin: plugin.clone(),
            moves: Vec::new(),
            steps,
            unrecorded: None,
        };
        Ok((Box::new(side) as Box<dyn NetGame>, snapshot))
    })
}

fn start(
    exe: &Path,
    plugin: &Plugin,
    options: &Options,
) -> Result<(Worker, Snapshot), StartFailed> {
    let mut remote = RemoteGame::spawn_until(exe, plugin, None, None)
        .map_err(|e| StartFailed::Worker(e.to_string()))?;
    let snapshot = remote
        .start(options, None, &[])
        .map_err(|e| StartFailed::Options(e.to_string()))?;
    let shared = Shared {
        remote,
        at: Vec::new(),
    };
    Ok((Arc::new(Mutex::new(shared)), snapshot))
}

/// The network side's end of the worker.
struct NetSide {
    worker: Worker,
    plugin: Plugin,
    /// Where the network side left the game.
    moves: Vec<u32>,
    steps: mpsc::Sender<Step>,
    /// The move played and not recorded yet: sent to the table once it is.
    unrecorded: Option<Step>,
}

fn worker_error(e: impl std::fmt::Display) -> TableError {
    TableError::Worker(e.to_string())
}

impl NetSide {
    /// The worker, at the network side's position.
    fn here(&self) -> Result<MutexGuard<'_, Shared>, TableError> {
        let mut shared = lock(&self.worker);
        if shared.at != self.moves {
            shared.remote.goto(&self.moves).map_err(worker_error)?;
            shared.at.clone_from(&self.moves);
        }
        Ok(shared)
    }
}

impl NetGame for NetSide {
    fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    fn play(&mut self, mv: u32) -> Result<Snapshot, TableError> {
        let (effects, snapshot) = self.here()?.remote.play(mv).map_err(worker_error)?;
        self.moves.push(mv);
        lock(&self.worker).at.clone_from(&self.moves);
        self.unrecorded = Some(Step::Played {
            mv,
            effects,
            snapshot: snapshot.clone(),
            moves: self.moves.clone(),
        });
        Ok(snapshot)
    }

    fn recorded(&mut self) {
        if let Some(step) = self.unrecorded.take() {
            let _ = self.steps.send(step);
        }
    }

    fn goto(&mut self, moves: &[u32]) -> Result<Snapshot, TableError> {
        let snapshot = {
            let mut shared = lock(&self.worker);
            let snapshot = shared.remote.goto(moves).map_err(worker_error)?;
            shared.at = moves.to_vec();
            snapshot
        };
        self.moves = moves.to_vec();
        // A move played and undone before it was recorded (refused) is never shown.
        self.unrecorded = None;
        let _ = self.steps.send(Step::Went {
            snapshot: snapshot.clone(),
            moves: self.moves.clone(),
        });
        Ok(snapshot)
    }

    fn start_bot(&mut self, name: &str, seed: u64) -> Result<u64, TableError> {
        self.here()?
            .remote
            .start_bot(name, seed)
            .map_err(worker_error)
    }

    fn bot_poll(&mut self, id: u64, limit: Duration) -> Result<BotPoll, TableError> {
        match lock(&self.worker).remote.wait(id, limit) {
            Poll::Pending => Ok(BotPoll::Pending),
            Poll::Ready(Ok(Reply::Chosen { mv })) => Ok(BotPoll::Chosen(mv)),
            Poll::Ready(Ok(other)) => Err(worker_error(format!("the bot answered {other:?}"))),
            Poll::Ready(Err(e)) => Err(worker_error(e)),
        }
    }
}

/// The table's end of the worker: a [`Link`] like any other, the worker sent to the
/// table's position ([`SharedLink::table_at`]) before it is asked about it.
#[derive(Clone)]
pub(in crate::app) struct SharedLink {
    worker: Worker,
    plugin: Plugin,
    slow: Option<Slow>,
    /// The moves from the start of the position the table shows.
    table_at: Arc<Mutex<Vec<u32>>>,
}

impl SharedLink {
    /// The table shows the position after `moves`.
    pub(in crate::app) fn table_at(&self, moves: &[u32]) {
        *self.table_at.lock().unwrap_or_else(|e| e.into_inner()) = moves.to_vec();
    }

    /// The worker, at the table's position.
    fn here(&self) -> Result<MutexGuard<'_, Shared>, WorkerFailure> {
        let table_at = self
            .table_at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let mut shared = lock(&self.worker);
        if shared.at != table_at {
            shared.remote.reset_to(&table_at)?;
            shared.at = table_at;
        }
        Ok(shared)
    }
}

impl Link for SharedLink {
    fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    fn tables_dir(&self) -> Option<&Path> {
        None
    }

    fn slow(&self) -> Option<&Slow> {
        self.slow.as_ref()
    }

    fn set_waker(&self, waker: Arc<dyn Fn() + Send + Sync>) {
        lock(&self.worker).remote.set_waker(waker);
    }

    fn failure(&mut self) -> Option<WorkerFailure> {
        lock(&self.worker).remote.failure()
    }

    fn send(&mut self, request: Request) -> Result<u64, WorkerFailure> {
        let mut shared = self.here()?;
        match &request {
            Request::Play { mv } => shared.at.push(*mv),
            Request::Goto { moves } | Request::Language { moves, .. } => {
                shared.at.clone_from(moves);
            }
            _ => {}
        }
        let at = shared.at.clone();
        let id = shared.remote.send(request)?;
        drop(shared);
        self.table_at(&at);
        Ok(id)
    }

    fn reset_to(&mut self, moves: &[u32]) -> Result<(), WorkerFailure> {
        self.table_at(moves);
        self.here().map(|_| ())
    }

    fn start_bot_move(&mut self, name: &str, seed: u64) -> Result<u64, WorkerFailure> {
        let mut shared = self.here()?;
        // The bot's move is played in the worker: where it leads is not known here, so
        // whoever asks next sends the worker back first.
        shared.at = vec![u32::MAX];
        shared.remote.start_bot_move(name, seed)
    }

    fn start_preview(&mut self, mv: u32) -> Result<u64, WorkerFailure> {
        self.here()?.remote.start_preview(mv)
    }

    fn start_hint(&mut self, seed: u64, budget: HintBudget) -> Result<u64, WorkerFailure> {
        self.here()?.remote.start_hint(seed, budget)
    }

    fn wait(&mut self, id: u64, limit: Duration) -> Poll {
        lock(&self.worker).remote.wait(id, limit)
    }

    fn poll(&mut self, id: u64) -> Poll {
        lock(&self.worker).remote.poll(id)
    }

    fn cancel(&mut self, id: u64) {
        lock(&self.worker).remote.cancel(id);
    }
}
