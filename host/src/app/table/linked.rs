//! [`Linked`]: the table's worker — the [`Link`] while it lives, the executable that
//! starts another after a failure, the restart on its way, and the chores owed to it
//! (waking the window, relabelling in a new language).

use std::path::PathBuf;

use super::restart::Restarting;
use crate::table::Link;

/// The table's worker and its upkeep.
pub(in crate::app) struct Linked {
    /// The worker, unless it failed.
    pub remote: Option<Box<dyn Link>>,
    /// The executable that starts a worker (`tavola worker`).
    pub exe: PathBuf,
    /// Whether the worker wakes the window when it answers.
    pub woken: bool,
    /// The plugin being started again after a failure, off the UI thread.
    pub restarting: Option<Restarting>,
    /// The language changed: the game is to be re-labelled once no position change is
    /// on its way.
    pub relabel_due: bool,
}

impl Linked {
    /// The worker `remote`, started by `exe`.
    pub fn new(remote: Box<dyn Link>, exe: PathBuf) -> Self {
        Linked {
            remote: Some(remote),
            exe,
            woken: false,
            restarting: None,
            relabel_due: false,
        }
    }

    /// The worker, unless the game stopped on its failure (`failed`) or it is gone.
    pub fn get(&mut self, failed: bool) -> Option<&mut (dyn Link + 'static)> {
        if failed {
            return None;
        }
        self.remote.as_deref_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{ScriptedLink, pile};

    #[test]
    fn a_failed_game_has_no_worker_to_ask() {
        let (link, _) = ScriptedLink::new(pile::plugin(), pile::answerer());
        let mut linked = Linked::new(Box::new(link), "tavola".into());
        assert!(linked.get(false).is_some());
        assert!(linked.get(true).is_none());
        linked.remote = None;
        assert!(linked.get(false).is_none());
    }
}
