//! Joining a game: dial the invite's host, check that both sides run the same plugin,
//! give a seed half, check the host's reveal, catch up with the moves played, then play
//! — checking every move the host sends. A dropped connection is dialed again, for a
//! while, with the seat's secret; the host's moves since are checked one by one.

use std::{
    path::PathBuf,
    sync::mpsc,
    time::{Duration, Instant},
};

use game_api::Options;

use super::{
    NetRecord,
    fair::{Nonce, seed},
    invite::Invite,
    link::{Event, Link, NetError, NetSettings, Node},
    message::{GameId, Message, NetMove, PROTOCOL_VERSION, Rejoin, Role},
    table::{LocalPlayer, NetOutcome, Table, TableError, worker_error},
};
use crate::{
    plugins::{Plugin, PluginSet},
    record::Record,
    worker::RemoteGame,
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

/// What the host said before the game: its offer.
struct Offered {
    options: Options,
    pub(super) seat: Option<u8>,
    commit: String,
    clock: Option<super::TimeControl>,
}

/// The joining side: its one link to the host and what it needs to come back.
pub(super) struct Joining {
    // The link first: it is dropped before the node, whose runtime sends its last words.
    pub(super) link: Link,
    pub(super) node: Node,
    pub(super) invite: Invite,
    pub(super) nonce: Nonce,
    pub(super) token: String,
    pub(super) seat: Option<u8>,
    pub(super) reconnect: Duration,
    pub(super) answer: Option<bool>,
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
    if let Some(r) = &resume
        && (offered.seat != r.seat || offered.commit != r.commit)
    {
        let reason = "the host offers another seat or seed than this side's record holds";
        link.send(&Message::Refused {
            reason: reason.into(),
        });
        return Err(TableError::Mismatch(reason.into()));
    }
    let mut worker = RemoteGame::spawn(&setup.exe, plugin, None).map_err(worker_error)?;
    let snapshot = match worker.start(&offered.options, None, &[]) {
        Ok(s) => s,
        Err(e) => {
            let reason = format!("the offered options do not set up a game here: {e}");
            link.send(&Message::Refused {
                reason: reason.clone(),
            });
            return Err(TableError::Mismatch(reason));
        }
    };
    let (record, nonce, token) = match resume {
        Some(r) => (r.record, r.nonce, r.token),
        None => {
            let mut record = Record::new(plugin, &offered.options, None, None);
            record.seats = (0..snapshot.seat_count)
                .map(|s| {
                    if Some(s) == offered.seat {
                        match &setup.player {
                            LocalPlayer::Bot(name) => name.clone(),
                            LocalPlayer::Stdin | LocalPlayer::App(_) => "human".into(),
                        }
                    } else {
                        "remote".into()
                    }
                })
                .collect();
            (record, Nonce::generate(), String::new())
        }
    };
    link.send(&Message::Join {
        nonce: nonce.to_hex(),
    });
    let local = offered.seat.into_iter().collect();
    let mut table = Table::new(
        worker,
        snapshot,
        record.clone(),
        setup.record.clone(),
        local,
        setup.player.clone(),
        events,
    );
    table.set_clock(offered.clock);
    // A record to come back to is played again here first, each move checked.
    table.record.moves.clear();
    for m in &record.moves {
        table.replay(m)?;
    }
    let mut joining = Joining {
        node,
        link,
        invite: setup.invite.clone(),
        nonce,
        token,
        seat: offered.seat,
        reconnect: setup.reconnect,
        answer: None,
        closed: 0,
        report,
    };
    let (token, moves, host_nonce, guests) = joining.wait_welcome(&mut table, &offered.commit)?;
    if joining.token.is_empty() {
        joining.token = token;
    }
    let guest_nonces: Vec<Nonce> = guests
        .iter()
        .map(|g| Nonce::from_hex(g))
        .collect::<Result<_, _>>()
        .map_err(|e| TableError::Refused(e.to_string()))?;
    let playing = offered.seat.is_some();
    table.set_net(
        NetRecord {
            role: if playing { "guest" } else { "spectator" }.into(),
            seat: offered.seat,
            invite: setup.invite_text.clone(),
            commit: offered.commit.clone(),
            host_nonce: host_nonce.to_hex(),
            guest_nonces: guests,
            own_nonce: playing.then(|| joining.nonce.to_hex()),
            token: playing.then(|| joining.token.clone()),
            host_secrets: None,
        },
        seed(&host_nonce, &guest_nonces),
    );
    table.save()?;
    joining.catch_up(&mut table, &moves)?;
    let result = joining.run(&mut table);
    joining.link.send(&Message::Bye);
    joining.linger(&mut table);
    result?;
    // The seat's secret is of no use once the game is over: the last save leaves it out.
    if let Some(net) = &mut table.record.net {
        net.token = None;
    }
    table.finish()?;
    let bytes_sent = joining.link.bytes_sent() + joining.closed;
    let moves_sent = table
        .net_moves
        .iter()
        .filter(|m| Some(m.seat) == joining.seat)
        .count() as u64;
    joining.node.close();
    Ok(NetOutcome {
        snapshot: table.snapshot,
        record: table.record,
        bytes_sent,
        moves_sent,
        seat_names: plugin.manifest().seat_names.clone(),
    })
}

/// What a guest's record holds to come back to its game.
struct Resume {
    record: Record,
    pub(super) seat: Option<u8>,
    commit: String,
    nonce: Nonce,
    token: String,
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
        let (Some(own), Some(token)) = (&net.own_nonce, &net.token) else {
            return Err(bad("it is not a playing guest's record"));
        };
        Ok(Resume {
            record: record.clone(),
            seat: net.seat,
            commit: net.commit.clone(),
            nonce: Nonce::from_hex(own).map_err(|e| bad(&e.to_string()))?,
            token: token.clone(),
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

fn short(hash: &str) -> String {
    hash.chars().take(12).collect()
}

/// Waits for the host's offer and checks it.
fn wait_offer(
    events: &mpsc::Receiver<Event>,
    link: &Link,
    plugin: &Plugin,
) -> Result<Offered, TableError> {
    match wait_message(events, link.id(), Duration::from_secs(15))? {
        Message::Offer {
            protocol,
            game,
            options,
            seat,
            commit,
            clock,
            ..
        } => {
            if protocol != PROTOCOL_VERSION {
                return Err(TableError::Mismatch(format!(
                    "the host speaks network play version {protocol}, this Tavola version {PROTOCOL_VERSION}"
                )));
            }
            let refuse = |reason: String| {
                link.send(&Message::Refused {
                    reason: reason.clone(),
                });
                TableError::Mismatch(reason)
            };
            if game.id != plugin.id()
                || game.version != plugin.manifest().version
                || game.hash != plugin.meta().hash
            {
                return Err(refuse(format!(
                    "the host offers {} {} (content hash {}), this side has {} {} (content hash {})",
                    game.id,
                    game.version,
                    short(&game.hash),
                    plugin.id(),
                    plugin.manifest().version,
                    short(&plugin.meta().hash)
                )));
            }
            let options = Options::resolve(&plugin.manifest().options, &options)
                .map_err(|e| refuse(format!("the offered options are not valid here: {e}")))?;
            Ok(Offered {
                options,
                seat,
                commit,
                clock,
            })
        }
        Message::Refused { reason } => Err(TableError::RefusedByPeer(reason)),
        other => Err(TableError::Refused(format!(
            "the host answered with a {} message instead of an offer",
            other.kind()
        ))),
    }
}

/// The next message on link `id` (others' events are dropped: they belong to links
/// already given up).
pub(super) fn wait_message(
    events: &mpsc::Receiver<Event>,
    id: u64,
    limit: Duration,
) -> Result<Message, TableError> {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match events.recv_timeout(left) {
            Ok(Event::Message { link, message }) if link == id => return Ok(message),
            Ok(Event::Fault { link, reason }) if link == id => {
                return Err(TableError::Refused(reason));
            }
            Ok(Event::Closed { link, reason }) if link == id => {
                return Err(NetError::Closed(reason).into());
            }
            Ok(_) => {}
            Err(_) => {
                return Err(NetError::Timeout(format!(
                    "the host said nothing for {} s",
                    limit.as_secs()
                ))
                .into());
            }
        }
    }
}

impl Joining {
    /// Waits for the host's welcome and checks its reveal: the seat's secret, the moves
    /// so far, the host's seed half and every player's half.
    pub(super) fn wait_welcome(
        &mut self,
        table: &mut Table,
        commit: &str,
    ) -> Result<(String, Vec<NetMove>, Nonce, Vec<String>), TableError> {
        // The host welcomes a player once every seat is taken: wait as long as it may.
        let message = wait_message(&table.events, self.link.id(), Duration::from_secs(600))?;
        let Message::Welcome {
            nonce,
            guests,
            token,
            moves,
        } = message
        else {
            if let Message::Refused { reason } = message {
                return Err(TableError::RefusedByPeer(reason));
            }
            return Err(self.refuse(&format!(
                "the host answered with a {} message instead of a welcome",
                message.kind()
            )));
        };
        let host_nonce = Nonce::from_hex(&nonce).map_err(|e| self.refuse(&e.to_string()))?;
        host_nonce
            .check(commit)
            .map_err(|e| self.refuse(&e.to_string()))?;
        if self.seat.is_some() && !guests.contains(&self.nonce.to_hex()) {
            return Err(self.refuse(&super::fair::FairError::MissingHalf.to_string()));
        }
        Ok((token, moves, host_nonce, guests))
    }

    /// Tells the host why, and makes the error.
    pub(super) fn refuse(&self, reason: &str) -> TableError {
        self.link.send(&Message::Refused {
            reason: reason.to_owned(),
        });
        TableError::Refused(reason.to_owned())
    }

    /// Plays the moves of a welcome that this side has not played yet, checking each
    /// (those it has are compared with its record; where the host's record is shorter
    /// — it lost a move this side sent — the host's is the truth).
    pub(super) fn catch_up(
        &mut self,
        table: &mut Table,
        moves: &[NetMove],
    ) -> Result<(), TableError> {
        for m in moves {
            if let Some(ours) = table.net_moves.iter().find(|n| n.number == m.number) {
                if ours.notation == m.notation && ours.position == m.position {
                    continue;
                }
                return Err(self.refuse(&format!(
                    "the host's move {} is {}, this side's record has {}",
                    m.number, m.notation, ours.notation
                )));
            }
            while table.next_number() < m.number && table.play_chance()? {}
            table
                .apply_remote(m, false)
                .map_err(|e| self.refuse(&e.to_string()))?;
        }
        let theirs = moves.last().map_or(0, |m| m.number);
        if let Some(extra) = table.net_moves.iter().position(|n| n.number > theirs) {
            let number = table.net_moves[extra].number;
            (self.report)(&format!(
                "the host never received move {number}: playing on from its record"
            ));
            table.record.moves.truncate(number as usize - 1);
            table.net_moves.truncate(extra);
            let ids: Vec<u32> = table.record.moves.iter().map(|r| r.id).collect();
            table.snapshot = table.worker.goto(&ids).map_err(worker_error)?;
            table.save()?;
        }
        // The clock of the seat to move runs from now on this side.
        table.turn_started = Instant::now();
        // The view (a person at the app) is shown where the game stands now, even when
        // nothing was caught up: coming back from the record replays it unseen.
        table.changed();
        Ok(())
    }

    fn run(&mut self, table: &mut Table) -> Result<(), TableError> {
        while !table.is_over() {
            if table.play_chance()? {
                continue;
            }
            let Some(seat) = table.seat_to_move() else {
                continue;
            };
            if Some(seat) == self.seat {
                super::side::Side::own_turn(self, table, seat)?;
            } else if self.seat.is_some() && table.flag_due(seat, 2 * super::table::CLOCK_SLACK_MS)
            {
                // The mover's side said nothing past its time (and the slack).
                table.flag(seat)?;
                self.link.send(&Message::Flag { seat });
                (self.report)(&format!("seat {seat}'s time ran out"));
            } else {
                self.next_event(table, Duration::from_millis(100))?;
            }
        }
        Ok(())
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

    fn answer(&mut self) -> &mut Option<bool> {
        &mut self.answer
    }

    fn say(&mut self, text: &str) {
        (self.report)(text);
    }
}
