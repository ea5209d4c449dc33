//! The test fixtures (`tests/fixtures/`: a plugin that crashes on demand, a second
//! Kalah with a higher version, …) are workspace members, so `cargo build --release
//! --workspace` puts them beside the real plugins in `target/release`. A person who runs
//! the app on that folder must not be offered "Hostile Nim", nor see "Kalah (next)"
//! silently replace the real Kalah.
//!
//! Every fixture says what it is with the manifest tag [`TEST_FIXTURE_TAG`]. A release
//! build of the app never offers such a plugin ([`PluginSet::without_test_fixtures`]):
//! its file is listed in the Plugins panel as `hidden`, and the game it would have
//! shadowed is used. A debug build (the tests') offers fixtures, and so does any build
//! run with `TAVOLA_TEST_FIXTURES=1`. The command line (`tavola check`, `tavola play`)
//! names its plugins itself and sees them all.

use super::{LoadError, PluginSet, PluginStatus};

/// The manifest tag of a plugin made for Tavola's own tests.
pub const TEST_FIXTURE_TAG: &str = "test-fixture";

/// The variable that makes a release build offer test fixtures (`1`).
pub const TEST_FIXTURES_VAR: &str = "TAVOLA_TEST_FIXTURES";

/// Whether the app offers test fixtures: in a debug build, or when
/// [`TEST_FIXTURES_VAR`] is `1`.
pub fn fixtures_offered() -> bool {
    cfg!(debug_assertions) || std::env::var(TEST_FIXTURES_VAR).is_ok_and(|v| v == "1")
}

impl PluginSet {
    /// The same set with every test fixture hidden (refused as
    /// [`LoadError::TestFixture`]), and the games they shadowed in use again.
    ///
    /// ```
    /// # use tavola_core::plugins::PluginSet;
    /// let set = PluginSet::default().without_test_fixtures();
    /// assert_eq!(set.games().count(), 0);
    /// ```
    pub fn without_test_fixtures(mut self) -> Self {
        for file in &mut self.files {
            let fixture = file
                .plugin()
                .is_some_and(|p| p.manifest().tags.iter().any(|t| t == TEST_FIXTURE_TAG));
            if fixture {
                file.status = PluginStatus::Refused(LoadError::TestFixture);
            } else if let PluginStatus::Shadowed { plugin, .. } = &file.status {
                file.status = PluginStatus::Loaded(plugin.clone());
            }
        }
        self.resolve_duplicates();
        self
    }

    /// The set as the app offers it: without test fixtures unless
    /// [`fixtures_offered`].
    pub fn for_the_app(self) -> Self {
        if fixtures_offered() {
            self
        } else {
            self.without_test_fixtures()
        }
    }
}
