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
//! is complete. A copy is trusted by its content, never by its name or length: it is
//! compared with the file when it is found (and replaced if it changed) and again by the process
//! that loads it, just before the loader maps it (`load_module`). Sandboxed processes
//! cannot write the cache folder at all. Only files that start like a library are
//! copied, and entries no plugin in the folders has used for [`PRUNE_AFTER`] are removed
//! ([`prune`]).
//!
//! The cache is private: its folder is made (and, if it exists, set) mode `0700`, and
//! every file in it is written `0600` ([`write_private`]), so another user of the machine
//! can read nothing from it. A cache folder that belongs to another user is refused.

use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use thiserror::Error;

use super::{
    LoadError,
    files::{FileRefusal, read_plugin_file},
};

/// The environment variable that moves the cache folder (tests, portable installs).
pub const CACHE_DIR_VAR: &str = "TAVOLA_CACHE_DIR";

/// The folder of private plugin copies: `$TAVOLA_CACHE_DIR`, else the user's cache folder
/// (e.g. `~/.cache/tavola/plugins` on Linux), else a folder in the temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(CACHE_DIR_VAR).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    crate::platform::user_cache_dir()
        .map(|d| d.join("plugins"))
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

/// Why a plugin file (a library or a data file) has no private copy.
#[derive(Debug, Clone, Error)]
pub enum CopyError {
    /// The file is not one the host reads ([`FileRefusal`]).
    #[error(transparent)]
    Refused(#[from] FileRefusal),
    /// A library-named file that is empty.
    #[error("not a loadable library: the file is empty")]
    Empty,
    /// A library-named file that does not start like a library of any system.
    #[error("not a loadable library: not a dynamic library (it has no ELF, Mach-O or PE header)")]
    NotALibrary,
    /// The cache folder or the copy could not be written.
    #[error("the private copy cannot be written: {0}")]
    NotWritten(Arc<std::io::Error>),
}

impl CopyError {
    /// The copy could not be written: `e`.
    pub(super) fn not_written(e: std::io::Error) -> Self {
        CopyError::NotWritten(Arc::new(e))
    }
}

/// A file that cannot be copied is refused as unreadable (words only: a [`LoadError`]
/// crosses the inspector's pipe).
impl From<CopyError> for LoadError {
    fn from(e: CopyError) -> Self {
        LoadError::Unreadable(e.to_string())
    }
}

/// A file that is not read is refused as unreadable, in the same words.
impl From<FileRefusal> for LoadError {
    fn from(e: FileRefusal) -> Self {
        LoadError::Unreadable(e.to_string())
    }
}

/// How long a cache entry no plugin in the folders uses is kept: 30 days.
pub const PRUNE_AFTER: std::time::Duration = std::time::Duration::from_secs(30 * 24 * 3600);

/// Whether `data` starts like a library of some system (ELF, Mach-O, PE): what is not is
/// never copied (the cache holds libraries only). The full check is the loader's.
fn looks_like_a_library(data: &[u8]) -> Result<(), CopyError> {
    const MAGICS: [&[u8]; 6] = [
        b"\x7fELF",
        b"MZ",
        b"\xcf\xfa\xed\xfe",
        b"\xce\xfa\xed\xfe",
        b"\xca\xfe\xba\xbe",
        b"\xfe\xed\xfa\xcf",
    ];
    if data.is_empty() {
        return Err(CopyError::Empty);
    }
    if MAGICS.iter().any(|m| data.starts_with(m)) {
        Ok(())
    } else {
        Err(CopyError::NotALibrary)
    }
}

/// Reads `source` (a regular file, size-capped, that starts like a library), and returns
/// its private copy in `dir`, making it if needed. An existing copy is used only if its
/// content is the file's (compared byte for byte); another is replaced.
pub fn private_copy(source: &Path, dir: &Path) -> Result<PrivateCopy, CopyError> {
    let data = read_plugin_file(source)?;
    looks_like_a_library(&data)?;
    let hash = blake3::hash(&data).to_hex()[..32].to_owned();
    let ext = std::env::consts::DLL_EXTENSION;
    let path = dir.join(format!("{hash}.{ext}"));
    private_dir(dir).map_err(CopyError::not_written)?;
    let complete = same_content(&path, &data);
    if !complete {
        // Written once under a temporary name and put into place: a copy that exists
        // is whole. A lost copy is made again from the plugins folder, so no flush.
        write_copy(&path, &data).map_err(CopyError::not_written)?;
    }
    Ok(PrivateCopy { hash, path })
}

/// Makes `dir` the private cache folder: created with mode `0700` (its parents too), an
/// existing one set to `0700`; refused if it belongs to another user (a folder someone
/// else made in a shared place could hold their files under our names).
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    if crate::platform::files::private_dir(dir)? {
        return Ok(());
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!(
            "the plugin cache {} is not a folder of this user: not used",
            dir.display()
        ),
    ))
}

/// Writes `bytes` as the cache file `path`, mode `0600`, in a private folder
/// ([`private_dir`]): to a new temporary file beside it, then renamed into place (a
/// file that exists is whole; a link planted under the name is replaced, never
/// followed). Not flushed to the disk: a lost cache file is made again.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    private_dir(dir)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = dir.join(format!(".{name}.{}.tmp", fastrand::u64(..)));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    crate::platform::files::owner_only(&mut options);
    let written = options
        .open(&tmp)
        .and_then(|mut file| file.write_all(bytes))
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Writes a library's private copy like [`write_private`], but never over a whole copy
/// of the same content that another discovery (another thread or process) put there in
/// the meantime: that copy may be the very file a confined child is about to map, and
/// its sandbox grants read access to that file alone, so a new file under the name
/// would be refused to it. The temporary file is linked into place, which fails if the
/// name exists; then a regular file with this content is kept, anything else (another
/// content, a link planted under the name) replaced. Where the file system has no hard
/// links, the copy is renamed into place as [`write_private`] does.
fn write_copy(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = dir.join(format!(".{name}.{}.new", fastrand::u64(..)));
    write_private(&tmp, bytes)?;
    let kept = match std::fs::hard_link(&tmp, path) {
        Ok(()) => true,
        // Another discovery put a file there meanwhile: kept if it is a whole copy.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) && same_content(path, bytes)
        }
        // A file system without hard links: renamed into place, as before.
        Err(_) => false,
    };
    if kept {
        let _ = std::fs::remove_file(&tmp);
        return Ok(());
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Whether the file at `path` holds exactly `data`: read in pieces and compared (cheaper
/// than reading it whole or hashing it again).
fn same_content(path: &Path, data: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    if !file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == data.len() as u64)
    {
        return false;
    }
    let mut buffer = vec![0u8; 1 << 16];
    let mut at = 0;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return at == data.len(),
            Ok(n) => {
                if at + n > data.len() || buffer[..n] != data[at..at + n] {
                    return false;
                }
                at += n;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Marks the cache entries of the contents in `used` as used now, and removes every entry
/// (copies, inspections, temporaries) of other contents not used for [`PRUNE_AFTER`].
/// Returns how many files were removed.
pub fn prune(dir: &Path, used: &[&str]) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let in_use = used.iter().any(|h| name.starts_with(*h));
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        make_private(&path, &meta);
        if in_use {
            touch(&path);
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= PRUNE_AFTER);
        if old && meta.is_file() && std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Sets a cache file written by an earlier version (mode `0644`) to `0600`.
fn make_private(path: &Path, meta: &std::fs::Metadata) {
    crate::platform::files::make_owner_only(path, meta);
}

/// Sets a file's modification time to now (its "last used").
fn touch(path: &Path) {
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.set_modified(std::time::SystemTime::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junk_is_never_copied_and_a_changed_copy_is_made_again() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let junk = dir.path().join("junk.so");
        std::fs::write(&junk, b"#!/bin/sh\necho hi").unwrap();
        assert_eq!(
            private_copy(&junk, &cache).unwrap_err().to_string(),
            "not a loadable library: not a dynamic library (it has no ELF, Mach-O or PE header)"
        );
        assert!(!cache.exists() || std::fs::read_dir(&cache).unwrap().count() == 0);
        let lib = dir.path().join("lib.so");
        std::fs::write(&lib, b"\x7fELF and the rest").unwrap();
        let copy = private_copy(&lib, &cache).unwrap();
        // Another content of the same length planted under the copy's name.
        std::fs::write(&copy.path, b"\x7fELF AND THE REST").unwrap();
        let again = private_copy(&lib, &cache).unwrap();
        assert_eq!(again.path, copy.path);
        assert_eq!(std::fs::read(&copy.path).unwrap(), b"\x7fELF and the rest");
    }

    #[cfg(unix)]
    #[test]
    fn a_whole_copy_put_in_place_meanwhile_is_kept_not_replaced() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        private_dir(&cache).unwrap();
        let data = b"\x7fELF the library";
        let path = cache.join("abc.so");
        // Another discovery wrote the same content first: its file (which a confined
        // child may be about to map, allowed that file alone) stays the one named.
        write_private(&path, data).unwrap();
        let before = std::fs::metadata(&path).unwrap().ino();
        write_copy(&path, data).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().ino(), before);
        // Another content under the name, or a link planted there, is replaced.
        std::fs::write(&path, b"\x7fELF something else").unwrap();
        write_copy(&path, data).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), data);
        let elsewhere = dir.path().join("planted.so");
        std::fs::write(&elsewhere, data).unwrap();
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &path).unwrap();
        write_copy(&path, data).unwrap();
        assert!(std::fs::symlink_metadata(&path).unwrap().is_file());
        // No temporary is left behind.
        let names: Vec<String> = std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["abc.so"]);
    }

    #[test]
    fn entries_unused_for_long_are_pruned_and_used_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let old = std::time::SystemTime::now() - PRUNE_AFTER - std::time::Duration::from_secs(60);
        for name in ["aaaa.so", "aaaa.inspection-3-x.json", "bbbb.so", "cccc.so"] {
            let path = dir.path().join(name);
            std::fs::write(&path, b"x").unwrap();
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            if name != "cccc.so" {
                file.set_modified(old).unwrap();
            }
        }
        assert_eq!(prune(dir.path(), &["aaaa"]), 1, "bbbb.so: old and unused");
        assert!(dir.path().join("aaaa.so").exists());
        assert!(dir.path().join("aaaa.inspection-3-x.json").exists());
        assert!(!dir.path().join("bbbb.so").exists());
        assert!(dir.path().join("cccc.so").exists(), "unused but recent");
    }

    #[test]
    fn same_content_same_copy_new_content_new_copy() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let a = dir.path().join("a.so");
        let b = dir.path().join("b.so");
        std::fs::write(&a, b"\x7fELF one content").unwrap();
        std::fs::write(&b, b"\x7fELF one content").unwrap();
        let ca = private_copy(&a, &cache).unwrap();
        let cb = private_copy(&b, &cache).unwrap();
        assert_eq!(ca, cb, "two files of one content share one copy");
        std::fs::write(&a, b"\x7fELF another content").unwrap();
        let ca2 = private_copy(&a, &cache).unwrap();
        assert_ne!(ca2.path, ca.path);
        assert_eq!(
            std::fs::read(&ca.path).unwrap(),
            b"\x7fELF one content",
            "never rewritten"
        );
        assert_eq!(
            std::fs::read(&ca2.path).unwrap(),
            b"\x7fELF another content"
        );
        assert_eq!(
            std::fs::read_dir(&cache).unwrap().count(),
            2,
            "no temporary left"
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_cache_is_private_to_its_user() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let lib = dir.path().join("lib.so");
        std::fs::write(&lib, b"\x7fELF private").unwrap();
        let copy = private_copy(&lib, &cache).unwrap();
        assert_eq!(mode(&cache), 0o700);
        assert_eq!(mode(&copy.path), 0o600);
        // A cache left open by an earlier version is closed again.
        std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(&copy.path, std::fs::Permissions::from_mode(0o644)).unwrap();
        private_copy(&lib, &cache).unwrap();
        assert_eq!(mode(&cache), 0o700);
        prune(&cache, &[copy.hash.as_str()]);
        assert_eq!(mode(&copy.path), 0o600);
    }
}
