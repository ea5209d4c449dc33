use serde::{Deserialize, Serialize};

use crate::SiteId;

/// A move (or a chance outcome) as a compact number, meaningful in one position.
///
/// Search works on these; people see the [`MoveInfo`] of each.
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
        }
    }
}
