//! The host's safe wrapper around a game in a loaded plugin: [`Plugin`](super::Plugin)
//! makes games, and [`GameHandle`] is the only way to talk to one. Every value a plugin returns is
//! checked here (see [`validate`](super::validate)) and every FFI type stops here.

use std::sync::{Arc, OnceLock, atomic::AtomicBool};

use abi_stable::std_types::{RResult, RStr, RString, RVec};
use game_api::{
    ChanceOutcome, Effect, Layout, Manifest, MoveId, MoveInfo, Options, Probability, ScoreUnit,
    Turn, View,
    ffi::{FfiError, FfiGameBox, FfiNode, FfiSimulation, FfiTurn},
    search::{SearchMode, SearchReply, SearchRequest},
};
use serde::de::DeserializeOwned;

use super::{
    error::{CallError, Rule},
    limits::MAX_JSON_BYTES,
    validate,
};

/// The result of a call, with the plugin's error in the host's kinds.
#[inline]
pub(super) fn call<T>(plugin: &str, r: RResult<T, FfiError>) -> Result<T, CallError> {
    r.into_result().map_err(|e| CallError::from_ffi(plugin, e))
}

/// The JSON text a plugin returned, read as a `T` (at most [`MAX_JSON_BYTES`] long).
fn json<T: DeserializeOwned>(
    plugin: &str,
    what: &str,
    r: RResult<RString, FfiError>,
) -> Result<T, CallError> {
    let text = call(plugin, r)?;
    if text.len() > MAX_JSON_BYTES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "{what} of {} bytes; the host reads at most {MAX_JSON_BYTES}",
                text.len()
            ),
        ));
    }
    serde_json::from_str(&text).map_err(|e| {
        CallError::contract(
            plugin,
            Rule::Readable,
            format!("{what} the host cannot read: {e}"),
        )
    })
}

/// What every copy of a game shares: it never changes during the game.
#[derive(Debug)]
struct Shared {
    /// The plugin's id, for error messages.
    plugin: Arc<str>,
    options: Options,
    /// The seat count, read and checked once when the game is made.
    seats: u8,
    /// Whether the manifest allows chance events.
    may_have_chance: bool,
    /// The unit of the final margin, in the language of the game's making.
    score_unit: Option<ScoreUnit>,
    /// The number of sites of the layout, read when first needed.
    sites: OnceLock<usize>,
}

/// What kind of node a [`Simulation`] reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimulatedNode {
    /// This seat is to move: [`Simulation::moves`] are its legal moves.
    Seat(u8),
    /// Chance decides: [`Simulation::chance_outcomes`] are the outcomes.
    Chance,
    /// The game is over: [`Simulation::returns`] are the final ones.
    Over,
}

/// What one search simulation found (see [`GameHandle::simulate`]), checked. Keep one
/// per search and pass it to every call: its buffers are reused.
#[derive(Debug, Clone, Default)]
pub struct Simulation(FfiSimulation);

impl Simulation {
    /// The kind of node the simulation's path reached.
    #[inline]
    pub fn node(&self) -> SimulatedNode {
        match self.0.node {
            FfiNode::Seat => SimulatedNode::Seat(self.0.seat),
            FfiNode::Chance => SimulatedNode::Chance,
            FfiNode::Over | FfiNode::Unsupported => SimulatedNode::Over,
        }
    }

    /// The legal moves at a seat's node (empty otherwise).
    #[inline]
    pub fn moves(&self) -> impl ExactSizeIterator<Item = MoveId> + '_ {
        self.0.moves.iter().map(|&m| MoveId(m))
    }

    /// The outcomes at a chance node (none otherwise).
    pub fn chance_outcomes(&self) -> impl ExactSizeIterator<Item = ChanceOutcome> + '_ {
        self.0.chances.iter().map(|c| ChanceOutcome {
            mv: MoveId(c.mv),
            probability: Probability::new(c.num, c.den),
        })
    }

    /// Each seat's return (+1 win, 0 draw, −1 loss, or the heuristic's value after a cut
    /// playout): of the playout from the node, or of the game's end.
    #[inline]
    pub fn returns(&self) -> &[f64] {
        &self.0.returns
    }
}

/// A game inside a plugin: the host's only way to talk to it. Every call returns a
/// `Result`: a plugin's panic, and data that breaks the contract, arrive as a
/// [`CallError`] naming the plugin, never as a crash.
#[derive(Clone)]
pub struct GameHandle {
    game: FfiGameBox,
    /// Shared: search copies handles by the million, none of this ever changes.
    shared: Arc<Shared>,
}

impl std::fmt::Debug for GameHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameHandle")
            .field("plugin", &self.shared.plugin)
            .field("notation", &self.notation().unwrap_or_default())
            .finish()
    }
}

impl GameHandle {
    /// Wraps a game a plugin made (or its error), reading and checking its seat count;
    /// `manifest` is the plugin's, in the player's language.
    pub(super) fn from_ffi(
        plugin: &str,
        manifest: &Manifest,
        game: RResult<FfiGameBox, FfiError>,
        options: &Options,
    ) -> Result<GameHandle, CallError> {
        let game = call(plugin, game)?;
        let plugin: Arc<str> = plugin.into();
        let seats = call(&plugin, game.seat_count())?;
        validate::seat_count(&plugin, seats)?;
        Ok(GameHandle {
            game,
            shared: Arc::new(Shared {
                plugin,
                options: options.clone(),
                seats,
                may_have_chance: manifest.may_have_chance(),
                score_unit: manifest.score_unit.clone(),
                sites: OnceLock::new(),
            }),
        })
    }

    fn plugin(&self) -> &str {
        &self.shared.plugin
    }

    #[inline]
    fn call<T>(&self, r: RResult<T, FfiError>) -> Result<T, CallError> {
        call(&self.shared.plugin, r)
    }

    /// The id of the plugin playing this game.
    pub fn plugin_id(&self) -> &str {
        self.plugin()
    }

    /// The options the game was made with.
    pub fn options(&self) -> &Options {
        &self.shared.options
    }

    /// How many seats the game has (read once, when the game was made, and checked to be
    /// between 1 and [`MAX_SEATS`](super::limits::MAX_SEATS)).
    pub fn seat_count(&self) -> Result<u8, CallError> {
        Ok(self.shared.seats)
    }

    /// Whether the game may have chance events, as its manifest says (see
    /// [`Manifest::may_have_chance`](game_api::Manifest::may_have_chance)).
    pub fn may_have_chance(&self) -> bool {
        self.shared.may_have_chance
    }

    /// What the game's final margin counts, as its manifest says in the language the
    /// game was made in (`seed`/`seeds`); `None`: the manifest names no unit.
    pub fn score_unit(&self) -> Option<&ScoreUnit> {
        self.shared.score_unit.as_ref()
    }

    /// The board layout.
    pub fn layout(&self) -> Result<Layout, CallError> {
        let layout: Layout = json(self.plugin(), "a layout", self.game.layout_json())?;
        validate::layout(self.plugin(), &layout, self.shared.seats)?;
        let _ = self.shared.sites.set(layout.sites.len());
        Ok(layout)
    }

    /// The number of sites of the layout (read once).
    fn sites(&self) -> Result<usize, CallError> {
        match self.shared.sites.get() {
            Some(&n) => Ok(n),
            None => Ok(self.layout()?.sites.len()),
        }
    }

    /// What a person sees now.
    pub fn view(&self) -> Result<View, CallError> {
        let view: View = json(self.plugin(), "a view", self.game.view_json())?;
        validate::view(self.plugin(), &view, self.sites()?, self.shared.seats)?;
        Ok(view)
    }

    /// The turn as the plugin sent it, checked: a seat in range, chance outcomes that
    /// are proper probabilities, a result per seat.
    fn ffi_turn(&self) -> Result<FfiTurn, CallError> {
        let turn = self.call(self.game.turn())?;
        match &turn {
            FfiTurn::Seat(seat) => validate::seat(self.plugin(), *seat, self.shared.seats)?,
            FfiTurn::Chance(outcomes) => validate::chances(self.plugin(), outcomes)?,
            FfiTurn::Over(seats) => validate::outcome(self.plugin(), seats, self.shared.seats)?,
        }
        Ok(turn)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Result<Turn, CallError> {
        self.ffi_turn().map(Turn::from)
    }

    /// Writes the legal moves into `out` (the allocation-free path for search): at most
    /// [`MAX_MOVES`](super::limits::MAX_MOVES), and at least one at a seat's turn.
    pub fn legal_moves_into(&self, out: &mut RVec<u32>) -> Result<(), CallError> {
        self.call(self.game.legal_moves(out))?;
        validate::move_count(self.plugin(), out.len())?;
        if out.is_empty()
            && let FfiTurn::Seat(seat) = self.ffi_turn()?
        {
            return validate::seat_moves(self.plugin(), seat, 0);
        }
        Ok(())
    }

    /// The legal moves (or chance outcomes).
    pub fn legal_moves(&self) -> Result<Vec<MoveId>, CallError> {
        let mut out = RVec::new();
        self.legal_moves_into(&mut out)?;
        Ok(out.iter().map(|&m| MoveId(m)).collect())
    }

    /// Every legal move with its description. The legal moves are counted first, so
    /// that a plugin with too many is refused before it writes them all out as JSON.
    pub fn moves(&self) -> Result<Vec<MoveInfo>, CallError> {
        self.legal_moves_into(&mut RVec::new())?;
        let moves: Vec<MoveInfo> =
            json(self.plugin(), "move descriptions", self.game.moves_json())?;
        validate::move_count(self.plugin(), moves.len())?;
        let sites = self.sites()?;
        for info in &moves {
            validate::move_info(self.plugin(), info, sites)?;
        }
        Ok(moves)
    }

    /// How a person makes `mv`.
    pub fn move_info(&self, mv: MoveId) -> Result<MoveInfo, CallError> {
        let info: MoveInfo = json(
            self.plugin(),
            "a move description",
            self.game.move_info_json(mv.0),
        )?;
        validate::move_info(self.plugin(), &info, self.sites()?)?;
        Ok(info)
    }

    /// Plays `mv` (no effects: the fast path).
    #[inline]
    pub fn apply(&mut self, mv: MoveId) -> Result<(), CallError> {
        call(&self.shared.plugin, self.game.apply(mv.0))
    }

    /// Plays `mv` and returns what a person would see happen. The effects are checked
    /// against the view before the move; if they break the contract, the game is left
    /// as it was.
    pub fn apply_with_effects(&mut self, mv: MoveId) -> Result<Vec<Effect>, CallError> {
        let before = self.view()?;
        let mut next = self.clone();
        let effects: Vec<Effect> =
            json(self.plugin(), "effects", next.game.apply_with_effects(mv.0))?;
        validate::effects(self.plugin(), &effects, self.sites()?, &before)?;
        *self = next;
        Ok(effects)
    }

    /// The position notation.
    pub fn notation(&self) -> Result<String, CallError> {
        let notation: String = self.call(self.game.notation())?.into();
        validate::text(self.plugin(), "the notation", &notation)?;
        Ok(notation)
    }

    /// The state as JSON.
    pub fn state_json(&self) -> Result<String, CallError> {
        let state: String = self.call(self.game.state_json())?.into();
        if state.len() > MAX_JSON_BYTES {
            return Err(CallError::contract(
                self.plugin(),
                Rule::WithinLimits,
                format!(
                    "a state of {} bytes; the host keeps at most {MAX_JSON_BYTES}",
                    state.len()
                ),
            ));
        }
        Ok(state)
    }

    /// A hash of the position.
    #[inline]
    pub fn state_hash(&self) -> Result<u64, CallError> {
        self.call(self.game.state_hash())
    }

    /// A random playout to the end inside the plugin; returns each seat's return.
    pub fn playout(&mut self, seed: u64) -> Result<Vec<f64>, CallError> {
        let returns: Vec<f64> = call(&self.shared.plugin, self.game.playout(seed))?.into();
        validate::values(self.plugin(), "returns", &returns, self.shared.seats)?;
        Ok(returns)
    }

    /// The plugin's heuristic value of the position per seat, if it has one: a finite
    /// number per seat.
    pub fn evaluate(&self) -> Result<Option<Vec<f64>>, CallError> {
        let values: Option<Vec<f64>> = self
            .call(self.game.evaluate())?
            .into_option()
            .map(Into::into);
        if let Some(v) = &values {
            validate::values(self.plugin(), "an evaluation", v, self.shared.seats)?;
        }
        Ok(values)
    }

    /// One search simulation in one call into the plugin: plays `path` on a copy of this
    /// position, describes the node reached in `out` and plays a random playout from it,
    /// cut after `cutoff` actions if that is not 0 (see
    /// [`FfiGame::simulate`](game_api::ffi::FfiGame::simulate)). A plugin built before
    /// `simulate` is driven call by call, with full playouts. The node and the returns
    /// are checked (seat in range, a legal move at a seat's node, proper chance
    /// outcomes, a finite return per seat).
    pub fn simulate(
        &self,
        path: &[u32],
        seed: u64,
        cutoff: u32,
        out: &mut Simulation,
    ) -> Result<(), CallError> {
        let sim = &mut out.0;
        self.call(self.game.simulate(path.into(), seed, cutoff, sim))?;
        if sim.node == FfiNode::Unsupported {
            self.simulate_call_by_call(path, seed, sim)?;
        }
        let (plugin, seats) = (self.plugin(), self.shared.seats);
        match sim.node {
            FfiNode::Seat => {
                validate::seat(plugin, sim.seat, seats)?;
                validate::seat_moves(plugin, sim.seat, sim.moves.len())?;
            }
            FfiNode::Chance => validate::chances(plugin, &sim.chances)?,
            FfiNode::Over | FfiNode::Unsupported => {}
        }
        validate::values(plugin, "returns", &sim.returns, seats)
    }

    /// [`GameHandle::simulate`] for a plugin built before `simulate`: the same steps,
    /// one call each.
    fn simulate_call_by_call(
        &self,
        path: &[u32],
        seed: u64,
        sim: &mut FfiSimulation,
    ) -> Result<(), CallError> {
        let mut game = self.clone();
        for &mv in path {
            game.apply(MoveId(mv))?;
        }
        sim.set_turn(game.ffi_turn()?);
        match sim.node {
            FfiNode::Seat => game.legal_moves_into(&mut sim.moves)?,
            FfiNode::Chance => {}
            FfiNode::Over | FfiNode::Unsupported => return Ok(()),
        }
        sim.returns = call(&self.shared.plugin, game.game.playout(seed))?;
        Ok(())
    }

    /// A search by the plugin's own engine ([`game_api::search`]), which runs inside the
    /// plugin with no crossing per position; [`SearchReply::Unsupported`] (with the
    /// plugin's reason) when the plugin has none (built before it) or cannot search this
    /// game (chance, or more than two seats). The search ends soon after `stop` is set.
    /// The best move and the line are checked to be legal.
    pub fn search(
        &self,
        request: &SearchRequest,
        stop: &AtomicBool,
    ) -> Result<SearchReply, CallError> {
        let text = serde_json::to_string(request)
            .map_err(|e| CallError::host(super::ErrorKind::Unsupported, e.to_string()))?;
        let reply: SearchReply = json(
            self.plugin(),
            "a search reply",
            self.game.search(RStr::from_str(&text), stop),
        )?;
        let report = match reply {
            SearchReply::Unsupported { .. } => return Ok(reply),
            SearchReply::Done(report) => report,
        };
        let mut game = self.clone();
        for (i, &mv) in report.line.iter().enumerate() {
            if game.apply(MoveId(mv)).is_err() {
                return Err(CallError::contract(
                    self.plugin(),
                    Rule::Readable,
                    format!("a search line whose move {} (#{mv}) is not legal", i + 1),
                ));
            }
        }
        if request.mode == SearchMode::BestMove && report.best.is_none() {
            return Err(CallError::contract(
                self.plugin(),
                Rule::Readable,
                "a best-move search answered without a move",
            ));
        }
        if let Some(best) = report.best
            && !self.legal_moves()?.contains(&MoveId(best))
        {
            return Err(CallError::contract(
                self.plugin(),
                Rule::Readable,
                format!("a best move #{best} that is not legal"),
            ));
        }
        Ok(SearchReply::Done(report))
    }

    /// A key that tells this game's plugin and options apart, for the plugin's kept
    /// search table.
    pub fn table_key(&self) -> u64 {
        let options = serde_json::to_string(&self.shared.options).unwrap_or_default();
        self.plugin()
            .bytes()
            .chain([0])
            .chain(options.bytes())
            .fold(0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    }

    /// The notations of `line`, moves played one after another from this position.
    pub fn line_notation(&self, line: &[MoveId]) -> Result<Vec<String>, CallError> {
        let mut game = self.clone();
        let mut names = Vec::new();
        for &mv in line {
            names.push(game.move_info(mv)?.notation);
            game.apply(mv)?;
        }
        Ok(names)
    }

    /// The move the plugin's own bot `bot` would play.
    pub fn bot_move(&self, bot: &str, seed: u64) -> Result<MoveId, CallError> {
        self.call(self.game.bot_move(RStr::from_str(bot), seed))
            .map(MoveId)
    }

    /// Asks the game about its endgame tables (status, load, build, probe); a plugin
    /// built before tables existed answers that it has none.
    pub fn endgame_tables(
        &self,
        request: &game_api::endgame::TablesRequest,
    ) -> Result<game_api::endgame::TablesStatus, CallError> {
        let text = serde_json::to_string(request).unwrap_or_default();
        json(
            self.plugin(),
            "an endgame-tables status",
            self.game.tables(RStr::from_str(&text)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulation_reads_what_the_plugin_wrote() {
        let mut sim = Simulation::default();
        sim.0.set_turn(FfiTurn::Seat(1));
        sim.0.moves.extend([3, 4]);
        sim.0.returns.extend([1.0, -1.0]);
        assert_eq!(sim.node(), SimulatedNode::Seat(1));
        assert_eq!(sim.moves().collect::<Vec<_>>(), [MoveId(3), MoveId(4)]);
        assert_eq!(sim.returns(), [1.0, -1.0]);
        const { assert!(crate::plugins::limits::MAX_MOVES > 1000) };
    }
}
