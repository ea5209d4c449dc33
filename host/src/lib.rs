//! # tavola: the board-game host
//!
//! The library behind the `tavola` binary: plugin discovery and loading
//! ([`plugins`]), game records ([`record`]) and safe saving ([`storage`]), bots ([`bots`]), headless play
//! ([`play`]), the plugin conformance suite ([`conformance`]), the command line
//! ([`cli`]) and the desktop app ([`app`]). No game logic lives here: every game is
//! reached through the game-api.

pub mod ai;
pub mod analysis;
pub mod app;
pub mod bots;
pub mod cli;
pub mod conformance;
pub mod ending;
pub mod i18n;
pub mod locale;
pub mod matches;
pub mod net;
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
pub mod sound;
pub mod storage;
pub mod table;
pub mod worker;
