//! `tavola sandbox-probe`: one system call made inside the sandbox of one kind of
//! process, for the sweep that shows the allow-list is exactly what is documented
//! (`host/tests/sandbox_sweep.rs`), and the list itself (`--list`).
//!
//! The probe confines itself as that kind of process does — through [`super::arm`],
//! [`super::before_load`] and [`super::after_load`], the path every process that loads a
//! plugin takes — and then makes the call with harmless arguments (−1, then zeros). If
//! the call returns, the probe prints `returned <value> errno <errno>` and exits 0; if
//! the sandbox traps it, the sandbox's handler reports it and ends the process, as for a
//! plugin.

use std::path::Path;

use serde::Serialize;

use super::{Allowance, Reporter};

/// The kinds of process that run plugin code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProcessKind {
    /// The app's game worker (`tavola worker`): its tables folder writable, reported to
    /// the host.
    Worker,
    /// Discovery's inspecting child (`tavola inspect`): nothing writable.
    Inspect,
    /// A command's detached process (`tavola play`, …): reported to a person.
    Command,
}

/// The application binary interface a probed call is made through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Abi {
    /// The machine's own (`syscall`).
    Native,
    /// x32: the native instruction with bit 30 set in the number.
    X32,
    /// i386 (`int 0x80`), on x86-64 only.
    I386,
}

/// One entry of the allow-list, as `--list` prints it.
#[derive(Debug, Serialize)]
pub struct ListedCall {
    /// The call's number.
    pub nr: i64,
    /// Its name.
    pub name: &'static str,
    /// Why a plugin needs it.
    pub why: &'static str,
    /// The error number it fails with when it passes the list but is refused (with any
    /// arguments, or some: see `conditional`).
    pub errno: Option<i32>,
    /// Whether its refusal depends on its arguments.
    pub conditional: bool,
    /// Whether the list allows it only with some arguments.
    pub checked: bool,
}

/// The allow-list and its refusals (empty where the system has no seccomp sandbox).
pub fn list() -> Vec<ListedCall> {
    crate::platform::sandbox::listed_calls()
}

/// Confines this process as `kind` does (a tables folder under `scratch` for a worker),
/// then makes call `nr` through `abi`; prints what it returned.
pub fn probe(
    kind: ProcessKind,
    nr: i64,
    abi: Abi,
    scratch: &Path,
) -> Result<(), super::SandboxError> {
    let (allow, reporter) = match kind {
        ProcessKind::Worker => {
            let tables = scratch.join("tables");
            std::fs::create_dir_all(&tables).map_err(|e| super::SandboxError::path(&tables, e))?;
            (
                Allowance {
                    write: vec![tables],
                    ..Default::default()
                },
                Reporter::Host,
            )
        }
        ProcessKind::Inspect => (Allowance::default(), Reporter::Host),
        ProcessKind::Command => (Allowance::default(), Reporter::Person),
    };
    let exe =
        std::env::current_exe().map_err(|e| super::SandboxError::path("/proc/self/exe", e))?;
    super::arm(allow, reporter);
    super::before_load(&exe)?;
    super::after_load()?;
    let (value, errno) = crate::platform::sandbox::raw_call(nr, abi);
    println!("returned {value} errno {errno}");
    Ok(())
}
