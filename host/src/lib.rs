//! # tavola: the board-game host
//!
//! The library behind the `tavola` binary: plugin discovery and loading
//! ([`plugins`]), game records ([`record`]) and safe saving ([`storage`]), bots ([`bots`]), headless play
//! ([`play`]), the plugin conformance suite ([`conformance`]) and the desktop app
//! ([`app`]); the command line is the crate `tavola-cli`, which the binary hands the app. No game logic lives here: every game is
//! reached through the game-api.

pub mod app;
pub mod sound;

// The crates below the app, under the module names they had inside it.
pub use tavola_core::{
    ai, analysis, bots, conformance, ending, i18n, locale, matches, ogn, platform, play, plugins,
    printable, puzzles, record, repetition, review, sandbox, session, storage, table, tr, worker,
};
pub use tavola_net as net;
