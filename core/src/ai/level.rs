//! The strength levels of the app's seat menus and `--seat`: an engine and a budget
//! chosen per game.

use game_api::SearchHints;

use super::{
    AlphaBetaBot, MctsBot, alphabeta_plays,
    engine::{self, EngineConfig},
    mcts::MctsConfig,
};
use crate::bots::Bot;

/// A strength level: an engine and a budget chosen per game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Plays quickly and makes mistakes.
    Beginner,
    /// A fair opponent for casual play.
    Casual,
    /// A strong opponent (MCTS, a few thousand simulations).
    Strong,
    /// The strongest: alpha-beta where the game allows it (two seats and a manifest
    /// that promises no chance events, see [`alphabeta_plays`]) — the plugin's own
    /// engine ([`engine`]) at [`engine::EXPERT_TIME`] a move (about 0.5 s, at most 1 s), or
    /// MCTS for as long with a plugin built without it —, else long MCTS.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Expert];

    /// The level's bot name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }

    /// What the level is like, in one line for people, in the player's language.
    pub fn description(self) -> String {
        match self {
            Level::Beginner => crate::tr!("level-beginner-about"),
            Level::Casual => crate::tr!("level-casual-about"),
            Level::Strong => crate::tr!("level-strong-about"),
            Level::Expert => crate::tr!("level-expert-about"),
        }
    }

    /// The level's name for people, in the player's language (the bot name, [`Level::name`],
    /// stays the same in every language).
    pub fn label(self) -> String {
        match self {
            Level::Beginner => crate::tr!("level-beginner"),
            Level::Casual => crate::tr!("level-casual"),
            Level::Strong => crate::tr!("level-strong"),
            Level::Expert => crate::tr!("level-expert"),
        }
    }

    /// The level called `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The bot of this level for a game with `seats` seats, with or without chance,
    /// following the game's search hints.
    pub fn bot(self, seats: u8, chance: bool, hints: &SearchHints) -> Box<dyn Bot> {
        let mcts = |n: u64| -> Box<dyn Bot> {
            Box::new(MctsBot::new(
                self.name(),
                MctsConfig {
                    iterations: Some(n),
                    ..MctsConfig::following(hints)
                },
            ))
        };
        match self {
            Level::Beginner => mcts(40),
            Level::Casual => mcts(400),
            Level::Strong => mcts(4000),
            Level::Expert if alphabeta_plays(seats, chance) => Box::new(AlphaBetaBot::new(
                self.name(),
                EngineConfig::timed(engine::EXPERT_TIME),
                MctsConfig {
                    iterations: None,
                    time: Some(engine::EXPERT_TIME),
                    ..MctsConfig::following(hints)
                },
            )),
            Level::Expert => mcts(20_000),
        }
    }
}
