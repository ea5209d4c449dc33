//! What a host's record holds to come back to its game after a crash
//! (`tavola net host --resume`).

use super::{fair::Nonce, invite::Invite, table::TableError};
use crate::{plugins::Plugin, record::Record};

/// What a host's record holds to come back to its game.
pub(super) struct Resumed {
    pub(super) record: Record,
    pub(super) invite: String,
    pub(super) listen: Option<std::net::SocketAddr>,
    pub(super) key: iroh::SecretKey,
    pub(super) nonce: Nonce,
    pub(super) tokens: Vec<String>,
    /// The players' seed halves, in seat order of the remote seats.
    pub(super) halves: Vec<Nonce>,
    pub(super) local: Option<u8>,
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
        let halves = net
            .guest_nonces
            .iter()
            .map(|n| Nonce::from_hex(n))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad(&e.to_string()))?;
        if secrets.seat_tokens.len() != usize::from(seats) || halves.len() + 1 != usize::from(seats)
        {
            return Err(bad("its seats do not fit the game"));
        }
        Ok(Resumed {
            record: record.clone(),
            invite: net.invite.clone(),
            listen: invite.endpoint.ip_addrs().next().copied(),
            key: iroh::SecretKey::from_bytes(&key),
            nonce: Nonce::from_hex(&net.host_nonce).map_err(|e| bad(&e.to_string()))?,
            tokens: secrets.seat_tokens.clone(),
            halves,
            local: net.seat,
        })
    }

    /// Seat `s`'s secret and seed half.
    pub(super) fn seat(&self, s: u8) -> (String, Option<Nonce>) {
        let remote_index = (0..s).filter(|&x| Some(x) != self.local).count();
        (
            self.tokens[usize::from(s)].clone(),
            self.halves.get(remote_index).cloned(),
        )
    }
}
