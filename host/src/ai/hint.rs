//! Hints: the best move for the side to move, its evaluation in words and the line.

use std::time::Duration;

use game_api::{MoveId, ScoreUnit, SearchHints, Turn, search::SearchReply};

use super::{
    alphabeta_plays,
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
}

/// An expected return (−1 a sure loss, 0 even, +1 a sure win) as a person says it: "about
/// a 70% chance to win", "even".
///
/// In the player's language:
///
/// ```
/// tavola::i18n::set_language("en");
/// assert_eq!(tavola::ai::chance_in_words(0.4), "about a 70% chance to win");
/// assert_eq!(tavola::ai::chance_in_words(0.01), "even chances");
/// tavola::i18n::set_language("it");
/// assert_eq!(tavola::ai::chance_in_words(0.4), "circa il 70% di probabilità di vincere");
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
/// use tavola::ai::points_in_words;
/// tavola::i18n::set_language("en");
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

/// A hint for `game`: the plugin's alpha-beta for two-seat games whose manifest
/// promises no chance (for half the `budget`: a soft limit), MCTS (as the game's search
/// `hints` advise) otherwise or with a plugin built without the engine, so that every
/// turn of every game has one.
pub fn hint(
    game: &GameHandle,
    hints: &SearchHints,
    seed: u64,
    budget: Duration,
) -> Result<Hint, CallError> {
    let (seats, chance) = describe(game)?;
    if alphabeta_plays(seats, chance)
        && let SearchReply::Done(r) =
            engine::search(game, &EngineConfig::timed(budget / 2), None, &[])?
    {
        return Ok(Hint {
            best: MoveId(r.best.unwrap_or_default()),
            evaluation: engine::evaluation_in_words(&r, game.score_unit()),
            line: r.line.iter().map(|&m| MoveId(m)).collect(),
            share: Some(engine::share_of(&r)),
        });
    }
    let (r, _) = mcts::search(
        game,
        &MctsConfig {
            iterations: None,
            time: Some(budget),
            ..MctsConfig::following(hints)
        },
        seed,
        None,
        None,
    )?;
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
        line: r.line,
        share,
    })
}
