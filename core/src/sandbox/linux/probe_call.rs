//! The sandbox probe's raw system call (`tavola sandbox-probe`): a call made with
//! harmless arguments through one of the kernel's entry points, to see what the
//! installed filter answers. Linux only, as the whole of this module.

use crate::sandbox::probe::Abi;

/// Makes the call with arguments (−1, 0, 0, 0, 0, 0); its return value and `errno`.
pub(crate) fn call(nr: i64, abi: Abi) -> (i64, i32) {
    let value = match abi {
        // SAFETY: a raw system call with harmless arguments: a bad descriptor, null
        // pointers, zero sizes; the sandbox decides what runs.
        Abi::Native => unsafe { libc::syscall(nr, -1i64, 0i64, 0i64, 0i64, 0i64, 0i64) },
        // SAFETY: as above, with the x32 bit.
        Abi::X32 => unsafe { libc::syscall(nr | 0x4000_0000, -1i64, 0i64, 0i64, 0i64, 0i64, 0i64) },
        Abi::I386 => int80(nr),
    };
    let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
    if value == -1 {
        (value, errno)
    } else {
        (value, 0)
    }
}

/// An i386 system call through `int 0x80` (`ebx` = −1, the others 0); its raw answer
/// (a negative error number on failure).
#[cfg(target_arch = "x86_64")]
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

/// No i386 gate on this architecture: `ENOSYS`.
#[cfg(not(target_arch = "x86_64"))]
fn int80(_nr: i64) -> i64 {
    // SAFETY: errno is this thread's.
    unsafe { *libc::__errno_location() = libc::ENOSYS };
    -1
}
