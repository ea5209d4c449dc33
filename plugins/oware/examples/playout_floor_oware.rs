//! How fast can a random Oware playout be? The kit's playout (the general sowing engine,
//! inside the plugin, no FFI) against a minimal Oware (Abapa) written for this one game:
//! the floor any engine would meet on this machine. Run with
//! `cargo run --release -p oware --example playout_floor_oware [-- PLAYOUTS]`; the last line,
//! `floor-ratio oware KIT_NS FLOOR_NS RATIO`, is what `scripts/perf-guard` reads.

use game_api::{Game, Options, Rng};
use mancala_kit::tune::Stopwatch;
use oware::Oware;

/// Abapa reduced to its bones: 12 houses, the origin skipped, twos and threes captured
/// backwards (a grand slam captures nothing), the opponent fed when starved, more than
/// 24 captured or no move ends the game, and a position repeated since the last capture
/// ends it (each side then takes its own seeds). Returns the margin and the moves.
fn minimal_playout(rng: &mut Rng, seen: &mut Vec<([u8; 12], usize)>) -> (i64, u64) {
    let mut pits = [4u8; 12];
    let mut captured = [0u32; 2];
    let mut side = 0usize;
    let mut moves = 0;
    seen.clear();
    seen.push((pits, side));
    let sweep = |pits: &[u8; 12], captured: [u32; 2]| -> i64 {
        let s: u32 = captured[0] + pits[0..6].iter().map(|&x| u32::from(x)).sum::<u32>();
        let n: u32 = captured[1] + pits[6..12].iter().map(|&x| u32::from(x)).sum::<u32>();
        i64::from(s) - i64::from(n)
    };
    loop {
        let base = side * 6;
        let other = 6 - base;
        let theirs: u32 = pits[other..other + 6].iter().map(|&x| u32::from(x)).sum();
        let mut houses = 0u32;
        for i in 0..6 {
            let n = usize::from(pits[base + i]);
            // Starved opponent: only a sowing that reaches their row.
            let feeds = theirs > 0 || n > 5 - i;
            houses |= u32::from(n != 0 && feeds) << i;
        }
        if houses == 0 {
            return (sweep(&pits, captured), moves);
        }
        let k = rng.below(houses.count_ones() as usize);
        for _ in 0..k {
            houses &= houses - 1;
        }
        let origin = base + houses.trailing_zeros() as usize;
        let mut seeds = std::mem::take(&mut pits[origin]);
        let mut pos = origin;
        while seeds > 0 {
            pos = if pos == 11 { 0 } else { pos + 1 };
            if pos != origin {
                pits[pos] += 1;
                seeds -= 1;
            }
        }
        moves += 1;
        let mut banked = false;
        if (other..other + 6).contains(&pos) && (2..=3).contains(&pits[pos]) {
            let mut take = 0u32;
            let mut p = pos;
            while (other..other + 6).contains(&p) && (2..=3).contains(&pits[p]) {
                take += u32::from(pits[p]);
                if p == other {
                    break;
                }
                p -= 1;
            }
            let left: u32 = pits[other..other + 6].iter().map(|&x| u32::from(x)).sum();
            if take < left {
                let mut p = pos;
                while (other..other + 6).contains(&p) && (2..=3).contains(&pits[p]) {
                    captured[side] += u32::from(std::mem::take(&mut pits[p]));
                    if p == other {
                        break;
                    }
                    p -= 1;
                }
                banked = true;
            }
        }
        side ^= 1;
        if banked {
            if 2 * captured[0] > 48 || 2 * captured[1] > 48 {
                return (sweep(&pits, captured), moves);
            }
            seen.clear();
        }
        if seen.contains(&(pits, side)) {
            return (sweep(&pits, captured), moves);
        }
        seen.push((pits, side));
    }
}

fn main() {
    let playouts: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("the number of playouts"))
        .unwrap_or(200_000);
    let start = Oware::new(&Options::defaults(&Oware::manifest().options)).expect("Oware");
    let mut rng = Rng::with_seed(1);
    let t = Stopwatch::start();
    let mut margin = 0i64;
    for _ in 0..playouts {
        let outcome = start.clone().playout(&mut rng).expect("a playout ends");
        margin += outcome.margin();
    }
    let kit = t.seconds() / f64::from(playouts);

    let mut rng = Rng::with_seed(1);
    let mut seen = Vec::with_capacity(256);
    let t = Stopwatch::start();
    let (mut moves, mut floor_margin) = (0u64, 0i64);
    for _ in 0..playouts {
        let (m, n) = minimal_playout(&mut rng, &mut seen);
        floor_margin += m;
        moves += n;
    }
    let floor = t.seconds() / f64::from(playouts);
    let per_move = moves as f64 / f64::from(playouts);
    println!("random Oware (Abapa) playouts, {per_move:.1} moves on average");
    println!(
        "mancala-kit:        {:>7.0} ns/playout {:>5.1} ns/move",
        kit * 1e9,
        kit * 1e9 / per_move
    );
    println!(
        "minimal Oware loop: {:>7.0} ns/playout {:>5.1} ns/move",
        floor * 1e9,
        floor * 1e9 / per_move
    );
    println!(
        "(mean margins {} and {}: the same random policy)",
        margin as f64 / f64::from(playouts),
        floor_margin as f64 / f64::from(playouts)
    );
    println!(
        "floor-ratio oware {:.1} {:.1} {:.3}",
        kit * 1e9,
        floor * 1e9,
        kit / floor
    );
}
