//! Joining a game: dial the invite's host, check that both sides run the same plugin,
//! commit to this side's throws, check the welcome, catch up with the moves and throws
//! played (`join_welcome.rs`), then play — checking every move the host sends. A dropped
//! connection is dialed again, for a while, with the seat's secret; the host's moves
//! since are checked one by one.

use std::{
    path::PathBuf,
    sync::mpsc,
    time::{Duration, Instant},
};

use super::{
    NetRecord,
    fair::{Chain, commitments_seed},
    game::StartFailed,
    host_setup::new_record,
    invite::Invite,
    join_welcome::{Offered, Welcomed, short, wait_offer},
    link::{Event, Link, NetSettings, Node},
    message::{GameId, Message, PROTOCOL_VERSION, Rejoin, Role},
    table::{Chance, LocalPlayer, NetOutcome, Table, TableError},
    throws::Throws,
};
use tavola_core::{
    plugins::{Plugin, PluginSet},
    record::Record,
    worker::Snapshot,
};

/// How to join a game.
pub struct JoinSetup<'a> {
    /// The plugins of this side.
    pub plugins: &'a PluginSet,
    /// The invite.
    pub invite: Invite,
    /// Its text (kept in the record).
    pub invite_text: String,
    /// Who plays this side's seat.
    pub player: LocalPlayer,
    /// Only watch.
    pub watch: bool,
    /// Where to listen, and whether relays may be used.
    pub settings: NetSettings,
    /// The record file, saved after every move.
    pub record: Option<PathBuf>,
    /// How long to keep dialing the host again after the connection drops.
    pub reconnect: Duration,
    /// The `tavola` executable, to start the worker.
    pub exe: PathBuf,
    /// The record of this side's game to come back to (after this side crashed).
    pub resume: Option<Record>,
}

/// The joining side: its one link to the host and what it needs to come back.
pub(super) struct Joining {
    // The link first: it is dropped before the node, whose runtime sends its last words.
    pub(super) link: Link,
    pub(super) node: Node,
    pub(super) invite: Invite,
    /// This side's chain of reveals ([`super::fair`]).
    pub(super) chain: Chain,
    pub(super) token: String,
    pub(super) seat: Option<u8>,
    pub(super) reconnect: Duration,
    /// The answer to this side's question, and the questions the host asked this turn
    /// (`side.rs`).
    pub(super) questions: super::side::Questions,
    pub(super) closed: u64,
    pub(super) report: Box<dyn FnMut(&str)>,
}

/// Joins the game of `setup.invite` (or comes back to the game of `setup.resume`) and
/// plays it to the end.
pub fn join(setup: JoinSetup<'_>, report: Box<dyn FnMut(&str)>) -> Result<NetOutcome, TableError> {
    let plugin = local_plugin(setup.plugins, &setup.invite.game)?;
    let resume = match &setup.resume {
        Some(record) => Some(Resume::of(record, plugin)?),
        None => None,
    };
    let (tx, events) = mpsc::channel();
    let node = Node::bind(&setup.settings, None, tx)?;
    let link = node.connect(setup.invite.endpoint.clone(), Duration::from_secs(15))?;
    let role = if setup.watch { Role::Watch } else { Role::Play };
    let rejoin = resume.as_ref().map(|r| Rejoin {
        token: r.token.clone(),
        moves: r.record.moves.len() as u32,
    });
    link.send(&hello(role, rejoin));
    let offered = wait_offer(&events, &link, plugin)?;
    let (game, snapshot) = check_offer(&setup, plugin, &link, &offered, resume.as_ref())?;
    let resumed_throws = resume.as_ref().map(|r| (r.heads.clone(), r.throws.clone()));
    let (record, chain, token) = match resume {
        Some(r) => (r.record, r.chain, r.token),
        None => {
            let seats = snapshot.seat_count;
            let record = new_record(plugin, &offered.options, seats, offered.seat, &setup.player);
            (record, Chain::generate(), String::new())
        }
    };
    link.send(&Message::Join {
        commit: chain.head(),
    });
    let local = offered.seat.into_iter().collect();
    let mut table = Table::new(
        game,
        snapshot,
        record.clone(),
        setup.record.clone(),
        local,
        setup.player.clone(),
        events,
    );
    table.set_clock(offered.clock);
    // A record to come back to is played again here first, each move checked.
    table.record.write(|r| r.moves.clear());
    for m in &record.moves {
        table.replay(m)?;
    }
    let mut joining = Joining {
        node,
        link,
        invite: setup.invite.clone(),
        chain,
        token,
        seat: offered.seat,
        reconnect: setup.reconnect,
        questions: Default::default(),
        closed: 0,
        report,
    };
    let welcome = joining.wait_welcome(&mut table, &offered.commit)?;
    if joining.token.is_empty() {
        joining.token = welcome.token.clone();
    }
    let since = joining.set_up(&mut table, &setup, &offered, &welcome, resumed_throws)?;
    joining.catch_up(&mut table, &welcome.moves, since)?;
    let result = joining.run(&mut table);
    joining.link.send(&Message::Bye);
    joining.linger(&mut table);
    result?;
    let (bytes_sent, moves_sent) = joining.finish(&mut table)?;
    joining.node.close();
    Ok(NetOutcome {
        snapshot: table.snapshot,
        record: table.record.get(),
        bytes_sent,
        moves_sent,
        seat_names: plugin.manifest().seat_names.clone(),
    })
}

/// Checks the host's offer against the record of a game this side comes back to, and
/// sets the game up with the options offered; the host is told why when either fails.
fn check_offer(
    setup: &JoinSetup<'_>,
    plugin: &Plugin,
    link: &Link,
    offered: &Offered,
    resume: Option<&Resume>,
) -> Result<(Box<dyn super::game::NetGame>, Snapshot), TableError> {
    if let Some(r) = resume
        && (offered.seat != r.seat || offered.commit != r.commit)
    {
        let reason = "the host offers another seat or commitment than this side's record holds";
        link.send(&Message::Refused {
            reason: reason.into(),
        });
        return Err(TableError::Mismatch(reason.into()));
    }
    match super::game::start_game(&setup.player, &setup.exe, plugin, &offered.options) {
        Ok(started) => Ok(started),
        Err(StartFailed::Worker(e)) => Err(TableError::Worker(e)),
        Err(StartFailed::Options(e)) => {
            let reason = format!("the offered options do not set up a game here: {e}");
            link.send(&Message::Refused {
                reason: reason.clone(),
            });
            Err(TableError::Mismatch(reason))
        }
    }
}

impl Joining {
    /// Sets the table's throws and network record up from the host's welcome (checked
    /// against the record of a game this side comes back to) and saves it; the time the
    /// clock of the seat to move runs from, after a crash.
    fn set_up(
        &mut self,
        table: &mut Table,
        setup: &JoinSetup<'_>,
        offered: &Offered,
        welcome: &Welcomed,
        resumed_throws: Option<(Vec<String>, Vec<super::fair::Throw>)>,
    ) -> Result<Option<Instant>, TableError> {
        let own = offered.seat.map(|s| (s, self.chain.clone()));
        let (heads, made) = resumed_throws.unwrap_or_else(|| (welcome.commits.clone(), Vec::new()));
        if heads != welcome.commits {
            return Err(
                self.refuse("the host gives other commitments than this side's record holds")
            );
        }
        let mut throws =
            Throws::new(own, heads.clone(), &made).map_err(|e| self.refuse(&e.to_string()))?;
        throws
            .learn(&welcome.throws)
            .map_err(|e| self.refuse(&e.to_string()))?;
        throws.send_again();
        for m in throws.made_beyond(welcome.throws.len()) {
            self.link.send(&m);
        }
        table.throws = Some(throws);
        let playing = offered.seat.is_some();
        table.set_net(
            NetRecord {
                role: if playing { "guest" } else { "spectator" }.into(),
                seat: offered.seat,
                invite: setup.invite_text.clone(),
                commit: offered.commit.clone(),
                host_nonce: String::new(),
                guest_nonces: Vec::new(),
                own_nonce: None,
                commits: heads.clone(),
                throws: made,
                chain: playing.then(|| self.chain.secret()),
                token: playing.then(|| self.token.clone()),
                host_secrets: None,
            },
            commitments_seed(&heads),
        );
        // Back from a crash, the time since the record's last save passed on the clock
        // of the seat to move; at a first join this side saw no time pass yet.
        let since = if setup.resume.is_some() {
            super::host_setup::back_from_crash(table, setup.record.as_deref());
            Some(table.turn_earliest)
        } else {
            None
        };
        table.save()?;
        Ok(since)
    }

    /// The last save, without the seat's secrets (of no use once the game is over); the
    /// bytes and the moves sent.
    fn finish(&mut self, table: &mut Table) -> Result<(u64, u64), TableError> {
        table.record.write(|r| {
            if let Some(net) = &mut r.net {
                net.token = None;
                net.chain = None;
            }
        });
        table.finish()?;
        let bytes_sent = self.link.bytes_sent() + self.closed;
        let moves_sent = table
            .net_moves
            .iter()
            .filter(|m| Some(m.seat) == self.seat)
            .count() as u64;
        Ok((bytes_sent, moves_sent))
    }
}

/// What a guest's record holds to come back to its game.
struct Resume {
    record: Record,
    pub(super) seat: Option<u8>,
    commit: String,
    chain: Chain,
    token: String,
    heads: Vec<String>,
    throws: Vec<super::fair::Throw>,
}

impl Resume {
    fn of(record: &Record, plugin: &Plugin) -> Result<Self, TableError> {
        let bad =
            |what: &str| TableError::Mismatch(format!("this record cannot be resumed: {what}"));
        if record.game != plugin.id() {
            return Err(bad("it is of another game than the invite's"));
        }
        if record.result.is_some() || record.ending.is_some() {
            return Err(bad("its game is over"));
        }
        let net = record
            .net
            .as_ref()
            .ok_or_else(|| bad("it is not of a network game"))?;
        let (Some(chain), Some(token)) = (&net.chain, &net.token) else {
            return Err(bad(
                "it is not a playing guest's record (or one of network play version 1)",
            ));
        };
        Ok(Resume {
            record: record.clone(),
            seat: net.seat,
            commit: net.commit.clone(),
            chain: Chain::from_hex(chain).map_err(|e| bad(&e.to_string()))?,
            token: token.clone(),
            heads: net.commits.clone(),
            throws: net.throws.clone(),
        })
    }
}

pub(super) fn hello(role: Role, rejoin: Option<Rejoin>) -> Message {
    Message::Hello {
        protocol: PROTOCOL_VERSION,
        app: env!("CARGO_PKG_VERSION").into(),
        role,
        rejoin,
    }
}

/// This side's plugin for the game offered, refused with both versions named when it
/// is another version or build.
fn local_plugin<'a>(plugins: &'a PluginSet, game: &GameId) -> Result<&'a Plugin, TableError> {
    let plugin = plugins.game(&game.id).ok_or_else(|| {
        TableError::Mismatch(format!(
            "your friend offers {} ({}) {}, and you do not have it: install its plugin",
            game.name, game.id, game.version
        ))
    })?;
    let ours = &plugin.manifest().version;
    if *ours != game.version {
        return Err(TableError::Mismatch(format!(
            "your friend has {} {}, you have {ours}: both must play the same version",
            game.name, game.version
        )));
    }
    if plugin.meta().hash != game.hash {
        return Err(TableError::Mismatch(format!(
            "your friend's {} {} is another build than yours (content hash {} against {}): both must play the same plugin file",
            game.name,
            game.version,
            short(&game.hash),
            short(&plugin.meta().hash)
        )));
    }
    Ok(plugin)
}

impl Joining {
    /// Tells the host why, and makes the error.
    pub(super) fn refuse(&self, reason: &str) -> TableError {
        self.link.send(&Message::Refused {
            reason: reason.to_owned(),
        });
        TableError::Refused(reason.to_owned())
    }

    /// The seat of the host in a two-seat game this side plays: the seat that loses
    /// when the host breaks the protocol or leaves for good.
    pub(super) fn host_seat(&self, table: &Table) -> Option<u8> {
        let own = self.seat?;
        (table.snapshot.seat_count == 2).then_some(1 - own.min(1))
    }

    /// The host sent what this side refuses (`reason`): the host is told, and in a
    /// two-seat game this side plays, the host's seat loses by forfeit (the game ends
    /// with that result, saved); else the game stops with the refusal.
    pub(super) fn fault(&mut self, table: &mut Table, reason: &str) -> Result<(), TableError> {
        self.link.send(&Message::Refused {
            reason: reason.to_owned(),
        });
        match self.host_seat(table) {
            Some(seat) if table.record.read(|r| r.net.is_some()) && !table.is_over() => {
                table.end(tavola_core::ending::Ending::Forfeit { seat });
                table.save()?;
                (self.report)(&tavola_core::tr!(
                    "net-refused-host-forfeits",
                    reason = reason.to_owned(),
                    seat = table.seat_name(seat)
                ));
                Ok(())
            }
            _ => Err(TableError::Refused(reason.to_owned())),
        }
    }

    /// The host left for good (did not answer within the reconnect window): in a
    /// two-seat game this side plays, the host's seat loses by forfeit.
    pub(super) fn host_gone(&mut self, table: &mut Table) -> Result<(), TableError> {
        match self.host_seat(table) {
            Some(seat) if !table.is_over() => {
                table.end(tavola_core::ending::Ending::Forfeit { seat });
                table.save()?;
                (self.report)(&tavola_core::tr!(
                    "net-host-not-back",
                    wait = super::table::wait_words(self.reconnect),
                    seat = table.seat_name(seat)
                ));
                Ok(())
            }
            _ => Err(TableError::Abandoned(self.reconnect.as_secs())),
        }
    }

    fn run(&mut self, table: &mut Table) -> Result<(), TableError> {
        while !table.is_over() {
            match table.play_chance() {
                Ok(Chance::NotDue) => {}
                Ok(Chance::Played) => {
                    self.flush(table);
                    continue;
                }
                Ok(Chance::Waiting) => {
                    self.flush(table);
                    if table
                        .throws
                        .as_ref()
                        .and_then(|t| t.late(self.reconnect))
                        .is_some()
                    {
                        // The host (or a player it passes on) did not contribute in time.
                        self.fault(
                            table,
                            &format!(
                                "no contribution to the throw due came within {} s",
                                self.reconnect.as_secs()
                            ),
                        )?;
                    } else {
                        self.next_event(table, Duration::from_millis(50))?;
                    }
                    continue;
                }
                Err(TableError::Refused(reason)) => {
                    self.fault(table, &reason)?;
                    continue;
                }
                Err(e) => return Err(e),
            }
            let Some(seat) = table.seat_to_move() else {
                continue;
            };
            if Some(seat) == self.seat {
                super::side::Side::own_turn(self, table, seat)?;
            } else if self.seat.is_some()
                && table.flag_due(seat, super::referee::allowance(self.link.rtt()))
            {
                // The mover's side said nothing past its time (and the slack).
                table.flag(seat)?;
                self.link.send(&Message::Flag { seat });
                (self.report)(&tavola_core::tr!(
                    "net-time-ran-out",
                    seat = table.seat_name(seat)
                ));
            } else {
                self.next_event(table, Duration::from_millis(100))?;
            }
        }
        Ok(())
    }

    /// Sends the table's messages (its contributions to throws) to the host.
    pub(super) fn flush(&mut self, table: &mut Table) {
        for m in std::mem::take(&mut table.outbox) {
            self.link.send(&m);
        }
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

    /// Waits a little for the host's last messages (its goodbye) before closing.
    fn linger(&mut self, table: &mut Table) {
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            match table.events.recv_timeout(Duration::from_millis(50)) {
                Ok(Event::Closed { link, .. } | Event::Fault { link, .. })
                    if link == self.link.id() =>
                {
                    return;
                }
                Ok(Event::Message {
                    link,
                    message: Message::Bye,
                }) if link == self.link.id() => return,
                _ => {}
            }
        }
    }
}

impl super::side::Side for Joining {
    fn handle(&mut self, table: &mut Table, event: Event) -> Result<(), TableError> {
        self.on_event(table, event)
    }

    fn wait(&mut self, table: &mut Table, limit: Duration) -> Result<(), TableError> {
        self.next_event(table, limit)
    }

    fn tell(&mut self, message: &Message) {
        self.link.send(message);
    }

    fn answer(&mut self) -> &mut super::side::Answer {
        &mut self.questions.answer
    }

    fn say(&mut self, text: &str) {
        (self.report)(text);
    }
}
