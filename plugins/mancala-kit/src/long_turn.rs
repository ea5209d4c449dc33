//! A turn too long to show seed by seed: past [`MAX_TURN_EFFECTS`] effects, a relay
//! sowing stops recording its seeds and, once it ends, reports what it changed at once
//! — a lift from every pit that lost seeds, a drop into every pit and score that gained
//! some — so that no legal move of any kit game reports more effects than a host takes
//! (Tavola's limit is 100,000 a move, `host/src/plugins/limits.rs`). The rules never
//! see it: only what a move reports changes, not what it does.
//!
//! The bound: effects recorded before the check (at most [`MAX_TURN_EFFECTS`]), plus
//! the last relay's sowing (at most every seed of the game, one effect each, with one
//! lift), plus two messages and one effect per pit and per score (at most 34 on the
//! kit's largest ring), plus what follows the last seed (a capture chain, at most one
//! effect per pit). A data file's game has at most 11 × 2 × 64 = 1,408 seeds, so a
//! move of one reports at most 20,000 + 1,409 + 36 + 34 + 32 = 21,511 effects.

use game_api::Effect;

use crate::{Board, Effects, Side, effects::score_site};

/// The effects a turn's sowing records seed by seed before the rest is shown at once.
pub const MAX_TURN_EFFECTS: usize = 20_000;

/// A sowing whose effects are no longer recorded: the list set aside, and the board
/// when it was.
pub(crate) struct Unshown<'a> {
    list: &'a mut Vec<Effect>,
    before: Board,
    relays: u32,
}

impl<'a> Unshown<'a> {
    /// Stops recording into `fx` when it has recorded more than [`MAX_TURN_EFFECTS`]
    /// since it held `first` effects; `relays` is the number of relays so far.
    #[cold]
    pub(crate) fn pause_if_long(
        board: &Board,
        fx: &mut Effects<'a>,
        first: usize,
        relays: u32,
    ) -> Option<Self> {
        let recorded = fx.0.as_ref()?.len();
        if recorded.saturating_sub(first) <= MAX_TURN_EFFECTS {
            return None;
        }
        let list = fx.0.take()?;
        Some(Unshown {
            list,
            before: board.clone(),
            relays,
        })
    }

    /// Records into `fx` again, first what changed since the pause, at once; `relays`
    /// is the number of relays at the end.
    #[cold]
    pub(crate) fn resume(self, board: &Board, fx: &mut Effects<'a>, relays: u32) {
        let before = self.before;
        fx.0 = Some(self.list);
        fx.message(format!(
            "The sowing went on for {} more relays, shown at once",
            relays.saturating_sub(self.relays)
        ));
        let pits = board.pits.len().min(before.pits.len());
        for pit in 0..pits {
            if board.pits[pit] < before.pits[pit] {
                fx.lift(pit, before.pits[pit] - board.pits[pit]);
            }
        }
        for pit in 0..pits {
            if board.pits[pit] > before.pits[pit] {
                fx.drop_seeds(pit, board.pits[pit] - before.pits[pit]);
            }
        }
        for side in Side::BOTH {
            let (now, then) = (board.captured[side.index()], before.captured[side.index()]);
            if now > then {
                let at = score_site(board, side);
                fx.push(|| Effect::Drop {
                    site: at,
                    count: now - then,
                });
            }
        }
    }
}
