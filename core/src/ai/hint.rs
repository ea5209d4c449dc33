//! Hints: the best move for the side to move, its evaluation in words and the line.

use std::time::Duration;

use game_api::{MoveId, ScoreUnit, SearchHints, Turn, search::SearchReply};

use super::{
    Estimate, alphabeta_plays,
    engine::{self, EngineConfig},
    mcts::{self, MctsConfig},
    names::describe,
};
use crate::plugins::{CallError, GameHandle};

/// A hint: the best move for the side to move, its evaluation and the expected line.
#[derive(Debug, Clone)]
pub struct Hint {
    /// The suggested move.
    pub best: MoveId,
    /// Its evaluation, in words ("+0.42 expected return", "wins by 3").
    pub evaluation: String,
    /// The expected line, best move first.
    pub line: Vec<MoveId>,
    /// The side to move's share of the evaluation bar, 0 (lost) to 1 (won), ½ level:
    /// [`engine::share_of`] for alpha-beta, the expected return's share for MCTS; none
    /// at a chance turn.
    pub share: Option<f64>,
    /// The same evaluation as `tavola hint` prints it (depth, nodes, value).
    pub estimate: Estimate,
}

/// An expected return (−1 a sure loss, 0 even, +1 a sure win) as a person says it: "about
/// a 70% chance to win", "even".
///
/// In the player's language:
///
/// ```
/// tavola_core::i18n::set_language("en");
/// assert_eq!(tavola_core::ai::chance_in_words(0.4), "about a 70% chance to win");
/// assert_eq!(tavola_core::ai::chance_in_words(0.01), "even chances");
/// tavola_core::i18n::set_language("it");
/// assert_eq!(tavola_core::ai::chance_in_words(0.4), "circa il 70% di probabilità di vincere");
/// ```
pub fn chance_in_words(expected: f64) -> String {
    if !expected.is_finite() {
        return crate::tr!("chance-none");
    }
    let percent = ((expected.clamp(-1.0, 1.0) + 1.0) * 50.0).round() as i64;
    match percent {
        48..=52 => crate::tr!("chance-even"),
        99.. => crate::tr!("chance-sure-win"),
        ..=1 => crate::tr!("chance-sure-loss"),
        p => crate::tr!("chance-about", share = p as f64 / 100.0),
    }
}

/// The word for `count` of the game's `unit` ("seeds"), or "points" where the game
/// names none, in the player's language.
pub fn unit_word(unit: Option<&ScoreUnit>, count: f64) -> String {
    match unit {
        Some(unit) => unit.for_count(count).to_owned(),
        None if count.abs() == 1.0 => crate::tr!("unit-point"),
        None => crate::tr!("unit-points"),
    }
}

/// A heuristic value in the game's `unit` for the player to move, as a person says it:
/// "about 1.5 seeds in your favour", in the player's language.
///
/// ```
/// use game_api::ScoreUnit;
/// use tavola_core::ai::points_in_words;
/// tavola_core::i18n::set_language("en");
/// let seeds = ScoreUnit::new("seed", "seeds");
/// assert_eq!(points_in_words(1.46, Some(&seeds)), "about 1.5 seeds in your favour");
/// assert_eq!(points_in_words(-1.0, Some(&seeds)), "about 1 seed in your opponent's favour");
/// assert_eq!(points_in_words(0.02, Some(&seeds)), "about level");
/// assert_eq!(points_in_words(2.0, None), "about 2 points in your favour");
/// ```
pub fn points_in_words(points: f64, unit: Option<&ScoreUnit>) -> String {
    let rounded = (points * 10.0).round() / 10.0;
    if rounded == 0.0 || !rounded.is_finite() {
        return crate::tr!("estimate-level");
    }
    let unit = unit_word(unit, rounded);
    if rounded > 0.0 {
        crate::tr!("estimate-ahead", points = rounded, unit = unit)
    } else {
        crate::tr!("estimate-behind", points = -rounded, unit = unit)
    }
}

/// A share of the evaluation bar (0 lost … 1 won) as the bar writes it, 0 to 100: 100
/// and 0 only for a sure result.
///
/// ```
/// use tavola_core::ai::bar_percent;
/// assert_eq!((bar_percent(0.998), bar_percent(0.003), bar_percent(1.0)), (99, 1, 100));
/// assert_eq!(bar_percent(0.5), 50);
/// ```
pub fn bar_percent(share: f64) -> u8 {
    let p = (share.clamp(0.0, 1.0) * 100.0).round();
    let p = if share > 0.0 && share < 1.0 {
        p.clamp(1.0, 99.0)
    } else {
        p
    };
    p as u8
}

/// How long or how far a hint searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintBudget {
    /// For this time (a budget the search keeps: the answer comes within it).
    Time(Duration),
    /// To this depth, whatever it takes, with an emptied table, so that the answer
    /// depends on the position alone: alpha-beta to this many plies, MCTS for this many
    /// thousand simulations (on one thread, from the seed). For comparisons (the
    /// evaluation bar against `tavola hint --depth`) and tests.
    Depth(u32),
}

impl HintBudget {
    /// The longest the hint may take before it is given up (the worker's watchdog
    /// adds its own margin): the time, or a minute for a fixed depth.
    pub fn limit(self) -> Duration {
        match self {
            HintBudget::Time(t) => t,
            HintBudget::Depth(_) => Duration::from_secs(60),
        }
    }
}

/// A hint for `game` — the one function behind the app's hints, its evaluation bar and
/// `tavola hint`: the plugin's alpha-beta for two-seat games whose manifest promises no
/// chance, MCTS (as the game's search `hints` advise) otherwise or with a plugin built
/// without the engine, so that every turn of every game has one.
pub fn hint(
    game: &GameHandle,
    hints: &SearchHints,
    seed: u64,
    budget: HintBudget,
) -> Result<Hint, CallError> {
    let (seats, chance) = describe(game)?;
    let config = match budget {
        HintBudget::Time(t) => EngineConfig::timed(t),
        HintBudget::Depth(d) => {
            let depth = d.clamp(1, super::MAX_DEPTH as u32);
            EngineConfig::to_depth(depth).with_table_kib(u64::from(engine::TABLE_MIB) << 10, true)
        }
    };
    if alphabeta_plays(seats, chance)
        && let SearchReply::Done(r) = engine::search(game, &config, None, &[])?
    {
        return Ok(Hint {
            best: MoveId(r.best.unwrap_or_default()),
            evaluation: engine::evaluation_in_words(&r, game.score_unit()),
            line: r.line.iter().map(|&m| MoveId(m)).collect(),
            share: Some(engine::share_of(&r)),
            estimate: Estimate::of_report(&r, game.score_unit()),
        });
    }
    let (iterations, time, threads) = match budget {
        HintBudget::Time(t) => (None, Some(t), None),
        HintBudget::Depth(d) => (Some(u64::from(d.max(1)) * 1000), None, Some(1)),
    };
    let mut config = MctsConfig {
        iterations,
        time,
        ..MctsConfig::following(hints)
    };
    if let Some(threads) = threads {
        config.threads = threads;
    }
    let (r, _) = mcts::search(game, &config, seed, None, None)?;
    let chance_turn = matches!(game.turn()?, Turn::Chance { .. });
    let evaluation = if chance_turn {
        crate::tr!("estimate-chance-line", count = r.simulations)
    } else {
        format!(
            "{} ({})",
            chance_in_words(r.value),
            crate::tr!("estimate-simulated", count = r.simulations)
        )
    };
    let share =
        (!chance_turn && r.value.is_finite()).then(|| (r.value.clamp(-1.0, 1.0) + 1.0) / 2.0);
    Ok(Hint {
        best: r.best,
        evaluation,
        line: r.line.clone(),
        share,
        estimate: Estimate::of_mcts(&r),
    })
}
