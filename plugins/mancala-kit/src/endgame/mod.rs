//! Endgame tables: the exact value of every position with few seeds on the board, by
//! retrograde analysis, for the variants that opt in ([`Variant::endgame_tables`]).
//!
//! **What a table holds.** For every distribution of `n` seeds over the houses (the
//! mover's row first, so one table serves both sides), two bounds on the *play-out
//! value*: the mover's share of the seeds on the board minus the opponent's, when every
//! seed is played out (captures, and at the end the seeds each side keeps) under
//! perfect play. Scores already banked do not change it. `lo == hi` is an exact value,
//! met by play that never repeats a position; `lo < hi` marks a position whose value
//! depends on the repetition rule and the history (see [`build`]).
//!
//! **What it is for** ([`exact_value`], [`probe`]). The final margin is the banked
//! difference plus the table's value *when the rules end the game only when the seeds
//! run out*. A rule that ends it earlier on the scores (Oware's majority: more than
//! half the seeds captured) keeps the *result* exact — the side ahead after every seed
//! is played out is the side that would first pass the majority, and only it — but not
//! the margin; so [`Game::exact_value`](game_api::Game::exact_value) answers, for such a
//! game, only a draw, and [`probe`] tells the winner with the play-out margin. The
//! cycle rule: the bounds hold as they are when the position follows a capture (or the
//! start), so that no earlier position can repeat; later in a capture-free stretch a
//! repetition of an earlier position ends the game on its split, so [`bounds`] widens
//! them by the splits of those positions (kept beside the record,
//! [`History::earlier_splits`](crate::History::earlier_splits)).
//!
//! **Which variants.** Rows of houses, with or without stores in the ring (no mandarin
//! squares), one direction, no relay, no refills, rounds or simultaneous opening
//! (checked by [`supported`]); Oware and Kalah opt in. With stores, a seed sown into a
//! store leaves the board banked, like a capture, and a last seed in one's own store
//! keeps the mover; under Kalah's rules no position can repeat (every move banks a seed
//! or brings seeds nearer their owner's store), so every entry is exact.
//!
//! **Where.** One file per seed count in the folder the host names
//! (`<data dir>/endgames/`), in the format of [`file`](mod@file); loaded tables are kept in this
//! process, shared by every game of the same rules.

mod build;
pub mod file;
pub mod index;
mod point;

use std::{
    any::TypeId,
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex, RwLock,
        atomic::{AtomicI64, Ordering},
    },
};

use game_api::{
    GameError,
    endgame::{BuildState, PerfectPlay, TableFile, TablesOp, TablesRequest, TablesStatus},
};

pub use build::Entry;
pub use build::Progress;
use index::Index;

use crate::{Config, Direction, End, Ends, Mancala, Relay, Remaining, Variant};

/// The seed limit built when none is asked for: every position with up to 15 seeds on
/// the board.
pub const DEFAULT_SEEDS: u32 = 15;

/// The highest seed limit accepted (the values must fit a byte).
pub const MAX_SEEDS: u32 = 40;

/// Whether tables can be built for these rules, and if not why.
pub fn supported(config: &Config) -> Result<(), String> {
    let why = if matches!(config.ends, Ends::Mandarins(_)) {
        "its board has mandarin squares in the sowing ring"
    } else if config.direction != Direction::Anticlockwise {
        "the direction of sowing is chosen"
    } else if config.sow_from != crate::SowFrom::Own || config.min_sow > 1 {
        "moves start outside one's own row, or not from every occupied house"
    } else if config.relay != Relay::None {
        "sowing relays"
    } else if config.refill || config.rounds || config.simultaneous_opening {
        "it has refills, rounds or a simultaneous opening"
    } else if config.end == End::MandarinsEmpty || config.quan_non.is_some() {
        "it ends on its mandarin squares"
    } else if matches!(config.end, End::NoMove { remaining } if remaining != Remaining::Owner) {
        "the seeds left at the end do not go to the owners of their houses"
    } else if 2 * config.houses > 24 || config.houses == 0 {
        "its board is too large"
    } else {
        return Ok(());
    };
    Err(format!("no endgame tables for these rules: {why}"))
}

/// The tables of one set of rules, as loaded.
#[derive(Debug)]
pub struct Tables {
    variant: TypeId,
    /// The rules with the seeds per house (which do not change the values) set to 0.
    config: Config,
    index: Index,
    counts: Vec<Vec<Entry>>,
}

impl Tables {
    /// Every position with at most this many seeds is known (`None`: not even 0).
    pub fn limit(&self) -> Option<u32> {
        (self.counts.len() as u32).checked_sub(1)
    }

    /// The bounds `(lo, hi)` of the play-out value of `view` (the mover's houses first,
    /// then the opponent's), if its seed count is in the tables.
    pub fn probe(&self, view: &[u32]) -> Option<(i32, i32)> {
        self.entry(view).map(|(lo, hi, _)| (lo, hi))
    }

    /// The bounds of [`Tables::probe`] and the point value within them (`lo ≤ point ≤
    /// hi`: the value under a stationary model of the repetition rule where the bounds
    /// differ, see `point.rs`; the value itself where they meet).
    pub fn entry(&self, view: &[u32]) -> Option<(i32, i32, i32)> {
        let seeds: u32 = view.iter().sum();
        let table = self.counts.get(seeds as usize)?;
        let [lo, hi, point] = table[self.index.rank(view, seeds) as usize];
        Some((i32::from(lo), i32::from(hi), i32::from(point)))
    }
}

fn normalised(config: &Config) -> Config {
    Config {
        seeds: 0,
        ..config.clone()
    }
}

/// The rules a file must name: the variant id and every rule that changes the values.
fn rules_key<V: Variant>(config: &Config) -> String {
    let id = V::manifest().id;
    let rules = serde_json::to_string(&normalised(config)).unwrap_or_default();
    format!(
        "{{\"variant\":{},\"rules\":{rules}}}",
        serde_json::json!(id)
    )
}

/// The file of seed count `seeds` for these rules in `dir`.
pub fn file_path<V: Variant>(dir: &Path, config: &Config, seeds: u32) -> PathBuf {
    let key = rules_key::<V>(config);
    let hash = blake3::hash(key.as_bytes()).to_hex();
    dir.join(format!(
        "{}-{}-{seeds:02}.egdb",
        V::manifest().id,
        &hash.as_str()[..12]
    ))
}

fn header<V: Variant>(config: &Config, index: &Index, seeds: u32) -> file::Header {
    file::Header {
        seeds,
        houses: config.houses as u32,
        entries: index.count(seeds),
        rules: rules_key::<V>(config),
    }
}

/// The tables loaded in this process.
static LOADED: RwLock<Vec<Arc<Tables>>> = RwLock::new(Vec::new());

/// The build running or last run in this process.
static BUILD: Mutex<Option<Running>> = Mutex::new(None);

struct Running {
    variant: TypeId,
    config: Config,
    target: u32,
    progress: Arc<Progress>,
    result: Arc<Mutex<Option<Result<(), String>>>>,
}

fn loaded<V: Variant>(config: &Config) -> Option<Arc<Tables>> {
    let config = normalised(config);
    let list = LOADED.read().ok()?;
    list.iter()
        .find(|t| t.variant == TypeId::of::<V>() && t.config == config)
        .cloned()
}

/// The most seeds on the board any loaded table covers (-1: no table loaded): a search
/// asks at every position, and most have more seeds than any table, or no table is
/// loaded at all; this answers them without the lock.
static MOST_SEEDS_LOADED: AtomicI64 = AtomicI64::new(-1);

fn install(tables: Tables) {
    let most = tables.limit().map_or(-1, i64::from);
    MOST_SEEDS_LOADED.fetch_max(most, Ordering::SeqCst);
    if let Ok(mut list) = LOADED.write() {
        list.retain(|t| !(t.variant == tables.variant && t.config == tables.config));
        list.push(Arc::new(tables));
    }
}

/// Reads the valid files of counts `0..=seeds` (stopping at the first missing one),
/// deleting each untrusted file and saying why in `rejected`.
pub fn load<V: Variant>(
    dir: &Path,
    config: &Config,
    seeds: u32,
    rejected: &mut Vec<String>,
) -> Vec<Vec<Entry>> {
    let index = Index::new(2 * config.houses, seeds);
    let mut counts = Vec::new();
    for n in 0..=seeds {
        let path = file_path::<V>(dir, config, n);
        if !path.exists() {
            break;
        }
        match file::read(&path, &header::<V>(config, &index, n)) {
            Ok(table) => counts.push(table),
            Err(e) => {
                rejected.push(format!("{e}; deleted, to be built again"));
                let _ = std::fs::remove_file(&path);
                break;
            }
        }
    }
    counts
}

/// Builds (or loads, where a valid file exists) every count up to `seeds`, writing each
/// new count's file, on `threads` threads.
pub fn build<V: Variant>(
    dir: &Path,
    config: &Config,
    seeds: u32,
    threads: usize,
    progress: &Progress,
) -> Result<Tables, String> {
    supported(config)?;
    if seeds > MAX_SEEDS {
        return Err(format!(
            "a seed limit of {seeds} is above the highest, {MAX_SEEDS}"
        ));
    }
    let index = Index::new(2 * config.houses, seeds);
    progress
        .total
        .store((0..=seeds).map(|n| index.count(n)).sum(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let mut rejected = Vec::new();
    let mut counts = load::<V>(dir, config, seeds, &mut rejected);
    for n in 0..counts.len() as u32 {
        progress.done.fetch_add(index.count(n), Ordering::Relaxed);
    }
    for n in counts.len() as u32..=seeds {
        progress.count.store(u64::from(n), Ordering::Relaxed);
        let table = build::build_count::<V>(config, &index, &counts, n, threads, progress);
        file::write(
            &file_path::<V>(dir, config, n),
            &header::<V>(config, &index, n),
            &table,
        )
        .map_err(|e| e.to_string())?;
        counts.push(table);
        progress.done.fetch_add(index.count(n), Ordering::Relaxed);
    }
    Ok(Tables {
        variant: TypeId::of::<V>(),
        config: normalised(config),
        index,
        counts,
    })
}

/// Builds tables in memory only, for tests and checks: no file is read or written.
pub fn build_in_memory<V: Variant>(config: &Config, seeds: u32) -> Result<Tables, String> {
    supported(config)?;
    let index = Index::new(2 * config.houses, seeds);
    let progress = Progress::default();
    let mut counts = Vec::new();
    for n in 0..=seeds {
        let table = build::build_count::<V>(config, &index, &counts, n, 2, &progress);
        counts.push(table);
    }
    Ok(Tables {
        variant: TypeId::of::<V>(),
        config: normalised(config),
        index,
        counts,
    })
}

/// Makes `tables` the ones this process probes for their rules.
pub fn install_tables(tables: Tables) {
    install(tables);
}

/// What the loaded tables say of this position: `(lo, hi)` bounds on the play-out value
/// of the seeds on the board, for the mover, whatever the play and the repetitions to
/// come. `None` when the game is not in normal play, has no loaded table for its seed
/// count, or its record of the positions since the last capture does not know their
/// splits ([`EarlierSplits::Unknown`](crate::EarlierSplits::Unknown)).
///
/// **With a history.** The table's bounds hold for the position with no past: `lo` is
/// what the mover forces while forcing the game out of the count without repeating a
/// position, `hi` the same for the opponent (`build`). Later in a capture-free stretch
/// a move may also repeat a position played *before* this one, which ends the game
/// with each side taking the seeds on its own row: that position's split, seen from the
/// mover now. The mover's forcing play then either ends as the table says (at least
/// `lo`) or meets such a position (at least the least split `m` among them), and the
/// same for the opponent: the value lies within `min(lo, m) ..= max(hi, M)` (replacing
/// some positions' values by values within `m..=M` moves a minimax value only within the
/// hull of the two). A sign both widened bounds share is still proven.
pub fn bounds<V: Variant>(game: &Mancala<V>) -> Option<(i32, i32)> {
    let (lo, hi) = hint_bounds(game)?;
    if game.history.len() <= 1 {
        return Some((lo, hi));
    }
    widened((lo, hi), game.history.earlier_splits(), game.to_move)
}

/// `(lo, hi)` widened by the splits of the earlier positions of a capture-free stretch
/// (South's row minus North's), seen from `mover` ([`bounds`]); `None` when they are
/// unknown.
pub fn widened(
    (lo, hi): (i32, i32),
    earlier: crate::EarlierSplits,
    mover: crate::Side,
) -> Option<(i32, i32)> {
    match earlier {
        crate::EarlierSplits::Unknown => None,
        crate::EarlierSplits::Nothing => Some((lo, hi)),
        crate::EarlierSplits::Range(least, most) => {
            let (m, big_m) = match mover {
                crate::Side::South => (least, most),
                crate::Side::North => (-most, -least),
            };
            Some((lo.min(m), hi.max(big_m)))
        }
    }
}

/// The loaded tables' bounds on the play-out value of this position for the mover,
/// *whatever was played since the last capture*: a hint for the evaluation, not a
/// proof ([`bounds`] is the proof). A repetition of an earlier position of the same
/// seed count can end the game outside them, which is rare and never by much. Reads
/// the houses without allocating (the evaluation asks at every leaf).
pub fn hint_bounds<V: Variant>(game: &Mancala<V>) -> Option<(i32, i32)> {
    hint_entry(game).map(|(lo, hi, _)| (lo, hi))
}

/// [`hint_bounds`] and the point value within them ([`Tables::entry`]), for the
/// evaluation.
pub fn hint_entry<V: Variant>(game: &Mancala<V>) -> Option<(i32, i32, i32)> {
    if !V::endgame_tables() || game.phase != crate::Phase::Play {
        return None;
    }
    let b = &game.board;
    let on_board = b.seeds_on_side(crate::Side::South) + b.seeds_on_side(crate::Side::North);
    if i64::from(on_board) > MOST_SEEDS_LOADED.load(Ordering::Relaxed) || 2 * b.houses > 32 {
        return None;
    }
    let mut houses = [0u32; 32];
    build::read_view(b, game.to_move, &mut houses[..2 * b.houses]);
    let tables = loaded::<V>(&game.config)?;
    tables.entry(&houses[..2 * b.houses])
}

/// What perfect play gives from this position, if the tables know it exactly.
pub fn probe<V: Variant>(game: &Mancala<V>) -> Option<PerfectPlay> {
    let (lo, hi) = bounds(game)?;
    if lo != hi {
        return None;
    }
    let mover = game.to_move;
    let banked =
        i64::from(game.board.bank_of(mover)) - i64::from(game.board.bank_of(mover.other()));
    let total = banked as i32 + lo;
    let winner = match total.cmp(&0) {
        std::cmp::Ordering::Greater => Some(mover.seat()),
        std::cmp::Ordering::Less => Some(mover.other().seat()),
        std::cmp::Ordering::Equal => None,
    };
    let exact = game.config.end != End::Majority || total == 0;
    Some(PerfectPlay {
        winner,
        margin: exact.then_some(total.abs()),
        playout_margin: total.abs(),
    })
}

/// [`Game::exact_value`](game_api::Game::exact_value) for the kit: the final margin for
/// the mover, when the tables make it exact (see the module's notes).
pub fn exact_value<V: Variant>(game: &Mancala<V>) -> Option<i32> {
    let play = probe(game)?;
    let margin = play.margin?;
    Some(match play.winner {
        Some(s) if s == game.to_move.seat() => margin,
        Some(_) => -margin,
        None => 0,
    })
}

fn status<V: Variant>(config: &Config, dir: &Path, seeds: u32) -> TablesStatus {
    let index = Index::new(2 * config.houses, seeds);
    let (mut files, mut missing) = (Vec::new(), Vec::new());
    for n in 0..=seeds {
        let positions = index.count(n);
        match std::fs::metadata(file_path::<V>(dir, config, n)) {
            Ok(meta) => files.push(TableFile {
                seeds: n,
                positions,
                bytes: meta.len(),
            }),
            Err(_) => missing.push(TableFile {
                seeds: n,
                positions,
                bytes: header::<V>(config, &index, n).file_size(),
            }),
        }
    }
    let build = BUILD.lock().ok().and_then(|b| {
        let r = b.as_ref()?;
        if r.variant != TypeId::of::<V>() || r.config != normalised(config) {
            return None;
        }
        let result = r.result.lock().ok()?.clone();
        Some(BuildState {
            target: r.target,
            count: r.progress.count.load(Ordering::Relaxed) as u32,
            done: r.progress.done.load(Ordering::Relaxed),
            total: r.progress.total.load(Ordering::Relaxed),
            finished: result.is_some(),
            error: result.and_then(|r| r.err()),
        })
    });
    TablesStatus {
        supported: true,
        reason: None,
        default_seeds: DEFAULT_SEEDS,
        loaded: loaded::<V>(config).and_then(|t| t.limit()),
        files,
        missing,
        rejected: Vec::new(),
        build,
        probe: None,
    }
}

fn start_build<V: Variant>(config: &Config, dir: &Path, seeds: u32) {
    let Ok(mut slot) = BUILD.lock() else {
        return;
    };
    let busy = slot
        .as_ref()
        .is_some_and(|r| r.result.lock().map(|x| x.is_none()).unwrap_or(false));
    if busy {
        return;
    }
    let progress = Arc::new(Progress::default());
    let result = Arc::new(Mutex::new(None));
    *slot = Some(Running {
        variant: TypeId::of::<V>(),
        config: normalised(config),
        target: seeds,
        progress: progress.clone(),
        result: result.clone(),
    });
    let (config, dir) = (config.clone(), dir.to_owned());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(|| {
            build::<V>(&dir, &config, seeds, threads, &progress).map(install)
        })
        .unwrap_or_else(|_| Err("the build panicked".into()));
        if let Ok(mut r) = result.lock() {
            *r = Some(outcome);
        }
    });
}

/// [`Game::endgame_tables`](game_api::Game::endgame_tables) for the kit.
pub fn request<V: Variant>(game: &Mancala<V>, json: &str) -> Result<String, GameError> {
    let request: TablesRequest = serde_json::from_str(json)
        .map_err(|e| GameError::Internal(format!("a bad endgame-tables request: {e}")))?;
    let config = &game.config;
    let refusal = if V::endgame_tables() {
        supported(config).err()
    } else {
        Some("this game has no endgame tables".into())
    };
    if let Some(reason) = refusal {
        return to_json(&TablesStatus {
            reason: Some(reason),
            ..TablesStatus::default()
        });
    }
    let seeds = request.seeds.unwrap_or(DEFAULT_SEEDS);
    if seeds > MAX_SEEDS {
        return Err(GameError::State(format!(
            "a seed limit of {seeds} is above the highest, {MAX_SEEDS}"
        )));
    }
    let dir = Path::new(&request.dir);
    if request.dir.is_empty() {
        return Err(GameError::State(
            "no folder was given for the endgame tables".into(),
        ));
    }
    let mut rejected = Vec::new();
    let mut probe_answer = None;
    match request.op {
        TablesOp::Status => {}
        TablesOp::Load => {
            let counts = load::<V>(dir, config, seeds, &mut rejected);
            if !counts.is_empty() {
                install(Tables {
                    variant: TypeId::of::<V>(),
                    config: normalised(config),
                    index: Index::new(2 * config.houses, seeds),
                    counts,
                });
            }
        }
        TablesOp::Build => start_build::<V>(config, dir, seeds),
        TablesOp::Probe => probe_answer = probe(game),
    }
    let mut answer = status::<V>(config, dir, seeds);
    answer.rejected = rejected;
    answer.probe = probe_answer;
    to_json(&answer)
}

fn to_json(status: &TablesStatus) -> Result<String, GameError> {
    serde_json::to_string(status).map_err(|e| GameError::Internal(e.to_string()))
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_history;
#[cfg(test)]
mod tests_point;
#[cfg(test)]
mod tests_stores;
