//! Writing records for a confined process: `tavola play --record F` and `tavola match
//! --record DIR` run the plugin in their own process, which the sandbox forbids to write
//! any file. Before it confines itself, such a command starts a **broker**, a child
//! process of the same binary (`tavola write-broker`) that runs no plugin code, and sends
//! it the record's text over a pipe; the broker writes it — only to the file or folder
//! the command line named, and only as records are written (a journal replaced
//! atomically, moves appended, the complete record at the end: see
//! [`RecordWriter`](crate::storage::RecordWriter)).
//!
//! Plugin code in the confined process could send the broker anything; the most it can
//! do is write text into that one record file (or the `game-NNNN.json` files of that one
//! folder, `NNNN` below the number of games the command line asked for) — what the
//! person asked the command to write — and at most [`MAX_RECORD`] bytes into each: a
//! request that would make a record larger is refused with the reason, and the record
//! keeps what it had.

use std::{
    collections::HashMap,
    fs::{File, OpenOptions},
    io::{BufRead, BufReader, Write},
    path::{Path, PathBuf},
    process::{Child, ChildStdin, ChildStdout, Stdio},
    sync::Mutex,
};

use serde::{Deserialize, Serialize};

/// The largest record the broker writes (16 MiB: a record of a million moves' notations;
/// a game's record is a few KiB). A request that would make one larger is refused.
pub const MAX_RECORD: u64 = 16 << 20;

/// The largest message the broker takes: a record's text, escaped as JSON (up to six
/// bytes a character), with room for the request around it.
const MAX_MESSAGE: u64 = 6 * MAX_RECORD + (1 << 16);

/// Where a broker may write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// This one file.
    File(PathBuf),
    /// The records of a series of `games` games in this folder: `game-0000.json` to
    /// `game-<games - 1>.json`, as [`series_file`] names them.
    Series {
        /// The folder.
        dir: PathBuf,
        /// How many games the command plays.
        games: u64,
    },
}

/// The record of game `index` (from 0) of a series in `dir`: `game-0007.json`.
pub fn series_file(dir: &Path, index: u64) -> PathBuf {
    dir.join(format!("game-{index:04}.json"))
}

impl Target {
    fn allows(&self, path: &Path) -> bool {
        match self {
            Target::File(file) => path == file,
            Target::Series { dir, games } => {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let index = name
                    .strip_prefix("game-")
                    .and_then(|n| n.strip_suffix(".json"))
                    .and_then(|n| n.parse::<u64>().ok());
                // Exactly the name `series_file` gives (no `game-+7.json`, no `game-07.json`
                // beside `game-0007.json`), below the count asked for.
                index.is_some_and(|i| i < *games && series_file(dir, i) == path)
            }
        }
    }

    /// The broker's arguments.
    fn args(&self) -> Vec<std::ffi::OsString> {
        match self {
            Target::File(f) => vec!["--file".into(), f.into()],
            Target::Series { dir, games } => vec![
                "--dir".into(),
                dir.into(),
                "--games".into(),
                games.to_string().into(),
            ],
        }
    }
}

/// One request to the broker.
#[derive(Debug, Serialize, Deserialize)]
enum Op {
    /// Replace the file, atomically, with this text and keep it open for appending.
    Start { path: PathBuf, text: String },
    /// Append this text to the file started; flush it to the disk if `flush`.
    Append {
        path: PathBuf,
        text: String,
        flush: bool,
    },
    /// Replace the file, atomically and flushed, with this text; stop appending.
    Finish { path: PathBuf, text: String },
}

/// The confined side: a running broker.
#[derive(Debug)]
struct Client {
    _child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
}

static BROKER: Mutex<Option<Client>> = Mutex::new(None);

/// Starts the broker for `target` (the `tavola` binary `exe`) and sends every record
/// written by this process through it from now on.
pub fn start(exe: &Path, target: &Target) -> std::io::Result<()> {
    let mut child = std::process::Command::new(exe)
        .env_clear()
        .arg("write-broker")
        .args(target.args())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()?;
    let to = child.stdin.take().expect("piped");
    let from = BufReader::new(child.stdout.take().expect("piped"));
    *BROKER.lock().unwrap_or_else(|e| e.into_inner()) = Some(Client {
        _child: child,
        to,
        from,
    });
    Ok(())
}

/// Whether records go through a broker.
pub fn active() -> bool {
    BROKER.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

fn send(op: &Op) -> std::io::Result<()> {
    let mut broker = BROKER.lock().unwrap_or_else(|e| e.into_inner());
    let client = broker
        .as_mut()
        .ok_or_else(|| std::io::Error::other("no record writer is running"))?;
    let mut line = serde_json::to_vec(op).map_err(std::io::Error::other)?;
    line.push(b'\n');
    client.to.write_all(&line)?;
    client.to.flush()?;
    let mut answer = String::new();
    client.from.read_line(&mut answer)?;
    match answer.trim() {
        "ok" => Ok(()),
        "" => Err(std::io::Error::other("the record writer stopped")),
        error => Err(std::io::Error::other(error.to_owned())),
    }
}

/// [`Op::Start`] through the broker.
pub(crate) fn start_file(path: &Path, text: &[u8]) -> std::io::Result<()> {
    send(&Op::Start {
        path: path.to_path_buf(),
        text: String::from_utf8_lossy(text).into_owned(),
    })
}

/// [`Op::Append`] through the broker.
pub(crate) fn append(path: &Path, text: &[u8], flush: bool) -> std::io::Result<()> {
    send(&Op::Append {
        path: path.to_path_buf(),
        text: String::from_utf8_lossy(text).into_owned(),
        flush,
    })
}

/// [`Op::Finish`] through the broker.
pub(crate) fn finish(path: &Path, text: &[u8]) -> std::io::Result<()> {
    send(&Op::Finish {
        path: path.to_path_buf(),
        text: String::from_utf8_lossy(text).into_owned(),
    })
}

/// The broker's side (`tavola write-broker --file F | --dir D`): serves requests from
/// standard input until it closes, answering `ok` or the error on standard output.
pub fn serve(target: &Target) -> anyhow::Result<()> {
    use std::io::Read;
    let stdin = std::io::stdin();
    let mut input = BufReader::new(stdin.lock());
    let mut out = std::io::stdout().lock();
    let mut open: HashMap<PathBuf, Open> = HashMap::new();
    loop {
        let mut line = Vec::new();
        (&mut input)
            .take(MAX_MESSAGE)
            .read_until(b'\n', &mut line)?;
        if line.is_empty() {
            return Ok(());
        }
        if line.last() != Some(&b'\n') && line.len() as u64 >= MAX_MESSAGE {
            writeln!(
                out,
                "{}",
                crate::tr!("broker-too-large", mib = MAX_RECORD >> 20)
            )?;
            return Ok(());
        }
        let answer = match serde_json::from_slice::<Op>(&line) {
            Ok(op) => {
                apply(target, &mut open, op).map_or_else(|e| e.to_string(), |()| "ok".to_owned())
            }
            Err(e) => {
                writeln!(
                    out,
                    "{}",
                    crate::tr!("broker-bad-request", error = e.to_string())
                )?;
                return Ok(());
            }
        };
        writeln!(out, "{}", answer.replace('\n', " "))?;
        out.flush()?;
    }
}

/// A record file started and kept open for appending, and its size so far.
struct Open {
    file: File,
    len: u64,
}

/// Why the broker did not do what it was asked; its words are the broker's answer.
#[derive(Debug)]
pub enum BrokerRefusal {
    /// A file the command line did not name.
    Outside(PathBuf),
    /// A record that would grow over [`MAX_RECORD`].
    TooLarge(PathBuf),
    /// Moves sent for a record that was not started.
    NotStarted(PathBuf),
    /// The record could not be replaced.
    Storage(crate::storage::StorageError),
    /// The record could not be opened, written or flushed.
    Io {
        /// The record.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

impl std::fmt::Display for BrokerRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BrokerRefusal::Outside(path) => f.write_str(&crate::tr!(
                "broker-refused",
                path = path.display().to_string()
            )),
            BrokerRefusal::TooLarge(path) => f.write_str(&crate::tr!(
                "broker-record-too-large",
                path = path.display().to_string(),
                mib = MAX_RECORD >> 20
            )),
            BrokerRefusal::NotStarted(path) => write!(f, "{}: not started", path.display()),
            BrokerRefusal::Storage(e) => e.fmt(f),
            BrokerRefusal::Io { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for BrokerRefusal {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BrokerRefusal::Storage(e) => e.source(),
            BrokerRefusal::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Refuses a record of `len` bytes if it is over [`MAX_RECORD`].
fn within_cap(path: &Path, len: u64) -> Result<(), BrokerRefusal> {
    if len > MAX_RECORD {
        return Err(BrokerRefusal::TooLarge(path.to_path_buf()));
    }
    Ok(())
}

fn apply(target: &Target, open: &mut HashMap<PathBuf, Open>, op: Op) -> Result<(), BrokerRefusal> {
    let path = match &op {
        Op::Start { path, .. } | Op::Append { path, .. } | Op::Finish { path, .. } => path.clone(),
    };
    if !target.allows(&path) {
        return Err(BrokerRefusal::Outside(path));
    }
    let io = |source| BrokerRefusal::Io {
        path: path.clone(),
        source,
    };
    match op {
        Op::Start { text, .. } => {
            within_cap(&path, text.len() as u64)?;
            open.remove(&path);
            crate::storage::remove_stale_temporaries(&path);
            crate::storage::write_atomic(&path, text.as_bytes()).map_err(BrokerRefusal::Storage)?;
            let file = OpenOptions::new().append(true).open(&path).map_err(io)?;
            let len = text.len() as u64;
            open.insert(path, Open { file, len });
        }
        Op::Append { text, flush, .. } => {
            let record = open
                .get_mut(&path)
                .ok_or_else(|| BrokerRefusal::NotStarted(path.clone()))?;
            within_cap(&path, record.len + text.len() as u64)?;
            record.file.write_all(text.as_bytes()).map_err(io)?;
            record.len += text.len() as u64;
            if flush {
                record.file.sync_data().map_err(io)?;
            }
        }
        Op::Finish { text, .. } => {
            within_cap(&path, text.len() as u64)?;
            open.remove(&path);
            crate::storage::write_atomic(&path, text.as_bytes()).map_err(BrokerRefusal::Storage)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broker_writes_only_where_it_was_told() {
        let dir = Path::new("/records");
        let series = Target::Series {
            dir: dir.to_path_buf(),
            games: 12,
        };
        assert!(series.allows(&dir.join("game-0001.json")));
        assert!(series.allows(&dir.join("game-0011.json")));
        assert!(
            !series.allows(&dir.join("game-0012.json")),
            "past the count"
        );
        assert!(!series.allows(&dir.join("game-9999.json")));
        assert!(
            !series.allows(&dir.join("game-01.json")),
            "another name for 1"
        );
        assert!(!series.allows(&dir.join("game-+001.json")));
        assert!(!series.allows(&dir.join("game-.json")));
        assert!(!series.allows(&dir.join("game-1.json.sh")));
        assert!(!series.allows(&dir.join("notes.txt")));
        assert!(!series.allows(Path::new("/records/sub/game-0001.json")));
        assert!(!series.allows(Path::new("/home/me/.bashrc")));
        let file = Target::File(PathBuf::from("/tmp/game.json"));
        assert!(file.allows(Path::new("/tmp/game.json")));
        assert!(!file.allows(Path::new("/tmp/other.json")));
    }

    #[test]
    fn requests_outside_the_target_are_refused_and_the_rest_written() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let target = Target::File(file.clone());
        let mut open = HashMap::new();
        let elsewhere = dir.path().join("planted");
        let refused = apply(
            &target,
            &mut open,
            Op::Start {
                path: elsewhere.clone(),
                text: "x".into(),
            },
        );
        assert!(refused.is_err());
        assert!(!elsewhere.exists());
        let start = Op::Start {
            path: file.clone(),
            text: "head\n".into(),
        };
        apply(&target, &mut open, start).unwrap();
        let append = Op::Append {
            path: file.clone(),
            text: "move\n".into(),
            flush: true,
        };
        apply(&target, &mut open, append).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "head\nmove\n");
        let finish = Op::Finish {
            path: file.clone(),
            text: "whole".into(),
        };
        apply(&target, &mut open, finish).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "whole");
    }

    #[test]
    fn a_record_over_the_cap_is_refused_and_the_file_keeps_what_it_had() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let target = Target::File(file.clone());
        let mut open = HashMap::new();
        let big = "x".repeat(MAX_RECORD as usize + 1);
        let refused = apply(
            &target,
            &mut open,
            Op::Start {
                path: file.clone(),
                text: big.clone(),
            },
        );
        assert!(refused.unwrap_err().to_string().contains("16 MiB"));
        assert!(!file.exists());
        let start = Op::Start {
            path: file.clone(),
            text: "head\n".into(),
        };
        apply(&target, &mut open, start).unwrap();
        let half = "y".repeat(MAX_RECORD as usize / 2);
        for round in 0..3 {
            let append = Op::Append {
                path: file.clone(),
                text: half.clone(),
                flush: false,
            };
            let done = apply(&target, &mut open, append);
            assert_eq!(done.is_ok(), round < 1, "round {round}");
        }
        let len = std::fs::metadata(&file).unwrap().len();
        assert!(len <= MAX_RECORD, "{len}");
        let finish = Op::Finish {
            path: file.clone(),
            text: big,
        };
        assert!(apply(&target, &mut open, finish).is_err());
        assert_eq!(std::fs::metadata(&file).unwrap().len(), len);
    }
}
