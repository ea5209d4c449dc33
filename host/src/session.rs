//! A game in progress: a plugin game plus its record, with undo, redo and navigation.
//!
//! The record is the truth: the position at any point is the start position with the
//! record's first `cursor` moves applied. Undo moves the cursor back (the undone moves
//! stay available to redo until a different move is played); jumping to a move replays
//! the record from the start. No game logic lives here, only the record.

use game_api::{Effect, MoveId, Options, Rng, Turn};

use crate::{
    plugins::{CallError, GameHandle, Plugin, PluginSet},
    record::{Record, RecordError, RecordedMove, check_of, replay, start_of},
};

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SeatKind {
    /// A person at this computer.
    Person,
    /// A bot, by the name `tavola play --seat` takes (`random`, `greedy`, a plugin's).
    Bot(String),
}

impl SeatKind {
    /// The name written in records: `human` or the bot's name.
    pub fn record_name(&self) -> String {
        match self {
            SeatKind::Person => "human".into(),
            SeatKind::Bot(name) => name.clone(),
        }
    }

    /// The seat kind of a record's seat name.
    pub fn from_record_name(name: &str) -> Self {
        if name == "human" {
            SeatKind::Person
        } else {
            SeatKind::Bot(name.to_owned())
        }
    }
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Session {
    plugin: Plugin,
    start: GameHandle,
    game: GameHandle,
    record: Record,
    cursor: usize,
    seats: Vec<SeatKind>,
    rng: Rng,
}

impl Session {
    /// A new game of `plugin` with these options, seats and seed, from the start or from
    /// a position notation.
    pub fn new(
        plugin: &Plugin,
        options: &Options,
        seats: Vec<SeatKind>,
        seed: u64,
        position: Option<&str>,
    ) -> Result<Self, CallError> {
        let start = match position {
            Some(p) => plugin.from_notation(options, p)?,
            None => plugin.new_game(options)?,
        };
        let mut record = Record::new(plugin, options, Some(seed), position.map(str::to_owned));
        record.seats = seats.iter().map(SeatKind::record_name).collect();
        Ok(Session {
            plugin: plugin.clone(),
            game: start.clone(),
            start,
            record,
            cursor: 0,
            seats,
            rng: Rng::with_seed(seed),
        })
    }

    /// A session from a saved record, replayed and checked move by move, positioned after
    /// its last move.
    pub fn from_record(
        plugins: &PluginSet,
        record: Record,
    ) -> Result<(Self, Vec<String>), RecordError> {
        let replayed = replay(plugins, &record)?;
        let plugin = plugins
            .require(&record.game)
            .map_err(RecordError::UnknownGame)?
            .clone();
        let start = start_of(&plugin, &record)?;
        let mut record = record;
        let seat_count = usize::from(replayed.game.seat_count()?);
        record
            .seats
            .resize(seat_count, SeatKind::Person.record_name());
        let seats = record
            .seats
            .iter()
            .map(|s| SeatKind::from_record_name(s))
            .collect();
        let mut rng = Rng::with_seed(record.seed.unwrap_or(0));
        // Keep drawing where the recorded game left off: one draw per recorded action.
        for _ in 0..record.moves.len() {
            rng.u64();
        }
        Ok((
            Session {
                plugin,
                start,
                game: replayed.game,
                cursor: record.moves.len(),
                record,
                seats,
                rng,
            },
            replayed.warnings,
        ))
    }

    /// The plugin.
    pub fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    /// The game at the cursor.
    pub fn game(&self) -> &GameHandle {
        &self.game
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    /// Changes who sits in a seat.
    pub fn set_seat(&mut self, seat: usize, kind: SeatKind) {
        if let Some(s) = self.seats.get_mut(seat) {
            *s = kind;
            self.record.seats[seat] = self.seats[seat].record_name();
        }
    }

    /// Every recorded move, including undone ones that can be redone.
    pub fn moves(&self) -> &[RecordedMove] {
        &self.record.moves
    }

    /// How many moves of the record are played.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The random generator for chance events and bots.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Whose turn it is at the cursor.
    pub fn turn(&self) -> Result<Turn, CallError> {
        self.game.turn()
    }

    /// Plays `mv` at the cursor: the redo tail is dropped unless `mv` is its first move.
    /// Returns the effects to animate.
    pub fn play(&mut self, mv: MoveId) -> Result<Vec<Effect>, CallError> {
        let seat = match self.game.turn()? {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        };
        let notation = self.game.move_info(mv)?.notation;
        let effects = self.game.apply_with_effects(mv)?;
        let same_as_redo = self
            .record
            .moves
            .get(self.cursor)
            .is_some_and(|m| m.id == mv.0);
        if !same_as_redo {
            self.record.moves.truncate(self.cursor);
            self.record.moves.push(RecordedMove {
                id: mv.0,
                notation,
                seat,
                at_ms: None,
                check: Some(check_of(&self.game)?),
            });
        }
        self.cursor += 1;
        self.record.result = match self.game.turn()? {
            Turn::Over { outcome } if self.cursor == self.record.moves.len() => Some(outcome),
            _ => None,
        };
        Ok(effects)
    }

    /// Whether a move can be undone.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether an undone move can be redone.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.record.moves.len()
    }

    /// Goes back one move.
    pub fn undo(&mut self) -> Result<(), CallError> {
        if self.can_undo() {
            self.goto(self.cursor - 1)?;
        }
        Ok(())
    }

    /// Replays the next undone move; returns its effects.
    pub fn redo(&mut self) -> Result<Option<Vec<Effect>>, CallError> {
        let Some(m) = self.record.moves.get(self.cursor) else {
            return Ok(None);
        };
        let effects = self.game.apply_with_effects(MoveId(m.id))?;
        self.cursor += 1;
        Ok(Some(effects))
    }

    /// Sets the position to the one after the record's first `n` moves.
    pub fn goto(&mut self, n: usize) -> Result<(), CallError> {
        let n = n.min(self.record.moves.len());
        let mut game = self.start.clone();
        for m in &self.record.moves[..n] {
            game.apply(MoveId(m.id))?;
        }
        self.game = game;
        self.cursor = n;
        Ok(())
    }

    /// The record to save: every move up to the cursor.
    pub fn record(&self) -> Record {
        let mut record = self.record.clone();
        record.moves.truncate(self.cursor);
        record.result = match self.game.turn() {
            Ok(Turn::Over { outcome }) => Some(outcome),
            _ => None,
        };
        record
    }
}

#[cfg(test)]
mod tests {
    use super::SeatKind;

    #[test]
    fn seat_names_round_trip() {
        for kind in [SeatKind::Person, SeatKind::Bot("greedy".into())] {
            assert_eq!(SeatKind::from_record_name(&kind.record_name()), kind);
        }
    }
}
