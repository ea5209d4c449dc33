//! What a host's record holds to come back to its game after a crash
//! (`tavola net host --resume`).

use super::{
    fair::{Chain, Throw},
    invite::Invite,
    table::TableError,
};
use tavola_core::{plugins::Plugin, record::Record};

/// What a host's record holds to come back to its game.
pub(super) struct Resumed {
    pub(super) record: Record,
    pub(super) invite: String,
    pub(super) listen: Option<std::net::SocketAddr>,
    pub(super) key: iroh::SecretKey,
    /// The host's chain, from its secret.
    pub(super) chain: Chain,
    pub(super) tokens: Vec<String>,
    /// Every seat's commitment, in seat order.
    pub(super) heads: Vec<String>,
    /// The throws made (checked again against the commitments when the table is set up).
    pub(super) throws: Vec<Throw>,
}

impl Resumed {
    pub(super) fn of(record: &Record, plugin: &Plugin, seats: u8) -> Result<Self, TableError> {
        let bad =
            |what: &str| TableError::Mismatch(format!("this record cannot be resumed: {what}"));
        if record.game != plugin.id() {
            return Err(bad("it is of another game"));
        }
        if record.result.is_some() || record.ending.is_some() {
            return Err(bad("its game is over"));
        }
        let net = record
            .net
            .as_ref()
            .ok_or_else(|| bad("it is not of a network game"))?;
        let secrets = net
            .host_secrets
            .as_ref()
            .filter(|_| net.role == "host")
            .ok_or_else(|| bad("it is not a hosting side's record"))?;
        let key: [u8; 32] = data_encoding::HEXLOWER_PERMISSIVE
            .decode(secrets.key.as_bytes())
            .ok()
            .and_then(|k| k.try_into().ok())
            .ok_or_else(|| bad("its endpoint key is damaged"))?;
        let invite = Invite::parse(&net.invite).map_err(|e| bad(&e.to_string()))?;
        let chain = net
            .chain
            .as_deref()
            .ok_or_else(|| bad("it keeps no chain (a record of network play version 1)"))
            .and_then(|c| Chain::from_hex(c).map_err(|e| bad(&e.to_string())))?;
        if secrets.seat_tokens.len() != usize::from(seats)
            || net.commits.len() != usize::from(seats)
        {
            return Err(bad("its seats do not fit the game"));
        }
        // The host's own commitment is worked out again from its secret, not trusted.
        let own = net.seat.map_or(0, usize::from);
        if net.commits[own] != chain.head() || net.commit != chain.head() {
            return Err(bad("its commitment is not the one its chain makes"));
        }
        Ok(Resumed {
            record: record.clone(),
            invite: net.invite.clone(),
            listen: invite.endpoint.ip_addrs().next().copied(),
            key: iroh::SecretKey::from_bytes(&key),
            chain,
            tokens: secrets.seat_tokens.clone(),
            heads: net.commits.clone(),
            throws: net.throws.clone(),
        })
    }

    /// Seat `s`'s secret and commitment.
    pub(super) fn seat(&self, s: u8) -> (String, Option<String>) {
        (
            self.tokens[usize::from(s)].clone(),
            self.heads.get(usize::from(s)).cloned(),
        )
    }
}
