//! Files: a file's identity (device and inode), its number of names, kinds of special
//! files, opening without following a link, private modes (`0700` folders, `0600`
//! files), flushing a folder, and a loaded library's path by its descriptor.
//!
//! Unix has all of it. Elsewhere a file has no inode here (0), one name, no special kind
//! Tavola names, no mode (the user's profile folder is private already on Windows), and
//! a folder cannot be flushed (renames are journalled).

use std::{
    fs::{File, FileType, Metadata, OpenOptions},
    path::{Path, PathBuf},
};

/// A file's inode number (0 where the system has none).
pub fn inode(meta: &Metadata) -> u64 {
    #[cfg(unix)]
    return std::os::unix::fs::MetadataExt::ino(meta);
    #[cfg(not(unix))]
    {
        let _ = meta;
        0
    }
}

/// Whether two files' metadata are of one file (the same device and inode). `None`
/// where the system cannot tell.
pub fn same_identity(a: &Metadata, b: &Metadata) -> Option<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(a.dev() == b.dev() && a.ino() == b.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        None
    }
}

/// How many names (hard links) a file has (1 where the system cannot tell).
pub fn link_count(meta: &Metadata) -> u64 {
    #[cfg(unix)]
    return std::os::unix::fs::MetadataExt::nlink(meta);
    #[cfg(not(unix))]
    {
        let _ = meta;
        1
    }
}

/// A special file: neither a regular file, a folder nor a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// A character device (such as `/dev/null`).
    CharDevice,
    /// A block device (a disk).
    BlockDevice,
    /// A FIFO (a named pipe).
    Fifo,
    /// A socket.
    Socket,
}

/// Which special file `kind` is, if the system names it.
pub fn special(kind: &FileType) -> Option<Special> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return Some(Special::CharDevice);
        }
        if kind.is_block_device() {
            return Some(Special::BlockDevice);
        }
        if kind.is_fifo() {
            return Some(Special::Fifo);
        }
        if kind.is_socket() {
            return Some(Special::Socket);
        }
    }
    #[cfg(not(unix))]
    let _ = kind;
    None
}

/// Sets `options` to open for reading without blocking on a FIFO (`O_NONBLOCK`),
/// without taking a terminal (`O_NOCTTY`), and, with `follow_links` false, without
/// following a link (`O_NOFOLLOW`: the open fails, [`is_link_refused`]). Elsewhere
/// nothing: the caller checks what it opened.
pub fn read_carefully(options: &mut OpenOptions, follow_links: bool) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let mut flags = libc::O_NONBLOCK | libc::O_NOCTTY;
        if !follow_links {
            flags |= libc::O_NOFOLLOW;
        }
        options.custom_flags(flags);
    }
    #[cfg(not(unix))]
    let _ = (options, follow_links);
}

/// Whether an open failed because it met a link it was told not to follow.
pub fn is_link_refused(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    return e.raw_os_error() == Some(libc::ELOOP);
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Sets `options` to create a file readable and writable by its owner only (`0600`).
pub fn owner_only(options: &mut OpenOptions) {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(options, 0o600);
    #[cfg(not(unix))]
    let _ = options;
}

/// Makes `dir` (its parents too) a folder of this user's alone: created with mode
/// `0700`, an existing one set to `0700`. Returns `false`, changing nothing, when it is
/// not a folder or belongs to another user (a folder someone else made in a shared place
/// could hold their files under our names). Elsewhere the folder is created.
pub fn private_dir(dir: &Path) -> std::io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
        let meta = std::fs::symlink_metadata(dir)?;
        // SAFETY: a plain system call without arguments.
        let me = unsafe { libc::geteuid() };
        if !meta.is_dir() || meta.uid() != me {
            return Ok(false);
        }
        if meta.mode() & 0o777 != 0o700 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
        }
        Ok(true)
    }
    #[cfg(not(unix))]
    std::fs::create_dir_all(dir).map(|()| true)
}

/// Sets a regular file that others may read or write to `0600` (errors ignored: the
/// file is then as it was).
pub fn make_owner_only(path: &Path, meta: &Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.is_file() && meta.permissions().mode() & 0o077 != 0 {
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
        }
    }
    #[cfg(not(unix))]
    let _ = (path, meta);
}

/// Flushes a folder's entries (a rename) to the disk, where the system allows it
/// (Windows cannot open a folder as a file; its renames are journalled).
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    return File::open(dir)?.sync_all();
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// A path that names the opened `file` itself for the rest of the process
/// (`/proc/self/fd/N`, Linux: a library loaded by it is the very file checked, whatever
/// is renamed over its name); the descriptor stays open. `None` elsewhere (the file is
/// then closed).
pub fn path_of_open_file(file: File) -> Option<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::IntoRawFd;
        let by_fd = PathBuf::from(format!("/proc/self/fd/{}", file.into_raw_fd()));
        by_fd.exists().then_some(by_fd)
    }
    #[cfg(not(target_os = "linux"))]
    {
        drop(file);
        None
    }
}
