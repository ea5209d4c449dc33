//! Computer players over the game-api.

use game_api::{MoveId, Options, Rng};

use crate::plugins::{CallError, ErrorKind, GameHandle, Plugin};

mod error;
pub use error::BotError;

/// The error of a bot asked to move where there is no legal move.
fn no_move() -> CallError {
    CallError::host(ErrorKind::NoMove, "there is no legal move to choose")
}

/// A computer player: chooses a move for the seat to move.
pub trait Bot: Send {
    /// The bot's name, as given to `--seat`.
    fn name(&self) -> &str;
    /// Chooses one of `game`'s legal moves for `seat`.
    fn choose(&mut self, game: &GameHandle, seat: u8, rng: &mut Rng) -> Result<MoveId, CallError>;

    /// Tells the bot that `mv` was played in `before` (the position before it). A bot
    /// kept for a whole game is told every action after its first turn, its own moves
    /// and chance included, in order, so that what it learnt follows the game: MCTS
    /// re-roots its tree along the moves, alpha-beta records the positions of the game
    /// for its repetitions. `tavola play` and `tavola match` tell it after every action
    /// ([`crate::play::play_out`]); the app's worker tells it, at its next turn, the
    /// actions played since its last one. The default ignores it.
    fn observe(&mut self, before: &GameHandle, mv: MoveId) {
        let _ = (before, mv);
    }

    /// A flag that, once set, asks a thinking bot to answer at once (the default ignores
    /// it: the bot is quick anyway).
    fn set_cancel(&mut self, cancel: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        let _ = cancel;
    }

    /// Think for `time` a move from now on, if this bot's budget is a time it may be
    /// given (the search engines); `false` if it keeps its own budget (the default).
    fn set_time(&mut self, time: std::time::Duration) -> bool {
        let _ = time;
        false
    }

    /// What the bot's last [`Bot::choose`] expected, if it searches (the default: no
    /// estimate).
    fn last_estimate(&self) -> Option<crate::ai::Estimate> {
        None
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
        if moves.is_empty() {
            return Err(no_move());
        }
        Ok(moves[rng.below(moves.len())])
    }
}

/// Looks one move ahead and plays the move with the best heuristic value for its seat
/// (the plugin's evaluation; random among equals; random if the game has none).
#[derive(Debug, Default)]
pub struct GreedyBot;

impl GreedyBot {
    /// The moves greedy chooses among for `seat` in `game` (it plays one of them at
    /// random): those of the best heuristic value one move ahead, a won end first.
    pub fn choices(game: &GameHandle, seat: u8) -> Result<Vec<MoveId>, CallError> {
        let moves = game.legal_moves()?;
        let mut best: Vec<MoveId> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for &mv in &moves {
            let mut next = game.clone();
            next.apply(mv)?;
            let value = match next.turn()? {
                game_api::Turn::Over { outcome } => {
                    outcome
                        .returns()
                        .get(usize::from(seat))
                        .copied()
                        .unwrap_or(0.0)
                        * 1e6
                }
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
        Ok(best)
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, game: &GameHandle, seat: u8, rng: &mut Rng) -> Result<MoveId, CallError> {
        let best = GreedyBot::choices(game, seat)?;
        if best.is_empty() {
            return Err(no_move());
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

/// The bot called `name` for a game of `plugin` with its default options. Prefer
/// [`bot_for`] with the actual game: what a bot can play depends on the options (the
/// seats, for one).
pub fn bot_by_name(name: &str, plugin: &Plugin) -> Result<Box<dyn Bot>, BotError> {
    bot_by_name_with(name, plugin, &Options::defaults(&plugin.manifest().options))
}

/// The bot called `name` for a game of `plugin` with these options.
pub fn bot_by_name_with(
    name: &str,
    plugin: &Plugin,
    options: &Options,
) -> Result<Box<dyn Bot>, BotError> {
    let game = plugin.new_game(options)?;
    bot_for(name, plugin, &game)
}

/// The bot called `name` for `game` of `plugin`: `random`, `greedy`, an engine or level
/// (see [`crate::ai`]) or one of the plugin's own bots. A bot that cannot play this game
/// (alpha-beta for three seats, say) and a number out of range are refused with the
/// reason.
pub fn bot_for(name: &str, plugin: &Plugin, game: &GameHandle) -> Result<Box<dyn Bot>, BotError> {
    if let Some(engine) = crate::ai::engine_by_name(name, game, &plugin.manifest().search)? {
        return Ok(engine);
    }
    match name {
        "random" => Ok(Box::new(RandomBot)),
        "greedy" => Ok(Box::new(GreedyBot)),
        _ if plugin.manifest().bots.iter().any(|b| b.name == name) => Ok(Box::new(PluginBot {
            name: name.to_owned(),
        })),
        _ => Err(BotError::Unknown {
            name: name.to_owned(),
            game: plugin.id().to_owned(),
            known: bot_choices(plugin, game)
                .into_iter()
                .map(|b| b.name)
                .collect(),
        }),
    }
}

/// A bot that can play a game, as the app offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotChoice {
    /// Its name, as given to `--seat`.
    pub name: String,
    /// What it is, in a few words.
    pub description: String,
    /// The seats it can play, by index; empty means every seat.
    pub seats: Vec<u8>,
}

impl BotChoice {
    /// Whether this is one of the host's engines (random, greedy, mcts, alphabeta) rather
    /// than a strength level or the plugin's own bot: the app lists engines under
    /// "Advanced".
    pub fn is_engine(&self) -> bool {
        matches!(
            self.name.as_str(),
            "random" | "greedy" | "mcts" | "alphabeta"
        )
    }

    fn host(name: &str, description: &str) -> Self {
        BotChoice {
            name: name.into(),
            description: description.into(),
            seats: Vec::new(),
        }
    }
}

/// The bots that can play `game` of `plugin`: the levels, the engines that suit its
/// seats and chance, and the plugin's own.
pub fn bot_choices(plugin: &Plugin, game: &GameHandle) -> Vec<BotChoice> {
    bot_choices_for(plugin.manifest(), game.seat_count().unwrap_or(0))
}

/// The bots that can play a game of this manifest with `seats` seats, from the manifest
/// alone (no call into the plugin: the app, which runs no plugin code, offers these).
pub fn bot_choices_for(manifest: &game_api::Manifest, seats: u8) -> Vec<BotChoice> {
    let mut bots: Vec<BotChoice> = crate::ai::Level::ALL
        .iter()
        .map(|l| BotChoice::host(l.name(), &l.description()))
        .collect();
    bots.push(BotChoice::host("random", "plays a random legal move"));
    bots.push(BotChoice::host(
        "greedy",
        "the best move one move ahead, by the game's heuristic",
    ));
    bots.push(BotChoice::host("mcts", "Monte Carlo tree search"));
    if crate::ai::alphabeta_plays(seats, manifest.may_have_chance()) {
        bots.push(BotChoice::host("alphabeta", "alpha-beta search"));
    }
    // A plugin's bot only in the games it can play (the author's two-player bots are not
    // offered in a three-player game).
    let plays = |b: &&game_api::BotSpec| b.seat_counts.is_empty() || b.seat_counts.contains(&seats);
    bots.extend(manifest.bots.iter().filter(plays).map(|b| BotChoice {
        name: b.name.clone(),
        description: b.description.clone(),
        seats: b.seats.clone(),
    }));
    bots
}

/// The bots that can play a game of `plugin` with these options (see
/// [`bot_choices`]); if such a game cannot be made, the bots that play any game.
pub fn bot_names_for(plugin: &Plugin, options: &Options) -> Vec<BotChoice> {
    match plugin.new_game(options) {
        Ok(game) => bot_choices(plugin, &game),
        Err(_) => {
            let mut bots = Vec::new();
            for l in crate::ai::Level::ALL {
                bots.push(BotChoice::host(l.name(), &l.description()));
            }
            bots.push(BotChoice::host("random", "plays a random legal move"));
            bots
        }
    }
}

/// The names of the bots that can play a game of `plugin` with its default options
/// (see [`bot_names_for`] for other options).
pub fn bot_names(plugin: &Plugin) -> Vec<String> {
    bot_names_for(plugin, &Options::defaults(&plugin.manifest().options))
        .into_iter()
        .map(|b| b.name)
        .collect()
}
