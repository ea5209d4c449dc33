//! The point value of a position whose bounds differ: one number within `lo..=hi` for
//! the evaluation to use where the value depends on the repetition rule.
//!
//! Under Oware's rule a repeated position ends the game, each side taking the seeds on
//! its own row (the *split*). Which position repeats depends on the whole history, so
//! no table can hold the exact value; the bounds say only what each side can force
//! without relying on a repetition. The point value models the rule with stationary
//! play: it starts every such position at its own split (held within its bounds: "if
//! the game ended here by a repetition") and then lets each side choose its best move
//! against those values, sweep after sweep, as the bounds' value iteration does —
//! `point(p) = max over moves of the move's value`, a move that stays in the count
//! worth the negated point of the position it leads to (its point itself if the mover
//! plays again), one that leaves it worth its exact or point value from the smaller
//! count — each result held within `p`'s bounds. It stops when a sweep changes nothing,
//! or when the values alternate between two sweeps (a cycle of odd length in the
//! positions' choices can make them): then the values of the even sweep are kept, as
//! after the last of [`MOST_SWEEPS`] (even) sweeps.
//!
//! Measured against Aalina's endgame database (Aualé's engine, which marks such entries
//! as *cycle scores*), on a sample of the positions of ≤ 12 seeds where our bounds
//! differ: the point value equals Aalina's value in 70% of them (the middle of the
//! bounds, used before, in 40%); see `docs/benchmarks/endgame-databases.md`.

use super::build::Moves;

/// The most sweeps of the point iteration (even: see the module's notes).
pub(crate) const MOST_SWEEPS: usize = 256;

/// The point value of every position of one count, from its moves (`parts`, as the
/// bounds' iteration lists them, `chunk` positions a part) and its bounds.
pub(crate) fn point_values(parts: &[Moves], bounds: &[[i8; 2]], chunk: usize) -> Vec<i8> {
    let mut cur: Vec<i8> = parts
        .iter()
        .flat_map(|(fixed, _, _)| fixed.iter().map(|&(_, split)| split))
        .zip(bounds)
        .map(|(split, &[lo, hi])| split.clamp(lo, hi))
        .collect();
    if bounds.iter().all(|[lo, hi]| lo == hi) {
        return cur;
    }
    let mut prev = cur.clone();
    let mut sweep = 0;
    loop {
        sweep += 1;
        let mut next = vec![0i8; cur.len()];
        std::thread::scope(|scope| {
            for (t, (part, out)) in parts.iter().zip(next.chunks_mut(chunk.max(1))).enumerate() {
                let cur = &cur;
                scope.spawn(move || one_sweep(part, bounds, cur, t * chunk, out));
            }
        });
        let converged = next == cur;
        let alternating = next == prev;
        prev = std::mem::replace(&mut cur, next);
        if converged {
            return cur;
        }
        if alternating || sweep == MOST_SWEEPS {
            return if sweep % 2 == 0 { cur } else { prev };
        }
    }
}

/// One sweep over one part: the new point of each of its positions into `out`.
fn one_sweep(part: &Moves, bounds: &[[i8; 2]], cur: &[i8], first: usize, out: &mut [i8]) {
    let (fixed, ends, edges) = part;
    let mut start = 0usize;
    for (k, ((&([_, _, known], _), &end), slot)) in fixed.iter().zip(ends).zip(out).enumerate() {
        let [lo, hi] = bounds[first + k];
        let mut best = known;
        for &e in &edges[start..end as usize] {
            let c = cur[(e & !(1 << 31)) as usize];
            best = best.max(if e >> 31 == 1 { c } else { -c });
        }
        start = end as usize;
        *slot = best.clamp(lo, hi);
    }
}
