//! The new-game dialog's worker: started off the UI thread as the dialog opens, and asked
//! how many seats the chosen options make without the window waiting for the answer (a
//! plugin that hangs there leaves the dialog drawing, and its Cancel working).

use std::{path::PathBuf, sync::mpsc, time::Duration};

use game_api::Options;

use crate::{
    plugins::Plugin,
    worker::{Abandon, Poll, RemoteGame, Reply, Request, WorkerError},
};

/// Where the worker stands.
enum State {
    /// Being started on a thread of its own; `abandon` stops it if the dialog closes.
    Starting {
        answer: mpsc::Receiver<Result<RemoteGame, WorkerError>>,
        abandon: Abandon,
    },
    /// Started, or why it could not be.
    Ready(Box<Result<RemoteGame, WorkerError>>),
    /// Handed to the game.
    Taken,
}

/// What the dialog hears from its worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum News {
    /// The options asked about make this many seats.
    Seats(u8),
    /// The worker could not start, or could not answer (in words).
    Failed(String),
}

/// The dialog's worker and its question in flight.
pub(super) struct DialogWorker {
    state: State,
    /// The options whose seat count is wanted, while the worker still starts.
    wanted: Option<Options>,
    /// The seat-count request in flight.
    asked: Option<u64>,
}

impl DialogWorker {
    /// Starts a worker for `plugin` (see [`RemoteGame::spawn`]) on a thread of its own.
    pub fn start(exe: PathBuf, plugin: Plugin, tables: Option<PathBuf>) -> Self {
        let (send, answer) = mpsc::channel();
        let abandon = Abandon::default();
        let flag = abandon.clone();
        std::thread::spawn(move || {
            let _ = send.send(RemoteGame::spawn_until(
                &exe,
                &plugin,
                tables.as_deref(),
                Some(flag),
            ));
        });
        DialogWorker {
            state: State::Starting { answer, abandon },
            wanted: None,
            asked: None,
        }
    }

    /// Asks how many seats `options` make; the answer (to the latest question only)
    /// comes through [`DialogWorker::poll`].
    pub fn ask_seats(&mut self, options: &Options) {
        if let (Some(id), State::Ready(ready)) = (self.asked.take(), &mut self.state)
            && let Ok(remote) = ready.as_mut()
        {
            remote.cancel(id);
        }
        self.wanted = Some(options.clone());
    }

    /// Whether the worker is still starting.
    pub fn starting(&self) -> bool {
        matches!(self.state, State::Starting { .. })
    }

    /// Whether the worker is starting or a question is unanswered.
    pub fn busy(&self) -> bool {
        matches!(self.state, State::Starting { .. })
            || self.wanted.is_some()
            || self.asked.is_some()
    }

    /// What has happened since the last call, without waiting.
    pub fn poll(&mut self) -> Option<News> {
        self.poll_for(Duration::ZERO)
    }

    /// Waits until the worker has started and answered (each call bounded by its
    /// watchdog); the last news. For tests: the window never waits.
    pub fn wait(&mut self) -> Option<News> {
        let mut last = None;
        while self.busy() {
            if let Some(news) = self.poll_for(Duration::from_millis(50)) {
                last = Some(news);
            }
        }
        last
    }

    fn poll_for(&mut self, wait: Duration) -> Option<News> {
        if let State::Starting { answer, .. } = &self.state {
            let started = match answer.recv_timeout(wait) {
                Ok(started) => started,
                Err(mpsc::RecvTimeoutError::Timeout) => return None,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    Err(WorkerError::Failed(crate::worker::WorkerFailure::Abandoned))
                }
            };
            let failed = started
                .as_ref()
                .err()
                .map(|e| crate::tr!("plugin-not-started", error = e.to_string()));
            self.state = State::Ready(Box::new(started));
            if let Some(words) = failed {
                self.wanted = None;
                return Some(News::Failed(words));
            }
        }
        let State::Ready(ready) = &mut self.state else {
            return None;
        };
        let Ok(remote) = ready.as_mut() else {
            return None;
        };
        if let Some(options) = self.wanted.take() {
            match remote.send(Request::SeatCount { options }) {
                Ok(id) => self.asked = Some(id),
                Err(e) => return Some(News::Failed(e.to_string())),
            }
        }
        let id = self.asked?;
        let answer = match remote.wait(id, wait) {
            Poll::Ready(answer) => answer,
            Poll::Pending => return None,
        };
        self.asked = None;
        Some(match answer {
            Ok(Reply::SeatCount(n)) => News::Seats(n),
            Ok(other) => News::Failed(format!("an answer of the wrong kind: {other:?}")),
            Err(e) => News::Failed(e.to_string()),
        })
    }

    /// The worker, for the game that starts (a question in flight is forgotten); `None`
    /// while it still starts (it is then stopped: the game starts one of its own) or if
    /// it could not start.
    pub fn take(&mut self) -> Option<RemoteGame> {
        match std::mem::replace(&mut self.state, State::Taken) {
            State::Ready(ready) => {
                let mut remote = (*ready).ok()?;
                if let Some(id) = self.asked.take() {
                    remote.cancel(id);
                }
                Some(remote)
            }
            State::Starting { abandon, .. } => {
                abandon.set();
                None
            }
            State::Taken => None,
        }
    }
}

impl Drop for DialogWorker {
    /// A dialog closed while its worker starts stops that worker at once.
    fn drop(&mut self) {
        if let State::Starting { abandon, .. } = &self.state {
            abandon.set();
        }
    }
}
