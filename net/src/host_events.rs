//! The host's side of the conversation: what it does with each event and message of
//! its links — greeting, seating, the checks on a guest's move before it is passed on,
//! resignations, offers, and links that fail or go.

use std::time::{Duration, Instant};

use super::{
    host::{Greeted, Holder, Hosting},
    link::{Event, Link},
    message::{Message, NetMove, PROTOCOL_VERSION, Rejoin, Role},
    side::Question,
    table::{Claim, Table, TableError, wait_words},
};
use tavola_core::ending::Ending;

/// How long a new connection may take to say hello and join.
pub(super) const JOIN_WAIT: Duration = Duration::from_secs(15);

impl Hosting {
    pub(super) fn on_event(&mut self, table: &mut Table, event: Event) -> Result<(), TableError> {
        match event {
            Event::Joined(link) => {
                self.net.arriving.push((link.id(), Instant::now()));
                self.net.links.push(link);
                Ok(())
            }
            Event::Message { link, message } => self.on_message(table, link, message),
            Event::Fault { link, reason } => {
                self.refuse(link, &reason);
                Ok(())
            }
            Event::Closed { link, .. } => {
                if self.seat_of(link).is_some() && !table.is_over() {
                    let text = tavola_core::tr!(
                        "net-left-waiting",
                        who = self.who(link),
                        wait = wait_words(self.reconnect)
                    );
                    (self.report)(&text);
                    table.away(true);
                }
                self.drop_link(link);
                Ok(())
            }
        }
    }

    /// Refuses the connections that have not completed their join (a `Hello`, then a
    /// `Join`) within [`JOIN_WAIT`]: a seat is held only by a completed join.
    pub(super) fn refuse_the_silent(&mut self) {
        let late: Vec<u64> = self
            .net
            .arriving
            .iter()
            .filter(|(_, since)| since.elapsed() > JOIN_WAIT)
            .map(|(l, _)| *l)
            .collect();
        for link in late {
            self.refuse(
                link,
                &format!(
                    "a connection that did not complete its join within {} s",
                    JOIN_WAIT.as_secs()
                ),
            );
        }
    }

    fn who(&self, link: u64) -> String {
        match self.seat_of(link) {
            Some(seat) => match self.names.get(usize::from(seat)) {
                Some(name) => name.clone(),
                None => tavola_core::tr!("net-player-of-seat", number = seat),
            },
            None => tavola_core::tr!(
                "net-visitor",
                peer = self.link(link).map_or("?", |l| l.peer()).to_owned()
            ),
        }
    }

    pub(super) fn drop_link(&mut self, id: u64) {
        if let Some(l) = self.link(id) {
            let sent = l.bytes_sent();
            l.close("refused");
            self.net.closed += sent;
        }
        self.net.links.retain(|l| l.id() != id);
        self.net.arriving.retain(|(l, _)| *l != id);
        self.net.welcomed.retain(|l| *l != id);
        self.net.greeted.retain(|(l, _)| *l != id);
        let started = self.started;
        for h in &mut self.holders {
            if let Holder::Remote {
                link, gone, commit, ..
            } = h
                && *link == Some(id)
            {
                *link = None;
                if started {
                    *gone = Some(Instant::now());
                } else {
                    // Before the start the seat is free again for anyone.
                    *commit = None;
                }
            }
        }
    }

    /// Refuses `link`'s message: tells it why, reports it, and closes the link. Nothing
    /// of the message was played or recorded.
    fn refuse(&mut self, link: u64, reason: &str) {
        let text = tavola_core::tr!("net-refused-from", who = self.who(link), reason = reason);
        (self.report)(&text);
        if let Some(l) = self.link(link) {
            l.send(&Message::Refused {
                reason: reason.to_owned(),
            });
        }
        self.drop_link(link);
    }

    fn on_message(
        &mut self,
        table: &mut Table,
        link: u64,
        message: Message,
    ) -> Result<(), TableError> {
        let seat = self.seat_of(link);
        let greeted = self
            .net
            .greeted
            .iter()
            .find(|(l, _)| *l == link)
            .map(|(_, g)| *g);
        match (message, seat, greeted) {
            (
                Message::Hello {
                    protocol,
                    role,
                    rejoin,
                    ..
                },
                None,
                None,
            ) => {
                self.on_hello(table, link, protocol, role, rejoin);
                Ok(())
            }
            (Message::Join { commit }, None, Some(g)) => {
                self.on_join(table, link, &commit, g);
                Ok(())
            }
            // Nothing a player says counts before the game starts, nor after it ended.
            (
                Message::Move(_)
                | Message::Resign { .. }
                | Message::OfferDraw { .. }
                | Message::AskTakeback { .. }
                | Message::Flag { .. }
                | Message::Reveal { .. },
                Some(_),
                _,
            ) if !self.started || table.is_over() => {
                if !table.is_over() {
                    self.refuse(link, "the game has not started");
                }
                Ok(())
            }
            (message, Some(s), _) => self.on_player_message(table, link, s, message),
            (Message::Refused { reason }, None, _) => {
                let text =
                    tavola_core::tr!("net-refused-offer", who = self.who(link), reason = reason);
                (self.report)(&text);
                self.drop_link(link);
                Ok(())
            }
            (Message::Bye, None, _) => {
                self.drop_link(link);
                Ok(())
            }
            (other, None, _) => {
                self.refuse(link, &format!("an unexpected {} message", other.kind()));
                Ok(())
            }
        }
    }

    /// A message from the player of seat `s`, over `link`, while the game is on.
    fn on_player_message(
        &mut self,
        table: &mut Table,
        link: u64,
        s: u8,
        message: Message,
    ) -> Result<(), TableError> {
        match message {
            Message::Move(m) if m.seat == s => self.on_guest_move(table, link, m),
            Message::Move(m) => {
                self.refuse(
                    link,
                    &format!("seat {s}'s player sent a move for seat {}", m.seat),
                );
                Ok(())
            }
            Message::Resign { seat: r } if r == s => {
                table.end(Ending::Resigned { seat: s });
                table.save()?;
                self.broadcast(&Message::Resign { seat: s }, Some(link));
                (self.report)(&tavola_core::tr!("net-resigned", seat = table.seat_name(s)));
                Ok(())
            }
            Message::OfferDraw { seat: r } if r == s => self.on_draw_offer(table, link, s),
            Message::AskTakeback { seat: r, moves } if r == s => {
                self.on_takeback_asked(table, link, s, moves)
            }
            Message::Reveal {
                seat: r,
                throw,
                number,
                secret,
            } => {
                self.on_reveal(table, link, s, (r, throw, number), &secret);
                Ok(())
            }
            Message::Flag { seat: f } => self.on_flag(table, link, s, f),
            Message::AnswerDraw { accept } => {
                self.questions.answer.take(Question::Draw, accept);
                Ok(())
            }
            Message::AnswerTakeback { accept } => {
                self.questions.answer.take(Question::Takeback, accept);
                Ok(())
            }
            Message::Refused { reason } => {
                // The player stops: its seat waits for it as for one who left, and is
                // lost by forfeit if it does not come back.
                (self.report)(&tavola_core::tr!(
                    "net-stopped-waiting",
                    seat = table.seat_name(s),
                    reason = reason,
                    wait = wait_words(self.reconnect)
                ));
                self.drop_link(link);
                table.away(true);
                Ok(())
            }
            Message::Bye => {
                self.drop_link(link);
                Ok(())
            }
            other => {
                self.refuse(link, &format!("an unexpected {} message", other.kind()));
                Ok(())
            }
        }
    }

    /// The player of seat `s` offers a draw: asked of the host's player (two seats only).
    fn on_draw_offer(&mut self, table: &mut Table, link: u64, s: u8) -> Result<(), TableError> {
        let accept = self.holders.len() == 2
            && self.questions.asked.allow(table, s, Question::Draw)
            && table.ask(&tavola_core::tr!(
                "net-offers-draw",
                seat = table.seat_name(s)
            ))?;
        if let Some(l) = self.link(link) {
            l.send(&Message::AnswerDraw { accept });
        }
        if accept {
            table.end(Ending::AgreedDraw);
            table.save()?;
        }
        Ok(())
    }

    /// The player of seat `s` asks to take back its last move, the record being `moves`
    /// long.
    fn on_takeback_asked(
        &mut self,
        table: &mut Table,
        link: u64,
        s: u8,
        moves: u32,
    ) -> Result<(), TableError> {
        let fits = moves as usize == table.record.move_count()
            && self.holders.len() == 2
            && table.can_take_back(s)
            && self.questions.asked.allow(table, s, Question::Takeback);
        let accept = fits
            && table.ask(&tavola_core::tr!(
                "net-asks-takeback",
                seat = table.seat_name(s)
            ))?;
        let accept = accept && table.take_back(s)?;
        if let Some(l) = self.link(link) {
            l.send(&Message::AnswerTakeback { accept });
        }
        Ok(())
    }

    /// The player of seat `s` says seat `f`'s time ran out.
    fn on_flag(&mut self, table: &mut Table, link: u64, s: u8, f: u8) -> Result<(), TableError> {
        // A player says its own time ran out, or that another's did: taken only
        // when this side's own clock shows it.
        if let Err(reason) = super::referee::flag(table, f, f == s) {
            self.refuse(link, &reason.to_string());
            return Ok(());
        }
        table.flag(f)?;
        self.broadcast(&Message::Flag { seat: f }, Some(link));
        (self.report)(&tavola_core::tr!(
            "net-time-ran-out",
            seat = table.seat_name(f)
        ));
        Ok(())
    }

    fn seat_with_token(&self, wanted: &str) -> Option<u8> {
        self.holders
            .iter()
            .position(|h| matches!(h, Holder::Remote { token, .. } if token == wanted))
            .map(|s| s as u8)
    }

    fn free_seat(&self) -> Option<u8> {
        if self.started {
            return None;
        }
        let offered: Vec<u8> = self
            .net
            .greeted
            .iter()
            .filter_map(|(_, g)| g.seat)
            .collect();
        self.holders
            .iter()
            .enumerate()
            .find(|(s, h)| {
                matches!(
                    h,
                    Holder::Remote {
                        link: None,
                        commit: None,
                        ..
                    }
                ) && !offered.contains(&(*s as u8))
            })
            .map(|(s, _)| s as u8)
    }

    /// A new link's hello: its protocol checked, and a seat (or watching) offered.
    fn on_hello(
        &mut self,
        table: &Table,
        link: u64,
        protocol: u32,
        role: Role,
        rejoin: Option<Rejoin>,
    ) {
        if protocol != PROTOCOL_VERSION {
            self.refuse(
                link,
                &format!(
                    "this host speaks network play version {PROTOCOL_VERSION}, you speak version {protocol}"
                ),
            );
            return;
        }
        let moves = rejoin.as_ref().map(|r| r.moves);
        let offered = match (role, rejoin) {
            (Role::Watch, _) => None,
            (Role::Play, Some(rejoin)) => match self.seat_with_token(&rejoin.token) {
                Some(s) => Some(s),
                None => {
                    self.refuse(link, "this seat secret belongs to no seat of this game");
                    return;
                }
            },
            (Role::Play, None) => match self.free_seat() {
                Some(s) => Some(s),
                None => {
                    // Asked to play: never made a spectator without being told.
                    self.refuse(
                        link,
                        "every seat is taken (or the game has started): join with --watch to \
                         watch it",
                    );
                    return;
                }
            },
        };
        self.net.greeted.push((
            link,
            Greeted {
                seat: offered,
                joined: false,
                moves,
            },
        ));
        let (players, options) = table.record.read(|r| (r.seats.clone(), r.options.clone()));
        let commit = self.chain.head();
        let message = Message::Offer {
            protocol: PROTOCOL_VERSION,
            game: self.game.clone(),
            options,
            seat: offered,
            seats: table.snapshot.seat_count,
            players,
            commit,
            clock: table.clock,
        };
        if let Some(l) = self.link(link) {
            l.send(&message);
        }
    }

    /// A greeted link accepts the offer with its seed half: it takes its seat (or
    /// watches); once the game has started it is welcomed at once.
    fn on_join(&mut self, table: &mut Table, link: u64, commit: &str, g: Greeted) {
        if g.seat.is_some() && !super::fair::well_formed(commit) {
            self.refuse(
                link,
                &super::fair::FairError::Malformed(commit.chars().take(80).collect()).to_string(),
            );
            return;
        }
        self.net.greeted.retain(|(l, _)| *l != link);
        self.net.arriving.retain(|(l, _)| *l != link);
        match g.seat {
            None => {
                let text = tavola_core::tr!(
                    "net-spectator-watches",
                    peer = self.link(link).map_or("?", |l| l.peer()).to_owned()
                );
                (self.report)(&text);
                if self.started {
                    self.welcome(table, link, None);
                } else {
                    self.net.greeted.push((
                        link,
                        Greeted {
                            seat: None,
                            joined: true,
                            moves: None,
                        },
                    ));
                }
            }
            Some(s) => {
                // Only a player with the seat's secret is offered a held seat: its
                // old connection is a dead one not yet timed out.
                if let Holder::Remote {
                    link: Some(old), ..
                } = self.holders[usize::from(s)]
                    && old != link
                {
                    self.drop_link(old);
                }
                if let Holder::Remote {
                    link: held,
                    commit: given,
                    gone,
                    ..
                } = &mut self.holders[usize::from(s)]
                {
                    *held = Some(link);
                    *gone = None;
                    if given.is_none() {
                        // A player's commitment is made once: coming back keeps it.
                        *given = Some(commit.to_owned());
                    }
                }
                if self.started {
                    (self.report)(&tavola_core::tr!("net-is-back", seat = table.seat_name(s)));
                    self.clock_on_return(table, s, g.moves);
                    table.away(false);
                    self.welcome(table, link, Some(s));
                }
            }
        }
    }

    /// The player of seat `s` contributes to a throw: only for its own seat, the throw
    /// due, the next link of its chain — then passed on to the other links; anything
    /// else is a fault, refused.
    fn on_reveal(
        &mut self,
        table: &mut Table,
        link: u64,
        s: u8,
        (seat, throw, number): (u8, u32, u32),
        secret: &str,
    ) {
        if seat != s {
            self.refuse(
                link,
                &format!("seat {s}'s player sent a contribution for seat {seat}"),
            );
            return;
        }
        let at = table.chance_at();
        let Some(throws) = table.throws.as_mut() else {
            return;
        };
        match throws.contribution((seat, throw, number), secret, at) {
            Ok(true) => self.broadcast(
                &Message::Reveal {
                    seat,
                    throw,
                    number,
                    secret: secret.to_owned(),
                },
                Some(link),
            ),
            Ok(false) => {}
            Err(reason) => self.refuse(link, &reason.to_string()),
        }
    }

    /// The clock of the seat to move when the player of seat `s` comes back with a
    /// record of `moves` moves. The clock of a player who was away ran on: when it is
    /// this player's turn and it had every move, nothing changes (its own side did not
    /// stop its clock either). When it missed the move that began its turn, its clock
    /// runs from its return (at most once a turn: its side could not know it was to
    /// move). When it is the host's turn, the host waited for the player: its clock runs
    /// again from now — unless the host is back from its own crash, whose time it bears.
    fn clock_on_return(&mut self, table: &mut Table, s: u8, moves: Option<u32>) {
        let len = table.record.move_count();
        if table.seat_to_move() == Some(s) {
            let had_all = moves.is_some_and(|m| m as usize == len);
            if !had_all && table.restarted_at != Some(len) {
                table.restarted_at = Some(len);
                table.turn_started = Instant::now();
            }
        } else if self.back_at != Some(len) {
            table.restart_turn();
        }
    }

    /// A guest's move for its own seat: checked and played, then passed on to the other
    /// links; refused (unplayed, unrecorded) when anything is wrong with it.
    fn on_guest_move(
        &mut self,
        table: &mut Table,
        link: u64,
        m: NetMove,
    ) -> Result<(), TableError> {
        let rtt = self.link(link).map_or(Duration::ZERO, Link::rtt);
        match table.apply_remote(&m, Claim::Live { rtt }) {
            Ok(()) => {
                if self.net.links.len() > 1 {
                    self.broadcast(&Message::Move(m), Some(link));
                    self.net.moves_sent += 1;
                }
                Ok(())
            }
            Err(TableError::Refused(reason)) => {
                self.refuse(link, &reason);
                Ok(())
            }
            // Both sides run the same plugin file: a position that differs is the
            // sender's word against this side's own worker, a fault like any other.
            Err(e @ TableError::Disagree { .. }) => {
                self.refuse(link, &e.to_string());
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}
