use serde::{Serialize, de::DeserializeOwned};

use crate::{
    Effect, GameError, Layout, Manifest, MoveId, MoveInfo, Options, Outcome, Rng, Turn, View,
};

/// A game, as its author writes it: an owned state with its rules.
///
/// The host never sees this trait directly: [`export_game!`](crate::export_game) wraps an
/// implementation into a plugin. A game crate tests its rules against this trait with no
/// loading involved.
///
/// The contract, which the host's conformance suite (`tavola check`) verifies through the
/// plugin boundary, and [`testing::conformance::assert_conforms`](crate::testing::conformance::assert_conforms)
/// on the trait from the game's own `cargo test`:
/// - [`Game::turn`] says whose turn it is; in a [`Turn::Seat`] position
///   [`Game::legal_moves`] lists the moves, in a [`Turn::Chance`] position the outcomes'
///   moves (in the same order), in a [`Turn::Over`] position nothing.
/// - [`Game::apply`] accepts exactly the legal moves and refuses every other id with an
///   error, leaving the state unchanged.
/// - [`Game::notation`] and [`Game::from_notation`], like the JSON state, round-trip.
/// - Every site named by the view or a move exists in the layout.
/// - Every game ends: a random playout reaches [`Turn::Over`].
pub trait Game: Clone + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// What the host shows before a game starts: name, seats, rules, options.
    fn manifest() -> Manifest;

    /// The start position for these options. The options have been checked against
    /// the manifest's schema; an unsupported combination is refused here.
    fn new(options: &Options) -> Result<Self, GameError>;

    /// The position written in `notation`, under these options.
    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError>;

    /// The position as a short text, read back by [`Game::from_notation`]: one line,
    /// everything the rules need (the side to move, counters, a phase), so that a
    /// position can be typed, saved and looked at (`tavola open GAME --position P`).
    /// Document its fields in the crate's docs, e.g. `Y:1,3,5 B:2,4,6 Y throw` (the
    /// Storks) or `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S` (Kalah).
    fn notation(&self) -> String;

    /// How many seats this game has (it may depend on the options).
    fn seat_count(&self) -> u8;

    /// The static board for this game's options.
    fn layout(&self) -> Layout;

    /// What a person sees of the position now.
    fn view(&self) -> View;

    /// Whose turn it is.
    fn turn(&self) -> Turn;

    /// Writes the legal moves (or chance outcomes) into `moves`, which arrives empty.
    fn legal_moves(&self, moves: &mut Vec<MoveId>);

    /// How a person makes `mv` and how it is written.
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError>;

    /// Plays `mv`. When `effects` is given, pushes the steps a person would see: wrap it
    /// in an [`Effects`](crate::Effects) sink, which records nothing on the fast path.
    /// An illegal move is refused with an error and changes nothing.
    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError>;

    /// Plays `mv`, taken from this position's [`Game::legal_moves`], without effects:
    /// the search engine's way of playing a move, which a game may make faster by not
    /// deciding again whether the move is legal (for some games that means playing
    /// every move out). It must leave the game exactly as [`Game::apply`] would, and
    /// still refuse, not crash on, a move it cannot play. The default: `apply`.
    fn apply_legal(&mut self, mv: MoveId) -> Result<(), GameError> {
        self.apply(mv, None)
    }

    /// The state as JSON (the default serialises `self` with `serde`).
    fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// The state from JSON written by [`Game::to_json`], checked by [`Game::check`].
    fn from_json(json: &str) -> Result<Self, GameError> {
        let game: Self = serde_json::from_str(json).map_err(|e| GameError::State(e.to_string()))?;
        game.check()?;
        Ok(game)
    }

    /// Checks a deserialised state for consistency (the default accepts everything).
    fn check(&self) -> Result<(), GameError> {
        Ok(())
    }

    /// Plays random moves to the end and returns the outcome: the fast path for search,
    /// one boundary crossing per playout. An override must choose exactly as
    /// [`random_playout`] does, so that a seed gives the same game either way.
    fn playout(&mut self, rng: &mut Rng) -> Result<Outcome, GameError> {
        random_playout(self, rng)
    }

    /// A heuristic value of the position for each seat (higher is better), if the game
    /// has one.
    fn evaluate(&self) -> Option<Vec<f64>> {
        None
    }

    /// How much of the final margin is still to be decided, in the margin's unit: the
    /// value still in play (for mancala: the seeds not yet banked, a big stone counting
    /// its worth). The host sizes the evaluation bar's reading of a search's score by it,
    /// so that a lead of a few seeds reads the same share of what is left whatever the
    /// game's size. `None` (the default): the host's reading sized for 48 seeds.
    fn value_in_play(&self) -> Option<u32> {
        None
    }

    /// A hash of the position for transposition tables (the default hashes the notation).
    fn state_hash(&self) -> u64 {
        // FNV-1a: stable across builds and processes.
        self.notation().bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    /// The key of the position in the transposition table of the heuristic search
    /// (alpha-beta as a bot or a hint; the exact solver keys on [`Game::state_hash`]).
    /// The default is [`Game::state_hash`].
    ///
    /// A game whose `state_hash` covers a record of earlier positions, because a rule
    /// about repeated positions reads it, may leave the record out here: the search then
    /// shares what it learnt about a board between the histories that reach it. That
    /// makes it far stronger where long stretches can repeat (without it, almost no
    /// position of such a stretch is met twice and the search stays shallow), at the
    /// price of a value, now and then, that was found under another history. A game
    /// over (the rule fired) is always seen as such: the engine asks [`Game::turn`] first.
    fn search_hash(&self) -> u64 {
        self.state_hash()
    }

    /// A heuristic value of the position for the seat to move, for the search engine
    /// ([`crate::search`]), in hundredths ([`crate::search::EVAL_SCALE`]) of the unit of
    /// the final margin (for mancala: hundredths of a seed), so that a feature can be
    /// worth a fraction of a point. `None` (the default): the engine uses
    /// [`Game::evaluate`] if there is one, else counts the position as even.
    fn search_eval(&self) -> Option<i32> {
        None
    }

    /// Told, on the search's own copy of the root, how long a heuristic search
    /// ([`crate::search::run_request`]'s best move, as a bot or a hint; a direct caller
    /// of [`crate::search::best_move`] calls it itself) may run before it starts:
    /// the request's soft time limit, `None` for a search bounded only by depth or
    /// positions. A game may choose its [`Game::search_eval`] by it, e.g. a costlier
    /// evaluation where the search has the time for it (the copies the search makes
    /// of that root keep the choice; what the kept table learnt under another choice
    /// is reused as it is). The exact solver does not call it. By default nothing.
    fn prepare_search(&mut self, time: Option<std::time::Duration>) {
        let _ = time;
    }

    /// At a finished game, `seat`'s final score minus the other seat's (the final
    /// margin). The default derives it from the scores of the [`Outcome`] of
    /// [`Game::turn`]; a game overrides it only to skip building the outcome.
    fn final_margin(&self, seat: u8) -> Option<i32> {
        match self.turn() {
            Turn::Over { outcome } => {
                let mine = outcome.seats.get(usize::from(seat))?.score;
                let other = outcome
                    .seats
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != usize::from(seat))
                    .map(|(_, s)| s.score)
                    .max()
                    .unwrap_or(0);
                i32::try_from(mine - other).ok()
            }
            _ => None,
        }
    }

    /// Exact bounds `(lowest, highest)` on the final margin of the seat to move, whatever
    /// is played from here (for mancala: the seeds already banked, plus or minus the
    /// seeds still in play). The engine cuts off a node whose bounds fall outside its
    /// window. Only for games whose result follows the margin's sign (a positive margin
    /// wins). `None` (the default): no bounds known.
    fn score_bounds(&self) -> Option<(i32, i32)> {
        None
    }

    /// For the solver: a hash of what alone decides the rest of the game, seen from the
    /// seat to move, and the part of the final margin already decided (for mancala: the
    /// houses, the mover's row first, and the difference of the stores). Two positions
    /// with the same key have final margins, for their seats to move, that differ by
    /// exactly the difference of their decided parts; so the solver shares one table
    /// entry between positions that differ only in what is banked, or that mirror each
    /// other. `None` (the default): the solver keys positions by [`Game::state_hash`].
    fn solve_key(&self) -> Option<(u64, i32)> {
        None
    }

    /// How promising `mv` looks before it is searched, higher first (e.g. captures): the
    /// engine tries moves in this order after the table's move. The default: 0 for all.
    fn move_order_hint(&self, mv: MoveId) -> i32 {
        let _ = mv;
        0
    }

    /// The exact solver's tie-break between moves alike in what they did (both or
    /// neither give an extra turn, the same seeds banked), higher first: a value from
    /// −255 to 255 (beyond, it is clamped), above the history of cut-offs. The default:
    /// 0 for all, so the history alone orders them. The mancala kit answers the house
    /// nearest the store first (its sowing disturbs the fewest other houses; on
    /// Kalah(6,3) that alone saves 38% of the positions).
    fn solve_order_hint(&self, mv: MoveId) -> i32 {
        let _ = mv;
        0
    }

    /// The final margin for the seat to move under perfect play, when the game knows it
    /// without searching (e.g. from an endgame table). The engine asks at every node but
    /// the root (whose value alone names no move) and trusts the answer. The default:
    /// `None`, unknown.
    fn exact_value(&self) -> Option<i32> {
        None
    }

    /// The move and the exact value (the final margin for the seat to move under perfect
    /// play) that the game's stored opening solution gives for this position, if it
    /// holds the position: the engine's [`best_move`](crate::search::best_move) plays it
    /// without searching. The default: `None`, no book.
    ///
    /// ```
    /// # use game_api::{Game, MoveId};
    /// # fn demo(game: &impl Game) {
    /// if let Some((mv, margin)) = game.opening_move() {
    ///     println!("the book plays {mv:?}: perfect play ends {margin:+}");
    /// }
    /// # }
    /// ```
    fn opening_move(&self) -> Option<(MoveId, i32)> {
        None
    }

    /// Answers a [`TablesRequest`](crate::endgame::TablesRequest) (JSON) about the
    /// game's endgame tables with a [`TablesStatus`](crate::endgame::TablesStatus)
    /// (JSON). The default: the game has no tables.
    fn endgame_tables(&self, request: &str) -> Result<String, GameError> {
        let _ = request;
        Ok(crate::endgame::unsupported_json())
    }

    /// The move of the plugin's own bot `bot` (named in the manifest).
    fn bot_move(&self, bot: &str, rng: &mut Rng) -> Result<MoveId, GameError> {
        let _ = rng;
        Err(GameError::UnknownBot(bot.to_owned()))
    }

    /// Asks the game to write its texts (the view's status and panel labels, event
    /// messages, move descriptions) in language `lang`, a lower-case primary tag (`it`,
    /// `en`); an unknown language keeps the game's default. The plugin calls it right
    /// after it makes or reads back a game, with the language the host asked for (see
    /// [`SET_LANGUAGE_SYMBOL`](crate::ffi::SET_LANGUAGE_SYMBOL)); copies keep it. The
    /// state, its notation and its hash must not
    /// depend on it (keep the language in a `#[serde(skip)]` field). The default ignores
    /// it: a game with one language. See the [`i18n`](crate::i18n) module.
    ///
    /// ```
    /// use game_api::Game;
    /// # use game_api::*;
    /// # #[derive(Clone, serde::Serialize, serde::Deserialize)]
    /// # struct Nim { left: u8, #[serde(skip)] italian: bool }
    /// # impl Game for Nim {
    /// #   fn manifest() -> Manifest { Manifest::new("nim", "Nim", "1.0.0") }
    /// #   fn new(_: &Options) -> Result<Self, GameError> { Ok(Nim { left: 3, italian: false }) }
    /// #   fn from_notation(o: &Options, _: &str) -> Result<Self, GameError> { Self::new(o) }
    /// #   fn notation(&self) -> String { self.left.to_string() }
    /// #   fn seat_count(&self) -> u8 { 2 }
    /// #   fn layout(&self) -> Layout { unimplemented!() }
    /// fn view(&self) -> View {
    ///     let status = if self.italian { "Restano {n}" } else { "{n} left" };
    ///     View { status: status.replace("{n}", &self.left.to_string()), ..View::default() }
    /// }
    /// #   fn turn(&self) -> Turn { unimplemented!() }
    /// #   fn legal_moves(&self, _: &mut Vec<MoveId>) {}
    /// #   fn move_info(&self, _: MoveId) -> Result<MoveInfo, GameError> { unimplemented!() }
    /// #   fn apply(&mut self, _: MoveId, _: Option<&mut Vec<Effect>>) -> Result<(), GameError> { unimplemented!() }
    /// fn set_language(&mut self, lang: &str) {
    ///     self.italian = lang == "it";
    /// }
    /// # }
    /// let mut nim = Nim::new(&Options::default()).unwrap();
    /// nim.set_language("it");
    /// assert_eq!(nim.view().status, "Restano 3");
    /// ```
    fn set_language(&mut self, lang: &str) {
        let _ = lang;
    }
}

/// The most moves a random playout makes before it is declared endless.
pub const MAX_PLAYOUT_ACTIONS: usize = 1_000_000;

/// Plays uniformly random moves, and chance outcomes by their probabilities, until the
/// game is over.
///
/// This is *the* random policy: the host's move-by-move playout makes the same draws in
/// the same order ([`Rng::chance`] at a chance event, [`Rng::below`] over the legal moves
/// otherwise), so both give the same game for the same seed.
pub fn random_playout<G: Game>(game: &mut G, rng: &mut Rng) -> Result<Outcome, GameError> {
    random_actions(game, rng, MAX_PLAYOUT_ACTIONS)?.ok_or_else(|| {
        GameError::Internal(format!(
            "a random playout did not end within {MAX_PLAYOUT_ACTIONS} moves"
        ))
    })
}

/// Plays at most `max_actions` actions of the random policy of [`random_playout`];
/// returns the outcome if the game ended on the way.
///
/// ```
/// # use game_api::{random_actions, Rng};
/// # fn demo<G: game_api::Game>(game: &mut G) -> Result<(), game_api::GameError> {
/// // Search with truncated playouts: 40 random actions, then the game's heuristic.
/// if random_actions(game, &mut Rng::with_seed(1), 40)?.is_none() {
///     let _values = game.evaluate();
/// }
/// # Ok(())
/// # }
/// ```
pub fn random_actions<G: Game>(
    game: &mut G,
    rng: &mut Rng,
    max_actions: usize,
) -> Result<Option<Outcome>, GameError> {
    let mut moves = Vec::new();
    for _ in 0..max_actions {
        let mv = match game.turn() {
            Turn::Over { outcome } => return Ok(Some(outcome)),
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { seat } => {
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    return Err(GameError::Internal(format!(
                        "seat {seat} is to move but has no legal move"
                    )));
                }
                moves[rng.below(moves.len())]
            }
        };
        game.apply(mv, None)?;
    }
    Ok(match game.turn() {
        Turn::Over { outcome } => Some(outcome),
        _ => None,
    })
}
