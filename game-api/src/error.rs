use thiserror::Error;

use crate::{MoveId, OptionError};

/// Everything that can go wrong when a game is asked to do something.
///
/// Errors carry enough context to tell a person what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The move is not legal in this position.
    #[error("illegal move {mv}: {reason}")]
    IllegalMove {
        /// The refused move.
        mv: MoveId,
        /// Why it is refused.
        reason: String,
    },
    /// The options are not valid for this game.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A position notation could not be read.
    #[error("bad position notation {notation:?}: {reason}")]
    Notation {
        /// The text that was given.
        notation: String,
        /// What is wrong with it, and where.
        reason: String,
    },
    /// A JSON state could not be read.
    #[error("bad game state: {0}")]
    State(String),
    /// A named bot that this game does not have.
    #[error("unknown bot {0:?}")]
    UnknownBot(String),
    /// The game is over; nothing can be played.
    #[error("the game is over")]
    GameOver,
    /// A data file ([`data`](crate::data)) is refused: the line, the key and what is
    /// allowed.
    #[error("{0}")]
    DataFile(String),
    /// A bug or a panic inside the plugin.
    #[error("internal error in the plugin: {0}")]
    Internal(String),
}

impl GameError {
    /// A [`GameError::Notation`] for `notation` with the given reason.
    pub fn notation(notation: &str, reason: impl Into<String>) -> Self {
        GameError::Notation {
            notation: notation.to_owned(),
            reason: reason.into(),
        }
    }

    /// A [`GameError::IllegalMove`] for `mv` with the given reason.
    pub fn illegal(mv: MoveId, reason: impl Into<String>) -> Self {
        GameError::IllegalMove {
            mv,
            reason: reason.into(),
        }
    }
}
