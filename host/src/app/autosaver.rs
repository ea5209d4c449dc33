//! The autosave, written off the UI thread: the app hands each new record to one writer
//! thread, which writes it durably ([`write_atomic`]: a temporary file flushed to the
//! disk, then renamed over the save) while the window draws on. Records that arrive
//! faster than the disk takes them are coalesced: only the newest of each file is
//! written, in the order given. [`Autosaver::wait`] waits until everything handed over
//! is on the disk (on quit, and wherever the app must know the save is there).

use std::{
    collections::HashMap,
    path::PathBuf,
    sync::mpsc::{self, Receiver, Sender},
    thread::JoinHandle,
};

use super::saving::write_atomic;
use crate::storage::StorageError;

enum Job {
    /// Write these bytes to this file.
    Write(PathBuf, Vec<u8>),
    /// Answer once everything before has been written.
    Wait(Sender<()>),
}

/// The writer thread and what it reported.
pub struct Autosaver {
    jobs: Option<Sender<Job>>,
    reports: Receiver<Result<(), StorageError>>,
    thread: Option<JoinHandle<()>>,
}

impl Default for Autosaver {
    fn default() -> Self {
        Self::new()
    }
}

impl Autosaver {
    /// Starts the writer thread.
    pub fn new() -> Self {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (report, reports) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("tavola-autosave".into())
            .spawn(move || write_loop(&inbox, &report))
            .ok();
        Autosaver {
            jobs: thread.is_some().then_some(jobs),
            reports,
            thread,
        }
    }

    /// Hands `bytes` over to be written to `path`; returns at once. Without a writer
    /// thread (none could be started) it writes them here.
    pub fn save(&mut self, path: PathBuf, bytes: Vec<u8>) -> Option<Result<(), StorageError>> {
        match &self.jobs {
            Some(jobs) => match jobs.send(Job::Write(path, bytes)) {
                Ok(()) => None,
                Err(mpsc::SendError(Job::Write(path, bytes))) => Some(write_here(&path, &bytes)),
                Err(_) => None,
            },
            None => Some(write_here(&path, &bytes)),
        }
    }

    /// What the writes finished since the last call reported, oldest first: `Ok` for a
    /// write that succeeded, the error in words otherwise.
    pub fn reports(&mut self) -> Vec<Result<(), StorageError>> {
        self.reports.try_iter().collect()
    }

    /// Waits until everything handed over so far is written.
    pub fn wait(&mut self) {
        let Some(jobs) = &self.jobs else { return };
        let (done, answered) = mpsc::channel();
        if jobs.send(Job::Wait(done)).is_ok() {
            let _ = answered.recv();
        }
    }
}

impl Drop for Autosaver {
    /// Writes what is still queued before the app goes.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_here(path: &std::path::Path, bytes: &[u8]) -> Result<(), StorageError> {
    write_atomic(path, bytes)
}

/// Takes the jobs that have arrived, writes the newest bytes of each file, answers the
/// waits in order; ends when the app drops its sender (after writing what is left).
fn write_loop(inbox: &Receiver<Job>, report: &Sender<Result<(), StorageError>>) {
    while let Ok(first) = inbox.recv() {
        let mut newest: HashMap<PathBuf, Vec<u8>> = HashMap::new();
        let mut order: Vec<PathBuf> = Vec::new();
        let write_all = |newest: &mut HashMap<PathBuf, Vec<u8>>, order: &mut Vec<PathBuf>| {
            for path in order.drain(..) {
                if let Some(bytes) = newest.remove(&path) {
                    let _ = report.send(write_here(&path, &bytes));
                }
            }
        };
        for job in std::iter::once(first).chain(inbox.try_iter()) {
            match job {
                Job::Write(path, bytes) => {
                    if newest.insert(path.clone(), bytes).is_none() {
                        order.push(path);
                    }
                }
                Job::Wait(done) => {
                    write_all(&mut newest, &mut order);
                    let _ = done.send(());
                }
            }
        }
        write_all(&mut newest, &mut order);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_record_is_written_and_waited_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.json");
        let mut saver = Autosaver::new();
        for i in 0..200 {
            assert!(
                saver
                    .save(path.clone(), format!("{i}").into_bytes())
                    .is_none()
            );
        }
        saver.wait();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "199");
        let reports = saver.reports();
        assert!(!reports.is_empty() && reports.len() <= 200);
        assert!(reports.iter().all(Result::is_ok));
        // No temporary file is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_write_that_fails_is_reported_and_the_next_one_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should be: the write cannot replace it.
        let blocked = dir.path().join("blocked");
        std::fs::create_dir_all(blocked.join("inside")).unwrap();
        let fine = dir.path().join("fine.json");
        let mut saver = Autosaver::new();
        saver.save(blocked.clone(), b"x".to_vec());
        saver.wait();
        saver.save(fine.clone(), b"y".to_vec());
        drop(saver.jobs.take());
        let thread = saver.thread.take().unwrap();
        thread.join().unwrap();
        let reports = saver.reports();
        assert_eq!(reports.len(), 2, "{reports:?}");
        assert!(reports[0].is_err(), "{reports:?}");
        assert!(
            reports[0]
                .as_ref()
                .unwrap_err()
                .to_string()
                .contains("blocked")
        );
        assert!(reports[1].is_ok());
        assert_eq!(
            std::fs::read(&fine).unwrap(),
            b"y",
            "dropping writes what is queued"
        );
        assert!(blocked.join("inside").is_dir(), "the folder is untouched");
    }
}
