//! The joining side's conversation with its host: each event and message of the link,
//! and dialing the host again after the connection dropped.

use std::time::{Duration, Instant};

use super::{
    join::{Joining, hello},
    join_welcome::wait_message,
    link::Event,
    message::{Message, Rejoin, Role},
    side::Question,
    table::{Claim, Table, TableError},
};
use tavola_core::ending::Ending;

impl Joining {
    pub(super) fn on_event(&mut self, table: &mut Table, event: Event) -> Result<(), TableError> {
        match event {
            Event::Message { link, message } if link == self.link.id() => {
                self.on_message(table, message)
            }
            Event::Fault { link, reason } if link == self.link.id() => self.fault(table, &reason),
            Event::Closed { link, reason } if link == self.link.id() => {
                if table.is_over() {
                    return Ok(());
                }
                (self.report)(&tavola_core::tr!(
                    "net-host-dropped",
                    reason = reason.to_string(),
                    wait = super::table::wait_words(self.reconnect)
                ));
                self.reconnect(table)
            }
            Event::Joined(l) => {
                l.close("this side does not host");
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn on_message(&mut self, table: &mut Table, message: Message) -> Result<(), TableError> {
        if table.is_over() {
            // Only goodbyes and late words after the end: nothing changes the record.
            return Ok(());
        }
        match message {
            Message::Move(m) if Some(m.seat) != self.seat => {
                let rtt = self.link.rtt();
                match table.apply_remote(&m, Claim::Live { rtt }) {
                    Err(TableError::Refused(reason)) => self.fault(table, &reason),
                    // The same plugin file on both sides: a position that differs is the
                    // host's word against this side's own worker, a fault.
                    Err(e @ TableError::Disagree { .. }) => self.fault(table, &e.to_string()),
                    other => other,
                }
            }
            Message::Move(m) => self.fault(
                table,
                &format!("the host sent a move for this side's own seat {}", m.seat),
            ),
            Message::Resign { seat } if Some(seat) != self.seat => {
                table.end(Ending::Resigned { seat });
                table.save()?;
                (self.report)(&tavola_core::tr!(
                    "net-resigned",
                    seat = table.seat_name(seat)
                ));
                Ok(())
            }
            Message::Reveal {
                seat,
                throw,
                number,
                secret,
            } => self.on_reveal(table, (seat, throw, number), &secret),
            Message::Flag { seat } => self.on_flag(table, seat),
            Message::Forfeit { seat } if Some(seat) != self.seat => {
                table.end(Ending::Forfeit { seat });
                table.save()?;
                (self.report)(&tavola_core::tr!(
                    "net-loses-by-forfeit",
                    seat = table.seat_name(seat)
                ));
                Ok(())
            }
            Message::Forfeit { seat } => self.fault(
                table,
                &format!("the host says this side's seat {seat} forfeited, but it is here"),
            ),
            Message::OfferDraw { seat } if Some(seat) != self.seat => {
                self.on_draw_offer(table, seat)
            }
            Message::AskTakeback { seat: other, moves } if Some(other) != self.seat => {
                self.on_takeback_asked(table, other, moves)
            }
            Message::AnswerDraw { accept } => {
                self.questions.answer.take(Question::Draw, accept);
                Ok(())
            }
            Message::AnswerTakeback { accept } => {
                self.questions.answer.take(Question::Takeback, accept);
                Ok(())
            }
            Message::Refused { reason } => self.on_refused(table, reason),
            Message::Bye => {
                (self.report)(&tavola_core::tr!("net-host-left"));
                table.away(true);
                self.reconnect(table)
            }
            other => self.fault(table, &format!("an unexpected {} message", other.kind())),
        }
    }

    /// A contribution to a throw, passed on by the host: checked against its
    /// commitment; a wrong one is the host's fault.
    fn on_reveal(
        &mut self,
        table: &mut Table,
        (seat, throw, number): (u8, u32, u32),
        secret: &str,
    ) -> Result<(), TableError> {
        let at = table.chance_at();
        let Some(throws) = table.throws.as_mut() else {
            return Ok(());
        };
        match throws.contribution((seat, throw, number), secret, at) {
            Ok(_) => Ok(()),
            Err(reason) => self.fault(table, &reason.to_string()),
        }
    }

    /// The host says `seat`'s time ran out.
    fn on_flag(&mut self, table: &mut Table, seat: u8) -> Result<(), TableError> {
        // In a two-seat game the host's own flag is its own loss; any other is
        // taken only when this side's own clock shows it.
        let senders_own = Some(seat) != self.seat && self.host_seat(table) == Some(seat);
        if let Err(reason) = super::referee::flag(table, seat, senders_own) {
            return self.fault(table, &reason.to_string());
        }
        table.flag(seat)?;
        (self.report)(&tavola_core::tr!(
            "net-time-ran-out",
            seat = table.seat_name(seat)
        ));
        Ok(())
    }

    /// Another seat offers a draw: asked of this side's player (a spectator says
    /// nothing).
    fn on_draw_offer(&mut self, table: &mut Table, seat: u8) -> Result<(), TableError> {
        let accept = self.seat.is_some()
            && table.snapshot.seat_count == 2
            && self.questions.asked.allow(table, seat, Question::Draw)
            && table.ask(&tavola_core::tr!(
                "net-offers-draw",
                seat = table.seat_name(seat)
            ))?;
        if self.seat.is_some() {
            self.link.send(&Message::AnswerDraw { accept });
        }
        if accept {
            table.end(Ending::AgreedDraw);
            table.save()?;
        }
        Ok(())
    }

    /// Another seat asks to take back its last move, the record being `moves` long.
    fn on_takeback_asked(
        &mut self,
        table: &mut Table,
        other: u8,
        moves: u32,
    ) -> Result<(), TableError> {
        let fits = self.seat.is_some()
            && moves as usize == table.record.move_count()
            && table.snapshot.seat_count == 2
            && table.can_take_back(other)
            && self.questions.asked.allow(table, other, Question::Takeback);
        let accept = fits
            && table.ask(&tavola_core::tr!(
                "net-asks-takeback",
                seat = table.seat_name(other)
            ))?;
        let accept = accept && table.take_back(other)?;
        if self.seat.is_some() {
            self.link.send(&Message::AnswerTakeback { accept });
        }
        Ok(())
    }

    /// The host refuses this side and stops.
    fn on_refused(&mut self, table: &mut Table, reason: String) -> Result<(), TableError> {
        match self.host_seat(table) {
            // The host stops the game: it loses by forfeit in a two-seat game.
            Some(seat) => {
                table.end(Ending::Forfeit { seat });
                table.save()?;
                (self.report)(&tavola_core::tr!(
                    "net-host-stopped-forfeits",
                    reason = reason.clone(),
                    seat = table.seat_name(seat)
                ));
                Ok(())
            }
            None => Err(TableError::RefusedByPeer(reason)),
        }
    }

    /// Dials the host again until it answers or the window closes; then rejoins with
    /// the seat's secret and catches up.
    fn reconnect(&mut self, table: &mut Table) -> Result<(), TableError> {
        let deadline = Instant::now() + self.reconnect;
        while Instant::now() < deadline {
            let Ok(link) = self
                .node
                .connect(self.invite.endpoint.clone(), Duration::from_secs(3))
            else {
                std::thread::sleep(Duration::from_millis(500));
                continue;
            };
            self.closed += self.link.bytes_sent();
            self.link = link;
            let role = if self.seat.is_some() {
                Role::Play
            } else {
                Role::Watch
            };
            let rejoin = self.seat.map(|_| Rejoin {
                token: self.token.clone(),
                moves: table.record.move_count() as u32,
            });
            self.link.send(&hello(role, rejoin));
            let commit = match wait_message(&table.events, self.link.id(), Duration::from_secs(10))
            {
                Ok(Message::Offer { commit, seat, .. }) if seat == self.seat => commit,
                Ok(Message::Refused { reason }) => return Err(TableError::RefusedByPeer(reason)),
                Ok(other) => {
                    return Err(self.refuse(&format!(
                        "the host answered with a {} message instead of an offer",
                        other.kind()
                    )));
                }
                Err(_) => continue,
            };
            if table
                .record
                .read(|r| r.net.as_ref().is_some_and(|n| n.commit != commit))
            {
                return self.fault(table, "the host came back with another seed commitment");
            }
            self.link.send(&Message::Join {
                commit: self.chain.head(),
            });
            let welcome = self.wait_welcome(table, &commit)?;
            let heads = table
                .record
                .read(|r| r.net.as_ref().map(|n| n.commits.clone()));
            if heads.as_ref() != Some(&welcome.commits) {
                return self.fault(table, "the host came back with other commitments");
            }
            if let Some(throws) = table.throws.as_mut() {
                if let Err(reason) = throws.learn(&welcome.throws) {
                    return self.fault(table, &reason.to_string());
                }
                throws.send_again();
                for m in throws.made_beyond(welcome.throws.len()) {
                    self.link.send(&m);
                }
            }
            let since = table.turn_earliest;
            self.catch_up(table, &welcome.moves, Some(since))?;
            if table.is_over() {
                // The catch-up was refused: the host forfeited.
                return Ok(());
            }
            (self.report)(&tavola_core::tr!("net-back-in-game"));
            table.away(false);
            return Ok(());
        }
        self.host_gone(table)
    }
}
