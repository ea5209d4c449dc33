//! Which files of a plugins folder are looked at, and how they are read.
//!
//! A plugins folder is a place where strangers drop files, so nothing in it is trusted:
//! only regular files are read (a FIFO would block the reader forever, a device such as
//! `/dev/zero` would be read until memory runs out); a file larger than
//! [`MAX_PLUGIN_BYTES`] is refused without being read; a folder that exists but cannot be
//! read is reported, not mistaken for an empty one.
//!
//! **Links.** A file may not lie about what it is: the host reads, outside any sandbox,
//! what a plugins folder holds, and a link would make it read (and copy into its cache,
//! and hand to a stranger's loader) a file the link's author could not read themselves
//! — `~/.ssh/id_rsa`, `/etc/shadow` as root. So:
//!
//! - a **data file** (`*.toml`, see [`super::data`]) that is a symbolic link is refused,
//!   and so is one with more than one name (a hard link: its content is another file's);
//!   it is opened with `O_NOFOLLOW` and checked through the opened descriptor, so that a
//!   link swapped in after the check is never followed;
//! - a **library** that is a symbolic link is followed only to a regular file inside its
//!   own plugins folder (`libfoo.so -> libfoo.so.1`); a link whose target leaves the
//!   folder is refused unread. The file opened is checked, through its descriptor, to be
//!   the very file (device and inode) that the check found inside the folder.
//!
//! Refusals name the file and what is wrong with it, never what it contains.

use std::{
    io::Read,
    path::{Path, PathBuf},
    sync::Arc,
};

use thiserror::Error;

use super::{PluginDirs, is_library_name};

/// The largest plugin file the host reads (256 MiB; a release build of a first-party
/// plugin is a few MiB).
pub const MAX_PLUGIN_BYTES: u64 = 256 * 1024 * 1024;

/// A library-named entry of a plugins folder and what was found about it.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The entry in the plugins folder.
    pub path: PathBuf,
    /// The index of its folder in the [`PluginDirs`].
    pub dir: usize,
    /// Its size and identity, or why it is not read.
    pub facts: Result<FileFacts, FileRefusal>,
}

/// Why a file of a plugins folder is not read. It names what is wrong with the file,
/// never what the file contains.
#[derive(Debug, Clone, Error)]
pub enum FileRefusal {
    /// The system refused to look at or read the file (no access, gone).
    #[error(transparent)]
    Io(Arc<std::io::Error>),
    /// A data file that is a symbolic link.
    #[error(
        "a symbolic link: a data file is read only from a regular file in the plugins \
         folder (copy the file there instead)"
    )]
    DataFileLink,
    /// A library link whose target does not exist.
    #[error("a symbolic link whose target cannot be found ({0})")]
    DanglingLink(Arc<std::io::Error>),
    /// A library link whose target leaves its plugins folder.
    #[error(
        "a symbolic link to a file outside its plugins folder: not read (copy the file \
         into the folder instead)"
    )]
    LinkOutsideFolder,
    /// A library link to something that is not a regular file ("a device").
    #[error("a symbolic link to {0}, which is not a regular file")]
    LinkToSpecial(&'static str),
    /// Not a regular file ("a named pipe", "a folder").
    #[error("not a regular file ({0})")]
    NotRegular(&'static str),
    /// A data file with more than one name.
    #[error(
        "a file with more than one name (a hard link): a data file is read only from a \
         file of its own (copy the file instead)"
    )]
    HardLink,
    /// A file larger than [`MAX_PLUGIN_BYTES`], found so before it is read.
    #[error(
        "{} MiB, larger than the {} MiB a plugin may have",
        .len / (1024 * 1024),
        MAX_PLUGIN_BYTES / (1024 * 1024)
    )]
    TooLarge {
        /// Its length in bytes.
        len: u64,
    },
    /// A file that turned out larger than its cap while it was read.
    #[error("larger than the {} MiB {what} may have", .max / (1024 * 1024))]
    ReadTooLarge {
        /// The cap, in bytes.
        max: u64,
        /// What the file is ("a plugin", "a data file").
        what: &'static str,
    },
    /// The file checked is not the file opened.
    #[error("the file was replaced while it was being read: not read")]
    Replaced,
}

impl From<std::io::Error> for FileRefusal {
    fn from(e: std::io::Error) -> Self {
        FileRefusal::Io(Arc::new(e))
    }
}

/// What identifies one version of a file without reading it: a rescan that finds the same
/// facts finds the same file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileFacts {
    /// Its length in bytes.
    pub len: u64,
    /// When it was last modified (nanoseconds since 1970, or 0 if unknown).
    pub modified_ns: u128,
    /// The inode (or file index) behind the name; 0 where the platform has none.
    pub inode: u64,
}

/// A plugins folder that exists but could not be listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirProblem {
    /// The folder.
    pub path: PathBuf,
    /// What went wrong (e.g. permission denied).
    pub reason: String,
}

/// The library-named entries of every folder, in search order (each folder's sorted by
/// name), and the folders that could not be read. Folders that do not exist are skipped.
pub fn scan(dirs: &PluginDirs) -> (Vec<Candidate>, Vec<DirProblem>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for (index, dir) in dirs.0.iter().enumerate() {
        let entries = match std::fs::read_dir(&dir.path) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                problems.push(DirProblem {
                    path: dir.path.clone(),
                    reason: format!("the folder cannot be read: {e}"),
                });
                continue;
            }
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| is_library_name(p) || super::data::is_data_name(p))
            .collect();
        found.sort();
        files.extend(found.into_iter().map(|path| Candidate {
            facts: facts(&path),
            path,
            dir: index,
        }));
    }
    (files, problems)
}

/// How a file's symbolic links are treated (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// A link is refused, and so is a file with more than one name (data files).
    Refused,
    /// A link is followed only to a regular file inside the link's own folder
    /// (libraries).
    WithinFolder,
}

impl Links {
    /// The rule for the file at `path`, by its name: data files refuse links.
    pub fn for_path(path: &Path) -> Links {
        if super::data::is_data_name(path) {
            Links::Refused
        } else {
            Links::WithinFolder
        }
    }
}

/// The facts of a regular file (a link as [`Links::for_path`] allows), or why it is not
/// one the host reads. Nothing is opened.
pub fn facts(path: &Path) -> Result<FileFacts, FileRefusal> {
    let meta = checked_metadata(path, Links::for_path(path))?;
    let modified_ns = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let inode = crate::platform::files::inode(&meta);
    Ok(FileFacts {
        len: meta.len(),
        modified_ns,
        inode,
    })
}

/// The metadata of the regular file behind `path` under the rule `links`, or why it is
/// not read.
fn checked_metadata(path: &Path, links: Links) -> Result<std::fs::Metadata, FileRefusal> {
    let link = std::fs::symlink_metadata(path)?;
    let meta = if link.file_type().is_symlink() {
        match links {
            Links::Refused => return Err(FileRefusal::DataFileLink),
            Links::WithinFolder => {
                let target = std::fs::canonicalize(path)
                    .map_err(|e| FileRefusal::DanglingLink(Arc::new(e)))?;
                let folder = path
                    .parent()
                    .map(|p| {
                        if p.as_os_str().is_empty() {
                            Path::new(".")
                        } else {
                            p
                        }
                    })
                    .and_then(|p| std::fs::canonicalize(p).ok());
                if !folder.is_some_and(|f| target.starts_with(&f) && target != f) {
                    return Err(FileRefusal::LinkOutsideFolder);
                }
                let meta = std::fs::metadata(&target)?;
                if !meta.is_file() {
                    return Err(FileRefusal::LinkToSpecial(kind_of(&meta)));
                }
                meta
            }
        }
    } else {
        link
    };
    if !meta.is_file() {
        return Err(FileRefusal::NotRegular(kind_of(&meta)));
    }
    if links == Links::Refused && crate::platform::files::link_count(&meta) > 1 {
        return Err(FileRefusal::HardLink);
    }
    if meta.len() > MAX_PLUGIN_BYTES {
        return Err(FileRefusal::TooLarge { len: meta.len() });
    }
    Ok(meta)
}

/// Opens the regular file behind `path` under the rule `links`, without following a
/// link where the rule refuses them (`O_NOFOLLOW`), without blocking on a FIFO swapped
/// in (`O_NONBLOCK`) and without taking a terminal (`O_NOCTTY`); the opened descriptor is
/// checked to be the very file the check found (a file swapped in between is refused).
fn open_checked(path: &Path, links: Links) -> Result<std::fs::File, FileRefusal> {
    let checked = checked_metadata(path, links)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    crate::platform::files::read_carefully(&mut options, links != Links::Refused);
    let file = options.open(path).map_err(|e| {
        if crate::platform::files::is_link_refused(&e) {
            return FileRefusal::DataFileLink;
        }
        FileRefusal::from(e)
    })?;
    let opened = file.metadata()?;
    // Where the system cannot tell two files apart, the opened one is taken as checked.
    let same = crate::platform::files::same_identity(&opened, &checked).unwrap_or(true);
    if !same || !opened.is_file() {
        return Err(FileRefusal::Replaced);
    }
    if links == Links::Refused && crate::platform::files::link_count(&opened) > 1 {
        return Err(FileRefusal::HardLink);
    }
    Ok(file)
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    use crate::platform::files::{Special, special};
    match special(&meta.file_type()) {
        Some(Special::Fifo) => return "a named pipe",
        Some(Special::Socket) => return "a socket",
        Some(Special::BlockDevice | Special::CharDevice) => return "a device",
        None => {}
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// Reads a whole plugin file, refusing anything that is not a regular file (or a link
/// to one inside its folder) or is larger than [`MAX_PLUGIN_BYTES`] (checked again while
/// reading: the file may grow).
pub fn read_plugin_file(path: &Path) -> Result<Vec<u8>, FileRefusal> {
    read_capped(path, MAX_PLUGIN_BYTES, "a plugin")
}

/// Reads a whole regular file of at most `max` bytes (checked again while reading: the
/// file may grow), its links treated as [`Links::for_path`] says; `what` names it in the
/// refusal ("larger than the 64 MiB a plugin may have").
pub(crate) fn read_capped(
    path: &Path,
    max: u64,
    what: &'static str,
) -> Result<Vec<u8>, FileRefusal> {
    let file = open_checked(path, Links::for_path(path))?;
    let mut data = Vec::new();
    file.take(max + 1).read_to_end(&mut data)?;
    if data.len() as u64 > max {
        return Err(FileRefusal::ReadTooLarge { max, what });
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::{DirSource, PluginDir};

    fn dirs(path: &Path) -> PluginDirs {
        PluginDirs(vec![PluginDir {
            path: path.to_path_buf(),
            source: DirSource::CommandLine,
        }])
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_without_being_opened() {
        let dir = tempfile::tempdir().unwrap();
        let so = std::env::consts::DLL_EXTENSION;
        let fifo = dir.path().join(format!("fifo.{so}"));
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a plain libc call with a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        std::os::unix::fs::symlink("/dev/zero", dir.path().join(format!("zero.{so}"))).unwrap();
        std::os::unix::fs::symlink("/nowhere", dir.path().join(format!("dangling.{so}"))).unwrap();
        std::fs::create_dir(dir.path().join(format!("folder.{so}"))).unwrap();
        let (files, problems) = scan(&dirs(dir.path()));
        assert!(problems.is_empty());
        assert_eq!(files.len(), 4);
        let reason = |name: &str| {
            files
                .iter()
                .find(|f| f.path.file_stem().unwrap() == name)
                .unwrap()
                .facts
                .clone()
                .unwrap_err()
                .to_string()
        };
        assert!(reason("fifo").contains("named pipe"), "{}", reason("fifo"));
        assert!(
            reason("zero").contains("outside its plugins folder"),
            "{}",
            reason("zero")
        );
        assert!(reason("dangling").contains("cannot be found"));
        assert!(reason("folder").contains("a folder"));
        assert_eq!(
            read_plugin_file(&fifo).unwrap_err().to_string(),
            "not a regular file (a named pipe)"
        );
    }

    #[test]
    fn a_too_large_file_is_refused_without_being_read() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir
            .path()
            .join(format!("big.{}", std::env::consts::DLL_EXTENSION));
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(MAX_PLUGIN_BYTES + 1).unwrap();
        let (files, _) = scan(&dirs(dir.path()));
        assert_eq!(
            files[0].facts.as_ref().unwrap_err().to_string(),
            "256 MiB, larger than the 256 MiB a plugin may have"
        );
        assert!(
            read_plugin_file(&big)
                .unwrap_err()
                .to_string()
                .contains("larger than")
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_unreadable_folder_is_reported() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        let (_, problems) = scan(&dirs(&locked));
        let readable_anyway = std::fs::read_dir(&locked).is_ok(); // root reads anything
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
        if !readable_anyway {
            assert_eq!(problems.len(), 1);
            assert!(problems[0].reason.contains("cannot be read"));
        }
        let (_, problems) = scan(&dirs(&dir.path().join("missing")));
        assert!(problems.is_empty(), "a missing folder is simply skipped");
    }

    #[cfg(unix)]
    #[test]
    fn data_files_that_are_links_are_refused_unread() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("secret");
        std::fs::write(&secret, "password = \"hunter2\"\n").unwrap();
        let plugins = dir.path().join("plugins");
        std::fs::create_dir(&plugins).unwrap();
        symlink(&secret, plugins.join("away.mancala.toml")).unwrap();
        std::fs::write(plugins.join("inside.txt"), "x = 1\n").unwrap();
        symlink("inside.txt", plugins.join("near.mancala.toml")).unwrap();
        std::fs::hard_link(&secret, plugins.join("twin.mancala.toml")).unwrap();
        let (files, _) = scan(&dirs(&plugins));
        assert_eq!(files.len(), 3);
        for file in &files {
            let reason = file.facts.clone().unwrap_err().to_string();
            assert!(
                reason.contains("symbolic link") || reason.contains("hard link"),
                "{reason}"
            );
            assert!(!reason.contains("hunter2"), "{reason}");
            let read = read_capped(&file.path, 1 << 20, "a data file")
                .unwrap_err()
                .to_string();
            assert!(!read.contains("hunter2"), "{read}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn library_links_are_followed_only_inside_their_folder() {
        use std::os::unix::fs::symlink;
        let so = std::env::consts::DLL_EXTENSION;
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join(format!("outside.{so}"));
        std::fs::write(&outside, b"\x7fELF outside").unwrap();
        let plugins = dir.path().join("plugins");
        std::fs::create_dir(&plugins).unwrap();
        std::fs::write(plugins.join(format!("real.{so}.1")), b"\x7fELF inside").unwrap();
        symlink(format!("real.{so}.1"), plugins.join(format!("real.{so}"))).unwrap();
        symlink(&outside, plugins.join(format!("away.{so}"))).unwrap();
        symlink(format!("../outside.{so}"), plugins.join(format!("up.{so}"))).unwrap();
        let (files, _) = scan(&dirs(&plugins));
        let find = |name: &str| {
            files
                .iter()
                .find(|f| f.path.file_name().unwrap() == format!("{name}.{so}").as_str())
                .unwrap()
        };
        assert!(find("real").facts.is_ok());
        assert_eq!(
            read_plugin_file(&find("real").path).unwrap(),
            b"\x7fELF inside"
        );
        for name in ["away", "up"] {
            let reason = find(name).facts.clone().unwrap_err().to_string();
            assert_eq!(
                reason,
                "a symbolic link to a file outside its plugins folder: not read (copy the \
                 file into the folder instead)"
            );
            assert!(read_plugin_file(&find(name).path).is_err());
        }
    }

    #[test]
    fn refusals_read_as_before() {
        let cases = [
            (
                FileRefusal::DataFileLink,
                "a symbolic link: a data file is read only from a regular file in the plugins folder (copy the file there instead)",
            ),
            (
                FileRefusal::HardLink,
                "a file with more than one name (a hard link): a data file is read only from a file of its own (copy the file instead)",
            ),
            (
                FileRefusal::LinkToSpecial("a device"),
                "a symbolic link to a device, which is not a regular file",
            ),
            (
                FileRefusal::ReadTooLarge {
                    max: 1 << 20,
                    what: "a data file",
                },
                "larger than the 1 MiB a data file may have",
            ),
            (
                FileRefusal::Replaced,
                "the file was replaced while it was being read: not read",
            ),
        ];
        for (refusal, words) in cases {
            assert_eq!(refusal.to_string(), words);
        }
    }
}
