//! The bounds a process that runs plugin code is held to from outside, by its parent:
//! how many threads it runs, and whether it uses the processor while nobody waits for it.
//!
//! The memory bound is the kernel's (`RLIMIT_AS`, set when the process starts, and the
//! sandbox refuses the calls that would take memory outside it: memory files, shared
//! memory, message queues). Threads and processor time have no such per-process bound in
//! the kernel (`RLIMIT_NPROC` counts every process of the user, and not root's), so the
//! parent watches: every [`PERIOD`] it reads the child's `/proc/<pid>/status` and `stat`
//! and ends the child (through a pidfd, so never another process that took its number)
//! when it has more than [`thread_limit`] threads, or when it used more than
//! [`IDLE_CPU`] of processor time within [`IDLE_WINDOW`] while it had nothing to do (its
//! parent waited for no answer, for at least [`IDLE_GRACE`]). The verdict says which,
//! for the person.

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

/// The environment variable that sets the most threads a plugin's process may run.
pub const THREADS_VAR: &str = "TAVOLA_PLUGIN_THREADS";

/// The default most threads of a plugin's process: far more than a search uses (one per
/// processor and a few), far fewer than would starve the machine.
pub const DEFAULT_THREADS: usize = 128;

/// How often the child is looked at.
pub const PERIOD: Duration = Duration::from_millis(200);

/// How long after its last answer a process may still finish what it was doing (a
/// cancelled search stopping) before its processor time counts as idle.
pub const IDLE_GRACE: Duration = Duration::from_secs(3);

/// The window over which idle processor time is measured.
pub const IDLE_WINDOW: Duration = Duration::from_secs(3);

/// The most processor time a process may use within [`IDLE_WINDOW`] while idle.
pub const IDLE_CPU: Duration = Duration::from_millis(750);

/// The most threads, from [`THREADS_VAR`] or [`DEFAULT_THREADS`].
pub fn thread_limit() -> usize {
    std::env::var(THREADS_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n >= 4)
        .unwrap_or(DEFAULT_THREADS)
}

/// A watched child. Dropping it stops the watching (not the child).
#[derive(Debug)]
pub struct Watch {
    /// Dropped to stop the watching at once (the thread waits on it between looks).
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    busy: Arc<AtomicBool>,
    verdict: Arc<Mutex<Option<String>>>,
}

impl Watch {
    /// Watches process `pid` (a child of this process, not yet reaped). `idle`: whether
    /// its idle processor time is watched (a worker's; a command's own process is never
    /// idle while it runs).
    pub fn start(pid: u32, idle: bool) -> Watch {
        // Opened now, while the child cannot have been reaped: it names that process alone.
        let pidfd = crate::platform::process::ProcessHandle::open(pid);
        let (stop, stopped) = std::sync::mpsc::channel();
        let busy = Arc::new(AtomicBool::new(!idle));
        let verdict: Arc<Mutex<Option<String>>> = Arc::default();
        let (b, v) = (busy.clone(), verdict.clone());
        let threads = thread_limit();
        let thread = std::thread::Builder::new()
            .name(format!("watch {pid}"))
            .spawn(move || run(pid, pidfd, threads, idle, &stopped, &b, &v))
            .ok();
        Watch {
            stop: Some(stop),
            thread,
            busy,
            verdict,
        }
    }

    /// Tells the watch whether the parent waits for an answer (the child is busy).
    pub fn set_busy(&self, busy: bool) {
        self.busy.store(busy, Ordering::Relaxed);
    }

    /// Why the watch ended the child, if it did.
    pub fn verdict(&self) -> Option<String> {
        self.verdict
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl Drop for Watch {
    /// Stops the watching thread and waits for it (at once: it waits on the channel), so
    /// that a process about to confine itself is left with no thread of the watch.
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A process as `/proc` shows it: threads, and processor time used.
struct Sample {
    threads: usize,
    cpu: Duration,
}

fn sample(pid: u32) -> Option<Sample> {
    // Whether the process still lives is the pidfd's to say (`exited`): a main thread
    // that ended while others run shows `State: Z` in a living process.
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let threads = status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))?
        .trim()
        .parse()
        .ok()?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's name in parentheses: fields 3…; utime and stime are 14 and 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: a plain sysconf query.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Sample {
        threads,
        cpu: Duration::from_millis(ticks * 1000 / hz),
    })
}

fn run(
    pid: u32,
    pidfd: Option<crate::platform::process::ProcessHandle>,
    max_threads: usize,
    watch_idle: bool,
    stop: &std::sync::mpsc::Receiver<()>,
    busy: &AtomicBool,
    verdict: &Mutex<Option<String>>,
) {
    // Without a handle that names the child alone (a system without pidfds), nothing is
    // watched: a signal by number could reach another process.
    let Some(pidfd) = pidfd else {
        return;
    };
    {
        let mut idle_since: Option<Instant> = None;
        let mut history: std::collections::VecDeque<(Instant, Duration)> = Default::default();
        // Each look after PERIOD, until the channel closes.
        while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(PERIOD) {
            if pidfd.exited() {
                break;
            }
            // Read by its number, but only while the pidfd says it lives (a reaped
            // child's number could be another's: the verdict's signal goes by the pidfd).
            let Some(now) = sample(pid) else { break };
            let mut breach = None;
            if now.threads > max_threads {
                breach = Some(crate::tr!(
                    "watch-threads",
                    threads = now.threads,
                    limit = max_threads
                ));
            }
            let at = Instant::now();
            if watch_idle && !busy.load(Ordering::Relaxed) {
                let since = *idle_since.get_or_insert(at);
                history.push_back((at, now.cpu));
                while history
                    .front()
                    .is_some_and(|(t, _)| at.duration_since(*t) > IDLE_WINDOW)
                {
                    history.pop_front();
                }
                let used = history
                    .front()
                    .map_or(Duration::ZERO, |(_, cpu)| now.cpu.saturating_sub(*cpu));
                if at.duration_since(since) >= IDLE_GRACE + IDLE_WINDOW && used > IDLE_CPU {
                    breach = Some(crate::tr!(
                        "watch-idle-cpu",
                        seconds = format!("{:.1}", used.as_secs_f64()),
                        window = IDLE_WINDOW.as_secs()
                    ));
                }
            } else {
                idle_since = None;
                history.clear();
            }
            if let Some(why) = breach {
                *verdict.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
                // Through the pidfd: only the watched process.
                pidfd.kill();
                break;
            }
        }
    }
}
