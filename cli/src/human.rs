//! A person at a seat of `tavola play --seat human`: moves read from standard input, by
//! their notations, with a prompt that lists the legal moves and a refusal of anything
//! else (the same prompt again, never a crash, never a lost game).

use std::io::{BufRead, Write};

use game_api::{MoveId, MoveInfo, Rng};

use tavola_core::{
    bots::Bot,
    plugins::{CallError, ErrorKind, GameHandle},
};

/// The seat name `tavola play --seat` takes for a person.
pub(crate) const HUMAN: &str = "human";

/// A seat played by a person typing move notations.
pub(crate) struct HumanSeat {
    /// Where the moves are read from (standard input in `tavola play`).
    input: Box<dyn BufRead + Send>,
    /// The seats' names for the prompt, by seat index.
    seat_names: Vec<String>,
}

impl HumanSeat {
    /// A person reading from `input`; `seat_names` names the seats in the prompt.
    pub(crate) fn new(input: Box<dyn BufRead + Send>, seat_names: Vec<String>) -> Self {
        Self { input, seat_names }
    }

    fn seat_label(&self, seat: u8) -> String {
        self.seat_names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| tavola_core::tr!("cli-seat", seat = seat))
    }
}

/// The legal move whose notation is `typed`: exactly, else the only one that matches
/// without regard to case.
fn find_move(moves: &[MoveInfo], typed: &str) -> Option<MoveId> {
    if let Some(m) = moves.iter().find(|m| m.notation == typed) {
        return Some(m.id);
    }
    let mut folded = moves
        .iter()
        .filter(|m| m.notation.eq_ignore_ascii_case(typed));
    match (folded.next(), folded.next()) {
        (Some(m), None) => Some(m.id),
        _ => None,
    }
}

impl Bot for HumanSeat {
    fn name(&self) -> &str {
        HUMAN
    }

    fn choose(&mut self, game: &GameHandle, seat: u8, _rng: &mut Rng) -> Result<MoveId, CallError> {
        let moves = game.moves()?;
        let legal = moves
            .iter()
            .map(|m| m.notation.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let prompt = tavola_core::tr!(
            "cli-human-prompt",
            seat = self.seat_label(seat),
            position = game.notation()?,
            moves = legal.clone()
        );
        loop {
            print!("{prompt} ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            let read = self.input.read_line(&mut line).map_err(|e| {
                CallError::host(
                    ErrorKind::NoMove,
                    tavola_core::tr!("cli-human-unreadable", error = e.to_string()),
                )
            })?;
            if read == 0 {
                println!();
                return Err(CallError::host(
                    ErrorKind::NoMove,
                    tavola_core::tr!("cli-human-no-input", seat = self.seat_label(seat)),
                ));
            }
            let typed = line.trim();
            if typed.is_empty() {
                continue;
            }
            match find_move(&moves, typed) {
                Some(mv) => return Ok(mv),
                None => println!(
                    "{}",
                    tavola_core::tr!(
                        "cli-human-refused",
                        typed = tavola_core::printable::printable(typed).into_owned(),
                        moves = legal.clone()
                    )
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(id: u32, notation: &str) -> MoveInfo {
        MoveInfo {
            id: MoveId(id),
            sites: Vec::new(),
            choice: None,
            key: None,
            notation: notation.to_owned(),
            words: None,
        }
    }

    #[test]
    fn a_notation_is_found_exactly_then_without_case_when_unambiguous() {
        let moves = [info(0, "a"), info(1, "B"), info(2, "b2"), info(3, "B2")];
        assert_eq!(find_move(&moves, "a"), Some(MoveId(0)));
        assert_eq!(find_move(&moves, "A"), Some(MoveId(0)));
        assert_eq!(find_move(&moves, "b"), Some(MoveId(1)));
        assert_eq!(find_move(&moves, "B2"), Some(MoveId(3)));
        assert_eq!(find_move(&moves, "b2"), Some(MoveId(2)));
        assert_eq!(find_move(&moves, "z"), None);
    }
}
