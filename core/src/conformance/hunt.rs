//! The hunt for rare endless games, part of `tavola check` by default: many short,
//! seeded games between cheap bots (the [`Pairing`]s in turn, over every option set),
//! each watched for a position that keeps coming back, and from the last positions of
//! each game a search of every line of play for a cycle ([`cycle_search`]) — so that a
//! cycle met in one game in two hundred is found, not only one that every game falls
//! into. It stops at its number of games or its time, whichever comes first, and at
//! the first endless game found (one is enough to refuse the game).

use std::time::{Duration, Instant};

use game_api::{MoveId, Options};

use super::{
    CheckFailure,
    cycle_search::{self, Budget, EndlessLine},
    cycles::{self, Pairing},
};
use crate::{plugins::Plugin, repetition::cycle_advice};

/// How hard the hunt looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hunt {
    /// Bot games at most, over all option sets: game `k` is played with option set
    /// `k mod sets`, [`Pairing::nth`]`(k)` and the seed `seed + k`.
    pub games: u64,
    /// No game is started after this long (the game under way is finished).
    pub seconds: f64,
    /// Positions the cycle search may visit from the last positions of each game.
    pub search_positions: u64,
    /// A bot game still going after this many actions is stopped (not failed).
    pub max_actions: usize,
}

impl Default for Hunt {
    /// `tavola check`'s hunt: 300 games, 20 seconds, 4,000 positions searched a game.
    fn default() -> Self {
        Hunt {
            games: 300,
            seconds: 20.0,
            search_positions: 4_000,
            max_actions: 2_000,
        }
    }
}

/// How far back from a game's end the cycle search starts, in actions: near the end,
/// where few pieces are left, and a little further back.
const ROOTS_BACK: [usize; 4] = [1, 4, 12, 30];

/// What the hunt did.
#[derive(Debug, Clone, Default)]
pub struct HuntReport {
    /// Bot games played.
    pub games: u64,
    /// Their actions.
    pub actions: u64,
    /// Positions the cycle search visited.
    pub positions_searched: u64,
    /// How long it took.
    pub elapsed: Duration,
    /// Whether it stopped at its time before its number of games.
    pub out_of_time: bool,
    /// The endless game found, in words (the hunt stops at the first).
    pub failure: Option<String>,
}

/// The hunt's progress, told after every game, and once more when it is over.
#[derive(Debug, Clone, Copy)]
pub struct HuntProgress {
    /// Games played so far.
    pub games: u64,
    /// Of at most this many.
    pub of: u64,
    /// Positions searched so far.
    pub positions: u64,
    /// Time since the hunt began.
    pub elapsed: Duration,
    /// Whether the hunt is over (its last report).
    pub done: bool,
}

/// Hunts `plugin`'s games under `sets` for endless ones, `progress` told after every
/// game.
pub fn hunt(
    plugin: &Plugin,
    sets: &[Options],
    seed: u64,
    config: &Hunt,
    progress: &mut dyn FnMut(HuntProgress),
) -> HuntReport {
    let start = Instant::now();
    let limit = Duration::from_secs_f64(config.seconds.max(0.0));
    let mut report = HuntReport::default();
    if sets.is_empty() {
        return report;
    }
    for k in 0..config.games {
        if start.elapsed() >= limit {
            report.out_of_time = true;
            break;
        }
        let options = &sets[(k % sets.len() as u64) as usize];
        let pairing = Pairing::nth(k);
        let game_seed = seed.wrapping_add(k);
        report.games += 1;
        let failure =
            match cycles::play_bot_game(plugin, options, pairing, game_seed, config.max_actions) {
                Err(e) => Some(e.to_string()),
                Ok(game) => {
                    report.actions += game.moves.len() as u64;
                    let mut budget = Budget {
                        positions: config.search_positions,
                        deadline: start + limit,
                    };
                    let found = search_from_the_end(plugin, options, &game.moves, &mut budget);
                    report.positions_searched += config.search_positions - budget.positions;
                    match found {
                        Err(e) => Some(e.to_string()),
                        Ok(None) => None,
                        Ok(Some(line)) => Some(describe(plugin, pairing, game_seed, k, &line)),
                    }
                }
            };
        if let Some(failure) = failure {
            report.failure = Some(format!("options `{options}`, seed {game_seed}: {failure}"));
            break;
        }
        if k + 1 < config.games {
            progress(HuntProgress {
                games: report.games,
                of: config.games,
                positions: report.positions_searched,
                elapsed: start.elapsed(),
                done: false,
            });
        }
    }
    report.elapsed = start.elapsed();
    progress(HuntProgress {
        games: report.games,
        of: config.games,
        positions: report.positions_searched,
        elapsed: report.elapsed,
        done: true,
    });
    report
}

/// The cycle search from a few positions near the end of the game `moves` played,
/// sharing `budget` between them (the latest first).
fn search_from_the_end(
    plugin: &Plugin,
    options: &Options,
    moves: &[MoveId],
    budget: &mut Budget,
) -> Result<Option<EndlessLine>, CheckFailure> {
    let total = budget.positions;
    let mut previous = None;
    for (i, back) in ROOTS_BACK.iter().enumerate() {
        let at = moves.len().saturating_sub(*back);
        if previous == Some(at) {
            continue;
        }
        previous = Some(at);
        // Each root its share of what is left, the last one all of it.
        let share = if i + 1 == ROOTS_BACK.len() {
            budget.positions
        } else {
            budget.positions.min(total / ROOTS_BACK.len() as u64)
        };
        let mut part = Budget {
            positions: share,
            deadline: budget.deadline,
        };
        let found = cycle_search::search(plugin, options, &moves[..at], &mut part)?;
        budget.positions -= share - part.positions;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// An endless line in words: how it was found, the repetition, and what ends cycles.
fn describe(plugin: &Plugin, pairing: Pairing, seed: u64, game: u64, line: &EndlessLine) -> String {
    format!(
        "an endless game, found by the search of every line from the last positions of \
         bot game {} ({pairing}, seed {seed}), {} actions from the start: {}. Nothing in \
         the rules ends this cycle: {}",
        game + 1,
        line.prefix.len(),
        line.repetition.describe(&plugin.manifest().seat_names),
        cycle_advice(plugin)
    )
}
