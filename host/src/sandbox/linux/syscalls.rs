//! seccomp-bpf: the system calls a confined process may not make.
//!
//! Two filters. The first traps (`SIGSYS`, see `trap`) every forbidden call, which ends
//! the process with a report; the second makes `clone3` fail with `ENOSYS` (its flags
//! live in memory a filter cannot read), so that the C library creates threads with
//! `clone`, whose flags the first filter checks, and refuses to change the `SIGSYS`
//! handler.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

use crate::sandbox::attempt::Kind;

/// When a listed call is forbidden.
#[derive(Debug, Clone, Copy)]
enum When {
    /// Always.
    Always,
    /// When its first argument is not this process (`kill`, `tgkill`…), or the signal
    /// (the argument at this index) is one that asks a program to end (SIGHUP, SIGINT,
    /// SIGTERM): a plugin that stopped itself so would pass for a process stopped from
    /// outside, which does not count toward its quarantine.
    NotSelf { signal_arg: u8 },
    /// When its first argument is neither 0 nor this process (`prlimit64`).
    NotZeroOrSelf,
    /// `clone` without `CLONE_THREAD`: a new process.
    NotThread,
}

/// Every forbidden call: number, name (for the report), kind, condition.
const FORBIDDEN: &[(i64, &str, Kind, When)] = &[
    (libc::SYS_socket, "socket", Kind::Network, When::Always),
    (
        libc::SYS_socketpair,
        "socketpair",
        Kind::Network,
        When::Always,
    ),
    (libc::SYS_connect, "connect", Kind::Network, When::Always),
    (libc::SYS_bind, "bind", Kind::Network, When::Always),
    (libc::SYS_listen, "listen", Kind::Network, When::Always),
    (libc::SYS_accept, "accept", Kind::Network, When::Always),
    (libc::SYS_accept4, "accept4", Kind::Network, When::Always),
    (libc::SYS_execve, "execve", Kind::Exec, When::Always),
    (libc::SYS_execveat, "execveat", Kind::Exec, When::Always),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_fork, "fork", Kind::Process, When::Always),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_vfork, "vfork", Kind::Process, When::Always),
    (libc::SYS_clone, "clone", Kind::Process, When::NotThread),
    (libc::SYS_setsid, "setsid", Kind::Process, When::Always),
    (libc::SYS_setpgid, "setpgid", Kind::Process, When::Always),
    (libc::SYS_ptrace, "ptrace", Kind::Debug, When::Always),
    (
        libc::SYS_process_vm_readv,
        "process_vm_readv",
        Kind::Debug,
        When::Always,
    ),
    (
        libc::SYS_process_vm_writev,
        "process_vm_writev",
        Kind::Debug,
        When::Always,
    ),
    (libc::SYS_kcmp, "kcmp", Kind::Debug, When::Always),
    (
        libc::SYS_pidfd_getfd,
        "pidfd_getfd",
        Kind::Debug,
        When::Always,
    ),
    (
        libc::SYS_process_madvise,
        "process_madvise",
        Kind::Debug,
        When::Always,
    ),
    (
        libc::SYS_kill,
        "kill",
        Kind::Signal,
        When::NotSelf { signal_arg: 1 },
    ),
    (
        libc::SYS_tgkill,
        "tgkill",
        Kind::Signal,
        When::NotSelf { signal_arg: 2 },
    ),
    (libc::SYS_tkill, "tkill", Kind::Signal, When::Always),
    (
        libc::SYS_rt_sigqueueinfo,
        "rt_sigqueueinfo",
        Kind::Signal,
        When::NotSelf { signal_arg: 1 },
    ),
    (
        libc::SYS_rt_tgsigqueueinfo,
        "rt_tgsigqueueinfo",
        Kind::Signal,
        When::NotSelf { signal_arg: 2 },
    ),
    (
        libc::SYS_pidfd_open,
        "pidfd_open",
        Kind::Signal,
        When::Always,
    ),
    (
        libc::SYS_pidfd_send_signal,
        "pidfd_send_signal",
        Kind::Signal,
        When::Always,
    ),
    (
        libc::SYS_prlimit64,
        "prlimit64",
        Kind::System,
        When::NotZeroOrSelf,
    ),
    (
        libc::SYS_io_uring_setup,
        "io_uring_setup",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_io_uring_enter,
        "io_uring_enter",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_io_uring_register,
        "io_uring_register",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_mount, "mount", Kind::System, When::Always),
    (libc::SYS_umount2, "umount2", Kind::System, When::Always),
    (
        libc::SYS_pivot_root,
        "pivot_root",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_chroot, "chroot", Kind::System, When::Always),
    (libc::SYS_unshare, "unshare", Kind::System, When::Always),
    (libc::SYS_setns, "setns", Kind::System, When::Always),
    (libc::SYS_open_tree, "open_tree", Kind::System, When::Always),
    (
        libc::SYS_move_mount,
        "move_mount",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_fsopen, "fsopen", Kind::System, When::Always),
    (libc::SYS_fsmount, "fsmount", Kind::System, When::Always),
    (libc::SYS_fspick, "fspick", Kind::System, When::Always),
    (libc::SYS_bpf, "bpf", Kind::System, When::Always),
    (
        libc::SYS_perf_event_open,
        "perf_event_open",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_userfaultfd,
        "userfaultfd",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_keyctl, "keyctl", Kind::System, When::Always),
    (libc::SYS_add_key, "add_key", Kind::System, When::Always),
    (
        libc::SYS_request_key,
        "request_key",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_init_module,
        "init_module",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_finit_module,
        "finit_module",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_delete_module,
        "delete_module",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_kexec_load,
        "kexec_load",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_kexec_file_load,
        "kexec_file_load",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_reboot, "reboot", Kind::System, When::Always),
    (libc::SYS_swapon, "swapon", Kind::System, When::Always),
    (libc::SYS_swapoff, "swapoff", Kind::System, When::Always),
    (
        libc::SYS_open_by_handle_at,
        "open_by_handle_at",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_name_to_handle_at,
        "name_to_handle_at",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_setuid, "setuid", Kind::System, When::Always),
    (libc::SYS_setgid, "setgid", Kind::System, When::Always),
    (libc::SYS_setreuid, "setreuid", Kind::System, When::Always),
    (libc::SYS_setregid, "setregid", Kind::System, When::Always),
    (libc::SYS_setresuid, "setresuid", Kind::System, When::Always),
    (libc::SYS_setresgid, "setresgid", Kind::System, When::Always),
    (libc::SYS_setfsuid, "setfsuid", Kind::System, When::Always),
    (libc::SYS_setfsgid, "setfsgid", Kind::System, When::Always),
    (libc::SYS_setgroups, "setgroups", Kind::System, When::Always),
    (libc::SYS_capset, "capset", Kind::System, When::Always),
    (libc::SYS_quotactl, "quotactl", Kind::System, When::Always),
    (libc::SYS_acct, "acct", Kind::System, When::Always),
    (
        libc::SYS_settimeofday,
        "settimeofday",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_clock_settime,
        "clock_settime",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_clock_adjtime,
        "clock_adjtime",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_adjtimex, "adjtimex", Kind::System, When::Always),
    (libc::SYS_syslog, "syslog", Kind::System, When::Always),
    (
        libc::SYS_sethostname,
        "sethostname",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_setdomainname,
        "setdomainname",
        Kind::System,
        When::Always,
    ),
    (
        libc::SYS_fanotify_init,
        "fanotify_init",
        Kind::System,
        When::Always,
    ),
    (libc::SYS_mknodat, "mknodat", Kind::System, When::Always),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_mknod, "mknod", Kind::System, When::Always),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_iopl, "iopl", Kind::System, When::Always),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_ioperm, "ioperm", Kind::System, When::Always),
];

/// The report's name and kind of system call `nr`, if it is one of [`FORBIDDEN`]
/// (allocation-free: called from the signal handler).
pub(super) fn describe(nr: i64) -> Option<(&'static str, Kind)> {
    let mut i = 0;
    while i < FORBIDDEN.len() {
        let (n, name, kind, _) = FORBIDDEN[i];
        if n == nr {
            return Some((name, kind));
        }
        i += 1;
    }
    None
}

fn arch() -> Result<seccompiler::TargetArch, String> {
    std::env::consts::ARCH
        .try_into()
        .map_err(|e: seccompiler::BackendError| e.to_string())
}

/// A condition on argument `arg`: its low 32 bits (`Dword`, for `int` arguments such as
/// a process id, whose upper register half the kernel does not define) or all 64.
fn condition(arg: u8, op: SeccompCmpOp, value: u64) -> Result<SeccompCondition, String> {
    let len = if matches!(op, SeccompCmpOp::MaskedEq(_)) {
        SeccompCmpArgLen::Qword
    } else {
        SeccompCmpArgLen::Dword
    };
    SeccompCondition::new(arg, len, op, value).map_err(|e| e.to_string())
}

fn rule(conditions: Vec<SeccompCondition>) -> Result<SeccompRule, String> {
    SeccompRule::new(conditions).map_err(|e| e.to_string())
}

/// Installs both filters on every thread of the process.
pub(super) fn apply() -> Result<(), String> {
    let pid = u64::from(std::process::id());
    let mut trapped: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for &(nr, _, _, when) in FORBIDDEN {
        let rules = match when {
            When::Always => Vec::new(),
            When::NotSelf { signal_arg } => {
                let mut rules = vec![rule(vec![condition(0, SeccompCmpOp::Ne, pid)?])?];
                for signal in [libc::SIGHUP, libc::SIGINT, libc::SIGTERM] {
                    rules.push(rule(vec![condition(
                        signal_arg,
                        SeccompCmpOp::Eq,
                        signal as u64,
                    )?])?);
                }
                rules
            }
            When::NotZeroOrSelf => vec![rule(vec![
                condition(0, SeccompCmpOp::Ne, 0)?,
                condition(0, SeccompCmpOp::Ne, pid)?,
            ])?],
            When::NotThread => vec![rule(vec![condition(
                0,
                SeccompCmpOp::MaskedEq(libc::CLONE_THREAD as u64),
                0,
            )?])?],
        };
        trapped.insert(nr, rules);
    }
    let trap = SeccompFilter::new(trapped, SeccompAction::Allow, SeccompAction::Trap, arch()?)
        .map_err(|e| e.to_string())?;
    let mut refused: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    refused.insert(libc::SYS_clone3, Vec::new());
    let no_clone3 = SeccompFilter::new(
        refused,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch()?,
    )
    .map_err(|e| e.to_string())?;
    let mut guarded: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    guarded.insert(
        libc::SYS_rt_sigaction,
        vec![rule(vec![condition(
            0,
            SeccompCmpOp::Eq,
            libc::SIGSYS as u64,
        )?])?],
    );
    let keep_handler = SeccompFilter::new(
        guarded,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch()?,
    )
    .map_err(|e| e.to_string())?;
    for filter in [no_clone3, keep_handler, trap] {
        let program: BpfProgram = filter.try_into().map_err(|e: seccompiler::BackendError| {
            crate::tr!("sandbox-error-seccomp", error = e.to_string())
        })?;
        seccompiler::apply_filter_all_threads(&program)
            .map_err(|e| crate::tr!("sandbox-error-seccomp", error = e.to_string()))?;
    }
    Ok(())
}
