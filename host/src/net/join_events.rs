//! The joining side's conversation with its host: each event and message of the link,
//! and dialing the host again after the connection dropped.

use std::time::{Duration, Instant};

use super::{
    join::{Joining, hello, wait_message},
    link::Event,
    message::{Message, Rejoin, Role},
    table::{Table, TableError},
};
use crate::ending::Ending;

impl Joining {
    pub(super) fn on_event(&mut self, table: &mut Table, event: Event) -> Result<(), TableError> {
        match event {
            Event::Message { link, message } if link == self.link.id() => {
                self.on_message(table, message)
            }
            Event::Fault { link, reason } if link == self.link.id() => {
                self.link.send(&Message::Refused {
                    reason: reason.clone(),
                });
                Err(TableError::Refused(reason))
            }
            Event::Closed { link, reason } if link == self.link.id() => {
                if table.is_over() {
                    return Ok(());
                }
                (self.report)(&format!(
                    "the connection to the host dropped ({reason}); calling again for up to {} s",
                    self.reconnect.as_secs()
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
        match message {
            Message::Move(m) if Some(m.seat) != self.seat => match table.apply_remote(&m, true) {
                Err(TableError::Refused(reason)) => Err(self.refuse(&reason)),
                Err(e @ TableError::Disagree { .. }) => {
                    self.link.send(&Message::Refused {
                        reason: e.to_string(),
                    });
                    Err(e)
                }
                other => other,
            },
            Message::Move(m) => Err(self.refuse(&format!(
                "the host sent a move for this side's own seat {}",
                m.seat
            ))),
            Message::Resign { seat } if Some(seat) != self.seat && !table.is_over() => {
                table.end(Ending::Resigned { seat });
                table.save()?;
                (self.report)(&format!("seat {seat} resigned"));
                Ok(())
            }
            Message::Flag { seat } if !table.is_over() => {
                if !table.flag_plausible(seat) {
                    return Err(self.refuse(&format!("seat {seat}'s time has not run out")));
                }
                table.flag(seat)?;
                (self.report)(&format!("seat {seat}'s time ran out"));
                Ok(())
            }
            Message::OfferDraw { seat } if Some(seat) != self.seat && !table.is_over() => {
                let accept = self.seat.is_some()
                    && table.snapshot.seat_count == 2
                    && table.ask(&format!("{} offers a draw: agree?", table.seat_name(seat)))?;
                if self.seat.is_some() {
                    self.link.send(&Message::AnswerDraw { accept });
                }
                if accept {
                    table.end(Ending::AgreedDraw);
                    table.save()?;
                }
                Ok(())
            }
            Message::AskTakeback { seat: other, moves }
                if Some(other) != self.seat && !table.is_over() =>
            {
                let fits = self.seat.is_some()
                    && moves as usize == table.record.moves.len()
                    && table.snapshot.seat_count == 2
                    && table.can_take_back(other);
                let accept = fits
                    && table.ask(&format!(
                        "{} asks to take back their last move: agree?",
                        table.seat_name(other)
                    ))?;
                let accept = accept && table.take_back(other)?;
                if self.seat.is_some() {
                    self.link.send(&Message::AnswerTakeback { accept });
                }
                Ok(())
            }
            Message::AnswerDraw { accept } | Message::AnswerTakeback { accept } => {
                self.answer = Some(accept);
                Ok(())
            }
            Message::Refused { reason } => Err(TableError::RefusedByPeer(reason)),
            Message::Bye => {
                if table.is_over() {
                    Ok(())
                } else {
                    (self.report)("the host left; calling again");
                    table.away(true);
                    self.reconnect(table)
                }
            }
            other => Err(self.refuse(&format!("an unexpected {} message", other.kind()))),
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
                moves: table.record.moves.len() as u32,
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
                .net
                .as_ref()
                .is_some_and(|n| n.commit != commit)
            {
                return Err(self.refuse("the host came back with another seed commitment"));
            }
            self.link.send(&Message::Join {
                nonce: self.nonce.to_hex(),
            });
            let (_, moves, _, _) = self.wait_welcome(table, &commit)?;
            self.catch_up(table, &moves)?;
            (self.report)("back in the game");
            table.away(false);
            return Ok(());
        }
        Err(TableError::Abandoned(self.reconnect.as_secs()))
    }
}
