//! Hosting a game: offer it, wait for a player for every other seat, fix the seed with
//! them, then play — checking every move a guest sends before passing it on to the
//! other guests and spectators.

use std::{
    path::PathBuf,
    sync::mpsc,
    time::{Duration, Instant},
};

use game_api::Options;

use super::game::StartFailed;
use super::{
    NetRecord,
    fair::{Chain, commitments_seed},
    host_resume::Resumed,
    host_setup::{bind, game_id, holders, invite_text, new_record},
    link::{Event, Link, NetError, NetSettings, Node},
    message::{GameId, Message},
    table::{Chance, LocalPlayer, NetOutcome, Table, TableError, broadcast, wait_words},
};
use tavola_core::{ending::Ending, plugins::Plugin, record::Record};

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
    /// A guest: its seat secret, its link while connected, its commitment (once it
    /// joined), and since when it is gone.
    Remote {
        token: String,
        link: Option<u64>,
        commit: Option<String>,
        gone: Option<Instant>,
    },
}

/// A link that said hello and was offered a seat (or watching).
#[derive(Debug, Clone, Copy)]
pub(super) struct Greeted {
    pub(super) seat: Option<u8>,
    /// Whether it has sent its `Join` (a spectator waiting for the start).
    pub(super) joined: bool,
    /// How many moves a player coming back says its record holds.
    pub(super) moves: Option<u32>,
}

/// The host's connections: its node, its links and how far each has come.
pub(super) struct Links {
    // The links first: they are dropped before the node, whose runtime sends their last
    // words.
    pub(super) links: Vec<Link>,
    pub(super) node: Node,
    pub(super) greeted: Vec<(u64, Greeted)>,
    /// The connections not yet joined, and since when they are here.
    pub(super) arriving: Vec<(u64, Instant)>,
    /// The links welcomed into the game (players and spectators): the only ones told
    /// its moves.
    pub(super) welcomed: Vec<u64>,
    /// The bytes sent on links now closed.
    pub(super) closed: u64,
    /// The moves sent: the host's own, and the guests' it passed on.
    pub(super) moves_sent: u64,
}

/// The host's side: the seats, the links, and what it waits for.
pub(super) struct Hosting {
    // The connections first: the links are dropped before the node, whose runtime sends
    // their last words.
    pub(super) net: Links,
    pub(super) holders: Vec<Holder>,
    pub(super) game: GameId,
    /// The host's chain of reveals ([`super::fair`]).
    pub(super) chain: Chain,
    pub(super) started: bool,
    pub(super) reconnect: Duration,
    /// While the game is back from the host's crash: the record's length then. The
    /// host's own clock is not restarted by its players' return until it moves (its
    /// absence was its own).
    pub(super) back_at: Option<usize>,
    /// The answer to the host player's draw offer or takeback request, and the
    /// questions asked of this side this turn (`side.rs`).
    pub(super) questions: super::side::Questions,
    /// Messages for people, printed as they come.
    pub(super) report: Box<dyn FnMut(&str)>,
    /// The seats' names, for those messages.
    pub(super) names: Vec<String>,
}

/// Offers the game, prints its invite with `on_invite`, plays it to the end.
pub fn host(
    offer: Offer<'_>,
    on_invite: &mut dyn FnMut(&str, usize),
    report: Box<dyn FnMut(&str)>,
) -> Result<NetOutcome, TableError> {
    let plugin = offer.plugin;
    let (net_game, snapshot) =
        super::game::start_game(&offer.player, &offer.exe, plugin, &offer.options).map_err(
            |e| match e {
                StartFailed::Worker(e) | StartFailed::Options(e) => TableError::Worker(e),
            },
        )?;
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
    let node = bind(&offer.settings, resume.as_ref(), tx)?;
    let game = game_id(plugin);
    let invite_text = invite_text(resume.as_ref(), &node, &game);
    on_invite(&invite_text, usize::from(seats) - 1);
    let record = match &resume {
        Some(r) => r.record.clone(),
        None => new_record(
            plugin,
            &offer.options,
            seats,
            Some(offer.seat),
            &offer.player,
        ),
    };
    let mut table = Table::new(
        net_game,
        snapshot,
        record.clone(),
        offer.record.clone(),
        vec![offer.seat],
        offer.player.clone(),
        events,
    );
    table.set_clock(offer.clock);
    let chain = resume
        .as_ref()
        .map_or_else(Chain::generate, |r| r.chain.clone());
    let holders = holders(seats, offer.seat, resume.as_ref());
    let names = plugin.manifest().seat_names.clone();
    let mut hosting = Hosting::new(node, holders, game, chain, offer.reconnect, report, names);
    if let Some(r) = &resume {
        hosting.come_back(&mut table, r, &record, &offer)?;
    }
    let result = hosting.run(&mut table, &invite_text, offer.wait);
    hosting.farewell(&mut table);
    result?;
    let (bytes_sent, moves_sent) = hosting.finish(&mut table)?;
    let Hosting {
        net: Links { node, .. },
        ..
    } = hosting;
    node.close();
    Ok(NetOutcome {
        snapshot: table.snapshot,
        record: table.record.get(),
        bytes_sent,
        moves_sent,
        seat_names: plugin.manifest().seat_names.clone(),
    })
}

impl Hosting {
    fn run(&mut self, table: &mut Table, invite: &str, wait: Duration) -> Result<(), TableError> {
        let deadline = Instant::now() + wait;
        while !self.started && !self.all_seated() {
            if let LocalPlayer::App(app) = &table.player
                && app.closed()
            {
                return Err(TableError::Cancelled);
            }
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
            if self.check_gone(table)? {
                break;
            }
            match table.play_chance() {
                Ok(Chance::NotDue) => {}
                Ok(Chance::Played) => {
                    self.flush(table);
                    continue;
                }
                Ok(Chance::Waiting) => {
                    self.flush(table);
                    self.wait_for_throw(table)?;
                    continue;
                }
                Err(e) => return Err(e),
            }
            let Some(seat) = table.seat_to_move() else {
                continue;
            };
            match &self.holders[usize::from(seat)] {
                Holder::Local => self.local_turn(table, seat)?,
                // A player who says nothing past its time (and the latency allowance, by
                // this side's clock) loses on time, there or away.
                Holder::Remote { link, .. } if table.flag_due(seat, self.allowance(*link)) => {
                    table.flag(seat)?;
                    self.broadcast(&Message::Flag { seat }, None);
                    (self.report)(&tavola_core::tr!(
                        "net-time-ran-out",
                        seat = table.seat_name(seat)
                    ));
                }
                Holder::Remote { .. } => self.next_event(table, Duration::from_millis(100))?,
            }
        }
        Ok(())
    }

    /// Sends the table's messages (its contributions to throws) to every welcomed link.
    pub(super) fn flush(&mut self, table: &mut Table) {
        for m in std::mem::take(&mut table.outbox) {
            self.broadcast(&m, None);
        }
    }

    /// Waits a little for the contributions to the throw due; a player whose
    /// contribution has not come within the reconnect window loses by forfeit (walking
    /// away from a throw costs the game).
    fn wait_for_throw(&mut self, table: &mut Table) -> Result<(), TableError> {
        let late = table.throws.as_ref().and_then(|t| t.late(self.reconnect));
        match late {
            Some(seat) => {
                table.end(Ending::Forfeit { seat });
                table.save()?;
                self.broadcast(&Message::Forfeit { seat }, None);
                let name = table.seat_name(seat);
                (self.report)(&tavola_core::tr!(
                    "net-no-contribution",
                    name = name,
                    wait = wait_words(self.reconnect)
                ));
                Ok(())
            }
            None => self.next_event(table, Duration::from_millis(50)),
        }
    }

    /// The latency allowance of a clock claim over `link` (`referee.rs`).
    pub(super) fn allowance(&self, link: Option<u64>) -> u64 {
        let rtt = link
            .and_then(|l| self.link(l))
            .map_or(Duration::ZERO, Link::rtt);
        super::referee::allowance(rtt)
    }

    fn all_seated(&self) -> bool {
        self.holders.iter().all(|h| match h {
            Holder::Local => true,
            Holder::Remote { commit, link, .. } => commit.is_some() && link.is_some(),
        })
    }

    /// Sets up the throws from every seat's commitment and welcomes every player.
    fn start(&mut self, table: &mut Table, invite: &str) -> Result<(), TableError> {
        let heads: Vec<String> = self
            .holders
            .iter()
            .map(|h| match h {
                Holder::Remote { commit, .. } => commit.clone().unwrap_or_default(),
                Holder::Local => self.chain.head(),
            })
            .collect();
        let own = table.local.first().copied().unwrap_or(0);
        table.throws = Some(
            super::throws::Throws::new(Some((own, self.chain.clone())), heads.clone(), &[])
                .map_err(|e| TableError::Refused(e.to_string()))?,
        );
        let shown = commitments_seed(&heads);
        table.set_net(
            NetRecord {
                role: "host".into(),
                seat: table.local.first().copied(),
                invite: invite.to_owned(),
                commit: self.chain.head(),
                host_nonce: String::new(),
                guest_nonces: Vec::new(),
                own_nonce: None,
                commits: heads,
                throws: Vec::new(),
                chain: Some(self.chain.secret()),
                token: None,
                host_secrets: Some(super::HostSecrets {
                    key: data_encoding::HEXLOWER.encode(&self.net.node.secret().to_bytes()),
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
            shown,
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
            .net
            .greeted
            .iter()
            .filter(|(_, g)| g.seat.is_none() && g.joined)
            .map(|(id, _)| *id)
            .collect();
        // A spectator that has only said hello is welcomed when its `Join` comes.
        self.net.greeted.retain(|(id, _)| !watchers.contains(id));
        for id in watchers {
            self.welcome(table, id, None);
        }
        // The commitments fix the shared seed: worth telling only in a game of chance.
        (self.report)(&if table.may_have_chance() {
            tavola_core::tr!(
                "net-game-starts-committed",
                commitments = format!("{shown:016x}")
            )
        } else {
            tavola_core::tr!("net-game-starts")
        });
        Ok(())
    }

    pub(super) fn welcome(&mut self, table: &Table, link: u64, seat: Option<u8>) {
        let token = match seat.map(|s| &self.holders[usize::from(s)]) {
            Some(Holder::Remote { token, .. }) => token.clone(),
            _ => String::new(),
        };
        let commits = table.record.read(|r| {
            r.net
                .as_ref()
                .map(|n| n.commits.clone())
                .unwrap_or_default()
        });
        let throws = table.throws.as_ref();
        let message = Message::Welcome {
            commits,
            token,
            moves: table.net_moves.clone(),
            throws: throws.map(|t| t.made().to_vec()).unwrap_or_default(),
        };
        if let Some(l) = self.link(link) {
            l.send(&message);
            // The contributions to a throw due that it may have missed.
            for m in throws.map(|t| t.due_reveals()).unwrap_or_default() {
                l.send(&m);
            }
            if !self.net.welcomed.contains(&link) {
                self.net.welcomed.push(link);
            }
        }
    }

    /// Sends `message` to every welcomed link but `except`.
    pub(super) fn broadcast(&self, message: &Message, except: Option<u64>) {
        for link in self
            .net
            .links
            .iter()
            .filter(|l| self.net.welcomed.contains(&l.id()) && Some(l.id()) != except)
        {
            link.send(message);
        }
    }

    pub(super) fn link(&self, id: u64) -> Option<&Link> {
        self.net.links.iter().find(|l| l.id() == id)
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
        self.refuse_the_silent();
        match table.events.recv_timeout(limit) {
            Ok(event) => self.on_event(table, event),
            Err(_) => Ok(()),
        }
    }

    /// Ends the game by forfeit when a player has been gone (left, or was refused for a
    /// fault) longer than the reconnect window; returns whether it did. A game of more
    /// than two seats cannot go on without the player and stops.
    fn check_gone(&mut self, table: &mut Table) -> Result<bool, TableError> {
        let gone = self.holders.iter().position(|h| {
            matches!(h, Holder::Remote { gone: Some(since), .. } if since.elapsed() > self.reconnect)
        });
        let Some(seat) = gone else { return Ok(false) };
        let seat = seat as u8;
        table.end(Ending::Forfeit { seat });
        table.save()?;
        self.broadcast(&Message::Forfeit { seat }, None);
        let name = table.seat_name(seat);
        (self.report)(&tavola_core::tr!(
            "net-not-back",
            name = name,
            wait = wait_words(self.reconnect)
        ));
        Ok(true)
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
        broadcast(&self.net.links, &Message::Bye, None);
        let deadline = Instant::now() + Duration::from_secs(2);
        while !self.net.links.is_empty() && Instant::now() < deadline {
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
            self.net.moves_sent += 1;
        }
        self.broadcast(message, None);
    }

    fn answer(&mut self) -> &mut super::side::Answer {
        &mut self.questions.answer
    }

    fn say(&mut self, text: &str) {
        (self.report)(text);
    }
}
