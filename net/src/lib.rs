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
mod host_setup;
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

pub use clock::{TimeControl, TimeControlError};
pub use host::{Offer, host};
pub use invite::{Invite, InviteError};
pub use join::{JoinSetup, join};
pub use link::{NetError, NetSettings};
pub use message::{ALPN, GameId, MAX_MESSAGE, Message, NotAMessage, PROTOCOL_VERSION};
pub use referee::LATENCY_ALLOWANCE_MS;
pub use table::{AppPlayer, LocalPlayer, NetOutcome, TableError, Update};

/// What a record keeps of a network game (defined with the record, which the network
/// side fills in).
pub use tavola_core::record::network::{HostSecrets, NetRecord};

/// The hash both sides compare after every move: blake3 of the position's notation,
/// 16 hex digits (the same on every machine and build).
///
/// ```
/// use tavola_net::position_hash;
/// assert_eq!(position_hash("4 4 4 | S"), position_hash("4 4 4 | S"));
/// assert_ne!(position_hash("4 4 4 | S"), position_hash("4 4 4 | N"));
/// assert_eq!(position_hash("x").len(), 16);
/// ```
pub fn position_hash(notation: &str) -> String {
    blake3::hash(notation.as_bytes()).to_hex()[..16].to_string()
}
