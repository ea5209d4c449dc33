//! A move's or a position's value for the seat to move, in the game's units, and how
//! sure it is: exact (the solver or the tables proved it), a proven bound (the search
//! saw a forced end), an estimate (the heuristic at the search's horizon) or an expected
//! return (MCTS, for the games the engine cannot search).

use game_api::{
    ScoreUnit,
    search::{EVAL_SCALE, SearchReport, SolveState},
};
use serde_json::{Value as Json, json};

use crate::ai::{chance_in_words, points_in_words, unit_word};

/// What a position or a move is worth to the seat to move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// The final margin under perfect play, proven by the solver or the endgame tables.
    Exact(i32),
    /// A forced end the search saw: a win by at least this margin (positive), a loss by
    /// at least its size (negative), or a draw (0).
    Proven(i32),
    /// A heuristic value in the game's units (seeds) at the search's horizon.
    Estimate(f64),
    /// An expected return from −1 (a sure loss) to +1 (a sure win), from simulated games.
    Expected(f64),
}

impl Value {
    /// The value of a best-move search's report: proven where it saw a forced end.
    pub fn of_report(report: &SearchReport) -> Self {
        match report.margin {
            Some(m) => Value::Proven(m),
            None => Value::Estimate(f64::from(report.score) / f64::from(EVAL_SCALE)),
        }
    }

    /// The value of a solve that finished, else `None`.
    pub fn of_solve(state: &SolveState) -> Option<Self> {
        state.solved().then_some(Value::Exact(state.lower))
    }

    /// The value a solve's bounds prove, finished or not: exact where they meet, else a
    /// proven result where they leave one (a win by at least the lower bound, a loss by
    /// at least the upper bound's size), else `None`.
    ///
    /// ```
    /// use game_api::search::SolveState;
    /// use tavola_core::analysis::Value;
    /// let state = |lower, upper| SolveState { lower, upper, guess: lower };
    /// assert_eq!(Value::of_bounds(&state(2, 2)), Some(Value::Exact(2)));
    /// assert_eq!(Value::of_bounds(&state(1, 40)), Some(Value::Proven(1)));
    /// assert_eq!(Value::of_bounds(&state(-40, -3)), Some(Value::Proven(-3)));
    /// assert_eq!(Value::of_bounds(&state(-1, 40)), None);
    /// ```
    pub fn of_bounds(state: &SolveState) -> Option<Self> {
        if state.solved() {
            return Some(Value::Exact(state.lower));
        }
        match state.outcome()? {
            1 => Some(Value::Proven(state.lower.max(1))),
            -1 => Some(Value::Proven(state.upper.min(-1))),
            _ => Some(Value::Exact(0)),
        }
    }

    /// The same value seen by the other seat.
    pub fn negated(self) -> Self {
        match self {
            Value::Exact(m) => Value::Exact(-m),
            Value::Proven(m) => Value::Proven(-m),
            Value::Estimate(v) => Value::Estimate(-v),
            Value::Expected(v) => Value::Expected(-v),
        }
    }

    /// The value with an estimate kept within what the game can reach (± `reach`, in
    /// its units, see [`reach`](super::reach)); a proven value, an expected return and
    /// any value without a reach are kept as they are.
    ///
    /// ```
    /// use tavola_core::analysis::Value;
    /// assert_eq!(Value::Estimate(136.8).clamped(Some(98.0)), Value::Estimate(98.0));
    /// assert_eq!(Value::Estimate(-120.0).clamped(Some(98.0)), Value::Estimate(-98.0));
    /// assert_eq!(Value::Estimate(3.5).clamped(Some(98.0)), Value::Estimate(3.5));
    /// assert_eq!(Value::Estimate(136.8).clamped(None), Value::Estimate(136.8));
    /// assert_eq!(Value::Exact(40).clamped(Some(24.0)), Value::Exact(40));
    /// ```
    pub fn clamped(self, reach: Option<f64>) -> Self {
        match (self, reach) {
            (Value::Estimate(v), Some(r)) if r >= 0.0 => Value::Estimate(v.clamp(-r, r)),
            _ => self,
        }
    }

    /// Whether the value is the exact result of perfect play.
    pub fn is_exact(self) -> bool {
        matches!(self, Value::Exact(_))
    }

    /// The value in the game's units (seeds), for comparing moves: a margin as it is, an
    /// estimate as it is; `None` for an expected return, which counts no units.
    ///
    /// ```
    /// use tavola_core::analysis::Value;
    /// assert_eq!(Value::Exact(-3).units(), Some(-3.0));
    /// assert_eq!(Value::Estimate(1.5).units(), Some(1.5));
    /// assert_eq!(Value::Expected(0.2).units(), None);
    /// ```
    pub fn units(self) -> Option<f64> {
        match self {
            Value::Exact(m) | Value::Proven(m) => Some(f64::from(m)),
            Value::Estimate(v) => Some(v),
            Value::Expected(_) => None,
        }
    }

    /// How this value ranks against `other` for the seat to move (`Greater`: this one is
    /// better): by [`Value::units`] (an expected return counting 0), and at equal units
    /// a proven win "by at least m" above an exact or estimated m, a proven loss "by at
    /// least m" below them (a bound can only be worth more, or less, than it says).
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use tavola_core::analysis::Value;
    /// assert_eq!(Value::Proven(24).rank(Value::Proven(16)), Ordering::Greater);
    /// assert_eq!(Value::Proven(16).rank(Value::Estimate(20.5)), Ordering::Less);
    /// assert_eq!(Value::Proven(3).rank(Value::Exact(3)), Ordering::Greater);
    /// assert_eq!(Value::Proven(-3).rank(Value::Estimate(-3.0)), Ordering::Less);
    /// assert_eq!(Value::Exact(0).rank(Value::Proven(0)), Ordering::Equal);
    /// ```
    pub fn rank(self, other: Value) -> std::cmp::Ordering {
        let key = |v: Value| {
            let lean = match v {
                Value::Proven(m) => m.signum(),
                _ => 0,
            };
            (v.units().unwrap_or(0.0), lean)
        };
        let (a, b) = (key(self), key(other));
        a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
    }

    /// The result it promises: 1 a win, 0 a draw, −1 a loss, `None` when only
    /// estimated.
    pub fn result(self) -> Option<i32> {
        match self {
            Value::Exact(m) | Value::Proven(m) => Some(m.signum()),
            _ => None,
        }
    }

    /// The value as a person says it, in the game's `unit`, saying whether it is exact:
    /// "with best play you win by 3 seeds (exact)".
    ///
    /// ```
    /// use game_api::ScoreUnit;
    /// use tavola_core::analysis::Value;
    /// tavola_core::i18n::set_language("en");
    /// let seeds = ScoreUnit::new("seed", "seeds");
    /// assert_eq!(
    ///     Value::Exact(3).in_words(Some(&seeds)),
    ///     "with best play you win by 3 seeds (exact)"
    /// );
    /// assert_eq!(
    ///     Value::Estimate(-1.0).in_words(Some(&seeds)),
    ///     "about 1 seed in your opponent's favour (estimated)"
    /// );
    /// ```
    pub fn in_words(self, unit: Option<&ScoreUnit>) -> String {
        let kind = match self {
            Value::Exact(_) => crate::tr!("analysis-exact"),
            Value::Proven(_) => crate::tr!("analysis-proven"),
            Value::Estimate(_) | Value::Expected(_) => crate::tr!("analysis-estimated"),
        };
        format!("{} ({kind})", self.outcome_in_words(unit))
    }

    /// What the value says will happen, in words, without how sure it is (for a view
    /// that shows that beside it): `with best play you win by 3 seeds`, `about 1 seed
    /// in your opponent's favour`.
    ///
    /// ```
    /// use game_api::ScoreUnit;
    /// use tavola_core::analysis::Value;
    /// tavola_core::i18n::set_language("en");
    /// let seeds = ScoreUnit::new("seed", "seeds");
    /// assert_eq!(
    ///     Value::Proven(-2).outcome_in_words(Some(&seeds)),
    ///     "with best play you lose by at least 2 seeds, whatever you do"
    /// );
    /// ```
    pub fn outcome_in_words(self, unit: Option<&ScoreUnit>) -> String {
        let margin = |m: i32, at_least: bool| {
            let u = unit_word(unit, f64::from(m));
            match (m.signum(), at_least) {
                (1, false) => crate::tr!("estimate-win-by", margin = m, unit = u),
                (1, true) => crate::tr!("estimate-win-by-at-least", margin = m, unit = u),
                (-1, false) => crate::tr!("estimate-lose-by", margin = -m, unit = u),
                (-1, true) => crate::tr!("estimate-lose-by-at-least", margin = -m, unit = u),
                _ => crate::tr!("estimate-draw"),
            }
        };
        match self {
            Value::Exact(m) => margin(m, false),
            Value::Proven(m) => margin(m, true),
            Value::Estimate(v) => points_in_words(v, unit),
            Value::Expected(v) => chance_in_words(v),
        }
    }

    /// The value as JSON: `{"kind": "exact", "margin": 3}`, `{"kind": "proven",
    /// "margin": 3}` (at least that much), `{"kind": "estimate", "value": 1.5}` or
    /// `{"kind": "expected", "value": 0.2}`, with `exact`.
    pub fn to_json(self) -> Json {
        match self {
            Value::Exact(m) => json!({"kind": "exact", "margin": m, "exact": true}),
            Value::Proven(m) => json!({"kind": "proven", "margin": m, "exact": false}),
            Value::Estimate(v) => json!({"kind": "estimate", "value": v, "exact": false}),
            Value::Expected(v) => json!({"kind": "expected", "value": v, "exact": false}),
        }
    }
}
