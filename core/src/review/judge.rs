//! "Learn from your mistakes": an answer to a mistake's position judged as the review
//! judged the move played.

use std::sync::atomic::AtomicBool;

use game_api::MoveId;

use super::{Class, MoveReview, ReviewConfig, ReviewError, value_of_move};
use crate::{analysis::Value, plugins::GameHandle};

/// What an answer to a drill is worth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    /// Whether it is accepted: as good as the best move's value (classed best).
    pub accepted: bool,
    /// Its value for the mover.
    pub value: Value,
    /// Its class against the best move.
    pub class: Class,
}

/// Judges `answer`, a move in the position of `mistake` (`game` set up there), against
/// the position's best move as the review valued it.
pub fn judge(
    game: &GameHandle,
    mistake: &MoveReview,
    answer: MoveId,
    config: &ReviewConfig,
) -> Result<Verdict, ReviewError> {
    if answer == mistake.best {
        return Ok(Verdict {
            accepted: true,
            value: mistake.best_value,
            class: Class::Best,
        });
    }
    let stop = AtomicBool::new(false);
    let value = value_of_move(game, &mistake.history, mistake.seat, answer, config, &stop)?;
    let class = Class::of(mistake.best_value, value);
    Ok(Verdict {
        accepted: class == Class::Best,
        value,
        class,
    })
}

impl Verdict {
    /// The verdict on an answer reviewed in place of the move played
    /// ([`review_instead`](super::review_instead)).
    pub fn of(answer: &MoveReview) -> Verdict {
        Verdict {
            accepted: answer.class == Class::Best,
            value: answer.played_value,
            class: answer.class,
        }
    }
}
