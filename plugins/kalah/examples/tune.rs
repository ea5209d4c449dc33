//! Self-play matches measuring each weight of the kit's evaluation on Kalah(6,4):
//! `cargo run --release -p kalah --example tune -- [NODES_PER_MOVE] [OPENINGS]`.

use game_api::Options;
use kalah::KalahRules;
use mancala_kit::{eval::Weights, tune};

fn main() {
    let mut args = std::env::args().skip(1);
    let nodes = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let openings = args.next().and_then(|a| a.parse().ok()).unwrap_or(36);
    println!("Kalah(6,4), {nodes} positions a move, {openings} openings × 2 colours");
    tune::report::<KalahRules>(&Options::default(), Weights::OPPOSITE, nodes, openings);
}
