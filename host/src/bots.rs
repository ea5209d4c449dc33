//! Computer players over the game-api.

use game_api::{MoveId, Rng};

use crate::plugins::{CallError, GameHandle, Plugin};

/// A computer player: chooses a move for the seat to move.
pub trait Bot: Send {
    /// The bot's name, as given to `--seat`.
    fn name(&self) -> &str;
    /// Chooses one of `game`'s legal moves for `seat`.
    fn choose(&mut self, game: &GameHandle, seat: u8, rng: &mut Rng) -> Result<MoveId, CallError>;

    /// A flag that, once set, asks a thinking bot to answer at once (the default ignores
    /// it: the bot is quick anyway).
    fn set_cancel(&mut self, cancel: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        let _ = cancel;
    }
}

/// Plays a uniformly random legal move.
#[derive(Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(&mut self, game: &GameHandle, _seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        let moves = game.legal_moves()?;
        Ok(moves[rng.below(moves.len())])
    }
}

/// Looks one move ahead and plays the move with the best heuristic value for its seat
/// (the plugin's evaluation; random among equals; random if the game has none).
#[derive(Debug, Default)]
pub struct GreedyBot;

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, game: &GameHandle, seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        let moves = game.legal_moves()?;
        let mut best: Vec<MoveId> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for &mv in &moves {
            let mut next = game.clone();
            next.apply(mv)?;
            let value = match next.turn()? {
                game_api::Turn::Over { outcome } => outcome.returns()[usize::from(seat)] * 1e6,
                _ => next
                    .evaluate()?
                    .and_then(|v| v.get(usize::from(seat)).copied())
                    .unwrap_or(0.0),
            };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value >= best_value {
                best.push(mv);
            }
        }
        Ok(best[rng.below(best.len())])
    }
}

/// One of the plugin's own named bots.
#[derive(Debug)]
pub struct PluginBot {
    name: String,
}

impl Bot for PluginBot {
    fn name(&self) -> &str {
        &self.name
    }
    fn choose(&mut self, game: &GameHandle, _seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        game.bot_move(&self.name, rng.u64())
    }
}

/// The bot called `name` for a game of `plugin`: `random`, `greedy`, an engine or level
/// (see [`crate::ai`]) or one of the plugin's own bots.
pub fn bot_by_name(name: &str, plugin: &Plugin) -> Result<Box<dyn Bot>, String> {
    let probe = plugin
        .new_game(&game_api::Options::defaults(&plugin.manifest().options))
        .map_err(|e| e.to_string())?;
    bot_for(name, plugin, &probe)
}

/// The bot called `name` for `game` of `plugin`.
pub fn bot_for(name: &str, plugin: &Plugin, game: &GameHandle) -> Result<Box<dyn Bot>, String> {
    if let Some(engine) = crate::ai::engine_by_name(name, game, &plugin.manifest().search)? {
        return Ok(engine);
    }
    match name {
        "random" => Ok(Box::new(RandomBot)),
        "greedy" => Ok(Box::new(GreedyBot)),
        _ if plugin.manifest().bots.iter().any(|b| b.name == name) => Ok(Box::new(PluginBot {
            name: name.to_owned(),
        })),
        _ => {
            let mut names = bot_names(plugin);
            names.truncate(names.len());
            Err(format!(
                "no bot `{name}` for {} (bots: {})",
                plugin.id(),
                names.join(", ")
            ))
        }
    }
}

/// The bots offered for `plugin`: the levels, the engines and the plugin's own.
pub fn bot_names(plugin: &Plugin) -> Vec<String> {
    let mut names: Vec<String> = crate::ai::Level::ALL
        .iter()
        .map(|l| l.name().to_owned())
        .collect();
    names.extend(["random", "greedy", "mcts", "alphabeta"].map(String::from));
    names.extend(plugin.manifest().bots.iter().map(|b| b.name.clone()));
    names
}
