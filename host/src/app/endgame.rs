//! The endgame tables of the game being played: loaded in its worker on the first use
//! of a bot or a hint when they are built; when they are not, the person is first told
//! what they give and what they cost on disk, and they are built only if the person
//! agrees (the game goes on meanwhile, without them). Their progress is shown, and the
//! hint is told what perfect play gives when the position is in them.

use std::path::PathBuf;

use game_api::endgame::{TablesOp, TablesRequest, TablesStatus};

use crate::{
    table::Link,
    worker::{Poll, Reply, Request},
};

/// How often a build's progress is asked for, in seconds.
const POLL_EVERY: f64 = 0.5;

/// A question about the tables sent to the worker, its answer not taken yet.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Asked {
    /// Whether the game has tables, and which are missing.
    Status,
    /// To build (or only load) them, `bytes` on disk.
    Build { bytes: u64 },
    /// How a build goes.
    Progress { bytes: u64 },
}

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
    /// The question in flight (its request id): the window never waits for it.
    asked: Option<(u64, Asked)>,
    /// The player asked never to be offered this game's tables: missing ones are not
    /// offered (built ones are still loaded).
    never: bool,
    /// "Don't ask again" was just chosen: the app remembers it ([`Self::take_never`]).
    newly_never: bool,
}

impl EndgameTables {
    /// Tables kept under `dir` (`<data dir>/endgames`, one folder per game: see
    /// [`tables_dir`](crate::worker::tables_dir)); `None` keeps none (tests).
    pub(super) fn new(dir: Option<PathBuf>) -> Self {
        EndgameTables {
            dir,
            state: State::Unknown,
            next_poll: 0.0,
            asked: None,
            never: false,
            newly_never: false,
        }
    }

    /// This game's tables are not offered (the player chose "Don't ask again" before).
    pub(super) fn never_offer(mut self, never: bool) -> Self {
        self.never = never;
        self
    }

    /// The person never wants to be asked again for this game: declined now, and the
    /// app remembers it (see [`Self::take_never`]).
    pub(super) fn decline_for_good(&mut self) {
        if matches!(self.state, State::Offered { .. }) {
            self.state = State::Declined;
            self.never = true;
            self.newly_never = true;
        }
    }

    /// Whether "Don't ask again" was chosen since the last call (the app then keeps it in
    /// its settings).
    pub(super) fn take_never(&mut self) -> bool {
        std::mem::take(&mut self.newly_never)
    }

    /// The folder under which each game's tables have a folder of their own.
    pub(super) fn root(&self) -> Option<&std::path::Path> {
        self.dir.as_deref()
    }

    fn request(&self, remote: &dyn Link, op: TablesOp) -> Option<Request> {
        self.dir.as_ref()?;
        let dir = remote.tables_dir()?.to_string_lossy().into_owned();
        let request = TablesRequest {
            op,
            dir,
            seeds: None,
        };
        Some(Request::Tables { request })
    }

    /// Sends `op` without waiting; its answer is taken by [`Self::poll`]. A game without
    /// a folder for tables, or a worker that cannot be asked, has none.
    fn send(&mut self, remote: &mut dyn Link, op: TablesOp, asked: Asked) {
        match self.request(remote, op).and_then(|r| remote.send(r).ok()) {
            Some(id) => self.asked = Some((id, asked)),
            None => self.state = State::None,
        }
    }

    /// The first use of a bot or a hint, once: tables already built are loaded (in the
    /// worker, on a thread of its own); missing ones are offered ([`Self::offer`]).
    pub(super) fn first_use(&mut self, remote: &mut dyn Link) {
        if self.state == State::Unknown && self.asked.is_none() {
            self.send(remote, TablesOp::Status, Asked::Status);
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
    pub(super) fn prepare(&mut self, remote: &mut dyn Link) {
        if let State::Offered { bytes } = self.state
            && self.asked.is_none()
        {
            self.state = State::Building { share: 0.0, bytes };
            self.send(remote, TablesOp::Build, Asked::Build { bytes });
        }
    }

    /// The person plays this game without them; the next game asks again.
    pub(super) fn decline(&mut self) {
        if matches!(self.state, State::Offered { .. }) {
            self.state = State::Declined;
        }
    }

    /// Takes the worker's answers and follows a build; call every frame. Returns whether
    /// a question or a build is under way.
    pub(super) fn poll(&mut self, remote: &mut dyn Link, now: f64) -> bool {
        if let Some((id, asked)) = self.asked {
            let Poll::Ready(answer) = remote.poll(id) else {
                return true;
            };
            self.asked = None;
            let status = match answer {
                Ok(Reply::Tables(status)) => Some(*status),
                _ => None,
            };
            self.answered(remote, asked, status);
        }
        let State::Building { bytes, .. } = self.state else {
            return self.asked.is_some();
        };
        if self.asked.is_none() && now >= self.next_poll {
            self.next_poll = now + POLL_EVERY;
            self.send(remote, TablesOp::Status, Asked::Progress { bytes });
        }
        true
    }

    /// What the answer to `asked` changes.
    fn answered(&mut self, remote: &mut dyn Link, asked: Asked, status: Option<TablesStatus>) {
        let Some(status) = status.filter(|s| s.supported) else {
            // No tables, or a build that could not start: the game goes on without them.
            if !matches!(asked, Asked::Progress { .. }) {
                self.state = State::None;
            }
            return;
        };
        match asked {
            // Nothing to build: the worker only loads the files.
            Asked::Status if status.missing.is_empty() => {
                self.state = State::Building {
                    share: 0.0,
                    bytes: 0,
                };
                self.send(remote, TablesOp::Build, Asked::Build { bytes: 0 });
            }
            Asked::Status if self.never => self.state = State::Declined,
            Asked::Status => {
                self.state = State::Offered {
                    bytes: status.missing.iter().map(|f| f.bytes).sum(),
                };
            }
            Asked::Build { bytes } => self.state = State::Building { share: 0.0, bytes },
            Asked::Progress { bytes } => {
                let Some(build) = status.build else { return };
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
            }
        }
    }

    /// The share of the build done and the size on disk of what it builds (0 when it
    /// only loads), while one is under way.
    pub(super) fn progress(&self) -> Option<(f32, u64)> {
        match self.state {
            State::Building { share, bytes } => Some((share, bytes)),
            _ => None,
        }
    }

    /// Asks the tables what perfect play gives from the position, when they are
    /// loaded: the request's id (its answer is read by [`Self::probed`]).
    pub(super) fn start_probe(&self, remote: &mut dyn Link) -> Option<u64> {
        if self.state != State::Ready {
            return None;
        }
        let request = self.request(remote, TablesOp::Probe)?;
        remote.send(request).ok()
    }

    /// What perfect play gives, from a probe's answer, and it in words ("perfect play:
    /// South wins by 3"); `None` when the tables do not hold the position.
    pub(super) fn probed(
        remote: &dyn Link,
        answer: Result<Reply, crate::worker::WorkerError>,
    ) -> Option<(game_api::endgame::PerfectPlay, String)> {
        let Ok(Reply::Tables(status)) = answer else {
            return None;
        };
        let play = status.probe?;
        let seats = &remote.plugin().manifest().seat_names;
        let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
        let words = play.describe(&seats);
        Some((play, words))
    }
}
