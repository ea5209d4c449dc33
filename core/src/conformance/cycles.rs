//! The hunt for endless games: random play ends most games that have an endless line,
//! because it wanders off the line, while bots that play for a purpose keep to it. So
//! the suite also plays games between the host's bots — greedy against greedy, greedy
//! against random both ways, and a short search against itself — seeded, so that a
//! failure is found again, and watches each for a position (the plugin's notation and
//! whose turn it is, see [`crate::repetition`]) that the players keep bringing back with
//! the game going on. The host knows no rule: a game whose rules end repeated positions
//! ends before the position has occurred [`ENDLESS_TIMES`](crate::repetition::ENDLESS_TIMES) times, and passes.

use std::fmt;

use game_api::{MoveId, Options, Rng, SearchHints, Turn};

use super::CheckFailure;
use crate::{
    ai::{AlphaBetaBot, engine::EngineConfig, mcts::MctsConfig},
    bots::{Bot, bot_for},
    plugins::{CallError, Plugin},
    repetition::{Position, Positions, cycle_advice},
};

/// The short search of the bot games, for two-seat games without chance: alpha-beta
/// [`SEARCH_DEPTH`] moves deep ([`short_search`]).
pub const SEARCH_BOT: &str = "alphabeta:2";

/// How deep [`short_search`] looks.
pub const SEARCH_DEPTH: u32 = 2;

/// The table of [`short_search`], in KiB: ample for a search this shallow.
const SEARCH_TABLE_KIB: u64 = 256;

/// The simulations of [`SEARCH_BOT_ANY`], also what [`short_search`] plays with a plugin
/// built without the engine.
const SEARCH_SIMULATIONS: u64 = 48;

/// The short search of the bot games that alpha-beta cannot play (chance, or more than
/// two seats): a few MCTS simulations on one thread, seeded by the game.
pub const SEARCH_BOT_ANY: &str = "mcts:48:1";

/// Who plays a bot game of the suite. With more than two seats, the first bot takes the
/// even seats and the second the odd ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// Greedy against greedy.
    GreedyGreedy,
    /// Greedy in the first seat against random.
    GreedyRandom,
    /// Random in the first seat against greedy.
    RandomGreedy,
    /// The short search against itself ([`SEARCH_BOT`], or [`SEARCH_BOT_ANY`] where
    /// alpha-beta cannot play).
    Search,
}

impl Pairing {
    /// Every pairing, in the order the suite plays them.
    pub const ALL: [Pairing; 4] = [
        Pairing::GreedyGreedy,
        Pairing::Search,
        Pairing::GreedyRandom,
        Pairing::RandomGreedy,
    ];

    /// The pairing of bot game `index` (they take turns).
    pub fn nth(index: u64) -> Pairing {
        Pairing::ALL[(index % Pairing::ALL.len() as u64) as usize]
    }

    /// The names of the two bots, for a game whose alpha-beta verdict is `alphabeta`.
    fn bots(self, alphabeta: bool) -> (&'static str, &'static str) {
        let search = if alphabeta {
            SEARCH_BOT
        } else {
            SEARCH_BOT_ANY
        };
        match self {
            Pairing::GreedyGreedy => ("greedy", "greedy"),
            Pairing::GreedyRandom => ("greedy", "random"),
            Pairing::RandomGreedy => ("random", "greedy"),
            Pairing::Search => (search, search),
        }
    }
}

impl fmt::Display for Pairing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.bots(true);
        match self {
            Pairing::Search => write!(f, "a short search against itself"),
            _ => write!(f, "{a} vs {b}"),
        }
    }
}

/// Plays one game of `pairing` from the start of a game with `options`, seeded `seed`,
/// for at most `max_actions` actions, and returns the actions played. A position that
/// comes back until it has occurred [`ENDLESS_TIMES`](crate::repetition::ENDLESS_TIMES) times, the game going on and no
/// chance event between its returns ([`Positions::visit`]), fails it, with the position,
/// the line of play from it back to it, and what ends cycles ([`cycle_advice`]). A game
/// still going after `max_actions` actions without such a return is stopped, not failed
/// (random games test the length of a game).
pub fn check_bot_game(
    plugin: &Plugin,
    options: &Options,
    pairing: Pairing,
    seed: u64,
    max_actions: usize,
) -> Result<usize, CheckFailure> {
    play_bot_game(plugin, options, pairing, seed, max_actions).map(|game| game.moves.len())
}

/// A bot game played to its end (or stopped for its length) with no endless return.
#[derive(Debug, Clone)]
pub struct BotGame {
    /// The actions played, in order: a game played again from the start by these is
    /// the same game.
    pub moves: Vec<MoveId>,
    /// Whether it ended by the rules (else it was stopped for its length).
    pub ended: bool,
}

/// [`check_bot_game`], returning the game's actions.
pub fn play_bot_game(
    plugin: &Plugin,
    options: &Options,
    pairing: Pairing,
    seed: u64,
    max_actions: usize,
) -> Result<BotGame, CheckFailure> {
    let e = |what: &'static str| {
        move |err: CallError| CheckFailure::call(what)(err).at(pairing.to_string())
    };
    let mut game = plugin.new_game(options).map_err(e("new game"))?;
    let seats = game.seat_count().map_err(e("seats"))?;
    let alphabeta = crate::ai::alphabeta_plays(seats, game.may_have_chance());
    let (a, b) = pairing.bots(alphabeta);
    let bot = |name: &str| -> Result<Box<dyn Bot>, CheckFailure> {
        if name == SEARCH_BOT {
            return Ok(short_search(&plugin.manifest().search));
        }
        Ok(bot_for(name, plugin, &game)?)
    };
    let mut bots: Vec<Box<dyn Bot>> = (0..seats)
        .map(|s| bot(if s % 2 == 0 { a } else { b }))
        .collect::<Result<_, _>>()
        .map_err(|err| err.at(pairing.to_string()))?;
    let seat_names = &plugin.manifest().seat_names;
    let mut rng = Rng::with_seed(seed);
    let mut positions = Positions::default();
    let mut moves = Vec::new();
    for action in 0..max_actions {
        let turn = game.turn().map_err(e("turn"))?;
        let position = Position::at(&game, &turn).map_err(e("notation"))?;
        if let Some(repeated) = positions.visit(position) {
            return Err(CheckFailure::Broken(format!(
                "an endless game: {}. Nothing in the rules ends this cycle: {}",
                repeated.describe(seat_names),
                cycle_advice(plugin)
            ))
            .at(format!("{pairing} ({a} and {b})")));
        }
        let chance = matches!(turn, Turn::Chance { .. });
        let mv = match turn {
            Turn::Over { .. } => return Ok(BotGame { moves, ended: true }),
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { seat } => bots[usize::from(seat) % usize::from(seats)]
                .choose(&game, seat, &mut rng)
                .map_err(CheckFailure::call(format!(
                    "{pairing}: the bot of seat {seat}"
                )))?,
        };
        let notation = game.move_info(mv).map_err(e("move"))?.notation;
        game.apply(mv).map_err(CheckFailure::call(format!(
            "{pairing}: after {action} actions, move {mv}"
        )))?;
        positions.played(notation, chance);
        moves.push(mv);
    }
    Ok(BotGame {
        moves,
        ended: false,
    })
}

/// The short search of the bot games ([`SEARCH_BOT`]): the plugin's own alpha-beta
/// ([`game_api::search`]) [`SEARCH_DEPTH`] moves deep, no time limit, told the
/// positions it has moved from (a return counts as a draw in its search, as for the
/// `alphabeta` bot), with a small table emptied before every search — the plugin keeps
/// its table between searches, and a table left by other games would change the moves,
/// so that the same game would not be played again. A plugin without the engine is
/// played by `SEARCH_SIMULATIONS` (48) MCTS simulations (seeded by the game).
pub fn short_search(hints: &SearchHints) -> Box<dyn Bot> {
    Box::new(AlphaBetaBot::new(
        SEARCH_BOT,
        EngineConfig::to_depth(SEARCH_DEPTH).with_table_kib(SEARCH_TABLE_KIB, true),
        MctsConfig {
            iterations: Some(SEARCH_SIMULATIONS),
            ..MctsConfig::following(hints)
        },
    ))
}
