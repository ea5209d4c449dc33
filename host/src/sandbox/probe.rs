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
    #[cfg(target_os = "linux")]
    {
        use super::linux::syscalls::{ALLOWED, REFUSED, When};
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
    let (value, errno) = call(nr, abi);
    println!("returned {value} errno {errno}");
    Ok(())
}

/// Makes the call with arguments (−1, 0, 0, 0, 0, 0); its return value and `errno`.
fn call(nr: i64, abi: Abi) -> (i64, i32) {
    #[cfg(target_os = "linux")]
    {
        let value = match abi {
            // SAFETY: a raw system call with harmless arguments: a bad descriptor, null
            // pointers, zero sizes; the sandbox decides what runs.
            Abi::Native => unsafe { libc::syscall(nr, -1i64, 0i64, 0i64, 0i64, 0i64, 0i64) },
            // SAFETY: as above, with the x32 bit.
            Abi::X32 => unsafe {
                libc::syscall(nr | 0x4000_0000, -1i64, 0i64, 0i64, 0i64, 0i64, 0i64)
            },
            Abi::I386 => int80(nr),
        };
        let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
        if value == -1 {
            (value, errno)
        } else {
            (value, 0)
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (nr, abi);
        (-1, 0)
    }
}

/// An i386 system call through `int 0x80` (`ebx` = −1, the others 0); its raw answer
/// (a negative error number on failure).
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
fn int80(nr: i64) -> i64 {
    let mut value = nr;
    // SAFETY: the i386 system-call gate with harmless arguments; `rbx` is saved and
    // restored around it (the compiler reserves it).
    unsafe {
        std::arch::asm!(
            "xchg {arg}, rbx",
            "int 0x80",
            "xchg {arg}, rbx",
            arg = inout(reg) -1i64 => _,
            inout("rax") value,
            in("rcx") 0i64,
            in("rdx") 0i64,
            in("rsi") 0i64,
            in("rdi") 0i64,
        );
    }
    if (-4095..0).contains(&value) {
        // SAFETY: errno is this thread's.
        unsafe { *libc::__errno_location() = -value as i32 };
        -1
    } else {
        value
    }
}

#[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
fn int80(_nr: i64) -> i64 {
    // SAFETY: errno is this thread's.
    #[cfg(target_os = "linux")]
    unsafe {
        *libc::__errno_location() = libc::ENOSYS
    };
    -1
}
