//! A saved game opened again gets back what its moves made happen (the events the move
//! list tells: an extra turn, a relay, a capture) and the moves undone before it was
//! saved (Redo): its record is played once more through the game's worker, move by move.
//!
//! The notes are rebuilt rather than kept in the record: they are the plugin's effects
//! said in the player's language, so a record keeps nothing that could disagree with the
//! game, records saved before this keep working, and a forged file cannot put words in
//! the move list. The undone moves come from the file: each is played and must be legal
//! and written as recorded, or it and the ones after it are dropped, with a warning.

use game_api::{Effect, MoveId, Turn};

use crate::{
    record::{Record, RecordedMove, position_check},
    worker::{RemoteGame, Snapshot, WorkerError},
};

/// One move of a record played again.
#[derive(Debug)]
pub(super) struct ReplayedMove {
    /// What it did.
    pub effects: Vec<Effect>,
    /// Whether it ended the game.
    pub over: bool,
    /// The move in words, as its plugin says it ([`game_api::MoveInfo::words`]).
    pub words: Option<String>,
}

/// What a record's second replay found.
#[derive(Debug, Default)]
pub(super) struct Replayed {
    /// Each move: the record's moves, then the undone ones kept.
    pub effects: Vec<ReplayedMove>,
    /// The undone moves that are legal and written as recorded, in order.
    pub undone: Vec<RecordedMove>,
    /// Why undone moves were dropped, in words.
    pub warning: Option<String>,
}

/// Plays `record` again in `remote` (where it was just opened, its position `opened`)
/// from its start, then its undone moves, and leaves the worker at the record's last move.
/// A failure of the worker is an error; the notes are otherwise best effort.
pub(super) fn replay(
    remote: &mut RemoteGame,
    record: &Record,
    opened: &Snapshot,
) -> Result<Replayed, WorkerError> {
    let ids: Vec<u32> = record.moves.iter().map(|m| m.id).collect();
    let mut replayed = Replayed::default();
    let mut at = remote.goto(&[])?;
    for m in &record.moves {
        let words = words_of(&at, m.id);
        match remote.play(m.id) {
            Ok((effects, snapshot)) => {
                let over = matches!(snapshot.turn, Turn::Over { .. });
                replayed.effects.push(ReplayedMove {
                    effects,
                    over,
                    words,
                });
                at = snapshot;
            }
            // The record was checked by `Open`: the notes are left out, the game opens.
            Err(_) => {
                replayed.effects.clear();
                return back(remote, &ids, replayed);
            }
        }
    }
    let over = matches!(opened.turn, Turn::Over { .. }) || record.result.is_some();
    if over || record.ending.is_some() {
        return back(remote, &ids, replayed);
    }
    for (i, m) in record.undone.iter().enumerate() {
        let written = at.moves.iter().find(|info| info.id == MoveId(m.id));
        let why = match written {
            None => Some(crate::tr!("record-not-legal", id = m.id.to_string())),
            Some(info) if info.notation != m.notation => Some(crate::tr!(
                "record-written-as",
                id = m.id.to_string(),
                notation = info.notation.clone()
            )),
            Some(_) => None,
        };
        let words = words_of(&at, m.id);
        let played = match why {
            Some(why) => Err(why),
            None => remote.play(m.id).map_err(|e| e.to_string()),
        };
        match played {
            Ok((effects, snapshot)) => {
                let mut kept = m.clone();
                kept.check = Some(position_check(&snapshot.notation));
                replayed.undone.push(kept);
                let over = matches!(snapshot.turn, Turn::Over { .. });
                replayed.effects.push(ReplayedMove {
                    effects,
                    over,
                    words,
                });
                at = snapshot;
            }
            Err(why) => {
                replayed.warning = Some(crate::tr!(
                    "load-undone-dropped",
                    number = record.moves.len() + i + 1,
                    count = record.undone.len() - i,
                    reason = why
                ));
                break;
            }
        }
    }
    back(remote, &ids, replayed)
}

/// How the plugin says move `id` at the position `at`, if it says it in words.
fn words_of(at: &Snapshot, id: u32) -> Option<String> {
    at.moves
        .iter()
        .find(|info| info.id == MoveId(id))
        .and_then(|info| info.words.clone())
}

/// Sends the worker back to the position after `ids` (the record's last move).
fn back(remote: &mut RemoteGame, ids: &[u32], replayed: Replayed) -> Result<Replayed, WorkerError> {
    remote.goto(ids)?;
    Ok(replayed)
}
