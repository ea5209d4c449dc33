//! Network play: two (or more) Tavola programs play one game, each checking every move.
//!
//! - **Transport** ([`link`]): iroh (QUIC, connections dialed by public key), with public
//!   relays and address lookup off unless the user turns them on; our own protocol is a
//!   few typed, versioned, size-capped messages ([`message`]).
//! - **Invites** ([`invite`]): one line of text with the host's key and addresses and
//!   the game offered.
//! - **Both sides check every move** ([`table`]): each side runs the same plugin (id,
//!   version and content hash must match) in its own sandboxed worker; a move travels by
//!   its notation, each side plays it in its worker and compares a hash of the position
//!   it reaches ([`position_hash`]). An illegal or malformed message is refused and
//!   reported, never played or recorded.
//! - **Fair chance** ([`fair`]): every throw made from every player's contribution,
//!   committed to before the start and revealed only when the throw is due; chance
//!   outcomes never travel, and a record shows each throw fair ([`verify`]).
//! - **Clocks** ([`clock`]): the host's time control; a move carries the time it took,
//!   checked against the receiver's own clock, and the time left is worked out from the
//!   moves on every side alike.
//! - **The referee** (`referee.rs`): every check of what another side sends — a move from
//!   whatever message, a catch-up, a clock claim, a flag — in one place.
//!
//! A host plays its seat and waits for a player for every other seat
//! ([`host()`]); a joining side takes the seat it is given or watches
//! ([`join()`]).

pub mod clock;
pub mod fair;
pub mod game;
pub mod host;
mod host_events;
mod host_resume;
pub mod invite;
pub mod join;
mod join_events;
mod join_welcome;
pub mod lan;
pub mod link;
pub mod message;
mod player;
mod referee;
mod side;
pub mod table;
mod throws;
pub mod verify;

pub use clock::TimeControl;
pub use host::{Offer, host};
pub use invite::{Invite, InviteError};
pub use join::{JoinSetup, join};
pub use link::{NetError, NetSettings};
pub use message::{ALPN, GameId, MAX_MESSAGE, Message, PROTOCOL_VERSION};
pub use referee::LATENCY_ALLOWANCE_MS;
pub use table::{AppPlayer, LocalPlayer, NetOutcome, TableError, Update};

use serde::{Deserialize, Serialize};

/// The hash both sides compare after every move: blake3 of the position's notation,
/// 16 hex digits (the same on every machine and build).
///
/// ```
/// use tavola::net::position_hash;
/// assert_eq!(position_hash("4 4 4 | S"), position_hash("4 4 4 | S"));
/// assert_ne!(position_hash("4 4 4 | S"), position_hash("4 4 4 | N"));
/// assert_eq!(position_hash("x").len(), 16);
/// ```
pub fn position_hash(notation: &str) -> String {
    blake3::hash(notation.as_bytes()).to_hex()[..16].to_string()
}

/// What a record of a network game keeps of the network: who this side was, every
/// seat's commitment and every throw's reveals, so that anyone can check that each throw
/// was fair (`tavola net verify`). Records of protocol version 1 kept seed halves
/// instead (`host_nonce`, `guest_nonces`): they still load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetRecord {
    /// `host`, `guest` or `spectator`.
    pub role: String,
    /// The seat this side played (none: it watched).
    pub seat: Option<u8>,
    /// The invite the game was played under.
    pub invite: String,
    /// The host's commitment (the head of its chain; version 1: to its seed half).
    pub commit: String,
    /// Version 1: the host's seed half, revealed at the start.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host_nonce: String,
    /// Version 1: the joining players' halves, in the order they joined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guest_nonces: Vec<String>,
    /// Version 1: a guest's own half (one of `guest_nonces`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_nonce: Option<String>,
    /// Each seat's commitment: the head of its player's chain ([`fair`]), in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commits: Vec<String>,
    /// Every throw made, in order, with each seat's reveal (a throw taken back stays:
    /// the chance outcome at action N is the last throw made at N).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<fair::Throw>,
    /// This side's chain secret while the game goes on, to come back after a crash
    /// with the same throws; the last save of the game leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    /// A guest's seat secret, with which it comes back after a crash (`tavola net join
    /// --resume`): it lets whoever holds it take the seat while the game goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// A host's secrets while the game goes on, with which it comes back under the same
    /// invite after a crash (`tavola net host --resume`): its endpoint's secret key and
    /// each seat's secret. The last save of the game leaves them out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_secrets: Option<HostSecrets>,
}

/// What a host keeps to come back to its game (see [`NetRecord::host_secrets`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostSecrets {
    /// The endpoint's secret key, hex: the invite names its public key.
    pub key: String,
    /// Each seat's secret (empty for the host's own seat).
    pub seat_tokens: Vec<String>,
}
