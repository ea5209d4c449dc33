//! What can be wrong with a plugin's manifest, as the loader's checks find it.

use thiserror::Error;

/// Why the host refuses a manifest: a limit it exceeds ([`super::limits`]) or a rule of
/// the contract it breaks. The message names the field and the bound, never more of the
/// manifest's text than its id, version, option keys or preset names.
///
/// ```
/// use tavola_core::plugins::{ManifestError, check_manifest_limits};
/// let mut manifest = game_api::Manifest::new("nim", "Nim", "1.0.0");
/// manifest.seat_names.pop();
/// assert_eq!(
///     check_manifest_limits(&manifest),
///     Err(ManifestError::SeatNames { names: 1, seats: 2 })
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ManifestError {
    /// The seat range is empty or starts at 0.
    #[error(
        "the seats range from {min} to {max}: it must be at least 1 and from the smaller to the larger"
    )]
    SeatRange {
        /// The fewest seats it says.
        min: u8,
        /// The most seats it says.
        max: u8,
    },
    /// More seats than the host plays.
    #[error("the game has up to {max} seats; the host plays at most {limit}")]
    TooManySeats {
        /// The most seats it says.
        max: u8,
        /// The host's most.
        limit: u8,
    },
    /// Fewer seat names than its largest table has seats.
    #[error("{names} seat names for up to {seats} seats")]
    SeatNames {
        /// The names given.
        names: usize,
        /// The seats of its largest table.
        seats: u8,
    },
    /// A list (authors, tags, options…) longer than the host takes.
    #[error("{len} {what}: at most {limit} are allowed")]
    ListTooLong {
        /// Which list.
        what: &'static str,
        /// Its length.
        len: usize,
        /// The host's most.
        limit: usize,
    },
    /// A text (name, description, a tag…) longer than the host takes.
    #[error("{what} is {len} bytes long: at most {limit} are allowed")]
    TextTooLong {
        /// Which text.
        what: &'static str,
        /// Its length in bytes.
        len: usize,
        /// The host's most.
        limit: usize,
    },
    /// A rules text longer than the host takes.
    #[error("the rules in `{lang}` are {len} bytes long: at most {limit} are allowed")]
    RulesTooLong {
        /// The rules' language tag.
        lang: String,
        /// Their length in bytes.
        len: usize,
        /// The host's most.
        limit: usize,
    },
    /// An id that is not lower-case letters, digits and dashes.
    #[error("the id {id:?} must be lower-case letters, digits and dashes")]
    BadId {
        /// The id given.
        id: String,
    },
    /// A version that is not a semantic version.
    #[error("the version {version:?} is not a semantic version: {reason}")]
    BadVersion {
        /// The version given.
        version: String,
        /// What the version parser said.
        reason: String,
    },
    /// A choice option with nothing to choose.
    #[error("option `{key}` has no choices")]
    NoChoices {
        /// The option's key.
        key: String,
    },
    /// An option whose default breaks its own specification.
    #[error("the default of option `{key}`: {reason}")]
    BadDefault {
        /// The option's key.
        key: String,
        /// What is wrong with the default.
        reason: String,
    },
    /// An option that matters only while another has a value
    /// ([`game_api::OptionSpec::only_when`]) naming itself, an option the game does not
    /// have, or a value that option cannot take: the options form would never let it
    /// be set.
    #[error("the condition of option `{key}`: {reason}")]
    BadCondition {
        /// The option's key.
        key: String,
        /// What is wrong with its condition.
        reason: String,
    },
    /// A preset whose values the options refuse.
    #[error("preset {name:?}: {reason}")]
    BadPreset {
        /// The preset's name.
        name: String,
        /// What the options said of its values.
        reason: String,
    },
}
