//! The invite: what one player copies to another so that the other's Tavola can find
//! the game — the host's public key and addresses, and which game it offers.
//!
//! Written as one line, `tavola1:` then base64url of a small JSON document, so that it
//! survives a chat window or an e-mail. It holds no secret: the connection it leads to
//! is authenticated by the host's key, and the seat's secret is given only on joining.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::message::{GameId, PROTOCOL_VERSION};

/// The prefix of every invite of this protocol version.
pub const INVITE_PREFIX: &str = "tavola1:";

/// The longest invite text accepted (a few addresses and a game id fit in far less).
const MAX_INVITE: usize = 4096;

/// An invite to a game offered by a host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    /// The protocol version of the host.
    pub protocol: u32,
    /// The host's endpoint: its public key and the addresses it can be reached at.
    pub endpoint: iroh::EndpointAddr,
    /// The game offered (so that a joining side without the plugin can say so before it
    /// connects).
    pub game: GameId,
}

/// What is wrong with an invite text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InviteError {
    /// It does not start with the prefix.
    #[error("an invite starts with `{INVITE_PREFIX}`; this text does not (was it copied whole?)")]
    Prefix,
    /// Too long to be an invite.
    #[error("an invite is at most {MAX_INVITE} characters; this one has {0}")]
    TooLong(usize),
    /// Not base64url.
    #[error("the invite is damaged: {0} (was it copied whole?)")]
    Encoding(String),
    /// Not an invite's document.
    #[error("the invite is damaged: {0}")]
    Document(String),
    /// Another protocol version.
    #[error(
        "the invite is for network play version {0}; this Tavola speaks version {PROTOCOL_VERSION}"
    )]
    Version(u32),
}

impl Invite {
    /// The invite as one line of text.
    pub fn to_text(&self) -> String {
        let json = serde_json::to_vec(self).expect("an invite always serializes");
        format!(
            "{INVITE_PREFIX}{}",
            data_encoding::BASE64URL_NOPAD.encode(&json)
        )
    }

    /// An invite from its text (surrounding white space ignored).
    pub fn parse(text: &str) -> Result<Self, InviteError> {
        let text = text.trim();
        if text.len() > MAX_INVITE {
            return Err(InviteError::TooLong(text.len()));
        }
        let body = text
            .strip_prefix(INVITE_PREFIX)
            .ok_or(InviteError::Prefix)?;
        let json = data_encoding::BASE64URL_NOPAD
            .decode(body.as_bytes())
            .map_err(|e| InviteError::Encoding(e.to_string()))?;
        let invite: Invite =
            serde_json::from_slice(&json).map_err(|e| InviteError::Document(e.to_string()))?;
        if invite.protocol != PROTOCOL_VERSION {
            return Err(InviteError::Version(invite.protocol));
        }
        Ok(invite)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Invite {
        let key = iroh::SecretKey::from_bytes(&[7; 32]);
        let addr =
            iroh::EndpointAddr::new(key.public()).with_ip_addr("127.0.0.1:4444".parse().unwrap());
        Invite {
            protocol: PROTOCOL_VERSION,
            endpoint: addr,
            game: GameId {
                id: "oware".into(),
                name: "Oware".into(),
                version: "0.1.0".into(),
                hash: "ab".repeat(16),
            },
        }
    }

    #[test]
    fn an_invite_round_trips_through_its_text() {
        let invite = sample();
        let text = invite.to_text();
        assert!(text.starts_with(INVITE_PREFIX));
        assert!(!text.contains(char::is_whitespace));
        assert_eq!(Invite::parse(&format!("  {text}\n")).unwrap(), invite);
    }

    #[test]
    fn damaged_invites_say_what_is_wrong() {
        let text = sample().to_text();
        assert_eq!(Invite::parse("hello"), Err(InviteError::Prefix));
        assert!(matches!(
            Invite::parse(&text[..text.len() - 7]),
            Err(InviteError::Encoding(_) | InviteError::Document(_))
        ));
        assert!(matches!(
            Invite::parse(&format!("{INVITE_PREFIX}{}", "A".repeat(5000))),
            Err(InviteError::TooLong(_))
        ));
        let mut other = sample();
        other.protocol = 99;
        assert_eq!(
            Invite::parse(&other.to_text()),
            Err(InviteError::Version(99))
        );
    }
}
