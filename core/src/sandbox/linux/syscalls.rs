//! seccomp-bpf: the system calls a confined process **may** make — an allow-list.
//!
//! Everything not on [`ALLOWED`] traps (`SIGSYS`, see `trap`): the process ends at once
//! with a report line naming the call. A few calls that libraries probe, or that have
//! harmless uses besides dangerous ones, are allowed through the first filter and then
//! fail with an error number chosen by [`REFUSED`] (e.g. `clone3` with `ENOSYS`, so that
//! the C library falls back to `clone`, whose flags a filter can read; an `ioctl` other
//! than a named few with `ENOTTY`, so that "is this a terminal?" says no and
//! `TIOCSTI` can never type into one).
//!
//! The filters, stacked (the kernel takes the strictest answer of all):
//! 1. **the allow-list**: a listed call whose argument checks hold is allowed, any other
//!    traps. A foreign architecture (a 32-bit `int 0x80`) traps too, and so does every
//!    number with the x32 bit (`nr | 0x4000_0000`), being on no list.
//! 2. **the refusals**: one filter per error number, for the calls of [`REFUSED`].
//! 3. **the `SIGSYS` handler kept**: `rt_sigaction(SIGSYS, …)` fails with `EPERM`.
//! 4. after the plugin's library is loaded ([`lock_exec`]): no new executable memory
//!    (`mmap`/`mprotect` with `PROT_EXEC` trap).

use crate::sandbox::SandboxError;
use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

use crate::sandbox::attempt::Kind;

/// A check on one argument: `(argument index, operation, value)`; a 32-bit comparison
/// unless the operation is a mask.
pub(crate) type Check = (u8, SeccompCmpOp, u64);

/// When a listed call is allowed (or, in [`REFUSED`], refused).
#[derive(Debug, Clone, Copy)]
pub(crate) enum When {
    /// With any arguments.
    Always,
    /// When every check of one of these groups holds (the groups are alternatives).
    Any(&'static [&'static [Check]]),
    /// A signal to this process only (the argument at `pid` is its id), and not one of
    /// those that ask a program to end (SIGHUP, SIGINT, SIGTERM at `signal`): a plugin
    /// that stopped itself so would pass for a process stopped from outside, which does
    /// not count toward its quarantine.
    OwnSignal { pid: u8, signal: u8 },
}

/// An allowed call: number, name, why a plugin needs it, and when.
pub(crate) struct Allowed {
    pub nr: i64,
    pub name: &'static str,
    pub why: &'static str,
    pub when: When,
}

const fn allow(nr: i64, name: &'static str, why: &'static str) -> Allowed {
    Allowed {
        nr,
        name,
        why,
        when: When::Always,
    }
}

const fn allow_when(nr: i64, name: &'static str, why: &'static str, when: When) -> Allowed {
    Allowed {
        nr,
        name,
        why,
        when,
    }
}

use SeccompCmpOp::{Eq, MaskedEq};

/// `mode & (S_ISUID | S_ISGID | S_ISVTX) == 0` at argument `arg`: no set-user-ID,
/// set-group-ID or sticky file.
const fn plain_mode(arg: u8) -> [Check; 1] {
    [(arg, MaskedEq(0o7000), 0)]
}

/// `O_CREAT` and `O_TMPFILE`'s own bit, which make `open` use its mode argument.
const CREATES: u64 = (libc::O_CREAT as u64) | 0x40_0000;

const OPENAT_MODES: &[&[Check]] = &[&[(2, MaskedEq(CREATES), 0)], &plain_mode(3)];
#[cfg(target_arch = "x86_64")]
const OPEN_MODES: &[&[Check]] = &[&[(1, MaskedEq(CREATES), 0)], &plain_mode(2)];
const MKDIRAT_MODE: &[&[Check]] = &[&plain_mode(2)];
const FCHMOD_MODE: &[&[Check]] = &[&plain_mode(1)];
#[cfg(target_arch = "x86_64")]
const MKDIR_MODE: &[&[Check]] = &[&plain_mode(1)];

/// `clone` of a thread: `CLONE_THREAD` and `CLONE_VM` set, no namespace flag.
const CLONE_MASK: u64 = (libc::CLONE_THREAD
    | libc::CLONE_VM
    | libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET) as u64;
const THREAD: &[&[Check]] = &[&[(
    0,
    MaskedEq(CLONE_MASK),
    (libc::CLONE_THREAD | libc::CLONE_VM) as u64,
)]];

/// `prlimit64(0, resource, NULL, old)`: reading its own limits (raising is refused by
/// the kernel without privileges; setting none keeps it simple).
const READ_LIMITS: &[&[Check]] = &[&[(0, Eq, 0), (2, MaskedEq(u64::MAX), 0)]];

/// `seccomp(SECCOMP_SET_MODE_FILTER, 0 or TSYNC, …)`: a filter more, which can only
/// refuse more (the host adds the executable-memory lock after loading the library).
const MORE_FILTERS: &[&[Check]] = &[&[(0, Eq, 1), (1, Eq, 0)], &[(0, Eq, 1), (1, Eq, 1)]];

/// Every call a confined process may make. Grouped as the sections of ARCHITECTURE.md's
/// sandbox list.
pub(crate) const ALLOWED: &[Allowed] = &[
    // Memory.
    allow(libc::SYS_brk, "brk", "the allocator grows the heap"),
    allow(
        libc::SYS_mmap,
        "mmap",
        "the allocator, thread stacks, the loader mapping the library (executable mappings refused once it is loaded)",
    ),
    allow(libc::SYS_munmap, "munmap", "memory given back"),
    allow(
        libc::SYS_mremap,
        "mremap",
        "the allocator grows a large block",
    ),
    allow(
        libc::SYS_mprotect,
        "mprotect",
        "the loader's relocations, thread stack guards (executable refused once the library is loaded)",
    ),
    allow(
        libc::SYS_madvise,
        "madvise",
        "the allocator returns unused pages",
    ),
    // Threads and waiting.
    allow_when(
        libc::SYS_clone,
        "clone",
        "threads for searches (threads only: CLONE_THREAD and CLONE_VM, no namespace)",
        When::Any(THREAD),
    ),
    allow(
        libc::SYS_clone3,
        "clone3",
        "probed by the C library before clone: refused with ENOSYS",
    ),
    allow(
        libc::SYS_futex,
        "futex",
        "locks, channels, waiting for threads",
    ),
    allow(
        libc::SYS_set_robust_list,
        "set_robust_list",
        "each new thread's lock list",
    ),
    allow(
        libc::SYS_rseq,
        "rseq",
        "each new thread's restartable sequences",
    ),
    allow(
        libc::SYS_set_tid_address,
        "set_tid_address",
        "each new thread",
    ),
    allow(
        libc::SYS_sigaltstack,
        "sigaltstack",
        "each thread's stack-overflow handler",
    ),
    allow(
        libc::SYS_rt_sigaction,
        "rt_sigaction",
        "signal handlers (not SIGSYS's: the sandbox's own)",
    ),
    allow(
        libc::SYS_rt_sigprocmask,
        "rt_sigprocmask",
        "threads block signals while they start",
    ),
    allow(
        libc::SYS_rt_sigreturn,
        "rt_sigreturn",
        "the return from a signal handler",
    ),
    allow(
        libc::SYS_restart_syscall,
        "restart_syscall",
        "a wait interrupted by a signal goes on",
    ),
    allow(libc::SYS_sched_yield, "sched_yield", "spinning locks yield"),
    allow(
        libc::SYS_sched_getaffinity,
        "sched_getaffinity",
        "how many processors it may use (asked of a thread by its id, so not checked: it only reads)",
    ),
    allow(libc::SYS_nanosleep, "nanosleep", "sleeping"),
    allow(libc::SYS_clock_nanosleep, "clock_nanosleep", "sleeping"),
    allow(
        libc::SYS_clock_gettime,
        "clock_gettime",
        "time limits of searches",
    ),
    allow(
        libc::SYS_clock_getres,
        "clock_getres",
        "the clocks' resolution",
    ),
    allow(libc::SYS_gettimeofday, "gettimeofday", "the time"),
    allow(libc::SYS_getrandom, "getrandom", "hash tables' random keys"),
    allow(libc::SYS_getpid, "getpid", "its own process id"),
    allow(libc::SYS_gettid, "gettid", "its own thread id"),
    allow(
        libc::SYS_getuid,
        "getuid",
        "its own user id (the C library asks)",
    ),
    allow(
        libc::SYS_geteuid,
        "geteuid",
        "its own user id (the C library asks)",
    ),
    allow(
        libc::SYS_getgid,
        "getgid",
        "its own group id (the C library asks)",
    ),
    allow(
        libc::SYS_getegid,
        "getegid",
        "its own group id (the C library asks)",
    ),
    allow(
        libc::SYS_uname,
        "uname",
        "the kernel's version (the C library asks)",
    ),
    allow(
        libc::SYS_sysinfo,
        "sysinfo",
        "the memory size (the C library's sort asks)",
    ),
    allow(libc::SYS_getrusage, "getrusage", "its own processor time"),
    allow_when(
        libc::SYS_prlimit64,
        "prlimit64",
        "reading its own limits (the stack size of threads)",
        When::Any(READ_LIMITS),
    ),
    allow_when(
        libc::SYS_tgkill,
        "tgkill",
        "a signal to one of its own threads (abort)",
        When::OwnSignal { pid: 0, signal: 2 },
    ),
    allow_when(
        libc::SYS_kill,
        "kill",
        "a signal to itself",
        When::OwnSignal { pid: 0, signal: 1 },
    ),
    allow(libc::SYS_exit, "exit", "a thread ends"),
    allow(libc::SYS_exit_group, "exit_group", "the process ends"),
    allow_when(
        libc::SYS_seccomp,
        "seccomp",
        "one more filter, which can only refuse more (the lock on executable memory)",
        When::Any(MORE_FILTERS),
    ),
    allow(
        libc::SYS_prctl,
        "prctl",
        "naming its threads (PR_SET_NAME, PR_GET_NAME) and PR_SET_NO_NEW_PRIVS (before a filter more); every other option refused with EINVAL",
    ),
    // Descriptors it was handed or opened.
    allow(
        libc::SYS_read,
        "read",
        "requests on its pipe, files it may read",
    ),
    allow(
        libc::SYS_write,
        "write",
        "answers on its pipe, tables it may write",
    ),
    allow(libc::SYS_readv, "readv", "reading"),
    allow(libc::SYS_writev, "writev", "writing"),
    allow(libc::SYS_pread64, "pread64", "reading a table at a place"),
    allow(libc::SYS_pwrite64, "pwrite64", "writing a table at a place"),
    allow(libc::SYS_lseek, "lseek", "moving in a file"),
    allow(libc::SYS_close, "close", "closing"),
    allow(libc::SYS_dup, "dup", "a descriptor copied"),
    allow(libc::SYS_dup3, "dup3", "a descriptor copied"),
    allow(
        libc::SYS_fcntl,
        "fcntl",
        "descriptor flags and locks (owner and signal routes refused with EPERM)",
    ),
    allow(
        libc::SYS_ioctl,
        "ioctl",
        "FIOCLEX, FIONCLEX, FIONBIO, FIONREAD only; every other request refused with ENOTTY",
    ),
    allow(libc::SYS_fstat, "fstat", "a descriptor's size"),
    allow(
        libc::SYS_preadv,
        "preadv",
        "reading at a place into several buffers",
    ),
    allow(
        libc::SYS_pwritev,
        "pwritev",
        "writing at a place from several buffers",
    ),
    allow(
        libc::SYS_preadv2,
        "preadv2",
        "reading at a place into several buffers",
    ),
    allow(
        libc::SYS_pwritev2,
        "pwritev2",
        "writing at a place from several buffers",
    ),
    allow(libc::SYS_ppoll, "ppoll", "waiting on its own descriptors"),
    allow(
        libc::SYS_msync,
        "msync",
        "a memory-mapped table written back",
    ),
    allow_when(
        libc::SYS_fchmod,
        "fchmod",
        "the mode of a file it opened (a copied table; no set-user-ID, set-group-ID or sticky bit)",
        When::Any(FCHMOD_MODE),
    ),
    allow(libc::SYS_ftruncate, "ftruncate", "a table file's size"),
    allow(libc::SYS_fallocate, "fallocate", "a table file's space"),
    allow(libc::SYS_fsync, "fsync", "a table written durably"),
    allow(libc::SYS_fdatasync, "fdatasync", "a table written durably"),
    allow(
        libc::SYS_flock,
        "flock",
        "a table folder locked while built",
    ),
    allow(
        libc::SYS_getdents64,
        "getdents64",
        "listing its tables folder",
    ),
    // Paths (Landlock decides which: the system libraries, its own copy, its tables folder).
    allow_when(
        libc::SYS_openat,
        "openat",
        "opening the library, the loader's files, its tables (no set-user-ID mode)",
        When::Any(OPENAT_MODES),
    ),
    allow(libc::SYS_newfstatat, "newfstatat", "a file's size and kind"),
    allow(libc::SYS_statx, "statx", "a file's size and kind"),
    allow(libc::SYS_faccessat, "faccessat", "whether a file exists"),
    allow(libc::SYS_faccessat2, "faccessat2", "whether a file exists"),
    allow(libc::SYS_readlinkat, "readlinkat", "a path made canonical"),
    allow(libc::SYS_getcwd, "getcwd", "a relative path made absolute"),
    allow_when(
        libc::SYS_mkdirat,
        "mkdirat",
        "its tables folder (no set-group-ID or sticky mode)",
        When::Any(MKDIRAT_MODE),
    ),
    allow(
        libc::SYS_unlinkat,
        "unlinkat",
        "a table's temporary file removed",
    ),
    allow(libc::SYS_renameat, "renameat", "a table moved into place"),
    allow(libc::SYS_renameat2, "renameat2", "a table moved into place"),
    // The same, by their older numbers, which the C library still uses on x86-64.
    #[cfg(target_arch = "x86_64")]
    allow_when(libc::SYS_open, "open", "as openat", When::Any(OPEN_MODES)),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_stat, "stat", "as newfstatat"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_lstat, "lstat", "as newfstatat"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_access, "access", "as faccessat"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_readlink, "readlink", "as readlinkat"),
    #[cfg(target_arch = "x86_64")]
    allow_when(
        libc::SYS_mkdir,
        "mkdir",
        "as mkdirat",
        When::Any(MKDIR_MODE),
    ),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_unlink, "unlink", "as unlinkat"),
    #[cfg(target_arch = "x86_64")]
    allow(
        libc::SYS_rmdir,
        "rmdir",
        "a temporary folder of tables removed",
    ),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_rename, "rename", "as renameat"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_dup2, "dup2", "as dup3"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_poll, "poll", "as ppoll"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_time, "time", "the time"),
    #[cfg(target_arch = "x86_64")]
    allow(libc::SYS_getrlimit, "getrlimit", "reading its own limits"),
    #[cfg(target_arch = "x86_64")]
    allow(
        libc::SYS_arch_prctl,
        "arch_prctl",
        "asked by the C library's loader about processor features: refused with EINVAL",
    ),
    // Probed by libraries, refused with an error (see REFUSED).
    allow(
        libc::SYS_copy_file_range,
        "copy_file_range",
        "probed by the standard library's copy: refused with ENOSYS, which falls back to read and write",
    ),
    allow(
        libc::SYS_sendfile,
        "sendfile",
        "probed by the standard library's copy: refused with ENOSYS",
    ),
    allow(
        libc::SYS_splice,
        "splice",
        "probed by the standard library's copy: refused with ENOSYS",
    ),
    allow(
        libc::SYS_membarrier,
        "membarrier",
        "probed by some runtimes: refused with ENOSYS",
    ),
    allow(
        libc::SYS_sched_setaffinity,
        "sched_setaffinity",
        "tried by some thread pools: refused with EPERM",
    ),
    allow(
        libc::SYS_setpriority,
        "setpriority",
        "tried by some thread pools: refused with EPERM",
    ),
    allow(
        libc::SYS_getpriority,
        "getpriority",
        "asked by some thread pools: refused with EPERM",
    ),
];

/// Calls that pass the allow-list but fail with an error number: `(errno, number, name,
/// when refused)`.
pub(crate) const REFUSED: &[(i32, i64, &str, When)] = &[
    (libc::ENOSYS, libc::SYS_clone3, "clone3", When::Always),
    (
        libc::ENOSYS,
        libc::SYS_copy_file_range,
        "copy_file_range",
        When::Always,
    ),
    (libc::ENOSYS, libc::SYS_sendfile, "sendfile", When::Always),
    (libc::ENOSYS, libc::SYS_splice, "splice", When::Always),
    (
        libc::ENOSYS,
        libc::SYS_membarrier,
        "membarrier",
        When::Always,
    ),
    (
        libc::EPERM,
        libc::SYS_sched_setaffinity,
        "sched_setaffinity",
        When::Always,
    ),
    (
        libc::EPERM,
        libc::SYS_setpriority,
        "setpriority",
        When::Always,
    ),
    (
        libc::EPERM,
        libc::SYS_getpriority,
        "getpriority",
        When::Always,
    ),
    (
        libc::ENOTTY,
        libc::SYS_ioctl,
        "ioctl",
        When::Any(IOCTL_REFUSED),
    ),
    (
        libc::EPERM,
        libc::SYS_fcntl,
        "fcntl",
        When::Any(FCNTL_REFUSED),
    ),
    (
        libc::EINVAL,
        libc::SYS_prctl,
        "prctl",
        When::Any(PRCTL_REFUSED),
    ),
    #[cfg(target_arch = "x86_64")]
    (
        libc::EINVAL,
        libc::SYS_arch_prctl,
        "arch_prctl",
        When::Always,
    ),
    (
        libc::EPERM,
        libc::SYS_rt_sigaction,
        "rt_sigaction",
        When::Any(SIGSYS_HANDLER),
    ),
];

/// Every `ioctl` request but these four fails: `FIOCLEX`, `FIONCLEX`, `FIONBIO`,
/// `FIONREAD` (a descriptor's own flags and how much it holds). `TIOCSTI`, `TIOCLINUX`,
/// `TIOCSETD` and every terminal request among the refused.
const IOCTL_REFUSED: &[&[Check]] = &[&[
    (1, SeccompCmpOp::Ne, libc::FIOCLEX),
    (1, SeccompCmpOp::Ne, libc::FIONCLEX),
    (1, SeccompCmpOp::Ne, libc::FIONBIO),
    (1, SeccompCmpOp::Ne, libc::FIONREAD),
]];

/// `fcntl`'s `F_SETSIG` and `F_SETOWN_EX` (asm-generic/fcntl.h), which `libc` lacks.
const F_SETSIG: u64 = 10;
const F_SETOWN_EX: u64 = 15;

/// `fcntl` commands that route signals or leases to a process: `F_SETOWN`,
/// `F_SETOWN_EX`, `F_SETSIG`, `F_SETLEASE`, `F_NOTIFY`.
const FCNTL_REFUSED: &[&[Check]] = &[
    &[(1, Eq, libc::F_SETOWN as u64)],
    &[(1, Eq, F_SETOWN_EX)],
    &[(1, Eq, F_SETSIG)],
    &[(1, Eq, libc::F_SETLEASE as u64)],
    &[(1, Eq, libc::F_NOTIFY as u64)],
];

/// Every `prctl` option but naming a thread and giving up privileges for good.
const PRCTL_REFUSED: &[&[Check]] = &[&[
    (0, SeccompCmpOp::Ne, libc::PR_SET_NAME as u64),
    (0, SeccompCmpOp::Ne, libc::PR_GET_NAME as u64),
    (0, SeccompCmpOp::Ne, libc::PR_SET_NO_NEW_PRIVS as u64),
]];

/// The sandbox's own `SIGSYS` handler cannot be replaced.
const SIGSYS_HANDLER: &[&[Check]] = &[&[(0, Eq, libc::SIGSYS as u64)]];

/// The report's name and kind of system call `nr` (allocation-free: called from the
/// signal handler): the kind by what the call does, the name from the kernel's table.
pub(super) fn describe(nr: i64) -> (&'static str, Kind) {
    let name = super::names::name(nr).unwrap_or("?");
    (name, kind_of(name))
}

/// The kinds of refused calls, each with the names that are of it; a call in none is
/// [`Kind::System`]. An allow-list of names: a name not here is never given a kind.
const KINDS: &[(Kind, &[&str])] = &[
    (Kind::Network, NETWORK),
    (Kind::Exec, EXEC),
    (Kind::Process, PROCESS),
    (Kind::Debug, DEBUG),
    (Kind::Signal, SIGNAL),
    (Kind::Files, FILES),
    (Kind::Memory, MEMORY),
    (Kind::Scheduling, SCHEDULING),
];

/// Calls that reach a network.
const NETWORK: &[&str] = &[
    "socket",
    "socketpair",
    "connect",
    "bind",
    "listen",
    "accept",
    "accept4",
    "sendto",
    "recvfrom",
    "sendmsg",
    "recvmsg",
    "sendmmsg",
    "recvmmsg",
    "shutdown",
];
/// Calls that run another program.
const EXEC: &[&str] = &["execve", "execveat"];
/// Calls that make or manage processes.
const PROCESS: &[&str] = &[
    "fork", "vfork", "clone", "setsid", "setpgid", "wait4", "waitid",
];
/// Calls that read or change another process.
const DEBUG: &[&str] = &[
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "pidfd_getfd",
    "process_madvise",
];
/// Calls that signal another process.
const SIGNAL: &[&str] = &[
    "kill",
    "tgkill",
    "tkill",
    "rt_sigqueueinfo",
    "rt_tgsigqueueinfo",
    "pidfd_open",
    "pidfd_send_signal",
];
/// Calls that change files' modes, owners, times, attributes or links, or watch files.
const FILES: &[&str] = &[
    "chmod",
    "fchmod",
    "fchmodat",
    "fchmodat2",
    "chown",
    "fchown",
    "lchown",
    "fchownat",
    "utime",
    "utimes",
    "futimesat",
    "utimensat",
    "setxattr",
    "lsetxattr",
    "fsetxattr",
    "removexattr",
    "lremovexattr",
    "fremovexattr",
    "setxattrat",
    "removexattrat",
    "link",
    "linkat",
    "symlink",
    "symlinkat",
    "mknod",
    "mknodat",
    "truncate",
    "inotify_init",
    "inotify_init1",
    "inotify_add_watch",
    "fanotify_init",
    "fanotify_mark",
    "file_setattr",
];
/// Calls that share memory or messages with other processes, or change memory protection keys.
const MEMORY: &[&str] = &[
    "memfd_create",
    "memfd_secret",
    "shmget",
    "shmat",
    "shmctl",
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
    "semget",
    "semop",
    "semctl",
    "semtimedop",
    "mq_open",
    "pkey_mprotect",
    "userfaultfd",
];
/// Calls that change how processes are scheduled.
const SCHEDULING: &[&str] = &[
    "sched_setscheduler",
    "sched_setparam",
    "sched_setattr",
    "ioprio_set",
];
/// What kind of thing a refused call tried, by its name (the first kind of [`KINDS`]
/// that names it, else [`Kind::System`]).
const fn kind_of(name: &str) -> Kind {
    let mut i = 0;
    while i < KINDS.len() {
        if contains(KINDS[i].1, name) {
            return KINDS[i].0;
        }
        i += 1;
    }
    Kind::System
}

const fn contains(list: &[&str], name: &str) -> bool {
    let mut i = 0;
    while i < list.len() {
        if same(list[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

fn arch() -> Result<seccompiler::TargetArch, SandboxError> {
    Ok(std::env::consts::ARCH.try_into()?)
}

/// A condition on argument `arg`: its low 32 bits (`Dword`, for `int` arguments such as
/// a process id, whose upper register half the kernel does not define, and for `ioctl`
/// and `fcntl` requests, which the kernel reads as 32-bit) or, for a mask, all 64 (a
/// pointer is compared to NULL as `MaskedEq(u64::MAX)`).
fn condition(arg: u8, op: SeccompCmpOp, value: u64) -> Result<SeccompCondition, SandboxError> {
    let len = if matches!(op, SeccompCmpOp::MaskedEq(_)) {
        SeccompCmpArgLen::Qword
    } else {
        SeccompCmpArgLen::Dword
    };
    Ok(SeccompCondition::new(arg, len, op, value)?)
}

/// The rules of `when` (empty: always).
fn rules(when: When) -> Result<Vec<SeccompRule>, SandboxError> {
    let groups: Vec<Vec<SeccompCondition>> = match when {
        When::Always => return Ok(Vec::new()),
        When::Any(groups) => groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|(a, op, v)| condition(*a, op.clone(), *v))
                    .collect()
            })
            .collect::<Result<_, _>>()?,
        When::OwnSignal { pid, signal } => {
            let mut group = vec![condition(pid, Eq, u64::from(std::process::id()))?];
            for s in [libc::SIGHUP, libc::SIGINT, libc::SIGTERM] {
                group.push(condition(signal, SeccompCmpOp::Ne, s as u64)?);
            }
            vec![group]
        }
    };
    groups
        .into_iter()
        .map(|g| Ok(SeccompRule::new(g)?))
        .collect()
}

/// The instruction seccompiler ends a foreign architecture with, and what it becomes.
const KILL_PROCESS: u32 = 0x8000_0000;
const TRAP: u32 = 0x0003_0000;

/// Compiles `filter`, making its foreign-architecture answer a trap (reported like any
/// refused call) instead of a silent kill.
fn compile(filter: SeccompFilter) -> Result<BpfProgram, SandboxError> {
    let mut program: BpfProgram = filter.try_into()?;
    // seccompiler starts every program with: load arch; jump if ours; return KILL_PROCESS.
    match program.get_mut(2) {
        Some(ret) if ret.code == 0x06 && ret.k == KILL_PROCESS => ret.k = TRAP,
        _ => return Err(SandboxError::FilterShape),
    }
    Ok(program)
}

fn install(program: &BpfProgram) -> Result<(), SandboxError> {
    Ok(seccompiler::apply_filter_all_threads(program)?)
}

/// The filters 1–3 of the module's docs, compiled.
pub(crate) fn programs() -> Result<Vec<BpfProgram>, SandboxError> {
    let mut allowed: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for a in ALLOWED {
        allowed.insert(a.nr, rules(a.when)?);
    }
    let list = SeccompFilter::new(allowed, SeccompAction::Trap, SeccompAction::Allow, arch()?)?;
    let mut programs = vec![compile(list)?];
    let mut by_errno: BTreeMap<i32, BTreeMap<i64, Vec<SeccompRule>>> = BTreeMap::new();
    for &(errno, nr, _, when) in REFUSED {
        by_errno.entry(errno).or_default().insert(nr, rules(when)?);
    }
    for (errno, calls) in by_errno {
        let filter = SeccompFilter::new(
            calls,
            SeccompAction::Allow,
            SeccompAction::Errno(errno as u32),
            arch()?,
        )?;
        programs.push(compile(filter)?);
    }
    Ok(programs)
}

/// Installs the filters 1–3 on every thread of the process.
pub(super) fn apply() -> Result<(), SandboxError> {
    for program in programs()? {
        install(&program)?;
    }
    Ok(())
}

/// Filter 4: from now on no memory may be made executable (`mmap` or `mprotect` with
/// `PROT_EXEC` trap). Called once the plugin's library is loaded.
pub(super) fn lock_exec() -> Result<(), SandboxError> {
    let exec = SeccompCondition::new(
        2,
        SeccompCmpArgLen::Qword,
        MaskedEq(libc::PROT_EXEC as u64),
        libc::PROT_EXEC as u64,
    )?;
    let rule = || SeccompRule::new(vec![exec.clone()]);
    let mut calls = BTreeMap::new();
    calls.insert(libc::SYS_mmap, vec![rule()?]);
    calls.insert(libc::SYS_mprotect, vec![rule()?]);
    let filter = SeccompFilter::new(calls, SeccompAction::Allow, SeccompAction::Trap, arch()?)?;
    install(&compile(filter)?)
}
