//! Safe writing: a file is replaced whole or not at all, and it survives a crash.
//!
//! [`write_atomic`] writes the new contents to a temporary file beside the target,
//! flushes it to the disk, renames it over the target and flushes the folder, so that a
//! reader (or the next start after a crash, a `kill -9` or a power cut) finds either the
//! old file or the new one, never a mix or a truncated file. [`RecordWriter`] keeps a
//! game record on disk as the game is played: every move is saved as it is made.
//!
//! Neither writes through, or over, anything but a regular file: a target that is a
//! folder, a device (`/dev/full`), a FIFO or a socket is refused with a message saying
//! what it is, and a symbolic link is followed to the regular file it leads to, which is
//! the file replaced (the link stays); see the `target` module.

mod target;

use std::{
    fs::{File, OpenOptions},
    io::Write,
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
    time::{Duration, Instant},
};

use thiserror::Error;

use crate::record::Record;

/// A file that could not be written safely, with the step that failed.
#[derive(Debug, Error)]
#[error("cannot save {}: {step}: {cause}", path.display())]
pub struct StorageError {
    /// The file being saved.
    pub path: PathBuf,
    /// What was being done (e.g. "creating the folder", "renaming the temporary file").
    pub step: &'static str,
    /// The cause.
    pub cause: std::io::Error,
}

impl From<StorageError> for std::io::Error {
    /// The same kind of error, its message naming the file and the step.
    fn from(e: StorageError) -> Self {
        std::io::Error::new(e.cause.kind(), e.to_string())
    }
}

/// Tells temporary files of one process apart.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// How far a save must get before [`write_atomic_with`] returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Flushed to the disk, file and folder: the save survives a power cut.
    Disk,
    /// Handed to the system only: the save survives a crash or kill of this process
    /// (the rename is atomic), but a power cut may lose it. For saves repeated every
    /// move, where flushing each one costs milliseconds.
    Process,
}

/// Replaces `path` with `bytes` atomically and durably: writes a temporary file in the
/// same folder (a unique hidden name), flushes it to the disk, renames it over `path`
/// and flushes the folder. Missing parent folders are created. On failure the old file,
/// if any, is untouched and the temporary file is removed. A target that exists and is
/// not a regular file (a folder, a device, a FIFO, a socket) is refused before anything
/// is written; a symbolic link is followed, and the regular file it leads to is replaced
/// (beside itself; the link stays).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    write_atomic_with(path, bytes, Durability::Disk)
}

/// [`write_atomic`], flushing to the disk or not as `durability` says; the replacement is
/// atomic either way.
pub fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    durability: Durability,
) -> Result<(), StorageError> {
    let flush = durability == Durability::Disk;
    let path_given = path;
    let fail = |step: &'static str| {
        move |cause| StorageError {
            path: path_given.to_path_buf(),
            step,
            cause,
        }
    };
    let real = target::writable_target(path).map_err(fail("checking what is there"))?;
    let path = real.as_path();
    let name = path.file_name().ok_or_else(|| StorageError {
        path: path.to_path_buf(),
        step: "naming the file",
        cause: std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path has no file name",
        ),
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(fail("creating the folder"))?;
    let tmp = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(fail("creating the temporary file"))?;
        file.write_all(bytes)
            .map_err(fail("writing the temporary file"))?;
        if flush {
            file.sync_all()
                .map_err(fail("flushing the temporary file to the disk"))?;
        }
        std::fs::rename(&tmp, path).map_err(fail("renaming the temporary file over it"))
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written?;
    if flush {
        sync_dir(&dir).map_err(fail("flushing the folder to the disk"))?;
    }
    Ok(())
}

/// Removes the temporary files that [`write_atomic`] left beside `path` when a process
/// died in the middle of a save (those of processes still running are kept). Returns how
/// many were removed. Only where a process can be asked whether it runs
/// ([`crate::platform::process::CAN_ASK_PROCESS`]).
pub fn remove_stale_temporaries(path: &Path) -> usize {
    if !crate::platform::process::CAN_ASK_PROCESS {
        return 0;
    }
    {
        let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
            return 0;
        };
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let prefix = format!(".{}.", name.to_string_lossy());
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        let mut removed = 0;
        for entry in entries.flatten() {
            let file = entry.file_name();
            let file = file.to_string_lossy();
            let Some(pid) = file
                .strip_prefix(&prefix)
                .and_then(|rest| rest.strip_suffix(".tmp"))
                .and_then(|rest| rest.split_once('-'))
                .and_then(|(pid, n)| n.parse::<u64>().ok().and(pid.parse::<i32>().ok()))
            else {
                continue;
            };
            if pid != std::process::id() as i32
                && !crate::platform::process::process_runs(pid)
                && std::fs::remove_file(entry.path()).is_ok()
            {
                removed += 1;
            }
        }
        removed
    }
}

/// Flushes a folder's entries (a rename) to the disk, where the system allows it.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    crate::platform::files::sync_dir(dir)
}

/// Keeps a game record on disk while the game is played, appending each move as it is
/// made: a crash or a kill at any moment leaves every move made so far in the file.
///
/// While the game goes on, the file is a *journal*: the record (without its moves) on
/// the first line, then one line of JSON per move; [`Record::read`] reads it like any
/// record (a last line cut short by a crash is left out). [`RecordWriter::finish`]
/// replaces it, atomically, with the complete record. Appends are flushed to the disk at
/// most [`RecordWriter::FLUSH_EVERY`] apart, so a power cut loses at most that much of
/// the game; one append costs one `write`, however long the game.
#[derive(Debug)]
pub struct RecordWriter {
    path: PathBuf,
    journal: Option<File>,
    /// Written through the sandbox's broker (a confined process writes no file itself).
    brokered: bool,
    saved_moves: usize,
    last_flush: Instant,
}

impl RecordWriter {
    /// The longest time between two appends flushed to the disk.
    pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

    /// A writer for `path`; nothing is written until [`RecordWriter::save`].
    pub fn new(path: impl Into<PathBuf>) -> Self {
        RecordWriter {
            path: path.into(),
            journal: None,
            brokered: false,
            saved_moves: 0,
            last_flush: Instant::now(),
        }
    }

    /// The file written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `record`: the first save replaces the file (atomically) with a journal of
    /// the record so far; later saves append the moves made since.
    pub fn save(&mut self, record: &Record) -> Result<(), StorageError> {
        let path = &self.path;
        let fail = |step: &'static str| {
            move |cause| StorageError {
                path: path.clone(),
                step,
                cause,
            }
        };
        if self.journal.is_none() && !self.brokered {
            return self.start(record);
        }
        if record.moves.len() < self.saved_moves {
            // Moves were taken back: start the journal again.
            return self.start(record);
        }
        let mut lines = Vec::new();
        for m in &record.moves[self.saved_moves..] {
            serde_json::to_writer(&mut lines, m).expect("a move always serialises");
            lines.push(b'\n');
        }
        let flush = self.last_flush.elapsed() >= Self::FLUSH_EVERY;
        match &mut self.journal {
            Some(file) => {
                file.write_all(&lines)
                    .map_err(fail("appending the moves"))?;
                if flush {
                    file.sync_data()
                        .map_err(fail("flushing the moves to the disk"))?;
                }
            }
            None => crate::sandbox::broker::append(path, &lines, flush)
                .map_err(fail("appending the moves"))?,
        }
        self.saved_moves = record.moves.len();
        if flush {
            self.last_flush = Instant::now();
        }
        Ok(())
    }

    /// Writes the journal again, atomically, from `record`: for a save whose first line
    /// changed (a network game's throws, which a game coming back after a crash needs).
    pub fn restart(&mut self, record: &Record) -> Result<(), StorageError> {
        self.start(record)
    }

    /// Replaces the journal, atomically and flushed to the disk, with the complete
    /// record (the last save of a game).
    pub fn finish(&mut self, record: &Record) -> Result<(), StorageError> {
        self.journal = None;
        if crate::sandbox::broker::active() {
            crate::sandbox::broker::finish(&self.path, record.to_json().as_bytes()).map_err(
                |cause| StorageError {
                    path: self.path.clone(),
                    step: "writing the record",
                    cause,
                },
            )?;
            self.saved_moves = record.moves.len();
            return Ok(());
        }
        write_atomic(&self.path, record.to_json().as_bytes())?;
        self.saved_moves = record.moves.len();
        Ok(())
    }

    /// Writes a new journal of `record` and opens it for appending.
    fn start(&mut self, record: &Record) -> Result<(), StorageError> {
        let mut head = serde_json::to_value(record).expect("a record always serialises");
        head["moves"] = serde_json::Value::Array(Vec::new());
        let mut text = serde_json::to_vec(&head).expect("JSON always serialises");
        text.push(b'\n');
        for m in &record.moves {
            serde_json::to_writer(&mut text, m).expect("a move always serialises");
            text.push(b'\n');
        }
        self.journal = None;
        if crate::sandbox::broker::active() {
            crate::sandbox::broker::start_file(&self.path, &text).map_err(|cause| {
                StorageError {
                    path: self.path.clone(),
                    step: "writing the record",
                    cause,
                }
            })?;
            self.brokered = true;
            self.saved_moves = record.moves.len();
            self.last_flush = Instant::now();
            return Ok(());
        }
        remove_stale_temporaries(&self.path);
        write_atomic(&self.path, &text)?;
        let file = OpenOptions::new()
            .append(true)
            .open(&self.path)
            .and_then(|file| target::check_open_file(&file).map(|()| file))
            .map_err(|cause| StorageError {
                path: self.path.clone(),
                step: "opening the record to append moves",
                cause,
            })?;
        self.journal = Some(file);
        self.saved_moves = record.moves.len();
        self.last_flush = Instant::now();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_creates_folders_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/save.json");
        write_atomic(&path, b"first").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("a/b"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["save.json"]);
    }

    #[test]
    fn a_failed_write_names_the_file_and_keeps_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should be: refused before anything is written.
        let path = dir.path().join("taken");
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), b"x").unwrap();
        let e = write_atomic(&path, b"new").unwrap_err();
        let text = e.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("a folder, not a regular file"), "{text}");
        assert!(path.is_dir());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no leftovers"
        );
        // A parent that is a file.
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap();
        let e = write_atomic(&file.join("save.json"), b"new").unwrap_err();
        assert!(e.to_string().contains("creating the folder"), "{e}");
    }

    /// A record of `moves` moves (no plugin needed to write one).
    fn record(moves: usize) -> Record {
        Record {
            format: crate::record::RECORD_FORMAT.into(),
            version: crate::record::RECORD_VERSION,
            game: "game".into(),
            name: None,
            plugin_version: "1.0.0".into(),
            api_level: 1,
            options: Default::default(),
            seed: None,
            start: None,
            seats: vec![],
            created: None,
            moves: (0..moves)
                .map(|i| crate::record::RecordedMove {
                    id: i as u32,
                    notation: format!("m{i}"),
                    seat: Some(0),
                    at_ms: None,
                    check: None,
                    spent_ms: None,
                    notes: Default::default(),
                })
                .collect(),
            undone: Vec::new(),
            result: None,
            ending: None,
            clock: None,
            net: None,
            comment: None,
            ended_ms: None,
            tags: Default::default(),
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_never_written_through_nor_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("save.json");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid C string; mkfifo only creates a node.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // Opening a FIFO to write would block for a reader: the check never opens it.
        let e = write_atomic(&fifo, b"new").unwrap_err();
        assert!(
            e.to_string()
                .contains("a FIFO (a named pipe), not a regular"),
            "{e}"
        );
        assert_eq!(e.cause.kind(), std::io::ErrorKind::InvalidInput);
        let e = RecordWriter::new(&fifo).save(&record(2)).unwrap_err();
        assert!(e.to_string().contains("a FIFO"), "{e}");
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "still a FIFO");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no leftovers"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_and_stays_a_device() {
        use std::os::unix::fs::FileTypeExt;
        // `/dev/null` takes any write: a save "to" it must still be refused, not renamed
        // over it (which root could do), nor appended through.
        for device in ["/dev/null", "/dev/full"] {
            let path = Path::new(device);
            if !path.exists() {
                continue;
            }
            let e = write_atomic(path, b"new").unwrap_err();
            assert!(e.to_string().contains("a character device"), "{e}");
            let e = RecordWriter::new(path).save(&record(1)).unwrap_err();
            assert!(e.to_string().contains(device), "{e}");
            let kind = std::fs::symlink_metadata(path).unwrap().file_type();
            assert!(kind.is_char_device(), "{device} is still a device");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_its_file_replaced_and_the_link_kept() {
        let dir = tempfile::tempdir().unwrap();
        let saves = dir.path().join("elsewhere");
        std::fs::create_dir(&saves).unwrap();
        let real = saves.join("game.json");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("game.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // A record kept through the link: the journal, then the complete record.
        let mut writer = RecordWriter::new(&link);
        writer.save(&record(1)).unwrap();
        writer.save(&record(3)).unwrap();
        assert_eq!(Record::read(&real).unwrap().moves.len(), 3);
        writer.finish(&record(4)).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(Record::read(&link).unwrap(), record(4));
        // No temporary file left beside the link or the file.
        assert_eq!(std::fs::read_dir(&saves).unwrap().count(), 1);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
        // A link to nothing is refused; nothing is created at its end.
        let dangling = dir.path().join("dangling.json");
        std::os::unix::fs::symlink(dir.path().join("nowhere.json"), &dangling).unwrap();
        let e = write_atomic(&dangling, b"x").unwrap_err();
        assert!(e.to_string().contains("does not exist"), "{e}");
        assert!(!dir.path().join("nowhere.json").exists());
    }

    /// The environment variable that turns [`save_loop_child`] into the saving child.
    const CHILD: &str = "TAVOLA_STORAGE_SAVE_LOOP";

    /// The versions the child saves in turn: large, and each one tells its number.
    fn version(i: u64) -> Vec<u8> {
        let body: String = (0..40_000)
            .map(|k| format!("{:x}", (k * 7 + i) % 16))
            .collect();
        serde_json::to_vec(&serde_json::json!({ "version": i, "body": body })).unwrap()
    }

    const VERSIONS: u64 = 3;

    /// Not a test of its own: run by [`a_kill_during_saves_leaves_the_last_save_whole`]
    /// in a child process, it saves the versions in turn until it is killed.
    #[test]
    fn save_loop_child() {
        let Some(path) = std::env::var_os(CHILD) else {
            return;
        };
        let versions: Vec<Vec<u8>> = (0..VERSIONS).map(version).collect();
        for i in 0.. {
            write_atomic(Path::new(&path), &versions[i % versions.len()]).unwrap();
            if i == 0 {
                // Tell the parent the saves are under way.
                let mut out = std::io::stdout();
                out.write_all(b"\nsaving\n").unwrap();
                out.flush().unwrap();
            }
        }
    }

    #[test]
    fn a_kill_during_saves_leaves_the_last_save_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        let versions: Vec<Vec<u8>> = (0..VERSIONS).map(version).collect();
        let mut rng = fastrand::Rng::with_seed(12);
        let started = std::time::Instant::now();
        let (mut kills, mut seen) = (0, std::collections::BTreeSet::new());
        while kills < 60 {
            let mut child = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "storage::tests::save_loop_child",
                    "--test-threads=1",
                    "--nocapture",
                ])
                .env(CHILD, &path)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            if kills >= 5 {
                // Most kills land in the middle of the saves, however slow the start.
                let out = child.stdout.take().unwrap();
                let saving = std::io::BufRead::lines(std::io::BufReader::new(out))
                    .map_while(Result::ok)
                    .any(|l| l == "saving");
                assert!(saving, "the saving child stopped");
            }
            std::thread::sleep(std::time::Duration::from_millis(rng.u64(0..25)));
            child.kill().unwrap();
            child.wait().unwrap();
            kills += 1;
            match std::fs::read(&path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => panic!("after kill {kills}: {e}"),
                Ok(bytes) => {
                    let i = versions
                        .iter()
                        .position(|v| *v == bytes)
                        .unwrap_or_else(|| {
                            panic!(
                                "after kill {kills}: {} bytes, not a saved version",
                                bytes.len()
                            )
                        });
                    let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                    assert_eq!(json["version"], i as u64);
                    seen.insert(i);
                }
            }
        }
        assert!(
            seen.len() > 1,
            "the kills should land between different saves: {seen:?}"
        );
        // The temporary files of the killed saves are cleared; the save stays.
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count() - 1;
        assert_eq!(remove_stale_temporaries(&path), leftovers);
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["save.json"]);
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "{:?}",
            started.elapsed()
        );
    }
}
