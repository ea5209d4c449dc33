//! The engine's speed and self-play matches measuring each weight of the kit's
//! evaluation on Kalah(6,4):
//! `cargo run --release -p kalah --example tune_kalah -- [NODES_PER_MOVE] [OPENINGS] [--speed-only]`.

use kalah::KalahRules;
use mancala_kit::{eval::Weights, tune};

fn main() {
    tune::run_from_args::<KalahRules>("Kalah(6,4)", Weights::OPPOSITE);
}
