//! # tavola-core: the board-game host without a window or a network
//!
//! Plugin discovery and loading ([`plugins`]), the sandboxed worker that runs plugin code
//! ([`worker`], [`sandbox`]), game records ([`record`]) and safe saving ([`storage`]),
//! bots and search ([`ai`], [`bots`]), headless play ([`play`]), analysis and review
//! ([`analysis`], [`review`]), puzzles ([`puzzles`]), the plugin conformance suite
//! ([`conformance`]), the table's parts that draw nothing ([`table`]: the play screen's logic,
//! tested without a window) and the texts in every language ([`i18n`]). No game logic lives
//! here: every game is reached through the game-api. Cargo keeps egui and the network crates
//! out of it. The `tavola` crate re-exports every module
//! under the same name.

pub mod ai;
pub mod analysis;
pub mod bots;
pub mod conformance;
pub mod ending;
pub mod i18n;
pub mod locale;
pub mod matches;
pub mod ogn;
pub mod platform;
pub mod play;
pub mod plugins;
pub mod printable;
pub mod puzzles;
pub mod record;
pub mod repetition;
pub mod review;
pub mod sandbox;
pub mod session;
pub mod start;
pub mod storage;
pub mod table;
pub mod worker;
