//! The host's errors about games: what a plugin refused, how a plugin failed, which rule
//! of the contract it broke, and the host's own refusals. FFI error kinds are converted
//! here and nowhere else.

use game_api::ffi::{FfiError, FfiErrorKind};
use thiserror::Error;

/// What went wrong in a call to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ErrorKind {
    /// The game refused a move: it is not legal in this position.
    IllegalMove,
    /// The game refused its input: options, a position notation or a saved state.
    BadInput,
    /// The plugin has no bot by that name.
    UnknownBot,
    /// The game is over: nothing more can be played.
    GameOver,
    /// The plugin reported a failure of its own.
    PluginFailed,
    /// The plugin panicked (a bug in the plugin, caught at the boundary).
    PluginPanicked,
    /// The plugin broke a rule of the contract (returned data the host refuses).
    Contract(Rule),
    /// No seat is to move, or no move to choose from: there is nothing to search.
    NoMove,
    /// The engine or request does not suit this game (alpha-beta and chance, say).
    Unsupported,
    /// A game went on past the host's cap on its length.
    TooLong,
    /// A search thread of the host failed.
    Host,
}

/// A rule of the contract between the host and a plugin, as the host checks it on every
/// value a plugin returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Rule {
    /// A seat number is below the game's seat count.
    SeatInRange,
    /// The seat count is between 1 and [`MAX_SEATS`](super::limits::MAX_SEATS).
    SeatCount,
    /// A seat's turn has at least one legal move.
    SeatHasMove,
    /// A chance turn has at least one outcome.
    ChanceHasOutcomes,
    /// Chance probabilities are positive fractions that sum to exactly 1.
    ChanceSumsToOne,
    /// Every site named (by a view, a move, an effect) is in the layout.
    SiteInLayout,
    /// Effects move no more pieces than there are.
    EffectsMatchView,
    /// Sizes stay within the host's [limits](super::limits).
    WithinLimits,
    /// Returns and evaluations are finite numbers, one per seat.
    FiniteValues,
    /// The data is readable (well-formed JSON of the documented type).
    Readable,
    /// A game that promised no chance events has none.
    DeclaredNoChance,
}

impl Rule {
    /// The rule in words.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::SeatInRange => "every seat number is below the seat count",
            Rule::SeatCount => "the seat count is between 1 and the host's maximum",
            Rule::SeatHasMove => "a seat's turn has a legal move",
            Rule::ChanceHasOutcomes => "a chance turn has outcomes",
            Rule::ChanceSumsToOne => "chance probabilities are positive and sum to exactly 1",
            Rule::SiteInLayout => "every site is in the layout",
            Rule::EffectsMatchView => "effects move no more pieces than there are",
            Rule::WithinLimits => "sizes stay within the host's limits",
            Rule::FiniteValues => "returns and evaluations are finite, one per seat",
            Rule::Readable => "data is well-formed",
            Rule::DeclaredNoChance => "a game without chance events has none",
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

/// An error from a call to a game: the game refused (an illegal move, a bad notation),
/// the plugin failed (a panic, data breaking the contract), or the host refused (no
/// move to search, a game too long). Plugin failures name the plugin. It crosses the
/// worker pipe as it is, so the app tells a plugin's fault from a refused move by kind.
#[derive(Debug, Clone, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
#[error("{message}")]
pub struct CallError {
    /// What kind of error it is.
    pub kind: ErrorKind,
    /// The message for people.
    pub message: String,
}

impl CallError {
    /// Whether the plugin panicked (a bug in the plugin, not a refusal).
    pub fn is_panic(&self) -> bool {
        self.kind == ErrorKind::PluginPanicked
    }

    /// Whether the plugin is at fault: it panicked, failed or broke the contract.
    pub fn is_plugin_fault(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::PluginPanicked | ErrorKind::PluginFailed | ErrorKind::Contract(_)
        )
    }

    /// The rule the plugin broke, if that is the error.
    pub fn rule(&self) -> Option<Rule> {
        match self.kind {
            ErrorKind::Contract(rule) => Some(rule),
            _ => None,
        }
    }

    /// This error with `context` said first ("move 3 cannot be played: …"), of the
    /// same kind.
    pub fn context(self, context: impl std::fmt::Display) -> Self {
        CallError {
            kind: self.kind,
            message: format!("{context}: {}", self.message),
        }
    }

    /// An error of the host's own making about a game (no move to search, say).
    pub fn host(kind: ErrorKind, message: impl Into<String>) -> Self {
        CallError {
            kind,
            message: message.into(),
        }
    }

    /// The plugin `plugin` broke `rule`; `detail` says how.
    pub fn contract(plugin: &str, rule: Rule, detail: impl std::fmt::Display) -> Self {
        CallError {
            kind: ErrorKind::Contract(rule),
            message: format!("the plugin `{plugin}` broke the rule \"{rule}\": {detail}"),
        }
    }

    /// The error `e` of plugin `plugin`, in the host's kinds.
    pub(super) fn from_ffi(plugin: &str, e: FfiError) -> Self {
        let kind = match e.kind {
            FfiErrorKind::IllegalMove => ErrorKind::IllegalMove,
            FfiErrorKind::Options | FfiErrorKind::Notation | FfiErrorKind::State => {
                ErrorKind::BadInput
            }
            FfiErrorKind::UnknownBot => ErrorKind::UnknownBot,
            FfiErrorKind::GameOver => ErrorKind::GameOver,
            FfiErrorKind::Internal => ErrorKind::PluginFailed,
            FfiErrorKind::Panic => ErrorKind::PluginPanicked,
        };
        let message = match kind {
            ErrorKind::PluginPanicked => format!("the plugin `{plugin}` panicked: {}", e.message),
            ErrorKind::PluginFailed => format!("the plugin `{plugin}` failed: {}", e.message),
            _ => e.message.into(),
        };
        CallError { kind, message }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ffi_errors_become_host_kinds_naming_the_plugin_when_it_is_at_fault() {
        let ffi = |kind, message: &str| FfiError {
            kind,
            message: message.into(),
        };
        let panic = CallError::from_ffi("nim", ffi(FfiErrorKind::Panic, "oops"));
        assert!(panic.is_panic() && panic.is_plugin_fault());
        assert_eq!(panic.message, "the plugin `nim` panicked: oops");
        let illegal = CallError::from_ffi("nim", ffi(FfiErrorKind::IllegalMove, "#9 is illegal"));
        assert_eq!(illegal.kind, ErrorKind::IllegalMove);
        assert_eq!(illegal.message, "#9 is illegal");
        assert!(!illegal.is_plugin_fault());
        for k in [
            FfiErrorKind::Options,
            FfiErrorKind::Notation,
            FfiErrorKind::State,
        ] {
            assert_eq!(
                CallError::from_ffi("nim", ffi(k, "")).kind,
                ErrorKind::BadInput
            );
        }
        let broken = CallError::contract("nim", Rule::SeatInRange, "seat 99 of 2");
        assert_eq!(broken.rule(), Some(Rule::SeatInRange));
        assert!(broken.message.contains("`nim`") && broken.message.contains("seat 99"));
    }
}
