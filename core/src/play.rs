//! Headless games between bots, and counting move sequences.

use game_api::{MoveId, Rng, Turn};

use crate::{
    bots::Bot,
    plugins::{CallError, ErrorKind, GameHandle},
    record::Record,
};

/// The most actions (moves and chance outcomes) a headless game may take before the
/// host gives up on it: far more than any real game, few enough that a plugin whose
/// game never ends stops `play` and `match` within seconds.
pub const MAX_GAME_ACTIONS: usize = 100_000;

/// One action of a headless game, as it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// 1-based action number.
    pub number: usize,
    /// The seat that moved, or none for chance.
    pub seat: Option<u8>,
    /// The move.
    pub mv: MoveId,
    /// Its notation.
    pub notation: String,
}

/// Plays `game` to the end with one bot per seat; chance events are drawn with `rng`.
/// Every action is appended to `record` and reported to `on_move` with the record so far
/// (e.g. to save it as the game goes). A game still going after [`MAX_GAME_ACTIONS`]
/// actions is stopped with an error.
pub fn play_out(
    game: &mut GameHandle,
    bots: &mut [Box<dyn Bot>],
    rng: &mut Rng,
    record: &mut Record,
    on_move: impl FnMut(&PlayedMove, &Record),
) -> Result<game_api::Outcome, CallError> {
    play_out_capped(game, bots, rng, record, MAX_GAME_ACTIONS, on_move)
}

/// [`play_out`] with a cap of `max_actions` actions.
pub fn play_out_capped(
    game: &mut GameHandle,
    bots: &mut [Box<dyn Bot>],
    rng: &mut Rng,
    record: &mut Record,
    max_actions: usize,
    mut on_move: impl FnMut(&PlayedMove, &Record),
) -> Result<game_api::Outcome, CallError> {
    if bots.is_empty() {
        return Err(CallError::host(
            ErrorKind::NoMove,
            "no bot to play the game",
        ));
    }
    for _ in 0..max_actions {
        let (seat, mv) = match game.turn()? {
            Turn::Over { outcome } => {
                record.result = Some(outcome.clone());
                return Ok(outcome);
            }
            // The handle has checked that there is an outcome.
            Turn::Chance { outcomes } => (None, outcomes[rng.chance(&outcomes)].mv),
            Turn::Seat { seat } => {
                let bot = &mut bots[usize::from(seat) % bots.len()];
                (Some(seat), bot.choose(game, seat, rng)?)
            }
        };
        record.push(game, mv, seat)?;
        let before = game.clone();
        game.apply(mv)?;
        // Every bot follows the game (MCTS its tree, alpha-beta the positions seen).
        for bot in bots.iter_mut() {
            bot.observe(&before, mv);
        }
        let last = record.moves.last().expect("just pushed");
        on_move(
            &PlayedMove {
                number: record.moves.len(),
                seat,
                mv,
                notation: last.notation.clone(),
            },
            record,
        );
    }
    Err(CallError::host(
        ErrorKind::TooLong,
        format!(
            "the game of `{}` did not end within {max_actions} actions: stopped",
            game.plugin_id()
        ),
    ))
}

/// The number of action sequences of exactly `depth` actions from `game` (an extra turn
/// or a chance outcome is an action of its own; a finished game is a leaf).
pub fn perft(game: &GameHandle, depth: u32) -> Result<u64, CallError> {
    if depth == 0 {
        return Ok(1);
    }
    let moves = game.legal_moves()?;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for mv in moves {
        let mut next = game.clone();
        next.apply(mv)?;
        total += perft(&next, depth - 1)?;
    }
    Ok(total)
}
