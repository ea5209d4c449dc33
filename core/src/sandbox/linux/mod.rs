//! The sandbox on Linux: Landlock for files, ports and signals, seccomp-bpf for system
//! calls, no new privileges and no capabilities.

use crate::sandbox::SandboxError;
mod files;
mod names;
mod namespace;
pub(crate) mod probe_call;
pub(crate) mod syscalls;
mod trap;

use super::{Allowance, Reporter, SandboxState};

/// The Landlock ABI of the running kernel (0: none), and whether seccomp filters work.
fn kernel() -> (i64, bool) {
    // SAFETY: the documented probe: a null attribute with the VERSION flag.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    // SAFETY: a plain prctl query.
    let seccomp = unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) } >= 0;
    (abi.max(0), seccomp)
}

/// The features in words: "Landlock ABI 7 (files, TCP ports, signals), seccomp
/// allow-list of 98 system calls (no network, …), a root of its own (…)" — `own_root`:
/// whether the process has (or, asked before confining, would have) a root of its own. Below ABI 4 (ports) and 6 (signals)
/// Landlock leaves those to the allow-list, which refuses sockets, signals to other
/// processes and their routes (`F_SETOWN`) on every kernel.
fn features(abi: i64, own_root: bool) -> String {
    let mut what = vec![crate::tr!("sandbox-feature-files")];
    if abi >= 4 {
        what.push(crate::tr!("sandbox-feature-ports"));
    }
    if abi >= 6 {
        what.push(crate::tr!("sandbox-feature-signals"));
    }
    let root = if own_root {
        crate::tr!("sandbox-feature-own-root")
    } else {
        crate::tr!("sandbox-feature-no-own-root")
    };
    format!(
        "Landlock ABI {abi} ({}), {}, {root}",
        what.join(", "),
        crate::tr!(
            "sandbox-feature-allow-list",
            count = syscalls::ALLOWED.len()
        )
    )
}

/// What this kernel offers.
pub(crate) fn probe() -> SandboxState {
    match kernel() {
        (abi, true) if abi >= 1 => SandboxState::Sandboxed {
            features: features(abi, namespace::available()),
        },
        (0, _) => SandboxState::Unavailable {
            reason: crate::tr!("sandbox-reason-no-landlock"),
        },
        _ => SandboxState::Unavailable {
            reason: crate::tr!("sandbox-reason-no-seccomp"),
        },
    }
}

/// Confines this process (see the module's docs of `sandbox`).
pub(crate) fn confine(allow: &Allowance, reporter: Reporter) -> Result<SandboxState, SandboxError> {
    let (abi, seccomp) = kernel();
    // First, while it may still mount: a root of only what it keeps.
    let keep: Vec<_> = crate::sandbox::loader_paths()
        .into_iter()
        .chain(allow.read.iter().cloned())
        .chain(allow.write.iter().cloned())
        .collect();
    let isolated = namespace::isolate(&keep, &allow.write)?;
    drop_capabilities();
    let files = files::restrict(allow)?;
    trap::install(reporter)?;
    if seccomp {
        syscalls::apply()?;
        FILTERED.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    Ok(match (files, seccomp) {
        (true, true) => SandboxState::Sandboxed {
            features: features(abi, isolated),
        },
        (false, _) => SandboxState::Unavailable {
            reason: crate::tr!("sandbox-reason-no-landlock"),
        },
        (true, false) => SandboxState::Unavailable {
            reason: crate::tr!("sandbox-reason-no-seccomp"),
        },
    })
}

/// Whether this process installed the seccomp filters (asked without a system call:
/// a confined process may not probe the kernel).
static FILTERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// No new executable memory from now on (the plugin's library is loaded).
pub(crate) fn lock_exec() -> Result<(), SandboxError> {
    if FILTERED.load(std::sync::atomic::Ordering::Relaxed) {
        syscalls::lock_exec()?;
    }
    Ok(())
}

/// Drops every capability of this process (effective, permitted, inheritable), and
/// sets `PR_SET_NO_NEW_PRIVS`: a process of root keeps its user id, not its privileges.
fn drop_capabilities() {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: 0x2008_0522, // _LINUX_CAPABILITY_VERSION_3
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: capset with a valid header and two data words, as the ABI asks; prctl on
    // this process.
    unsafe {
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        for cap in 0..64 {
            libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0);
        }
        libc::syscall(libc::SYS_capset, &header, data.as_ptr());
    }
}
