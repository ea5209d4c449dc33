//! The autosave of the game in progress, and what it has met.

use crate::app::{SaveSlot, autosaver::Autosaver};

/// Where the game in progress is autosaved, the writer, and what went wrong.
pub(in crate::app) struct Saves {
    /// This run's autosave slot; `None` keeps nothing (no data folder, or it is taken).
    pub(in crate::app) slot: Option<SaveSlot>,
    /// Writes the autosave off the UI thread.
    pub(in crate::app) saver: Autosaver,
    /// The last autosave's error, shown once.
    pub(in crate::app) last_save_error: Option<String>,
    /// Whether the plugin's failure on screen was counted (once per failure).
    pub(in crate::app) failures_seen: usize,
    /// How many games of earlier runs can be recovered.
    pub(in crate::app) recoverable: usize,
}

impl Saves {
    /// Saves into `slot`, nothing met yet.
    pub(in crate::app) fn new(slot: Option<SaveSlot>) -> Self {
        Saves {
            slot,
            saver: Autosaver::new(),
            last_save_error: None,
            failures_seen: 0,
            recoverable: 0,
        }
    }
}
