//! The endgame tables of the game being played: loaded in its worker on the first use
//! of a bot or a hint when they are built; when they are not, the person is first told
//! what they give and what they cost on disk, and they are built only if the person
//! agrees (the game goes on meanwhile, without them). Their progress is shown, and the
//! hint is told what perfect play gives when the position is in them.

use std::{path::PathBuf, time::Duration};

use game_api::endgame::{TablesOp, TablesRequest, TablesStatus};

use crate::worker::{Poll, RemoteGame, Reply, Request};

/// How long the app waits for the worker to answer a question about the tables.
const ANSWER_TIME: Duration = Duration::from_millis(300);

/// How often a build's progress is asked for, in seconds.
const POLL_EVERY: f64 = 0.5;

/// Where the game's tables stand in its worker.
#[derive(Debug, Clone, PartialEq)]
enum State {
    /// Not asked yet.
    Unknown,
    /// The game has none, or there is no folder to keep them in.
    None,
    /// Not built yet: the person is asked, told their size on disk.
    Offered { bytes: u64 },
    /// The person chose to play without them (for this game).
    Declined,
    /// Being built (or loaded): the share done, and the size on disk of what is built.
    Building { share: f32, bytes: u64 },
    /// Loaded in the worker.
    Ready,
}

/// The tables of the game being played, as the app follows them.
#[derive(Debug)]
pub(super) struct EndgameTables {
    dir: Option<PathBuf>,
    state: State,
    next_poll: f64,
}

impl EndgameTables {
    /// Tables kept under `dir` (`<data dir>/endgames`, one folder per game: see
    /// [`tables_dir`](crate::worker::tables_dir)); `None` keeps none (tests).
    pub(super) fn new(dir: Option<PathBuf>) -> Self {
        EndgameTables {
            dir,
            state: State::Unknown,
            next_poll: 0.0,
        }
    }

    /// The folder under which each game's tables have a folder of their own.
    pub(super) fn root(&self) -> Option<&std::path::Path> {
        self.dir.as_deref()
    }

    fn ask(&self, remote: &mut RemoteGame, op: TablesOp) -> Option<TablesStatus> {
        self.dir.as_ref()?;
        let dir = remote.tables_dir()?.to_string_lossy().into_owned();
        let request = TablesRequest {
            op,
            dir,
            seeds: None,
        };
        let id = remote.send(Request::Tables { request }).ok()?;
        match remote.wait(id, ANSWER_TIME) {
            Poll::Ready(Ok(Reply::Tables(status))) => Some(*status),
            Poll::Ready(_) => None,
            Poll::Pending => {
                remote.cancel(id);
                None
            }
        }
    }

    /// The first use of a bot or a hint, once: tables already built are loaded (in the
    /// worker, on a thread of its own); missing ones are offered ([`Self::offer`]).
    pub(super) fn first_use(&mut self, remote: &mut RemoteGame) {
        if self.state != State::Unknown {
            return;
        }
        self.state = match self.ask(remote, TablesOp::Status) {
            Some(status) if status.supported && status.missing.is_empty() => {
                // Nothing to build: the worker only loads the files.
                self.start(remote, 0)
            }
            Some(status) if status.supported => State::Offered {
                bytes: status.missing.iter().map(|f| f.bytes).sum(),
            },
            _ => State::None,
        };
    }

    fn start(&self, remote: &mut RemoteGame, bytes: u64) -> State {
        match self.ask(remote, TablesOp::Build) {
            Some(status) if status.supported => State::Building { share: 0.0, bytes },
            _ => State::None,
        }
    }

    /// The size on disk of the tables offered, while the person has not answered.
    pub(super) fn offer(&self) -> Option<u64> {
        match self.state {
            State::Offered { bytes } => Some(bytes),
            _ => None,
        }
    }

    /// The person agrees: the missing tables are built (the game goes on meanwhile).
    pub(super) fn prepare(&mut self, remote: &mut RemoteGame) {
        if let State::Offered { bytes } = self.state {
            self.state = self.start(remote, bytes);
        }
    }

    /// The person plays this game without them; the next game asks again.
    pub(super) fn decline(&mut self) {
        if matches!(self.state, State::Offered { .. }) {
            self.state = State::Declined;
        }
    }

    /// Follows a build; call every frame. Returns whether it is still under way.
    pub(super) fn poll(&mut self, remote: &mut RemoteGame, now: f64) -> bool {
        let State::Building { bytes, .. } = self.state else {
            return false;
        };
        if now < self.next_poll {
            return true;
        }
        self.next_poll = now + POLL_EVERY;
        let Some(build) = self.ask(remote, TablesOp::Status).and_then(|s| s.build) else {
            return true;
        };
        self.state = match (build.finished, &build.error) {
            (true, None) => State::Ready,
            (true, Some(_)) => State::None,
            (false, _) => State::Building {
                share: if build.total > 0 {
                    build.done as f32 / build.total as f32
                } else {
                    0.0
                },
                bytes,
            },
        };
        matches!(self.state, State::Building { .. })
    }

    /// The share of the build done and the size on disk of what it builds (0 when it
    /// only loads), while one is under way.
    pub(super) fn progress(&self) -> Option<(f32, u64)> {
        match self.state {
            State::Building { share, bytes } => Some((share, bytes)),
            _ => None,
        }
    }

    /// What perfect play gives from the position, when the tables hold it, and it in
    /// words ("perfect play: South wins by 3").
    pub(super) fn perfect(
        &self,
        remote: &mut RemoteGame,
    ) -> Option<(game_api::endgame::PerfectPlay, String)> {
        if self.state != State::Ready {
            return None;
        }
        let seats = remote.plugin().manifest().seat_names.clone();
        let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
        let play = self.ask(remote, TablesOp::Probe)?.probe?;
        let words = play.describe(&seats);
        Some((play, words))
    }
}
