//! What a record of a network game keeps of the network (record version 2 on): who this
//! side was, each seat's commitment, every throw's reveals, and the secrets to come back
//! after a crash. The network side fills it in and checks it (`tavola net verify`); the
//! record only keeps it, so that records load without the network code.

use serde::{Deserialize, Serialize};

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
    /// Each seat's commitment: the head of its player's chain (the network side's `fair` module), in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commits: Vec<String>,
    /// Every throw made, in order, with each seat's reveal (a throw taken back stays:
    /// the chance outcome at action N is the last throw made at N).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<Throw>,
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

/// One throw as the record keeps it and a welcome carries it: the action it was made
/// at, and every seat's reveal for it in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    /// The action's number in the game (from 1).
    pub number: u32,
    /// Each seat's reveal (its player's link of its chain), in seat order.
    pub reveals: Vec<String>,
}
