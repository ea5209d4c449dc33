//! Starting and opening games off the UI thread.
//!
//! Starting a game means a new worker process, the plugin loaded into it (behind the
//! sandbox) and the game set up or a saved record replayed with every check. A slow or
//! hung plugin may take up to the worker's watchdog for that, so it happens in a thread
//! of its own: the window keeps drawing, with "Starting Oware…" and a Cancel over it, and
//! the app finishes the start (the session, the board) on the frame the answer arrives
//! ([`TavolaApp::poll_starting`]). Cancel drops the answer: the thread's worker ends with
//! it, and the game shown before (if any) stays as it was.

use std::{path::PathBuf, sync::mpsc, time::Duration};

use super::{NewGameRequest, StartGame, TavolaApp};
use crate::{
    plugins::Plugin,
    record::Record,
    worker::{Abandon, RemoteGame, Snapshot, WorkerError},
};

/// A game's worker, started, with the game set up in it.
pub(super) struct Started {
    /// The worker.
    pub remote: RemoteGame,
    /// The position after the start (or after the record's last move).
    pub snapshot: Snapshot,
    /// What the replay of a record warned about.
    pub warnings: Vec<String>,
    /// A saved game's moves played again: their events and the undone moves kept.
    pub replayed: super::replay_notes::Replayed,
}

/// What the app does with a game once its worker has set it up.
pub(super) enum Then {
    /// Shows a new game: its request, its start position, its clocks (time per game and
    /// increment, in milliseconds) and, for `tavola open`, the moves to play first.
    New {
        /// The game, its options, seats and seed.
        request: NewGameRequest,
        /// A start position other than the game's own.
        position: Option<String>,
        /// Its clocks.
        clock: Option<(u64, u64)>,
        /// Moves to play once it is shown (`tavola open`).
        open: Option<Box<StartGame>>,
    },
    /// Shows a saved game.
    Load {
        /// Its record, as read.
        record: Box<Record>,
        /// The file it was read from.
        path: PathBuf,
        /// What else to do once it is open.
        after: AfterLoad,
    },
}

/// What follows the opening of a saved game.
pub(super) enum AfterLoad {
    /// Nothing.
    Nothing,
    /// It was a recovered game: its file leaves *Recover games…*.
    Recovered,
    /// It was the last run's game: one that cannot be opened is set aside (see
    /// `TavolaApp::restore_failed`).
    Restored,
    /// It is to be reviewed (*Review a saved game…*): the review opens on it.
    Review,
}

/// Why a game could not be started or opened.
#[derive(Debug, thiserror::Error)]
pub(super) enum StartError {
    /// The game's worker failed (to start, to set the game up, to replay its record);
    /// the game named.
    #[error("{game}: {error}")]
    Game {
        /// The game's name.
        game: String,
        /// What the worker answered.
        error: WorkerError,
    },
    /// The game's worker failed while opening a record.
    #[error(transparent)]
    Worker(#[from] WorkerError),
    /// The thread starting the game ended without an answer.
    #[error("{}", crate::tr!("starting-lost", game = game.clone()))]
    Lost {
        /// The game's name.
        game: String,
    },
}

impl StartError {
    /// A mapper of the worker's error for `game`, for `map_err`.
    pub(super) fn of(game: &str) -> impl FnOnce(WorkerError) -> StartError + '_ {
        move |error| StartError::Game {
            game: game.to_owned(),
            error,
        }
    }
}

/// A game being started, with what to do once it has.
pub(super) struct Starting {
    /// The game's name, for "Starting Oware…".
    pub name: String,
    /// The plugin.
    pub plugin: Plugin,
    /// What to do with the game.
    pub then: Then,
    answer: mpsc::Receiver<Result<Started, StartError>>,
    /// Stops the worker being started when nobody waits for it any more.
    abandon: Abandon,
}

impl Starting {
    /// Runs `work` in a thread of its own, with the flag its worker is to stop on (see
    /// [`Starting::abandon`]); its answer is picked up by [`Starting::poll`].
    pub fn run(
        plugin: Plugin,
        then: Then,
        work: impl FnOnce(Abandon) -> Result<Started, StartError> + Send + 'static,
    ) -> Self {
        let (send, answer) = mpsc::channel();
        let abandon = Abandon::default();
        let flag = abandon.clone();
        std::thread::spawn(move || {
            // After a Cancel nobody waits: the worker has stopped, and ends with `Started`.
            let _ = send.send(work(flag));
        });
        Starting {
            name: plugin.manifest().name.clone(),
            plugin,
            then,
            answer,
            abandon,
        }
    }

    /// Gives up the start: its worker stops at once, even inside a hung plugin call.
    pub fn abandon(&self) {
        self.abandon.set();
    }

    /// The answer, once there (waiting at most `wait`).
    pub fn poll(&self, wait: Duration) -> Option<Result<Started, StartError>> {
        match self.answer.recv_timeout(wait) {
            Ok(answer) => Some(answer),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => Some(Err(StartError::Lost {
                game: self.name.clone(),
            })),
        }
    }
}

impl TavolaApp {
    /// Starts the work of `starting`, in place of any start still under way.
    pub(super) fn begin(&mut self, starting: Starting) {
        self.cancel_start();
        self.dialogs.starting = Some(starting);
    }

    /// Whether a game is being started or opened.
    pub fn is_starting(&self) -> bool {
        self.dialogs.starting.is_some()
    }

    /// Finishes the start under way once its answer is there (each frame); a failure
    /// becomes the message (or, for the last run's game, sets it aside).
    pub(super) fn poll_starting(&mut self) {
        let Some(answer) = self
            .dialogs
            .starting
            .as_ref()
            .and_then(|s| s.poll(Duration::ZERO))
        else {
            return;
        };
        let starting = self.dialogs.starting.take().expect("polled");
        if let Err(e) = self.finish_start(starting, answer) {
            self.dialogs.message = Some(format!("{e:#}"));
        }
    }

    /// Waits for the start under way and finishes it as the window would (a failure
    /// becomes the message). For tests and scripts: the window itself never waits.
    pub fn wait_for_start(&mut self) {
        if let Err(e) = self.finish_waiting() {
            self.dialogs.message = Some(format!("{e:#}"));
        }
    }

    /// Waits for the start under way and finishes it; its failure is the error.
    pub(super) fn finish_waiting(&mut self) -> anyhow::Result<()> {
        let Some(starting) = self.dialogs.starting.take() else {
            return Ok(());
        };
        // The worker's own calls are bounded by its watchdog: this wait ends.
        let answer = loop {
            if let Some(answer) = starting.poll(Duration::from_millis(100)) {
                break answer;
            }
        };
        self.finish_start(starting, answer)
    }

    /// Stops waiting for the start under way: its worker ends, nothing else changes.
    pub(super) fn cancel_start(&mut self) {
        if let Some(starting) = self.dialogs.starting.take() {
            starting.abandon();
        }
    }

    /// "Starting Oware…" over the window, with a Cancel.
    pub(super) fn starting_ui(&mut self, ctx: &egui::Context) {
        let Some(starting) = &self.dialogs.starting else {
            return;
        };
        // The answer comes from another thread: look for it often.
        ctx.request_repaint_after(Duration::from_millis(30));
        let text = match starting.then {
            Then::New { .. } => crate::tr!("starting-game", game = starting.name.clone()),
            Then::Load { .. } => crate::tr!("opening-game", game = starting.name.clone()),
        };
        let modal = egui::Modal::new(egui::Id::unique("starting")).show(ctx, |ui| {
            // No spinner: it would repaint without end while a plugin hangs; the
            // window looks for the answer every 30 ms all the same.
            ui.label(text);
            ui.button(crate::tr!("cancel")).clicked()
        });
        if modal.inner || modal.should_close() {
            self.cancel_start();
        }
    }
}
