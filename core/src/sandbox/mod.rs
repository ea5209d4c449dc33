//! The sandbox of every process that runs plugin code.
//!
//! A plugin is native code from a stranger. Every process that opens a plugin library —
//! the inspecting child of discovery, the app's game workers, and the command-line
//! commands that play games — confines itself **before** the library is opened (a
//! library's constructors run inside `dlopen`), after it has opened what it needs:
//!
//! - **Files** (Landlock): read access to the system library folders the loader needs and
//!   to the one private copy being loaded; read and write access beneath the folders of
//!   the [`Allowance`] (a game's own endgame tables); nothing else — not the user's home,
//!   not the plugin cache, not `/proc` of other processes. TCP `bind`/`connect` are
//!   refused where the kernel's Landlock has network rules (ABI 4), and signals to
//!   processes outside the sandbox and abstract Unix sockets where it has scopes (ABI 6).
//! - **System calls** (seccomp-bpf), **by allow-list**: the process may make only the
//!   calls a plugin needs to compute and to read and write its own files (memory, threads,
//!   time, the files Landlock lets it open…; `tavola sandbox-probe --list` prints each
//!   with its reason), some of them only with named arguments (`clone` for threads,
//!   `ioctl` for four requests, a signal to itself…). Every other call — a new socket, a
//!   new process, `execve`, `ptrace`, mounts, a call of another ABI, and every call nobody
//!   thought of — ends the process at once (a few that the C library probes and does
//!   without, such as `clone3`, fail with an error code instead) with [`BLOCKED_EXIT`] and a line on its
//!   standard error that says what was tried ([`Attempt`]), so the host can tell the
//!   person which plugin tried what. Once the library is loaded, no memory may be made
//!   executable ([`after_load`]).
//! - **A root of its own** (a mount namespace) where the system allows it: only the
//!   system libraries, the library being loaded and the allowed folders exist.
//! - `PR_SET_NO_NEW_PRIVS`, and every capability dropped (a process of root keeps its user
//!   id, not its privileges).
//!
//! Every process of Tavola also marks itself not dumpable ([`harden_process`]), so that no
//! other process of the same user can `ptrace` it or read its `/proc/<pid>/mem`, and
//! child processes start with an empty environment ([`child_environment`]).
//!
//! On a system without these kernel features the plugin still runs, and the Plugins
//! panel and `tavola list` say "not sandboxed on this system" with the reason
//! ([`system_state`]). `--no-sandbox` (or `TAVOLA_NO_SANDBOX=1`) turns the sandbox off for
//! debugging, and that too is shown.
//!
//! ```
//! use tavola_core::sandbox::{SandboxState, system_state};
//! // Whatever the system, the state can be put into words for people.
//! let state = system_state();
//! assert!(!state.to_string().is_empty());
//! ```

mod attempt;
pub mod broker;
mod error;
mod in_process;
// The Linux sandbox: the one `cfg` for a system outside the platform module, which
// decides what each system gets (`crate::platform::sandbox`).
#[cfg(target_os = "linux")]
pub(crate) mod linux;
pub mod probe;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

pub use attempt::{Attempt, BLOCKED_EXIT, Kind};
pub use error::SandboxError;
pub use in_process::{after_load, arm, before_load, confined};

/// The environment variable that turns the sandbox off (`1`), for debugging. The
/// `--no-sandbox` flag sets it for the process and its children.
pub const NO_SANDBOX_VAR: &str = "TAVOLA_NO_SANDBOX";

/// The environment variable naming (comma-separated) the variables that child processes
/// running plugin code are given; every other variable is withheld from them.
pub const PASS_ENV_VAR: &str = "TAVOLA_PASS_ENV";

/// What a confined process may still reach, besides the system libraries and the
/// library it loads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Allowance {
    /// Files and folders it may read.
    pub read: Vec<PathBuf>,
    /// Folders beneath which it may read, create, write and delete files (a game's
    /// endgame tables).
    pub write: Vec<PathBuf>,
    /// It loads several libraries (a benchmark of every game): executable memory is not
    /// locked after the first.
    pub many_libraries: bool,
}

/// How the sandbox stands for the processes that run plugin code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SandboxState {
    /// Confined: `features` names what the kernel enforces.
    Sandboxed {
        /// E.g. "Landlock ABI 7 (files, TCP ports, signals), seccomp".
        features: String,
    },
    /// Not (or not fully) confined on this system: why.
    Unavailable {
        /// E.g. "the kernel has no Landlock".
        reason: String,
    },
    /// Turned off by `--no-sandbox` or `TAVOLA_NO_SANDBOX`.
    Off,
}

impl SandboxState {
    /// Whether plugin code runs confined.
    pub fn is_sandboxed(&self) -> bool {
        matches!(self, SandboxState::Sandboxed { .. })
    }
}

impl std::fmt::Display for SandboxState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SandboxState::Sandboxed { features } => {
                f.write_str(&crate::tr!("sandbox-on", features = features.clone()))
            }
            SandboxState::Unavailable { reason } => {
                f.write_str(&crate::tr!("sandbox-unavailable", reason = reason.clone()))
            }
            SandboxState::Off => f.write_str(&crate::tr!("sandbox-off")),
        }
    }
}

static DISABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Turns the sandbox off for this process and the children it starts (`--no-sandbox`).
pub fn disable() {
    DISABLED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the sandbox is off: [`disable`] was called or [`NO_SANDBOX_VAR`] is `1`.
pub fn disabled() -> bool {
    DISABLED.load(std::sync::atomic::Ordering::Relaxed)
        || std::env::var(NO_SANDBOX_VAR).is_ok_and(|v| v.trim() == "1")
}

/// What the processes that run plugin code get on this system, as far as this process
/// can tell without confining itself: the kernel's features, or why there are none.
pub fn system_state() -> SandboxState {
    if disabled() {
        return SandboxState::Off;
    }
    crate::platform::sandbox::probe()
}

/// Confines this process, now and for good, to `allow` (see the module's docs). Call it
/// once, in a process that is about to open a plugin library, after it has opened what
/// it needs. Returns what is enforced; with the sandbox off, [`SandboxState::Off`] and
/// nothing is done. An error means the process could not be confined as the system
/// promised: it must not go on to load plugin code.
pub fn confine(allow: &Allowance, reporter: Reporter) -> Result<SandboxState, SandboxError> {
    if disabled() {
        in_process::mark_confined(SandboxState::Off);
        return Ok(SandboxState::Off);
    }
    let state = crate::platform::sandbox::confine(allow, reporter)?;
    in_process::mark_confined(state.clone());
    Ok(state)
}

/// Who reads what a confined process says when it is stopped for a forbidden call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reporter {
    /// A host process reads the child's standard error ([`Attempt::from_stderr`]).
    Host,
    /// A person reads it (the command line): one sentence in their language.
    Person,
}

/// Marks this process not dumpable: no other process of the same user may `ptrace` it
/// or read its memory, and it leaves no core file. Every Tavola process calls it first.
pub fn harden_process() {
    crate::platform::process::harden_process();
}

/// The environment of a child process that runs plugin code: nothing of this process's
/// environment but the variables [`PASS_ENV_VAR`] names, and [`NO_SANDBOX_VAR`] when the
/// sandbox is off.
pub fn child_environment() -> Vec<(String, String)> {
    let mut env = Vec::new();
    if let Ok(names) = std::env::var(PASS_ENV_VAR) {
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if let Ok(value) = std::env::var(name) {
                env.push((name.to_owned(), value));
            }
        }
    }
    if disabled() {
        env.push((NO_SANDBOX_VAR.to_owned(), "1".to_owned()));
    }
    env
}

/// The folders the system's dynamic loader reads libraries and its cache from.
pub fn loader_paths() -> Vec<PathBuf> {
    [
        "/lib",
        "/lib32",
        "/lib64",
        "/libx32",
        "/usr/lib",
        "/usr/lib32",
        "/usr/lib64",
        "/usr/local/lib",
        "/etc/ld.so.cache",
        "/etc/ld.so.conf",
        "/etc/ld.so.conf.d",
    ]
    .iter()
    .map(PathBuf::from)
    .filter(|p| p.exists())
    .collect()
}

#[cfg(test)]
mod tests;
