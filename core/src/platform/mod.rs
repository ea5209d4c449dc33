//! What differs between operating systems, in one place. Every `cfg` for a system
//! (`unix`, `target_os`, Windows, macOS) is in this module; the rest of the host asks it
//! through plain functions, which say what they do where the system has no such thing.
//! The one exception is the declaration of the Linux sandbox's own module
//! (`crate::sandbox::linux`), reached only through [`sandbox`].
//!
//! | concern | Linux (built, tested) | elsewhere today | macOS / Windows, on paper |
//! |---|---|---|---|
//! | [`folders`] | XDG folders; system folders compiled in; `xdg-open` | the `directories` crate's folders; `open` / `explorer` | same functions (ARCHITECTURE.md) |
//! | [`sandbox`] | seccomp-BPF, Landlock, namespaces | none: plugins run unsandboxed, and say so | Seatbelt profile; AppContainer + job object |
//! | [`process`] | own session and group, `RLIMIT_AS`, pidfd, `PDEATHSIG`, SIGTERM as *Quit* | started and waited for, without those guarantees | `posix_spawn` + `setrlimit`; job objects |
//! | [`files`] | modes `0700`/`0600`, `O_NOFOLLOW`, inode identity, `/proc/self/fd` | plain opens, no modes | `fcntl(F_GETPATH)`; file IDs, ACLs |
//!
//! ARCHITECTURE.md, "The platform layer", says what each of macOS and Windows would use,
//! and what cannot be built or tested on the machines this project is made on.

pub mod files;
pub mod folders;
pub mod process;
pub mod sandbox;

pub use folders::{
    FOLDER_OPENER, OpenError, SYSTEM_PLUGINS, open_folder, system_plugin_dirs, user_cache_dir,
    user_data_dir,
};
