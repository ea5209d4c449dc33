//! Monte Carlo tree search as a bot: the engine of the levels below Expert, of every
//! game with chance or more than two seats, and of a plugin built without its own
//! search engine.

use std::{
    sync::{Arc, atomic::AtomicBool},
    time::Duration,
};

use game_api::{MoveId, Rng};

use super::{
    Estimate,
    mcts::{self, MctsConfig, Tree},
};
use crate::{
    bots::Bot,
    plugins::{CallError, GameHandle},
};

/// Monte Carlo tree search as a bot; keeps its tree between moves.
pub struct MctsBot {
    name: String,
    config: MctsConfig,
    cancel: Option<Arc<AtomicBool>>,
    kept: Option<(GameHandle, Tree)>,
    /// The actions played since the kept tree's root, as told ([`Bot::observe`]).
    told: Vec<MoveId>,
    /// The last search, for hints.
    pub last: Option<mcts::SearchResult>,
}

impl MctsBot {
    /// An MCTS bot called `name` with this budget.
    pub fn new(name: &str, config: MctsConfig) -> Self {
        MctsBot {
            name: name.to_owned(),
            config,
            cancel: None,
            kept: None,
            told: Vec::new(),
            last: None,
        }
    }

    /// The kept tree re-rooted at `game`: along the actions told since its root if they
    /// lead there, else if `game` is a child or grandchild of its root.
    fn reuse(&mut self, game: &GameHandle) -> Option<Tree> {
        let told = std::mem::take(&mut self.told);
        let (root, tree) = self.kept.take()?;
        let target = game.state_hash().ok()?;
        if !told.is_empty() {
            let mut at = root.clone();
            let followed = told.iter().all(|&mv| at.apply(mv).is_ok());
            if followed && at.state_hash().ok()? == target {
                return tree.descend(&told);
            }
        }
        let first = root.legal_moves().ok()?;
        for a in &first {
            let mut g1 = root.clone();
            g1.apply(*a).ok()?;
            if g1.state_hash().ok()? == target {
                return tree.descend(&[*a]);
            }
            for b in g1.legal_moves().ok()? {
                let mut g2 = g1.clone();
                g2.apply(b).ok()?;
                if g2.state_hash().ok()? == target {
                    return tree.clone().descend(&[*a, b]);
                }
            }
        }
        None
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &GameHandle, _seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        let tree = if self.config.threads <= 1 {
            self.reuse(game)
        } else {
            None
        };
        let (result, tree) =
            mcts::search(game, &self.config, rng.u64(), tree, self.cancel.clone())?;
        if let Some(tree) = tree {
            self.kept = Some((game.clone(), tree));
        }
        let best = result.best;
        self.last = Some(result);
        Ok(best)
    }

    fn observe(&mut self, _before: &GameHandle, mv: MoveId) {
        if self.kept.is_some() {
            self.told.push(mv);
        }
    }

    fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.cancel = Some(cancel);
    }

    /// Searches for `time` instead of a number of simulations.
    fn set_time(&mut self, time: Duration) -> bool {
        self.config.time = Some(time);
        self.config.iterations = None;
        true
    }

    fn last_estimate(&self) -> Option<Estimate> {
        self.last.as_ref().map(Estimate::of_mcts)
    }
}
