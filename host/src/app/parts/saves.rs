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

    /// Whether the plugin's failure on screen (`failing`: whether there is one) is news,
    /// to be counted: true the first time it is seen, false after; once it is gone, the
    /// next one is news again.
    pub(in crate::app) fn failure_is_new(&mut self, failing: bool) -> bool {
        let new = failing && self.failures_seen == 0;
        self.failures_seen = usize::from(failing);
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_counted_once_until_it_is_gone() {
        let mut saves = Saves::new(None);
        assert!(!saves.failure_is_new(false));
        assert!(saves.failure_is_new(true));
        assert!(
            !saves.failure_is_new(true),
            "the same failure, the next frame"
        );
        assert!(!saves.failure_is_new(false));
        assert!(
            saves.failure_is_new(true),
            "a new failure after it was gone"
        );
    }
}
