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

#[cfg(test)]
mod old_records {
    use crate::record::Record;

    /// A guest's record of protocol version 1 (seed halves, no throws), as a record of
    /// version 2 saved it at the end: it loads as it is, its network section read.
    #[test]
    fn a_network_record_of_protocol_1_still_loads() {
        let record = Record::from_json(include_str!("fixtures/v2-net-protocol1-guest.json"))
            .expect("the old network record loads");
        assert_eq!(record.version, 2);
        assert_eq!(record.moves.len(), 2);
        let net = record.net.as_ref().expect("its network section");
        assert_eq!((net.role.as_str(), net.seat), ("guest", Some(1)));
        assert_eq!(net.guest_nonces.len(), 1);
        assert_eq!(net.own_nonce.as_deref(), Some(net.guest_nonces[0].as_str()));
        assert!(net.commits.is_empty() && net.throws.is_empty());
        assert!(record.result.is_some() && record.ending.is_some());
        // Written again, it reads the same (the version 1 fields kept).
        assert_eq!(Record::from_json(&record.to_json()).unwrap(), record);
    }

    /// A host's record of a game in progress, as the network side's journal leaves it
    /// after a crash (the last line cut short): it loads with the secrets to come back.
    #[test]
    fn a_network_journal_cut_short_loads_with_its_secrets() {
        let record = Record::from_json(include_str!("fixtures/v3-net-journal-host.jsonl"))
            .expect("the journal loads");
        assert_eq!(record.moves.len(), 2, "the cut line is left out");
        assert_eq!(record.moves[1].spent_ms, Some(800));
        let net = record.net.as_ref().expect("its network section");
        assert_eq!(net.role, "host");
        assert_eq!(net.commits.len(), 2);
        assert_eq!(net.throws.len(), 1);
        assert!(net.chain.is_some());
        let secrets = net.host_secrets.as_ref().expect("the host's secrets");
        assert_eq!(secrets.seat_tokens.len(), 2);
        assert_eq!(record.clock.as_ref().map(|c| c.left_ms.len()), Some(2));
        assert!(record.result.is_none());
    }
}
