//! Alpha-beta search for two-seat games without chance: iterative deepening, a
//! transposition table keyed by the plugin's state hash, the plugin's heuristic at the
//! horizon. Extra turns are handled naturally: each node maximises or minimises by whose
//! turn it is, not by depth parity.

use std::{
    collections::HashMap,
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant},
};

use game_api::{MoveId, Turn};

use crate::plugins::{CallError, ErrorKind, GameHandle, Rule};

/// The value of a won game (plus the margin); heuristic values stay well inside it.
pub const WIN: f64 = 10_000.0;

/// How deep and how long to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlphaBetaConfig {
    /// The deepest iteration.
    pub max_depth: u32,
    /// Stop deepening after this long (the last complete iteration counts).
    pub time: Option<Duration>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u32,
    value: f64,
    bound: Bound,
    best: Option<MoveId>,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct AbResult {
    /// The best move found.
    pub best: MoveId,
    /// Its value for the side to move at the root (a heuristic, or ±WIN + margin).
    pub value: f64,
    /// The expected line.
    pub line: Vec<MoveId>,
    /// The depth of the last complete iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}

struct Searcher<'a> {
    table: HashMap<u64, Entry>,
    nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    out_of_time: bool,
    /// Search to the end (exact values: the final margin), ignoring the heuristic.
    exact: bool,
}

/// The value of a finished game for `seat`: ±WIN plus the margin, 0 plus margin for a draw.
fn terminal_value(outcome: &game_api::Outcome, seat: usize) -> f64 {
    let mine = outcome.seats[seat].score;
    let best_other = outcome
        .seats
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat)
        .map(|(_, s)| s.score)
        .max()
        .unwrap_or(0);
    let margin = (mine - best_other) as f64;
    match outcome.seats[seat].result {
        game_api::GameResult::Win => WIN + margin,
        game_api::GameResult::Loss => -WIN + margin,
        game_api::GameResult::Draw => margin,
    }
}

impl Searcher<'_> {
    fn stop(&mut self) -> bool {
        if self.nodes.is_multiple_of(1024) {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.out_of_time = true;
            }
            if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                self.out_of_time = true;
            }
        }
        self.out_of_time
    }

    /// The value of `game` for `root_seat`.
    fn search(
        &mut self,
        game: &GameHandle,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        root_seat: u8,
    ) -> Result<f64, CallError> {
        self.nodes += 1;
        let seat = match game.turn()? {
            Turn::Over { outcome } => return Ok(terminal_value(&outcome, usize::from(root_seat))),
            Turn::Chance { .. } => return Err(chance_met(game)),
            Turn::Seat { seat } => seat,
        };
        if depth == 0 && !self.exact {
            let eval = game
                .evaluate()?
                .and_then(|v| v.get(usize::from(root_seat)).copied())
                .unwrap_or(0.0);
            return Ok(eval * 100.0);
        }
        let key = game.state_hash()? ^ u64::from(root_seat);
        let mut tt_best = None;
        if let Some(e) = self.table.get(&key) {
            tt_best = e.best;
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return Ok(e.value),
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return Ok(e.value);
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut moves = game.legal_moves()?;
        if let Some(b) = tt_best
            && let Some(i) = moves.iter().position(|m| *m == b)
        {
            moves.swap(0, i);
        }
        let maximise = seat == root_seat;
        let mut best_value = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_move = None;
        for mv in moves {
            let mut next = game.clone();
            next.apply(mv)?;
            let v = self.search(&next, depth.saturating_sub(1), alpha, beta, root_seat)?;
            if self.stop() {
                return Ok(best_value.clamp(-WIN * 2.0, WIN * 2.0));
            }
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
            Bound::Upper
        } else if best_value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                depth: if self.exact { u32::MAX } else { depth },
                value: best_value,
                bound,
                best: best_move,
            },
        );
        Ok(best_value)
    }

    fn line(&self, game: &GameHandle, root_seat: u8, max: usize) -> Vec<MoveId> {
        let mut line = Vec::new();
        let mut game = game.clone();
        while line.len() < max {
            let Ok(hash) = game.state_hash() else { break };
            let Some(mv) = self
                .table
                .get(&(hash ^ u64::from(root_seat)))
                .and_then(|e| e.best)
            else {
                break;
            };
            if game.apply(mv).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }
}

/// The error for a chance event met by the search: the plugin broke its promise of no
/// chance, or the caller chose alpha-beta for a game that may have chance.
fn chance_met(game: &GameHandle) -> CallError {
    if game.may_have_chance() {
        CallError::host(
            ErrorKind::Unsupported,
            "alpha-beta cannot search games with chance",
        )
    } else {
        CallError::contract(
            game.plugin_id(),
            Rule::DeclaredNoChance,
            "its manifest says the game has no chance events, and search met one",
        )
    }
}

fn seat_to_move(game: &GameHandle) -> Result<u8, CallError> {
    match game.turn()? {
        Turn::Seat { seat } => Ok(seat),
        Turn::Chance { .. } => Err(CallError::host(
            ErrorKind::NoMove,
            "chance is to play, not a seat: there is no move to search",
        )),
        Turn::Over { .. } => Err(CallError::host(
            ErrorKind::NoMove,
            "the game is over: there is no move to search",
        )),
    }
}

/// Searches `game` by iterative deepening for the side to move.
pub fn search(
    game: &GameHandle,
    config: &AlphaBetaConfig,
    cancel: Option<&AtomicBool>,
) -> Result<AbResult, CallError> {
    let seat = seat_to_move(game)?;
    let mut searcher = Searcher {
        table: HashMap::new(),
        nodes: 0,
        deadline: config.time.map(|t| Instant::now() + t),
        cancel,
        out_of_time: false,
        exact: false,
    };
    let first = game
        .legal_moves()?
        .first()
        .copied()
        .ok_or_else(|| CallError::host(ErrorKind::NoMove, "no legal move"))?;
    let mut result = AbResult {
        best: first,
        value: 0.0,
        line: vec![first],
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=config.max_depth.max(1) {
        let value = searcher.search(game, depth, f64::NEG_INFINITY, f64::INFINITY, seat)?;
        if searcher.out_of_time && depth > 1 {
            break;
        }
        let line = searcher.line(game, seat, depth as usize + 4);
        if let Some(&best) = line.first() {
            result = AbResult {
                best,
                value,
                line,
                depth,
                nodes: searcher.nodes,
            };
        }
        if value.abs() >= WIN - 1000.0 || searcher.out_of_time {
            break;
        }
    }
    result.nodes = searcher.nodes;
    Ok(result)
}
