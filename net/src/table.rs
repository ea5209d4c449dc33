//! One side's table in a network game: its game ([`NetGame`]: the worker, sandboxed, or the app's table's), the record,
//! the shared chance generator, its local player, and the checks every remote move
//! passes before it is played.
//!
//! The loop is the same on every side: at a chance event both sides draw the outcome
//! from the shared seed; at a local seat the local player (a bot, or a person typing
//! moves) chooses and the move is sent; at a remote seat the side waits for the move,
//! checks its number, its seat and its legality, plays it, and compares the position
//! hash it reaches with the sender's. What differs — who is connected to whom, who
//! passes moves on — is the role's ([`mod@super::host`], [`mod@super::join`]).

use std::{
    path::PathBuf,
    sync::mpsc,
    time::{Duration, Instant},
};

use game_api::{Rng, Turn};
use thiserror::Error;

use super::{
    NetRecord,
    game::NetGame,
    link::{Event, NetError},
    message::{Message, NetMove},
    position_hash, referee,
    throws::Step,
};
use tavola_core::{
    ending::Ending,
    record::{Record, RecordedMove, SharedRecord, position_check},
    storage::RecordWriter,
    worker::Snapshot,
};

/// Who plays the seats of this side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalPlayer {
    /// A bot, by the name `tavola play --seat` takes.
    Bot(String),
    /// A person typing moves (and `resign`, `draw`, `takeback`, `yes`, `no`) on
    /// standard input.
    Stdin,
    /// A person at the app: the same lines come from the app on a channel, and the game
    /// tells the app what changed ([`Update`]).
    App(AppPlayer),
}

/// What a network game tells the app of a person's side.
#[derive(Debug, Clone)]
pub enum Update {
    /// The invite to show, and how many seats are open.
    Invite(String, usize),
    /// The seats this side plays (none: it watches), once the game is set up.
    Seats(Vec<u8>),
    /// The time each seat has left, in milliseconds, in seat order, as of this moment
    /// (the clock of the seat to move runs on from it).
    Clocks(Vec<u64>),
    /// A player's connection dropped (`true`: the game waits for them to come back, the
    /// clocks stand still) or is back (`false`).
    Away(bool),
    /// The record changed (a move, a takeback, an ending, the start): the game's one
    /// record, shared — the same value every time, which this side alone writes (each
    /// move appended and saved before it is sent) and the app's table follows
    /// ([`Session::following`](tavola_core::session::Session::following)).
    Record(SharedRecord),
    /// The person's seat is to move.
    YourTurn,
    /// A question for the person (a draw offer, a takeback request): answer `yes` or `no`.
    Question(String),
    /// Something worth saying (a refusal, a player gone or back, an answer).
    Report(String),
}

/// The app's end of a person's side: the lines it sends, and the updates it reads.
#[derive(Clone)]
pub struct AppPlayer {
    lines: std::sync::Arc<std::sync::Mutex<Option<mpsc::Receiver<String>>>>,
    /// What sets up the game on the app's side (its table's worker lent), taken once.
    game: std::sync::Arc<std::sync::Mutex<Option<super::game::GameStarter>>>,
    /// Set when the person closed the game in the app (see [`AppPlayer::close`]).
    closed: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Where the game's updates go.
    pub updates: mpsc::Sender<Update>,
}

impl AppPlayer {
    /// A player fed by `lines` (a move's notation, `resign`, `draw`, `takeback`, `yes`,
    /// `no`) and telling `updates`.
    pub fn new(lines: mpsc::Receiver<String>, updates: mpsc::Sender<Update>) -> Self {
        AppPlayer {
            lines: std::sync::Arc::new(std::sync::Mutex::new(Some(lines))),
            game: Default::default(),
            closed: Default::default(),
            updates,
        }
    }

    /// The game is set up by `starter` (the app lends its table's worker), not in a
    /// worker of the network side's own: the game is held once.
    pub fn with_game(self, starter: super::game::GameStarter) -> Self {
        if let Ok(mut game) = self.game.lock() {
            *game = Some(starter);
        }
        self
    }

    /// The app's game starter, if it has one not taken yet.
    pub(super) fn take_game(&self) -> Option<super::game::GameStarter> {
        self.game.lock().ok()?.take()
    }

    /// The person closed the game in the app (cancelled an offer, or left): the side
    /// still waiting for players stops.
    pub fn close(&self) {
        self.closed
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether the person closed the game in the app.
    pub fn closed(&self) -> bool {
        self.closed.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn take_lines(&self) -> Option<mpsc::Receiver<String>> {
        self.lines.lock().ok()?.take()
    }
}

impl std::fmt::Debug for AppPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AppPlayer")
    }
}

impl PartialEq for AppPlayer {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.lines, &other.lines)
    }
}

impl Eq for AppPlayer {}

/// Why a network game stopped before its end.
#[derive(Debug, Clone, Error)]
pub enum TableError {
    /// The network failed.
    #[error(transparent)]
    Net(#[from] NetError),
    /// This side's worker (the plugin) failed.
    #[error("the game's plugin failed: {0}")]
    Worker(String),
    /// The two sides run different games or plugins.
    #[error("{0}")]
    Mismatch(String),
    /// The other side refused what this side sent, and stopped.
    #[error("the other side stopped the game: {0}")]
    RefusedByPeer(String),
    /// The other side sent what this side refuses; nothing of it was played or recorded.
    #[error("refused from the other side: {0}")]
    Refused(String),
    /// Both sides played the same move and reached different positions (both run the
    /// same plugin file: the sender's claim is false, and the move is refused).
    #[error(
        "the two sides disagree after move {number} ({notation}): this side reached position {ours}, the other {theirs}; the move is refused (the record keeps every move before it)"
    )]
    Disagree {
        /// The move's number.
        number: u32,
        /// Its notation.
        notation: String,
        /// This side's position hash.
        ours: String,
        /// The sender's.
        theirs: String,
    },
    /// The other side left and did not come back in time.
    #[error("the other side left and did not come back within {0} s")]
    Abandoned(u64),
    /// Standard input ended while this side's person was to move or answer.
    #[error("standard input is closed: nobody is left to play this side's seat")]
    NoInput,
    /// The person cancelled the offer in the app before every seat was taken.
    #[error("the offer was cancelled")]
    Cancelled,
    /// The record could not be saved.
    #[error("the record could not be saved: {0}")]
    Record(String),
}

/// How a network game ended, for the command line.
#[derive(Debug)]
pub struct NetOutcome {
    /// The last position.
    pub snapshot: Snapshot,
    /// The record (as saved).
    pub record: Record,
    /// Bytes sent by this side, every frame counted.
    pub bytes_sent: u64,
    /// Moves this side sent (its own, and those it passed on).
    pub moves_sent: u64,
    /// The seats' names for people (the plugin's).
    pub seat_names: Vec<String>,
}

/// A side's game: everything but the connections.
pub(super) struct Table {
    /// The game, held here once: every move and takeback is played through it.
    pub game: Box<dyn NetGame>,
    pub snapshot: Snapshot,
    /// The game's one record: written here only, read by the app's table too (a person
    /// at the app), saved by `writer` after each change.
    pub record: SharedRecord,
    pub writer: Option<RecordWriter>,
    pub bot_rng: Rng,
    pub local: Vec<u8>,
    pub player: LocalPlayer,
    pub stdin: Option<mpsc::Receiver<String>>,
    /// Where a person at the app is told what changed.
    pub updates: Option<mpsc::Sender<Update>>,
    pub events: mpsc::Receiver<Event>,
    pub started: Instant,
    /// The latest the turn of the seat to move may have started, by this side's clock
    /// (when this side saw it start): the clocks run from it.
    pub turn_started: Instant,
    /// The earliest it may have started: the same instant, but after an absence, when the
    /// turn began while this side could not see it (see `referee.rs`).
    pub turn_earliest: Instant,
    /// The record's length when the seat to move last had its turn's clock restarted on
    /// coming back (at most once a turn).
    pub restarted_at: Option<usize>,
    /// The game's moves as they travel (chance outcomes left out), for catching up.
    pub net_moves: Vec<NetMove>,
    /// The clocks' time control, if the game has clocks.
    pub clock: Option<super::TimeControl>,
    /// The game's throws (set with the network section at the start).
    pub throws: Option<super::throws::Throws>,
    /// Messages for the other sides that the table made (its contributions to throws):
    /// the role sends them.
    pub outbox: Vec<Message>,
    /// The record's network section changed since the last save.
    pub net_changed: bool,
}

/// The worker's error, said once.
pub(super) fn worker_error(e: impl std::fmt::Display) -> TableError {
    TableError::Worker(e.to_string())
}

impl Table {
    /// A table for the game `record` describes (no move played yet), its first save
    /// made.
    pub fn new(
        game: Box<dyn NetGame>,
        snapshot: Snapshot,
        record: Record,
        record_path: Option<PathBuf>,
        local: Vec<u8>,
        player: LocalPlayer,
        events: mpsc::Receiver<Event>,
    ) -> Self {
        let (stdin, updates) = match &player {
            LocalPlayer::Stdin => (Some(super::player::stdin_lines()), None),
            LocalPlayer::App(app) => (app.take_lines(), Some(app.updates.clone())),
            LocalPlayer::Bot(_) => (None, None),
        };
        if let Some(u) = &updates {
            let _ = u.send(Update::Seats(local.clone()));
        }
        Table {
            game,
            clock: None,
            snapshot,
            record: SharedRecord::new(record),
            writer: record_path.map(RecordWriter::new),
            bot_rng: Rng::with_seed(super::fair::Nonce::generate_u64()),
            local,
            player,
            stdin,
            updates,
            events,
            started: Instant::now(),
            turn_started: Instant::now(),
            turn_earliest: Instant::now(),
            restarted_at: None,
            net_moves: Vec::new(),
            throws: None,
            outbox: Vec::new(),
            net_changed: false,
        }
    }

    /// Saves the record so far (all of it again when its network section changed: the
    /// throws, which a side coming back after a crash must find in its record).
    /// The record is copied out of its lock to be written: the app's table never waits
    /// for the disk.
    pub fn save(&mut self) -> Result<(), TableError> {
        if let Some(w) = &mut self.writer {
            let record = self.record.get();
            let saved = if std::mem::take(&mut self.net_changed) {
                w.restart(&record)
            } else {
                w.save(&record)
            };
            saved.map_err(|e| TableError::Record(e.to_string()))?;
        }
        Ok(())
    }

    /// The last save of the game, with its result.
    pub fn finish(&mut self) -> Result<(), TableError> {
        if let Turn::Over { outcome } = &self.snapshot.turn {
            self.record.write(|r| {
                if r.result.is_none() {
                    r.result = Some(outcome.clone());
                }
            });
        }
        if let Some(w) = &mut self.writer {
            w.finish(&self.record.get())
                .map_err(|e| TableError::Record(e.to_string()))?;
        }
        Ok(())
    }

    /// Sets the record's network section (before the first save).
    pub fn set_net(&mut self, net: NetRecord, seed: u64) {
        self.record.write(|r| {
            r.seed = Some(seed);
            r.net = Some(net);
        });
        self.restart_turn();
        self.changed();
    }

    /// Seat `seat` as people call it: the plugin's name for it, with its number
    /// (`North (seat 1)`).
    pub fn seat_name(&self, seat: u8) -> String {
        match self
            .game
            .plugin()
            .manifest()
            .seat_names
            .get(usize::from(seat))
        {
            Some(name) => name.clone(),
            None => tavola_core::tr!("net-seat", number = seat),
        }
    }

    /// Whether the game may have chance events: only then is the commitment to the
    /// shared seed worth telling people.
    pub fn may_have_chance(&self) -> bool {
        self.game.plugin().manifest().may_have_chance()
    }

    /// The number the next action will have.
    pub fn next_number(&self) -> u32 {
        self.record.move_count() as u32 + 1
    }

    /// Whether the game is over (by its rules or an ending agreed on the network).
    pub fn is_over(&self) -> bool {
        self.record.read(|r| r.ending.is_some()) || matches!(self.snapshot.turn, Turn::Over { .. })
    }

    /// Plays move `mv` (legal here) for `seat`, records and saves it; returns false
    /// (and ends the game on time) instead if `seat`'s clock ran out before it.
    pub fn apply(&mut self, mv: u32, seat: Option<u8>) -> Result<bool, TableError> {
        let spent = self.turn_started.elapsed().as_millis() as u64;
        if let Some(s) = seat
            && self.out_of_time(s, spent)
        {
            self.flag(s)?;
            return Ok(false);
        }
        let notation = self
            .snapshot
            .moves
            .iter()
            .find(|m| m.id.0 == mv)
            .map(|m| m.notation.clone())
            .ok_or_else(|| TableError::Worker(format!("move {mv} is not legal here")))?;
        let snapshot = self.game.play(mv)?;
        self.push((mv, notation, seat), spent, &snapshot);
        self.snapshot = snapshot;
        self.restart_turn();
        self.changed();
        self.save()?;
        Ok(true)
    }

    /// Records move `(id, notation, seat)`, which took `spent` ms of its mover's clock;
    /// then the game may show it ([`NetGame::recorded`]).
    fn push(
        &mut self,
        (mv, notation, seat): (u32, String, Option<u8>),
        spent: u64,
        after: &Snapshot,
    ) {
        if let Some(seat) = seat {
            self.net_moves.push(NetMove {
                number: self.next_number(),
                seat,
                notation: notation.clone(),
                position: position_hash(&after.notation),
                spent_ms: spent,
            });
        }
        let recorded = RecordedMove {
            id: mv,
            notation,
            seat,
            at_ms: Some(self.started.elapsed().as_millis() as u64),
            check: Some(position_check(&after.notation)),
            spent_ms: (seat.is_some() && self.clock.is_some()).then_some(spent),
            notes: Default::default(),
        };
        self.record.write(|r| r.moves.push(recorded));
        self.game.recorded();
    }

    /// Plays a move of this side's own record again (coming back to a game), checking
    /// that it reaches the recorded position.
    pub fn replay(&mut self, m: &RecordedMove) -> Result<(), TableError> {
        if !self
            .snapshot
            .moves
            .iter()
            .any(|i| i.id.0 == m.id && i.notation == m.notation)
        {
            return Err(TableError::Mismatch(format!(
                "move {} of the record ({}) is not legal here",
                self.next_number(),
                m.notation
            )));
        }
        let snapshot = self.game.play(m.id)?;
        if m.check
            .as_ref()
            .is_some_and(|c| *c != position_check(&snapshot.notation))
        {
            return Err(TableError::Mismatch(format!(
                "move {} of the record ({}) does not reach the recorded position",
                self.next_number(),
                m.notation
            )));
        }
        let spent = m.spent_ms.unwrap_or(0);
        self.push((m.id, m.notation.clone(), m.seat), spent, &snapshot);
        self.snapshot = snapshot;
        Ok(())
    }

    /// At a chance event, the throw: played once every seat's contribution is in (this
    /// side's own put in the outbox first), else [`Chance::Waiting`].
    pub fn play_chance(&mut self) -> Result<Chance, TableError> {
        let Turn::Chance { outcomes } = &self.snapshot.turn else {
            return Ok(Chance::NotDue);
        };
        let outcomes = outcomes.clone();
        let number = self.next_number();
        let throws = self.throws.as_mut().ok_or_else(|| {
            TableError::Worker("a chance event before the throws were set up".into())
        })?;
        loop {
            match throws
                .at_chance(number)
                .map_err(|e| TableError::Refused(e.to_string()))?
            {
                Step::Send(m) => self.outbox.push(m),
                Step::Wait => return Ok(Chance::Waiting),
                Step::Play(mut rng) => {
                    let made = throws.made().to_vec();
                    if self
                        .record
                        .write(|r| r.net.as_mut().map(|net| net.throws = made).is_some())
                    {
                        self.net_changed = true;
                    }
                    let mv = outcomes[rng.chance(&outcomes)].mv.0;
                    self.apply(mv, None)?;
                    return Ok(Chance::Played);
                }
            }
        }
    }

    /// Whether the turn is a chance event, at which action (a contribution to a throw is
    /// taken only for the throw due).
    pub fn chance_at(&self) -> Option<u32> {
        matches!(self.snapshot.turn, Turn::Chance { .. }).then(|| self.next_number())
    }

    /// The seat to move, if a seat is.
    pub fn seat_to_move(&self) -> Option<u8> {
        match self.snapshot.turn {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        }
    }

    /// Checks and plays a move that came from the network (`referee.rs`: its
    /// number, seat and legality, and its clock claim against what this side saw — a
    /// live move's alone, a caught-up move's with the rest of its catch-up). A refused
    /// move changes nothing; a move that leads both sides to different positions is
    /// taken back here and stops the game.
    pub fn apply_remote(&mut self, m: &NetMove, claim: Claim) -> Result<(), TableError> {
        let (mv, notation) =
            referee::move_shape(self, m).map_err(|e| TableError::Refused(e.to_string()))?;
        if let Claim::Live { rtt } = claim {
            // Too short a claim matters only on a clock (without clocks claims are
            // recorded nowhere); too long a one is never true.
            let seen = referee::TurnSeen {
                earliest: self.turn_earliest,
                latest: self.turn_started,
            };
            referee::clock_claim(
                m.spent_ms,
                seen,
                referee::allowance(rtt),
                self.clock.is_some(),
            )
            .map_err(|e| TableError::Refused(e.to_string()))?;
        }
        if self.out_of_time(m.seat, m.spent_ms) {
            // The mover's own claim says its time ran out first: the move does not count.
            return self.flag(m.seat);
        }
        let snapshot = self.game.play(mv)?;
        let ours = position_hash(&snapshot.notation);
        if ours != m.position {
            self.snapshot = self.game.goto(&self.record.ids())?;
            return Err(TableError::Disagree {
                number: m.number,
                notation,
                ours,
                theirs: m.position.chars().take(40).collect(),
            });
        }
        self.push((mv, notation, Some(m.seat)), m.spent_ms, &snapshot);
        self.snapshot = snapshot;
        self.restart_turn();
        self.changed();
        self.save()
    }

    /// The clock of the seat to move starts now (a move was played, taken back, or the
    /// game began).
    pub fn restart_turn(&mut self) {
        let now = Instant::now();
        self.turn_started = now;
        self.turn_earliest = now;
    }

    /// Takes back `seat`'s last move and every move after it (the others' replies,
    /// chance outcomes); returns whether `seat` had a move to take back.
    pub fn take_back(&mut self, seat: u8) -> Result<bool, TableError> {
        let Some(at) = self.record.write(|r| {
            let at = r.moves.iter().rposition(|m| m.seat == Some(seat))?;
            r.moves.truncate(at);
            Some(at)
        }) else {
            return Ok(false);
        };
        let keep = self
            .net_moves
            .iter()
            .filter(|m| m.number as usize <= at)
            .count();
        self.net_moves.truncate(keep);
        self.snapshot = self.game.goto(&self.record.ids())?;
        self.restart_turn();
        self.changed();
        self.save()?;
        Ok(true)
    }

    /// Whether `seat` has a move that a takeback would take back.
    pub fn can_take_back(&self, seat: u8) -> bool {
        self.record
            .read(|r| r.moves.iter().any(|m| m.seat == Some(seat)))
    }

    /// Ends the game by `ending` (a resignation, an agreed draw), recorded.
    pub fn end(&mut self, ending: Ending) {
        let outcome = ending.outcome(usize::from(self.snapshot.seat_count));
        self.record.write(|r| {
            r.ending = Some(ending);
            r.result = Some(outcome);
        });
        self.changed();
    }

    /// Tells the app (if a person plays there) the record now, and the clocks.
    pub fn changed(&mut self) {
        let left = self.time_left();
        if let Some(left) = &left {
            self.record.write(|r| {
                if let Some(c) = &mut r.clock {
                    c.left_ms.clone_from(left);
                }
            });
        }
        if let Some(u) = &self.updates {
            let _ = u.send(Update::Record(self.record.clone()));
            if let Some(left) = left {
                let _ = u.send(Update::Clocks(left));
            }
        }
    }

    /// Tells the app (if a person plays there) that a player is away (the game waits,
    /// the clocks stand still) or back; back, the clocks as they are now.
    pub fn away(&self, away: bool) {
        if let Some(u) = &self.updates {
            let _ = u.send(Update::Away(away));
            if let (false, Some(left)) = (away, self.time_left()) {
                let _ = u.send(Update::Clocks(left));
            }
        }
    }

    /// Hands every event already waiting to `on_event`.
    pub fn pump(
        &mut self,
        on_event: &mut dyn FnMut(&mut Table, Event) -> Result<(), TableError>,
    ) -> Result<(), TableError> {
        while let Ok(event) = self.events.try_recv() {
            on_event(self, event)?;
        }
        Ok(())
    }
}

/// What [`Table::play_chance`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chance {
    /// No chance event is up.
    NotDue,
    /// The throw was played.
    Played,
    /// The other players' contributions are awaited.
    Waiting,
}

/// How a remote move's clock claim is checked ([`Table::apply_remote`]).
#[derive(Debug, Clone, Copy)]
pub(super) enum Claim {
    /// A live move, over a link whose round trip is `rtt`: checked against this side's
    /// clock alone.
    Live {
        /// The link's measured round trip.
        rtt: Duration,
    },
    /// A move of a catch-up: checked with the catch-up's other moves
    /// (`referee::catch_up`) before any is played.
    CaughtUp,
}

/// Sends `message` on every link of `links` but `except`.
pub(super) fn broadcast(links: &[super::link::Link], message: &Message, except: Option<u64>) {
    for link in links.iter().filter(|l| Some(l.id()) != except) {
        link.send(message);
    }
}

/// A wait in people's words, in the language in use: "2 minutes", "1 minute",
/// "45 seconds".
///
/// ```
/// use std::time::Duration;
/// use tavola_net::table::wait_words;
///
/// tavola_core::i18n::language::set_language("en");
/// assert_eq!(wait_words(Duration::from_secs(120)), "2 minutes");
/// assert_eq!(wait_words(Duration::from_secs(60)), "1 minute");
/// assert_eq!(wait_words(Duration::from_secs(45)), "45 seconds");
/// ```
pub fn wait_words(wait: Duration) -> String {
    let secs = wait.as_secs();
    match (secs / 60, secs % 60) {
        (m, 0) if m > 0 => tavola_core::tr!("net-wait-minutes", minutes = m),
        _ => tavola_core::tr!("net-wait-seconds", seconds = secs),
    }
}
