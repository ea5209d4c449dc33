//! Restarting a failed plugin off the UI thread: a new worker is started and the game set
//! up in it at the cursor on a thread of its own, while the failure banner says so; the
//! board comes back on the frame the answer arrives.

use std::{sync::mpsc, time::Duration};

use super::Table;
use crate::{
    table::{Restart, Started},
    worker::{Abandon, WorkerError, WorkerFailure},
};

/// A restart under way: its answer, and the flag that stops its worker.
pub(in crate::app) struct Restarting {
    answer: mpsc::Receiver<Started>,
    abandon: Abandon,
    /// Answered: its worker belongs to the game now (or is gone).
    answered: bool,
}

impl Drop for Restarting {
    /// A view dropped (or restarted again) while its restart runs stops that worker.
    fn drop(&mut self) {
        if !self.answered {
            self.abandon.set();
        }
    }
}

impl Table {
    /// Starts the plugin again in a new worker and sets up the game at the cursor, off
    /// the UI thread; [`Table::logic`] shows it once it is set up.
    pub fn begin_restart(&mut self) {
        let abandon = Abandon::default();
        let restart = Restart {
            plugin: self.session.plugin().clone(),
            options: self.session.options().clone(),
            start: self.session.record().start.clone(),
            moves: self.session.played_ids(),
            tables: self
                .searches
                .endgame
                .root()
                .map(std::path::Path::to_path_buf),
            abandon: abandon.clone(),
        };
        let starter = self.link.starter.clone();
        let (send, answer) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(starter(restart));
        });
        self.link.restarting = Some(Restarting {
            answer,
            abandon,
            answered: false,
        });
    }

    /// Starts the plugin again and waits until the game is set up in it (for tests and
    /// scripts: the banner's Restart does not wait).
    pub fn restart_plugin(&mut self) {
        self.begin_restart();
        while self.link.restarting.is_some() {
            self.poll_restart(Duration::from_millis(50));
        }
    }

    /// Whether a restart is under way.
    pub fn restarting(&self) -> bool {
        self.link.restarting.is_some()
    }

    /// Shows the game in its new worker once the restart has answered (waiting at most
    /// `wait`), or the failure that stopped it.
    pub(super) fn poll_restart(&mut self, wait: Duration) {
        let Some(restarting) = &self.link.restarting else {
            return;
        };
        let started = match restarting.answer.recv_timeout(wait) {
            Ok(started) => started,
            Err(mpsc::RecvTimeoutError::Timeout) => return,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Err(WorkerError::Failed(WorkerFailure::Abandoned))
            }
        };
        if let Some(mut done) = self.link.restarting.take() {
            done.answered = true;
        }
        match started {
            Ok((remote, snapshot)) => {
                self.link.remote = Some(remote);
                self.link.woken = false;
                self.notes.failure = None;
                self.notes.error = None;
                self.show(snapshot);
            }
            Err(WorkerError::Failed(f)) => self.lost_worker(f),
            Err(WorkerError::Refused(e)) => {
                self.lost_worker(WorkerFailure::Protocol(crate::tr!(
                    "play-not-set-up-again",
                    error = e.to_string()
                )));
            }
        }
    }
}
