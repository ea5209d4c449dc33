//! The engine's speed and self-play matches measuring each weight of the kit's
//! evaluation on Oware:
//! `cargo run --release -p oware --example tune_oware -- [NODES_PER_MOVE] [OPENINGS] [--speed-only]`.

use mancala_kit::{eval::Weights, tune};
use oware::OwareRules;

fn main() {
    tune::run_from_args::<OwareRules>("Oware", Weights::OWARE);
}
