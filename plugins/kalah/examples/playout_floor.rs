//! How fast can a random Kalah playout be? The kit's playout (the general sowing engine,
//! inside the plugin, no FFI) against a minimal Kalah written for this one game: the
//! floor any engine would meet on this machine. Run with
//! `cargo run --release -p kalah --example playout_floor [-- PLAYOUTS]`; the last line,
//! `floor-ratio kalah KIT_NS FLOOR_NS RATIO`, is what `scripts/perf-guard` reads. Times
//! are this thread's CPU time where the system tells it, so that a busy machine slows
//! neither side.

use game_api::{Game, Options, Rng};
use kalah::Kalah;
use mancala_kit::tune::Stopwatch;

/// Kalah(6,4) reduced to its bones: a fixed 14-pit ring, no checks, no effects.
fn minimal_playout(rng: &mut Rng) -> (i64, u64) {
    let mut pits = [4u32, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0];
    let mut side = 0usize;
    let mut moves = 0;
    loop {
        let base = side * 7;
        let mut houses = 0u32;
        for i in 0..6 {
            houses |= u32::from(pits[base + i] != 0) << i;
        }
        let k = rng.below(houses.count_ones() as usize);
        for _ in 0..k {
            houses &= houses - 1;
        }
        let origin = base + houses.trailing_zeros() as usize;
        let skip = if side == 0 { 13 } else { 6 };
        let mut seeds = std::mem::take(&mut pits[origin]);
        let mut pos = origin;
        while seeds > 0 {
            pos = if pos == 13 { 0 } else { pos + 1 };
            if pos != skip {
                pits[pos] += 1;
                seeds -= 1;
            }
        }
        moves += 1;
        let store = base + 6;
        if pos != store {
            if (base..base + 6).contains(&pos) && pits[pos] == 1 && pits[12 - pos] > 0 {
                pits[store] += pits[12 - pos] + 1;
                pits[12 - pos] = 0;
                pits[pos] = 0;
            }
            side ^= 1;
        }
        let south = pits[0..6].iter().fold(0, |a, &x| a | x);
        let north = pits[7..13].iter().fold(0, |a, &x| a | x);
        if south == 0 || north == 0 {
            let s = pits[6] + pits[0..6].iter().sum::<u32>();
            let n = pits[13] + pits[7..13].iter().sum::<u32>();
            return (i64::from(s) - i64::from(n), moves);
        }
    }
}

fn main() {
    let playouts: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("the number of playouts"))
        .unwrap_or(500_000);
    let start = Kalah::new(&Options::defaults(&Kalah::manifest().options)).expect("Kalah");
    let mut rng = Rng::with_seed(1);
    let t = Stopwatch::start();
    let mut margin = 0i64;
    for _ in 0..playouts {
        let outcome = start.clone().playout(&mut rng).expect("a playout ends");
        margin += outcome.margin();
    }
    let kit = t.seconds() / f64::from(playouts);

    let mut rng = Rng::with_seed(1);
    let t = Stopwatch::start();
    let (mut moves, mut floor_margin) = (0u64, 0i64);
    for _ in 0..playouts {
        let (m, n) = minimal_playout(&mut rng);
        floor_margin += m;
        moves += n;
    }
    let floor = t.seconds() / f64::from(playouts);
    let per_move = moves as f64 / f64::from(playouts);
    println!("random Kalah(6,4) playouts, {per_move:.1} moves on average");
    println!(
        "mancala-kit:        {:>7.0} ns/playout {:>5.1} ns/move",
        kit * 1e9,
        kit * 1e9 / per_move
    );
    println!(
        "minimal Kalah loop: {:>7.0} ns/playout {:>5.1} ns/move",
        floor * 1e9,
        floor * 1e9 / per_move
    );
    println!(
        "(mean margins {} and {}: the same random policy)",
        margin as f64 / f64::from(playouts),
        floor_margin as f64 / f64::from(playouts)
    );
    println!(
        "floor-ratio kalah {:.1} {:.1} {:.3}",
        kit * 1e9,
        floor * 1e9,
        kit / floor
    );
}
