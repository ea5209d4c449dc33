//! A record's comments and variation tree (record version 3): each move may carry a
//! comment and the variations played instead of it — lines from the position before
//! it, whose moves may carry comments and variations in turn. Replaying a record plays
//! its main line only; the analysis board walks, promotes and deletes the variations.

use serde::{Deserialize, Serialize};

use super::RecordedMove;

/// What a person added to a move: a comment and the lines played instead of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Annotations {
    /// A comment on the move (after it is played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Lines played instead of this move, from the position before it; each line's
    /// first move is the alternative to this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<RecordedMove>>,
}

impl Annotations {
    /// Whether there is nothing to keep.
    pub fn is_empty(&self) -> bool {
        self.comment.is_none() && self.variations.is_empty()
    }
}

/// Why a variation cannot be changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariationError {
    /// No move at that place of the line.
    #[error("there is no move {0} in this line")]
    NoMove(usize),
    /// No variation of that number at that move.
    #[error("move {at} has no variation {variation}")]
    NoVariation {
        /// The move's place (0-based).
        at: usize,
        /// The variation's number (0-based).
        variation: usize,
    },
}

fn variations_at(
    line: &mut [RecordedMove],
    at: usize,
    variation: usize,
) -> Result<&mut RecordedMove, VariationError> {
    let m = line.get_mut(at).ok_or(VariationError::NoMove(at))?;
    if variation >= m.notes.variations.len() {
        return Err(VariationError::NoVariation { at, variation });
    }
    Ok(m)
}

/// Makes variation `variation` of the move at `at` the line: the moves it replaces
/// (from `at` on, with their own annotations) become a variation in its place, so
/// nothing is lost; the other variations stay at the new move.
///
/// ```
/// use tavola_core::record::{RecordedMove, promote};
/// let mv = |n: &str| RecordedMove::new(0, n, Some(0));
/// let mut line = vec![mv("a"), mv("b"), mv("c")];
/// line[1].notes.variations.push(vec![mv("x"), mv("y")]);
/// promote(&mut line, 1, 0).unwrap();
/// let names: Vec<_> = line.iter().map(|m| m.notation.as_str()).collect();
/// assert_eq!(names, ["a", "x", "y"]);
/// let old: Vec<_> = line[1].notes.variations[0].iter().map(|m| m.notation.as_str()).collect();
/// assert_eq!(old, ["b", "c"]);
/// ```
pub fn promote(
    line: &mut Vec<RecordedMove>,
    at: usize,
    variation: usize,
) -> Result<(), VariationError> {
    let m = variations_at(line, at, variation)?;
    let mut others = std::mem::take(&mut m.notes.variations);
    let mut chosen = others.remove(variation);
    let mut replaced = line.split_off(at);
    if chosen.is_empty() {
        // An empty variation holds nothing to play: keep the line as it was.
        others.insert(variation, chosen);
        replaced[0].notes.variations = others;
        line.append(&mut replaced);
        return Ok(());
    }
    // The replaced line keeps its own first move's comment; the variations move over.
    others.insert(0, replaced);
    let mut existing = std::mem::take(&mut chosen[0].notes.variations);
    others.append(&mut existing);
    chosen[0].notes.variations = others;
    line.append(&mut chosen);
    Ok(())
}

/// Deletes variation `variation` of the move at `at`, returning it.
pub fn delete_variation(
    line: &mut [RecordedMove],
    at: usize,
    variation: usize,
) -> Result<Vec<RecordedMove>, VariationError> {
    let m = variations_at(line, at, variation)?;
    Ok(m.notes.variations.remove(variation))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn mv(n: &str) -> RecordedMove {
        RecordedMove::new(0, n, Some(0))
    }

    fn names(line: &[RecordedMove]) -> Vec<&str> {
        line.iter().map(|m| m.notation.as_str()).collect()
    }

    #[test]
    fn promoting_twice_gives_the_line_back_and_deleting_removes_one() {
        let mut line = vec![mv("a"), mv("b"), mv("c")];
        line[1].notes.comment = Some("the game's move".into());
        line[1].notes.variations = vec![vec![mv("x")], vec![mv("y"), mv("z")]];
        let before = line.clone();
        promote(&mut line, 1, 1).unwrap();
        assert_eq!(names(&line), ["a", "y", "z"]);
        // The old line is the first variation, then the others.
        let v: Vec<Vec<&str>> = line[1].notes.variations.iter().map(|l| names(l)).collect();
        assert_eq!(v, [vec!["b", "c"], vec!["x"]]);
        assert_eq!(
            line[1].notes.variations[0][0].notes.comment.as_deref(),
            Some("the game's move")
        );
        promote(&mut line, 1, 0).unwrap();
        assert_eq!(names(&line), ["a", "b", "c"]);
        let v: Vec<Vec<&str>> = line[1].notes.variations.iter().map(|l| names(l)).collect();
        assert_eq!(v, [vec!["y", "z"], vec!["x"]]);
        assert_eq!(line[1].notes.comment, before[1].notes.comment);
        assert_eq!(names(&delete_variation(&mut line, 1, 1).unwrap()), ["x"]);
        assert_eq!(line[1].notes.variations.len(), 1);
        assert_eq!(
            delete_variation(&mut line, 1, 5),
            Err(VariationError::NoVariation {
                at: 1,
                variation: 5
            })
        );
        assert_eq!(promote(&mut line, 9, 0), Err(VariationError::NoMove(9)));
    }

    fn arb_move() -> impl Strategy<Value = RecordedMove> {
        let leaf = (
            0u32..40,
            "[a-fA-F]{1,2}",
            proptest::option::of(0u8..2),
            proptest::option::of("\\PC{0,20}"),
        )
            .prop_map(|(id, n, seat, comment)| {
                let mut m = RecordedMove::new(id, &n, seat);
                m.notes.comment = comment;
                m
            });
        leaf.prop_recursive(3, 24, 3, |inner| {
            (
                inner.clone(),
                proptest::collection::vec(proptest::collection::vec(inner, 1..3), 0..3),
            )
                .prop_map(|(mut m, variations)| {
                    m.notes.variations = variations;
                    m
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn annotated_records_round_trip_through_json(
            moves in proptest::collection::vec(arb_move(), 0..6),
            comment in proptest::option::of("\\PC{0,30}"),
        ) {
            let mut record = super::super::tests::sample();
            record.moves = moves;
            record.comment = comment;
            let json = record.to_json();
            prop_assert_eq!(super::super::Record::from_json(&json).unwrap(), record);
        }
    }
}
