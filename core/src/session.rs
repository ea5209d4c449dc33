//! A game in progress as the app keeps it: the record, the cursor, the seats and the
//! random generator — no plugin call at all (the game itself lives in a worker process,
//! see [`worker`](crate::worker)).
//!
//! The record is the truth: the position at any point is the start position with the
//! record's first `cursor` moves applied. Undo moves the cursor back (the undone moves
//! stay available to redo until a different move is played); a worker that dies is given
//! the record's moves up to the cursor and rebuilds the same position.

use game_api::{MoveId, Options, Outcome, Rng};

use crate::{
    ending::{ClockState, Ending},
    plugins::Plugin,
    record::{Record, RecordedMove, position_check},
};

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SeatKind {
    /// A person at this computer.
    Person,
    /// A bot, by the name `tavola play --seat` takes (`random`, `greedy`, a plugin's).
    Bot(String),
    /// A person on another computer (a network game): the table waits for their moves
    /// as it waits for a bot's, and they come from the network side's record.
    Remote,
}

impl SeatKind {
    /// The name written in records: `human` or the bot's name.
    pub fn record_name(&self) -> String {
        match self {
            SeatKind::Person => "human".into(),
            SeatKind::Bot(name) => name.clone(),
            SeatKind::Remote => "remote".into(),
        }
    }

    /// The seat kind of a record's seat name. A seat that was played from another
    /// computer (`remote`) is a person's here: a network game opened from its file is
    /// played on at this table.
    pub fn from_record_name(name: &str) -> Self {
        if name == "human" || name == "remote" {
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
    options: Options,
    record: Record,
    cursor: usize,
    seats: Vec<SeatKind>,
    rng: Rng,
    started: std::time::Instant,
    /// How long the game had been played before `started` (a game opened again goes on
    /// from its last recorded move's time).
    played_before: std::time::Duration,
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
    ) -> Self {
        let mut record = Record::new(plugin, options, Some(seed), position.map(str::to_owned));
        record.seats = seats.iter().map(SeatKind::record_name).collect();
        Session {
            plugin: plugin.clone(),
            options: options.clone(),
            record,
            cursor: 0,
            seats,
            rng: Rng::with_seed(seed),
            started: std::time::Instant::now(),
            played_before: std::time::Duration::ZERO,
        }
    }

    /// A session from a saved record (already replayed and checked by the plugin), after
    /// its last move, with `seat_count` seats.
    pub fn from_record(
        plugin: &Plugin,
        options: Options,
        mut record: Record,
        seat_count: u8,
    ) -> Self {
        record
            .seats
            .resize(usize::from(seat_count), SeatKind::Person.record_name());
        let seats = record
            .seats
            .iter()
            .map(|s| SeatKind::from_record_name(s))
            .collect();
        if let Some(clock) = &mut record.clock {
            clock
                .left_ms
                .resize(usize::from(seat_count), clock.per_game_ms);
        }
        let mut rng = Rng::with_seed(record.seed.unwrap_or(0));
        // Keep drawing where the recorded game left off: one draw per recorded action.
        for _ in 0..record.moves.len() {
            rng.u64();
        }
        let played_before = played_before(&record.moves);
        // The moves taken back before it was saved wait for Redo, as they did then.
        let cursor = record.moves.len();
        let undone = std::mem::take(&mut record.undone);
        if record.result.is_none() && record.ending.is_none() {
            record.moves.extend(undone);
        }
        Session {
            plugin: plugin.clone(),
            options,
            cursor,
            record,
            seats,
            rng,
            started: std::time::Instant::now(),
            played_before,
        }
    }

    /// The plugin.
    pub fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    /// The options the game was made with.
    pub fn options(&self) -> &Options {
        &self.options
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

    /// The ids of the moves played (up to the cursor), to set the position up again.
    pub fn played_ids(&self) -> Vec<u32> {
        self.record.moves[..self.cursor]
            .iter()
            .map(|m| m.id)
            .collect()
    }

    /// How many moves of the record are played.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The random generator for chance events and bots.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Records that `mv` (written `notation`, by `seat`, or chance) was played at the
    /// cursor, leading to the position written `after` (its check goes into the record):
    /// the redo tail is dropped unless `mv` is its first move. Returns the later moves
    /// dropped (empty when `mv` was the recorded next move or the cursor was at the end).
    pub fn record_played(
        &mut self,
        mv: MoveId,
        notation: String,
        seat: Option<u8>,
        after: &str,
    ) -> Vec<RecordedMove> {
        let same_as_redo = self.next_redo() == Some(mv);
        let mut dropped = Vec::new();
        if !same_as_redo {
            // A move played after the end the players chose takes that end back (the app
            // keeps finished games read-only, so this only happens to games in progress).
            self.record.ending = None;
            self.record.ended_ms = None;
            self.record.result = None;
            dropped = self.record.moves.split_off(self.cursor);
            let played = self.played_before + self.started.elapsed();
            let at_ms = u64::try_from(played.as_millis()).ok();
            self.record.moves.push(RecordedMove {
                id: mv.0,
                notation,
                seat,
                at_ms,
                check: Some(position_check(after)),
                spent_ms: None,
                notes: Default::default(),
            });
        }
        self.cursor += 1;
        dropped
    }

    /// Takes the times of `moves` (another record of the same game, move by move: a
    /// network game's, kept by its network side) for the moves both have, so that the
    /// game's time is the game's, not this table's.
    pub fn take_times(&mut self, moves: &[RecordedMove]) {
        for (ours, theirs) in self.record.moves.iter_mut().zip(moves) {
            if ours.id != theirs.id || ours.notation != theirs.notation {
                break;
            }
            ours.at_ms = theirs.at_ms;
            ours.spent_ms = theirs.spent_ms;
        }
    }

    /// Sets the result of the position at the end of the record (`None`: not over).
    /// Called with the position at the cursor; ignored unless the cursor is at the end,
    /// so reviewing a finished game keeps its result.
    pub fn set_result(&mut self, result: Option<Outcome>) {
        if self.cursor == self.record.moves.len() {
            self.record.result = result;
        }
    }

    /// Whether the recorded game is finished — by its rules or by the players (a
    /// resignation, an agreed draw, a loss on time) — wherever the cursor is.
    pub fn finished(&self) -> bool {
        self.record.result.is_some() || self.record.ending.is_some()
    }

    /// Puts `moves` in place of the record's moves from `at` on and the cursor at `at`;
    /// returns the moves they replace (to swap them back). The record must be unfinished
    /// (a finished game is never changed).
    pub fn swap_tail(&mut self, at: usize, moves: Vec<RecordedMove>) -> Vec<RecordedMove> {
        if self.finished() || at > self.record.moves.len() {
            return moves;
        }
        let old = self.record.moves.split_off(at);
        self.record.moves.extend(moves);
        self.cursor = at;
        old
    }

    /// Whether a move can be undone.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether an undone move can be redone.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.record.moves.len()
    }

    /// The next undone move, if any.
    pub fn next_redo(&self) -> Option<MoveId> {
        self.record.moves.get(self.cursor).map(|m| MoveId(m.id))
    }

    /// Moves the cursor to after the record's first `n` moves.
    pub fn set_cursor(&mut self, n: usize) {
        self.cursor = n.min(self.record.moves.len());
    }

    /// The record to save: a finished game whole (wherever it is being reviewed), a game
    /// in progress up to the cursor, the moves undone after it kept for Redo
    /// ([`Record::undone`]).
    pub fn record(&self) -> Record {
        let mut record = self.record.clone();
        if self.cursor < record.moves.len() && !self.finished() {
            record.undone = record.moves.split_off(self.cursor);
            record.result = None;
            record.ending = None;
        }
        record
    }

    /// How the game ended outside its rules, when the position shown is its end.
    pub fn ending(&self) -> Option<Ending> {
        self.record
            .ending
            .filter(|_| self.cursor == self.record.moves.len())
    }

    /// Ends the game after its last move (a resignation, an agreed draw, a loss on time),
    /// or with `None` takes such an end back.
    pub fn set_ending(&mut self, ending: Option<Ending>) {
        self.record.ended_ms = ending
            .is_some()
            .then(|| u64::try_from((self.played_before + self.started.elapsed()).as_millis()).ok())
            .flatten();
        self.record.ending = ending;
    }

    /// How long the game was played: to its ending (a resignation, an agreed draw, a
    /// loss on time) when it has one, else to its last move with a time.
    pub fn played_ms(&self) -> Option<u64> {
        self.record
            .ended_ms
            .filter(|_| self.record.ending.is_some())
            .or_else(|| self.record.moves.iter().rev().find_map(|m| m.at_ms))
    }

    /// The players' clocks, if the game has them.
    pub fn clock(&self) -> Option<&ClockState> {
        self.record.clock.as_ref()
    }

    /// The players' clocks, to run them.
    pub fn clock_mut(&mut self) -> Option<&mut ClockState> {
        self.record.clock.as_mut()
    }

    /// Gives the game clocks (or takes them away with `None`).
    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        self.record.clock = clock;
    }
}

/// How long a game opened again had been played: its last recorded move's time (so
/// the summary says how long it was played in all, however long ago it was saved).
fn played_before(moves: &[RecordedMove]) -> std::time::Duration {
    std::time::Duration::from_millis(moves.iter().rev().find_map(|m| m.at_ms).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::SeatKind;

    #[test]
    fn an_opened_game_keeps_its_time() {
        let played = |at_ms| crate::record::RecordedMove {
            id: 0,
            notation: "a".into(),
            seat: Some(0),
            at_ms,
            check: None,
            spent_ms: None,
            notes: Default::default(),
        };
        // The last move with a time counts (a chance throw after it may have none).
        let moves = [played(Some(1_000)), played(Some(600_000)), played(None)];
        assert_eq!(
            super::played_before(&moves),
            std::time::Duration::from_secs(600)
        );
        assert_eq!(super::played_before(&[]), std::time::Duration::ZERO);
    }

    #[test]
    fn a_resignations_game_time_counts_to_the_resignation() {
        use crate::{ending::Ending, table::pile};
        let plugin = pile::plugin();
        let seats = vec![SeatKind::Person, SeatKind::Person];
        let mut session =
            super::Session::new(&plugin, &game_api::Options::default(), seats, 7, None);
        session.record_played(game_api::MoveId(1), "1".into(), Some(0), "x");
        let last_move = session.moves()[0].at_ms.unwrap();
        std::thread::sleep(std::time::Duration::from_millis(60));
        session.set_ending(Some(Ending::Resigned { seat: 1 }));
        let played = session.played_ms().unwrap();
        assert!(
            played >= last_move + 60,
            "{played} ms, the move at {last_move}"
        );
        // Kept in the record, read back as saved.
        let saved = serde_json::to_string(&session.record()).unwrap();
        let back: crate::record::Record = serde_json::from_str(&saved).unwrap();
        assert_eq!(back.ended_ms, Some(played));
        // A move played after it takes the ending back, and its time.
        session.set_cursor(1);
        session.set_ending(None);
        assert_eq!(session.played_ms(), Some(last_move));
    }

    #[test]
    fn seat_names_round_trip() {
        for kind in [SeatKind::Person, SeatKind::Bot("greedy".into())] {
            assert_eq!(SeatKind::from_record_name(&kind.record_name()), kind);
        }
    }
}
