//! Bot names: the built-in engines and levels by the names `--seat`, the seat menus
//! and `tavola match` use, every number in a name range-checked.

use std::time::Duration;

use game_api::{SearchHints, Turn};

use super::{
    AlphaBetaBot, Level, MAX_CUTOFF, MAX_DEPTH, MAX_SIMULATIONS, MctsBot, alphabeta_plays,
    engine::EngineConfig, max_threads, mcts::MctsConfig,
};
use crate::{
    bots::{Bot, BotError},
    plugins::{CallError, GameHandle},
};

/// The time a move of `alphabeta` (without a depth) takes.
const ALPHABETA_TIME: Duration = Duration::from_millis(1500);

/// Reads part `i` of the bot name `name` as a whole number from `lo` to `hi`.
fn ranged(
    name: &str,
    parts: &[&str],
    i: usize,
    what: &str,
    (lo, hi): (u64, u64),
) -> Result<Option<u64>, BotError> {
    let Some(text) = parts.get(i) else {
        return Ok(None);
    };
    match text.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
        _ => Err(BotError::Number {
            name: name.to_owned(),
            what: what.to_owned(),
            range: format!("a whole number from {lo} to {hi}"),
            text: (*text).to_owned(),
        }),
    }
}

/// A [`BotError::Shape`]: `name` should look like `expected`.
fn shape(name: &str, expected: &str) -> BotError {
    BotError::Shape {
        name: name.to_owned(),
        expected: expected.to_owned(),
    }
}

/// The MCTS bot called `name` (`mcts[:N[:T[:C[:X]]]]`), every number range-checked.
fn mcts_by_name(name: &str, parts: &[&str], hints: &SearchHints) -> Result<Box<dyn Bot>, BotError> {
    if parts.len() > 5 {
        return Err(shape(
            name,
            "mcts[:SIMULATIONS[:THREADS[:CUTOFF[:EXPLORATION]]]]",
        ));
    }
    let cores = max_threads() as u64;
    let iterations =
        ranged(name, parts, 1, "the simulations", (1, MAX_SIMULATIONS))?.unwrap_or(4000);
    let threads = ranged(
        name,
        parts,
        2,
        &format!("the threads (this machine has {cores} cores)"),
        (1, cores),
    )?
    .unwrap_or(1) as usize;
    let mut config = MctsConfig {
        iterations: Some(iterations),
        threads,
        ..MctsConfig::following(hints)
    };
    if let Some(c) = ranged(name, parts, 3, "the playout cutoff", (0, MAX_CUTOFF))? {
        config.cutoff = Some(c as u32).filter(|&c| c > 0);
    }
    if let Some(x) = parts.get(4) {
        config.uct_c = x
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| BotError::Number {
                name: name.to_owned(),
                what: "the exploration constant".to_owned(),
                range: "a finite number, 0 or more".to_owned(),
                text: (*x).to_owned(),
            })?;
    }
    Ok(Box::new(MctsBot::new(name, config)))
}

/// The built-in engine called `name`, for `game` (its seats, and whether its manifest
/// allows chance) with the game's search `hints`, if it is one. Every number in the
/// name is range-checked; an engine that cannot play the game is refused.
pub fn engine_by_name(
    name: &str,
    game: &GameHandle,
    hints: &SearchHints,
) -> Result<Option<Box<dyn Bot>>, BotError> {
    let parts: Vec<&str> = name.split(':').collect();
    match parts[0] {
        "mcts" => mcts_by_name(name, &parts, hints).map(Some),
        "alphabeta" => {
            let (seats, chance) = describe(game)?;
            if !alphabeta_plays(seats, chance) {
                return Err(BotError::Unsuited {
                    name: name.to_owned(),
                    game: game.plugin_id().to_owned(),
                    seats,
                    chance,
                });
            }
            if parts.len() > 2 {
                return Err(shape(name, "alphabeta[:DEPTH]"));
            }
            let depth = ranged(name, &parts, 1, "the depth", (1, MAX_DEPTH))?;
            // A fixed depth searches to it; without one, 1.5 s a move. A plugin built
            // before the engine gets MCTS for as long (or 4000 simulations).
            let (config, fallback) = match depth {
                Some(d) => (
                    EngineConfig::to_depth(d as u32),
                    MctsConfig {
                        iterations: Some(4000),
                        ..MctsConfig::following(hints)
                    },
                ),
                None => (
                    EngineConfig::timed(ALPHABETA_TIME),
                    MctsConfig {
                        iterations: None,
                        time: Some(ALPHABETA_TIME),
                        ..MctsConfig::following(hints)
                    },
                ),
            };
            Ok(Some(Box::new(AlphaBetaBot::new(name, config, fallback))))
        }
        "alphabeta-legacy" | "expert-legacy" => Err(BotError::Gone {
            name: name.to_owned(),
            instead: "it searched with the host's own alpha-beta, which is removed (the \
                      plugin's engine is the one alpha-beta); use `alphabeta` or `expert`"
                .to_owned(),
        }),
        level => match Level::from_name(level) {
            Some(_) if parts.len() > 1 => Err(shape(name, "a level's name alone, without numbers")),
            Some(l) => {
                let (seats, chance) = describe(game)?;
                Ok(Some(l.bot(seats, chance, hints)))
            }
            None => Ok(None),
        },
    }
}

/// The seats of `game` and whether it may have chance events: as its manifest says, or
/// because chance is to play now.
pub(super) fn describe(game: &GameHandle) -> Result<(u8, bool), CallError> {
    let chance = game.may_have_chance() || matches!(game.turn()?, Turn::Chance { .. });
    Ok((game.seat_count()?, chance))
}
