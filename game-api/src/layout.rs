use serde::{Deserialize, Serialize};

use crate::PieceStyle;

/// A place on the board: a pit, a square, a stick, a track cell, a store.
///
/// A site's id is its index in [`Layout::sites`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SiteId(pub u16);

/// The static board of a game with its options: a set of sites and the links between
/// them, in *board units* (any scale; the host fits `size` into the window, keeping the
/// aspect ratio). The origin is the top-left corner, `y` grows downwards.
///
/// Grids, pits, tracks and sticks are all just sites, so the host needs no per-game code;
/// and [`pieces`](Self::pieces) says how each kind of piece looks, so the host draws no
/// piece by its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// Width and height of the board, in board units.
    pub size: [f32; 2],
    /// The sites; `sites[i].id == SiteId(i)`.
    pub sites: Vec<Site>,
    /// Arrows and paths drawn between sites.
    #[serde(default)]
    pub links: Vec<Link>,
    /// How each kind of piece looks, at most one style per kind. A kind not described
    /// here is drawn with [`PieceStyle::fallback`] (a plugin written before styles
    /// existed sends none, and its pieces still draw).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceStyle>,
}

impl Layout {
    /// The site with this id, if there is one.
    pub fn site(&self, id: SiteId) -> Option<&Site> {
        self.sites.get(usize::from(id.0))
    }

    /// The style of pieces of `kind`, if the layout describes it.
    pub fn piece_style(&self, kind: &str) -> Option<&PieceStyle> {
        self.pieces.iter().find(|p| p.kind == kind)
    }

    /// Checks that every site's id is its index and every link names real sites.
    pub fn check(&self) -> Result<(), String> {
        for (i, site) in self.sites.iter().enumerate() {
            if usize::from(site.id.0) != i {
                return Err(format!("site at index {i} has id {}", site.id.0));
            }
        }
        for link in &self.links {
            for s in [link.from, link.to] {
                if self.site(s).is_none() {
                    return Err(format!("a link names site {} that does not exist", s.0));
                }
            }
        }
        Ok(())
    }
}

/// One site of the [`Layout`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Site {
    /// Its id, equal to its index in [`Layout::sites`].
    pub id: SiteId,
    /// How it is drawn.
    pub shape: Shape,
    /// Its centre, in board units.
    pub center: [f32; 2],
    /// Its width and height, in board units.
    pub size: [f32; 2],
    /// The seat that owns it, if any (coloured with that seat's colour).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u8>,
    /// A short label drawn beside it (`a1`, `3`).
    #[serde(default)]
    pub label: String,
    /// A style hint the host may use (`dark`, `light`, `tree`, `special`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub style: String,
}

/// The shape of a site.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    /// A square or rectangle (a board square).
    Square,
    /// A round pit (a mancala house).
    Pit,
    /// A long rounded pit (a mancala store, a captured stock).
    Store,
    /// A half disc whose round side faces `facing` (`"left"`, `"right"`, `"up"`, `"down"`).
    Semicircle {
        /// The direction the round side faces.
        facing: Facing,
    },
    /// A stick that holds a stack of at most `capacity` pieces.
    Stick {
        /// How many pieces fit.
        capacity: u8,
    },
    /// One cell of a track.
    TrackCell,
}

/// A direction on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Facing {
    /// Towards smaller x.
    Left,
    /// Towards larger x.
    Right,
    /// Towards smaller y.
    Up,
    /// Towards larger y.
    Down,
}

/// A line drawn between two sites.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Link {
    /// Where it starts.
    pub from: SiteId,
    /// Where it ends.
    pub to: SiteId,
    /// How it is drawn.
    pub kind: LinkKind,
    /// An optional label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
}

/// How a [`Link`] is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// An arrow from `from` to `to`.
    Arrow,
    /// A plain path segment (a track).
    Path,
}
