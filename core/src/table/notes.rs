//! [`Notes`]: what the table says to the person — the status line's error, the event
//! line, the plugin's failure, a question asked, whether the end-of-game summary was
//! closed, and which game's end was sounded.

use crate::worker::WorkerFailure;

/// The plugin's worker failed: what to tell the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginFailure {
    /// The game's name and its file.
    pub plugin: String,
    /// What happened (crash with its signal, exit code, timeout).
    pub what: String,
    /// The plugin's content hash (to count its failures).
    pub hash: String,
    /// What it tried that the sandbox refused, if that is why it failed.
    pub blocked: Option<String>,
    /// Whether it counts toward the plugin's quarantine (not when its process was
    /// stopped from outside, as at a logout).
    pub counts: bool,
}

impl PluginFailure {
    /// The failure `f` of the plugin `name` (its game's name and file) of content
    /// `hash`.
    pub fn new(name: String, hash: String, f: &WorkerFailure) -> Self {
        let blocked = match f {
            WorkerFailure::Blocked(attempt) => Some(attempt.to_string()),
            _ => None,
        };
        PluginFailure {
            plugin: name,
            what: f.to_string(),
            hash,
            blocked,
            counts: f.counts_against_plugin(),
        }
    }
}

/// A question asked of the people at the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asking {
    /// "Resign for this seat?"
    Resign(u8),
    /// "This seat offers a draw: do the other people accept?"
    Draw(u8),
}

/// What the table tells the person.
#[derive(Debug, Clone, Default)]
pub struct Notes {
    /// The error shown in the status line.
    pub error: Option<String>,
    /// The event line ("Saved to …", what the last move did).
    pub event: Option<String>,
    /// The plugin's failure, while the game waits for it to be started again.
    pub failure: Option<PluginFailure>,
    /// A question asked of the people at the computer.
    pub asking: Option<Asking>,
    /// Whether the person closed the end-of-game summary (it can be opened again).
    pub summary_closed: bool,
    /// The game's end last sounded: the moves (by id) that led to it, so that each end
    /// is sounded once, however often it is drawn or reviewed.
    pub end_sounded: Option<Vec<u32>>,
    /// How many times a game's end was sounded at this table.
    pub end_sounds: u32,
    /// The ending (a resignation, an agreed draw, a loss on time) of a followed
    /// network game's record that the table has taken, once it showed every move.
    pub ended: Option<crate::ending::Ending>,
}

impl Notes {
    /// Whether the game stopped on its plugin's failure.
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_says_what_happened_and_whether_it_counts() {
        let f = WorkerFailure::Protocol("a line too long".into());
        let failure = PluginFailure::new("Pile (pile.so)".into(), "ab".into(), &f);
        assert!(failure.what.contains("a line too long"), "{failure:?}");
        assert_eq!(failure.blocked, None);
        assert_eq!(failure.counts, f.counts_against_plugin());
        let mut notes = Notes::default();
        assert!(!notes.failed());
        notes.failure = Some(failure);
        assert!(notes.failed());
    }
}
