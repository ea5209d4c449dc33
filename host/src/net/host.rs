//! Hosting a game: offer it, wait for a player for every other seat, fix the seed with
//! them, then play — checking every move a guest sends before passing it on to the
//! other guests and spectators.

use std::{
    path::PathBuf,
    sync::mpsc,
    time::{Duration, Instant},
};

use game_api::Options;

use super::{
    NetRecord,
    fair::{Nonce, seed},
    host_resume::Resumed,
    invite::Invite,
    link::{Event, Link, NetError, NetSettings, Node},
    message::{GameId, Message, PROTOCOL_VERSION},
    table::{LocalPlayer, NetOutcome, Table, TableError, broadcast, worker_error},
};
use crate::{plugins::Plugin, record::Record, worker::RemoteGame};

/// A game offered on the network.
pub struct Offer<'a> {
    /// The game's plugin.
    pub plugin: &'a Plugin,
    /// Its options.
    pub options: Options,
    /// The seat the host plays (every other seat is a guest's).
    pub seat: u8,
    /// The clocks of the game, if it has them (coming back to a game: the record's).
    pub clock: Option<super::TimeControl>,
    /// Who plays the host's seat.
    pub player: LocalPlayer,
    /// Where to listen, and whether relays may be used.
    pub settings: NetSettings,
    /// The record file, saved after every move.
    pub record: Option<PathBuf>,
    /// How long a player who left may take to come back.
    pub reconnect: Duration,
    /// How long to wait for the players to join.
    pub wait: Duration,
    /// The `tavola` executable, to start the worker.
    pub exe: PathBuf,
    /// The host's own record of a game to come back to (after the host crashed): the
    /// same invite, seats and seed; the players come back with their seats' secrets.
    pub resume: Option<Record>,
}

/// The holder of a seat.
#[derive(Debug, Clone)]
pub(super) enum Holder {
    /// The host's own player.
    Local,
    /// A guest: its seat secret, its link while connected, and since when it is gone.
    Remote {
        token: String,
        link: Option<u64>,
        nonce: Option<Nonce>,
        gone: Option<Instant>,
    },
}

/// A link that said hello and was offered a seat (or watching).
#[derive(Debug, Clone, Copy)]
pub(super) struct Greeted {
    pub(super) seat: Option<u8>,
    /// Whether it has sent its `Join` (a spectator waiting for the start).
    pub(super) joined: bool,
}

/// The host's side: the seats, the links, and what it waits for.
pub(super) struct Hosting {
    // The links first: they are dropped before the node, whose runtime sends their last
    // words.
    pub(super) links: Vec<Link>,
    pub(super) node: Node,
    pub(super) greeted: Vec<(u64, Greeted)>,
    pub(super) holders: Vec<Holder>,
    pub(super) game: GameId,
    pub(super) nonce: Nonce,
    pub(super) started: bool,
    pub(super) reconnect: Duration,
    /// The answer to the host player's draw offer or takeback request.
    pub(super) answer: Option<bool>,
    /// The bytes sent on links now closed.
    pub(super) closed: u64,
    /// The moves sent: the host's own, and the guests' it passed on.
    pub(super) moves_sent: u64,
    /// The links welcomed into the game (players and spectators): the only ones told
    /// its moves.
    pub(super) welcomed: Vec<u64>,
    /// Messages for people, printed as they come.
    pub(super) report: Box<dyn FnMut(&str)>,
}

/// Offers the game, prints its invite with `on_invite`, plays it to the end.
pub fn host(
    offer: Offer<'_>,
    on_invite: &mut dyn FnMut(&str, usize),
    report: Box<dyn FnMut(&str)>,
) -> Result<NetOutcome, TableError> {
    let plugin = offer.plugin;
    let mut worker = RemoteGame::spawn(&offer.exe, plugin, None).map_err(worker_error)?;
    let snapshot = worker
        .start(&offer.options, None, &[])
        .map_err(worker_error)?;
    let seats = snapshot.seat_count;
    if offer.seat >= seats {
        return Err(TableError::Mismatch(format!(
            "{} has seats 0 to {}; there is no seat {}",
            plugin.manifest().name,
            seats - 1,
            offer.seat
        )));
    }
    let resume = match &offer.resume {
        Some(record) => Some(Resumed::of(record, plugin, seats)?),
        None => None,
    };
    let (tx, events) = mpsc::channel();
    let mut settings = offer.settings.clone();
    if let Some(port) = resume.as_ref().and_then(|r| r.listen).map(|a| a.port()) {
        // The invite names the port: listen on it again (on the address asked for, else
        // on every interface), so that the invite the players hold still leads here.
        let ip = settings
            .listen
            .map_or(std::net::Ipv4Addr::UNSPECIFIED.into(), |a| a.ip());
        settings.listen = Some(std::net::SocketAddr::new(ip, port));
    }
    let node = Node::bind(&settings, resume.as_ref().map(|r| r.key.clone()), tx)?;
    node.listen();
    let game = GameId {
        id: plugin.id().to_owned(),
        name: plugin.manifest().name.clone(),
        version: plugin.manifest().version.clone(),
        hash: plugin.meta().hash.clone(),
    };
    let invite_text = match &resume {
        Some(r) => r.invite.clone(),
        None => Invite {
            protocol: PROTOCOL_VERSION,
            endpoint: node.addr(),
            game: game.clone(),
        }
        .to_text(),
    };
    on_invite(&invite_text, usize::from(seats) - 1);
    let holders = (0..seats)
        .map(|s| {
            if s == offer.seat {
                Holder::Local
            } else {
                let (token, nonce) = match &resume {
                    Some(r) => r.seat(s),
                    None => (Nonce::generate().to_hex(), None),
                };
                Holder::Remote {
                    token,
                    link: None,
                    nonce,
                    // A resumed game waits for every player to come back.
                    gone: resume.as_ref().map(|_| Instant::now()),
                }
            }
        })
        .collect();
    let record = match &resume {
        Some(r) => r.record.clone(),
        None => {
            let mut record = Record::new(plugin, &offer.options, None, None);
            record.seats = (0..seats)
                .map(|s| {
                    if s == offer.seat {
                        match &offer.player {
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
    };
    let mut table = Table::new(
        worker,
        snapshot,
        record.clone(),
        offer.record.clone(),
        vec![offer.seat],
        offer.player.clone(),
        events,
    );
    table.set_clock(offer.clock);
    let mut hosting = Hosting {
        node,
        links: Vec::new(),
        greeted: Vec::new(),
        holders,
        game,
        nonce: resume
            .as_ref()
            .map_or_else(Nonce::generate, |r| r.nonce.clone()),
        started: false,
        reconnect: offer.reconnect,
        answer: None,
        closed: 0,
        moves_sent: 0,
        welcomed: Vec::new(),
        report,
    };
    if resume.is_some() {
        table.record.moves.clear();
        for m in &record.moves {
            table.replay(m)?;
        }
        table.save()?;
        table.changed();
        hosting.started = true;
        (hosting.report)(&format!(
            "back at move {} of the game; waiting up to {} s for the players",
            table.record.moves.len(),
            offer.reconnect.as_secs()
        ));
    }
    let result = hosting.run(&mut table, &invite_text, offer.wait);
    hosting.farewell(&mut table);
    result?;
    // The secrets are of no use once the game is over: the last save leaves them out.
    if let Some(net) = &mut table.record.net {
        net.host_secrets = None;
    }
    table.finish()?;
    let bytes_sent = hosting.links.iter().map(Link::bytes_sent).sum::<u64>() + hosting.closed;
    let moves_sent = hosting.moves_sent;
    let Hosting { node, .. } = hosting;
    node.close();
    Ok(NetOutcome {
        snapshot: table.snapshot,
        record: table.record,
        bytes_sent,
        moves_sent,
        seat_names: plugin.manifest().seat_names.clone(),
    })
}

impl Hosting {
    fn run(&mut self, table: &mut Table, invite: &str, wait: Duration) -> Result<(), TableError> {
        let deadline = Instant::now() + wait;
        while !self.started && !self.all_seated() {
            if Instant::now() > deadline {
                return Err(NetError::Timeout(format!(
                    "nobody took every seat within {} s",
                    wait.as_secs()
                ))
                .into());
            }
            self.next_event(table, Duration::from_millis(100))?;
        }
        if !self.started {
            self.start(table, invite)?;
        }
        while !table.is_over() {
            self.check_gone()?;
            if table.play_chance()? {
                continue;
            }
            let Some(seat) = table.seat_to_move() else {
                continue;
            };
            match &self.holders[usize::from(seat)] {
                Holder::Local => self.local_turn(table, seat)?,
                // A player who says nothing past its time (and the slack) loses on time.
                Holder::Remote { link: Some(_), .. }
                    if table.flag_due(seat, 2 * super::table::CLOCK_SLACK_MS) =>
                {
                    table.flag(seat)?;
                    self.broadcast(&Message::Flag { seat }, None);
                    (self.report)(&format!("seat {seat}'s time ran out"));
                }
                Holder::Remote { .. } => self.next_event(table, Duration::from_millis(100))?,
            }
        }
        Ok(())
    }

    fn all_seated(&self) -> bool {
        self.holders.iter().all(|h| match h {
            Holder::Local => true,
            Holder::Remote { nonce, link, .. } => nonce.is_some() && link.is_some(),
        })
    }

    /// Fixes the seed and welcomes every player.
    fn start(&mut self, table: &mut Table, invite: &str) -> Result<(), TableError> {
        let guests: Vec<Nonce> = self
            .holders
            .iter()
            .filter_map(|h| match h {
                Holder::Remote { nonce, .. } => nonce.clone(),
                Holder::Local => None,
            })
            .collect();
        let game_seed = seed(&self.nonce, &guests);
        table.set_net(
            NetRecord {
                role: "host".into(),
                seat: table.local.first().copied(),
                invite: invite.to_owned(),
                commit: self.nonce.commitment(),
                host_nonce: self.nonce.to_hex(),
                guest_nonces: guests.iter().map(Nonce::to_hex).collect(),
                own_nonce: None,
                token: None,
                host_secrets: Some(super::HostSecrets {
                    key: data_encoding::HEXLOWER.encode(&self.node.secret().to_bytes()),
                    seat_tokens: self
                        .holders
                        .iter()
                        .map(|h| match h {
                            Holder::Remote { token, .. } => token.clone(),
                            Holder::Local => String::new(),
                        })
                        .collect(),
                }),
            },
            game_seed,
        );
        table.save()?;
        self.started = true;
        for seat in 0..self.holders.len() {
            if let Holder::Remote {
                link: Some(link), ..
            } = &self.holders[seat]
            {
                let link = *link;
                self.welcome(table, link, Some(seat as u8));
            }
        }
        // Spectators who came while the players gathered.
        let watchers: Vec<u64> = self
            .greeted
            .iter()
            .filter(|(_, g)| g.seat.is_none() && g.joined)
            .map(|(id, _)| *id)
            .collect();
        // A spectator that has only said hello is welcomed when its `Join` comes.
        self.greeted.retain(|(id, _)| !watchers.contains(id));
        for id in watchers {
            self.welcome(table, id, None);
        }
        (self.report)(&format!(
            "every seat is taken; the game starts (seed {game_seed})"
        ));
        Ok(())
    }

    pub(super) fn welcome(&mut self, table: &Table, link: u64, seat: Option<u8>) {
        let token = match seat.map(|s| &self.holders[usize::from(s)]) {
            Some(Holder::Remote { token, .. }) => token.clone(),
            _ => String::new(),
        };
        let guests = table
            .record
            .net
            .as_ref()
            .map(|n| n.guest_nonces.clone())
            .unwrap_or_default();
        let message = Message::Welcome {
            nonce: self.nonce.to_hex(),
            guests,
            token,
            moves: table.net_moves.clone(),
        };
        if let Some(l) = self.link(link) {
            l.send(&message);
            if !self.welcomed.contains(&link) {
                self.welcomed.push(link);
            }
        }
    }

    /// Sends `message` to every welcomed link but `except`.
    pub(super) fn broadcast(&self, message: &Message, except: Option<u64>) {
        for link in self
            .links
            .iter()
            .filter(|l| self.welcomed.contains(&l.id()) && Some(l.id()) != except)
        {
            link.send(message);
        }
    }

    pub(super) fn link(&self, id: u64) -> Option<&Link> {
        self.links.iter().find(|l| l.id() == id)
    }

    pub(super) fn seat_of(&self, link: u64) -> Option<u8> {
        self.holders
            .iter()
            .position(|h| matches!(h, Holder::Remote { link: Some(l), .. } if *l == link))
            .map(|s| s as u8)
    }

    pub(super) fn next_event(
        &mut self,
        table: &mut Table,
        limit: Duration,
    ) -> Result<(), TableError> {
        match table.events.recv_timeout(limit) {
            Ok(event) => self.on_event(table, event),
            Err(_) => Ok(()),
        }
    }

    /// Fails the game when a player has been gone longer than the reconnect window.
    fn check_gone(&self) -> Result<(), TableError> {
        for h in &self.holders {
            if let Holder::Remote {
                gone: Some(since), ..
            } = h
                && since.elapsed() > self.reconnect
            {
                return Err(TableError::Abandoned(self.reconnect.as_secs()));
            }
        }
        Ok(())
    }

    fn local_turn(&mut self, table: &mut Table, seat: u8) -> Result<(), TableError> {
        use super::side::Side;
        if self
            .holders
            .iter()
            .any(|h| matches!(h, Holder::Remote { link: None, .. }))
        {
            // A player is away: the game (and its clocks) wait for them.
            return self.next_event(table, Duration::from_millis(100));
        }
        self.own_turn(table, seat)
    }

    /// Says goodbye to every link and waits (a little) for their last messages.
    fn farewell(&mut self, table: &mut Table) {
        broadcast(&self.links, &Message::Bye, None);
        let deadline = Instant::now() + Duration::from_secs(2);
        while !self.links.is_empty() && Instant::now() < deadline {
            match table.events.recv_timeout(Duration::from_millis(50)) {
                Ok(Event::Closed { link, .. } | Event::Fault { link, .. }) => self.drop_link(link),
                Ok(Event::Message {
                    link,
                    message: Message::Bye,
                }) => self.drop_link(link),
                Ok(Event::Joined(l)) => l.close("the game is over"),
                _ => {}
            }
        }
    }
}

impl super::side::Side for Hosting {
    fn handle(&mut self, table: &mut Table, event: Event) -> Result<(), TableError> {
        self.on_event(table, event)
    }

    fn wait(&mut self, table: &mut Table, limit: Duration) -> Result<(), TableError> {
        self.next_event(table, limit)
    }

    fn tell(&mut self, message: &Message) {
        if matches!(message, Message::Move(_)) {
            self.moves_sent += 1;
        }
        self.broadcast(message, None);
    }

    fn answer(&mut self) -> &mut Option<bool> {
        &mut self.answer
    }

    fn say(&mut self, text: &str) {
        (self.report)(text);
    }
}
