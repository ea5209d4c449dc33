//! A position proven a puzzle: every legal move valued exactly (the plugin's solver,
//! with its endgame tables when loaded), exactly one keeping the best value, and that
//! move not among the greedy bot's choices. The same proof re-verifies a puzzle.
//!
//! Judged on margins (the default) every move's final margin is solved; judged on
//! results ([`ProofConfig::results`]) every move's *result* (win, draw, loss) is proven
//! by the plugin's outcome solve, and the solution is the one move keeping the best
//! result: the exact verdict where the game proves results but not margins (Oware, whose
//! majority end makes the tables' margins inexact but keeps their winner exact).

use std::sync::atomic::AtomicBool;

use game_api::{MoveId, Turn};
use thiserror::Error;

use super::{Board, Puzzle};
use crate::{
    analysis::{Value, prove_move},
    bots::GreedyBot,
    plugins::{CallError, GameHandle, Plugin},
};

/// How hard a proof may try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofConfig {
    /// The positions the solve after each move may search; a move not solved within them
    /// leaves the position unproven.
    pub nodes: u64,
    /// The solver's table, in KiB.
    pub table_kib: u64,
    /// The most pieces on the houses of an endgame position.
    pub endgame: u32,
    /// Judge on proven results (win, draw, loss) rather than exact margins.
    pub results: bool,
    /// Solve each move with an empty table (nothing an earlier request left in the
    /// plugin's kept table reaches the proof): the miner's re-verification ([`recheck`]).
    pub fresh_tables: bool,
}

impl Default for ProofConfig {
    fn default() -> Self {
        ProofConfig {
            nodes: 200_000,
            table_kib: 2 << 10,
            endgame: 15,
            results: false,
            fresh_tables: false,
        }
    }
}

/// Why a position is not a puzzle (the miner's tally), or why a puzzle failed its
/// verification.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotAPuzzle {
    /// The game is over, or chance moves.
    #[error("no seat to move")]
    NoSeat,
    /// One legal move or none.
    #[error("fewer than two legal moves")]
    Forced,
    /// The position's value was not proven within the budget.
    #[error("the position not proven exactly within the budget")]
    RootUnproven,
    /// A move's value was not proven within the budget.
    #[error("move `{0}` not proven exactly within the budget")]
    Unproven(String),
    /// Two moves or more keep the best value.
    #[error("{0} moves keep the best value")]
    NotUnique(usize),
    /// The greedy bot may play the solution.
    #[error("the greedy bot may play the solution `{0}`")]
    Greedy(String),
}

/// A proof's failure: not a puzzle, or the plugin failed.
#[derive(Debug, Error)]
pub enum ProofError {
    /// The position is not a puzzle.
    #[error(transparent)]
    Not(#[from] NotAPuzzle),
    /// The plugin failed.
    #[error(transparent)]
    Plugin(#[from] CallError),
}

/// Proves `game` (its position as its notation gives it, no earlier history) a puzzle,
/// or says why it is not one. The position is solved first: unproven, or its best move
/// one greedy may play, it is no puzzle (the one move keeping the best value is the
/// solver's best move), and its moves need not be solved one by one.
pub fn examine(game: &GameHandle, config: &ProofConfig) -> Result<Puzzle, ProofError> {
    prove_puzzle(game, config, true)
}

/// The solver's verdict on the position as a whole: unproven, or a best move greedy may
/// play, it cannot be a puzzle.
fn first_look(
    game: &GameHandle,
    seat: u8,
    config: &ProofConfig,
    stop: &AtomicBool,
) -> Result<(), ProofError> {
    use game_api::search::{SearchMode, SearchReply, SearchRequest};
    let request = SearchRequest {
        mode: if config.results {
            SearchMode::Outcome
        } else {
            SearchMode::Solve
        },
        nodes: Some(config.nodes),
        memory_kib: Some(config.table_kib.max(1)),
        table_key: game.table_key(),
        ..SearchRequest::default()
    };
    let SearchReply::Done(report) = game.search(&request, stop)? else {
        return Err(NotAPuzzle::RootUnproven.into());
    };
    let proven = if config.results {
        report.solve.as_ref().and_then(|s| s.outcome())
    } else {
        report.solve.as_ref().and_then(Value::of_solve).map(|_| 0)
    };
    match proven {
        None => return Err(NotAPuzzle::RootUnproven.into()),
        // Lost whatever is played: every move keeps the best result.
        Some(-1) if config.results => {
            return Err(NotAPuzzle::NotUnique(game.legal_moves()?.len()).into());
        }
        Some(_) => {}
    }
    if let Some(best) = report.best.map(MoveId)
        && GreedyBot::choices(game, seat)?.contains(&best)
    {
        return Err(NotAPuzzle::Greedy(game.move_info(best)?.notation).into());
    }
    Ok(())
}

fn prove_puzzle(
    game: &GameHandle,
    config: &ProofConfig,
    look_first: bool,
) -> Result<Puzzle, ProofError> {
    let Turn::Seat { seat } = game.turn()? else {
        return Err(NotAPuzzle::NoSeat.into());
    };
    let moves = game.legal_moves()?;
    if moves.len() < 2 {
        return Err(NotAPuzzle::Forced.into());
    }
    let stop = AtomicBool::new(false);
    if look_first {
        first_look(game, seat, config, &stop)?;
    }
    let mut values: Vec<(MoveId, i32)> = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let (nodes, kib) = (config.nodes, config.table_kib);
        let proven = prove_move(
            game,
            &[],
            mv,
            (nodes, kib),
            config.results,
            config.fresh_tables,
            &stop,
        )?;
        let value = match proven {
            Some(v) if config.results => v.result(),
            Some(Value::Exact(v)) => Some(v),
            _ => None,
        };
        match value {
            Some(v) => values.push((mv, v)),
            None => return Err(NotAPuzzle::Unproven(game.move_info(mv)?.notation).into()),
        }
    }
    values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    let best = values[0].1;
    let keeping = values.iter().filter(|(_, v)| *v == best).count();
    if keeping != 1 {
        return Err(NotAPuzzle::NotUnique(keeping).into());
    }
    let solution = values[0].0;
    let solution_name = game.move_info(solution)?.notation;
    if GreedyBot::choices(game, seat)?.contains(&solution) {
        return Err(NotAPuzzle::Greedy(solution_name).into());
    }
    let layout = game.layout()?;
    let before = game.view()?;
    let effects = game.clone().apply_with_effects(solution)?;
    let themes = Board::new(&layout).themes(&before, seat, &effects, config.endgame);
    let mut named = Vec::with_capacity(values.len());
    for (mv, v) in values {
        named.push((game.move_info(mv)?.notation, v));
    }
    Ok(Puzzle {
        position: game.notation()?,
        solution: solution_name,
        themes,
        values: named,
        results: config.results,
    })
}

/// What a re-verification found wrong with a stored puzzle.
#[derive(Debug, Error)]
pub enum VerifyError {
    /// The position does not load.
    #[error("the position does not load: {0}")]
    Position(CallError),
    /// It is no longer a puzzle.
    #[error(transparent)]
    Not(#[from] NotAPuzzle),
    /// The plugin failed.
    #[error(transparent)]
    Plugin(CallError),
    /// The proof differs from what the file says.
    #[error("the file says {stored}, the proof finds {found}")]
    Differs {
        /// The file's puzzle line.
        stored: String,
        /// The proof's.
        found: String,
    },
}

/// Proves `puzzle` again from its position: the same solution, values and themes, judged
/// as the puzzle says (margins or results, whatever `config.results` says). Each
/// move is solved on its own (no first look at the whole position), so a budget as large
/// as the miner's proves what it proved; give more (the solver's table, kept between
/// requests, changes how many positions a solve visits).
pub fn verify(
    plugin: &Plugin,
    options: &game_api::Options,
    puzzle: &Puzzle,
    config: &ProofConfig,
) -> Result<(), VerifyError> {
    let game = plugin
        .from_notation(options, &puzzle.position)
        .map_err(VerifyError::Position)?;
    prove_again(&game, puzzle, config)
}

/// Proves `puzzle`, just found in `game` (its position), again as a fresh process would:
/// each move solved alone with an empty table ([`ProofConfig::fresh_tables`]), within
/// `config`'s budget. The miner keeps a puzzle only when this confirms it, so it never
/// writes one its own fresh verification refutes: a value one proof took from its kept
/// table, found there under another search, would show here as
/// [`VerifyError::Differs`] or [`NotAPuzzle::NotUnique`].
pub fn recheck(
    game: &GameHandle,
    puzzle: &Puzzle,
    config: &ProofConfig,
) -> Result<(), VerifyError> {
    let config = ProofConfig {
        fresh_tables: true,
        ..*config
    };
    prove_again(game, puzzle, &config)
}

/// [`verify`] and [`recheck`] on the position loaded.
fn prove_again(
    game: &GameHandle,
    puzzle: &Puzzle,
    config: &ProofConfig,
) -> Result<(), VerifyError> {
    let config = ProofConfig {
        results: puzzle.results,
        ..*config
    };
    let found = match prove_puzzle(game, &config, false) {
        Ok(p) => p,
        Err(ProofError::Not(n)) => return Err(n.into()),
        Err(ProofError::Plugin(e)) => return Err(VerifyError::Plugin(e)),
    };
    let same_values = {
        let mut a = found.values.clone();
        let mut b = puzzle.values.clone();
        a.sort();
        b.sort();
        a == b
    };
    if found.solution != puzzle.solution || !same_values || found.themes != puzzle.themes {
        return Err(VerifyError::Differs {
            stored: puzzle.to_string(),
            found: found.to_string(),
        });
    }
    Ok(())
}
