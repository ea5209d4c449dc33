//! Finding, loading and talking to game plugins.
//!
//! [`PluginSet::discover_with`] searches the [`PluginDirs`] in order; each regular file
//! with a library's name (see [`files`]) is copied into the cache under its content hash
//! ([`private_copy`]) and inspected once per content — in a child process with a time
//! limit for the CLI and the app ([`Inspector::Child`]), so one bad file cannot hang or
//! kill the listing of the others. Each file is reported as loaded, incompatible,
//! crashed, failed or shadowed by another file of the same game id (never by its version
//! alone: see [`identity`]). The host talks to a
//! game only through the safe wrappers [`Plugin`] and [`GameHandle`], which check
//! everything a plugin returns against the contract and the host's [`limits`], and turn
//! every failure into a [`CallError`] naming the plugin and the [`Rule`] it broke.

mod answer_error;
mod cache;
pub mod data;
mod dirs;
mod error;
pub mod files;
pub mod fixtures;
mod handle;
pub mod identity;
mod inspect;
mod library;
pub mod limits;
mod manifest_error;
mod piece_styles;
mod plugin;
mod set;
pub(crate) mod validate;

pub use answer_error::AnswerError;
pub use cache::{CACHE_DIR_VAR, CopyError, PrivateCopy, cache_dir, private_copy};
pub use dirs::{
    DirSource, PluginDir, PluginDirs, ensure_user_plugins_dir, is_library_name, user_plugins_dir,
};
pub use error::{CallError, ErrorKind, Rule};
pub use files::{DirProblem, FileRefusal, MAX_PLUGIN_BYTES};
pub use fixtures::{TEST_FIXTURE_TAG, fixtures_offered};
pub use handle::{GameHandle, SimulatedNode, Simulation};
pub use identity::{Choices, Precedence, Rival};
pub use inspect::{
    INSPECT_TIMEOUT, INSPECT_TIMEOUT_VAR, Inspection, Inspector, Thumbnail, inspect_command,
    inspect_timeout,
};
pub(crate) use library::check_manifest as check_loaded_manifest;
pub use library::{LoadError, load_copy, load_copy_with, load_data_file, load_library};
pub use limits::check_manifest_limits;
pub use manifest_error::ManifestError;
pub use plugin::{Plugin, PluginMeta, forbid_in_process};
pub use set::{MAX_WARNINGS, PluginFile, PluginSet, PluginStatus, UnknownGame};
