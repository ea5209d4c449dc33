//! The app's side of a worker: starts the process, sends requests, takes the answers,
//! and notices when the worker dies, misses a deadline or breaks the protocol.

use std::{
    collections::HashMap,
    io::BufReader,
    path::{Path, PathBuf},
    process::{Child, ChildStdin},
    sync::{Arc, Mutex, mpsc},
    time::{Duration, Instant},
};

use thiserror::Error;

use crate::plugins::{CallError, ErrorKind};

use super::{
    checks::Checker,
    process::{command, describe_exit, has_ended, kill_group_and_reap, memory_limit, tail},
    protocol::{Answer, Call, Reply, Request, read_frame, write_frame},
};

/// How long a request that is not a search may take before the worker is judged hung
/// (10 s; [`WATCHDOG_VAR`] sets another limit in milliseconds).
pub const WATCHDOG: Duration = Duration::from_secs(10);

/// The environment variable that sets the watchdog's limit in milliseconds (slow
/// machines, tests).
pub const WATCHDOG_VAR: &str = "TAVOLA_WATCHDOG_MS";

/// The watchdog's limit: [`WATCHDOG_VAR`] or [`WATCHDOG`].
pub fn watchdog() -> Duration {
    super::process::millis_from_env(WATCHDOG_VAR, WATCHDOG)
}

/// How long a search may take (the levels take seconds; this catches a plugin that hangs
/// inside a search).
pub const SEARCH_DEADLINE: Duration = Duration::from_secs(300);

/// How long a cancelled search may take to answer.
pub const CANCEL_GRACE: Duration = Duration::from_secs(3);

/// Why a worker is gone. The worker is then dead (killed if it was not), and the game it
/// held must be set up again in a new one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorkerFailure {
    /// The process could not be started.
    #[error("{}", crate::tr!("worker-spawn", error = .0.clone()))]
    Spawn(String),
    /// The process ended: a crash (signal), an `exit` or an allocation failure.
    #[error("{}", crashed_text(.how, .stderr))]
    Crashed {
        /// How it ended ("killed by signal 11 (SIGSEGV...)").
        how: String,
        /// The end of what it wrote to standard error.
        stderr: String,
    },
    /// The process was stopped from outside, by the signal that asks a program to end
    /// (SIGTERM, SIGHUP, SIGINT: a logout, a shutdown, `kill`): not the plugin's doing,
    /// so it does not count toward quarantine.
    #[error("{}", crate::tr!("worker-stopped", how = .0.clone()))]
    Stopped(String),
    /// A request was not answered in time: the process was killed.
    #[error("{}", timed_out_text(.what, *.after))]
    TimedOut {
        /// The request.
        what: String,
        /// The limit.
        after: Duration,
    },
    /// The process sent something that is not the protocol.
    #[error("{}", crate::tr!("worker-protocol", error = .0.clone()))]
    Protocol(String),
    /// The plugin failed inside its worker (a panic caught at its boundary, data
    /// breaking the contract): the worker lives, but the game in it is not to be
    /// trusted.
    #[error("{}", crate::tr!("worker-plugin-fault", error = .0.clone()))]
    PluginFault(String),
    /// The plugin tried something the sandbox forbids, and its process was stopped.
    #[error("{}", crate::tr!("worker-blocked", blocked = .0.to_string()))]
    Blocked(crate::sandbox::Attempt),
    /// The process sent an answer that breaks the contract or the host's limits (a
    /// board, effects or a move a plugin's game could not have given), or answers no
    /// request in flight: it was killed, and nothing of the answer was used.
    #[error("{}", crate::tr!("worker-invalid", error = .0.clone()))]
    Invalid(String),
    /// The process broke a bound its parent holds it to (too many threads, the processor
    /// used while it had nothing to do): it was killed.
    #[error("{}", crate::tr!("worker-overran", why = .0.clone()))]
    Overran(String),
    /// Nobody waits for the worker any more (a start was cancelled): it was stopped.
    #[error("{}", crate::tr!("worker-abandoned"))]
    Abandoned,
}

/// A crash in words: how the process ended, and the end of what it said.
fn crashed_text(how: &str, stderr: &str) -> String {
    let ended = crate::tr!("worker-crashed", how = how.to_owned());
    if stderr.is_empty() {
        ended
    } else {
        let said = tail(stderr, 240);
        crate::tr!("worker-crashed-said", ended = ended, said = said)
    }
}

/// Whether the process ended by a signal that asks a program to end (SIGHUP 1,
/// SIGINT 2, SIGTERM 15), as a logout or a `kill` sends, rather than by a crash.
fn asked_to_end(status: std::process::ExitStatus) -> bool {
    use crate::platform::process::{Signal, exit_signal};
    matches!(
        exit_signal(status),
        Some((_, Signal::Hup | Signal::Int | Signal::Term))
    )
}

impl WorkerFailure {
    /// Whether the failure counts against the plugin (toward quarantine): not when its
    /// process was stopped from outside.
    pub fn counts_against_plugin(&self) -> bool {
        !matches!(self, WorkerFailure::Stopped(_) | WorkerFailure::Abandoned)
    }
}

/// A request not answered in time, in words.
fn timed_out_text(what: &str, after: Duration) -> String {
    crate::tr!(
        "worker-timed-out",
        seconds = after.as_secs(),
        what = what.to_owned()
    )
}

/// Why a request failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorkerError {
    /// The plugin (or the worker) refused the request: an illegal move, a bad position
    /// (its kind says which). The worker is fine.
    #[error("{0}")]
    Refused(CallError),
    /// The worker is gone.
    #[error(transparent)]
    Failed(#[from] WorkerFailure),
}

impl WorkerError {
    /// The error a worker answered with: a plugin's fault (a panic caught at its
    /// boundary, data breaking the contract, a failure it reported) is a failure of the
    /// plugin, like a crash, that the app reports as one and counts towards quarantine;
    /// anything else (an illegal move, a bad position) is a refusal.
    pub fn from_refusal(e: CallError) -> Self {
        if e.is_plugin_fault() {
            WorkerError::Failed(WorkerFailure::PluginFault(e.message))
        } else {
            WorkerError::Refused(e)
        }
    }

    /// What kind of refusal this is (none for a failed worker).
    pub fn kind(&self) -> Option<ErrorKind> {
        match self {
            WorkerError::Refused(e) => Some(e.kind),
            WorkerError::Failed(_) => None,
        }
    }
}

/// The state of a request sent with [`Worker::send`].
#[derive(Debug)]
pub enum Poll {
    /// Not answered yet.
    Pending,
    /// Answered.
    Ready(Result<Reply, WorkerError>),
}

/// A request in flight: when its answer is due, and what it is.
#[derive(Debug, Clone)]
struct Due {
    at: Instant,
    limit: Duration,
    what: String,
    sent: Instant,
}

/// A plugin that answers, but slowly: its last ordinary call that took more than half
/// the watchdog's limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slow {
    /// What was asked, in words ("playing a move").
    pub what: String,
    /// How long it took.
    pub took: Duration,
    /// The watchdog's limit it came near.
    pub limit: Duration,
}

/// A running worker process.
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    /// The answers read, or why the worker's output could not be read.
    answers: mpsc::Receiver<Result<Answer, std::io::Error>>,
    stderr: Arc<Mutex<String>>,
    next_id: u64,
    stash: HashMap<u64, Result<Reply, CallError>>,
    deadlines: HashMap<u64, Due>,
    forgotten: std::collections::HashSet<u64>,
    failure: Option<WorkerFailure>,
    waker: Waker,
    /// The process was reaped: its group id may belong to another process now.
    reaped: bool,
    /// Checks every answer against the request it answers and the game so far.
    checker: Checker,
    /// Set when nobody waits for this worker any more: it is stopped at once.
    abandoned: Option<Abandon>,
    /// Its threads and idle processor time, watched.
    watch: super::watch::Watch,
    /// Its slowest recent ordinary call, if near the watchdog.
    slow: Option<Slow>,
}

/// A flag that stops a worker from another thread: once [`Abandon::set`], the worker is
/// killed the next time it is asked or waited for (within 50 ms of a wait), and every
/// request in flight fails with [`WorkerFailure::Abandoned`]. The app gives one to a game
/// it starts off the UI thread, so that Cancel ends a worker whose plugin hangs at once,
/// not at the watchdog.
#[derive(Debug, Clone, Default)]
pub struct Abandon(Arc<std::sync::atomic::AtomicBool>);

impl Abandon {
    /// Stops the worker (or workers) holding this flag.
    pub fn set(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether it is set.
    pub fn is_set(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Called by the reader thread whenever an answer arrives (the app wakes its window to
/// take it, instead of polling while a bot thinks).
type Waker = Arc<Mutex<Option<Arc<dyn Fn() + Send + Sync>>>>;

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("pid", &self.child.id())
            .field("failure", &self.failure)
            .finish()
    }
}

/// The `tavola` binary that serves as worker: this one, unless told otherwise (tests,
/// whose executable is not `tavola`).
pub fn default_exe() -> PathBuf {
    std::env::current_exe().unwrap_or_else(|_| PathBuf::from("tavola"))
}

impl Worker {
    /// Starts `exe worker`.
    pub fn spawn(exe: &Path) -> Result<Self, WorkerFailure> {
        let mut command = command(exe, memory_limit());
        command.arg("worker");
        let mut child = command
            .spawn()
            .map_err(|e| WorkerFailure::Spawn(format!("{}: {e}", exe.display())))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr_pipe = child.stderr.take().expect("piped");
        let (sender, answers) = mpsc::channel();
        let waker: Waker = Arc::default();
        let wake = waker.clone();
        std::thread::spawn(move || {
            let mut input = BufReader::new(stdout);
            let wake = || {
                let waker = wake.lock().unwrap_or_else(|e| e.into_inner()).clone();
                if let Some(waker) = waker {
                    waker();
                }
            };
            loop {
                match read_frame::<Answer>(&mut input) {
                    Ok(Some(answer)) => {
                        if sender.send(Ok(answer)).is_err() {
                            return;
                        }
                        wake();
                    }
                    Ok(None) => return wake(),
                    Err(e) => {
                        let _ = sender.send(Err(e));
                        return wake();
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let keep = stderr.clone();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(line) = line else { return };
                let mut text = keep.lock().unwrap_or_else(|e| e.into_inner());
                text.push_str(&line);
                text.push('\n');
                if text.len() > 8192 {
                    let cut = text.len() - 4096;
                    let cut = (cut..text.len())
                        .find(|&i| text.is_char_boundary(i))
                        .unwrap_or(0);
                    text.drain(..cut);
                }
            }
        });
        let watch = super::watch::Watch::start(child.id(), true);
        Ok(Worker {
            watch,
            slow: None,
            child,
            stdin,
            answers,
            stderr,
            next_id: 1,
            stash: HashMap::new(),
            deadlines: HashMap::new(),
            forgotten: Default::default(),
            failure: None,
            waker,
            reaped: false,
            checker: Checker::default(),
            abandoned: None,
        })
    }

    /// Stops this worker once `flag` is set (see [`Abandon`]).
    pub fn abandon_with(&mut self, flag: Abandon) {
        self.abandoned = Some(flag);
    }

    /// Calls `waker` whenever an answer arrives from now on.
    pub fn set_waker(&self, waker: Arc<dyn Fn() + Send + Sync>) {
        *self.waker.lock().unwrap_or_else(|e| e.into_inner()) = Some(waker);
    }

    /// Whether its plugin answers ordinary calls near the watchdog's limit (more than
    /// half of it): the call and how long it took, for a warning.
    pub fn slow(&self) -> Option<&Slow> {
        self.slow.as_ref()
    }

    /// The worker's process id (for a test that judges the process from outside).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Why the worker is gone, if it is.
    pub fn failure(&self) -> Option<&WorkerFailure> {
        self.failure.as_ref()
    }

    /// Sends a request without waiting; its answer is due within `deadline`.
    pub fn send(&mut self, request: Request, deadline: Duration) -> Result<u64, WorkerFailure> {
        if let Some(f) = &self.failure {
            return Err(f.clone());
        }
        let id = self.next_id;
        self.next_id += 1;
        let what = describe(&request);
        self.checker.sent(id, &request);
        if write_frame(&mut self.stdin, &Call { id, request }).is_err() {
            return Err(self.die_now());
        }
        let now = Instant::now();
        self.deadlines.insert(
            id,
            Due {
                at: now + deadline,
                limit: deadline,
                what,
                sent: now,
            },
        );
        self.watch.set_busy(true);
        Ok(id)
    }

    /// Asks the worker to stop search `id` soon: its deadline becomes [`CANCEL_GRACE`].
    pub fn cancel(&mut self, id: u64) {
        if let Some(due) = self.deadlines.get_mut(&id) {
            due.at = due.at.min(Instant::now() + CANCEL_GRACE);
            due.limit = due.limit.min(CANCEL_GRACE);
            let _ = self.send(Request::Cancel { id }, CANCEL_GRACE);
            // A cancel has no answer of its own.
            self.deadlines.remove(&(self.next_id - 1));
        }
    }

    /// Forgets request `id`: its answer, if one comes, is dropped.
    pub fn forget(&mut self, id: u64) {
        if self.stash.remove(&id).is_some() {
            // Already answered: nothing more is due.
            self.deadlines.remove(&id);
            return;
        }
        self.forgotten.insert(id);
        if let Some(due) = self.deadlines.get_mut(&id) {
            // Still bounded: a hung search is caught all the same.
            due.at = due.at.min(Instant::now() + CANCEL_GRACE);
        }
    }

    /// Sends a request and waits for its answer (at most `deadline`).
    pub fn call(&mut self, request: Request, deadline: Duration) -> Result<Reply, WorkerError> {
        let id = self.send(request, deadline)?;
        loop {
            if let Poll::Ready(answer) = self.wait(id, deadline) {
                return answer;
            }
        }
    }

    /// Waits at most `limit` for the answer to request `id` (its deadline still applies:
    /// past it, the worker is stopped and the answer is the failure).
    pub fn wait(&mut self, id: u64, limit: Duration) -> Poll {
        let until = Instant::now() + limit;
        loop {
            let poll = self.poll(id);
            let now = Instant::now();
            if matches!(poll, Poll::Ready(_)) || now >= until {
                return poll;
            }
            let due = self.deadlines.get(&id).map_or(now, |d| d.at);
            let wait = until.min(due).saturating_duration_since(now);
            self.take_answers(Some(
                wait.clamp(Duration::from_millis(1), Duration::from_millis(50)),
            ));
        }
    }

    /// The answer to request `id`, if it has come.
    pub fn poll(&mut self, id: u64) -> Poll {
        self.take_answers(None);
        if let Some(reply) = self.stash.remove(&id) {
            self.deadlines.remove(&id);
            return Poll::Ready(reply.map_err(WorkerError::from_refusal));
        }
        if let Some(f) = &self.failure {
            return Poll::Ready(Err(f.clone().into()));
        }
        Poll::Pending
    }

    /// Checks the deadlines and notices a dead worker, even with no request waiting.
    pub fn check(&mut self) -> Option<&WorkerFailure> {
        self.take_answers(None);
        self.failure.as_ref()
    }

    /// Moves arrived answers to the stash (waiting at most `wait` for the first), and
    /// judges the worker: dead, hung or fine.
    fn take_answers(&mut self, wait: Option<Duration>) {
        if self.failure.is_some() {
            return;
        }
        if self.abandoned.as_ref().is_some_and(Abandon::is_set) {
            self.kill();
            self.failure = Some(WorkerFailure::Abandoned);
            return;
        }
        let mut first = match wait {
            Some(w) => self.answers.recv_timeout(w).map_err(|e| match e {
                mpsc::RecvTimeoutError::Timeout => mpsc::TryRecvError::Empty,
                mpsc::RecvTimeoutError::Disconnected => mpsc::TryRecvError::Disconnected,
            }),
            None => self.answers.try_recv(),
        };
        loop {
            match first {
                Ok(Ok(answer)) => {
                    // An answer to no request in flight, or one that breaks the
                    // contract, ends the worker before anything of it is used.
                    let waiting = self.deadlines.contains_key(&answer.id)
                        && !self.stash.contains_key(&answer.id);
                    let checked = if waiting {
                        self.checker.check(&answer)
                    } else {
                        Err(format!(
                            "an answer to request {}, which is not waiting for one",
                            answer.id
                        )
                        .into())
                    };
                    if let Err(what) = checked {
                        self.kill();
                        self.failure = Some(WorkerFailure::Invalid(what.to_string()));
                        return;
                    }
                    self.timed(answer.id);
                    if self.forgotten.remove(&answer.id) {
                        self.deadlines.remove(&answer.id);
                    } else {
                        self.stash.insert(answer.id, answer.reply);
                    }
                }
                Ok(Err(e)) => {
                    // A message cut short by the worker's death is a crash, said as one.
                    std::thread::sleep(Duration::from_millis(50));
                    if matches!(has_ended(&mut self.child), Ok(true)) {
                        self.die_now();
                    } else {
                        self.kill();
                        self.failure = Some(WorkerFailure::Protocol(e.to_string()));
                    }
                    return;
                }
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.die_now();
                    return;
                }
            }
            first = self.answers.try_recv();
        }
        self.watch
            .set_busy(self.deadlines.keys().any(|id| !self.stash.contains_key(id)));
        let now = Instant::now();
        let late = self
            .deadlines
            .iter()
            .filter(|(id, _)| !self.stash.contains_key(id))
            .find(|(_, due)| due.at <= now)
            .map(|(_, due)| due.clone());
        if let Some(due) = late {
            self.kill();
            self.failure = Some(WorkerFailure::TimedOut {
                what: due.what,
                after: due.limit,
            });
        }
    }

    /// Notes how long the answer to request `id` took, if it was an ordinary call (one
    /// under the watchdog) that came near its limit; a quick one clears the note.
    fn timed(&mut self, id: u64) {
        let Some(due) = self.deadlines.get(&id) else {
            return;
        };
        if due.limit != watchdog() {
            return;
        }
        let took = due.sent.elapsed();
        if took * 2 > due.limit {
            self.slow = Some(Slow {
                what: due.what.clone(),
                took,
                limit: due.limit,
            });
        } else if took * 4 < due.limit {
            self.slow = None;
        }
    }

    /// The worker's output ended: say how the process ended.
    fn die_now(&mut self) -> WorkerFailure {
        if let Some(f) = &self.failure {
            return f.clone();
        }
        if let Some(why) = self.watch.verdict() {
            self.kill();
            let failure = WorkerFailure::Overran(why);
            self.failure = Some(failure.clone());
            return failure;
        }
        // The output closes as the process dies; give it a moment to be reaped.
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            match has_ended(&mut self.child) {
                // What it left in its group (a daemon) ends with it.
                Ok(true) => break self.kill(),
                Ok(false) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => {
                    self.kill();
                    break None;
                }
            }
        };
        // The last words on standard error may still be on their way.
        std::thread::sleep(Duration::from_millis(20));
        let stderr = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let blocked = status.and_then(|s| crate::sandbox::Attempt::from_status(s, &stderr));
        let failure = match (status, blocked) {
            (_, Some(attempt)) => WorkerFailure::Blocked(attempt),
            (Some(status), None) if asked_to_end(status) => {
                WorkerFailure::Stopped(describe_exit(status))
            }
            (Some(status), None) => WorkerFailure::Crashed {
                how: describe_exit(status),
                stderr: tail(&stderr, 600),
            },
            (None, None) => WorkerFailure::Protocol("it closed its output but did not end".into()),
        };
        self.failure = Some(failure.clone());
        failure
    }

    /// Kills the worker's process group (the worker and anything it forked that stayed
    /// in it) and reaps the worker, once: how it ended (`None` after the first call, or
    /// if it cannot be told).
    fn kill(&mut self) -> Option<std::process::ExitStatus> {
        if self.reaped {
            return None;
        }
        self.reaped = true;
        kill_group_and_reap(&mut self.child).ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

fn describe(request: &Request) -> String {
    match request {
        Request::Load { .. } => crate::tr!("worker-doing-load"),
        Request::SeatCount { .. } => crate::tr!("worker-doing-seat-count"),
        Request::Start { .. } => crate::tr!("worker-doing-start"),
        Request::Open { .. } => crate::tr!("worker-doing-open"),
        Request::Play { .. } => crate::tr!("worker-doing-play"),
        Request::Goto { .. } => crate::tr!("worker-doing-goto"),
        Request::Bot { .. } | Request::BotMove { .. } => crate::tr!("worker-doing-bot"),
        Request::Hint { .. } => crate::tr!("worker-doing-hint"),
        Request::Preview { .. } => crate::tr!("worker-doing-preview"),
        Request::Cancel { .. } => crate::tr!("worker-doing-cancel"),
        Request::Tables { .. } => crate::tr!("worker-doing-tables"),
        Request::Language { .. } => crate::tr!("worker-doing-language"),
    }
}
