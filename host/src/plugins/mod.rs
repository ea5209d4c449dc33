//! Finding, loading and talking to game plugins.
//!
//! [`PluginSet::discover`] searches the [`PluginDirs`] in order, loads every library it
//! finds with [`load_library`], and reports each file as loaded, incompatible, failed or
//! shadowed by a higher version of the same game. The host talks to a loaded game only
//! through the safe wrappers [`Plugin`] and [`GameHandle`].

mod dirs;
mod handle;
mod library;
mod set;

pub use dirs::{DirSource, PluginDir, PluginDirs, is_library_name, user_plugins_dir};
pub use handle::{CallError, GameHandle, Plugin};
pub use library::{LoadError, load_library};
pub use set::{PluginFile, PluginSet, PluginStatus};
