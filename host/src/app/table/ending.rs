//! Ending a game by the players' choice: a person resigns (after a confirmation), or
//! offers a draw — to the other people at the computer, who accept or decline in a
//! dialog. Bots decline every draw offer: they play each game to its end (the one simple
//! rule, the same for every game, that needs no guess about who stands better).
//!
//! The end is kept in the record ([`Ending`]), so a resigned game is saved finished and
//! shown in the end-of-game summary like any other.

use game_api::{Outcome, Turn};

use super::Table;
use crate::{ending::Ending, session::SeatKind, table::Asking};

impl Table {
    /// The seat a resignation or a draw offer speaks for: the person to move, else the one
    /// person playing; `None` when no person plays or the game is over.
    pub fn person_seat(&self) -> Option<u8> {
        if self.is_over() || self.notes.failure.is_some() {
            return None;
        }
        let seats = self.session.seats();
        let person = |s: u8| seats.get(usize::from(s)) == Some(&SeatKind::Person);
        if let Turn::Seat { seat } = self.position.turn
            && person(seat)
        {
            return Some(seat);
        }
        let people: Vec<u8> = (0..seats.len() as u8).filter(|&s| person(s)).collect();
        match people[..] {
            [only] => Some(only),
            _ => None,
        }
    }

    /// Whether the game is over: by its rules, or by a resignation, a draw agreed or a
    /// loss on time — also while an earlier point of the finished game is reviewed.
    pub fn is_over(&self) -> bool {
        matches!(self.position.turn, Turn::Over { .. }) || self.session.finished()
    }

    /// The result of the finished game and, when the players ended it, how.
    pub fn final_result(&self) -> Option<(Outcome, Option<Ending>)> {
        if let Some(ending) = self.session.ending() {
            return Some((ending.outcome(self.session.seats().len()), Some(ending)));
        }
        match &self.position.turn {
            Turn::Over { outcome } => Some((outcome.clone(), None)),
            _ => None,
        }
    }

    /// Sounds the game's end once the board has shown it (the summary comes up with it):
    /// once for each end, however many frames draw it or reviews come back to it. Call
    /// every frame (from `logic`).
    pub(super) fn sound_the_end(&mut self) {
        if self.final_result().is_none()
            || self.shown.animation.is_some()
            || self.session.can_redo()
        {
            return;
        }
        let moves: Vec<u32> = self.session.moves().iter().map(|m| m.id).collect();
        if self.notes.end_sounded.as_ref() == Some(&moves) {
            return;
        }
        self.notes.end_sounded = Some(moves);
        self.notes.end_sounds += 1;
        crate::sound::play(game_api::SoundEvent::GameEnd);
    }

    /// How many times a game's end was sounded at this table.
    pub fn end_sounds(&self) -> u32 {
        self.notes.end_sounds
    }

    /// The question being asked, if any (the board takes no keys meanwhile).
    pub fn asking(&self) -> Option<Asking> {
        self.notes.asking
    }

    /// Asks whether the person really resigns (see [`Table::person_seat`]).
    pub fn ask_resign(&mut self) {
        if let Some(seat) = self.person_seat() {
            self.notes.asking = Some(Asking::Resign(seat));
        }
    }

    /// The person offers a draw: the other people are asked; if a bot plays any other
    /// seat, the offer is declined at once (bots play every game to its end).
    pub fn offer_draw(&mut self) {
        let Some(seat) = self.person_seat() else {
            return;
        };
        if !self.referee.request(crate::table::referee::Ask::Draw) {
            // The other side is asked over the network; its answer comes as a report.
            self.notes.event = Some(crate::tr!("online-draw-offered"));
            return;
        }
        let bot = self
            .session
            .seats()
            .iter()
            .enumerate()
            .find(|(i, k)| *i != usize::from(seat) && matches!(k, SeatKind::Bot(_)));
        match bot {
            Some((i, _)) => {
                let name = self.seat_name(i as u8);
                self.notes.event = Some(crate::tr!("draw-bot-declines", seat = name));
            }
            None => self.notes.asking = Some(Asking::Draw(seat)),
        }
    }

    /// Answers the question asked: `true` resigns or accepts the draw, `false` cancels
    /// or declines.
    pub fn answer(&mut self, yes: bool) {
        let Some(question) = self.notes.asking.take() else {
            return;
        };
        match (question, yes) {
            (Asking::Resign(seat), true) => {
                // Over the network the resignation is the network side's to record.
                if self.referee.request(crate::table::referee::Ask::Resign) {
                    self.end_by(Ending::Resigned { seat });
                }
            }
            (Asking::Draw(_), true) => self.end_by(Ending::AgreedDraw),
            (Asking::Draw(seat), false) => {
                self.notes.event = Some(crate::tr!("draw-declined", seat = self.seat_name(seat)));
            }
            (Asking::Resign(_), false) => {}
        }
    }

    /// Ends the game after its last move (the record keeps how): searches stop, the
    /// summary shows.
    pub fn end_by(&mut self, ending: Ending) {
        self.cancel_bot();
        self.drop_hint();
        self.flow.replaying = false;
        self.session.set_cursor(self.session.moves().len());
        self.session.set_ending(Some(ending));
        // The status line says how it ended.
        self.notes.event = None;
        self.dirty = true;
    }

    /// The names of the seats other than `seat`.
    pub(in crate::app) fn others(&self, seat: u8) -> Vec<String> {
        (0..self.session.seats().len() as u8)
            .filter(|&s| s != seat)
            .map(|s| self.seat_name(s))
            .collect()
    }

    /// A seat's name as the game calls it.
    pub(in crate::app) fn seat_name(&self, seat: u8) -> String {
        self.position
            .view
            .panels
            .get(usize::from(seat))
            .map(|p| p.seat.clone())
            .unwrap_or_else(|| crate::tr!("seat-number", number = seat + 1))
    }
}
