use serde::{Deserialize, Serialize};

use crate::{Piece, SiteId};

/// One step of a move as a person would see it, in order, so that the host can animate
/// any game generically (sowing seed by seed, a pig sliding).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// `count` pieces are lifted from `site` into the hand.
    Lift {
        /// Where from.
        site: SiteId,
        /// How many.
        count: u32,
    },
    /// `count` pieces from the hand are dropped on `site`.
    Drop {
        /// Where.
        site: SiteId,
        /// How many (1 when sowing).
        count: u32,
    },
    /// Sowing goes on from `site`: its pieces are lifted into the hand (relay sowing).
    Relay {
        /// The pit lifted.
        site: SiteId,
        /// How many pieces it held.
        count: u32,
    },
    /// `count` pieces move from `from` to `to` as a capture.
    Capture {
        /// Where they are taken from.
        from: SiteId,
        /// Where they go (a store), if on the board.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<SiteId>,
        /// How many.
        count: u32,
    },
    /// A piece moves from one site to another (a slide, a jump).
    Move {
        /// Where it starts.
        from: SiteId,
        /// Where it ends.
        to: SiteId,
    },
    /// A piece is put on a site.
    Place {
        /// Where.
        site: SiteId,
        /// What.
        piece: Piece,
    },
    /// The top piece of a site is removed from the game.
    Remove {
        /// Where.
        site: SiteId,
    },
    /// The top piece of a site changes state (a pig lies down or stands up).
    Flip {
        /// Where.
        site: SiteId,
        /// Its new state.
        state: String,
    },
    /// The same seat moves again.
    ExtraTurn {
        /// The seat.
        seat: u8,
    },
    /// A line of text for the move log ("Grand slam: nothing captured").
    Message {
        /// The text.
        text: String,
    },
}
