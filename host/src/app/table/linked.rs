//! [`Linked`]: the table's worker — the [`Link`] while it lives, what starts another
//! after a failure, the restart on its way, and the chores owed to it
//! (waking the window, relabelling in a new language).

use super::restart::Restarting;
use crate::table::{Link, Starter};

/// The table's worker and its upkeep.
pub(in crate::app) struct Linked {
    /// The worker, unless it failed.
    pub remote: Option<Box<dyn Link>>,
    /// What starts the worker again after a failure.
    pub starter: Starter,
    /// Whether the worker wakes the window when it answers.
    pub woken: bool,
    /// The plugin being started again after a failure, off the UI thread.
    pub restarting: Option<Restarting>,
    /// The language changed: the game is to be re-labelled once no position change is
    /// on its way.
    pub relabel_due: bool,
}

impl Linked {
    /// The worker `remote`; `starter` starts another after a failure.
    pub fn new(remote: Box<dyn Link>, starter: Starter) -> Self {
        Linked {
            remote: Some(remote),
            starter,
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
        let mut linked = Linked::new(
            Box::new(link),
            crate::table::worker_starter("tavola".into()),
        );
        assert!(linked.get(false).is_some());
        assert!(linked.get(true).is_none());
        linked.remote = None;
        assert!(linked.get(false).is_none());
    }
}
