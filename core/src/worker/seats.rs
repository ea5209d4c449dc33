//! The bots a worker keeps between turns, one per seat. A seat's bot stays while its name
//! (its level or engine) is the same and the game goes on from the position where it
//! last chose; at its next turn it is told the actions played since ([`Bot::observe`],
//! as `tavola play` tells its bots), so that MCTS re-roots its tree and alpha-beta keeps
//! the game's positions for its repetitions (its table lives in the plugin). A new game,
//! another name, or a position it cannot follow — an Undo, a jump in the history, another
//! move played from an earlier point — makes a new bot.

use std::collections::HashMap;

use game_api::MoveId;

use super::protocol::BotTrace;
use crate::{
    bots::{Bot, bot_for},
    plugins::{CallError, GameHandle, Plugin},
};

/// A bot kept for a seat.
pub(super) struct Kept {
    name: String,
    bot: Box<dyn Bot>,
    serial: u64,
    /// The game's moves from its start when the bot last chose.
    moves: Vec<u32>,
    /// The position then.
    at: GameHandle,
}

/// A seat's bot taken out for one turn (it thinks on a thread), kept again after it.
pub(super) struct BotTurn {
    /// The seat it plays.
    pub seat: u8,
    /// The bot.
    pub bot: Box<dyn Bot>,
    /// What the app is told of it.
    pub trace: BotTrace,
    name: String,
    moves: Vec<u32>,
    at: GameHandle,
}

/// The bots kept by a worker, by seat.
#[derive(Default)]
pub(super) struct SeatBots {
    kept: HashMap<u8, Kept>,
    /// Bot turns so far: a new bot is numbered with the turn that made it.
    turns: u64,
}

impl SeatBots {
    /// Forgets every bot (a new game).
    pub fn clear(&mut self) {
        self.kept.clear();
    }

    /// Takes the bot kept for `seat`, if any, and the number a new one would get.
    pub fn take(&mut self, seat: u8) -> (Option<Kept>, u64) {
        self.turns += 1;
        (self.kept.remove(&seat), self.turns)
    }

    /// Keeps the bot of a turn for its seat's next turn.
    pub fn keep(&mut self, turn: BotTurn) {
        self.kept.insert(
            turn.seat,
            Kept {
                name: turn.name,
                bot: turn.bot,
                serial: turn.trace.serial,
                moves: turn.moves,
                at: turn.at,
            },
        );
    }
}

/// The bot called `name` for `seat` at `game`, the position after `moves` from the
/// start: the `kept` one told the actions since its last turn, if it can follow them,
/// else a new one numbered `serial`.
pub(super) fn ready(
    kept: Option<Kept>,
    serial: u64,
    (seat, name): (u8, &str),
    plugin: &Plugin,
    game: &GameHandle,
    moves: &[u32],
) -> Result<BotTurn, CallError> {
    let turn = |bot, serial, told: usize| BotTurn {
        seat,
        bot,
        trace: BotTrace {
            serial,
            told: u32::try_from(told).unwrap_or(u32::MAX),
        },
        name: name.to_owned(),
        moves: moves.to_vec(),
        at: game.clone(),
    };
    if let Some(kept) = kept.filter(|k| k.name == name && moves.starts_with(&k.moves)) {
        let since = &moves[kept.moves.len()..];
        let mut bot = kept.bot;
        let mut at = kept.at;
        for &mv in since {
            bot.observe(&at, MoveId(mv));
            at.apply(MoveId(mv))?;
        }
        // The same moves from another start (a game set up again) are another game.
        if at.state_hash()? == game.state_hash()? {
            return Ok(turn(bot, kept.serial, since.len()));
        }
    }
    let bot = bot_for(name, plugin, game).map_err(|e| CallError::host(e.kind(), e.to_string()))?;
    Ok(turn(bot, serial, 0))
}
