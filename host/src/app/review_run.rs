//! A review run off the UI thread: `tavola review` in a child process (plugin code never
//! runs in the app's process), over the record written to a temporary file; its
//! progress read from its standard error, its JSON from its standard output. Dropping
//! the run stops the child.

use std::{
    io::{BufRead, BufReader, Read},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::mpsc,
};

use crate::record::{Record, RecordError};

/// Why a review run gave no review.
#[derive(Debug, thiserror::Error)]
pub(super) enum RunError {
    /// The record could not be written for the child.
    #[error("{0}")]
    Record(#[from] RecordError),
    /// The child could not be started.
    #[error("{0}")]
    Spawn(std::io::Error),
    /// The child failed: what it said on its standard error, else how it ended.
    #[error("{said}")]
    Failed {
        /// Its words, or its exit status.
        said: String,
    },
    /// What it printed is not the answer expected.
    #[error("{0}")]
    Output(#[from] serde_json::Error),
}

/// Where a run stands.
#[derive(Debug)]
pub(super) enum RunPoll {
    /// Still running: moves reviewed, moves in all (0, 0 before the first).
    Running(usize, usize),
    /// Finished: what it printed, or why it failed.
    Done(Result<String, RunError>),
}

/// `tavola review` running on a record.
pub(super) struct ReviewRun {
    child: Child,
    progress: mpsc::Receiver<(usize, usize)>,
    output: mpsc::Receiver<String>,
    errors: mpsc::Receiver<String>,
    last: (usize, usize),
    /// The record's file, removed when the run is dropped.
    file: PathBuf,
}

impl ReviewRun {
    /// Starts `exe review FILE --json --progress ARGS…` on `record`, with the plugins
    /// of `plugin_dirs` searched first and the texts in `language`.
    pub fn start(
        exe: &Path,
        plugin_dirs: &[PathBuf],
        language: &str,
        record: &Record,
        args: &[String],
    ) -> Result<ReviewRun, RunError> {
        let file = record_file();
        record.write(&file)?;
        let mut command = Command::new(exe);
        command
            .arg("review")
            .arg(&file)
            .args(["--json", "--progress", "--lang", language])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for dir in plugin_dirs {
            command.arg("--plugins").arg(dir);
        }
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) => {
                let _ = std::fs::remove_file(&file);
                return Err(RunError::Spawn(e));
            }
        };
        let (send_progress, progress) = mpsc::channel();
        let (send_errors, errors) = mpsc::channel();
        let (send_output, output) = mpsc::channel();
        if let Some(err) = child.stderr.take() {
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    match parse_progress(&line) {
                        Some(p) => drop(send_progress.send(p)),
                        None => drop(send_errors.send(line)),
                    }
                }
            });
        }
        if let Some(mut out) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = out.read_to_string(&mut text);
                let _ = send_output.send(text);
            });
        }
        Ok(ReviewRun {
            child,
            progress,
            output,
            errors,
            last: (0, 0),
            file,
        })
    }

    /// Where the run stands now (never waits).
    pub fn poll(&mut self) -> RunPoll {
        while let Ok(p) = self.progress.try_recv() {
            self.last = p;
        }
        let Ok(Some(status)) = self.child.try_wait() else {
            return RunPoll::Running(self.last.0, self.last.1);
        };
        // The child has ended: its output is whole once the reading thread sends it.
        let Ok(text) = self
            .output
            .recv_timeout(std::time::Duration::from_millis(200))
        else {
            return RunPoll::Running(self.last.0, self.last.1);
        };
        if status.success() {
            return RunPoll::Done(Ok(text));
        }
        let said: Vec<String> = self.errors.try_iter().collect();
        RunPoll::Done(Err(RunError::Failed {
            said: if said.is_empty() {
                status.to_string()
            } else {
                said.join("\n")
            },
        }))
    }
}

impl Drop for ReviewRun {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.file);
    }
}

/// A file of its own for a run's record, in the system's temporary folder: the
/// process's id, the time and a count make it unique.
fn record_file() -> PathBuf {
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    std::env::temp_dir().join(format!(
        "tavola-review-{}-{nanos}-{n}.json",
        std::process::id()
    ))
}

/// A progress line, `progress DONE ALL`.
fn parse_progress(line: &str) -> Option<(usize, usize)> {
    let mut words = line.strip_prefix("progress ")?.split(' ');
    let done = words.next()?.parse().ok()?;
    let all = words.next()?.parse().ok()?;
    Some((done, all))
}

#[cfg(test)]
mod tests {
    use super::parse_progress;

    #[test]
    fn progress_lines_are_read_and_others_are_not() {
        assert_eq!(parse_progress("progress 3 60"), Some((3, 60)));
        assert_eq!(parse_progress("progress 3"), None);
        assert_eq!(parse_progress("no plugin for oware"), None);
    }
}
