use serde::{Deserialize, Serialize};

use crate::SiteId;

/// A move (or a chance outcome) as a compact number, meaningful in one position.
///
/// Search works on these; people see the [`MoveInfo`] of each. The game chooses the
/// numbering: a square's index for a placement, `from * 100 + to` for a piece move, an
/// offset per kind of move (Zaroc, the Storks and Bite the Pumpkin document theirs). Any
/// id that is not legal in the position must be refused by
/// [`Game::apply`](crate::Game::apply) without a change.
///
/// ```
/// use game_api::{MoveId, MoveInfo, SiteId};
/// // A piece move from site 12 to site 20, numbered from * 100 + to.
/// let mv = MoveId(12 * 100 + 20);
/// let info = MoveInfo::new(mv, vec![SiteId(12), SiteId(20)], "c4-e5");
/// assert_eq!((info.id.0 / 100, info.id.0 % 100), (12, 20));
/// assert_eq!(mv.to_string(), "#1220");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MoveId(pub u32);

impl std::fmt::Display for MoveId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// How a person makes a move, and how it is written down.
///
/// The host's input works for every game from this alone: a move is made by clicking its
/// `sites` in order; where several moves share the same sites, the host offers their
/// `choice` labels (a sowing direction, a run direction), with `key` as keyboard hint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveInfo {
    /// The move.
    pub id: MoveId,
    /// Sites to click in order (e.g. the pit to sow; a piece, then its target). May be
    /// empty for moves that are only chosen (a pass, a run direction).
    pub sites: Vec<SiteId>,
    /// A label that tells apart moves sharing the same sites (e.g. "clockwise").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
    /// A keyboard hint for the choice, as an egui key name (e.g. "ArrowUp", "A").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The move's notation, unique among the legal moves of a position.
    pub notation: String,
    /// The move said in words for the move list, in the game's language ("Yellow's
    /// stork enters on square 3"), when its notation is not meant for reading; none: the
    /// notation is shown. Records keep the notation, never these words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
}

impl MoveInfo {
    /// A move made by clicking `sites`, written `notation`.
    pub fn new(id: MoveId, sites: Vec<SiteId>, notation: impl Into<String>) -> Self {
        MoveInfo {
            id,
            sites,
            choice: None,
            key: None,
            notation: notation.into(),
            words: None,
        }
    }

    /// The move said in words for the move list (see [`MoveInfo::words`]).
    pub fn with_words(mut self, words: impl Into<String>) -> Self {
        self.words = Some(words.into());
        self
    }
}
