use abi_stable::std_types::{RResult, RStr, RVec};
use game_api::{
    Effect, Layout, MoveId, MoveInfo, Options, Turn, View,
    ffi::{FfiError, FfiErrorKind, FfiGameBox, FfiNode, FfiSimulation},
};
use serde::de::DeserializeOwned;
use thiserror::Error;

/// An error returned by a call into a plugin: the game refused (an illegal move, a bad
/// notation) or the plugin failed (a panic, data the host cannot read).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct CallError {
    /// What kind of error the plugin reported.
    pub kind: FfiErrorKind,
    /// The message for people.
    pub message: String,
}

impl CallError {
    /// Whether the plugin panicked (a bug in the plugin, not a refusal).
    pub fn is_panic(&self) -> bool {
        self.kind == FfiErrorKind::Panic
    }

    /// An error of the host's own making about a game (no move to search, say).
    pub fn host(kind: FfiErrorKind, message: impl Into<String>) -> Self {
        CallError {
            kind,
            message: message.into(),
        }
    }

    fn unreadable(what: &str, e: impl std::fmt::Display) -> Self {
        CallError {
            kind: FfiErrorKind::Internal,
            message: format!("the plugin sent {what} the host cannot read: {e}"),
        }
    }
}

impl From<FfiError> for CallError {
    fn from(e: FfiError) -> Self {
        CallError {
            kind: e.kind,
            message: e.to_string(),
        }
    }
}

pub(super) fn call<T>(r: RResult<T, FfiError>) -> Result<T, CallError> {
    r.into_result().map_err(CallError::from)
}

fn json<T: DeserializeOwned>(
    what: &str,
    r: RResult<abi_stable::std_types::RString, FfiError>,
) -> Result<T, CallError> {
    let text = call(r)?;
    serde_json::from_str(&text).map_err(|e| CallError::unreadable(what, e))
}

/// A game inside a plugin: the host's only way to talk to it. Every call returns a
/// `Result`: a plugin's panic arrives as a [`CallError`], never as a crash.
#[derive(Clone)]
pub struct GameHandle {
    game: FfiGameBox,
    /// Shared: search copies handles by the million, the options never change.
    options: std::sync::Arc<Options>,
}

impl std::fmt::Debug for GameHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameHandle")
            .field("notation", &self.notation().unwrap_or_default())
            .finish()
    }
}

impl GameHandle {
    pub(super) fn new(game: FfiGameBox, options: Options) -> Self {
        GameHandle {
            game,
            options: std::sync::Arc::new(options),
        }
    }

    /// The options the game was made with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// How many seats the game has.
    pub fn seat_count(&self) -> Result<u8, CallError> {
        call(self.game.seat_count())
    }

    /// The board layout.
    pub fn layout(&self) -> Result<Layout, CallError> {
        json("a layout", self.game.layout_json())
    }

    /// What a person sees now.
    pub fn view(&self) -> Result<View, CallError> {
        json("a view", self.game.view_json())
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Result<Turn, CallError> {
        call(self.game.turn()).map(Turn::from)
    }

    /// Writes the legal moves into `out` (the allocation-free path for search).
    pub fn legal_moves_into(&self, out: &mut RVec<u32>) -> Result<(), CallError> {
        call(self.game.legal_moves(out))
    }

    /// The legal moves (or chance outcomes).
    pub fn legal_moves(&self) -> Result<Vec<MoveId>, CallError> {
        let mut out = RVec::new();
        self.legal_moves_into(&mut out)?;
        Ok(out.iter().map(|&m| MoveId(m)).collect())
    }

    /// Every legal move with its description.
    pub fn moves(&self) -> Result<Vec<MoveInfo>, CallError> {
        json("move descriptions", self.game.moves_json())
    }

    /// How a person makes `mv`.
    pub fn move_info(&self, mv: MoveId) -> Result<MoveInfo, CallError> {
        json("a move description", self.game.move_info_json(mv.0))
    }

    /// Plays `mv` (no effects: the fast path).
    pub fn apply(&mut self, mv: MoveId) -> Result<(), CallError> {
        call(self.game.apply(mv.0))
    }

    /// Plays `mv` and returns what a person would see happen.
    pub fn apply_with_effects(&mut self, mv: MoveId) -> Result<Vec<Effect>, CallError> {
        json("effects", self.game.apply_with_effects(mv.0))
    }

    /// The position notation.
    pub fn notation(&self) -> Result<String, CallError> {
        call(self.game.notation()).map(Into::into)
    }

    /// The state as JSON.
    pub fn state_json(&self) -> Result<String, CallError> {
        call(self.game.state_json()).map(Into::into)
    }

    /// A hash of the position.
    pub fn state_hash(&self) -> Result<u64, CallError> {
        call(self.game.state_hash())
    }

    /// A random playout to the end inside the plugin; returns each seat's return.
    pub fn playout(&mut self, seed: u64) -> Result<Vec<f64>, CallError> {
        call(self.game.playout(seed)).map(Into::into)
    }

    /// The plugin's heuristic value of the position per seat, if it has one.
    pub fn evaluate(&self) -> Result<Option<Vec<f64>>, CallError> {
        call(self.game.evaluate()).map(|o| o.into_option().map(Into::into))
    }

    /// One search simulation in one call into the plugin: plays `path` on a copy of this
    /// position, describes the node reached in `out` and plays a random playout from it,
    /// cut after `cutoff` actions if that is not 0 (see
    /// [`FfiGame::simulate`](game_api::ffi::FfiGame::simulate)). A plugin built before
    /// `simulate` is driven call by call, with full playouts.
    pub fn simulate(
        &self,
        path: &[u32],
        seed: u64,
        cutoff: u32,
        out: &mut FfiSimulation,
    ) -> Result<(), CallError> {
        call(self.game.simulate(path.into(), seed, cutoff, out))?;
        if out.node != FfiNode::Unsupported {
            return Ok(());
        }
        // A plugin built before `simulate`: the same steps, one call each.
        let mut game = self.clone();
        for &mv in path {
            game.apply(MoveId(mv))?;
        }
        out.set_turn(call(game.game.turn())?);
        match out.node {
            FfiNode::Seat => game.legal_moves_into(&mut out.moves)?,
            FfiNode::Chance => {}
            FfiNode::Over | FfiNode::Unsupported => return Ok(()),
        }
        out.returns = call(game.game.playout(seed))?;
        Ok(())
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
        call(self.game.bot_move(RStr::from_str(bot), seed)).map(MoveId)
    }
}
