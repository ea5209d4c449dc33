//! A game's review as the review screen reads it: the JSON that `tavola review --json`
//! prints (the review runs in a child process, as all plugin code does), parsed into
//! types once; the evaluation graph's points and the drills taken from it.

use serde::Deserialize;

use crate::{analysis::Value, review::Class};

/// A value as `tavola review --json` writes it (see [`Value::to_json`]).
#[derive(Debug, Clone, Copy, Deserialize)]
struct RawValue {
    kind: RawKind,
    #[serde(default)]
    margin: i32,
    #[serde(default)]
    value: f64,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum RawKind {
    Exact,
    Proven,
    Estimate,
    Expected,
}

impl From<RawValue> for Value {
    fn from(raw: RawValue) -> Value {
        match raw.kind {
            RawKind::Exact => Value::Exact(raw.margin),
            RawKind::Proven => Value::Proven(raw.margin),
            RawKind::Estimate => Value::Estimate(raw.value),
            RawKind::Expected => Value::Expected(raw.value),
        }
    }
}

fn value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    RawValue::deserialize(d).map(Value::from)
}

/// One move of the review.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ReviewedMove {
    /// Its number in the record (1-based): the board shows the position before it at
    /// `number - 1` moves, after it at `number`.
    pub number: usize,
    /// The seat that moved.
    pub seat: u8,
    /// The move played, in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The best move of the position.
    pub best: String,
    /// The move's class.
    pub class: Class,
    /// What it lost against the best move, in the game's units.
    pub lost: f64,
    /// Whether both values are exact (the loss is then exact too).
    pub exact: bool,
    /// The best move's value for the mover.
    #[serde(deserialize_with = "value")]
    pub best_value: Value,
    /// The played move's value for the mover.
    #[serde(deserialize_with = "value")]
    pub played_value: Value,
}

/// A whole game's review.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct GameReview {
    /// Every move of a seat, in order.
    pub moves: Vec<ReviewedMove>,
    /// The depth searched, in plies.
    pub depth: u32,
    /// How long the review took, in milliseconds.
    pub millis: u64,
    /// The numbers of the moves where the game turned.
    pub turning_points: Vec<usize>,
    /// The numbers of the mistakes and blunders (every seat's).
    pub mistakes: Vec<usize>,
}

/// A point of the evaluation graph: the value after a move, from the first seat's view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GraphPoint {
    /// The move's number (the board goes to the position after it).
    pub number: usize,
    /// The value after the move for the first seat, in the game's units (an expected
    /// return, which counts no units, is 0).
    pub value: f64,
    /// Whether that value is exact.
    pub exact: bool,
    /// The move's class.
    pub class: Class,
}

impl GameReview {
    /// Reads the JSON of `tavola review --json`.
    pub fn parse(json: &str) -> Result<GameReview, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The graph's points, one a move: the played move's value turned to the first
    /// seat's view (the mover's value as it is for seat 0, negated for the other).
    ///
    /// ```
    /// use tavola::app::review_data::GameReview;
    /// let json = r#"{"depth": 4, "millis": 1, "turning_points": [], "mistakes": [],
    ///   "moves": [
    ///     {"number": 1, "seat": 0, "move": "c", "best": "c", "class": "best", "lost": 0,
    ///      "exact": false, "best_value": {"kind": "estimate", "value": 1.5},
    ///      "played_value": {"kind": "estimate", "value": 1.5}},
    ///     {"number": 2, "seat": 1, "move": "C", "best": "D", "class": "blunder",
    ///      "lost": 6, "exact": true, "best_value": {"kind": "exact", "margin": 2},
    ///      "played_value": {"kind": "exact", "margin": -4}}]}"#;
    /// let review = GameReview::parse(json).unwrap();
    /// let points = review.graph_points();
    /// assert_eq!((points[0].value, points[0].exact), (1.5, false));
    /// assert_eq!((points[1].value, points[1].exact), (4.0, true));
    /// ```
    pub fn graph_points(&self) -> Vec<GraphPoint> {
        self.moves
            .iter()
            .map(|m| {
                let mover = m.played_value.units().unwrap_or(0.0);
                GraphPoint {
                    number: m.number,
                    value: if m.seat == 0 { mover } else { -mover },
                    exact: m.played_value.is_exact(),
                    class: m.class,
                }
            })
            .collect()
    }

    /// The drills of `seat`: its mistakes and blunders, in order.
    pub fn drills(&self, seat: u8) -> Vec<&ReviewedMove> {
        self.moves
            .iter()
            .filter(|m| m.seat == seat && m.class >= Class::Mistake)
            .collect()
    }

    /// The reviewed move of number `number`, if it was reviewed.
    pub fn move_numbered(&self, number: usize) -> Option<&ReviewedMove> {
        self.moves.iter().find(|m| m.number == number)
    }
}

/// What a drill's answer is worth: that move reviewed in place of the mistake
/// (`tavola review --instead`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct DrillAnswer {
    /// The answer, in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position's best move.
    pub best: String,
    /// The answer's class against the best move.
    pub class: Class,
    /// What it lost against the best move.
    pub lost: f64,
    /// Whether both values are exact.
    pub exact: bool,
    /// Whether it is as good as the best move's value.
    pub accepted: bool,
    /// The best move's value for the mover.
    #[serde(deserialize_with = "value")]
    pub best_value: Value,
    /// The answer's value for the mover.
    #[serde(deserialize_with = "value")]
    pub played_value: Value,
}

impl DrillAnswer {
    /// Reads the JSON of `tavola review --instead`.
    pub fn parse(json: &str) -> Result<DrillAnswer, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The answer judged against the best move the review showed for `mistake` (a
    /// search of the one position may see less than the review, whose earlier moves
    /// filled the engine's tables): the review's best move is right; another is right
    /// when worth as much as the review's best value, else classed by what it lost.
    ///
    /// ```
    /// use tavola::{analysis::Value, app::review_data::{DrillAnswer, ReviewedMove}, review::Class};
    /// let mistake = ReviewedMove {
    ///     number: 7, seat: 0, notation: "a".into(), best: "c".into(),
    ///     class: Class::Mistake, lost: 3.0, exact: true,
    ///     best_value: Value::Exact(2), played_value: Value::Exact(-1),
    /// };
    /// let answer = |mv: &str, value| DrillAnswer {
    ///     notation: mv.into(), best: "c".into(), class: Class::Best, lost: 0.0,
    ///     exact: false, accepted: true, best_value: value, played_value: value,
    /// };
    /// let right = answer("c", Value::Estimate(0.5)).judged_against(&mistake);
    /// assert!(right.accepted && right.class == Class::Best);
    /// assert_eq!(right.played_value, Value::Exact(2));
    /// let also = answer("d", Value::Exact(2)).judged_against(&mistake);
    /// assert!(also.accepted && also.exact);
    /// let wrong = answer("b", Value::Exact(0)).judged_against(&mistake);
    /// assert!(!wrong.accepted);
    /// assert_eq!((wrong.class, wrong.lost, wrong.exact), (Class::Mistake, 2.0, true));
    /// ```
    pub fn judged_against(mut self, mistake: &ReviewedMove) -> DrillAnswer {
        self.best = mistake.best.clone();
        self.best_value = mistake.best_value;
        if self.notation == mistake.best {
            self.played_value = mistake.best_value;
        }
        self.class = Class::of(self.best_value, self.played_value);
        self.lost = crate::review::lost(self.best_value, self.played_value);
        self.exact = self.best_value.is_exact() && self.played_value.is_exact();
        self.accepted = self.class == Class::Best;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REVIEW: &str = r#"{"game": "oware", "depth": 16, "millis": 900,
      "turning_points": [3], "mistakes": [2, 3],
      "moves": [
        {"number": 1, "seat": 0, "move": "c", "best": "c", "class": "best", "lost": 0.0,
         "exact": false, "best_value": {"kind": "estimate", "value": 0.5, "exact": false},
         "played_value": {"kind": "estimate", "value": 0.5, "exact": false},
         "position": "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"},
        {"number": 2, "seat": 1, "move": "A", "best": "B", "class": "mistake", "lost": 2.5,
         "exact": false, "best_value": {"kind": "estimate", "value": -0.5, "exact": false},
         "played_value": {"kind": "estimate", "value": -3.0, "exact": false},
         "position": "p"},
        {"number": 3, "seat": 0, "move": "d", "best": "e", "class": "blunder", "lost": 7,
         "exact": true, "best_value": {"kind": "exact", "margin": 4, "exact": true},
         "played_value": {"kind": "exact", "margin": -3, "exact": true},
         "position": "p"}]}"#;

    #[test]
    fn a_review_is_read_with_its_values_and_classes() {
        let review = GameReview::parse(REVIEW).unwrap();
        assert_eq!(review.moves.len(), 3);
        assert_eq!(review.moves[2].best_value, Value::Exact(4));
        assert_eq!(review.moves[1].played_value, Value::Estimate(-3.0));
        assert_eq!(review.moves[2].class, Class::Blunder);
        assert_eq!(review.turning_points, [3]);
        assert!(GameReview::parse("{\"moves\": 3}").is_err());
    }

    #[test]
    fn the_graph_is_the_first_seats_view_with_exact_points_marked() {
        let review = GameReview::parse(REVIEW).unwrap();
        let points = review.graph_points();
        let values: Vec<f64> = points.iter().map(|p| p.value).collect();
        // Seat 1's −3 is the first seat's +3; seat 0's exact −3 stays −3.
        assert_eq!(values, [0.5, 3.0, -3.0]);
        let exact: Vec<bool> = points.iter().map(|p| p.exact).collect();
        assert_eq!(exact, [false, false, true]);
        assert_eq!(points[2].number, 3);
    }

    #[test]
    fn the_drills_are_a_seats_mistakes_and_answers_are_judged_by_the_reviews_best() {
        let review = GameReview::parse(REVIEW).unwrap();
        let numbers =
            |seat| -> Vec<usize> { review.drills(seat).iter().map(|m| m.number).collect() };
        assert_eq!(numbers(0), [3]);
        assert_eq!(numbers(1), [2]);
        let mistake = review.move_numbered(3).unwrap();
        let answer = |mv: &str, value| DrillAnswer {
            notation: mv.into(),
            best: "x".into(),
            class: Class::Best,
            lost: 0.0,
            exact: false,
            accepted: true,
            best_value: value,
            played_value: value,
        };
        // The review's best move is right, whatever a search of it alone said.
        let right = answer("e", Value::Estimate(-9.0)).judged_against(mistake);
        assert!(right.accepted);
        assert_eq!((right.best.as_str(), right.lost), ("e", 0.0));
        // Another worth as much is right too; one worth less is classed by its loss.
        assert!(
            answer("f", Value::Exact(4))
                .judged_against(mistake)
                .accepted
        );
        let wrong = answer("a", Value::Estimate(2.5)).judged_against(mistake);
        assert!(!wrong.accepted && !wrong.exact);
        assert_eq!((wrong.class, wrong.lost), (Class::Inaccuracy, 1.5));
        let lost_win = answer("b", Value::Exact(-1)).judged_against(mistake);
        assert_eq!(lost_win.class, Class::Blunder);
    }
}
