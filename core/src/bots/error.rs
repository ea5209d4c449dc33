//! Why a bot name was refused.

use crate::plugins::{CallError, ErrorKind};

/// Why [`bot_for`](super::bot_for) (or an engine by name) refused a bot name: each
/// reason its own variant, so that a caller can tell a typo from an engine that cannot
/// play this game, and from a plugin that failed while it was asked.
///
/// ```
/// use tavola_core::bots::BotError;
/// let e = BotError::Unknown {
///     name: "grandmaster".into(),
///     game: "kalah".into(),
///     known: vec!["easy".into(), "greedy".into()],
/// };
/// assert_eq!(e.to_string(), "no bot `grandmaster` for kalah (bots: easy, greedy)");
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BotError {
    /// No bot of that name: not an engine, a level, nor one of the plugin's bots.
    #[error("no bot `{name}` for {game} (bots: {})", known.join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The game's id.
        game: String,
        /// The names that would have been accepted.
        known: Vec<String>,
    },
    /// An engine that cannot play this game (alpha-beta with three seats, or chance).
    #[error("`{name}` plays two-seat games without chance only; this game of `{game}` has {seats} seats{}", if *chance { " and may have chance events" } else { "" })]
    Unsuited {
        /// The name asked for.
        name: String,
        /// The game's id.
        game: String,
        /// The game's seats.
        seats: u8,
        /// Whether the game may have chance events.
        chance: bool,
    },
    /// The name's shape is wrong (too many parts, numbers after a level).
    #[error("`{name}`: expected {expected}")]
    Shape {
        /// The name asked for.
        name: String,
        /// What a name of this engine looks like.
        expected: String,
    },
    /// A number in the name is out of its range or not a number.
    #[error("`{name}`: {what} must be {range}, not `{text}`")]
    Number {
        /// The name asked for.
        name: String,
        /// Which number ("the depth").
        what: String,
        /// What it may be ("a whole number from 1 to 64").
        range: String,
        /// What was written.
        text: String,
    },
    /// An engine that existed once and is gone, with what to use instead.
    #[error("`{name}` is gone: {instead}")]
    Gone {
        /// The name asked for.
        name: String,
        /// Why, and what to use instead.
        instead: String,
    },
    /// The plugin failed while the game was made or asked about its seats.
    #[error(transparent)]
    Game(#[from] CallError),
}

impl BotError {
    /// The kind of a game error this refusal is, for the worker's answer.
    pub fn kind(&self) -> ErrorKind {
        match self {
            BotError::Unknown { .. } | BotError::Gone { .. } => ErrorKind::UnknownBot,
            BotError::Unsuited { .. } => ErrorKind::Unsupported,
            BotError::Shape { .. } | BotError::Number { .. } => ErrorKind::BadInput,
            BotError::Game(e) => e.kind,
        }
    }
}
