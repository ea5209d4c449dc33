//! Why a conformance check failed: what is wrong, and where.

use std::borrow::Cow;

use crate::{bots::BotError, plugins::CallError};

/// A failed conformance check. Its text says what is wrong and where (the position,
/// the action, the pairing of bots), as the check's report prints it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CheckFailure {
    /// A call into the plugin failed (`what` names the call).
    #[error("{what}: {error}")]
    Call {
        /// The call, in words (`"legal moves"`, `"notation"`, ...).
        what: Cow<'static, str>,
        /// The plugin's or the worker's error.
        error: CallError,
    },
    /// A bot of the check could not be made.
    #[error("{0}")]
    Bot(#[from] BotError),
    /// The plugin broke a rule of the game-api (the text says which).
    #[error("{0}")]
    Broken(String),
    /// The check's time limit came first.
    #[error("stopped by the check's time limit after {actions} actions of this game")]
    OutOfTime {
        /// The actions played by then.
        actions: usize,
    },
    /// A failure at a place: a position, an action, a pairing of bots.
    #[error("{place}: {failure}")]
    At {
        /// Where, in words.
        place: String,
        /// What failed there.
        failure: Box<CheckFailure>,
    },
}

impl CheckFailure {
    /// A mapper of a failed plugin call named `what`, for `map_err`.
    pub fn call(what: impl Into<Cow<'static, str>>) -> impl FnOnce(CallError) -> CheckFailure {
        let what = what.into();
        move |error| CheckFailure::Call { what, error }
    }

    /// This failure, said to happen at `place`.
    pub fn at(self, place: impl Into<String>) -> CheckFailure {
        CheckFailure::At {
            place: place.into(),
            failure: Box::new(self),
        }
    }
}

impl From<String> for CheckFailure {
    /// A broken rule of the game-api, in words (the shared checks' answers).
    fn from(text: String) -> Self {
        CheckFailure::Broken(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_says_where_and_what() {
        let failure = CheckFailure::Broken("notation round-trip gave `x`".into())
            .at("after 3 actions, at `start`");
        assert_eq!(
            failure.to_string(),
            "after 3 actions, at `start`: notation round-trip gave `x`"
        );
        assert_eq!(
            CheckFailure::OutOfTime { actions: 7 }.to_string(),
            "stopped by the check's time limit after 7 actions of this game"
        );
    }
}
