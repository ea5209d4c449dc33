//! The contract every plugin must keep, checked on the Rust trait from `cargo test` (the
//! same checks `tavola check` makes through the plugin boundary).

use game_api::testing::conformance::{Conformance, assert_conforms};
use zaroc::Zaroc;

#[test]
fn the_game_keeps_the_plugin_contract() {
    let report = assert_conforms::<Zaroc>(&Conformance {
        games_per_set: 4,
        ..Conformance::default()
    });
    assert!(report.actions > 0 && report.option_sets > 1, "{report:?}");
}
