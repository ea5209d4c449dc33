//! A mount namespace whose root holds only what the process may reach: so that a plugin
//! cannot even learn whether another path exists (`stat` of any path is beyond seccomp,
//! which cannot read a path, and beyond Landlock, which does not govern `stat`).
//!
//! The process leaves the system's mount namespace (`unshare(CLONE_NEWNS)`, as root; in a
//! user namespace of its own otherwise), mounts an empty tmpfs, binds into it, at their
//! own paths, the folders and files it keeps (the system libraries, its private copy,
//! its tables folder) and `/proc` (the loader opens the library as `/proc/self/fd/N`),
//! makes that the root (`pivot_root`) and lets the old one go. The working folder is
//! kept by name (an empty folder where nothing kept is below it), so relative paths to
//! kept places still work. Everything but the folders it may write is remounted
//! read-only, without set-user-ID or device files. `/proc` is there whole: a plugin can
//! learn which process ids exist (Landlock keeps it from opening their files). Where the
//! system refuses a step before the old root is left, the process goes on without it
//! (Landlock and seccomp still hold); [`isolate`] says which, and the status says so.

use crate::sandbox::SandboxError;
use std::{
    ffi::CString,
    os::unix::ffi::OsStrExt,
    path::{Component, Path, PathBuf},
};

/// Where the new root is mounted before it becomes the root: the first of these that is
/// a folder and holds none of the kept paths.
const MOUNT_POINTS: [&str; 5] = ["/mnt", "/srv", "/media", "/opt", "/boot"];

fn c(path: &Path) -> Result<CString, SandboxError> {
    CString::new(path.as_os_str().as_bytes()).map_err(|e| {
        SandboxError::path(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidInput, e),
        )
    })
}

/// `root` joined with the absolute `path`.
fn under(root: &Path, path: &Path) -> PathBuf {
    let mut out = root.to_path_buf();
    for part in path.components() {
        if let Component::Normal(p) = part {
            out.push(p);
        }
    }
    out
}

fn write_file(path: &str, text: &str) -> Result<(), SandboxError> {
    std::fs::write(path, text).map_err(|e| SandboxError::path(path, e))
}

/// Leaves the system's mount namespace for one whose root holds only `keep` (absolute
/// paths; links kept as links) and `/proc`. `Ok(true)`: done; `Ok(false)`: the system
/// does not allow it here (at most a private copy of the system's mounts was made);
/// `Err`: it failed after the root changed (the process must not go on to load plugin
/// code).
pub(super) fn isolate(keep: &[PathBuf], writable: &[PathBuf]) -> Result<bool, SandboxError> {
    let cwd = std::env::current_dir().ok();
    let keep = kept(keep);
    let Some(point) = MOUNT_POINTS
        .iter()
        .map(PathBuf::from)
        .find(|m| m.is_dir() && !keep.iter().any(|k| k.starts_with(m) || m.starts_with(k)))
    else {
        return Ok(false);
    };
    if !enter_mount_namespace()? || !build_root(&point, &keep, writable, cwd.as_deref())? {
        return Ok(false);
    }
    pivot(&point, cwd.as_deref())
}

/// The paths of `keep` made absolute, those that exist, shortest first, once each.
fn kept(keep: &[PathBuf]) -> Vec<PathBuf> {
    let mut keep: Vec<PathBuf> = keep
        .iter()
        .filter_map(|p| std::path::absolute(p).ok())
        .filter(|p| p.symlink_metadata().is_ok())
        .collect();
    keep.sort_by_key(|p| p.components().count());
    keep.dedup();
    keep
}

/// Enters a mount namespace of its own, in a user namespace (with this user's ids mapped)
/// when the system allows no other. `Ok(false)`: not allowed here.
fn enter_mount_namespace() -> Result<bool, SandboxError> {
    // SAFETY: plain system calls on this process.
    unsafe {
        let uid = libc::getuid();
        let gid = libc::getgid();
        if libc::unshare(libc::CLONE_NEWNS) != 0 {
            // A user namespace takes a process of one thread: helper threads that have
            // just finished (pipes read, a watch stopped) are given a moment to go.
            wait_for_one_thread();
            if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) != 0 {
                return Ok(false);
            }
            // A process that is not dumpable cannot write its own maps: for a moment it is.
            libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0);
            let mapped = write_file("/proc/self/setgroups", "deny")
                .and_then(|()| write_file("/proc/self/uid_map", &format!("{uid} {uid} 1")))
                .and_then(|()| write_file("/proc/self/gid_map", &format!("{gid} {gid} 1")));
            libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
            // In a user namespace without maps the process could make no file: it must
            // not go on as if nothing happened.
            mapped?;
        }
    }
    Ok(true)
}

/// Makes the namespace's mounts private and builds the new root at `point`: a small
/// tmpfs with `keep` and `/proc` bound in, read-only but for the `writable` folders, and
/// the working folder `cwd`. `Ok(false)`: a step failed (the root has not changed).
fn build_root(
    point: &Path,
    keep: &[PathBuf],
    writable: &[PathBuf],
    cwd: Option<&Path>,
) -> Result<bool, SandboxError> {
    // Until the root changes, a failure leaves only a private copy of the system's
    // mounts, seen by this process alone: it goes on without a root of its own.
    // SAFETY: mounts in this process's own mount namespace, of C strings that live
    // across the calls.
    unsafe {
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Ok(false);
        }
        let root = c(point)?;
        if libc::mount(
            c"tavola".as_ptr(),
            root.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            c"mode=0755,size=1m".as_ptr().cast(),
        ) != 0
        {
            return Ok(false);
        }
    }
    let mut places = keep.to_vec();
    places.push(PathBuf::from("/proc"));
    for path in &places {
        if bind(point, path).is_err() {
            return Ok(false);
        }
    }
    // Read-only, no set-user-ID, no devices: all but the folders it may write.
    for path in &places {
        let target = under(point, path);
        if !writable.iter().any(|w| path.starts_with(w))
            && !path
                .symlink_metadata()
                .is_ok_and(|m| m.file_type().is_symlink())
        {
            read_only(&target);
        }
    }
    if let Some(cwd) = cwd {
        let _ = std::fs::create_dir_all(under(point, cwd));
    }
    Ok(true)
}

/// Makes `point` the root, leaves the old one, and goes back to the working folder
/// `cwd`. `Ok(false)`: the root could not change; `Err`: it failed after it changed.
fn pivot(point: &Path, cwd: Option<&Path>) -> Result<bool, SandboxError> {
    let old = point.join(".old");
    if std::fs::create_dir_all(&old).is_err() {
        return Ok(false);
    }
    let root = c(point)?;
    let old_c = c(&old)?;
    // SAFETY: plain system calls on this process, of C strings that live across them.
    unsafe {
        if libc::syscall(libc::SYS_pivot_root, root.as_ptr(), old_c.as_ptr()) != 0 {
            return Ok(false);
        }
        // From here the old root is gone from sight: a failure is the process's end.
        if libc::chdir(c"/".as_ptr()) != 0 {
            return Err(SandboxError::last_os("chdir"));
        }
        if libc::umount2(c"/.old".as_ptr(), libc::MNT_DETACH) != 0 {
            return Err(SandboxError::last_os("leaving the old root"));
        }
        let _ = libc::rmdir(c"/.old".as_ptr());
        if let Some(cwd) = cwd {
            let here = c(cwd)?;
            if libc::chdir(here.as_ptr()) != 0 {
                return Err(SandboxError::last_os("back to the working folder"));
            }
        }
    }
    Ok(true)
}

/// Remounts the bind at `target` read-only, without set-user-ID or device files, keeping
/// the flags a user namespace may not drop (`noexec`, the access-time ones). Best effort:
/// Landlock and seccomp hold the line where it fails.
fn read_only(target: &Path) {
    let Ok(path) = c(target) else { return };
    // SAFETY: statvfs into a zeroed struct, then a remount of our own bind.
    unsafe {
        let mut info: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(path.as_ptr(), &mut info) != 0 {
            return;
        }
        let kept = info.f_flag;
        let mut flags = libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID;
        flags |= libc::MS_NODEV;
        for (st, ms) in [
            (libc::ST_NOEXEC, libc::MS_NOEXEC),
            (libc::ST_NOATIME, libc::MS_NOATIME),
            (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
            (libc::ST_RELATIME, libc::MS_RELATIME),
        ] {
            if kept & st != 0 {
                flags |= ms;
            }
        }
        libc::mount(
            std::ptr::null(),
            path.as_ptr(),
            std::ptr::null(),
            flags,
            std::ptr::null(),
        );
    }
}

/// Waits (at most a second) until this process runs one thread.
fn wait_for_one_thread() {
    let threads = || {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("Threads:"))
                    .and_then(|n| n.trim().parse::<u32>().ok())
            })
            .unwrap_or(1)
    };
    let until = std::time::Instant::now() + std::time::Duration::from_secs(1);
    while threads() > 1 && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Makes `path` (a folder, a file or a link) appear at the same path under `root`.
fn bind(root: &Path, path: &Path) -> Result<(), SandboxError> {
    let target = under(root, path);
    let meta = path
        .symlink_metadata()
        .map_err(|e| SandboxError::path(path, e))?;
    if let Some(parent) = target.parent()
        && !parent.exists()
    {
        std::fs::create_dir_all(parent).map_err(|e| SandboxError::path(parent, e))?;
    }
    if meta.file_type().is_symlink() {
        if target.symlink_metadata().is_err() {
            let to = std::fs::read_link(path).map_err(|e| SandboxError::path(path, e))?;
            std::os::unix::fs::symlink(&to, &target).map_err(|e| SandboxError::path(&target, e))?;
        }
        return Ok(());
    }
    if meta.is_dir() {
        if !target.exists() {
            std::fs::create_dir_all(&target).map_err(|e| SandboxError::path(&target, e))?;
        }
    } else if !target.exists() {
        std::fs::File::create(&target).map_err(|e| SandboxError::path(&target, e))?;
    }
    let (from, to) = (c(path)?, c(&target)?);
    // SAFETY: a bind mount between two paths that exist.
    let done = unsafe {
        libc::mount(
            from.as_ptr(),
            to.as_ptr(),
            std::ptr::null(),
            libc::MS_BIND | libc::MS_REC,
            std::ptr::null(),
        )
    };
    if done != 0 {
        return Err(SandboxError::path(path, std::io::Error::last_os_error()));
    }
    Ok(())
}

/// Whether this system would let a process of this user make a root of its own: root
/// may; another user needs user namespaces (not turned off by `max_user_namespaces`,
/// Debian's `unprivileged_userns_clone` or Ubuntu's AppArmor restriction).
pub(super) fn available() -> bool {
    // SAFETY: a plain query.
    if unsafe { libc::geteuid() } == 0 {
        return true;
    }
    let read = |p: &str| std::fs::read_to_string(p).ok().map(|v| v.trim().to_owned());
    read("/proc/sys/user/max_user_namespaces").is_none_or(|v| v != "0")
        && read("/proc/sys/kernel/unprivileged_userns_clone").is_none_or(|v| v != "0")
        && read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns").is_none_or(|v| v != "1")
}
