//! What a save may be written over: nothing but a regular file (or no file yet).
//!
//! A save is written to a temporary file and renamed over its target, so writing "to"
//! a device, a FIFO or a socket would replace that node with a plain file (as root,
//! `/dev/full` or `/dev/null` itself), and opening one to append would write through it.
//! Both are refused with what is there. A **symbolic link** is followed: the file it
//! leads to (through every link) is replaced atomically, beside itself, and the link
//! stays a link; a link that leads to nothing, or to something that is not a regular
//! file, is refused like that thing.

use std::{
    io::{Error, ErrorKind},
    path::{Path, PathBuf},
};

/// Where a save of `path` is written: `path` itself when nothing is there or it is a
/// regular file, the file a symbolic link leads to; an error (`InvalidInput`, its
/// message saying what is there) for a folder, a device, a FIFO, a socket or a link to
/// nothing.
pub(super) fn writable_target(path: &Path) -> Result<PathBuf, Error> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        // Nothing there (or a parent that is not a folder, which creating the folders
        // reports): a new file.
        Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => {
            return Ok(path.to_path_buf());
        }
        Err(e) => return Err(e),
    };
    if !meta.file_type().is_symlink() {
        return refuse_unless_regular(&meta.file_type(), None).map(|()| path.to_path_buf());
    }
    let real = std::fs::canonicalize(path).map_err(|e| {
        let to =
            std::fs::read_link(path).map_or_else(|_| "?".to_owned(), |t| t.display().to_string());
        if e.kind() == ErrorKind::NotFound {
            refusal(format!(
                "it is a symbolic link to {to}, which does not exist; a save follows a link \
                 only to an existing regular file"
            ))
        } else {
            Error::new(
                e.kind(),
                format!("following its symbolic link to {to}: {e}"),
            )
        }
    })?;
    let meta = std::fs::metadata(&real)?;
    refuse_unless_regular(&meta.file_type(), Some(&real))?;
    Ok(real)
}

/// An error if an open file (the record being appended to) is not a regular file.
pub(super) fn check_open_file(file: &std::fs::File) -> Result<(), Error> {
    refuse_unless_regular(&file.metadata()?.file_type(), None)
}

fn refusal(text: String) -> Error {
    Error::new(ErrorKind::InvalidInput, text)
}

/// `Ok` for a regular file; else what it is, in words (reached through a link to
/// `via`, if given).
fn refuse_unless_regular(kind: &std::fs::FileType, via: Option<&Path>) -> Result<(), Error> {
    if kind.is_file() {
        return Ok(());
    }
    let what = describe(kind);
    let what = match via {
        Some(real) => format!("it is a symbolic link to {}, {what}", real.display()),
        None => format!("it is {what}"),
    };
    Err(refusal(format!(
        "{what}, not a regular file; saves and records are written only to regular files"
    )))
}

/// What a file that is not a regular one is, in words.
fn describe(kind: &std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a folder";
    }
    use crate::platform::files::{Special, special};
    match special(kind) {
        Some(Special::CharDevice) => "a character device (such as /dev/null)",
        Some(Special::BlockDevice) => "a block device (a disk)",
        Some(Special::Fifo) => "a FIFO (a named pipe)",
        Some(Special::Socket) => "a socket",
        None => "a special file",
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    fn mkfifo(path: &Path) {
        let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid C string; mkfifo only creates a node.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
    }

    #[test]
    fn nothing_or_a_regular_file_is_written_where_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.json");
        assert_eq!(writable_target(&new).unwrap(), new);
        std::fs::write(&new, b"x").unwrap();
        assert_eq!(writable_target(&new).unwrap(), new);
    }

    #[test]
    fn devices_fifos_sockets_and_folders_are_refused_saying_what_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        mkfifo(&fifo);
        let e = writable_target(&fifo).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert!(e.to_string().contains("a FIFO"), "{e}");
        let e = writable_target(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
        let socket = dir.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let e = writable_target(&socket).unwrap_err();
        assert!(e.to_string().contains("a socket"), "{e}");
        let e = writable_target(dir.path()).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
    }

    #[test]
    fn a_link_leads_to_its_file_and_a_link_to_a_device_or_nothing_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        std::fs::write(&real, b"x").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let chain = dir.path().join("chain.json");
        std::os::unix::fs::symlink(&link, &chain).unwrap();
        let real = real.canonicalize().unwrap();
        assert_eq!(writable_target(&link).unwrap(), real);
        assert_eq!(writable_target(&chain).unwrap(), real);
        let to_null = dir.path().join("null.json");
        std::os::unix::fs::symlink("/dev/null", &to_null).unwrap();
        let e = writable_target(&to_null).unwrap_err();
        assert!(
            e.to_string().contains("link to /dev/null, a character"),
            "{e}"
        );
        let dangling = dir.path().join("dangling.json");
        std::os::unix::fs::symlink(dir.path().join("gone"), &dangling).unwrap();
        let e = writable_target(&dangling).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert!(e.to_string().contains("does not exist"), "{e}");
    }
}
