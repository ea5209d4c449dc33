use serde::{Deserialize, Serialize};

use crate::SiteId;

/// What a person sees of a position: what stands on each site, each seat's panel, the
/// last move and a status line.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The contents of the sites that hold something; sites not listed are empty.
    pub sites: Vec<(SiteId, SiteContent)>,
    /// One panel per seat, in seat order.
    #[serde(default)]
    pub panels: Vec<Panel>,
    /// The sites of the last move, to highlight.
    #[serde(default)]
    pub last_move: Vec<SiteId>,
    /// One line about the position ("South to move", "North sows again").
    #[serde(default)]
    pub status: String,
}

/// What stands on one site.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "content", rename_all = "snake_case")]
pub enum SiteContent {
    /// A number of identical pieces (seeds in a pit), drawn as pieces with the number.
    Count {
        /// The piece they all are.
        piece: Piece,
        /// How many.
        count: u32,
    },
    /// Several groups of identical pieces on one site, each drawn with its count (a big
    /// stone among small ones: `[1 big stone, 5 seeds]`). Lifts and captures take from
    /// the last group first.
    Groups {
        /// The groups, in the order their counts are shown.
        groups: Vec<Group>,
    },
    /// A stack of pieces, bottom first.
    Stack {
        /// The pieces, bottom to top.
        pieces: Vec<Piece>,
    },
}

/// A number of identical pieces in [`SiteContent::Groups`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The piece they all are.
    pub piece: Piece,
    /// How many.
    pub count: u32,
}

impl Group {
    /// `count` pieces like `piece`.
    pub fn new(piece: Piece, count: u32) -> Self {
        Group { piece, count }
    }
}

/// A piece: its kind, its owner and its state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// What it is (`seed`, `pig`, `pumpkin`, `stork`, `big-stone`).
    pub kind: String,
    /// The seat it belongs to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u8>,
    /// A state that changes how it is drawn (`lying`), empty for the normal state.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub state: String,
}

impl Piece {
    /// A piece of `kind` with no owner and the normal state.
    pub fn new(kind: &str) -> Self {
        Piece {
            kind: kind.into(),
            owner: None,
            state: String::new(),
        }
    }
}

/// A seat's panel: its name and labelled values (score, reserve, captured stock).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    /// The seat's name.
    pub seat: String,
    /// Whether this seat is the one to move.
    #[serde(default)]
    pub to_move: bool,
    /// Labelled values, in display order.
    #[serde(default)]
    pub entries: Vec<PanelEntry>,
}

/// One labelled value in a [`Panel`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PanelEntry {
    /// The label (`Store`, `Reserve`).
    pub label: String,
    /// The value as text (`12`).
    pub value: String,
}

impl PanelEntry {
    /// An entry with the given label and value.
    pub fn new(label: &str, value: impl ToString) -> Self {
        PanelEntry {
            label: label.into(),
            value: value.to_string(),
        }
    }
}
