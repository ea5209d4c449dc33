//! The contract every plugin must keep, checked on the Rust trait from `cargo test` (the
//! same checks `tavola check` makes through the plugin boundary).

use bite_the_pumpkin::BiteThePumpkin;
use game_api::testing::conformance::{Conformance, assert_conforms};

#[test]
fn the_game_keeps_the_plugin_contract() {
    let report = assert_conforms::<BiteThePumpkin>(&Conformance {
        games_per_set: 4,
        ..Conformance::default()
    });
    assert!(report.actions > 0 && report.option_sets > 1, "{report:?}");
}
