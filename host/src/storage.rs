//! Safe writing: a file is replaced whole or not at all, and it survives a crash.
//!
//! [`write_atomic`] writes the new contents to a temporary file beside the target,
//! flushes it to the disk, renames it over the target and flushes the folder, so that a
//! reader (or the next start after a crash, a `kill -9` or a power cut) finds either the
//! old file or the new one, never a mix or a truncated file. [`RecordWriter`] keeps a
//! game record on disk as the game is played: every move is saved the same way as it is
//! made.

use std::{
    fs::{File, OpenOptions},
    io::Write,
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
};

use thiserror::Error;

use crate::record::Record;

/// A file that could not be written safely, with the step that failed.
#[derive(Debug, Error)]
#[error("cannot save {}: {step}: {source}", path.display())]
pub struct StorageError {
    /// The file being saved.
    pub path: PathBuf,
    /// What was being done (e.g. "creating the folder", "renaming the temporary file").
    pub step: &'static str,
    /// The cause.
    pub source: std::io::Error,
}

/// Tells temporary files of one process apart.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Replaces `path` with `bytes` atomically and durably: writes a temporary file in the
/// same folder (a unique hidden name), flushes it to the disk, renames it over `path`
/// and flushes the folder. Missing parent folders are created. On failure the old file,
/// if any, is untouched and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    let fail = |step: &'static str| {
        move |source| StorageError {
            path: path.to_path_buf(),
            step,
            source,
        }
    };
    let name = path.file_name().ok_or_else(|| StorageError {
        path: path.to_path_buf(),
        step: "naming the file",
        source: std::io::Error::new(
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
        file.sync_all()
            .map_err(fail("flushing the temporary file to the disk"))?;
        std::fs::rename(&tmp, path).map_err(fail("renaming the temporary file over it"))
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written?;
    sync_dir(&dir).map_err(fail("flushing the folder to the disk"))
}

/// Flushes a folder's entries (a rename) to the disk, where the system allows it.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        // Windows cannot open a folder as a file; its renames are journalled.
        let _ = dir;
        Ok(())
    }
}

/// Keeps a game record on disk while the game is played: the whole record is written
/// with [`write_atomic`] after every move (records are a few kilobytes), so a crash at any
/// moment leaves the record of every move made so far, complete and readable.
#[derive(Debug)]
pub struct RecordWriter {
    path: PathBuf,
    saved_moves: Option<usize>,
}

impl RecordWriter {
    /// A writer for `path`; nothing is written until [`RecordWriter::save`].
    pub fn new(path: impl Into<PathBuf>) -> Self {
        RecordWriter {
            path: path.into(),
            saved_moves: None,
        }
    }

    /// The file written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `record` (the whole of it, atomically).
    pub fn save(&mut self, record: &Record) -> Result<(), StorageError> {
        write_atomic(&self.path, record.to_json().as_bytes())?;
        self.saved_moves = Some(record.moves.len());
        Ok(())
    }

    /// Saves `record` unless the last save already held as many moves and no result was
    /// added since (a cheap check for "nothing new").
    pub fn save_if_changed(&mut self, record: &Record) -> Result<(), StorageError> {
        if self.saved_moves == Some(record.moves.len()) && record.result.is_none() {
            return Ok(());
        }
        self.save(record)
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
        // A folder where the file should be: the rename fails.
        let path = dir.path().join("taken");
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), b"x").unwrap();
        let e = write_atomic(&path, b"new").unwrap_err();
        let text = e.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("renaming"), "{text}");
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
                ])
                .env(CHILD, &path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(rng.u64(5..60)));
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
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "{:?}",
            started.elapsed()
        );
    }
}
