//! Processes: how a child that runs plugin code is started apart (its own session and
//! process group, a memory limit, no inherited descriptor, killed with its parent), how
//! its end is read (the signal that stopped it), how it is watched and killed, and the
//! signals this process itself answers (SIGTERM as *Quit*, SIGPIPE for the command line).
//!
//! Unix (Linux first) has all of it; Linux alone has pidfds, `PR_SET_PDEATHSIG` and
//! `close_range`. Elsewhere each function says what it does instead (usually nothing:
//! the process is still started and waited for, without the extra guarantees).

use std::process::{Child, Command, ExitStatus};

/// A signal that ended a child process, as Tavola tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// SIGSEGV: an invalid memory access.
    Segv,
    /// SIGBUS: a bus error.
    Bus,
    /// SIGABRT: an abort (a panic that aborts, a failed assertion in C).
    Abrt,
    /// SIGILL: an illegal instruction.
    Ill,
    /// SIGFPE: an arithmetic fault.
    Fpe,
    /// SIGKILL: killed (by Tavola's watch, the system's memory killer, or a person).
    Kill,
    /// SIGTERM: asked to end.
    Term,
    /// SIGHUP: the terminal or session went away.
    Hup,
    /// SIGINT: interrupted (Ctrl-C).
    Int,
    /// SIGSYS: a system call the sandbox does not allow.
    Sys,
    /// Another signal.
    Other,
}

/// The signal that ended a child, with its number; `None` when it exited (or on a system
/// without signals).
pub fn exit_signal(status: ExitStatus) -> Option<(i32, Signal)> {
    #[cfg(unix)]
    {
        let number = std::os::unix::process::ExitStatusExt::signal(&status)?;
        let signal = match number {
            libc::SIGSEGV => Signal::Segv,
            libc::SIGBUS => Signal::Bus,
            libc::SIGABRT => Signal::Abrt,
            libc::SIGILL => Signal::Ill,
            libc::SIGFPE => Signal::Fpe,
            libc::SIGKILL => Signal::Kill,
            libc::SIGTERM => Signal::Term,
            libc::SIGHUP => Signal::Hup,
            libc::SIGINT => Signal::Int,
            libc::SIGSYS => Signal::Sys,
            _ => Signal::Other,
        };
        Some((number, signal))
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        None
    }
}

/// Whether signal number `number` is SIGSYS (what the sandbox's filter sends).
pub fn is_sigsys(number: i32) -> bool {
    #[cfg(unix)]
    return number == libc::SIGSYS;
    #[cfg(not(unix))]
    {
        let _ = number;
        false
    }
}

/// Starts `command`'s child apart from this process: a session and process group of its
/// own (no controlling terminal; what it forks stays in its group and is killed with it,
/// [`kill_group`]), no descriptor but its three standard ones kept across the exec
/// (Linux), and at most `memory` bytes of address space. Elsewhere the child starts as
/// it is.
pub fn start_apart(command: &mut Command, memory: u64) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: `setsid`, `setrlimit` and `close_range`/`fcntl` are async-signal-safe
        // and touch nothing of the parent.
        unsafe {
            command.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                #[cfg(target_os = "linux")]
                close_others();
                let limit = libc::rlimit {
                    rlim_cur: memory as libc::rlim_t,
                    rlim_max: memory as libc::rlim_t,
                };
                libc::setrlimit(libc::RLIMIT_AS, &limit);
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = (command, memory);
}

/// Marks every descriptor above the standard three close-on-exec (`close_range` with
/// `CLOSE_RANGE_CLOEXEC`, Linux 5.11; on older kernels one by one up to the limit).
#[cfg(target_os = "linux")]
fn close_others() {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    // SAFETY: close_range and fcntl on this process's own descriptors.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, CLOSE_RANGE_CLOEXEC) == 0 {
            return;
        }
        let max = libc::sysconf(libc::_SC_OPEN_MAX).clamp(256, 65536) as i32;
        for fd in 3..max {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

/// Whether this system kills a child with its parent ([`die_with_parent`]): Linux only.
pub const KILLS_CHILD_WITH_PARENT: bool = cfg!(target_os = "linux");

/// Makes the child of `command` die (SIGKILL) when the thread that starts it ends
/// (`PR_SET_PDEATHSIG`, Linux; elsewhere nothing).
pub fn die_with_parent(command: &mut Command) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: `prctl` is async-signal-safe and touches nothing of the parent.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = command;
}

/// Whether `child` has ended, without reaping it on Unix (`waitid` with `WNOWAIT`: its
/// pid, the id of its group, stays its own). Elsewhere there is no group to keep: asking
/// may reap.
pub fn has_ended(child: &mut Child) -> std::io::Result<bool> {
    #[cfg(unix)]
    {
        let pid = child.id() as libc::id_t;
        // SAFETY: `info` is a plain struct the call fills; WNOWAIT leaves the child
        // unreaped.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        if r != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: filled by waitid; 0 when the child has not ended.
        Ok(unsafe { info.si_pid() } != 0)
    }
    #[cfg(not(unix))]
    child.try_wait().map(|s| s.is_some())
}

/// Sends SIGKILL to `child`'s process group (started by [`start_apart`]; the child must
/// not be reaped yet). Elsewhere nothing: the caller kills the child itself.
pub fn kill_group(child: &Child) {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: a plain signal to the child's own group (its pid, not yet reaped).
        unsafe { libc::killpg(group, libc::SIGKILL) };
    }
    #[cfg(not(unix))]
    let _ = child;
}

/// Whether process `pid` runs (or exists but is not ours to signal). Always `false`
/// where a process cannot be asked (then nothing is taken for a live process's).
pub fn process_runs(pid: i32) -> bool {
    #[cfg(unix)]
    {
        if pid <= 0 {
            return false;
        }
        // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        false
    }
}

/// Whether this system can tell whether another process runs ([`process_runs`]).
pub const CAN_ASK_PROCESS: bool = cfg!(unix);

/// A handle on a child process that names it alone, even after its number is reused
/// (a pidfd, Linux 5.3): whether it ended, and a signal to it only.
#[derive(Debug)]
pub struct ProcessHandle {
    #[cfg(target_os = "linux")]
    fd: i32,
}

impl ProcessHandle {
    /// A handle on child `pid` (not yet reaped); `None` where the system has none.
    pub fn open(pid: u32) -> Option<ProcessHandle> {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: pidfd_open on a child of this process.
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::c_int, 0) } as i32;
            (fd >= 0).then_some(ProcessHandle { fd })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = pid;
            None
        }
    }

    /// Whether the process has ended (its pidfd is readable).
    pub fn exited(&self) -> bool {
        #[cfg(target_os = "linux")]
        {
            let mut poll = libc::pollfd {
                fd: self.fd,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll of one descriptor of ours, without waiting.
            unsafe { libc::poll(&mut poll, 1, 0) != 0 }
        }
        #[cfg(not(target_os = "linux"))]
        true
    }

    /// Kills the process (SIGKILL through the pidfd: that process only).
    pub fn kill(&self) {
        #[cfg(target_os = "linux")]
        // SAFETY: a signal through our own pidfd.
        unsafe {
            libc::syscall(libc::SYS_pidfd_send_signal, self.fd, libc::SIGKILL, 0, 0);
        }
    }
}

impl Drop for ProcessHandle {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        // SAFETY: our own descriptor, closed once.
        unsafe {
            libc::close(self.fd);
        }
    }
}

/// Keeps the process's standard output for the protocol and sends everything else
/// written to it (a plugin's `println!`) to standard error: returns the protocol's
/// channel. Call once, at the start of a child process. Elsewhere (or if the descriptors
/// cannot be moved) the standard output itself is the channel.
pub fn protocol_stdout() -> Box<dyn std::io::Write + Send> {
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        // SAFETY: plain descriptor calls at the start of the process; the duplicate is
        // owned by the returned File alone.
        unsafe {
            let fd = libc::dup(1);
            if fd >= 0 && libc::dup2(2, 1) >= 0 {
                return Box::new(std::fs::File::from_raw_fd(fd));
            }
        }
    }
    Box::new(std::io::stdout())
}

/// Marks this process not dumpable (Linux: no other process of the same user may
/// `ptrace` it or read its memory, and it leaves no core file). Elsewhere nothing.
pub fn harden_process() {
    #[cfg(target_os = "linux")]
    // SAFETY: a plain prctl on this process.
    unsafe {
        libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
    }
}

/// Whether this process has a controlling terminal or a terminal on a standard stream
/// (always `false` where the system cannot say).
pub fn holds_terminal() -> bool {
    #[cfg(unix)]
    {
        // SAFETY: isatty on the standard descriptors; open/close of /dev/tty, which
        // succeeds only for a process with a controlling terminal.
        unsafe {
            if (0..3).any(|fd| libc::isatty(fd) == 1) {
                return true;
            }
            let fd = libc::open(
                c"/dev/tty".as_ptr(),
                libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
            );
            if fd >= 0 {
                libc::close(fd);
                return true;
            }
        }
        false
    }
    #[cfg(not(unix))]
    false
}

/// Whether a command can run in a detached child of its own ([`start_detached`]): Linux.
pub const CAN_DETACH: bool = cfg!(target_os = "linux");

/// Starts `command`'s child detached from the terminal: [`start_apart`]'s session,
/// memory limit and closed descriptors, and killed with this process. Only where
/// [`CAN_DETACH`]; elsewhere nothing is changed.
pub fn start_detached(command: &mut Command, memory: u64) {
    #[cfg(target_os = "linux")]
    {
        start_apart(command, memory);
        die_with_parent(command);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (command, memory);
}

/// SIGTERM asked this process to end ([`catch_terminate`]).
static TERMINATE_ASKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_sigterm(_signal: libc::c_int) {
    // Only an atomic store: all a signal handler may safely do.
    TERMINATE_ASKED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Catches SIGTERM (a logout, a plain `kill`) instead of dying at once:
/// [`terminate_asked`] says when it came. Returns whether the system has it (Unix).
pub fn catch_terminate() -> bool {
    #[cfg(unix)]
    {
        let handler = on_sigterm as extern "C" fn(libc::c_int);
        // SAFETY: the handler only stores into an atomic, which is async-signal-safe.
        unsafe {
            libc::signal(libc::SIGTERM, handler as usize as libc::sighandler_t);
        }
        true
    }
    #[cfg(not(unix))]
    false
}

/// Whether SIGTERM came since [`catch_terminate`].
pub fn terminate_asked() -> bool {
    TERMINATE_ASKED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Gives SIGPIPE its default action back (the process ends quietly when the reader of
/// its output goes away, as command-line tools do). Call before any other thread exists.
pub fn end_quietly_on_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
