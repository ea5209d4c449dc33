//! What a confined plugin tried and was refused, as its process reports it when the
//! sandbox stops it, and as the host puts it into words.

use serde::{Deserialize, Serialize};

/// The exit status of a process the sandbox stopped for a forbidden system call.
pub const BLOCKED_EXIT: i32 = 86;

/// The start of the line a stopped process writes on its standard error for the host:
/// `tavola-sandbox: blocked <kind> (<system call>)`.
pub(crate) const MARKER: &str = "tavola-sandbox: blocked ";

/// A kind of forbidden system call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A socket, a connection, a listening port.
    Network,
    /// Running another program.
    Exec,
    /// Starting a process, or leaving its process group.
    Process,
    /// Tracing another process or reading its memory.
    Debug,
    /// A signal to another process.
    Signal,
    /// A file's mode, owner, times, extended attributes or links; watching files.
    Files,
    /// Memory outside the process's limit: shared memory, message queues, memory files.
    Memory,
    /// How the system schedules processes (priority, policy, processors).
    Scheduling,
    /// Any other call not on the allow-list (mounts, namespaces, kernel modules…).
    System,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 9] = [
        Kind::Network,
        Kind::Exec,
        Kind::Process,
        Kind::Debug,
        Kind::Signal,
        Kind::Files,
        Kind::Memory,
        Kind::Scheduling,
        Kind::System,
    ];

    /// The word in the report line.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Network => "network",
            Kind::Exec => "exec",
            Kind::Process => "process",
            Kind::Debug => "debug",
            Kind::Signal => "signal",
            Kind::Files => "files",
            Kind::Memory => "memory",
            Kind::Scheduling => "scheduling",
            Kind::System => "system",
        }
    }

    fn from_word(word: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.word() == word)
    }

    /// What the plugin tried, for people: "tried to open a network connection".
    pub fn tried(self) -> String {
        match self {
            Kind::Network => crate::tr!("sandbox-tried-network"),
            Kind::Exec => crate::tr!("sandbox-tried-exec"),
            Kind::Process => crate::tr!("sandbox-tried-process"),
            Kind::Debug => crate::tr!("sandbox-tried-debug"),
            Kind::Signal => crate::tr!("sandbox-tried-signal"),
            Kind::Files => crate::tr!("sandbox-tried-files"),
            Kind::Memory => crate::tr!("sandbox-tried-memory"),
            Kind::Scheduling => crate::tr!("sandbox-tried-scheduling"),
            Kind::System => crate::tr!("sandbox-tried-system"),
        }
    }
}

/// One refused attempt: what kind, and the system call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    /// The kind; `None` when the process was killed by `SIGSYS` without saying.
    pub kind: Option<Kind>,
    /// The system call's name, when known.
    pub call: String,
}

impl Attempt {
    /// The attempt a stopped child reported on its standard error, if it did.
    ///
    /// ```
    /// use tavola_core::sandbox::Attempt;
    /// let said = "some output\ntavola-sandbox: blocked network (connect)\n";
    /// let attempt = Attempt::from_stderr(said).unwrap();
    /// assert_eq!(attempt.call, "connect");
    /// assert!(attempt.to_string().contains("network connection"));
    /// assert!(Attempt::from_stderr("nothing of the kind").is_none());
    /// ```
    pub fn from_stderr(stderr: &str) -> Option<Attempt> {
        let line = stderr.lines().rev().find_map(|l| {
            let at = l.find(MARKER)?;
            Some(&l[at + MARKER.len()..])
        })?;
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let kind = Kind::from_word(word.trim())?;
        let call = rest
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .take(32)
            .collect();
        Some(Attempt {
            kind: Some(kind),
            call,
        })
    }

    /// What a child process that ended with `code` or `signal` tried, if the sandbox
    /// stopped it: its report line, or a bare `SIGSYS`.
    pub fn from_exit(code: Option<i32>, signal: Option<i32>, stderr: &str) -> Option<Attempt> {
        let sigsys = signal.is_some_and(crate::platform::process::is_sigsys);
        if code != Some(BLOCKED_EXIT) && !sigsys {
            return None;
        }
        Attempt::from_stderr(stderr).or(Some(Attempt {
            kind: None,
            call: String::new(),
        }))
    }

    /// [`Attempt::from_exit`] for a finished child's status.
    pub fn from_status(status: std::process::ExitStatus, stderr: &str) -> Option<Attempt> {
        let signal = crate::platform::process::exit_signal(status).map(|(number, _)| number);
        Attempt::from_exit(status.code(), signal, stderr)
    }
}

impl std::fmt::Display for Attempt {
    /// "tried to open a network connection (connect) — blocked by the sandbox".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tried = match self.kind {
            Some(kind) => kind.tried(),
            None => crate::tr!("sandbox-tried-unknown"),
        };
        let tried = if self.call.is_empty() {
            tried
        } else {
            format!("{tried} ({})", self.call)
        };
        f.write_str(&crate::tr!("sandbox-blocked", tried = tried))
    }
}
