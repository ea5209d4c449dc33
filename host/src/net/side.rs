//! What the host and a joining side do alike at their own seat's turn: let the local
//! player choose while the network is listened to, then play the move and tell the
//! others, or resign, or offer a draw, or ask for a takeback and wait for the answer.

use std::time::{Duration, Instant};

use super::{
    link::Event,
    message::Message,
    table::{Table, TableError, Typed},
};
use crate::ending::Ending;

/// A side of a network game: the host ([`super::host`]) or a joining side
/// ([`super::join`]).
pub(super) trait Side {
    /// Handles one network event.
    fn handle(&mut self, table: &mut Table, event: Event) -> Result<(), TableError>;
    /// Waits at most `limit` for one event and handles it.
    fn wait(&mut self, table: &mut Table, limit: Duration) -> Result<(), TableError>;
    /// Tells the other sides `message` (the host: every welcomed link).
    fn tell(&mut self, message: &Message);
    /// Where the answer to this side's draw offer or takeback request is put.
    fn answer(&mut self) -> &mut Option<bool>;
    /// Says `text` to people.
    fn say(&mut self, text: &str);

    /// The local player's turn at `seat`.
    fn own_turn(&mut self, table: &mut Table, seat: u8) -> Result<(), TableError> {
        let choice = {
            let mut handler = |t: &mut Table, e: Event| self.handle(t, e);
            table.choose(seat, &mut handler)?
        };
        if table.is_over() || table.seat_to_move() != Some(seat) {
            // Something that came in meanwhile (a resignation, a takeback) changed the game.
            return Ok(());
        }
        match choice {
            Ok(mv) => {
                if table.apply(mv, Some(seat))? {
                    let last = table.net_moves.last().cloned().expect("just played");
                    self.tell(&Message::Move(last));
                } else {
                    self.time_out(seat);
                }
            }
            Err(Typed::TimeOut) => {
                table.flag(seat)?;
                self.time_out(seat);
            }
            Err(Typed::Resign) => {
                table.end(Ending::Resigned { seat });
                table.save()?;
                self.tell(&Message::Resign { seat });
            }
            Err(Typed::Draw) => {
                self.tell(&Message::OfferDraw { seat });
                if self.await_answer(table)? {
                    table.end(Ending::AgreedDraw);
                    table.save()?;
                    self.say("the draw is agreed");
                } else {
                    self.say("the draw offer was declined");
                }
            }
            Err(Typed::Takeback) if !table.can_take_back(seat) => {
                self.say("you have no move to take back");
            }
            Err(Typed::Takeback) => {
                let moves = table.record.moves.len() as u32;
                self.tell(&Message::AskTakeback { seat, moves });
                if self.await_answer(table)? && table.take_back(seat)? {
                    self.say("the move is taken back");
                } else {
                    self.say("the takeback was declined");
                }
            }
            Err(Typed::Yes | Typed::No) => {}
        }
        Ok(())
    }

    /// Tells everyone that `seat`, this side's, ran out of time (the game is over).
    fn time_out(&mut self, seat: u8) {
        self.tell(&Message::Flag { seat });
        self.say(&format!("seat {seat}'s time ran out"));
    }

    /// Waits (at most two minutes) for the answer to this side's request.
    fn await_answer(&mut self, table: &mut Table) -> Result<bool, TableError> {
        *self.answer() = None;
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.answer().is_none() && Instant::now() < deadline {
            self.wait(table, Duration::from_millis(50))?;
        }
        Ok(self.answer().take().unwrap_or(false))
    }
}
