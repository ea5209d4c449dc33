//! Why a process could not be confined as the system promised.

use std::path::PathBuf;

/// Why [`confine`](super::confine) (or the loader's [`before_load`](super::before_load) /
/// [`after_load`](super::after_load)) failed. A process that gets one must not go on to
/// load plugin code; its message, in the person's language, names the layer and the step.
///
/// ```
/// use tavola_core::sandbox::SandboxError;
/// let e = SandboxError::Namespace {
///     step: "chdir",
///     source: std::io::Error::from_raw_os_error(2),
/// };
/// assert!(e.to_string().contains("chdir"));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The system-call filter could not be built (a rule the filter library refused).
    #[error("{}", crate::tr!("sandbox-error-seccomp", error = .0.to_string()))]
    Filter(#[from] seccompiler::BackendError),
    /// The compiled filter did not start with the architecture check this code patches.
    #[error("{}", crate::tr!("sandbox-error-seccomp", error = "unexpected architecture check".to_owned()))]
    FilterShape,
    /// The kernel refused to install the system-call filter.
    #[error("{}", crate::tr!("sandbox-error-seccomp", error = .0.to_string()))]
    Install(#[from] seccompiler::Error),
    /// The handler that reports a refused call could not be installed.
    #[error("{}", crate::tr!("sandbox-error-seccomp", error = .0.to_string()))]
    Handler(std::io::Error),
    /// The file sandbox (Landlock) could not be set up.
    #[error("{}", crate::tr!("sandbox-error-landlock", error = .0.to_string()))]
    Files(#[from] landlock::RulesetError),
    /// A step of making a root of its own failed after the old root was left.
    #[error("{}", crate::tr!("sandbox-error-root", step = (*.step).to_owned(), error = .source.to_string()))]
    Namespace {
        /// The step, e.g. "chdir".
        step: &'static str,
        /// What the system said.
        source: std::io::Error,
    },
    /// A path kept in the process's root could not be prepared or bound.
    #[error("{}", crate::tr!("sandbox-error-path", path = .path.display().to_string(), error = .source.to_string()))]
    Path {
        /// The path.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl SandboxError {
    /// A [`SandboxError::Namespace`] from the last system error.
    pub(crate) fn last_os(step: &'static str) -> Self {
        SandboxError::Namespace {
            step,
            source: std::io::Error::last_os_error(),
        }
    }

    /// A [`SandboxError::Path`] for `path`.
    pub(crate) fn path(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SandboxError::Path {
            path: path.into(),
            source,
        }
    }
}
