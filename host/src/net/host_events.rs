//! The host's side of the conversation: what it does with each event and message of
//! its links — greeting, seating, the checks on a guest's move before it is passed on,
//! resignations, offers, and links that fail or go.

use std::time::Instant;

use super::{
    fair::Nonce,
    host::{Greeted, Holder, Hosting},
    link::Event,
    message::{Message, NetMove, PROTOCOL_VERSION, Rejoin, Role},
    table::{Table, TableError},
};
use crate::ending::Ending;

impl Hosting {
    pub(super) fn on_event(&mut self, table: &mut Table, event: Event) -> Result<(), TableError> {
        match event {
            Event::Joined(link) => {
                self.links.push(link);
                Ok(())
            }
            Event::Message { link, message } => self.on_message(table, link, message),
            Event::Fault { link, reason } => {
                self.refuse(link, &reason);
                Ok(())
            }
            Event::Closed { link, .. } => {
                if self.seat_of(link).is_some() && !table.is_over() {
                    let text = format!(
                        "{} left; waiting up to {} s for them to come back",
                        self.who(link),
                        self.reconnect.as_secs()
                    );
                    (self.report)(&text);
                    table.away(true);
                }
                self.drop_link(link);
                Ok(())
            }
        }
    }

    fn who(&self, link: u64) -> String {
        match self.seat_of(link) {
            Some(seat) => format!("the player of seat {seat}"),
            None => format!("a visitor ({})", self.link(link).map_or("?", |l| l.peer())),
        }
    }

    pub(super) fn drop_link(&mut self, id: u64) {
        if let Some(l) = self.link(id) {
            let sent = l.bytes_sent();
            l.close("refused");
            self.closed += sent;
        }
        self.links.retain(|l| l.id() != id);
        self.welcomed.retain(|l| *l != id);
        self.greeted.retain(|(l, _)| *l != id);
        for h in &mut self.holders {
            if let Holder::Remote { link, gone, .. } = h
                && *link == Some(id)
            {
                *link = None;
                *gone = Some(Instant::now());
            }
        }
    }

    /// Refuses `link`'s message: tells it why, reports it, and closes the link. Nothing
    /// of the message was played or recorded.
    fn refuse(&mut self, link: u64, reason: &str) {
        let text = format!("refused from {}: {reason}", self.who(link));
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
            (Message::Join { nonce }, None, Some(g)) => {
                self.on_join(table, link, &nonce, g);
                Ok(())
            }
            (Message::Move(m), Some(s), _) if m.seat == s => self.on_guest_move(table, link, m),
            (Message::Move(m), Some(s), _) => {
                self.refuse(
                    link,
                    &format!("seat {s}'s player sent a move for seat {}", m.seat),
                );
                Ok(())
            }
            (Message::Resign { seat: r }, Some(s), _) if r == s && !table.is_over() => {
                table.end(Ending::Resigned { seat: s });
                table.save()?;
                self.broadcast(&Message::Resign { seat: s }, Some(link));
                (self.report)(&format!("seat {s} resigned"));
                Ok(())
            }
            (Message::OfferDraw { seat: r }, Some(s), _) if r == s && !table.is_over() => {
                let accept = self.holders.len() == 2
                    && table.ask(&format!("{} offers a draw: agree?", table.seat_name(s)))?;
                if let Some(l) = self.link(link) {
                    l.send(&Message::AnswerDraw { accept });
                }
                if accept {
                    table.end(Ending::AgreedDraw);
                    table.save()?;
                }
                Ok(())
            }
            (Message::AskTakeback { seat: r, moves }, Some(s), _) if r == s && !table.is_over() => {
                let fits = moves as usize == table.record.moves.len()
                    && self.holders.len() == 2
                    && table.can_take_back(s);
                let accept = fits
                    && table.ask(&format!(
                        "{} asks to take back their last move: agree?",
                        table.seat_name(s)
                    ))?;
                let accept = accept && table.take_back(s)?;
                if let Some(l) = self.link(link) {
                    l.send(&Message::AnswerTakeback { accept });
                }
                Ok(())
            }
            (Message::Flag { seat: f }, Some(s), _) if !table.is_over() => {
                // A player says its own time ran out, or (its clock says) another's did.
                if f != s && !table.flag_plausible(f) {
                    self.refuse(link, &format!("seat {f}'s time has not run out"));
                    return Ok(());
                }
                table.flag(f)?;
                self.broadcast(&Message::Flag { seat: f }, Some(link));
                (self.report)(&format!("seat {f}'s time ran out"));
                Ok(())
            }
            (Message::AnswerDraw { accept } | Message::AnswerTakeback { accept }, Some(_), _) => {
                self.answer = Some(accept);
                Ok(())
            }
            (Message::Refused { reason }, Some(_), _) => Err(TableError::RefusedByPeer(reason)),
            (Message::Refused { reason }, None, _) => {
                let text = format!("{} refused the offer: {reason}", self.who(link));
                (self.report)(&text);
                self.drop_link(link);
                Ok(())
            }
            (Message::Bye, _, _) => {
                self.drop_link(link);
                Ok(())
            }
            (other, _, _) => {
                self.refuse(link, &format!("an unexpected {} message", other.kind()));
                Ok(())
            }
        }
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
        let offered: Vec<u8> = self.greeted.iter().filter_map(|(_, g)| g.seat).collect();
        self.holders
            .iter()
            .enumerate()
            .find(|(s, h)| {
                matches!(
                    h,
                    Holder::Remote {
                        link: None,
                        nonce: None,
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
        let offered = match (role, rejoin) {
            (Role::Watch, _) => None,
            (Role::Play, Some(rejoin)) => match self.seat_with_token(&rejoin.token) {
                Some(s) => Some(s),
                None => {
                    self.refuse(link, "this seat secret belongs to no seat of this game");
                    return;
                }
            },
            (Role::Play, None) => self.free_seat(),
        };
        self.greeted.push((
            link,
            Greeted {
                seat: offered,
                joined: false,
            },
        ));
        let players = table.record.seats.clone();
        let commit = self.nonce.commitment();
        let message = Message::Offer {
            protocol: PROTOCOL_VERSION,
            game: self.game.clone(),
            options: table.record.options.clone(),
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
    fn on_join(&mut self, table: &mut Table, link: u64, nonce: &str, g: Greeted) {
        let nonce = match Nonce::from_hex(nonce) {
            Ok(n) => n,
            Err(e) => {
                self.refuse(link, &e.to_string());
                return;
            }
        };
        self.greeted.retain(|(l, _)| *l != link);
        match g.seat {
            None => {
                if self.started {
                    self.welcome(table, link, None);
                } else {
                    self.greeted.push((
                        link,
                        Greeted {
                            seat: None,
                            joined: true,
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
                    nonce: half,
                    gone,
                    ..
                } = &mut self.holders[usize::from(s)]
                {
                    *held = Some(link);
                    *gone = None;
                    if half.is_none() {
                        *half = Some(nonce);
                    }
                }
                if self.started {
                    (self.report)(&format!("the player of seat {s} is back"));
                    // The clock of the seat to move stood still while a player was away:
                    // it runs again from now, as on the returning side (its catch-up).
                    table.turn_started = std::time::Instant::now();
                    table.away(false);
                    self.welcome(table, link, Some(s));
                }
            }
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
        match table.apply_remote(&m, true) {
            Ok(()) => {
                if self.links.len() > 1 {
                    self.broadcast(&Message::Move(m), Some(link));
                    self.moves_sent += 1;
                }
                Ok(())
            }
            Err(TableError::Refused(reason)) => {
                self.refuse(link, &reason);
                Ok(())
            }
            Err(e @ TableError::Disagree { .. }) => {
                if let Some(l) = self.link(link) {
                    l.send(&Message::Refused {
                        reason: e.to_string(),
                    });
                }
                Err(e)
            }
            Err(e) => Err(e),
        }
    }
}
