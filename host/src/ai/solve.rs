//! Exact solving of small two-seat games without chance, within a memory budget.
//!
//! Alpha-beta to the end of the game with a transposition table keyed by the plugin's
//! state hash. The table never outgrows its budget: it starts small, doubles while it
//! fills, and once at its largest size replaces the entry that took the least work to
//! compute (four entries per bucket). Its entries only save work, so a full table makes
//! the solve slower, never wrong.

use std::{
    mem::size_of,
    time::{Duration, Instant},
};

use game_api::{GameResult, MoveId, Outcome, Turn};
use thiserror::Error;

use super::alphabeta::WIN;
use crate::plugins::{CallError, GameHandle};

/// The smallest table budget accepted, in bytes (64 KB).
pub const MIN_MEMORY: u64 = 64 << 10;

/// How much memory to use and how often to report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveConfig {
    /// The most memory the solve may take, in bytes; at least [`MIN_MEMORY`]. Its table
    /// takes at most this less [`reserve`]`(memory)` for the rest of the process,
    /// including the moment it grows (old and new table side by side).
    pub memory: u64,
    /// How often to call the progress callback.
    pub progress_every: Duration,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            memory: 256 << 20,
            progress_every: Duration::from_secs(2),
        }
    }
}

/// How far a solve has come, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Positions searched so far.
    pub nodes: u64,
    /// Entries in the table.
    pub entries: usize,
    /// Entries the table can hold at its largest.
    pub max_entries: usize,
    /// The table's current size in bytes.
    pub table_bytes: u64,
    /// Entries replaced because the table was full.
    pub replaced: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
}

/// The exact value of a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The final margin (own score minus the opponent's) for the side to move under
    /// perfect play.
    pub margin: f64,
    /// A best move.
    pub best: MoveId,
    /// The principal line, as far as the table still holds it.
    pub line: Vec<MoveId>,
    /// How far the solve came (positions searched, table fill).
    pub progress: Progress,
}

/// Why a position cannot be solved.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The game is over at the position.
    #[error("the game is over: there is no move to solve")]
    Over,
    /// The game has chance events.
    #[error(
        "solve plays games without chance to the end; this game has a chance event after {0} \
         moves of the search"
    )]
    Chance(usize),
    /// The game has another number of seats than two.
    #[error("solve handles two-seat games; this game has {0} seats")]
    Seats(u8),
    /// The plugin gives no legal move at a seat's turn.
    #[error("the plugin gives no legal move at the seat's turn")]
    NoMove,
    /// The memory budget is below [`MIN_MEMORY`].
    #[error("a memory budget of {0} bytes is too small: the table needs at least 64 KB")]
    Memory(u64),
    /// The plugin failed.
    #[error("the plugin failed: {0}")]
    Plugin(#[from] CallError),
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const NO_MOVE: u32 = u32::MAX;
const WAYS: usize = 4;
/// The most slots a new table starts with (2 MB).
const START_SLOTS: usize = 1 << 16;

/// What [`SolveConfig::memory`] keeps for the rest of the process (the plugin, the
/// search's stack of positions): a quarter of it, at most 32 MB.
pub fn reserve(memory: u64) -> u64 {
    (memory / 4).min(32 << 20)
}

/// One table entry; `work == 0` marks an empty slot.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    value: f64,
    best: u32,
    /// Positions searched to compute the entry (saturated): what replacing it costs.
    work: u32,
    bound: u8,
}

/// Where [`Table::place`] put an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placed {
    /// In an empty slot.
    New,
    /// Over the entry of the same position.
    Same,
    /// Over another position's entry.
    Evicted,
}

/// A bucketed table that grows up to a fixed number of slots.
struct Table {
    slots: Vec<Slot>,
    max_slots: usize,
    used: usize,
    replaced: u64,
}

/// Spreads a plugin's hash over all bits (the splitmix64 finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Table {
    /// A table whose largest size, and its growth to it, fit in `memory` bytes.
    fn new(memory: u64) -> Self {
        // The table doubles up to its largest size; the last doubling holds the old half
        // and the new table at once: 1.5 times the largest size.
        let most = (memory / 3 * 2 / size_of::<Slot>() as u64) as usize;
        let mut doublings = 0;
        while (most >> doublings) > START_SLOTS {
            doublings += 1;
        }
        let step = WAYS << doublings;
        let max_slots = (most / step * step).max(WAYS);
        let start = max_slots >> doublings;
        Table {
            slots: vec![Slot::default(); start],
            max_slots,
            used: 0,
            replaced: 0,
        }
    }

    fn bucket(len: usize, key: u64) -> usize {
        let buckets = (len / WAYS) as u128;
        ((u128::from(mix(key)) * buckets) >> 64) as usize * WAYS
    }

    fn get(&self, key: u64) -> Option<&Slot> {
        let b = Self::bucket(self.slots.len(), key);
        self.slots[b..b + WAYS]
            .iter()
            .find(|s| s.work != 0 && s.key == key)
    }

    fn insert(&mut self, slot: Slot) {
        if self.slots.len() < self.max_slots
            && (self.used * 4 >= self.slots.len() * 3
                || (self.used * 2 >= self.slots.len() && self.bucket_full(slot.key)))
        {
            self.grow();
        }
        match Self::place(&mut self.slots, slot) {
            Placed::New => self.used += 1,
            Placed::Same => {}
            Placed::Evicted => self.replaced += 1,
        }
    }

    /// Whether storing `key` would evict another entry.
    fn bucket_full(&self, key: u64) -> bool {
        let b = Self::bucket(self.slots.len(), key);
        self.slots[b..b + WAYS]
            .iter()
            .all(|s| s.work != 0 && s.key != key)
    }

    /// Puts `slot` in its bucket: over the same key, in an empty way, or over the entry
    /// that took the least work.
    fn place(slots: &mut [Slot], slot: Slot) -> Placed {
        let b = Self::bucket(slots.len(), slot.key);
        let bucket = &mut slots[b..b + WAYS];
        if let Some(s) = bucket.iter_mut().find(|s| s.work != 0 && s.key == slot.key) {
            *s = slot;
            return Placed::Same;
        }
        if let Some(s) = bucket.iter_mut().find(|s| s.work == 0) {
            *s = slot;
            return Placed::New;
        }
        if let Some(cheapest) = bucket.iter_mut().min_by_key(|s| s.work) {
            *cheapest = slot;
        }
        Placed::Evicted
    }

    fn grow(&mut self) {
        let len = (self.slots.len() * 2).min(self.max_slots);
        let mut slots = vec![Slot::default(); len];
        let mut used = 0;
        for s in self.slots.iter().filter(|s| s.work != 0) {
            if Self::place(&mut slots, *s) == Placed::New {
                used += 1;
            }
        }
        self.slots = slots;
        self.used = used;
    }

    fn bytes(&self) -> u64 {
        (self.slots.len() * size_of::<Slot>()) as u64
    }
}

struct Solver<'a> {
    table: Table,
    nodes: u64,
    started: Instant,
    last_report: Instant,
    every: Duration,
    progress: &'a mut dyn FnMut(&Progress),
}

/// The value of a finished game for `seat`: ±WIN plus the margin, the margin for a draw.
fn terminal_value(outcome: &Outcome, seat: usize) -> f64 {
    let margin = (outcome.seats[seat].score - outcome.seats[1 - seat].score) as f64;
    match outcome.seats[seat].result {
        GameResult::Win => WIN + margin,
        GameResult::Loss => -WIN + margin,
        GameResult::Draw => margin,
    }
}

impl Solver<'_> {
    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            entries: self.table.used,
            max_entries: self.table.max_slots,
            table_bytes: self.table.bytes(),
            replaced: self.table.replaced,
            elapsed: self.started.elapsed(),
        }
    }

    /// The exact value of `game` for `root` within (`alpha`, `beta`).
    fn search(
        &mut self,
        game: &GameHandle,
        mut alpha: f64,
        mut beta: f64,
        root: u8,
        ply: usize,
    ) -> Result<f64, SolveError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && self.last_report.elapsed() >= self.every {
            self.last_report = Instant::now();
            let p = self.progress();
            (self.progress)(&p);
        }
        let seat = match game.turn()? {
            Turn::Over { outcome } => return Ok(terminal_value(&outcome, usize::from(root))),
            Turn::Chance { .. } => return Err(SolveError::Chance(ply)),
            Turn::Seat { seat } => seat,
        };
        let key = game.state_hash()? ^ u64::from(root);
        let mut tt_best = None;
        if let Some(e) = self.table.get(key) {
            tt_best = (e.best != NO_MOVE).then_some(MoveId(e.best));
            match e.bound {
                EXACT => return Ok(e.value),
                LOWER => alpha = alpha.max(e.value),
                _ => beta = beta.min(e.value),
            }
            if alpha >= beta {
                return Ok(e.value);
            }
        }
        let (alpha0, beta0, nodes0) = (alpha, beta, self.nodes);
        let mut moves = game.legal_moves()?;
        if let Some(b) = tt_best
            && let Some(i) = moves.iter().position(|m| *m == b)
        {
            moves.swap(0, i);
        }
        let maximise = seat == root;
        let mut best_value = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_move = None;
        for mv in moves {
            let mut next = game.clone();
            next.apply(mv)?;
            let v = self.search(&next, alpha, beta, root, ply + 1)?;
            if (maximise && v > best_value) || (!maximise && v < best_value) {
                best_value = v;
                best_move = Some(mv);
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_value <= alpha0 {
            UPPER
        } else if best_value >= beta0 {
            LOWER
        } else {
            EXACT
        };
        self.table.insert(Slot {
            key,
            value: best_value,
            best: best_move.map_or(NO_MOVE, |m| m.0),
            work: u32::try_from(self.nodes - nodes0 + 1).unwrap_or(u32::MAX),
            bound,
        });
        Ok(best_value)
    }

    /// The best moves from `game` as far as the table holds them.
    fn line(&self, game: &GameHandle, root: u8, max: usize) -> Vec<MoveId> {
        let mut line = Vec::new();
        let mut game = game.clone();
        while line.len() < max {
            let Ok(hash) = game.state_hash() else { break };
            let Some(e) = self.table.get(hash ^ u64::from(root)) else {
                break;
            };
            if e.best == NO_MOVE || game.apply(MoveId(e.best)).is_err() {
                break;
            }
            line.push(MoveId(e.best));
        }
        line
    }
}

/// The exact value of `game` for the side to move under perfect play: the final margin
/// (own score minus the opponent's), with a best move and the line. For small games:
/// the time grows with the game's size, the memory stays within `config.memory`.
/// `progress` is called about every `config.progress_every`.
pub fn solve(
    game: &GameHandle,
    config: &SolveConfig,
    mut progress: impl FnMut(&Progress),
) -> Result<Solution, SolveError> {
    if config.memory < MIN_MEMORY {
        return Err(SolveError::Memory(config.memory));
    }
    let seats = game.seat_count()?;
    if seats != 2 {
        return Err(SolveError::Seats(seats));
    }
    let root = match game.turn()? {
        Turn::Seat { seat } => seat,
        Turn::Over { .. } => return Err(SolveError::Over),
        Turn::Chance { .. } => return Err(SolveError::Chance(0)),
    };
    let mut solver = Solver {
        table: Table::new(config.memory - reserve(config.memory)),
        nodes: 0,
        started: Instant::now(),
        last_report: Instant::now(),
        every: config.progress_every,
        progress: &mut progress,
    };
    let value = solver.search(game, f64::NEG_INFINITY, f64::INFINITY, root, 0)?;
    // The root's entry is the last one stored, so the table always holds the first move.
    let line = solver.line(game, root, 64);
    let best = *line.first().ok_or(SolveError::NoMove)?;
    let margin = if value >= WIN - 1000.0 {
        value - WIN
    } else if value <= -WIN + 1000.0 {
        value + WIN
    } else {
        value
    };
    Ok(Solution {
        margin,
        best,
        line,
        progress: solver.progress(),
    })
}

/// A default memory budget: a quarter of the machine's memory (from `/proc/meminfo` on
/// Linux), or 1 GB where that cannot be read.
pub fn default_memory() -> u64 {
    total_memory().map_or(1 << 30, |m| m / 4)
}

/// The machine's memory in bytes, where the system tells it.
pub fn total_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_stays_within_its_budget_and_keeps_what_cost_most() {
        let memory = MIN_MEMORY;
        let mut t = Table::new(memory);
        let max = t.max_slots;
        assert!(max * size_of::<Slot>() * 3 / 2 <= memory as usize);
        // Every size it grows through doubles the one before, up to the largest.
        assert_eq!(max % t.slots.len(), 0);
        assert!((max / t.slots.len()).is_power_of_two());
        let big = Table::new(512 << 20);
        assert_eq!(big.max_slots % big.slots.len(), 0);
        assert!((big.max_slots / big.slots.len()).is_power_of_two());
        assert!(big.max_slots * size_of::<Slot>() * 3 / 2 <= 512 << 20);
        assert!(
            big.max_slots * size_of::<Slot>() * 2 > 512 << 20,
            "most of the budget is used"
        );
        for k in 1..=(3 * max as u64) {
            t.insert(Slot {
                key: k,
                value: k as f64,
                best: 0,
                work: (k % 1000) as u32 + 1,
                bound: EXACT,
            });
            assert!(t.slots.len() <= max);
        }
        assert_eq!(t.slots.len(), max, "grown to the largest size");
        assert!(t.used <= max && t.replaced > 0);
        // An entry that is present reads back as written.
        let present = t.slots.iter().find(|s| s.work != 0).unwrap();
        assert_eq!(t.get(present.key).unwrap().value, present.key as f64);
        // Expensive entries survive more often than cheap ones.
        let kept: Vec<u32> = t.slots.iter().map(|s| s.work).collect();
        let mean = kept.iter().map(|&w| f64::from(w)).sum::<f64>() / kept.len() as f64;
        assert!(mean > 600.0, "mean work kept {mean}");
    }

    #[test]
    fn meminfo_is_read_where_there_is_one() {
        if std::path::Path::new("/proc/meminfo").exists() {
            let total = total_memory().unwrap();
            assert!(total > 64 << 20);
            assert_eq!(default_memory(), total / 4);
        } else {
            assert_eq!(default_memory(), 1 << 30);
        }
    }
}
