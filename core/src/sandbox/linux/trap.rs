//! The `SIGSYS` handler: a forbidden system call ends the process at once, after one
//! line on its standard error that says what was tried.

use crate::sandbox::SandboxError;
use std::sync::OnceLock;

use super::syscalls::describe;
use crate::sandbox::{
    Reporter,
    attempt::{BLOCKED_EXIT, Kind, MARKER},
};

/// The texts the handler writes, made before it can run (it may not allocate): for each
/// kind, the part before the call's name and the part after.
struct Texts {
    reporter: Reporter,
    /// For [`Reporter::Person`]: per kind of [`Kind::ALL`], "tried to … (" and ") — …".
    person: Vec<(Vec<u8>, Vec<u8>)>,
}

static TEXTS: OnceLock<Texts> = OnceLock::new();

/// Installs the handler (once per process).
pub(super) fn install(reporter: Reporter) -> Result<(), SandboxError> {
    let person = Kind::ALL
        .iter()
        .map(|kind| {
            let whole = crate::tr!(
                "sandbox-stopped",
                tried = format!("{} (\u{1}", kind.tried())
            );
            let (before, after) = whole.split_once('\u{1}').unwrap_or((&whole, ""));
            (
                format!("\n{before}").into_bytes(),
                format!("{after}\n").into_bytes(),
            )
        })
        .collect();
    let _ = TEXTS.set(Texts { reporter, person });
    // SAFETY: a handler with SA_SIGINFO whose body only calls async-signal-safe
    // functions (write, _exit) and reads data made before it was installed.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigsys as *const () as usize;
        action.sa_flags = libc::SA_SIGINFO;
        libc::sigemptyset(&mut action.sa_mask);
        if libc::sigaction(libc::SIGSYS, &action, std::ptr::null_mut()) != 0 {
            return Err(SandboxError::Handler(std::io::Error::last_os_error()));
        }
    }
    Ok(())
}

/// The name a refused call is reported by: its own, or for a call of another ABI
/// (`x32`, `i386`) or of no known name, the ABI and the number, written into `buffer`
/// (no allocation in a signal handler).
fn report_name(nr: libc::c_int, arch: u32, buffer: &mut [u8; 24]) -> (&str, Kind) {
    const X32_BIT: libc::c_int = 0x4000_0000;
    let native = arch == native_arch();
    let prefix: &[u8] = if !native {
        b"i386-"
    } else if nr & X32_BIT != 0 {
        b"x32-"
    } else {
        let (name, kind) = describe(i64::from(nr));
        if name != "?" {
            return (name, kind);
        }
        b"call-"
    };
    let number = if native { nr & !X32_BIT } else { nr };
    let mut len = prefix.len();
    buffer[..len].copy_from_slice(prefix);
    let mut tmp = [0u8; 12];
    let mut n = number.unsigned_abs();
    let mut count = 0;
    loop {
        tmp[count] = b'0' + (n % 10) as u8;
        count += 1;
        n /= 10;
        if n == 0 || count == tmp.len() {
            break;
        }
    }
    while count > 0 && len < buffer.len() {
        count -= 1;
        buffer[len] = tmp[count];
        len += 1;
    }
    (
        std::str::from_utf8(&buffer[..len]).unwrap_or("?"),
        Kind::System,
    )
}

/// The audit architecture of this build (`AUDIT_ARCH_X86_64`, `AUDIT_ARCH_AARCH64`).
const fn native_arch() -> u32 {
    if cfg!(target_arch = "aarch64") {
        183 | 0x8000_0000 | 0x4000_0000
    } else if cfg!(target_arch = "riscv64") {
        243 | 0x8000_0000 | 0x4000_0000
    } else {
        62 | 0x8000_0000 | 0x4000_0000
    }
}

fn write_all(bytes: &[u8]) {
    // SAFETY: write(2) on the standard error, async-signal-safe.
    unsafe {
        libc::write(2, bytes.as_ptr().cast(), bytes.len());
    }
}

extern "C" fn on_sigsys(
    _signal: libc::c_int,
    info: *mut libc::siginfo_t,
    _context: *mut libc::c_void,
) {
    // The system call's number and architecture: `si_syscall` and `si_arch`, after
    // `si_call_addr` in the SIGSYS part of siginfo (offsets 24 and 28 on 64-bit Linux).
    // SAFETY: the kernel passes a valid siginfo for a SIGSYS from seccomp.
    let (nr, arch) = unsafe {
        (
            *(info.cast::<u8>().add(24).cast::<libc::c_int>()),
            *(info.cast::<u8>().add(28).cast::<u32>()),
        )
    };
    let mut digits = [0u8; 24];
    let (name, kind) = report_name(nr, arch, &mut digits);
    match TEXTS.get() {
        Some(texts) if texts.reporter == Reporter::Person => {
            let index = Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
            let (before, after) = &texts.person[index];
            write_all(before);
            write_all(name.as_bytes());
            write_all(after);
        }
        _ => {
            write_all(b"\n");
            write_all(MARKER.as_bytes());
            write_all(kind.word().as_bytes());
            write_all(b" (");
            write_all(name.as_bytes());
            write_all(b")\n");
        }
    }
    // SAFETY: ends the process at once, without running anything of it.
    unsafe { libc::_exit(BLOCKED_EXIT) }
}
