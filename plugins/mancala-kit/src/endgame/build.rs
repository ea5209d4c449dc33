//! Retrograde analysis of one seed count: every position with exactly `n` seeds on the
//! board, given the tables of every smaller count.
//!
//! A move that captures leads to a smaller count (already known); a move that does not
//! keeps the count, so the positions of one count depend on each other, through
//! cycles. Each position gets two bounds, from the mover's side, on the seeds still on
//! the board (the mover's share minus the opponent's, every seed played out):
//!
//! - `lo`: what the mover can force *while forcing the game out of this count in a
//!   bounded number of moves* (a play that never leaves counts as the worst for the
//!   mover);
//! - `hi`: the same from the opponent's side (a play that never leaves counts as the
//!   best for the mover).
//!
//! Both come from one monotone value iteration (`lo` starts at −∞ and only rises, `hi`
//! at +∞ and only falls) that stops when a sweep changes nothing. Where `lo == hi` the
//! value does not depend on how endless play is scored: the strategies that force it
//! strictly shorten the distance to a capture or the end, so no position repeats on
//! the way, and the cycle rule never applies. Where `lo < hi` the value depends on the
//! repetition rule and on the history; the table keeps both bounds, and a **point
//! value** within them (`super::point`) for the evaluation to use.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering};

use game_api::MoveId;

use super::index::Index;
use crate::{Board, Config, Effects, End, Mancala, Side, Variant, sow};

/// Plus infinity for a bound (minus infinity is its negation).
pub(crate) const INF: i8 = 127;

/// How far a build has come, shared with whoever watches it.
#[derive(Debug, Default)]
pub struct Progress {
    /// Positions whose count is finished.
    pub done: AtomicU64,
    /// Positions in every count being built.
    pub total: AtomicU64,
    /// The count being built.
    pub count: AtomicU64,
    /// Sweeps of the value iteration in the current count.
    pub sweeps: AtomicU64,
}

/// One move out of a position of the count being built.
enum Step {
    /// The game ends after it or leaves the count: its exact `[lo, hi, point]`
    /// contribution.
    Known(Entry),
    /// It stays in the count, at this rank; `same_mover`: the mover plays again.
    Same(u32, bool),
}

/// The moves of the position `view` (the mover's houses first), seen as steps: the
/// `[lo, hi, point]` of the moves whose value is known (the ranks of the others into
/// `out`), and the position's split (the seeds on the mover's row minus the
/// opponent's: what a repetition there would give).
pub(crate) fn steps<V: Variant>(
    config: &Config,
    index: &Index,
    lower: &[Vec<Entry>],
    view: &[u32],
    seeds: u32,
    out: &mut Vec<u32>,
) -> (Entry, i8) {
    let houses = config.houses;
    let mut game = mover_position::<V>(config, view);
    let mut moves = Vec::with_capacity(houses);
    game.legal_into(&mut moves);
    let board = &game.board;
    let split = (i64::from(board.seeds_on_side(Side::South))
        - i64::from(board.seeds_on_side(Side::North)))
    .clamp(-i64::from(INF), i64::from(INF)) as i8;
    let row_empty = board.side_empty(Side::South) || board.side_empty(Side::North);
    if moves.is_empty() || (config.end == End::SideEmpty && row_empty) {
        // No legal move, or a row is empty where that ends the game (no such position
        // follows a move, but the index holds them): each side takes the seeds on its
        // side.
        return ([split; 3], split);
    }
    let (mut lo, mut hi, mut point) = (-INF, -INF, -INF);
    let mut rotated = vec![0u32; 2 * houses];
    for mv in moves {
        let step = one_step::<V>(&mut game, mv, index, lower, seeds, &mut rotated);
        match step {
            Step::Known([l, h, p]) => {
                lo = lo.max(l);
                hi = hi.max(h);
                point = point.max(p);
            }
            Step::Same(rank, same_mover) => {
                out.push(rank | if same_mover { 1 << 31 } else { 0 });
            }
        }
    }
    ([lo, hi, point], split)
}

/// A game whose mover is South holding `view`'s first row.
pub(crate) fn mover_position<V: Variant>(config: &Config, view: &[u32]) -> Mancala<V> {
    let mut game = Mancala::<V>::from_config_unchecked(config.clone());
    let board = &mut game.board;
    board.pits.iter_mut().for_each(|pit| *pit = 0);
    board.captured = [0, 0];
    for (k, side) in [Side::South, Side::North].into_iter().enumerate() {
        for i in 0..config.houses {
            let pit = board.house(side, i);
            board.pits[pit] = view[k * config.houses + i];
        }
    }
    game
}

/// The houses of `board`, `first`'s row then the other's, into `out`.
pub(crate) fn read_view(board: &Board, first: Side, out: &mut [u32]) {
    let houses = board.houses;
    out[..houses].copy_from_slice(board.row_of(first));
    out[houses..2 * houses].copy_from_slice(board.row_of(first.other()));
}

fn one_step<V: Variant>(
    game: &mut Mancala<V>,
    mv: MoveId,
    index: &Index,
    lower: &[Vec<Entry>],
    seeds: u32,
    rotated: &mut [u32],
) -> Step {
    let houses = game.config.houses;
    let mut board = game.board.clone();
    let sown = sow::sow_turn::<V>(
        &mut board,
        &game.config,
        Side::South,
        mv.0 as usize,
        true,
        &mut Effects(None),
    );
    // Seeds banked by the move: captured, or sown into a store (Kalah's stores are in
    // the ring, and a sowing past one's own store banks a seed without a capture).
    let cap = i64::from(board.bank_of(Side::South)) - i64::from(board.bank_of(Side::North));
    let left = board.seeds_on_side(Side::South) + board.seeds_on_side(Side::North);
    let side_end = game.config.end == End::SideEmpty
        && (board.side_empty(Side::South) || board.side_empty(Side::North));
    if side_end || left == 0 {
        let v = cap + i64::from(board.seeds_on_side(Side::South))
            - i64::from(board.seeds_on_side(Side::North));
        return Step::Known([v as i8; 3]);
    }
    let same_mover = sown.extra_turn;
    let next = if same_mover { Side::South } else { Side::North };
    read_view(&board, next, &mut rotated[..2 * houses]);
    let rank = index.rank(rotated, left);
    if left == seeds {
        return Step::Same(rank as u32, same_mover);
    }
    let [l, h, p] = lower[left as usize][rank as usize];
    let cap = cap as i8;
    if same_mover {
        Step::Known([cap + l, cap + h, cap + p])
    } else {
        Step::Known([cap - h, cap - l, cap - p])
    }
}

/// One position's entry in a table: the bounds `lo`, `hi` on its play-out value for
/// the mover (see the module's notes), and the point value `lo ≤ point ≤ hi` the
/// evaluation uses (`super::point`; equal to both where `lo == hi`).
pub type Entry = [i8; 3];

/// The moves of a range of positions: per position the `[lo, hi, point]` from its known
/// moves, and its split (the seeds on the mover's row minus the opponent's); the end of
/// its list in the ranks of the moves that stay in the count (bit 31: the mover plays
/// again); the ranks.
pub(crate) type Moves = (Vec<(Entry, i8)>, Vec<u32>, Vec<u32>);

/// Builds the bounds of every position with exactly `seeds` seeds, on `threads`
/// threads. `lower[m]` holds count `m`'s table for every `m < seeds`.
pub(crate) fn build_count<V: Variant>(
    config: &Config,
    index: &Index,
    lower: &[Vec<Entry>],
    seeds: u32,
    threads: usize,
    progress: &Progress,
) -> Vec<Entry> {
    let count = index.count(seeds) as usize;
    let threads = threads.clamp(1, 64);
    let chunk = count.div_ceil(threads).max(1);
    // The moves of every position, once: fixed bounds from the known moves, and the
    // ranks of the moves that stay in the count.
    let parts: Vec<Moves> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let range = (t * chunk).min(count)..((t + 1) * chunk).min(count);
                    let mut fixed = Vec::with_capacity(range.len());
                    let mut ends = Vec::with_capacity(range.len());
                    let mut edges = Vec::new();
                    let mut view = vec![0u32; 2 * config.houses];
                    for rank in range {
                        index.unrank(rank as u64, seeds, &mut view);
                        fixed.push(steps::<V>(config, index, lower, &view, seeds, &mut edges));
                        ends.push(edges.len() as u32);
                    }
                    (fixed, ends, edges)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let lo: Vec<AtomicI8> = (0..count).map(|_| AtomicI8::new(-INF)).collect();
    let hi: Vec<AtomicI8> = (0..count).map(|_| AtomicI8::new(INF)).collect();
    progress.sweeps.store(0, Ordering::Relaxed);
    loop {
        let changed = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for (t, (fixed, ends, edges)) in parts.iter().enumerate() {
                let (lo, hi, changed) = (&lo, &hi, &changed);
                scope.spawn(move || {
                    let mut start = 0usize;
                    let mut any = false;
                    for (k, (&([flo, fhi, _], _), &end)) in fixed.iter().zip(ends).enumerate() {
                        let p = t * chunk + k;
                        let (mut nlo, mut nhi) = (flo, fhi);
                        for &e in &edges[start..end as usize] {
                            let c = (e & !(1 << 31)) as usize;
                            let (clo, chi) =
                                (lo[c].load(Ordering::Relaxed), hi[c].load(Ordering::Relaxed));
                            if e >> 31 == 1 {
                                nlo = nlo.max(clo);
                                nhi = nhi.max(chi);
                            } else {
                                nlo = nlo.max(-chi);
                                nhi = nhi.max(-clo);
                            }
                        }
                        start = end as usize;
                        if nlo > lo[p].load(Ordering::Relaxed) {
                            lo[p].store(nlo, Ordering::Relaxed);
                            any = true;
                        }
                        if nhi < hi[p].load(Ordering::Relaxed) {
                            hi[p].store(nhi, Ordering::Relaxed);
                            any = true;
                        }
                    }
                    if any {
                        changed.store(true, Ordering::Relaxed);
                    }
                });
            }
        });
        progress.sweeps.fetch_add(1, Ordering::Relaxed);
        if !changed.load(Ordering::Relaxed) {
            break;
        }
    }
    // Whatever endless play is scored, the value lies within the seeds on the board.
    let n = seeds.min(INF as u32) as i8;
    let bounds: Vec<[i8; 2]> = lo
        .into_iter()
        .zip(hi)
        .map(|(l, h)| [l.into_inner().max(-n), h.into_inner().min(n)])
        .collect();
    let points = super::point::point_values(&parts, &bounds, chunk);
    bounds
        .into_iter()
        .zip(points)
        .map(|([l, h], p)| [l, h, p])
        .collect()
}
