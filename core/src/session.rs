//! A game in progress as the app keeps it: the record, the cursor, the seats and the
//! random generator — no plugin call at all (the game itself lives in a worker process,
//! see [`worker`](crate::worker)).
//!
//! The record is the truth: the position at any point is the start position with the
//! record's first `cursor` moves applied. Undo moves the cursor back (the undone moves
//! stay available to redo until a different move is played); a worker that dies is given
//! the record's moves up to the cursor and rebuilds the same position.
//!
//! A network game's table follows a record it does not write
//! ([`Session::following`]): the one record of the game, a [`SharedRecord`] that the
//! network side writes (each move appended and saved before it is sent). The session
//! then only moves its cursor along it, as the table shows the moves; the moves beyond
//! the cursor are the ones not shown yet (no Redo), and nothing of the record is
//! changed from here.

use std::borrow::Cow;

use game_api::{MoveId, Options, Outcome, Rng};

use crate::{
    ending::{ClockState, Ending},
    plugins::Plugin,
    record::{Record, RecordedMove, SharedRecord, position_check},
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

/// Where a session's record is held.
#[derive(Debug, Clone)]
enum Held {
    /// The session's own: the table writes it (a game at this computer).
    Own(Box<Record>),
    /// A network game's one record, written by its network side: the session reads it
    /// and moves its cursor along it, nothing more.
    Followed(SharedRecord),
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Session {
    plugin: Plugin,
    options: Options,
    record: Held,
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
            record: Held::Own(Box::new(record)),
            cursor: 0,
            seats,
            rng: Rng::with_seed(seed),
            started: std::time::Instant::now(),
            played_before: std::time::Duration::ZERO,
        }
    }

    /// A network game's session, over its one `record` (shared with the network side,
    /// which alone writes it), with these seats here (the other computers' seats
    /// [`SeatKind::Remote`]); its cursor at the start, moved on as the table shows the
    /// moves (see the module).
    pub fn following(
        plugin: &Plugin,
        options: &Options,
        seats: Vec<SeatKind>,
        record: SharedRecord,
    ) -> Self {
        let (seed, played_before) = record.read(|r| (r.seed, played_before(&r.moves)));
        Session {
            plugin: plugin.clone(),
            options: options.clone(),
            record: Held::Followed(record),
            cursor: 0,
            seats,
            rng: Rng::with_seed(seed.unwrap_or(0)),
            started: std::time::Instant::now(),
            played_before,
        }
    }

    /// What `look` reads of the record (a followed record's under its lock, held no
    /// longer than the look).
    fn read<T>(&self, look: impl FnOnce(&Record) -> T) -> T {
        match &self.record {
            Held::Own(record) => look(record),
            Held::Followed(shared) => shared.read(look),
        }
    }

    /// The session's own record, to change it (`None` for a followed record: the
    /// network side writes it).
    fn own(&mut self) -> Option<&mut Record> {
        match &mut self.record {
            Held::Own(record) => Some(&mut **record),
            Held::Followed(_) => None,
        }
    }

    /// Whether the record is a network game's, followed (see the module).
    pub fn follows(&self) -> bool {
        matches!(self.record, Held::Followed(_))
    }

    /// The record followed, if the session follows one: the same value the network side
    /// writes.
    pub fn followed(&self) -> Option<&SharedRecord> {
        match &self.record {
            Held::Own(_) => None,
            Held::Followed(shared) => Some(shared),
        }
    }

    fn len(&self) -> usize {
        self.read(|r| r.moves.len())
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
            record: Held::Own(Box::new(record)),
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
            let name = s.record_name();
            if let Some(r) = self.own().and_then(|r| r.seats.get_mut(seat)) {
                *r = name;
            }
        }
    }

    /// Every recorded move, including undone ones that can be redone (a followed
    /// record's: the moves the table shows, up to the cursor; the ones the network side
    /// recorded beyond it are in [`Session::followed`]).
    pub fn moves(&self) -> Cow<'_, [RecordedMove]> {
        match &self.record {
            Held::Own(record) => Cow::Borrowed(&record.moves),
            Held::Followed(shared) => {
                let cursor = self.cursor;
                Cow::Owned(shared.read(|r| r.moves.iter().take(cursor).cloned().collect()))
            }
        }
    }

    /// How many moves the record holds (a followed record's: shown or not yet).
    pub fn record_len(&self) -> usize {
        self.len()
    }

    /// The ids of the moves played (up to the cursor), to set the position up again.
    pub fn played_ids(&self) -> Vec<u32> {
        let cursor = self.cursor;
        self.read(|r| r.moves.iter().take(cursor).map(|m| m.id).collect())
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
    /// At a followed record only the cursor moves (the network side recorded the move).
    pub fn record_played(
        &mut self,
        mv: MoveId,
        notation: String,
        seat: Option<u8>,
        after: &str,
    ) -> Vec<RecordedMove> {
        if self.follows() {
            // The network side recorded it before the table was told of it. (Were the
            // record cut back meanwhile by a takeback, the cursor stays past its end —
            // the table not showing the record as it is — until that takeback's step.)
            self.cursor += 1;
            return Vec::new();
        }
        let same_as_redo = self.next_redo() == Some(mv);
        let mut dropped = Vec::new();
        let played = self.played_before + self.started.elapsed();
        let cursor = self.cursor;
        if !same_as_redo && let Some(record) = self.own() {
            // A move played after the end the players chose takes that end back (the app
            // keeps finished games read-only, so this only happens to games in progress).
            record.ending = None;
            record.ended_ms = None;
            record.result = None;
            dropped = record.moves.split_off(cursor);
            let at_ms = u64::try_from(played.as_millis()).ok();
            record.moves.push(RecordedMove {
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

    /// Sets the result of the position at the end of the record (`None`: not over).
    /// Called with the position at the cursor; ignored unless the cursor is at the end,
    /// so reviewing a finished game keeps its result (and for a followed record, whose
    /// result is the network side's).
    pub fn set_result(&mut self, result: Option<Outcome>) {
        let cursor = self.cursor;
        if let Some(record) = self.own()
            && cursor == record.moves.len()
        {
            record.result = result;
        }
    }

    /// Whether the recorded game is finished — by its rules or by the players (a
    /// resignation, an agreed draw, a loss on time) — wherever the cursor is (a followed
    /// record's: once the table shows its last move).
    pub fn finished(&self) -> bool {
        let over = self.read(|r| r.result.is_some() || r.ending.is_some());
        over && (!self.follows() || self.cursor >= self.len())
    }

    /// Puts `moves` in place of the record's moves from `at` on and the cursor at `at`;
    /// returns the moves they replace (to swap them back). The record must be unfinished
    /// (a finished game is never changed) and the session's own.
    pub fn swap_tail(&mut self, at: usize, moves: Vec<RecordedMove>) -> Vec<RecordedMove> {
        if self.finished() {
            return moves;
        }
        let Some(record) = self.own().filter(|r| at <= r.moves.len()) else {
            return moves;
        };
        let old = record.moves.split_off(at);
        record.moves.extend(moves);
        self.cursor = at;
        old
    }

    /// Whether a move can be undone.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether an undone move can be redone (never at a followed record: the moves
    /// beyond its cursor are not undone, only not shown yet).
    pub fn can_redo(&self) -> bool {
        !self.follows() && self.cursor < self.len()
    }

    /// The next undone move, if any.
    pub fn next_redo(&self) -> Option<MoveId> {
        if self.follows() {
            return None;
        }
        let cursor = self.cursor;
        self.read(|r| r.moves.get(cursor).map(|m| MoveId(m.id)))
    }

    /// Moves the cursor to after the record's first `n` moves.
    pub fn set_cursor(&mut self, n: usize) {
        self.cursor = n.min(self.len());
    }

    /// The record to save: a finished game whole (wherever it is being reviewed), a game
    /// in progress up to the cursor, the moves undone after it kept for Redo
    /// ([`Record::undone`]); a followed record as the network side holds it now, up to
    /// the move the table shows.
    pub fn record(&self) -> Record {
        let mut record = match &self.record {
            Held::Own(record) => (**record).clone(),
            Held::Followed(shared) => {
                let mut record = shared.get();
                if self.cursor < record.moves.len() {
                    record.moves.truncate(self.cursor);
                    record.result = None;
                    record.ending = None;
                    record.ended_ms = None;
                }
                return record;
            }
        };
        if self.cursor < record.moves.len() && !self.finished() {
            record.undone = record.moves.split_off(self.cursor);
            record.result = None;
            record.ending = None;
        }
        record
    }

    /// How the game ended outside its rules, when the position shown is its end.
    pub fn ending(&self) -> Option<Ending> {
        let cursor = self.cursor;
        self.read(|r| r.ending.filter(|_| cursor == r.moves.len()))
    }

    /// Ends the game after its last move (a resignation, an agreed draw, a loss on time),
    /// or with `None` takes such an end back (a followed record's end is the network
    /// side's: unchanged).
    pub fn set_ending(&mut self, ending: Option<Ending>) {
        let played = self.played_before + self.started.elapsed();
        if let Some(record) = self.own() {
            record.ended_ms = ending
                .is_some()
                .then(|| u64::try_from(played.as_millis()).ok())
                .flatten();
            record.ending = ending;
        }
    }

    /// How long the game was played: to its ending (a resignation, an agreed draw, a
    /// loss on time) when it has one, else to its last move with a time.
    pub fn played_ms(&self) -> Option<u64> {
        self.read(|r| {
            r.ended_ms
                .filter(|_| r.ending.is_some())
                .or_else(|| r.moves.iter().rev().find_map(|m| m.at_ms))
        })
    }

    /// The players' clocks, if the game has them here (a followed record's are the
    /// network side's, which shows them itself: none here).
    pub fn clock(&self) -> Option<&ClockState> {
        match &self.record {
            Held::Own(record) => record.clock.as_ref(),
            Held::Followed(_) => None,
        }
    }

    /// The players' clocks, to run them.
    pub fn clock_mut(&mut self) -> Option<&mut ClockState> {
        self.own()?.clock.as_mut()
    }

    /// Gives the game clocks (or takes them away with `None`).
    pub fn set_clock(&mut self, clock: Option<ClockState>) {
        if let Some(record) = self.own() {
            record.clock = clock;
        }
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
    fn a_followed_record_is_read_never_written() {
        use crate::{ending::Ending, record::SharedRecord, table::pile};
        let plugin = pile::plugin();
        let seats = vec![SeatKind::Person, SeatKind::Remote];
        let options = game_api::Options::default();
        let mut own = super::Session::new(&plugin, &options, seats.clone(), 7, None);
        own.set_clock(Some(crate::ending::ClockState::new(2, 60_000, 0)));
        let shared = SharedRecord::new(own.record());
        let mut session = super::Session::following(&plugin, &options, seats, shared.clone());
        assert!(session.follows() && session.followed().is_some_and(|r| r.is(&shared)));
        // The network side records a move: the session reads it, not shown yet.
        let mut writer = super::Session::new(&plugin, &options, Vec::new(), 7, None);
        writer.record_played(game_api::MoveId(2), "2".into(), Some(0), "3 1");
        let recorded = writer.moves()[0].clone();
        shared.write(|r| r.moves.push(recorded.clone()));
        assert_eq!((session.record_len(), session.moves().len()), (1, 0));
        assert_eq!((session.cursor(), session.can_redo()), (0, false));
        assert_eq!(session.next_redo(), None);
        // Shown: only the cursor moves, whatever the table says it played.
        let dropped = session.record_played(game_api::MoveId(1), "1".into(), Some(0), "x");
        assert!(dropped.is_empty());
        assert_eq!(session.cursor(), 1);
        session.set_result(None);
        session.set_ending(Some(Ending::Resigned { seat: 0 }));
        session.set_seat(0, SeatKind::Bot("random".into()));
        assert_eq!(session.swap_tail(0, Vec::new()), Vec::new());
        assert!(session.clock_mut().is_none() && session.clock().is_none());
        assert_eq!(
            shared.get().moves,
            vec![recorded],
            "the session wrote moves"
        );
        assert_eq!(
            shared.read(|r| (r.ending, r.seats[0].clone())),
            (None, "human".into())
        );
        // An ending the network side records counts once the table shows every move.
        shared.write(|r| {
            r.moves.push(r.moves[0].clone());
            r.ending = Some(Ending::Resigned { seat: 1 });
        });
        assert!(!session.finished() && session.ending().is_none());
        session.set_cursor(2);
        assert!(session.finished());
        assert_eq!(session.ending(), Some(Ending::Resigned { seat: 1 }));
        assert_eq!(session.record(), shared.get());
    }

    #[test]
    fn seat_names_round_trip() {
        for kind in [SeatKind::Person, SeatKind::Bot("greedy".into())] {
            assert_eq!(SeatKind::from_record_name(&kind.record_name()), kind);
        }
    }
}
