//! Self-play matches measuring each weight of the kit's evaluation on Oware:
//! `cargo run --release -p oware --example tune -- [NODES_PER_MOVE] [OPENINGS]`.

use game_api::Options;
use mancala_kit::{eval::Weights, tune};
use oware::OwareRules;

fn main() {
    let mut args = std::env::args().skip(1);
    let nodes = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let openings = args.next().and_then(|a| a.parse().ok()).unwrap_or(36);
    println!("Oware, {nodes} positions a move, {openings} openings × 2 colours");
    tune::report::<OwareRules>(&Options::default(), Weights::COUNTS, nodes, openings);
}
