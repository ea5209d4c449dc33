//! The engine's speed and self-play matches measuring each weight of the kit's
//! evaluation on Oware:
//! `cargo run --release -p oware --example tune_oware -- [NODES_PER_MOVE] [OPENINGS] [--speed-only]`.

use game_api::Options;
use mancala_kit::{eval::Weights, tune};
use oware::OwareRules;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.iter()
            .filter(|a| !a.starts_with("--"))
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let (nodes, openings) = (number(0, 20_000), number(1, 36) as usize);
    let (n, secs, cpu) = tune::speed::<OwareRules>(&Options::default(), 1000, 8);
    println!(
        "Oware: {n} positions in {secs:.2} s ({cpu:.2} s of CPU) = {:.2} M positions a \
         second, {:.2} M a CPU second",
        n as f64 / secs / 1e6,
        n as f64 / cpu.max(0.01) / 1e6
    );
    if args.iter().any(|a| a == "--speed-only") {
        return;
    }
    println!("Oware, {nodes} positions a move, {openings} openings × 2 colours");
    tune::report::<OwareRules>(&Options::default(), Weights::COUNTS, nodes, openings);
}
