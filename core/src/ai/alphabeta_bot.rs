//! Alpha-beta as a bot: the plugin's own engine ([`super::engine`]), its table kept
//! between moves inside the plugin and told the game's history for repetitions. A plugin
//! built without the engine is played by MCTS instead ([`MctsBot`], with the budget the
//! bot was given for that case).

use std::{
    sync::{Arc, atomic::AtomicBool},
    time::Duration,
};

use game_api::{MoveId, Rng, search::SearchReply};

use super::{
    Estimate, MctsBot,
    engine::{self, EngineConfig},
    mcts::MctsConfig,
};
use crate::{
    bots::Bot,
    plugins::{CallError, GameHandle},
};

/// The most earlier positions a bot keeps for repetitions (a game longer than this
/// starts its record afresh).
const MAX_SEEN: usize = 1024;

/// Alpha-beta as a bot, on the plugin's engine.
pub struct AlphaBetaBot {
    name: String,
    config: EngineConfig,
    cancel: Option<Arc<AtomicBool>>,
    /// What plays once the plugin said it has no engine: MCTS, made from this budget.
    fallback: MctsConfig,
    mcts: Option<MctsBot>,
    /// The state hashes of the game's positions so far (those it was told of, and those
    /// it was asked about), for repetitions.
    seen: Vec<u64>,
    /// What the last search expected.
    last: Option<Estimate>,
}

impl AlphaBetaBot {
    /// An alpha-beta bot called `name` searching as `config` says; with a plugin that
    /// has no engine, an MCTS bot with the budget `fallback`.
    pub fn new(name: &str, config: EngineConfig, fallback: MctsConfig) -> Self {
        AlphaBetaBot {
            name: name.to_owned(),
            config,
            cancel: None,
            fallback,
            mcts: None,
            seen: Vec::new(),
            last: None,
        }
    }

    /// Whether this bot plays by MCTS because the plugin has no engine.
    pub fn fell_back(&self) -> bool {
        self.mcts.is_some()
    }

    /// The MCTS bot that stands in for the engine, made on first need.
    fn stand_in(&mut self) -> &mut MctsBot {
        let (name, fallback, cancel) = (&self.name, self.fallback, &self.cancel);
        self.mcts.get_or_insert_with(|| {
            let mut bot = MctsBot::new(name, fallback);
            if let Some(cancel) = cancel {
                bot.set_cancel(cancel.clone());
            }
            bot
        })
    }
}

impl Bot for AlphaBetaBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &GameHandle, seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        if self.mcts.is_none() {
            let hash = game.state_hash()?;
            // Asked again where its last search was cut short: not a repetition.
            if self.seen.last() == Some(&hash) {
                self.seen.pop();
            }
            // A position asked about again: a new game (or a repetition the game
            // allowed); the record starts afresh either way.
            if self.seen.contains(&hash) || self.seen.len() >= MAX_SEEN {
                self.seen.clear();
            }
            match engine::search(game, &self.config, self.cancel.as_deref(), &self.seen)? {
                SearchReply::Done(report) => {
                    self.seen.push(hash);
                    self.last = Some(Estimate::of_report(&report, game.score_unit()));
                    // A best-move answer has a move ([`GameHandle::search`] checks it).
                    return Ok(MoveId(report.best.unwrap_or_default()));
                }
                SearchReply::Unsupported { .. } => {}
            }
        }
        // The plugin has no engine: MCTS from now on.
        let bot = self.stand_in();
        let best = bot.choose(game, seat, rng)?;
        self.last = bot.last_estimate();
        Ok(best)
    }

    /// Records the position before `mv` (unless it is the one last recorded: its own
    /// turn), so that the game's history reaches the plugin's engine.
    fn observe(&mut self, before: &GameHandle, mv: MoveId) {
        if let Some(bot) = &mut self.mcts {
            bot.observe(before, mv);
        } else if let Ok(hash) = before.state_hash()
            && self.seen.last() != Some(&hash)
        {
            self.seen.push(hash);
        }
    }

    fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        if let Some(bot) = &mut self.mcts {
            bot.set_cancel(cancel.clone());
        }
        self.cancel = Some(cancel);
    }

    /// Searches for `time` (a fixed depth, if it has one, still bounds it).
    fn set_time(&mut self, time: Duration) -> bool {
        self.config.time = Some(time);
        self.fallback.time = Some(time);
        self.fallback.iterations = None;
        if let Some(bot) = &mut self.mcts {
            bot.set_time(time);
        }
        true
    }

    fn last_estimate(&self) -> Option<Estimate> {
        self.last.clone()
    }
}
