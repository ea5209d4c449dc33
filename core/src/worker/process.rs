//! Child processes that run plugin code: how they are started (with a memory limit), how
//! their end is described to people, and how a child keeps its protocol channel away from
//! what plugin code prints.

use std::{
    io::Read,
    path::Path,
    process::{Child, Command, ExitStatus, Stdio},
    sync::{Arc, Mutex, mpsc},
    time::{Duration, Instant},
};

/// The environment variable that sets a worker's memory limit in MiB (default
/// [`DEFAULT_MEMORY_MIB`]).
pub const MEMORY_VAR: &str = "TAVOLA_WORKER_MEMORY_MIB";

/// The default memory limit of a process that runs plugin code: 4 GiB of address space.
/// A plugin that allocates beyond it fails its allocation (and its process dies), instead
/// of taking the machine's memory.
pub const DEFAULT_MEMORY_MIB: u64 = 4096;

/// The memory limit in bytes for child processes, from [`MEMORY_VAR`] or the default.
pub fn memory_limit() -> u64 {
    std::env::var(MEMORY_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&m| m >= 64)
        .unwrap_or(DEFAULT_MEMORY_MIB)
        .saturating_mul(1024 * 1024)
}

/// A time limit read from the environment variable `var` in milliseconds (a positive
/// whole number), else `default`.
pub fn millis_from_env(var: &str, default: Duration) -> Duration {
    std::env::var(var)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&ms| ms > 0)
        .map_or(default, Duration::from_millis)
}

/// A command for `exe` with piped standard streams, an empty environment but for what
/// the host passes on purpose ([`sandbox::child_environment`]), a session of its own (no
/// controlling terminal; its process group is killed as one, see
/// [`kill_group_and_reap`]), no other descriptor and, on Unix, an address-space limit of
/// `memory` bytes set in the child before it runs.
///
/// [`sandbox::child_environment`]: crate::sandbox::child_environment
pub fn command(exe: &Path, memory: u64) -> Command {
    let mut command = Command::new(exe);
    command
        .env_clear()
        .envs(crate::sandbox::child_environment());
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // A session of its own: no controlling terminal, and its own group, whose id is its
    // pid (what it forks stays in it unless it leaves on purpose, and is killed with it);
    // no descriptor but its three pipes survives the exec (a terminal the parent holds
    // among them); its memory limited.
    crate::platform::process::start_apart(&mut command, memory);
    command
}

/// Makes the child of `command` die (SIGKILL) when the thread that starts it ends, on
/// Linux: a child in a process group of its own no longer gets the terminal's Ctrl-C with
/// its parent, and a short-lived child (an inspection, waited for by the thread that
/// starts it) must not outlive a parent killed meanwhile. Not for a child that outlives
/// the thread starting it.
pub fn die_with_parent(command: &mut Command) {
    crate::platform::process::die_with_parent(command);
}

/// How a child process ended, in words (in the player's language): "exited with status
/// 3", "killed by signal 11 (SIGSEGV: an invalid memory access)".
pub fn describe_exit(status: ExitStatus) -> String {
    if let Some((number, signal)) = crate::platform::process::exit_signal(status) {
        use crate::platform::process::Signal;
        let what = match signal {
            Signal::Segv => crate::tr!("exit-sigsegv"),
            Signal::Bus => crate::tr!("exit-sigbus"),
            Signal::Abrt => crate::tr!("exit-sigabrt"),
            Signal::Ill => crate::tr!("exit-sigill"),
            Signal::Fpe => crate::tr!("exit-sigfpe"),
            Signal::Kill => crate::tr!("exit-sigkill"),
            Signal::Term => crate::tr!("exit-sigterm"),
            _ => String::new(),
        };
        let signal = number.to_string();
        return if what.is_empty() {
            crate::tr!("exit-signal", signal = signal)
        } else {
            crate::tr!("exit-signal-what", signal = signal, what = what)
        };
    }
    match status.code() {
        Some(code) => crate::tr!("exit-status", code = code.to_string()),
        None => crate::tr!("exit-ended"),
    }
}

/// The last lines a child wrote to its standard error, for an error message: at most
/// `max` characters, the end kept.
pub fn tail(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let skip = text.chars().count() - max;
    format!("…{}", text.chars().skip(skip).collect::<String>())
}

/// Whether `child` has ended, without reaping it: until it is reaped, its pid (the id
/// of its process group, see [`command`]) cannot be given to another process, so
/// [`kill_group_and_reap`] signals only what the child left behind.
pub fn has_ended(child: &mut Child) -> std::io::Result<bool> {
    crate::platform::process::has_ended(child)
}

/// Kills `child`'s whole process group with SIGKILL — the child, if it still runs, and
/// any process it forked that stayed in the group (a daemon holding its pipes) — then
/// reaps the child and returns how it ended. Call it once per child, and only on a
/// child not yet reaped (see [`has_ended`]): after that its group id may be reused.
pub fn kill_group_and_reap(child: &mut Child) -> std::io::Result<ExitStatus> {
    crate::platform::process::kill_group(child);
    let _ = child.kill();
    child.wait()
}

/// What a child run to its end produced.
#[derive(Debug)]
pub struct Finished {
    /// Its standard output (at most the cap given).
    pub stdout: Vec<u8>,
    /// The end of its standard error.
    pub stderr: String,
    /// How it ended, or `None` if it was killed for passing the time limit.
    pub status: Option<ExitStatus>,
    /// Why it was ended for breaking a bound its parent holds it to (threads), if it was
    /// (see `worker::watch`).
    pub verdict: Option<String>,
}

/// A pipe read on a thread of its own into a shared buffer, so that what has arrived
/// can be taken at a deadline even if the pipe stays open.
struct Drain {
    data: Arc<Mutex<Vec<u8>>>,
    done: mpsc::Receiver<()>,
}

impl Drain {
    /// Reads at most `cap` bytes of `pipe`.
    fn start(pipe: impl Read + Send + 'static, cap: u64) -> Drain {
        let data = Arc::new(Mutex::new(Vec::new()));
        let (sender, done) = mpsc::channel();
        let keep = data.clone();
        std::thread::spawn(move || {
            let mut pipe = pipe.take(cap);
            let mut chunk = [0u8; 8192];
            while let Ok(n @ 1..) = pipe.read(&mut chunk) {
                keep.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend_from_slice(&chunk[..n]);
            }
            let _ = sender.send(());
        });
        Drain { data, done }
    }

    /// Whether what has arrived so far passes `test`.
    fn peek(&self, test: &dyn Fn(&[u8]) -> bool) -> bool {
        test(&self.data.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// What has been read when the pipe ends, or at `until` at the latest.
    fn take(self, until: Instant) -> Vec<u8> {
        let wait = until.saturating_duration_since(Instant::now());
        let _ = self.done.recv_timeout(wait);
        std::mem::take(&mut *self.data.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// How long the pipes may stay open after a child ended at or after its time limit: the
/// last bytes it wrote are read in that time.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// Runs `command` to its end with at most `timeout`, reading at most `cap` bytes of its
/// output; a child still running at the limit is killed. Its process group (see
/// [`command`]) is killed when it ends or at the limit, so a process it forked dies with
/// it, and the reads are bounded by the limit too: a process that left the group and
/// holds the pipes open cannot make this wait.
pub fn run_with_timeout(
    command: Command,
    timeout: Duration,
    cap: u64,
) -> std::io::Result<Finished> {
    run_until_answered(command, timeout, cap, &|_| false)
}

/// [`run_with_timeout`], but a child whose standard output passes `answered` (a whole
/// answer has arrived) is ended at once, not waited for: a child that answered and does
/// not exit costs nothing. Its [`Finished::status`] is then a success.
pub fn run_until_answered(
    mut command: Command,
    timeout: Duration,
    cap: u64,
    answered: &dyn Fn(&[u8]) -> bool,
) -> std::io::Result<Finished> {
    let mut child: Child = command.spawn()?;
    drop(child.stdin.take());
    let watch = super::watch::Watch::start(child.id(), false);
    let stdout = child.stdout.take().map(|out| Drain::start(out, cap));
    let stderr = child.stderr.take().map(|err| Drain::start(err, 1 << 20));
    let deadline = Instant::now() + timeout;
    let mut complete = false;
    let ended = loop {
        if stdout.as_ref().is_some_and(|d| d.peek(answered)) {
            complete = true;
            break true;
        }
        match has_ended(&mut child) {
            Ok(true) => break true,
            Ok(false) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(3));
            }
            Ok(false) => break false,
            Err(e) => {
                let _ = kill_group_and_reap(&mut child);
                return Err(e);
            }
        }
    };
    let status = kill_group_and_reap(&mut child)?;
    let verdict = watch.verdict();
    drop(watch);
    // A complete answer is a success, however the group's end was reported.
    let status = if complete {
        ExitStatus::default()
    } else {
        status
    };
    // Everything the child wrote is in the pipes by now, and they close as its group
    // dies; only a process outside the group can keep them open, and it is not waited
    // for past the time limit (or a short grace after a late end).
    let until = deadline.max(Instant::now() + PIPE_GRACE);
    Ok(Finished {
        stdout: stdout.map(|d| d.take(until)).unwrap_or_default(),
        stderr: stderr
            .map(|d| String::from_utf8_lossy(&d.take(until)).into_owned())
            .unwrap_or_default(),
        status: ended.then_some(status),
        verdict,
    })
}

/// Keeps the process's standard output for the protocol and sends everything else
/// written to it (a plugin's `println!`) to standard error: returns the protocol's
/// channel. Call once, at the start of a child process.
pub fn protocol_stdout() -> Box<dyn std::io::Write + Send> {
    crate::platform::process::protocol_stdout()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn exits_are_described() {
        let status = std::process::Command::new("sh")
            .args(["-c", "exit 3"])
            .status()
            .unwrap();
        assert_eq!(describe_exit(status), "exited with status 3");
        let status = std::process::Command::new("sh")
            .args(["-c", "kill -SEGV $$"])
            .status()
            .unwrap();
        assert!(describe_exit(status).contains("SIGSEGV"));
    }

    #[test]
    fn a_hanging_child_is_killed_at_the_limit() {
        let mut command = std::process::Command::new("sleep");
        command.arg("30");
        let start = Instant::now();
        let done = run_with_timeout(command, Duration::from_millis(200), 1024).unwrap();
        assert!(done.status.is_none());
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    /// Whether process `pid` is gone (or a zombie no one reaps: it runs no more).
    fn gone(pid: i32) -> bool {
        // SAFETY: signal 0 only asks whether the process exists.
        if unsafe { libc::kill(pid, 0) } != 0 {
            return true;
        }
        std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
            stat.rsplit(')')
                .next()
                .unwrap_or("")
                .trim()
                .starts_with('Z')
        })
    }

    fn sh(script: &str) -> Command {
        let mut command = command(Path::new("sh"), memory_limit());
        command.args(["-c", script]);
        command
    }

    /// The pid the script printed on its first line.
    fn printed_pid(done: &Finished) -> i32 {
        let out = String::from_utf8_lossy(&done.stdout);
        out.lines().next().unwrap().trim().parse().unwrap()
    }

    fn gone_soon(pid: i32) -> bool {
        let until = Instant::now() + Duration::from_secs(2);
        while !gone(pid) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        gone(pid)
    }

    #[test]
    fn a_grandchild_holding_the_pipes_neither_holds_up_the_run_nor_outlives_it() {
        // The child answers and ends at once; its grandchild sleeps with the pipes open.
        let start = Instant::now();
        let done = run_with_timeout(
            sh("sleep 30 & echo $!; echo answer"),
            Duration::from_secs(5),
            1024,
        )
        .unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert!(done.status.is_some_and(|s| s.success()));
        assert!(String::from_utf8_lossy(&done.stdout).ends_with("answer\n"));
        assert!(
            gone_soon(printed_pid(&done)),
            "the grandchild was killed with the group"
        );
    }

    #[test]
    fn a_double_forked_daemon_dies_with_a_hanging_child_at_the_limit() {
        let start = Instant::now();
        let done = run_with_timeout(
            sh("(sleep 30 &  echo $!) ; sleep 30"),
            Duration::from_millis(300),
            1024,
        )
        .unwrap();
        assert!(done.status.is_none(), "killed at the limit");
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert!(
            gone_soon(printed_pid(&done)),
            "the daemon died with its group"
        );
    }

    #[test]
    fn a_process_that_left_the_group_and_holds_the_pipes_is_not_waited_for() {
        if std::process::Command::new("setsid")
            .arg("true")
            .status()
            .is_err()
        {
            return; // no setsid(1) here
        }
        let start = Instant::now();
        let done = run_with_timeout(
            sh("setsid sleep 30 & echo $!; echo answer"),
            Duration::from_secs(1),
            1024,
        )
        .unwrap();
        let elapsed = start.elapsed();
        let pid = printed_pid(&done);
        // SAFETY: the test's own sleeping process.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
        assert!(done.status.is_some());
        assert!(String::from_utf8_lossy(&done.stdout).ends_with("answer\n"));
    }

    #[test]
    fn long_texts_keep_their_end() {
        assert_eq!(tail("short", 10), "short");
        assert_eq!(tail("abcdefghij", 4), "…ghij");
    }
}
