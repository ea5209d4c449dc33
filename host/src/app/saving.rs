//! Where the app keeps the game in progress, and how it never loses one.
//!
//! - **One save per running instance.** An instance claims the first free *slot* (a lock
//!   file held for its life): slot 0 saves to `autosave.json`, slot N to
//!   `autosave-N.json`. Two windows never write the same file.
//! - **Written safely, after every move**, through [`write_atomic`] (temporary file,
//!   fsync, rename, fsync of the folder): a kill at any moment leaves the last save whole.
//!   The autosave's writer thread (`autosaver`) does it, so the window never waits on the
//!   disk; quitting waits for it.
//! - **Never deleted when it cannot be restored.** A save that cannot be opened (its
//!   plugin is missing, it is corrupt, the last run ended abnormally while it was open) is
//!   moved into `recovered/` with a `.reason.txt` beside it, listed in "Recover games…",
//!   and can be opened again once its plugin is back.
//! - **A marker says the app is running** (`running.json` per slot): if it is still there
//!   at the next start, the last run ended while a game was open, and the game is set
//!   aside instead of opened again (a plugin that crashes the app at every restore cannot
//!   make it crash at every start).

use std::{
    fs::File,
    path::{Path, PathBuf},
};

pub use crate::storage::write_atomic;

/// How many instances can run at once, each with its own save.
const SLOTS: u32 = 16;

/// Why no save slot could be claimed.
#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    /// The folder, or a slot's lock file in it, could not be made or opened.
    #[error("{}: {error}", path.display())]
    Io {
        /// The folder or the file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// Every slot is held by another instance.
    #[error("{SLOTS} instances of Tavola are already running")]
    AllTaken,
}

/// The save slot an instance holds for its life.
#[derive(Debug)]
pub struct SaveSlot {
    dir: PathBuf,
    index: u32,
    _lock: File,
}

impl SaveSlot {
    /// Claims the first free slot in `dir`; `None` if all are taken or the folder cannot
    /// be written (the error says why).
    pub fn claim(dir: &Path) -> Result<Self, ClaimError> {
        std::fs::create_dir_all(dir).map_err(|error| ClaimError::Io {
            path: dir.to_path_buf(),
            error,
        })?;
        for index in 0..SLOTS {
            let path = dir.join(format!("instance-{index}.lock"));
            let file = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|error| ClaimError::Io {
                    path: path.clone(),
                    error,
                })?;
            if file.try_lock().is_ok() {
                return Ok(SaveSlot {
                    dir: dir.to_path_buf(),
                    index,
                    _lock: file,
                });
            }
        }
        Err(ClaimError::AllTaken)
    }

    fn name(&self, stem: &str) -> PathBuf {
        if self.index == 0 {
            self.dir.join(format!("{stem}.json"))
        } else {
            self.dir.join(format!("{stem}-{}.json", self.index))
        }
    }

    /// This instance's save of the game in progress.
    pub fn autosave(&self) -> PathBuf {
        self.name("autosave")
    }

    /// This instance's "running" marker.
    pub fn marker(&self) -> PathBuf {
        self.name("running")
    }

    /// The folder of the app's data.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// What the running marker holds: the game open, for the message after a crash.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Marker {
    /// The process.
    pub pid: u32,
    /// The game open, if any (its name and plugin file).
    pub game: Option<String>,
}

/// Reads the marker a previous run left, if it did not end normally.
pub fn leftover_marker(slot: &SaveSlot) -> Option<Marker> {
    let text = std::fs::read(slot.marker()).ok()?;
    Some(serde_json::from_slice(&text).unwrap_or_default())
}

/// Writes the marker: this run, with `game` open.
pub fn write_marker(slot: &SaveSlot, game: Option<String>) -> std::io::Result<()> {
    let marker = Marker {
        pid: std::process::id(),
        game,
    };
    Ok(write_atomic(&slot.marker(), &serde_json::to_vec(&marker)?)?)
}

/// Removes the marker at a normal end.
pub fn clear_marker(slot: &SaveSlot) {
    let _ = std::fs::remove_file(slot.marker());
}

/// The folder of saves set aside.
pub fn recovered_dir(data: &Path) -> PathBuf {
    data.join("recovered")
}

/// Moves `file` into the recovered folder, with `reason` beside it. Returns where it went.
pub fn set_aside(file: &Path, data: &Path, reason: &str) -> std::io::Result<PathBuf> {
    let dir = recovered_dir(data);
    std::fs::create_dir_all(&dir)?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = file
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let mut target = dir.join(format!("{stamp}-{stem}.json"));
    let mut n = 1;
    while target.exists() {
        target = dir.join(format!("{stamp}-{stem}-{n}.json"));
        n += 1;
    }
    write_atomic(&reason_path(&target), reason.as_bytes())?;
    std::fs::rename(file, &target)?;
    Ok(target)
}

fn reason_path(save: &Path) -> PathBuf {
    save.with_extension("reason.txt")
}

/// A save set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// The file.
    pub path: PathBuf,
    /// Its game's id, if the file says.
    pub game: Option<String>,
    /// Its game's name, if the file says (records written since the name was kept).
    pub name: Option<String>,
    /// How many moves of the players it holds (chance throws are not moves), if it can
    /// be read.
    pub moves: Option<usize>,
    /// Why it was set aside.
    pub reason: String,
}

/// The saves set aside, newest first.
pub fn list_recovered(data: &Path) -> Vec<Recovered> {
    let Ok(entries) = std::fs::read_dir(recovered_dir(data)) else {
        return Vec::new();
    };
    let mut found: Vec<Recovered> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "json")
                && !p.to_string_lossy().ends_with(".reason.json")
        })
        .map(|path| {
            let record = crate::record::Record::read(&path).ok();
            // A record that does not read whole may still say its game.
            let value = || -> Option<serde_json::Value> {
                serde_json::from_slice(&std::fs::read(&path).ok()?).ok()
            };
            let field = |key: &str| value()?.get(key)?.as_str().map(str::to_owned);
            let game = record
                .as_ref()
                .map(|r| r.game.clone())
                .or_else(|| field("game"));
            let name = match &record {
                Some(r) => r.name.clone(),
                None => field("name"),
            };
            Recovered {
                name,
                reason: std::fs::read_to_string(reason_path(&path))
                    .unwrap_or_else(|_| "no reason was written".into()),
                moves: record.map(|r| crate::record::seat_moves(&r.moves)),
                game,
                path,
            }
        })
        .collect();
    found.sort_by(|a, b| b.path.cmp(&a.path));
    found
}

/// Forgets a save set aside (the person deleted it, or it became the game in progress).
pub fn remove_recovered(save: &Path) -> std::io::Result<()> {
    std::fs::remove_file(save)?;
    let _ = std::fs::remove_file(reason_path(save));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_instances_get_two_slots_and_a_freed_slot_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        let a = SaveSlot::claim(dir.path()).unwrap();
        let b = SaveSlot::claim(dir.path()).unwrap();
        assert_ne!(a.autosave(), b.autosave());
        assert_eq!(a.autosave(), dir.path().join("autosave.json"));
        drop(a);
        let c = SaveSlot::claim(dir.path()).unwrap();
        assert_eq!(c.autosave(), dir.path().join("autosave.json"));
    }

    #[test]
    fn a_save_set_aside_keeps_its_bytes_and_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("autosave.json");
        std::fs::write(
            &save,
            br#"{"format": "tavola-record", "game": "kalah", "broken": "#,
        )
        .unwrap();
        let moved = set_aside(&save, dir.path(), "the plugin `kalah` is not loaded").unwrap();
        assert!(!save.exists());
        let listed = list_recovered(dir.path());
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].path, moved);
        assert_eq!(listed[0].reason, "the plugin `kalah` is not loaded");
        assert!(std::fs::read(&moved).unwrap().starts_with(br#"{"format""#));
        remove_recovered(&moved).unwrap();
        assert!(list_recovered(dir.path()).is_empty());
    }
}
