//! The sandbox's system half: what confines a process that runs plugin code on each
//! system. The policy (what a worker, an inspection or a command may touch:
//! [`Allowance`]) is the system-neutral `crate::sandbox`; this module picks the
//! mechanism.
//!
//! - **Linux**: `crate::sandbox::linux` (seccomp-BPF allow-list, Landlock, namespaces,
//!   capabilities dropped), the only system built and tested here.
//! - **Elsewhere**: none yet — [`probe`] says so (`sandbox-reason-os`), [`confine`]
//!   confines nothing and returns that state, so a plugin runs *unsandboxed* and the
//!   Plugins panel and `tavola list` say it. ARCHITECTURE.md ("The platform layer")
//!   describes what macOS (Seatbelt) and Windows (AppContainer + job objects) would use.

use crate::sandbox::{
    Allowance, Reporter, SandboxError, SandboxState,
    probe::{Abi, ListedCall},
};

/// What the processes that run plugin code get on this system (the kernel's features,
/// or why there are none).
pub fn probe() -> SandboxState {
    #[cfg(target_os = "linux")]
    return crate::sandbox::linux::probe();
    #[cfg(not(target_os = "linux"))]
    SandboxState::Unavailable {
        reason: crate::tr!("sandbox-reason-os", os = std::env::consts::OS),
    }
}

/// Confines this process, for good, to `allow`; what is enforced. The host calls
/// `crate::sandbox::confine`, which records the state for the rest of the process.
pub fn confine(allow: &Allowance, reporter: Reporter) -> Result<SandboxState, SandboxError> {
    #[cfg(target_os = "linux")]
    return crate::sandbox::linux::confine(allow, reporter);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (allow, reporter);
        Ok(probe())
    }
}

/// After the plugin's library is loaded: no new executable memory (Linux; elsewhere
/// nothing).
pub fn lock_exec() -> Result<(), SandboxError> {
    #[cfg(target_os = "linux")]
    return crate::sandbox::linux::lock_exec();
    #[cfg(not(target_os = "linux"))]
    Ok(())
}

/// The system-call allow-list and its refusals (empty where there is no seccomp).
pub fn listed_calls() -> Vec<ListedCall> {
    #[cfg(target_os = "linux")]
    {
        use crate::sandbox::linux::syscalls::{ALLOWED, REFUSED, When};
        ALLOWED
            .iter()
            .map(|a| {
                let refusal = REFUSED.iter().find(|r| r.1 == a.nr);
                ListedCall {
                    nr: a.nr,
                    name: a.name,
                    why: a.why,
                    errno: refusal.map(|r| r.0),
                    conditional: refusal.is_some_and(|r| !matches!(r.3, When::Always)),
                    checked: !matches!(a.when, When::Always),
                }
            })
            .collect()
    }
    #[cfg(not(target_os = "linux"))]
    Vec::new()
}

/// The sandbox probe's raw system call `nr` through `abi`: its return value and `errno`
/// ((−1, 0) where there are no raw system calls).
pub fn raw_call(nr: i64, abi: Abi) -> (i64, i32) {
    #[cfg(target_os = "linux")]
    return crate::sandbox::linux::probe_call::call(nr, abi);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (nr, abi);
        (-1, 0)
    }
}
