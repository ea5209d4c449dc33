//! What can be wrong with an inspection's answer that came from outside the loading
//! process (a child that ran the plugin's code, or a cache file).

use thiserror::Error;

use super::{CallError, ManifestError};

/// Why an inspection's answer from outside the process is refused: the child ran the
/// plugin's code and may have written anything, and a cache file may have been edited.
#[derive(Debug, Error)]
pub enum AnswerError {
    /// The manifest breaks the loader's checks.
    #[error("its manifest is wrong: {0}")]
    Manifest(#[from] ManifestError),
    /// A contract level this host does not load.
    #[error("it says it was built for game-api level {0}, which this host does not load")]
    ApiLevel(u32),
    /// A game-api version too long to be one.
    #[error("its game-api version is not a version")]
    ApiVersion,
    /// The default game's board breaks the contract.
    #[error("its board: {0}")]
    Board(#[from] CallError),
    /// A refusal whose text is over the host's limit.
    #[error("a refusal of {0} bytes")]
    LongRefusal(usize),
}
