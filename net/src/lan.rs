//! Games offered on the local network, listed to join with a click: DNS-SD over
//! multicast DNS (the `mdns-sd` crate), the way printers and music players are found.
//!
//! - **Only what the user asked.** A host announces its game only when the person chose
//!   to offer it and left *List this game on the local network* on; the announcement
//!   ends when the game starts (or the offer is dropped). A list of the games offered
//!   is looked for only when the person asks for it on the *Join* side. Nothing is
//!   announced or looked for from the command line, and never in the tests (this
//!   workplace's machines may not send multicast): the tests check the announcement's
//!   text both ways ([`announcement`], [`LanGame::from_service`]) and the list in the
//!   app with games handed to it.
//! - **What is announced** is what an invite says, in a DNS-SD TXT record (each entry
//!   far below its 255-byte limit): the protocol version, the host's public key (hex),
//!   the game's id, name, version and content hash. The host's address and port come
//!   from multicast DNS itself. A joining side makes the invite from them
//!   ([`LanGame::invite`]) and connects as with a pasted one — dialled by the host's
//!   key, so a false announcement leads to no game, never to another host's.
//! - **Bad announcements** (another version, a key that is not one, missing entries)
//!   are left out of the list, with what is wrong ([`LanError`]).

use std::{collections::HashMap, net::SocketAddr};

use thiserror::Error;

use super::{
    invite::Invite,
    message::{GameId, PROTOCOL_VERSION},
};

/// The DNS-SD service type of a Tavola game offered.
pub const SERVICE_TYPE: &str = "_tavola._udp.local.";

/// What is wrong with a game announced on the network.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LanError {
    /// An entry is missing from its TXT record.
    #[error("the announcement has no `{0}` entry")]
    Missing(&'static str),
    /// Another protocol version.
    #[error(
        "the game is offered for network play version {0}; this Tavola speaks version {PROTOCOL_VERSION}"
    )]
    Version(String),
    /// The key is not a public key.
    #[error("the announcement's key is not a public key: {0}")]
    Key(String),
    /// No address to reach it at.
    #[error("the announcement gives no address")]
    NoAddress,
    /// An entry is too long to be true.
    #[error("the announcement's `{0}` entry is too long")]
    TooLong(&'static str),
    /// The network's multicast DNS could not be used.
    #[error("the local network cannot be searched or told: {0}")]
    Mdns(String),
}

/// The longest entry read from an announcement (a game's name, id, version or hash).
const MAX_ENTRY: usize = 200;

/// A game offered on the local network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanGame {
    /// The announcement's full name (unique on the network).
    pub fullname: String,
    /// The computer that offers it, as it calls itself.
    pub host: String,
    /// The game offered.
    pub game: GameId,
    /// How to reach it.
    pub invite: Invite,
}

/// The TXT entries that announce `invite`'s game (see the module).
///
/// ```
/// use tavola_net::{Invite, lan::{announcement, LanGame}};
/// # let key = iroh::SecretKey::from_bytes(&[7; 32]);
/// # let invite = Invite {
/// #     protocol: tavola_net::PROTOCOL_VERSION,
/// #     endpoint: iroh::EndpointAddr::new(key.public()),
/// #     game: tavola_net::GameId { id: "oware".into(), name: "Oware".into(),
/// #         version: "0.1.0".into(), hash: "ab".repeat(16) },
/// # };
/// let txt = announcement(&invite);
/// let addr = "192.168.1.20:4444".parse().unwrap();
/// let found = LanGame::from_service("Oware._tavola._udp.local.", "pc.local.", &[addr], &txt)
///     .unwrap();
/// assert_eq!(found.game, invite.game);
/// assert_eq!(found.invite.endpoint.id, invite.endpoint.id);
/// ```
pub fn announcement(invite: &Invite) -> HashMap<String, String> {
    let game = &invite.game;
    let mut txt = HashMap::from([
        ("v".to_owned(), invite.protocol.to_string()),
        (
            "key".to_owned(),
            data_encoding::HEXLOWER.encode(invite.endpoint.id.as_bytes()),
        ),
        ("game".to_owned(), game.id.clone()),
        ("name".to_owned(), game.name.clone()),
        ("version".to_owned(), game.version.clone()),
        ("hash".to_owned(), game.hash.clone()),
    ]);
    // The announced port is the IPv4 socket's; the IPv6 one may differ.
    if let Some(v6) = invite.endpoint.ip_addrs().find(|a| a.is_ipv6()) {
        txt.insert("port6".to_owned(), v6.port().to_string());
    }
    txt
}

impl LanGame {
    /// The game an announcement names: its full name, its computer, the addresses it
    /// was found at and its TXT entries.
    pub fn from_service(
        fullname: &str,
        host: &str,
        addrs: &[SocketAddr],
        txt: &HashMap<String, String>,
    ) -> Result<Self, LanError> {
        let entry = |key: &'static str| -> Result<String, LanError> {
            let value = txt.get(key).ok_or(LanError::Missing(key))?;
            if value.len() > MAX_ENTRY {
                return Err(LanError::TooLong(key));
            }
            Ok(value.clone())
        };
        let version = entry("v")?;
        if version != PROTOCOL_VERSION.to_string() {
            return Err(LanError::Version(version));
        }
        let key = entry("key")?;
        let bytes: [u8; 32] = data_encoding::HEXLOWER_PERMISSIVE
            .decode(key.as_bytes())
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| LanError::Key(key.clone()))?;
        let id = iroh::PublicKey::from_bytes(&bytes).map_err(|e| LanError::Key(e.to_string()))?;
        if addrs.is_empty() {
            return Err(LanError::NoAddress);
        }
        let port6: Option<u16> = txt.get("port6").and_then(|p| p.parse().ok());
        let endpoint = addrs.iter().fold(iroh::EndpointAddr::new(id), |e, a| {
            let mut a = *a;
            if let (true, Some(p)) = (a.is_ipv6(), port6) {
                a.set_port(p);
            }
            e.with_ip_addr(a)
        });
        let game = GameId {
            id: entry("game")?,
            name: entry("name")?,
            version: entry("version")?,
            hash: entry("hash")?,
        };
        Ok(LanGame {
            fullname: fullname.to_owned(),
            host: host
                .trim_end_matches('.')
                .trim_end_matches(".local")
                .chars()
                .take(MAX_ENTRY)
                .collect(),
            game: game.clone(),
            invite: Invite {
                protocol: PROTOCOL_VERSION,
                endpoint,
                game,
            },
        })
    }
}

/// A game announced on the local network while it waits for players; the
/// announcement ends when this is dropped.
pub struct Announced {
    daemon: mdns_sd::ServiceDaemon,
    fullname: String,
}

impl Announced {
    /// Announces `invite`'s game, reachable at the ports of its addresses.
    pub fn start(invite: &Invite) -> Result<Self, LanError> {
        let mdns = |e: mdns_sd::Error| LanError::Mdns(e.to_string());
        let port = invite
            .endpoint
            .ip_addrs()
            .map(SocketAddr::port)
            .next()
            .ok_or(LanError::NoAddress)?;
        let daemon = mdns_sd::ServiceDaemon::new().map_err(mdns)?;
        let computer = hostname();
        let key = invite.endpoint.id.fmt_short();
        let instance = instance_name(&invite.game.name, &computer, &key.to_string());
        let info = mdns_sd::ServiceInfo::new(
            SERVICE_TYPE,
            &instance,
            &format!("{computer}.local."),
            (),
            port,
            announcement(invite),
        )
        .map_err(mdns)?
        .enable_addr_auto();
        let fullname = info.get_fullname().to_owned();
        daemon.register(info).map_err(mdns)?;
        Ok(Announced { daemon, fullname })
    }
}

impl Drop for Announced {
    fn drop(&mut self) {
        let _ = self.daemon.unregister(&self.fullname);
        let _ = self.daemon.shutdown();
    }
}

/// The games offered on the local network, looked for while this lives.
pub struct Browser {
    daemon: mdns_sd::ServiceDaemon,
    events: mdns_sd::Receiver<mdns_sd::ServiceEvent>,
    games: Vec<LanGame>,
    /// Announcements left out, with what is wrong (newest last).
    pub refused: Vec<String>,
}

impl Browser {
    /// Starts looking.
    pub fn start() -> Result<Self, LanError> {
        let mdns = |e: mdns_sd::Error| LanError::Mdns(e.to_string());
        let daemon = mdns_sd::ServiceDaemon::new().map_err(mdns)?;
        let events = daemon.browse(SERVICE_TYPE).map_err(mdns)?;
        Ok(Browser {
            daemon,
            events,
            games: Vec::new(),
            refused: Vec::new(),
        })
    }

    /// The games found so far (games withdrawn are left out).
    pub fn games(&mut self) -> &[LanGame] {
        while let Ok(event) = self.events.try_recv() {
            match event {
                mdns_sd::ServiceEvent::ServiceResolved(found) => {
                    let addrs: Vec<SocketAddr> = found
                        .addresses
                        .iter()
                        .map(|ip| SocketAddr::new(ip.to_ip_addr(), found.port))
                        .collect();
                    let txt: HashMap<String, String> = found
                        .txt_properties
                        .iter()
                        .map(|p| (p.key().to_owned(), p.val_str().to_owned()))
                        .collect();
                    match LanGame::from_service(&found.fullname, &found.host, &addrs, &txt) {
                        Ok(game) => {
                            self.games.retain(|g| g.fullname != game.fullname);
                            self.games.push(game);
                        }
                        Err(e) => {
                            let said = format!(
                                "{}: {e}",
                                found.fullname.chars().take(MAX_ENTRY).collect::<String>()
                            );
                            if !self.refused.contains(&said) {
                                self.refused.push(said);
                            }
                            if self.refused.len() > MAX_REFUSED {
                                self.refused.remove(0);
                            }
                        }
                    }
                }
                mdns_sd::ServiceEvent::ServiceRemoved(_, fullname) => {
                    self.games.retain(|g| g.fullname != fullname);
                }
                _ => {}
            }
        }
        &self.games
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.daemon.stop_browse(SERVICE_TYPE);
        let _ = self.daemon.shutdown();
    }
}

/// How many refused announcements the list keeps (the newest).
const MAX_REFUSED: usize = 8;

/// The announcement's instance name, `Kalah (pc, 6228084a8f)`, cut to DNS's 63 bytes a
/// label (the game's name is cut first).
fn instance_name(game: &str, computer: &str, key: &str) -> String {
    let cut = |text: &str, room: usize| -> String {
        let mut out = String::new();
        for c in text.chars() {
            if out.len() + c.len_utf8() > room {
                break;
            }
            out.push(c);
        }
        out
    };
    let tail = format!(" ({computer}, {key})");
    let name = cut(game, 63usize.saturating_sub(tail.len()));
    cut(&format!("{name}{tail}"), 63)
}

/// This computer's name, as the network is told it (letters, digits and dashes).
fn hostname() -> String {
    let raw = std::fs::read_to_string("/etc/hostname")
        .ok()
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    let name: String = raw
        .trim()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(40)
        .collect();
    if name.is_empty() {
        "tavola".into()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invite() -> Invite {
        let key = iroh::SecretKey::from_bytes(&[9; 32]);
        Invite {
            protocol: PROTOCOL_VERSION,
            endpoint: iroh::EndpointAddr::new(key.public())
                .with_ip_addr("127.0.0.1:4444".parse().unwrap()),
            game: GameId {
                id: "kalah".into(),
                name: "Kalah".into(),
                version: "0.3.0".into(),
                hash: "cd".repeat(32),
            },
        }
    }

    #[test]
    fn an_announcement_gives_back_the_invite_at_the_address_it_was_found_at() {
        let offered = invite();
        let txt = announcement(&offered);
        assert!(txt.values().all(|v| v.len() < 255), "a TXT entry too long");
        let at: SocketAddr = "10.0.0.7:5555".parse().unwrap();
        let found =
            LanGame::from_service("Kalah (pc)._tavola._udp.local.", "pc.local.", &[at], &txt)
                .unwrap();
        assert_eq!(found.host, "pc");
        assert_eq!(found.game, offered.game);
        assert_eq!(found.invite.endpoint.id, offered.endpoint.id);
        assert_eq!(found.invite.endpoint.ip_addrs().collect::<Vec<_>>(), [&at]);
        // The invite made from it reads back as any pasted one.
        assert_eq!(
            Invite::parse(&found.invite.to_text()).unwrap(),
            found.invite
        );
    }

    #[test]
    fn an_instance_name_fits_a_dns_label_and_an_ipv6_port_travels() {
        let long = instance_name(&"Ô Ăn Quan ".repeat(10), &"pc".repeat(20), "6228084a8f");
        assert!(long.len() <= 63, "{} bytes", long.len());
        assert_eq!(instance_name("Kalah", "pc", "ab"), "Kalah (pc, ab)");
        let mut offered = invite();
        offered.endpoint = offered.endpoint.with_ip_addr("[::1]:7777".parse().unwrap());
        let txt = announcement(&offered);
        assert_eq!(txt.get("port6").map(String::as_str), Some("7777"));
        let found = LanGame::from_service(
            "x",
            "pc",
            &[
                "10.0.0.7:4444".parse().unwrap(),
                "[fe80::1]:4444".parse().unwrap(),
            ],
            &txt,
        )
        .unwrap();
        let ports: Vec<u16> = found.invite.endpoint.ip_addrs().map(|a| a.port()).collect();
        assert!(ports.contains(&4444) && ports.contains(&7777), "{ports:?}");
    }

    #[test]
    fn bad_announcements_are_refused_with_what_is_wrong() {
        let at: [SocketAddr; 1] = ["10.0.0.7:5555".parse().unwrap()];
        let good = announcement(&invite());
        let with = |key: &str, value: Option<&str>| {
            let mut txt = good.clone();
            match value {
                Some(v) => txt.insert(key.to_owned(), v.to_owned()),
                None => txt.remove(key),
            };
            LanGame::from_service("x", "pc", &at, &txt)
        };
        assert_eq!(with("v", Some("99")), Err(LanError::Version("99".into())));
        assert_eq!(with("key", None), Err(LanError::Missing("key")));
        assert!(matches!(with("key", Some("zz")), Err(LanError::Key(_))));
        assert!(matches!(
            with("key", Some(&"ab".repeat(31))),
            Err(LanError::Key(_))
        ));
        assert_eq!(with("name", None), Err(LanError::Missing("name")));
        let long = "x".repeat(MAX_ENTRY + 1);
        assert_eq!(with("name", Some(&long)), Err(LanError::TooLong("name")));
        assert_eq!(
            LanGame::from_service("x", "pc", &[], &good),
            Err(LanError::NoAddress)
        );
        assert!(
            LanError::Version("99".into())
                .to_string()
                .contains("version 99")
        );
    }
}
