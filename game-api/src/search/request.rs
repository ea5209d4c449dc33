//! The JSON face of the engine: what the host asks (`FfiGame::search`) and what it gets
//! back, and the table the plugin keeps between requests.

use std::{
    sync::{Mutex, atomic::AtomicBool},
    time::{Duration, Instant},
};

use serde::{Deserialize, Serialize};

use super::{
    SearchError,
    engine::{Searcher, best_move},
    score,
    solve::{SolveState, solve, solve_outcome},
    table::Table,
    time::Clock,
};
use crate::{Game, GameError, MoveId, Turn};

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchMode {
    /// The best move within the budget (iterative deepening).
    #[default]
    BestMove,
    /// The exact final margin under perfect play (MTD(f) to the end of the game); with
    /// a time budget, a slice of it: the reply's `solve` says where it stands, and the
    /// next request resumes from there with the kept table.
    Solve,
    /// The result alone (win, draw or loss for the seat to move) under perfect play, by
    /// at most two null-window passes ([`solve_outcome`](super::solve_outcome)): the
    /// reply's `outcome`, with `margin` where the passes happened to prove it. A time
    /// budget makes it a slice, resumed like a solve's from `solve_state`.
    Outcome,
}

/// The table size when a request names none, in MiB.
pub const DEFAULT_MIB: u32 = 64;
/// The largest table a request may ask for, in MiB.
pub const MAX_MIB: u32 = 1 << 16;

/// A search request, as JSON; every field is optional.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchRequest {
    /// Best move or solve.
    pub mode: SearchMode,
    /// The deepest iteration (best move), at least 1.
    pub max_depth: Option<u32>,
    /// The time budget in milliseconds, from the request's arrival to the answer: the
    /// search is abandoned at the budget less its [`reserve`](super::reserve), keeping
    /// the best move found so far, and no iteration is started that would likely not
    /// finish by then. For a solve, the length of the slice.
    pub time_ms: Option<u64>,
    /// Kept for older hosts, which asked with it for a hard limit: every budget is one
    /// now (the field changes nothing).
    pub strict_time: bool,
    /// At most this many positions.
    pub nodes: Option<u64>,
    /// The transposition table's size in MiB (default [`DEFAULT_MIB`], at most
    /// [`MAX_MIB`]).
    pub memory_mib: Option<u32>,
    /// The table's size in KiB, in place of `memory_mib` (for budgets below a MiB or
    /// between two; at least 1, at most [`MAX_MIB`] MiB).
    pub memory_kib: Option<u64>,
    /// The state hashes ([`Game::state_hash`]) of the game's earlier positions that can
    /// still come back, oldest first: reaching one of them again counts as a draw.
    pub history: Vec<u64>,
    /// Tells apart the tables of different games and options (the host hashes the
    /// plugin's id and the options): a request with another key starts a new table.
    pub table_key: u64,
    /// Start with an empty table.
    pub fresh_table: bool,
    /// For a solve: where an earlier slice stood.
    pub solve_state: Option<SolveState>,
    /// For a best-move search: root moves left out (MultiPV by exclusion: the N best
    /// lines are N searches, each leaving out the best moves found before it). Not
    /// written when empty, so plain requests read the same to plugins built before it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<u32>,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchReport {
    /// The best move (none for a solve slice that has not finished).
    pub best: Option<u32>,
    /// Its score for the seat to move ([`score`](super::score): in hundredths of the
    /// margin's unit, or ±[`WIN`](super::WIN) plus the margin for a finished game).
    pub score: i32,
    /// The final margin for the seat to move, when the search proved it: the exact
    /// value of a finished solve; after a best-move search that saw a forced end, the
    /// margin of that end (at least that much for a win, at most for a loss).
    pub margin: Option<i32>,
    /// The depth of the last complete iteration (0 for a solve).
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time taken, in microseconds.
    pub micros: u64,
    /// The expected line, best move first.
    pub line: Vec<u32>,
    /// For a solve: where it stands (solved when `lower == upper`).
    pub solve: Option<SolveState>,
    /// The result proven for the seat to move (1 a win, 0 a draw, −1 a loss), by an
    /// outcome solve ([`SearchMode::Outcome`]) or a finished solve. Not written when
    /// unknown, so replies read the same to hosts built before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<i32>,
    /// For a best-move search: the value still in play at the root
    /// ([`Game::value_in_play`](crate::Game::value_in_play)), the scale of `score`.
    pub in_play: Option<u32>,
    /// The table's size in bytes.
    pub table_bytes: u64,
    /// Entries of the table in use.
    pub table_used: u64,
    /// Entries the table can hold.
    pub table_capacity: u64,
}

/// The answer to a search request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SearchReply {
    /// The plugin has no engine (built before it existed, or the game cannot be
    /// searched: chance, or more than two seats): the host's bots and hints then use
    /// MCTS, which needs only the game's moves.
    Unsupported {
        /// Why.
        reason: String,
    },
    /// The search ran.
    Done(SearchReport),
}

/// The table kept between requests, with the key and size it was made for.
struct Kept {
    key: u64,
    bytes: usize,
    table: Table,
}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

/// Runs a JSON [`SearchRequest`] on `game`, obeying `stop`, with the plugin's kept
/// table; answers a JSON [`SearchReply`]. Games with chance or more than two seats are
/// answered [`SearchReply::Unsupported`].
pub fn run_request<G: Game>(
    game: &G,
    request_json: &str,
    stop: &AtomicBool,
) -> Result<String, GameError> {
    let arrived = Instant::now();
    let request: SearchRequest = if request_json.trim().is_empty() {
        SearchRequest::default()
    } else {
        serde_json::from_str(request_json)
            .map_err(|e| SearchError::Request(format!("{e} in `{request_json}`")))?
    };
    let reply = match supported(game) {
        Err(reason) => SearchReply::Unsupported { reason },
        Ok(()) => SearchReply::Done(with_table::<G, _>(&request, |table| {
            run(game, &request, table, stop, arrived)
        })?),
    };
    serde_json::to_string(&reply).map_err(|e| GameError::Internal(e.to_string()))
}

/// Whether the engine can search `game`: two seats, no chance (by the manifest and now).
fn supported<G: Game>(game: &G) -> Result<(), String> {
    if game.seat_count() != 2 {
        return Err(format!(
            "the engine searches two-seat games; this one has {} seats",
            game.seat_count()
        ));
    }
    if G::manifest().chance != Some(false) || matches!(game.turn(), Turn::Chance { .. }) {
        return Err("the engine searches games without chance".into());
    }
    Ok(())
}

/// Runs `f` with the kept table (made anew for another key or size); with a fresh one
/// if another search holds it.
fn with_table<G: Game, T>(
    request: &SearchRequest,
    f: impl FnOnce(&mut Table) -> Result<T, SearchError>,
) -> Result<T, SearchError> {
    let kib = match (request.memory_kib, request.memory_mib) {
        (Some(kib), _) => kib,
        (None, mib) => u64::from(mib.unwrap_or(DEFAULT_MIB)) << 10,
    };
    if !(1..=u64::from(MAX_MIB) << 10).contains(&kib) {
        return Err(SearchError::Request(format!(
            "the table's size must be from 1 KiB to {MAX_MIB} MiB, not {kib} KiB"
        )));
    }
    let bytes = (kib as usize) << 10;
    let key = request.table_key ^ type_key::<G>();
    let Ok(mut kept) = KEPT.try_lock() else {
        return f(&mut Table::with_bytes(bytes.min(16 << 20)));
    };
    match kept.as_mut() {
        Some(k) if k.key == key && k.bytes == bytes => {
            if request.fresh_table {
                k.table.clear();
            }
        }
        _ => {
            *kept = None; // free the old table before making the new one
            *kept = Some(Kept {
                key,
                bytes,
                table: Table::with_bytes(bytes),
            });
        }
    }
    let k = kept.as_mut().expect("just set");
    f(&mut k.table)
}

/// A key for the game type, so that two games in one library never share entries.
fn type_key<G: Game>() -> u64 {
    std::any::type_name::<G>()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

fn run<G: Game>(
    game: &G,
    request: &SearchRequest,
    table: &mut Table,
    stop: &AtomicBool,
    arrived: Instant,
) -> Result<SearchReport, SearchError> {
    let time = request.time_ms.map(Duration::from_millis);
    let namespace = request.table_key ^ type_key::<G>();
    let mut report = match request.mode {
        SearchMode::BestMove => {
            let clock = Clock::since(arrived, time, request.strict_time, request.nodes, stop);
            let mut searcher = Searcher::new(table, clock, false, namespace, &request.history);
            searcher.excluded = request.exclude.iter().map(|&m| MoveId(m)).collect();
            let mut root = game.clone();
            root.prepare_search(time);
            let found = best_move(&mut searcher, &root, request.max_depth.unwrap_or(64))?;
            SearchReport {
                best: Some(found.best.0),
                score: found.score,
                margin: score::margin_of(found.score),
                depth: found.depth,
                nodes: found.nodes,
                micros: found.elapsed.as_micros() as u64,
                line: found.line.iter().map(|m| m.0).collect(),
                in_play: game.value_in_play(),
                ..SearchReport::default()
            }
        }
        SearchMode::Solve | SearchMode::Outcome if !request.exclude.is_empty() => {
            return Err(SearchError::Request(
                "a solve leaves no root move out (`exclude` is for best-move searches)".into(),
            ));
        }
        SearchMode::Solve => {
            let (mut state, guess_nodes) = match request.solve_state {
                Some(state) => (state, 0),
                None => SolveState::guessed(game, table, namespace, &request.history, stop),
            };
            let clock = Clock::since(arrived, time, true, request.nodes, stop);
            let mut searcher = Searcher::new(table, clock, true, namespace, &request.history);
            searcher.nodes = guess_nodes;
            let best = solve(&mut searcher, game, &mut state)?;
            let line: Vec<MoveId> = if state.solved() {
                searcher.line(game, 200)
            } else {
                Vec::new()
            };
            SearchReport {
                best: best.map(|m| m.0),
                score: state.lower,
                margin: state.solved().then_some(state.lower),
                nodes: searcher.nodes,
                micros: searcher.clock.elapsed().as_micros() as u64,
                line: line.iter().map(|m| m.0).collect(),
                solve: Some(state),
                outcome: state.outcome().filter(|_| state.solved()),
                ..SearchReport::default()
            }
        }
        SearchMode::Outcome => {
            let mut state = request
                .solve_state
                .unwrap_or_else(|| SolveState::start(game));
            let clock = Clock::since(arrived, time, true, request.nodes, stop);
            let mut searcher = Searcher::new(table, clock, true, namespace, &request.history);
            let best = solve_outcome(&mut searcher, game, &mut state)?;
            SearchReport {
                best: best.map(|m| m.0),
                score: state.lower,
                margin: state.solved().then_some(state.lower),
                nodes: searcher.nodes,
                micros: searcher.clock.elapsed().as_micros() as u64,
                line: best.map(|m| m.0).into_iter().collect(),
                solve: Some(state),
                outcome: state.outcome(),
                ..SearchReport::default()
            }
        }
    };
    report.table_bytes = table.bytes() as u64;
    report.table_used = table.used() as u64;
    report.table_capacity = table.capacity() as u64;
    Ok(report)
}
