//! A side's local player at its table: a bot thinking in the worker, or a person typing
//! moves (and `resign`, `draw`, `takeback`, `yes`, `no`) on standard input or at the
//! app, while the network is listened to.

use std::{sync::mpsc, time::Duration};

use super::{
    game::BotPoll,
    link::Event,
    table::{LocalPlayer, Table, TableError, Update},
};

/// What a person typed, when it is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Typed {
    /// Not typed: the seat's time ran out while it was to move.
    TimeOut,
    Resign,
    Draw,
    Takeback,
    Yes,
    No,
}

impl Table {
    /// The local player's move for `seat`, or what the person typed instead. While a bot
    /// thinks, `on_event` is given every network event.
    pub fn choose(
        &mut self,
        seat: u8,
        on_event: &mut dyn FnMut(&mut Table, Event) -> Result<(), TableError>,
    ) -> Result<Result<u32, Typed>, TableError> {
        match self.player.clone() {
            LocalPlayer::Bot(name) => {
                let seed = self.bot_rng.u64();
                let id = self.game.start_bot(&name, seed)?;
                loop {
                    self.pump(on_event)?;
                    if self.is_over() {
                        // Ended meanwhile (a forfeit, a resignation): nothing to play.
                        return Ok(Err(Typed::No));
                    }
                    if self.flag_due(seat, 0) {
                        return Ok(Err(Typed::TimeOut));
                    }
                    if let BotPoll::Chosen(mv) =
                        self.game.bot_poll(id, Duration::from_millis(10))?
                    {
                        return Ok(Ok(mv));
                    }
                }
            }
            LocalPlayer::Stdin | LocalPlayer::App(_) => self.typed_move(seat, on_event),
        }
    }

    fn typed_move(
        &mut self,
        seat: u8,
        on_event: &mut dyn FnMut(&mut Table, Event) -> Result<(), TableError>,
    ) -> Result<Result<u32, Typed>, TableError> {
        let legal: Vec<String> = self
            .snapshot
            .moves
            .iter()
            .map(|m| m.notation.clone())
            .collect();
        match &self.updates {
            Some(u) => {
                let _ = u.send(Update::YourTurn);
            }
            None => println!("seat {seat} to move; legal: {}", legal.join(" ")),
        }
        loop {
            self.pump(on_event)?;
            if self.is_over() {
                // Ended meanwhile (a forfeit, a resignation): nothing to play.
                return Ok(Err(Typed::No));
            }
            if self.flag_due(seat, 0) {
                return Ok(Err(Typed::TimeOut));
            }
            let Some(line) = self.typed(Duration::from_millis(20))? else {
                continue;
            };
            if let Some(t) = parse_typed(&line) {
                return Ok(Err(t));
            }
            match self.snapshot.moves.iter().find(|m| m.notation == line) {
                Some(m) => return Ok(Ok(m.id.0)),
                None => {
                    self.say(&tavola_core::tr!(
                        "net-not-legal",
                        line = line.clone(),
                        legal = legal.join(" ")
                    ));
                    // Still this seat's turn: the app shows it again.
                    if let Some(u) = &self.updates {
                        let _ = u.send(Update::YourTurn);
                    }
                }
            }
        }
    }

    /// A line typed on standard input within `limit`, if any.
    pub fn typed(&mut self, limit: Duration) -> Result<Option<String>, TableError> {
        let Some(stdin) = &self.stdin else {
            std::thread::sleep(limit);
            return Ok(None);
        };
        match stdin.recv_timeout(limit) {
            Ok(line) => Ok(Some(line.trim().to_owned())),
            Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                self.stdin = None;
                Err(TableError::NoInput)
            }
        }
    }

    /// A yes or no from the local player to a request: a bot always says no.
    pub fn ask(&mut self, question: &str) -> Result<bool, TableError> {
        if self.stdin.is_none() {
            return Ok(false);
        }
        match &self.updates {
            Some(u) => {
                let _ = u.send(Update::Question(question.to_owned()));
            }
            None => println!("{question} (yes/no)"),
        }
        loop {
            if let Some(line) = self.typed(Duration::from_millis(50))? {
                match parse_typed(&line) {
                    Some(Typed::Yes) => return Ok(true),
                    Some(Typed::No) => return Ok(false),
                    _ => self.say(&tavola_core::tr!("net-yes-or-no")),
                }
            }
        }
    }

    /// Says `text` to this side's person: on standard output, or to the app.
    fn say(&self, text: &str) {
        match &self.updates {
            Some(u) => {
                let _ = u.send(Update::Report(text.to_owned()));
            }
            None => println!("{text}"),
        }
    }
}

fn parse_typed(line: &str) -> Option<Typed> {
    match line.trim() {
        "resign" => Some(Typed::Resign),
        "draw" => Some(Typed::Draw),
        "takeback" => Some(Typed::Takeback),
        "yes" | "y" => Some(Typed::Yes),
        "no" | "n" => Some(Typed::No),
        _ => None,
    }
}

/// Standard input's lines, read on a thread of their own.
pub(super) fn stdin_lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}
