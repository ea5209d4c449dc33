//! The joining side's handshake and catch-up: the host's offer checked against this
//! side's plugin, the welcome's commitments, and the moves and throws of a welcome
//! played, each checked as a live one (`referee.rs`).

use std::{
    sync::mpsc,
    time::{Duration, Instant},
};

use game_api::Options;

use super::{
    join::Joining,
    link::{Event, Link, NetError},
    message::{Message, NetMove, PROTOCOL_VERSION},
    table::{Chance, Claim, Table, TableError},
};
use tavola_core::plugins::Plugin;

/// What the host's welcome gives.
pub(super) struct Welcomed {
    /// Every seat's commitment.
    pub(super) commits: Vec<String>,
    /// This seat's secret.
    pub(super) token: String,
    /// The moves so far.
    pub(super) moves: Vec<NetMove>,
    /// The throws so far.
    pub(super) throws: Vec<super::fair::Throw>,
}

/// What the host said before the game: its offer.
pub(super) struct Offered {
    pub(super) options: Options,
    pub(super) seat: Option<u8>,
    pub(super) commit: String,
    pub(super) clock: Option<super::TimeControl>,
}

/// The first digits of a content hash, for people.
pub(super) fn short(hash: &str) -> String {
    hash.chars().take(12).collect()
}

/// Waits for the host's offer and checks it.
pub(super) fn wait_offer(
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
    /// Waits for the host's welcome and checks it: a commitment for every seat, this
    /// side's own at its seat and the host's offered one at another.
    pub(super) fn wait_welcome(
        &mut self,
        table: &mut Table,
        commit: &str,
    ) -> Result<Welcomed, TableError> {
        // The host welcomes a player once every seat is taken: wait as long as it may.
        let message = wait_message(&table.events, self.link.id(), Duration::from_secs(600))?;
        let Message::Welcome {
            commits,
            token,
            moves,
            throws,
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
        if commits.len() != usize::from(table.snapshot.seat_count) {
            return Err(self.refuse(&format!(
                "the host gives {} commitments for {} seats",
                commits.len(),
                table.snapshot.seat_count
            )));
        }
        if let Some(seat) = self.seat
            && commits[usize::from(seat)] != self.chain.head()
        {
            return Err(self.refuse(&format!(
                "the host gives seat {seat}, this side's, another commitment than this side made"
            )));
        }
        let hosts = commits
            .iter()
            .enumerate()
            .any(|(s, c)| Some(s as u8) != self.seat && c == commit);
        if !hosts {
            return Err(
                self.refuse("the host's commitment in its welcome is not the one of its offer")
            );
        }
        Ok(Welcomed {
            commits,
            token,
            moves,
            throws,
        })
    }

    /// Plays the moves of a welcome that this side has not played yet, each checked as a
    /// live move (`referee::catch_up`: those it has are compared with its record; none
    /// is for its own seat; together they claim no more time than this side saw pass
    /// since `since`, none at a first join; where the host's record is shorter by this
    /// side's own last move — the host never received it — the host's is the truth).
    pub(super) fn catch_up(
        &mut self,
        table: &mut Table,
        moves: &[NetMove],
        since: Option<Instant>,
    ) -> Result<(), TableError> {
        let allowance = super::referee::allowance(self.link.rtt());
        let plan = match super::referee::catch_up(
            table,
            self.seat,
            moves,
            since.map(|s| (s, allowance)),
        ) {
            Ok(plan) => plan,
            Err(reason) => return self.fault(table, &reason.to_string()),
        };
        for m in &plan.new {
            while table.next_number() < m.number {
                match table.play_chance() {
                    Ok(Chance::Played) => {}
                    Ok(Chance::NotDue | Chance::Waiting) => break,
                    Err(TableError::Refused(reason)) => return self.fault(table, &reason),
                    Err(e) => return Err(e),
                }
            }
            match table.apply_remote(m, Claim::CaughtUp) {
                Ok(()) => {}
                Err(TableError::Refused(reason)) => return self.fault(table, &reason),
                Err(e) => return Err(e),
            }
            if table.is_over() {
                return Ok(());
            }
        }
        if let Some(number) = plan.drop_from {
            (self.report)(&tavola_core::tr!("net-host-missed-move", number = number));
            table
                .record
                .write(|r| r.moves.truncate(number as usize - 1));
            let keep = table
                .net_moves
                .iter()
                .take_while(|n| n.number < number)
                .count();
            table.net_moves.truncate(keep);
            table.snapshot = table.game.goto(&table.record.ids())?;
            table.save()?;
        }
        // The clock of the seat to move: this side's own, when it had every move, ran on
        // through the absence (the host's did too); else the turn began while this side
        // could not see it, and is measured from now — at the latest — and from before
        // the absence at the earliest.
        let own_turn_seen = plan.new.is_empty()
            && plan.drop_from.is_none()
            && self.seat.is_some()
            && table.seat_to_move() == self.seat;
        if !own_turn_seen {
            table.turn_started = Instant::now();
        }
        // The view (a person at the app) is shown where the game stands now, even when
        // nothing was caught up: coming back from the record replays it unseen.
        table.changed();
        Ok(())
    }
}
