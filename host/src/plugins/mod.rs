//! Finding, loading and talking to game plugins.
//!
//! [`PluginSet::discover`] searches the [`PluginDirs`] in order, loads every library it
//! finds with [`load_library`], and reports each file as loaded, incompatible, failed or
//! shadowed by a higher version of the same game. The host talks to a loaded game only
//! through the safe wrappers [`Plugin`] and [`GameHandle`], which check everything a
//! plugin returns against the contract and the host's [`limits`], and turn every
//! failure into a [`CallError`] naming the plugin and the [`Rule`] it broke.

mod dirs;
mod error;
mod handle;
mod library;
pub mod limits;
mod set;
mod validate;

pub use dirs::{DirSource, PluginDir, PluginDirs, is_library_name, user_plugins_dir};
pub use error::{CallError, ErrorKind, Rule};
pub use handle::{GameHandle, Plugin, SimulatedNode, Simulation};
pub use library::{LoadError, load_library};
pub use limits::check_manifest_limits;
pub use set::{PluginFile, PluginSet, PluginStatus};
