//! Repeated positions, as the host sees them without knowing any rule: a position is the
//! plugin's own notation of it plus whose turn it is (the turn as the handle gives it).
//! A game that comes back to the same position again and again without ending is
//! endless; [`Positions`] counts the positions of one game and finds such a return,
//! which `tavola check` ([`crate::conformance`]) refuses and `tavola match`
//! ([`crate::matches`]) reports.
//!
//! Many games repeat positions and still end (a rule may end or split the game when a
//! position recurs, or on the third occurrence; dice may bring a position back and take
//! the game elsewhere the next time): a repetition is evidence of an endless game only
//! when the position keeps coming back with the game still going, past any such rule,
//! and the players alone bring it back ([`ENDLESS_TIMES`]).

use std::collections::HashMap;

use game_api::Turn;

use crate::plugins::{CallError, GameHandle};

/// How many times a position must occur, the game still going and each return brought
/// about by the players alone (no chance event on the way), for the host to call the
/// game endless: one more than a threefold-repetition rule would allow, so that a game
/// whose rules end repeated positions (at the second or the third occurrence) is never
/// taken for an endless one.
pub const ENDLESS_TIMES: u32 = 4;

/// What the host may tell authors of a compiled plugin about ending cycles, naming no
/// game: the kit's setting, or the game's own rules.
pub const CYCLE_ADVICE: &str = "a mancala-kit variant can end cycles with \
     Config::cycle_ends_game (a repeated position ends the game); a game of its own must \
     end repeated positions in its rules (or make them impossible)";

/// What the host may tell the author of a mancala data file (`*.mancala.toml`, the
/// format of `docs/mancala-data.md`) about ending cycles: the file's own key.
pub const DATA_FILE_CYCLE_ADVICE: &str = "set `cycle_ends_game = true` in the file's \
     `[rules]` table (a position that comes back then ends the game, each player taking \
     the seeds in their own row), and say so in its rules text";

/// The advice for `plugin`'s author: in the words of its file ([`DATA_FILE_CYCLE_ADVICE`]
/// for a mancala data file), else [`CYCLE_ADVICE`].
pub fn cycle_advice(plugin: &crate::plugins::Plugin) -> &'static str {
    let data_file = plugin.is_data_game()
        && plugin
            .meta()
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(".mancala.toml"));
    if data_file {
        DATA_FILE_CYCLE_ADVICE
    } else {
        CYCLE_ADVICE
    }
}

/// The most moves of a repeating line a message shows (the rest are counted).
const LINE_SHOWN: usize = 40;

/// Who is to act in a position: part of the position, beside its notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    /// The seat with this index.
    Seat(u8),
    /// A chance event.
    Chance,
    /// No one: the game is over.
    Over,
}

/// A position as the host tells positions apart: the plugin's notation and the mover.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The position notation, as the plugin writes it.
    pub notation: String,
    /// Who is to act.
    pub mover: Mover,
}

impl Position {
    /// The position `game` is in.
    pub fn of(game: &GameHandle) -> Result<Position, CallError> {
        Position::at(game, &game.turn()?)
    }

    /// The position `game` is in, its turn (`turn`) already asked for.
    pub fn at(game: &GameHandle, turn: &Turn) -> Result<Position, CallError> {
        let mover = match turn {
            Turn::Seat { seat } => Mover::Seat(*seat),
            Turn::Chance { .. } => Mover::Chance,
            Turn::Over { .. } => Mover::Over,
        };
        Ok(Position {
            notation: game.notation()?,
            mover,
        })
    }

    /// The position in words: its notation and who is to act, seats named from
    /// `seat_names` (by number where a name is missing).
    pub fn describe(&self, seat_names: &[String]) -> String {
        let who = match self.mover {
            Mover::Seat(s) => {
                let name = seat_names
                    .get(usize::from(s))
                    .cloned()
                    .unwrap_or_else(|| format!("seat {s}"));
                format!("{name} to move")
            }
            Mover::Chance => "chance to play".to_owned(),
            Mover::Over => "the game over".to_owned(),
        };
        format!("`{}` ({who})", self.notation)
    }
}

/// When a position was reached: the actions played before its first and its latest
/// occurrence, how many times it occurred, and how many of its returns in a row came
/// with no chance event on the way.
#[derive(Debug, Clone, Copy)]
struct Visits {
    first: usize,
    last: usize,
    times: u32,
    returns: u32,
    /// The line of its latest return: the actions `from..last`.
    from: usize,
}

/// The positions of one game, counted as it is played: [`Positions::visit`] each
/// position reached, [`Positions::played`] each action from it.
#[derive(Debug, Default)]
pub struct Positions {
    seen: HashMap<Position, Visits>,
    /// The notation of every action so far.
    moves: Vec<String>,
    /// The chance events among the first `i + 1` actions, for each action `i`.
    chance_after: Vec<u32>,
}

/// A position that kept coming back with the game going on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repetition {
    /// The position.
    pub position: Position,
    /// How many times it occurred.
    pub times: u32,
    /// How many of its returns in a row came with no chance event on the way (the
    /// players alone brought it back).
    pub returns: u32,
    /// The actions played before its first occurrence.
    pub first: usize,
    /// The actions played before the occurrence its latest return started from: the
    /// actions `from..to` lead from the position back to it.
    pub from: usize,
    /// The actions played before its latest occurrence.
    pub to: usize,
    /// The moves of that return (the actions `from..to`), by notation.
    pub line: Vec<String>,
}

impl Positions {
    /// Counts `position`, the one reached after the actions played so far. A position
    /// that has come back [`ENDLESS_TIMES`]` − 1` times in a row with no chance event
    /// between two of its occurrences, the game going on, is returned as a
    /// [`Repetition`]: the players can keep it up for ever. (A line through a chance
    /// event may be left the next time the dice fall otherwise.)
    pub fn visit(&mut self, position: Position) -> Option<Repetition> {
        let now = self.moves.len();
        let over = position.mover == Mover::Over;
        let chance_by = |i: usize| if i == 0 { 0 } else { self.chance_after[i - 1] };
        let visits = self.seen.entry(position.clone()).or_insert(Visits {
            first: now,
            last: now,
            times: 0,
            returns: 0,
            from: now,
        });
        visits.times += 1;
        if visits.times > 1 {
            let chance_free = chance_by(visits.last) == chance_by(now);
            visits.returns = if chance_free { visits.returns + 1 } else { 0 };
            visits.from = visits.last;
            visits.last = now;
        }
        if over || visits.returns + 1 < ENDLESS_TIMES {
            return None;
        }
        let visits = *visits;
        Some(self.repetition(position, visits))
    }

    /// Records the action played from the position last visited: its notation, and
    /// whether it was a chance event.
    pub fn played(&mut self, notation: String, chance: bool) {
        let before = self.chance_after.last().copied().unwrap_or(0);
        self.chance_after.push(before + u32::from(chance));
        self.moves.push(notation);
    }

    /// The position that occurred most often (the earliest of equals), as a
    /// [`Repetition`] if it occurred at least twice: what a game stopped for its length
    /// kept coming back to.
    pub fn most_repeated(&self) -> Option<Repetition> {
        let (position, visits) = self
            .seen
            .iter()
            .filter(|(_, v)| v.times >= 2)
            .max_by_key(|(_, v)| (v.times, std::cmp::Reverse(v.first)))?;
        Some(self.repetition(position.clone(), *visits))
    }

    fn repetition(&self, position: Position, visits: Visits) -> Repetition {
        Repetition {
            position,
            times: visits.times,
            returns: visits.returns,
            first: visits.first,
            from: visits.from,
            to: visits.last,
            line: self
                .moves
                .get(visits.from..visits.last)
                .map(<[String]>::to_vec)
                .unwrap_or_default(),
        }
    }
}

impl Repetition {
    /// The repetition in words: the position, how often and from when, and the line of
    /// play that leads from it back to it (its first 40 moves shown, the rest counted).
    pub fn describe(&self, seat_names: &[String]) -> String {
        let mut line: Vec<String> = self
            .line
            .iter()
            .take(LINE_SHOWN)
            .map(|m| format!("`{m}`"))
            .collect();
        if self.line.len() > LINE_SHOWN {
            line.push(format!("… ({} more)", self.line.len() - LINE_SHOWN));
        }
        format!(
            "the position {} occurred {} times without the game ending ({} returns in a \
             row with no chance event on the way), first after {} actions; the line of \
             play from it back to it (actions {} to {}, {} moves): {}",
            self.position.describe(seat_names),
            self.times,
            self.returns,
            self.first,
            self.from + 1,
            self.to,
            self.line.len(),
            line.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(notation: &str, seat: u8) -> Position {
        Position {
            notation: notation.into(),
            mover: Mover::Seat(seat),
        }
    }

    /// Plays the cycle `a x b y c z d w` round and round; the repetition found, if any.
    fn round_and_round(chance_at: Option<usize>) -> Option<Repetition> {
        let mut positions = Positions::default();
        let cycle = [("a", 0, "x"), ("b", 1, "y"), ("c", 0, "z"), ("d", 1, "w")];
        for _ in 0..3 * ENDLESS_TIMES {
            for (i, (notation, seat, mv)) in cycle.into_iter().enumerate() {
                if let Some(r) = positions.visit(at(notation, seat)) {
                    return Some(r);
                }
                positions.played(mv.into(), chance_at == Some(i));
            }
        }
        None
    }

    #[test]
    fn a_position_back_for_the_fourth_time_is_a_repetition_with_its_line() {
        let r = round_and_round(None).expect("the cycle is found");
        assert_eq!(r.position, at("a", 0));
        assert_eq!((r.times, r.returns), (ENDLESS_TIMES, ENDLESS_TIMES - 1));
        assert_eq!((r.first, r.from, r.to), (0, 8, 12));
        assert_eq!(r.line, ["x", "y", "z", "w"]);
        let text = r.describe(&["South".into(), "North".into()]);
        assert!(text.contains("`a` (South to move)"), "{text}");
        assert!(text.contains("`x` `y` `z` `w`"), "{text}");
    }

    #[test]
    fn a_line_through_a_chance_event_is_not_endless() {
        assert_eq!(round_and_round(Some(2)), None);
    }

    #[test]
    fn the_same_notation_with_another_mover_is_another_position() {
        let mut positions = Positions::default();
        for _ in 0..3 {
            assert!(positions.visit(at("a", 0)).is_none());
            positions.played("x".into(), false);
            assert!(positions.visit(at("a", 1)).is_none());
            positions.played("y".into(), false);
        }
        let most = positions.most_repeated().expect("a position came back");
        assert_eq!((most.position, most.times), (at("a", 0), 3));
        assert_eq!(most.line, ["x", "y"]);
    }
}
