//! Child processes that run plugin code: how they are started (with a memory limit), how
//! their end is described to people, and how a child keeps its protocol channel away from
//! what plugin code prints.

use std::{
    io::Read,
    path::Path,
    process::{Child, Command, ExitStatus, Stdio},
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
/// the host passes on purpose ([`sandbox::child_environment`]) and, on Unix, an
/// address-space limit of `memory` bytes set in the child before it runs.
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
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: `setrlimit` is async-signal-safe and touches nothing of the parent.
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: memory as libc::rlim_t,
                    rlim_max: memory as libc::rlim_t,
                };
                libc::setrlimit(libc::RLIMIT_AS, &limit);
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = memory;
    command
}

/// How a child process ended, in words (in the player's language): "exited with status
/// 3", "killed by signal 11 (SIGSEGV: an invalid memory access)".
pub fn describe_exit(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let what = match signal {
                libc::SIGSEGV => crate::tr!("exit-sigsegv"),
                libc::SIGBUS => crate::tr!("exit-sigbus"),
                libc::SIGABRT => crate::tr!("exit-sigabrt"),
                libc::SIGILL => crate::tr!("exit-sigill"),
                libc::SIGFPE => crate::tr!("exit-sigfpe"),
                libc::SIGKILL => crate::tr!("exit-sigkill"),
                libc::SIGTERM => crate::tr!("exit-sigterm"),
                _ => String::new(),
            };
            let signal = signal.to_string();
            return if what.is_empty() {
                crate::tr!("exit-signal", signal = signal)
            } else {
                crate::tr!("exit-signal-what", signal = signal, what = what)
            };
        }
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

/// What a child run to its end produced.
#[derive(Debug)]
pub struct Finished {
    /// Its standard output (at most the cap given).
    pub stdout: Vec<u8>,
    /// The end of its standard error.
    pub stderr: String,
    /// How it ended, or `None` if it was killed for passing the time limit.
    pub status: Option<ExitStatus>,
}

/// Runs `command` to its end with at most `timeout`, reading at most `cap` bytes of its
/// output; a child still running at the limit is killed.
pub fn run_with_timeout(
    mut command: Command,
    timeout: Duration,
    cap: u64,
) -> std::io::Result<Finished> {
    let mut child: Child = command.spawn()?;
    drop(child.stdin.take());
    let stdout = child.stdout.take().map(|out| {
        std::thread::spawn(move || {
            let mut data = Vec::new();
            let _ = out.take(cap).read_to_end(&mut data);
            data
        })
    });
    let stderr = child.stderr.take().map(|err| {
        std::thread::spawn(move || {
            let mut data = Vec::new();
            let _ = err.take(1 << 20).read_to_end(&mut data);
            String::from_utf8_lossy(&data).into_owned()
        })
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(3));
    };
    Ok(Finished {
        stdout: stdout.and_then(|t| t.join().ok()).unwrap_or_default(),
        stderr: stderr.and_then(|t| t.join().ok()).unwrap_or_default(),
        status,
    })
}

/// Keeps the process's standard output for the protocol and sends everything else
/// written to it (a plugin's `println!`) to standard error: returns the protocol's
/// channel. Call once, at the start of a child process.
pub fn protocol_stdout() -> Box<dyn std::io::Write + Send> {
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        // SAFETY: plain descriptor calls at the start of the process; the duplicate is
        // owned by the returned File alone.
        unsafe {
            let fd = libc::dup(1);
            if fd >= 0 && libc::dup2(2, 1) >= 0 {
                return Box::new(std::fs::File::from_raw_fd(fd));
            }
        }
    }
    // Elsewhere (or if the descriptors cannot be moved) the standard output itself is
    // the channel.
    Box::new(std::io::stdout())
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

    #[test]
    fn long_texts_keep_their_end() {
        assert_eq!(tail("short", 10), "short");
        assert_eq!(tail("abcdefghij", 4), "…ghij");
    }
}
