//! Private copies of plugin files, named by their content.
//!
//! The host never loads a library from the plugins folder itself. Each file is read once,
//! hashed, and copied into the cache folder as `<hash>.<ext>`; the copy is what the system
//! loader maps. So a file replaced in the plugins folder — by `cp` (which rewrites the
//! file in place, under a mapping that would otherwise change beneath the running code),
//! by `mv` or by a rebuild — is new content under a new name, loaded as a new library;
//! the old version keeps running untouched for the game that uses it. A thousand copies
//! of one plugin are one content, one private copy and one loaded library.
//!
//! A copy is written to a temporary name and renamed into place, so a copy that exists
//! is complete; it is never written again.

use std::path::{Path, PathBuf};

use super::files::read_plugin_file;
use crate::storage::{Durability, write_atomic_with};

/// The environment variable that moves the cache folder (tests, portable installs).
pub const CACHE_DIR_VAR: &str = "TAVOLA_CACHE_DIR";

/// The folder of private plugin copies: `$TAVOLA_CACHE_DIR`, else the user's cache folder
/// (e.g. `~/.cache/tavola/plugins` on Linux), else a folder in the temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(CACHE_DIR_VAR).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("org", "Tavola", "tavola")
        .map(|d| d.cache_dir().join("plugins"))
        .unwrap_or_else(|| std::env::temp_dir().join("tavola-plugins"))
}

/// A plugin file's private copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivateCopy {
    /// The content hash (BLAKE3, the first 128 bits in hex).
    pub hash: String,
    /// The copy, which the loader may map.
    pub path: PathBuf,
}

/// Reads `source` (a regular file, size-capped), and returns its private copy in `dir`,
/// making it if needed.
pub fn private_copy(source: &Path, dir: &Path) -> Result<PrivateCopy, String> {
    let data = read_plugin_file(source)?;
    let hash = blake3::hash(&data).to_hex()[..32].to_owned();
    let ext = std::env::consts::DLL_EXTENSION;
    let path = dir.join(format!("{hash}.{ext}"));
    let complete = std::fs::metadata(&path).is_ok_and(|m| m.len() == data.len() as u64);
    if !complete {
        // Written once under a temporary name and renamed into place: a copy that exists
        // is whole. A lost copy is made again from the plugins folder, so no flush.
        write_atomic_with(&path, &data, Durability::Process)
            .map_err(|e| format!("the private copy cannot be written: {e}"))?;
    }
    Ok(PrivateCopy { hash, path })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_content_same_copy_new_content_new_copy() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let a = dir.path().join("a.so");
        let b = dir.path().join("b.so");
        std::fs::write(&a, b"one content").unwrap();
        std::fs::write(&b, b"one content").unwrap();
        let ca = private_copy(&a, &cache).unwrap();
        let cb = private_copy(&b, &cache).unwrap();
        assert_eq!(ca, cb, "two files of one content share one copy");
        std::fs::write(&a, b"another content").unwrap();
        let ca2 = private_copy(&a, &cache).unwrap();
        assert_ne!(ca2.path, ca.path);
        assert_eq!(
            std::fs::read(&ca.path).unwrap(),
            b"one content",
            "never rewritten"
        );
        assert_eq!(std::fs::read(&ca2.path).unwrap(), b"another content");
        assert_eq!(
            std::fs::read_dir(&cache).unwrap().count(),
            2,
            "no temporary left"
        );
    }
}
