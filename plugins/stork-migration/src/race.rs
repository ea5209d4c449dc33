//! How far a stork still has to go, in throws: the heuristic behind `evaluate`.
//!
//! Squares are a poor measure of a race with exact arrival, cables and a wind square:
//! a stork on 32 needs a throw of exactly 1, and one that falls on the cables starts
//! again. So the heuristic counts, for each square (0 is off the board), the expected
//! number of throws until a stork there reaches Africa, if it moves whenever the throw
//! lets it and never onto the cables (with other storks on the track, a throw that would
//! drop one on the cables goes to another) — or, for a player's last stork, which must
//! take any legal move, onto the cables too. Swaps, pairs and rows are left to search.

use std::sync::OnceLock;

use crate::{AFRICA, CABLES, Randomiser, WIND};

/// Expected turns to Africa from each square 0..=33, for a stork alone on the track.
pub type TurnsTable = [f64; AFRICA as usize + 1];

/// The table for `randomiser`, for a stork with others beside it or for a player's last
/// one (`last`) (computed once each).
pub fn expected_turns(randomiser: Randomiser, last: bool) -> &'static TurnsTable {
    static TABLES: [OnceLock<TurnsTable>; 4] = [const { OnceLock::new() }; 4];
    let i = usize::from(randomiser == Randomiser::Die) * 2 + usize::from(last);
    TABLES[i].get_or_init(|| compute(randomiser, last))
}

/// The throws of `randomiser`: (what the throw shows, probability).
fn throws(randomiser: Randomiser) -> Vec<(u8, f64)> {
    randomiser
        .outcomes()
        .iter()
        .filter_map(|o| {
            randomiser
                .throw_of(o.mv)
                .map(|t| (t, o.probability.as_f64()))
        })
        .collect()
}

/// Value iteration on E(s) = 1 + Σ p(t) · E(after s, t); E(Africa) = 0.
fn compute(randomiser: Randomiser, last: bool) -> TurnsTable {
    let throws = throws(randomiser);
    let mut e: TurnsTable = [0.0; AFRICA as usize + 1];
    for _ in 0..1000 {
        // Overshooting Africa: the stork stays. The cables: another stork takes the
        // throw, but the last one must go (and falls off the board).
        let after = |e: &TurnsTable, s: u8, steps: u8| -> f64 {
            let to = s + steps;
            if steps == 0 || to > AFRICA {
                return e[usize::from(s)];
            }
            if CABLES.contains(&to) {
                return if last { e[0] } else { e[usize::from(s)] };
            }
            e[usize::from(to)]
        };
        let mut next = e;
        next[0] = 1.0
            + throws
                .iter()
                .map(|&(t, p)| {
                    // Re-entry on square N needs a throw showing exactly N (1..4).
                    p * if (1..=4).contains(&t) {
                        e[usize::from(t)]
                    } else {
                        e[0]
                    }
                })
                .sum::<f64>();
        for s in 1..AFRICA {
            if CABLES.contains(&s) {
                continue;
            }
            next[usize::from(s)] = 1.0
                + throws
                    .iter()
                    .map(|&(t, p)| {
                        let steps = randomiser.steps(t);
                        if steps > 0 && s + steps == WIND {
                            // The wind moves the stork again at once, in the same turn.
                            let rethrow: f64 = throws
                                .iter()
                                .map(|&(t2, p2)| p2 * after(&e, WIND, randomiser.steps(t2)))
                                .sum();
                            p * rethrow
                        } else {
                            p * after(&e, s, steps)
                        }
                    })
                    .sum::<f64>();
        }
        // A stork on the cables is off the board.
        for c in CABLES {
            next[usize::from(c)] = next[0];
        }
        e = next;
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sensible() {
        let e = expected_turns(Randomiser::Coins, false);
        assert_eq!(e[33], 0.0);
        // One square short needs exactly one head: 4 in 16, so 4 turns on average.
        assert!((e[32] - 4.0).abs() < 1e-9, "{}", e[32]);
        // Farther is longer, off the board longest.
        assert!(e[1] > e[20] && e[20] > e[30]);
        assert!(e[0] > e[1]);
        // Squares just past the cables are better than the ones before them.
        assert!(e[16] > e[18]);
        // Falling on the cables costs the whole way again.
        assert_eq!(e[17], e[0]);
        // A last stork cannot dodge the cables: before them it needs more throws.
        let last = expected_turns(Randomiser::Coins, true);
        assert!(last[15] > e[15] && last[27] > e[27]);
        assert_eq!(last[32], e[32]);
    }
}
