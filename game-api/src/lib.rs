//! # game-api: the contract between Tavola and its game plugins
//!
//! A Tavola game is a dynamic library that the host finds in a plugins folder. This crate
//! is everything a game author needs, in two layers:
//!
//! 1. **The Rust face**: the [`Game`] trait over an owned, `serde`-serialisable state, with
//!    plain data types for everything a game tells the host — its [`Manifest`] (name,
//!    seats, rules text, [`OptionSpec`]s and [`Preset`]s), its board [`Layout`] (with a
//!    [`PieceStyle`] for each kind of piece), the dynamic [`View`], whose [`Turn`] it is (a seat, a chance event with exact
//!    [`Probability`]s, or an [`Outcome`]), the legal moves as compact [`MoveId`]s with a
//!    [`MoveInfo`] for people, and the [`Effect`]s of a move, pushed through the
//!    [`Effects`] sink. A game crate unit-tests its rules against this trait with no
//!    loading involved, with the helpers of [`testing`] and the conformance suite
//!    [`testing::conformance`] (the checks `tavola check` makes through the boundary).
//! 2. **The FFI face** ([`ffi`]): `abi_stable` types and the [`export_game!`] macro that
//!    wraps a [`Game`] into a loadable plugin and catches every panic at the boundary.
//!    Game code never touches an `abi_stable` type.
//!
//! ```
//! use game_api::{Options, OptionSpec, OptionValue};
//!
//! let schema = vec![OptionSpec::integer("houses", "Houses per side", 3, 6, 6)];
//! let options = Options::parse(&schema, ["houses=4"]).unwrap();
//! assert_eq!(options.int("houses"), Some(4));
//! assert!(Options::parse(&schema, ["houses=9"]).is_err());
//! ```
//!
//! ## Depending on game-api
//!
//! The crate is not on crates.io yet: take it from the Tavola repository, where it is the
//! package `game-api` in the folder `game-api/` (imported as `game_api`). By git — cargo
//! finds the package inside the repository's workspace by its name; add
//! `rev = "<commit>"` or `tag = "<tag>"` to pin a revision:
//!
//! ```toml
//! [dependencies]
//! game-api = { git = "<the Tavola repository's URL>" }
//! ```
//!
//! or by path, from a clone of the repository:
//!
//! ```toml
//! [dependencies]
//! game-api = { path = "/path/to/tavola/game-api" }
//! ```
//!
//! Once published, `game-api = "0.1"`. A plugin crate also needs
//! `crate-type = ["cdylib", "rlib"]` under `[lib]` (the library the host loads, and an
//! `rlib` for the crate's own tests), and `game_api::export_game!(MyGame);` once in its
//! code; it needs no `abi_stable` dependency of its own. The minimum Rust version is 1.95.
#![allow(non_local_definitions)] // raised by every #[sabi_trait]; see ARCHITECTURE.md

pub mod data;
mod effect;
pub mod endgame;
mod error;
pub mod ffi;
mod game;
pub mod i18n;
mod layout;
mod manifest;
mod moves;
pub mod notation;
mod options;
mod piece_style;
mod rng;
pub mod search;
mod sound;
pub mod testing;
mod turn;
mod view;

pub use effect::{Effect, Effects};
pub use error::GameError;
pub use game::{Game, MAX_PLAYOUT_ACTIONS, random_actions, random_playout};
pub use i18n::{ManifestTexts, OptionTexts};
pub use layout::{Facing, Layout, Link, LinkKind, Shape, Site, SiteId};
pub use manifest::{BotSpec, Manifest, RulesText, ScoreUnit, SearchHints, SeatRange};
pub use moves::{MoveId, MoveInfo};
pub use options::{
    Choice, OptionCondition, OptionError, OptionKind, OptionSpec, OptionValue, Options, Preset,
};
pub use piece_style::{Colour, Line, Part, PartShape, PieceStyle, StateStyle};
pub use rng::Rng;
pub use sound::{SoundEvent, SoundSpec, Tone, Wave};
pub use turn::{ChanceOutcome, GameResult, Outcome, Probability, SeatOutcome, Turn};
pub use view::{Group, Panel, PanelEntry, Piece, SiteContent, View};

/// The level of this contract. A plugin built for another level is refused by the host
/// with a message naming both levels. Raise it whenever the meaning or the layout of the
/// FFI face changes incompatibly.
pub const API_LEVEL: u32 = 1;

/// The version of this crate, as compiled into every plugin.
pub const GAME_API_VERSION: &str = env!("CARGO_PKG_VERSION");
