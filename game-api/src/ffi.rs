//! The FFI face: what crosses the boundary between the host and a plugin library.
//!
//! A plugin exports two symbols, both written by [`export_game!`](crate::export_game):
//!
//! - [`TAVOLA_PLUGIN_INFO`](PluginInfo): a plain `#[repr(C)]` static the host reads with
//!   `libloading` *before* anything else, so that it can tell "not a Tavola plugin" and
//!   "built for game-api level 2, this host speaks level 1" apart from a layout error,
//!   whose `abi_stable` report is hundreds of lines long.
//! - `abi_stable`'s root module loader, whose [`GamePlugin`] root module makes games.
//!
//! Rich, rarely-called data (manifest, layout, view, move descriptions, effects) crosses
//! as JSON of the Rust-face types: the ABI stays small and data-shaped, and fields can be
//! added to those types without breaking old plugins. The hot path of search (turn,
//! legal moves, apply, playout, evaluate, hash) crosses as plain `abi_stable` values.
//!
//! Every function catches panics inside the plugin and returns them as an [`FfiError`]:
//! a panic that unwound across the boundary would kill the host.
#![allow(missing_docs)] // the sabi_trait expansion adds undocumented items

use std::{
    panic::{AssertUnwindSafe, catch_unwind},
    sync::atomic::AtomicBool,
};

pub use abi_stable;
use abi_stable::{
    StableAbi,
    library::{CheckTypeLayout, LibHeader, RootModule, RootModuleResult},
    package_version_strings,
    prefix_type::PrefixTypeTrait,
    sabi_trait,
    sabi_types::VersionStrings,
    std_types::{RBox, ROption, RResult, RSlice, RStr, RString, RVec},
};

use crate::{
    ChanceOutcome, Game, GameError, GameResult, MoveId, Options, Outcome, Probability, Rng,
    SeatOutcome, Turn,
};

/// The bytes every [`PluginInfo`] starts with.
pub const PLUGIN_MAGIC: [u8; 8] = *b"TAVOLA\0\x01";

/// The name of the exported [`PluginInfo`] static.
pub const PLUGIN_INFO_SYMBOL: &[u8] = b"TAVOLA_PLUGIN_INFO\0";

/// The name of the plain C function `tavola_set_language(ptr: *const u8, len: usize)` that
/// [`export_game!`](crate::export_game) exports: the host calls it (found with
/// `libloading`, and absent from plugins built before languages) with the player's
/// language, UTF-8, before it makes games; every game the plugin makes from then on is
/// told the language with [`Game::set_language`]. A plain
/// symbol rather than a method of the `abi_stable` types, whose layout old plugins pin.
pub const SET_LANGUAGE_SYMBOL: &[u8] = b"tavola_set_language\0";

/// The language the host asked this plugin for (empty: none asked).
static PLUGIN_LANGUAGE: std::sync::RwLock<String> = std::sync::RwLock::new(String::new());

fn plugin_language() -> String {
    PLUGIN_LANGUAGE
        .read()
        .map(|l| l.clone())
        .unwrap_or_default()
}

/// What `tavola_set_language` does: keeps the language (at most 35 bytes of UTF-8, else
/// ignored) for the games made from now on.
///
/// # Safety
/// `ptr` must point to `len` readable bytes (or `len` be 0).
pub unsafe fn set_plugin_language(ptr: *const u8, len: usize) {
    if ptr.is_null() || len > 35 {
        return;
    }
    // SAFETY: the caller promises `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    if let (Ok(lang), Ok(mut slot)) = (std::str::from_utf8(bytes), PLUGIN_LANGUAGE.write()) {
        *slot = lang.to_owned();
    }
}

/// The first thing the host reads from a library: is it a Tavola plugin, and for which
/// level of the contract was it built. Plain `#[repr(C)]` data that can never change
/// layout, so that it is readable by every host, past and future.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct PluginInfo {
    /// Always [`PLUGIN_MAGIC`].
    pub magic: [u8; 8],
    /// The [`API_LEVEL`](crate::API_LEVEL) the plugin was built for.
    pub api_level: u32,
    /// The game-api version the plugin was built with, NUL-padded UTF-8.
    pub game_api_version: [u8; 24],
}

impl PluginInfo {
    /// The info of a plugin built against this crate.
    pub const fn current() -> Self {
        Self::for_level(crate::API_LEVEL)
    }

    /// The info of a plugin built for `api_level` (tests use this to fake old plugins).
    pub const fn for_level(api_level: u32) -> Self {
        let mut version = [0u8; 24];
        let src = crate::GAME_API_VERSION.as_bytes();
        let mut i = 0;
        while i < src.len() && i < version.len() {
            version[i] = src[i];
            i += 1;
        }
        PluginInfo {
            magic: PLUGIN_MAGIC,
            api_level,
            game_api_version: version,
        }
    }

    /// The game-api version as text.
    pub fn version(&self) -> String {
        let end = self
            .game_api_version
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(self.game_api_version.len());
        String::from_utf8_lossy(&self.game_api_version[..end]).into_owned()
    }
}

/// The kind of an [`FfiError`], so that the host can rebuild a [`GameError`].
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FfiErrorKind {
    IllegalMove,
    Options,
    Notation,
    State,
    UnknownBot,
    GameOver,
    Internal,
    /// The plugin panicked; the message is the panic's.
    Panic,
}

/// An error as it crosses the boundary.
#[repr(C)]
#[derive(StableAbi, Debug, Clone)]
pub struct FfiError {
    pub kind: FfiErrorKind,
    pub message: RString,
}

impl From<GameError> for FfiError {
    fn from(e: GameError) -> Self {
        let kind = match &e {
            GameError::IllegalMove { .. } => FfiErrorKind::IllegalMove,
            GameError::Options(_) => FfiErrorKind::Options,
            GameError::Notation { .. } => FfiErrorKind::Notation,
            GameError::State(_) | GameError::DataFile(_) => FfiErrorKind::State,
            GameError::UnknownBot(_) => FfiErrorKind::UnknownBot,
            GameError::GameOver => FfiErrorKind::GameOver,
            GameError::Internal(_) => FfiErrorKind::Internal,
        };
        FfiError {
            kind,
            message: e.to_string().into(),
        }
    }
}

impl std::fmt::Display for FfiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            FfiErrorKind::Panic => write!(f, "the plugin panicked: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

/// Whose turn it is, as it crosses the boundary (see [`Turn`]).
#[repr(u8)]
#[derive(StableAbi, Debug, Clone)]
pub enum FfiTurn {
    Seat(u8),
    Chance(RVec<FfiChance>),
    Over(RVec<FfiSeatOutcome>),
}

/// One chance outcome (see [`ChanceOutcome`]).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy)]
pub struct FfiChance {
    pub mv: u32,
    pub num: u32,
    pub den: u32,
}

/// One seat's result (see [`SeatOutcome`]); `result` is 0 win, 1 draw, 2 loss.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy)]
pub struct FfiSeatOutcome {
    pub result: u8,
    pub score: i64,
}

impl From<Turn> for FfiTurn {
    fn from(t: Turn) -> Self {
        match t {
            Turn::Seat { seat } => FfiTurn::Seat(seat),
            Turn::Chance { outcomes } => FfiTurn::Chance(
                outcomes
                    .iter()
                    .map(|o| FfiChance {
                        mv: o.mv.0,
                        num: o.probability.num,
                        den: o.probability.den,
                    })
                    .collect(),
            ),
            Turn::Over { outcome } => FfiTurn::Over(
                outcome
                    .seats
                    .iter()
                    .map(|s| FfiSeatOutcome {
                        result: match s.result {
                            GameResult::Win => 0,
                            GameResult::Draw => 1,
                            GameResult::Loss => 2,
                        },
                        score: s.score,
                    })
                    .collect(),
            ),
        }
    }
}

impl From<FfiTurn> for Turn {
    fn from(t: FfiTurn) -> Self {
        match t {
            FfiTurn::Seat(seat) => Turn::Seat { seat },
            FfiTurn::Chance(outcomes) => Turn::Chance {
                outcomes: outcomes
                    .iter()
                    .map(|o| ChanceOutcome {
                        mv: MoveId(o.mv),
                        probability: Probability::new(o.num, o.den),
                    })
                    .collect(),
            },
            FfiTurn::Over(seats) => Turn::Over {
                outcome: Outcome {
                    seats: seats
                        .iter()
                        .map(|s| SeatOutcome {
                            result: match s.result {
                                0 => GameResult::Win,
                                1 => GameResult::Draw,
                                _ => GameResult::Loss,
                            },
                            score: s.score,
                        })
                        .collect(),
                },
            },
        }
    }
}

/// What kind of node a [`FfiSimulation`] reached.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FfiNode {
    /// A seat is to move: `seat` and `moves` are filled in.
    #[default]
    Seat,
    /// Chance decides: `chances` is filled in.
    Chance,
    /// The game is over: `returns` are the final ones.
    Over,
    /// The plugin does not have [`FfiGame::simulate`]; nothing is filled in.
    Unsupported,
}

/// What one search simulation found, filled in by [`FfiGame::simulate`]. The host keeps
/// one and passes it to every call, so that its vectors are allocated once per search,
/// not once per simulation.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Default)]
pub struct FfiSimulation {
    /// The kind of the node at the end of the path.
    pub node: FfiNode,
    /// The seat to move there (for [`FfiNode::Seat`]).
    pub seat: u8,
    /// The legal moves there (for [`FfiNode::Seat`]).
    pub moves: RVec<u32>,
    /// The chance outcomes there (for [`FfiNode::Chance`]).
    pub chances: RVec<FfiChance>,
    /// Per seat: +1 win, 0 draw, −1 loss, of the random playout from that node (or of
    /// the game's end, for [`FfiNode::Over`]).
    pub returns: RVec<f64>,
}

impl FfiSimulation {
    /// Describes the node whose turn is `turn` (clearing what was there).
    pub fn set_turn(&mut self, turn: FfiTurn) {
        self.moves.clear();
        self.chances.clear();
        self.returns.clear();
        match turn {
            FfiTurn::Seat(seat) => {
                self.node = FfiNode::Seat;
                self.seat = seat;
            }
            FfiTurn::Chance(outcomes) => {
                self.node = FfiNode::Chance;
                self.chances.extend(outcomes);
            }
            FfiTurn::Over(seats) => {
                self.node = FfiNode::Over;
                self.returns
                    .extend(seats.iter().map(|s| 1.0 - f64::from(s.result.min(2))));
            }
        }
    }
}

/// A game inside a plugin, as the host holds it.
///
/// Methods returning JSON return the Rust-face type serialised with `serde_json`:
/// `layout_json` a [`Layout`](crate::Layout), `view_json` a [`View`](crate::View),
/// `moves_json` a list of [`MoveInfo`](crate::MoveInfo), `apply_with_effects` a list of
/// [`Effect`](crate::Effect)s.
#[sabi_trait]
pub trait FfiGame: Clone + Send + Sync {
    fn seat_count(&self) -> RResult<u8, FfiError>;
    fn layout_json(&self) -> RResult<RString, FfiError>;
    fn view_json(&self) -> RResult<RString, FfiError>;
    fn turn(&self) -> RResult<FfiTurn, FfiError>;
    /// Clears `out` and writes the legal moves into it (no allocation on the hot path).
    fn legal_moves(&self, out: &mut RVec<u32>) -> RResult<(), FfiError>;
    fn moves_json(&self) -> RResult<RString, FfiError>;
    fn move_info_json(&self, mv: u32) -> RResult<RString, FfiError>;
    fn apply(&mut self, mv: u32) -> RResult<(), FfiError>;
    fn apply_with_effects(&mut self, mv: u32) -> RResult<RString, FfiError>;
    fn notation(&self) -> RResult<RString, FfiError>;
    fn state_json(&self) -> RResult<RString, FfiError>;
    fn state_hash(&self) -> RResult<u64, FfiError>;
    /// A random playout to the end with [`Rng::with_seed`]`(seed)`; returns the per-seat
    /// returns (+1 win, 0 draw, −1 loss) and leaves the game at its end.
    fn playout(&mut self, seed: u64) -> RResult<RVec<f64>, FfiError>;
    fn evaluate(&self) -> RResult<ROption<RVec<f64>>, FfiError>;
    /// The last method of the first version: methods added later go after it and are
    /// optional for the host, so old plugins keep loading.
    #[sabi(last_prefix_field)]
    fn bot_move(&self, bot: RStr<'_>, seed: u64) -> RResult<u32, FfiError>;

    /// One search simulation in one call: from this position, plays `path` (moves and
    /// chance outcomes the host's tree chose, each one this plugin listed at its node:
    /// they are played with [`Game::apply_legal`]), describes the node reached in `out`, and
    /// unless the game is over there, plays a random playout from it with
    /// [`Rng::with_seed`]`(seed)` and writes its returns. With `cutoff` > 0 the playout
    /// stops after that many actions and, if the game goes on, the returns are the
    /// game's [`evaluate`](crate::Game::evaluate) (clamped to −1…1). `self` is not
    /// changed.
    ///
    /// Added after the first version, hence the default body, which a plugin built
    /// without the method answers with: it sets `out.node` to [`FfiNode::Unsupported`],
    /// and the host then runs the simulation through the other calls (slower: one
    /// crossing per move instead of one per simulation).
    fn simulate(
        &self,
        path: RSlice<'_, u32>,
        seed: u64,
        cutoff: u32,
        out: &mut FfiSimulation,
    ) -> RResult<(), FfiError> {
        let _ = (path, seed, cutoff);
        out.node = FfiNode::Unsupported;
        RResult::ROk(())
    }

    /// A search by the engine inside the plugin ([`crate::search`]), monomorphised on
    /// the game: `request_json` is a [`SearchRequest`](crate::search::SearchRequest),
    /// the answer a [`SearchReply`](crate::search::SearchReply), both JSON. The search
    /// reads `stop` every few hundred microseconds and ends soon after it is set (the
    /// best move so far is still answered). The plugin keeps its transposition table
    /// between calls (per game and options, as the request's `table_key` says), so that
    /// the moves of a game, and the slices of a long solve, build on each other.
    ///
    /// Added after `simulate`, hence the default body, which a plugin built without the
    /// engine answers with: `{"status":"unsupported",…}`, and the host's bots and hints
    /// then use MCTS through the other calls.
    fn search(&self, request_json: RStr<'_>, stop: &AtomicBool) -> RResult<RString, FfiError> {
        let _ = (request_json, stop);
        RResult::ROk(RString::from(
            r#"{"status":"unsupported","reason":"the plugin was built before the search engine"}"#,
        ))
    }

    /// The game's endgame tables: answers a
    /// [`TablesRequest`](crate::endgame::TablesRequest) (JSON) with a
    /// [`TablesStatus`](crate::endgame::TablesStatus) (JSON), as
    /// [`Game::endgame_tables`] does.
    ///
    /// Added after the first version: the default body, which a plugin built without
    /// the method answers with, says the game has no tables.
    fn tables(&self, request_json: RStr<'_>) -> RResult<RString, FfiError> {
        let _ = request_json;
        RResult::ROk(crate::endgame::unsupported_json().into())
    }
}

/// A boxed game trait object, owned by the host.
pub type FfiGameBox = FfiGame_TO<'static, RBox<()>>;

/// The plugin's root module: how the host makes games.
///
/// A prefix type, so that later versions can append fields after the
/// `#[sabi(last_prefix_field)]` one and old plugins still load.
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = GamePluginRef)))]
pub struct GamePlugin {
    /// The contract level, also readable without `abi_stable` in [`PluginInfo`].
    pub api_level: u32,
    /// The [`Manifest`](crate::Manifest) as JSON.
    pub manifest_json: extern "C" fn() -> RResult<RString, FfiError>,
    /// A new game; `options_json` is a JSON object of option values (missing keys take
    /// their defaults).
    pub new_game: extern "C" fn(options_json: RStr<'_>) -> RResult<FfiGameBox, FfiError>,
    /// A game from a position notation.
    pub from_notation:
        extern "C" fn(options_json: RStr<'_>, notation: RStr<'_>) -> RResult<FfiGameBox, FfiError>,
    /// A game from its JSON state.
    #[sabi(last_prefix_field)]
    pub from_json: extern "C" fn(json: RStr<'_>) -> RResult<FfiGameBox, FfiError>,

    // Appended after the first version: the host reads them as `Option`s, and a plugin
    // built before them answers `None` (it reads no data files).
    /// A game described by a data file (see [`DataGames`](crate::data::DataGames)): the
    /// file's bytes are `data`, handed over by the host, which never reads the rules in
    /// them. Its manifest as JSON, or a refusal naming the line, the key and what is
    /// allowed. A plugin that reads no data files refuses every file.
    pub data_manifest_json: extern "C" fn(data: RSlice<'_, u8>) -> RResult<RString, FfiError>,
    /// A new game of the data file `data`, as [`GamePlugin::new_game`].
    pub data_new_game: extern "C" fn(
        data: RSlice<'_, u8>,
        options_json: RStr<'_>,
    ) -> RResult<FfiGameBox, FfiError>,
    /// A game of the data file `data` from a position notation, as
    /// [`GamePlugin::from_notation`].
    pub data_from_notation: extern "C" fn(
        data: RSlice<'_, u8>,
        options_json: RStr<'_>,
        notation: RStr<'_>,
    ) -> RResult<FfiGameBox, FfiError>,
    /// A game of the data file `data` from its JSON state, as [`GamePlugin::from_json`].
    pub data_from_json:
        extern "C" fn(data: RSlice<'_, u8>, json: RStr<'_>) -> RResult<FfiGameBox, FfiError>,
}

impl RootModule for GamePluginRef {
    abi_stable::declare_root_module_statics! {GamePluginRef}
    const BASE_NAME: &'static str = "tavola_game";
    const NAME: &'static str = "tavola_game";
    const VERSION_STRINGS: VersionStrings = package_version_strings!();
}

/// Runs `f`, turning an error into an [`FfiError`] and a panic into an
/// [`FfiErrorKind::Panic`] error with the panic's message.
pub(crate) fn guard<T>(f: impl FnOnce() -> Result<T, GameError>) -> RResult<T, FfiError> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => RResult::ROk(v),
        Ok(Err(e)) => RResult::RErr(e.into()),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            RResult::RErr(FfiError {
                kind: FfiErrorKind::Panic,
                message: message.into(),
            })
        }
    }
}

pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> Result<RString, GameError> {
    serde_json::to_string(value)
        .map(RString::from)
        .map_err(|e| GameError::Internal(e.to_string()))
}

fn options_for<G: Game>(options_json: &str) -> Result<Options, GameError> {
    let values = if options_json.trim().is_empty() {
        Default::default()
    } else {
        serde_json::from_str(options_json)
            .map_err(|e| GameError::State(format!("options are not a JSON object: {e}")))?
    };
    Ok(Options::resolve(&G::manifest().options, &values)?)
}

/// The plugin-side wrapper that implements [`FfiGame`] for a [`Game`].
#[derive(Clone)]
struct Plugged<G>(G);

impl<G: Game> FfiGame for Plugged<G> {
    fn seat_count(&self) -> RResult<u8, FfiError> {
        guard(|| Ok(self.0.seat_count()))
    }
    fn layout_json(&self) -> RResult<RString, FfiError> {
        guard(|| to_json(&self.0.layout()))
    }
    fn view_json(&self) -> RResult<RString, FfiError> {
        guard(|| to_json(&self.0.view()))
    }
    fn turn(&self) -> RResult<FfiTurn, FfiError> {
        guard(|| Ok(self.0.turn().into()))
    }
    fn legal_moves(&self, out: &mut RVec<u32>) -> RResult<(), FfiError> {
        guard(|| {
            let mut moves = Vec::new();
            self.0.legal_moves(&mut moves);
            out.clear();
            out.extend(moves.iter().map(|m| m.0));
            Ok(())
        })
    }
    fn moves_json(&self) -> RResult<RString, FfiError> {
        guard(|| {
            let mut moves = Vec::new();
            self.0.legal_moves(&mut moves);
            let infos = moves
                .into_iter()
                .map(|m| self.0.move_info(m))
                .collect::<Result<Vec<_>, _>>()?;
            to_json(&infos)
        })
    }
    fn move_info_json(&self, mv: u32) -> RResult<RString, FfiError> {
        guard(|| to_json(&self.0.move_info(MoveId(mv))?))
    }
    fn apply(&mut self, mv: u32) -> RResult<(), FfiError> {
        guard(|| self.0.apply(MoveId(mv), None))
    }
    fn apply_with_effects(&mut self, mv: u32) -> RResult<RString, FfiError> {
        guard(|| {
            let mut effects = Vec::new();
            self.0.apply(MoveId(mv), Some(&mut effects))?;
            to_json(&effects)
        })
    }
    fn notation(&self) -> RResult<RString, FfiError> {
        guard(|| Ok(self.0.notation().into()))
    }
    fn state_json(&self) -> RResult<RString, FfiError> {
        guard(|| Ok(self.0.to_json().into()))
    }
    fn state_hash(&self) -> RResult<u64, FfiError> {
        guard(|| Ok(self.0.state_hash()))
    }
    fn playout(&mut self, seed: u64) -> RResult<RVec<f64>, FfiError> {
        guard(|| {
            let outcome = self.0.playout(&mut Rng::with_seed(seed))?;
            Ok(outcome.returns().into())
        })
    }
    fn evaluate(&self) -> RResult<ROption<RVec<f64>>, FfiError> {
        guard(|| Ok(self.0.evaluate().map(RVec::from).into()))
    }
    fn bot_move(&self, bot: RStr<'_>, seed: u64) -> RResult<u32, FfiError> {
        guard(|| {
            self.0
                .bot_move(bot.as_str(), &mut Rng::with_seed(seed))
                .map(|m| m.0)
        })
    }
    fn simulate(
        &self,
        path: RSlice<'_, u32>,
        seed: u64,
        cutoff: u32,
        out: &mut FfiSimulation,
    ) -> RResult<(), FfiError> {
        guard(|| {
            let mut game = self.0.clone();
            // The path's moves are ones this plugin listed at each node (the host's tree
            // holds nothing else): the search's way of playing them.
            for &mv in path.iter() {
                game.apply_legal(MoveId(mv))?;
            }
            out.set_turn(game.turn().into());
            match out.node {
                FfiNode::Seat => SCRATCH.with_borrow_mut(|moves| {
                    moves.clear();
                    game.legal_moves(moves);
                    out.moves.extend(moves.iter().map(|m| m.0));
                }),
                FfiNode::Chance => {}
                FfiNode::Over | FfiNode::Unsupported => return Ok(()),
            }
            let mut rng = Rng::with_seed(seed);
            let outcome = match cutoff {
                0 => Some(game.playout(&mut rng)?),
                n => crate::random_actions(&mut game, &mut rng, n as usize)?,
            };
            match (outcome, game.evaluate()) {
                (Some(outcome), _) => out.returns.extend(outcome.returns()),
                (None, Some(values)) => out
                    .returns
                    .extend(values.iter().map(|v| v.clamp(-1.0, 1.0))),
                (None, None) => out.returns.extend(game.playout(&mut rng)?.returns()),
            }
            Ok(())
        })
    }
    fn search(&self, request_json: RStr<'_>, stop: &AtomicBool) -> RResult<RString, FfiError> {
        guard(|| {
            crate::search::run_request(&self.0, request_json.as_str(), stop).map(RString::from)
        })
    }
    fn tables(&self, request_json: RStr<'_>) -> RResult<RString, FfiError> {
        guard(|| Ok(self.0.endgame_tables(request_json.as_str())?.into()))
    }
}

thread_local! {
    /// The move list `simulate` reuses, so that a simulation allocates no move list.
    static SCRATCH: std::cell::RefCell<Vec<MoveId>> = const { std::cell::RefCell::new(Vec::new()) };
}

pub(crate) fn boxed<G: Game>(game: G) -> FfiGameBox {
    let mut game = game;
    let lang = plugin_language();
    if !lang.is_empty() {
        game.set_language(&lang);
    }
    FfiGame_TO::from_value(Plugged(game), abi_stable::sabi_trait::TD_Opaque)
}

extern "C" fn manifest_json<G: Game>() -> RResult<RString, FfiError> {
    guard(|| to_json(&G::manifest()))
}

extern "C" fn new_game<G: Game>(options_json: RStr<'_>) -> RResult<FfiGameBox, FfiError> {
    guard(|| Ok(boxed(G::new(&options_for::<G>(options_json.as_str())?)?)))
}

extern "C" fn from_notation<G: Game>(
    options_json: RStr<'_>,
    notation: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    guard(|| {
        let options = options_for::<G>(options_json.as_str())?;
        Ok(boxed(G::from_notation(&options, notation.as_str())?))
    })
}

extern "C" fn from_json<G: Game>(json: RStr<'_>) -> RResult<FfiGameBox, FfiError> {
    guard(|| Ok(boxed(G::from_json(json.as_str())?)))
}

/// The root module of a plugin for `G`. Called once per load by `abi_stable`.
pub fn root_module<G: Game>() -> GamePluginRef {
    silence_panic_messages();
    GamePlugin {
        api_level: crate::API_LEVEL,
        manifest_json: manifest_json::<G>,
        new_game: new_game::<G>,
        from_notation: from_notation::<G>,
        from_json: from_json::<G>,
        data_manifest_json: crate::data::no_manifest,
        data_new_game: crate::data::no_new_game,
        data_from_notation: crate::data::no_from_notation,
        data_from_json: crate::data::no_from_json,
    }
    .leak_into_prefix()
}

/// A plugin library has its own copy of `std`, hence its own panic hook. Panics inside a
/// plugin are caught and reported as errors, so the plugin's hook stays quiet instead of
/// printing a second, unformatted report on the host's terminal.
pub(crate) fn silence_panic_messages() {
    std::panic::set_hook(Box::new(|_| {}));
}

extern "C" fn load_root_module<G: Game>() -> RootModuleResult {
    abi_stable::library::__call_root_module_loader(root_module::<G>)
}

/// The `abi_stable` library header of a plugin for `G` (used by
/// [`export_game!`](crate::export_game)).
pub const fn lib_header<G: Game>() -> LibHeader {
    // SAFETY: `load_root_module::<G>` returns the root module of type `GamePluginRef`
    // that the header is declared for, as `#[export_root_module]` would generate.
    unsafe {
        LibHeader::from_constructor::<GamePluginRef>(load_root_module::<G>, CheckTypeLayout::Yes)
    }
}

/// The symbol name under which `abi_stable` looks for the library header. It is what
/// `#[export_root_module]` generates; a test checks it against `abi_stable`'s constant.
#[doc(hidden)]
pub const ROOT_MODULE_LOADER_SYMBOL: &str = "_1as_0lib_1header_0root_bmodule_bloader";

/// Makes a plugin of a [`Game`]: exports the [`PluginInfo`] and the `abi_stable` root
/// module for it. Use it once, at the root of a `cdylib` crate.
///
/// ```ignore
/// game_api::export_game!(my_game::MyGame);
/// ```
#[macro_export]
macro_rules! export_game {
    ($game:ty) => {
        /// Read by the host before anything else: a Tavola plugin, and its contract level.
        #[unsafe(no_mangle)]
        pub static TAVOLA_PLUGIN_INFO: $crate::ffi::PluginInfo = $crate::ffi::PluginInfo::current();

        /// The `abi_stable` library header, under the name `abi_stable` looks for.
        #[unsafe(export_name = "_1as_0lib_1header_0root_bmodule_bloader")]
        pub static TAVOLA_LIB_HEADER: $crate::ffi::abi_stable::library::LibHeader =
            $crate::ffi::lib_header::<$game>();

        /// Called by the host with the player's language (see
        /// [`SET_LANGUAGE_SYMBOL`]($crate::ffi::SET_LANGUAGE_SYMBOL)).
        ///
        /// # Safety
        /// `ptr` must point to `len` readable bytes.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn tavola_set_language(ptr: *const u8, len: usize) {
            // SAFETY: passed on from the caller.
            unsafe { $crate::ffi::set_plugin_language(ptr, len) }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loader_symbol_is_the_one_abi_stable_looks_for() {
        assert_eq!(
            super::ROOT_MODULE_LOADER_SYMBOL,
            abi_stable::library::ROOT_MODULE_LOADER_NAME
        );
    }

    /// A game object written before `simulate` existed: it implements only the methods of
    /// the first version.
    #[derive(Clone)]
    struct FirstVersion;

    fn nothing<T>() -> RResult<T, FfiError> {
        RResult::RErr(FfiError {
            kind: FfiErrorKind::Internal,
            message: "not in this test".into(),
        })
    }

    impl FfiGame for FirstVersion {
        fn seat_count(&self) -> RResult<u8, FfiError> {
            RResult::ROk(2)
        }
        fn layout_json(&self) -> RResult<RString, FfiError> {
            nothing()
        }
        fn view_json(&self) -> RResult<RString, FfiError> {
            nothing()
        }
        fn turn(&self) -> RResult<FfiTurn, FfiError> {
            RResult::ROk(FfiTurn::Seat(0))
        }
        fn legal_moves(&self, _out: &mut RVec<u32>) -> RResult<(), FfiError> {
            nothing()
        }
        fn moves_json(&self) -> RResult<RString, FfiError> {
            nothing()
        }
        fn move_info_json(&self, _mv: u32) -> RResult<RString, FfiError> {
            nothing()
        }
        fn apply(&mut self, _mv: u32) -> RResult<(), FfiError> {
            nothing()
        }
        fn apply_with_effects(&mut self, _mv: u32) -> RResult<RString, FfiError> {
            nothing()
        }
        fn notation(&self) -> RResult<RString, FfiError> {
            nothing()
        }
        fn state_json(&self) -> RResult<RString, FfiError> {
            nothing()
        }
        fn state_hash(&self) -> RResult<u64, FfiError> {
            nothing()
        }
        fn playout(&mut self, _seed: u64) -> RResult<RVec<f64>, FfiError> {
            nothing()
        }
        fn evaluate(&self) -> RResult<ROption<RVec<f64>>, FfiError> {
            nothing()
        }
        fn bot_move(&self, _bot: RStr<'_>, _seed: u64) -> RResult<u32, FfiError> {
            nothing()
        }
    }

    #[test]
    fn a_game_without_simulate_says_so_and_the_host_can_fall_back() {
        let game: FfiGameBox =
            FfiGame_TO::from_value(FirstVersion, abi_stable::sabi_trait::TD_Opaque);
        let mut out = FfiSimulation::default();
        let r = game.simulate(RSlice::from_slice(&[1, 2]), 7, 0, &mut out);
        assert!(matches!(r, RResult::ROk(())));
        assert_eq!(out.node, FfiNode::Unsupported);
    }

    #[test]
    fn a_game_without_search_says_so_and_the_host_can_fall_back() {
        let game: FfiGameBox =
            FfiGame_TO::from_value(FirstVersion, abi_stable::sabi_trait::TD_Opaque);
        let stop = AtomicBool::new(false);
        let RResult::ROk(reply) = game.search(RStr::from_str("{}"), &stop) else {
            panic!("the default body answers");
        };
        let reply: crate::search::SearchReply = serde_json::from_str(reply.as_str()).unwrap();
        assert!(matches!(
            reply,
            crate::search::SearchReply::Unsupported { .. }
        ));
    }

    #[test]
    fn a_simulation_describes_each_kind_of_turn() {
        let mut out = FfiSimulation::default();
        out.set_turn(FfiTurn::Seat(2));
        assert_eq!((out.node, out.seat), (FfiNode::Seat, 2));
        out.set_turn(FfiTurn::Chance(
            vec![FfiChance {
                mv: 3,
                num: 1,
                den: 6,
            }]
            .into(),
        ));
        assert_eq!(out.node, FfiNode::Chance);
        assert_eq!(out.chances.len(), 1);
        let seats =
            [(0, 5), (1, 5), (2, 1)].map(|(result, score)| FfiSeatOutcome { result, score });
        out.set_turn(FfiTurn::Over(seats.to_vec().into()));
        assert_eq!(out.node, FfiNode::Over);
        assert_eq!(out.returns.to_vec(), [1.0, 0.0, -1.0]);
        assert!(
            out.chances.is_empty(),
            "a new description clears the old one"
        );
    }
}
