//! No plugin code in a process that holds a terminal.
//!
//! The commands that run a plugin in their own process (`play`, `moves`, `perft`,
//! `check`, `hint`, `match`, `bench`, `engine`, `replay`, `solve`, `endgame`) do not run
//! it in the process the user started on their terminal: that process starts the same
//! command line again as a child in a session of its own — no controlling terminal, its
//! standard streams pipes, every other descriptor closed, the memory limit of a worker,
//! an environment of a named few variables — and relays what the child prints, with
//! every control character removed ([`tavola_core::printable`]), and what the user types. The
//! child confines itself before it opens the plugin, as before; a plugin can then neither
//! type into the terminal (`TIOCSTI`) nor move its cursor, retitle it or clear its lines.
//!
//! The child's end is the command's: its exit status, or for a child killed by a signal a
//! line that says so — for `SIGSYS`, the sandbox's report line, even when the child could
//! not write it itself.

use std::{
    io::{Read, Write},
    path::Path,
    process::{Child, ExitCode, Stdio},
};

use anyhow::{Context, Result};

/// Set (to `1`) in the child that runs the command: it holds no terminal, and must not
/// start another.
pub const DETACHED_VAR: &str = "TAVOLA_DETACHED";

/// The environment variables the child is given (besides those
/// [`tavola_core::sandbox::PASS_ENV_VAR`] names): where the user's files are, the language, and
/// the host's own settings. Nothing else of the user's environment reaches the plugin.
const PASSED: [&str; 18] = [
    "HOME",
    "XDG_DATA_HOME",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "RUST_BACKTRACE",
    "TMPDIR",
    "TAVOLA_PLUGINS",
    "TAVOLA_NO_SANDBOX",
    "TAVOLA_TEST_FIXTURES",
    "TAVOLA_CACHE_DIR",
    "TAVOLA_WORKER_MEMORY_MIB",
    "TAVOLA_WATCHDOG_MS",
    "TAVOLA_INSPECT_TIMEOUT_MS",
    tavola_core::sandbox::PASS_ENV_VAR,
];

/// Whether this process is the detached child of [`run_detached`]: the marker is set and
/// it really holds no terminal (a marker set by hand on a terminal does not count).
pub fn is_detached() -> bool {
    std::env::var(DETACHED_VAR).is_ok_and(|v| v == "1") && !holds_terminal()
}

/// Whether this process has a controlling terminal or a terminal on a standard stream.
pub fn holds_terminal() -> bool {
    tavola_core::platform::process::holds_terminal()
}

/// The environment of the child: the [`PASSED`] variables, those
/// [`tavola_core::sandbox::PASS_ENV_VAR`] names, and the marker.
fn environment() -> Vec<(std::ffi::OsString, std::ffi::OsString)> {
    let mut env: Vec<_> = std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            PASSED.contains(&name.as_ref())
        })
        .collect();
    env.extend(
        tavola_core::sandbox::child_environment()
            .into_iter()
            .map(|(k, v)| (k.into(), v.into())),
    );
    env.push((DETACHED_VAR.into(), "1".into()));
    env
}

/// Runs this process's own command line in a detached child (see the module's docs)
/// with an address-space limit of `memory` bytes, relays its streams, and returns its
/// end as this process's exit code.
pub fn run_detached(memory: u64) -> Result<ExitCode> {
    let exe = std::env::current_exe().context(tavola_core::tr!("cli-detach-no-exe"))?;
    let mut child = spawn(&exe, memory)?;
    let watch = tavola_core::worker::watch::Watch::start(child.id(), false);
    let stdin = child.stdin.take();
    let stdout = child.stdout.take().context("piped")?;
    let stderr = child.stderr.take().context("piped")?;
    if let Some(mut to_child) = stdin {
        // Ends with the process: a read of the terminal is not waited for.
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            let mut input = std::io::stdin().lock();
            loop {
                match input.read(&mut buffer) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => {
                        if to_child.write_all(&buffer[..n]).is_err() {
                            return;
                        }
                        let _ = to_child.flush();
                    }
                }
            }
        });
    }
    let out = std::thread::spawn(move || relay(stdout, std::io::stdout()));
    let err = std::thread::spawn(move || relay(stderr, std::io::stderr()));
    let status = child.wait().context("waiting for the command")?;
    let _ = out.join();
    let _ = err.join();
    if let Some(why) = watch.verdict() {
        eprintln!("\n{}", tavola_core::tr!("cli-detach-overran", why = why));
        return Ok(ExitCode::FAILURE);
    }
    Ok(end(status))
}

fn spawn(exe: &Path, memory: u64) -> Result<Child> {
    let mut command = std::process::Command::new(exe);
    command
        .args(std::env::args_os().skip(1))
        .env_clear()
        .envs(environment())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if !tavola_core::platform::process::CAN_DETACH {
        anyhow::bail!(tavola_core::tr!("cli-detach-unsupported"));
    }
    // A session of its own (no controlling terminal, its own process group), its memory
    // limited, every descriptor but the three pipes closed at exec, killed with this
    // process.
    tavola_core::platform::process::start_detached(&mut command, memory);
    command
        .spawn()
        .with_context(|| tavola_core::tr!("cli-detach-spawn", exe = exe.display().to_string()))
}

/// Copies what the child writes to `to`, as it comes, without control characters
/// (line breaks and tabs kept). A character split between two reads is kept whole.
fn relay(mut from: impl Read, mut to: impl Write) {
    let mut buffer = [0u8; 8192];
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let n = match from.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        pending.extend_from_slice(&buffer[..n]);
        let whole = complete_prefix(&pending);
        let text = tavola_core::printable::printable_bytes(&pending[..whole]);
        pending.drain(..whole);
        if to.write_all(text.as_bytes()).is_err() {
            break;
        }
        let _ = to.flush();
    }
    if !pending.is_empty() {
        let _ = to.write_all(tavola_core::printable::printable_bytes(&pending).as_bytes());
        let _ = to.flush();
    }
}

/// The length of `bytes` without an incomplete UTF-8 character at its end (at most 3
/// bytes held back; anything invalid is let through, to be replaced).
fn complete_prefix(bytes: &[u8]) -> usize {
    match std::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) if e.error_len().is_none() && bytes.len() - e.valid_up_to() < 4 => e.valid_up_to(),
        Err(_) => bytes.len(),
    }
}

/// The child's end as this process's exit code, with a line for a child killed by a
/// signal (the sandbox's report for `SIGSYS`).
fn end(status: std::process::ExitStatus) -> ExitCode {
    if let Some(code) = status.code() {
        return ExitCode::from(code.clamp(0, 255) as u8);
    }
    use tavola_core::platform::process::{Signal, exit_signal};
    if let Some((number, signal)) = exit_signal(status) {
        let line = if signal == Signal::Sys {
            tavola_core::tr!("sandbox-stopped-signal")
        } else {
            tavola_core::tr!(
                "cli-detach-killed",
                how = tavola_core::worker::process::describe_exit(status)
            )
        };
        eprintln!("\n{line}");
        return ExitCode::from((128 + number).clamp(0, 255) as u8);
    }
    ExitCode::FAILURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_split_between_reads_is_held_back() {
        let e_acute = "é".as_bytes();
        assert_eq!(complete_prefix(&[b'a', e_acute[0]]), 1);
        assert_eq!(complete_prefix(&[b'a', e_acute[0], e_acute[1]]), 3);
        // Invalid bytes are not held back for ever.
        assert_eq!(complete_prefix(&[b'a', 0xff]), 2);
    }

    #[test]
    fn the_relay_removes_escapes_and_keeps_lines() {
        let mut out = Vec::new();
        relay(
            &b"Oware\x1b]0;title\x07 wins\r\n\x1b[2Kline 2\n"[..],
            &mut out,
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Oware]0;title wins\n[2Kline 2\n"
        );
    }

    fn passed(name: &str) -> bool {
        std::env::var(tavola_core::sandbox::PASS_ENV_VAR)
            .is_ok_and(|names| names.split(',').any(|n| n.trim() == name))
    }

    #[test]
    fn only_named_variables_reach_the_child() {
        let env = environment();
        let names: Vec<String> = env
            .iter()
            .map(|(k, _)| k.to_string_lossy().into_owned())
            .collect();
        assert!(names.contains(&DETACHED_VAR.to_owned()));
        assert!(!names.contains(&"PATH".to_owned()), "{names:?}");
        for name in names {
            assert!(
                PASSED.contains(&name.as_str()) || name == DETACHED_VAR || passed(&name),
                "{name}"
            );
        }
    }
}
