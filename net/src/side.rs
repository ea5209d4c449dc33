//! What the host and a joining side do alike at their own seat's turn: let the local
//! player choose while the network is listened to, then play the move and tell the
//! others, or resign, or offer a draw, or ask for a takeback and wait for the answer.

use std::time::{Duration, Instant};

use super::{
    link::Event,
    message::Message,
    player::Typed,
    table::{Table, TableError},
};
use tavola_core::ending::Ending;

/// A side of a network game: the host ([`super::host`]) or a joining side
/// ([`super::join`]).
pub(super) trait Side {
    /// Handles one network event.
    fn handle(&mut self, table: &mut Table, event: Event) -> Result<(), TableError>;
    /// Waits at most `limit` for one event and handles it.
    fn wait(&mut self, table: &mut Table, limit: Duration) -> Result<(), TableError>;
    /// Tells the other sides `message` (the host: every welcomed link).
    fn tell(&mut self, message: &Message);
    /// This side's draw offer or takeback request, and the answer when it comes.
    fn answer(&mut self) -> &mut Answer;
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
                    self.time_out(table, seat);
                }
            }
            Err(Typed::TimeOut) => {
                table.flag(seat)?;
                self.time_out(table, seat);
            }
            Err(Typed::Resign) => {
                table.end(Ending::Resigned { seat });
                table.save()?;
                self.tell(&Message::Resign { seat });
            }
            Err(Typed::Draw) => {
                self.tell(&Message::OfferDraw { seat });
                if self.await_answer(table, Question::Draw)? {
                    table.end(Ending::AgreedDraw);
                    table.save()?;
                    self.say(&tavola_core::tr!("net-draw-agreed"));
                } else {
                    self.say(&tavola_core::tr!("net-draw-declined"));
                }
            }
            Err(Typed::Takeback) if !table.can_take_back(seat) => {
                self.say(&tavola_core::tr!("net-no-takeback"));
            }
            Err(Typed::Takeback) => {
                let moves = table.record.move_count() as u32;
                self.tell(&Message::AskTakeback { seat, moves });
                if self.await_answer(table, Question::Takeback)? && table.take_back(seat)? {
                    self.say(&tavola_core::tr!("net-taken-back"));
                } else {
                    self.say(&tavola_core::tr!("net-takeback-declined"));
                }
            }
            Err(Typed::Yes | Typed::No) => {}
        }
        Ok(())
    }

    /// Tells everyone that `seat`, this side's, ran out of time (the game is over).
    fn time_out(&mut self, table: &Table, seat: u8) {
        self.tell(&Message::Flag { seat });
        self.say(&tavola_core::tr!(
            "net-time-ran-out",
            seat = table.seat_name(seat)
        ));
    }

    /// Waits (at most [`QUESTION_WAIT`], on this side's own clock: the question is asked
    /// at its own turn) for the answer to this side's request; no answer is a no.
    fn await_answer(&mut self, table: &mut Table, kind: Question) -> Result<bool, TableError> {
        *self.answer() = Answer {
            asked: Some(kind),
            got: None,
        };
        let deadline = Instant::now() + QUESTION_WAIT;
        while self.answer().got.is_none() && Instant::now() < deadline && !table.is_over() {
            self.wait(table, Duration::from_millis(50))?;
        }
        let got = self.answer().got.unwrap_or(false);
        *self.answer() = Answer::default();
        Ok(got)
    }
}

/// How long a side waits for the answer to its draw offer or takeback request: its own
/// clock runs meanwhile, so a silent other side costs it at most this.
pub(super) const QUESTION_WAIT: Duration = Duration::from_secs(15);

/// The kinds of question one side asks another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Question {
    /// A draw offer.
    Draw,
    /// A takeback request.
    Takeback,
}

/// The questions of one side: its own in flight with its answer, and those asked of it
/// this turn.
#[derive(Debug, Default)]
pub(super) struct Questions {
    /// The question this side asked and its answer.
    pub(super) answer: Answer,
    /// The questions asked of this side this turn.
    pub(super) asked: Asked,
}

/// This side's question in flight and its answer.
#[derive(Debug, Default)]
pub(super) struct Answer {
    /// The question asked and not yet answered.
    pub(super) asked: Option<Question>,
    /// Its answer.
    pub(super) got: Option<bool>,
}

impl Answer {
    /// Takes an answer of `kind` from the other side; false (nothing taken) when no such
    /// question is waiting for its answer.
    pub(super) fn take(&mut self, kind: Question, accept: bool) -> bool {
        if self.asked == Some(kind) && self.got.is_none() {
            self.got = Some(accept);
            true
        } else {
            false
        }
    }
}

/// The questions put to this side in the current turn: only the seat to move may ask
/// (so that the question runs on the asker's clock, never on the asked person's), and
/// one of each kind a turn; any other is declined without asking the person.
#[derive(Debug, Default)]
pub(super) struct Asked {
    /// The record's length when these were asked.
    turn: usize,
    draw: bool,
    takeback: bool,
}

impl Asked {
    /// Whether `seat`'s question of `kind` may be put to this side's player now.
    pub(super) fn allow(&mut self, table: &Table, seat: u8, kind: Question) -> bool {
        let turn = table.record.move_count();
        if self.turn != turn {
            *self = Asked {
                turn,
                ..Asked::default()
            };
        }
        if table.seat_to_move() != Some(seat) {
            return false;
        }
        let asked = match kind {
            Question::Draw => &mut self.draw,
            Question::Takeback => &mut self.takeback,
        };
        !std::mem::replace(asked, true)
    }
}
