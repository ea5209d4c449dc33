//! Running `tavola net host` and `tavola net join` as separate processes, on the
//! loopback interface only, each bounded in time.

#![allow(dead_code, unused_imports)]

use std::{
    io::{BufRead, BufReader, Read},
    path::Path,
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

pub use super::run_common::{Run, tavola};

/// A running `tavola net` process.
pub struct Side {
    child: Child,
    /// The lines of standard output read so far by the reader thread.
    lines: mpsc::Receiver<String>,
    /// What the host said is open: the players it waits for.
    pub open_seats: usize,
}

fn command(plugins: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tavola"));
    c.args(["--lang", "en", "--no-default-plugins"])
        .arg("--plugins")
        .arg(plugins)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn start(mut command: Command) -> Side {
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    Side {
        child,
        lines,
        open_seats: 0,
    }
}

/// Starts `tavola net host ARGS… --listen 127.0.0.1:0` and returns it with its invite
/// (read within 20 s).
pub fn host(plugins: &Path, args: &[&str]) -> (Side, String) {
    host_with(plugins, args, Stdio::null())
}

/// [`host`] with its standard input a pipe, for [`Side::type_line`].
pub fn host_typing(plugins: &Path, args: &[&str]) -> (Side, String) {
    host_with(plugins, args, Stdio::piped())
}

fn host_with(plugins: &Path, args: &[&str], stdin: Stdio) -> (Side, String) {
    let mut c = command(plugins);
    c.stdin(stdin);
    c.args(["net", "host"])
        .args(args)
        .args(["--listen", "127.0.0.1:0"]);
    if !args.contains(&"--reconnect") {
        c.args(["--reconnect", "10"]);
    }
    let mut side = start(c);
    let invite = side
        .line(Duration::from_secs(20))
        .expect("the host printed no invite");
    assert!(invite.starts_with("tavola1:"), "not an invite: {invite}");
    let open = side
        .line(Duration::from_secs(5))
        .expect("the host printed no seat count");
    side.open_seats = open
        .strip_prefix("open seats: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not a seat count: {open}"));
    (side, invite)
}

/// Starts `tavola net join INVITE ARGS… --listen 127.0.0.1:0` (no invite argument when
/// `invite` is empty, as with `--resume`).
pub fn join(plugins: &Path, invite: &str, args: &[&str]) -> Side {
    join_with(plugins, invite, args, Stdio::null())
}

/// [`join`] with its standard input a pipe, for [`Side::type_line`].
pub fn join_typing(plugins: &Path, invite: &str, args: &[&str]) -> Side {
    join_with(plugins, invite, args, Stdio::piped())
}

fn join_with(plugins: &Path, invite: &str, args: &[&str], stdin: Stdio) -> Side {
    let mut c = command(plugins);
    c.stdin(stdin);
    c.args(["net", "join"]);
    if !invite.is_empty() {
        c.arg(invite);
    }
    c.args(args).args(["--listen", "127.0.0.1:0"]);
    if !args.contains(&"--reconnect") {
        c.args(["--reconnect", "10"]);
    }
    start(c)
}

impl Side {
    /// The next line of standard output, if one comes within `limit`.
    pub fn line(&mut self, limit: Duration) -> Option<String> {
        self.lines.recv_timeout(limit).ok()
    }

    /// Types `line` on the process's standard input.
    pub fn type_line(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().expect("started with host_typing");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Reads standard output until a line contains `text` (within `limit`).
    pub fn wait_for(&mut self, text: &str, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        while let Some(line) = self.line(deadline.saturating_duration_since(Instant::now())) {
            if line.contains(text) {
                return true;
            }
        }
        false
    }

    /// Waits at most `limit` for the process to end (killing it after), with its output.
    pub fn finish(mut self, limit: Duration) -> Run {
        let deadline = Instant::now() + limit;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break Some(status);
            }
            if Instant::now() > deadline {
                self.child.kill().unwrap();
                self.child.wait().unwrap();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let mut stdout = String::new();
        while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
            stdout.push_str(&line);
            stdout.push('\n');
        }
        if status.is_none() {
            stderr.push_str("\n(killed: it ran past its time limit)");
        }
        Run {
            ok: status.is_some_and(|s| s.success()),
            stdout,
            stderr,
        }
    }

    /// The process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the process at once (as a crash or a closed laptop would).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Side {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A record file as the host reads it.
pub fn read_record(path: &Path) -> tavola::record::Record {
    tavola::record::Record::read(path)
        .unwrap_or_else(|e| panic!("{} does not read: {e}", path.display()))
}

/// How many lines the record at `path` has so far (0 if there is none yet).
pub fn read_record_lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}
