//! Setting the host's side up: its node, the invite, the seats' holders and the new
//! record — or all of them again from the record of a game the host comes back to
//! after a crash — and its last save.

use std::{
    sync::mpsc,
    time::{Duration, Instant},
};

use game_api::Options;

use super::{
    fair::{Chain, Nonce},
    host::{Holder, Hosting, Links, Offer},
    host_resume::Resumed,
    invite::Invite,
    link::{Event, Link, NetSettings, Node},
    message::{GameId, PROTOCOL_VERSION},
    table::{LocalPlayer, Table, TableError, wait_words},
};
use tavola_core::{plugins::Plugin, record::Record};

/// Binds the host's node, listening again on the port of the invite of a game to come
/// back to.
pub(super) fn bind(
    settings: &NetSettings,
    resume: Option<&Resumed>,
    tx: mpsc::Sender<Event>,
) -> Result<Node, TableError> {
    let mut settings = settings.clone();
    if let Some(port) = resume.and_then(|r| r.listen).map(|a| a.port()) {
        // The invite names the port: listen on it again (on the address asked for, else
        // on every interface), so that the invite the players hold still leads here.
        let ip = settings
            .listen
            .map_or(std::net::Ipv4Addr::UNSPECIFIED.into(), |a| a.ip());
        settings.listen = Some(std::net::SocketAddr::new(ip, port));
    }
    let node = Node::bind(&settings, resume.map(|r| r.key.clone()), tx)?;
    node.listen();
    Ok(node)
}

/// The invite to the game: the record's when the game comes back, else a new one to
/// this node.
pub(super) fn invite_text(resume: Option<&Resumed>, node: &Node, game: &GameId) -> String {
    match resume {
        Some(r) => r.invite.clone(),
        None => Invite {
            protocol: PROTOCOL_VERSION,
            endpoint: node.addr(),
            game: game.clone(),
        }
        .to_text(),
    }
}

/// What names the game offered: its plugin's id, name, version and content hash.
pub(super) fn game_id(plugin: &Plugin) -> GameId {
    GameId {
        id: plugin.id().to_owned(),
        name: plugin.manifest().name.clone(),
        version: plugin.manifest().version.clone(),
        hash: plugin.meta().hash.clone(),
    }
}

/// The holders of the `seats` seats: the host's own `seat`, and a guest's for every
/// other (with the record's secrets and commitments when the game comes back).
pub(super) fn holders(seats: u8, own: u8, resume: Option<&Resumed>) -> Vec<Holder> {
    (0..seats)
        .map(|s| {
            if s == own {
                Holder::Local
            } else {
                let (token, commit) = match resume {
                    Some(r) => r.seat(s),
                    None => (Nonce::generate().to_hex(), None),
                };
                Holder::Remote {
                    token,
                    link: None,
                    commit,
                    // A resumed game waits for every player to come back.
                    gone: resume.map(|_| Instant::now()),
                }
            }
        })
        .collect()
}

/// A new record of a network game of `plugin`: this side's `own` seat played by
/// `player`, every other seat `remote`.
pub(super) fn new_record(
    plugin: &Plugin,
    options: &Options,
    seats: u8,
    own: Option<u8>,
    player: &LocalPlayer,
) -> Record {
    let mut record = Record::new(plugin, options, None, None);
    record.seats = (0..seats)
        .map(|s| {
            if Some(s) == own {
                match player {
                    LocalPlayer::Bot(name) => name.clone(),
                    LocalPlayer::Stdin | LocalPlayer::App(_) => "human".into(),
                }
            } else {
                "remote".into()
            }
        })
        .collect();
    record
}

/// After a crash, the clock of the seat to move runs from the record's last save (the
/// file's modification time, by this machine's clock), not from now.
pub(super) fn back_from_crash(table: &mut Table, record: Option<&std::path::Path>) {
    let age = record
        .and_then(|p| std::fs::metadata(p).ok())
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.elapsed().ok())
        .unwrap_or_default();
    let since = Instant::now().checked_sub(age).unwrap_or_else(Instant::now);
    table.turn_started = since;
    table.turn_earliest = since;
}

impl Hosting {
    /// The host's side before anyone joined: its `node`, the seats' `holders`, the
    /// `game` offered, the host's `chain` of reveals, the seats' `names`.
    pub(super) fn new(
        node: Node,
        holders: Vec<Holder>,
        game: GameId,
        chain: Chain,
        reconnect: Duration,
        report: Box<dyn FnMut(&str)>,
        names: Vec<String>,
    ) -> Self {
        Hosting {
            net: Links {
                links: Vec::new(),
                node,
                greeted: Vec::new(),
                arriving: Vec::new(),
                welcomed: Vec::new(),
                closed: 0,
                moves_sent: 0,
            },
            holders,
            game,
            chain,
            started: false,
            reconnect,
            back_at: None,
            questions: Default::default(),
            report,
            names,
        }
    }

    /// Sets the table up again from the record of a game the host comes back to after
    /// its crash: the throws, the moves played again, the clock of the seat to move.
    pub(super) fn come_back(
        &mut self,
        table: &mut Table,
        r: &Resumed,
        record: &Record,
        offer: &Offer<'_>,
    ) -> Result<(), TableError> {
        table.throws = Some(
            super::throws::Throws::new(
                Some((offer.seat, r.chain.clone())),
                r.heads.clone(),
                &r.throws,
            )
            .map_err(|e| TableError::Mismatch(format!("this record cannot be resumed: {e}")))?,
        );
        table.record.write(|r| r.moves.clear());
        for m in &record.moves {
            table.replay(m)?;
        }
        // The time since the last save passed on the clock of the seat to move: a crash
        // gives no time back.
        back_from_crash(table, offer.record.as_deref());
        table.save()?;
        self.back_at = Some(table.record.move_count());
        table.changed();
        self.started = true;
        (self.report)(&tavola_core::tr!(
            "net-back-at-move",
            number = table.record.move_count(),
            wait = wait_words(offer.reconnect)
        ));
        Ok(())
    }

    /// The last save, without the secrets (of no use once the game is over); the bytes
    /// and the moves sent.
    pub(super) fn finish(&mut self, table: &mut Table) -> Result<(u64, u64), TableError> {
        table.record.write(|r| {
            if let Some(net) = &mut r.net {
                net.host_secrets = None;
                net.chain = None;
            }
        });
        table.finish()?;
        let bytes_sent = self.net.links.iter().map(Link::bytes_sent).sum::<u64>() + self.net.closed;
        Ok((bytes_sent, self.net.moves_sent))
    }
}
