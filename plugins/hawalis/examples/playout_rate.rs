//! Random playouts a second of Hawalis against the kit's Oware and Kalah, in process
//! (no plugin boundary, no tree): the part of an MCTS simulation the kit decides.
//!
//! `cargo run --release -p hawalis --example playout_rate [SECONDS] [hawalis]` (with
//! `hawalis`: that game alone, for a profiler)

use std::time::{Duration, Instant};

use game_api::{Game, Manifest, Options, Rng};
use mancala_kit::{Config, Mancala, Variant};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Kalah;
impl Variant for Kalah {
    fn manifest() -> Manifest {
        Manifest::new("kalah", "Kalah", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, game_api::GameError> {
        Ok(Config::kalah(6, 4))
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Oware;
impl Variant for Oware {
    fn manifest() -> Manifest {
        Manifest::new("oware", "Oware", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, game_api::GameError> {
        Ok(Config::oware(4))
    }
}

/// Playouts a second from the start, for `seconds`.
fn rate<V: Variant>(seconds: f64) -> f64 {
    let start = Mancala::<V>::new(&Options::default()).unwrap();
    let mut rng = Rng::with_seed(1);
    let mut playouts = 0u64;
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs_f64(seconds) {
        for _ in 0..100 {
            let mut game = start.clone();
            game.playout(&mut rng).unwrap();
            playouts += 1;
        }
    }
    let secs = began.elapsed().as_secs_f64();
    playouts as f64 / secs
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    if std::env::args().nth(2).as_deref() == Some("count") {
        // A fixed number of playouts (hundreds), for an instruction count.
        let start = Mancala::<hawalis::HawalisRules>::new(&Options::default()).unwrap();
        let mut rng = Rng::with_seed(1);
        for _ in 0..(seconds as u64) * 100 {
            start.clone().playout(&mut rng).unwrap();
        }
        return;
    }
    if std::env::args().nth(2).as_deref() == Some("hawalis") {
        println!("hawalis {:.0}", rate::<hawalis::HawalisRules>(seconds));
        return;
    }
    for _ in 0..2 {
        let k = rate::<Kalah>(seconds);
        let o = rate::<Oware>(seconds);
        let h = rate::<hawalis::HawalisRules>(seconds);
        println!(
            "playouts/s: kalah {k:.0}  oware {o:.0}  hawalis {h:.0}  (oware/hawalis {:.2})",
            o / h
        );
    }
}
