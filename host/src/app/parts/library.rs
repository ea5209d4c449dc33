//! The plugins the app knows, and what it needs to inspect and run them.

use std::{path::PathBuf, sync::mpsc};

use super::super::plugin_watch::Signature;
use crate::{
    plugins::{Inspector, PluginDirs, PluginSet},
    sandbox::SandboxState,
};

/// The plugins found in the plugin folders, the watch over those folders, and the
/// executable and sandbox that run plugin code.
pub(in crate::app) struct Library {
    /// The folders searched for plugins.
    pub(in crate::app) dirs: PluginDirs,
    /// The plugins found there (with the person's choices applied).
    pub(in crate::app) plugins: PluginSet,
    /// The folders' files when last looked at: a change starts a new scan.
    pub(in crate::app) plugins_signature: Signature,
    /// When (in the UI's seconds) the folders are looked at next.
    pub(in crate::app) next_scan: f64,
    /// A scan running off the UI thread, while it runs.
    pub(in crate::app) scan: Option<mpsc::Receiver<PluginSet>>,
    /// Inspects plugin files in a child process.
    pub(in crate::app) inspector: Inspector,
    /// The `tavola` binary that runs plugin code (discovery and workers).
    pub(in crate::app) worker_exe: PathBuf,
    /// How far this system can confine a plugin's worker.
    pub(in crate::app) sandbox: SandboxState,
}
