//! What a search expected of the move it chose: an outcome in words for people and in
//! numbers for programs (`tavola hint --json`, `tavola engine`).

use game_api::MoveId;
use serde_json::{Value as Json, json};

use game_api::ScoreUnit;

use super::{chance_in_words, mcts, points_in_words, unit_word};

/// The value a search gave its chosen move, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// The result with best play from both sides was seen: the final margin (positive:
    /// the player to move wins by it; 0: a draw, or equal scores).
    Proven {
        /// Whether the player to move wins, draws or loses.
        result: game_api::GameResult,
        /// Their final score minus the best other score.
        margin: i64,
    },
    /// A heuristic value in points of the final margin (seeds, for mancala) for the
    /// player to move (the plugin's engine below the end of the game).
    Points(f64),
    /// An expected return from −1 (a sure loss) to +1 (a sure win), from simulated games.
    Expected(f64),
}

/// What a search expected of the move it chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// The value of the move for the player to move.
    pub value: Value,
    /// The expected line, the chosen move first.
    pub line: Vec<MoveId>,
    /// How many moves ahead the search looked (alpha-beta), if it counts depth.
    pub depth: Option<u32>,
    /// Positions searched (alpha-beta) or games simulated (MCTS).
    pub nodes: u64,
    /// What the margin and points count ([`game_api::Manifest::score_unit`]); `None`:
    /// points.
    pub unit: Option<ScoreUnit>,
}

impl Estimate {
    /// The estimate of a best-move search by the plugin's engine, in the game's `unit`.
    pub fn of_report(r: &game_api::search::SearchReport, unit: Option<&ScoreUnit>) -> Self {
        let value = match r.margin {
            Some(margin) => Value::Proven {
                result: match margin {
                    m if m > 0 => game_api::GameResult::Win,
                    m if m < 0 => game_api::GameResult::Loss,
                    _ => game_api::GameResult::Draw,
                },
                margin: i64::from(margin),
            },
            None => Value::Points(f64::from(r.score) / f64::from(game_api::search::EVAL_SCALE)),
        };
        Estimate {
            value,
            line: r.line.iter().map(|&m| MoveId(m)).collect(),
            depth: Some(r.depth),
            nodes: r.nodes,
            unit: unit.cloned(),
        }
    }

    /// The estimate of an MCTS search.
    pub fn of_mcts(r: &mcts::SearchResult) -> Self {
        Estimate {
            value: Value::Expected(r.value),
            line: r.line.clone(),
            depth: None,
            nodes: r.simulations,
            unit: None,
        }
    }

    /// The word for `margin` of the unit.
    fn unit_for(&self, margin: i64) -> String {
        unit_word(self.unit.as_ref(), margin as f64)
    }

    /// The expected outcome as a person says it: "with best play you win by 3 seeds (seen
    /// 12 moves ahead)", "about a 70% chance to win (13,000 games simulated)".
    pub fn in_words(&self) -> String {
        let ahead = |seen: bool| match self.depth {
            // No position searched: the game's stored opening solution answered.
            Some(0) if seen && self.nodes == 0 => crate::tr!("estimate-book"),
            Some(d) if seen => crate::tr!("estimate-seen", depth = d),
            Some(d) => crate::tr!("estimate-looked", depth = d),
            None => crate::tr!("estimate-simulated", count = self.nodes),
        };
        let (what, seen) = match self.value {
            Value::Proven {
                result: game_api::GameResult::Win,
                margin,
            } => (
                crate::tr!(
                    "estimate-win-by",
                    margin = margin.abs(),
                    unit = self.unit_for(margin)
                ),
                true,
            ),
            Value::Proven {
                result: game_api::GameResult::Loss,
                margin,
            } => (
                crate::tr!(
                    "estimate-lose-by",
                    margin = margin.abs(),
                    unit = self.unit_for(margin)
                ),
                true,
            ),
            Value::Proven { .. } => (crate::tr!("estimate-draw"), true),
            Value::Points(v) if v == 0.0 && self.depth == Some(0) && self.nodes == 0 => {
                (crate::tr!("estimate-draw"), true)
            }
            Value::Points(v) => (points_in_words(v, self.unit.as_ref()), false),
            Value::Expected(v) => (chance_in_words(v), false),
        };
        format!("{what} ({})", ahead(seen))
    }

    /// The estimate as JSON (without the line, which needs the game to be named):
    /// `{"kind": "proven", "result": "win", "margin": 3, …}`, `{"kind": "points",
    /// "value": 1.5, …}` or `{"kind":
    /// "expected", "value": 0.4, …}`, with `words`, `depth` and `nodes`.
    pub fn to_json(&self) -> Json {
        let mut out = match self.value {
            Value::Proven { result, margin } => json!({
                "kind": "proven",
                "result": format!("{result:?}").to_lowercase(),
                "margin": margin,
            }),
            Value::Points(v) => json!({"kind": "points", "value": v}),
            Value::Expected(v) => json!({"kind": "expected", "value": v}),
        };
        out["words"] = json!(self.in_words());
        out["depth"] = json!(self.depth);
        out["nodes"] = json!(self.nodes);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_reports_are_margins_or_points() {
        let report = |score, margin| game_api::search::SearchReport {
            score,
            margin,
            depth: 9,
            line: vec![2, 3],
            ..Default::default()
        };
        let seeds = ScoreUnit::new("seed", "seeds");
        let e = Estimate::of_report(&report(150, None), Some(&seeds));
        assert_eq!(e.value, Value::Points(1.5));
        assert_eq!(
            e.in_words(),
            "about 1.5 seeds in your favour (looked 9 moves ahead)"
        );
        assert_eq!(e.line, vec![MoveId(2), MoveId(3)]);
        let e = Estimate::of_report(&report(0, Some(3)), Some(&seeds));
        assert_eq!(
            e.value,
            Value::Proven {
                result: game_api::GameResult::Win,
                margin: 3
            }
        );
        assert_eq!(
            e.in_words(),
            "with best play you win by 3 seeds (seen 9 moves ahead)"
        );
        let e = Estimate::of_report(&report(0, Some(-1)), None);
        assert!(
            e.in_words()
                .starts_with("with best play you lose by 1 point,"),
            "{}",
            e.in_words()
        );
        assert_eq!(e.to_json()["margin"], -1);
        assert_eq!(e.to_json()["result"], "loss");
        assert_eq!(e.to_json()["depth"], 9);
        let e = Estimate::of_report(&report(0, Some(0)), None);
        assert!(e.in_words().starts_with("with best play a draw"));
        assert_eq!(e.to_json()["result"], "draw");
    }
}
