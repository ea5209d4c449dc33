//! # mancala-kit: one sowing engine for every mancala game
//!
//! A mancala game is a [`Variant`]: a manifest and a function from the game's options to
//! a [`Config`] (the rules as data). [`Mancala<V>`] then implements
//! [`game_api::Game`] for it — sowing, captures, extra turns, the end, the board layout,
//! the seed-by-seed effects and the position notation — so a plugin is a few lines:
//!
//! ```
//! use game_api::{Game, Manifest, Options};
//! use mancala_kit::{Capture, Config, Mancala, Variant};
//!
//! #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
//! struct Tiny;
//! impl Variant for Tiny {
//!     fn manifest() -> Manifest {
//!         Manifest::new("tiny-kalah", "Tiny Kalah", "0.1.0")
//!     }
//!     fn config(_options: &Options) -> Result<Config, game_api::GameError> {
//!         Ok(Config::kalah(3, 2))
//!     }
//! }
//!
//! let game = Mancala::<Tiny>::new(&Options::default()).unwrap();
//! assert_eq!(game.notation(), "2,2,2/2,2,2 0-0 S");
//! // A plugin crate then says: game_api::export_game!(mancala_kit::Mancala<Tiny>);
//! ```
//!
//! ## Depending on mancala-kit
//!
//! The kit and the contract it builds on are not on crates.io yet: take both from the
//! Tavola repository, where they are the packages `mancala-kit` (folder
//! `plugins/mancala-kit/`, imported as `mancala_kit`) and `game-api` (folder
//! `game-api/`, imported as `game_api`). By git — cargo finds each package inside the
//! repository's workspace by its name; take both from the same repository (and the same
//! `rev` or `tag` if you pin one) so that they share one `game-api`:
//!
//! ```toml
//! [lib]
//! crate-type = ["cdylib", "rlib"]
//!
//! [dependencies]
//! game-api = { git = "<the Tavola repository's URL>" }
//! mancala-kit = { git = "<the Tavola repository's URL>" }
//! ```
//!
//! or by path, from a clone of the repository:
//!
//! ```toml
//! [dependencies]
//! game-api = { path = "/path/to/tavola/game-api" }
//! mancala-kit = { path = "/path/to/tavola/plugins/mancala-kit" }
//! ```
//!
//! Once published, `game-api = "0.1"` and `mancala-kit = "0.1"`. The minimum Rust
//! version is 1.95.
//!
//! ## Beyond the classic rules
//!
//! [`Capture::Count`] captures on a set of [`Counts`], on [`Sides`] of the board, with a
//! [`Chain`] across both rows; [`Config::sowing_capture`] captures as each seed is sown
//! ([`SowingCapture`]); [`Variant::seed_hook`] runs a variant's own rule after every seed
//! ([`SeedContext`], [`SeedAction`]); [`End::NoMove`] plays on until the player to move
//! cannot move ([`Remaining`]); [`Effects`] lets a variant that writes its own step
//! report what it does. The order of the rules in a turn: each seed goes into its pit
//! (or a sink), then the sowing capture, then the seed hook; when the hand is empty, the
//! relay; after the last seed, the extra turn, [`Variant::after_sowing`], the standard
//! capture; then the end rules.
//!
//! Pits are numbered along the *ring* in sowing order: South's houses (from South's
//! left), South's store (if stores are in the ring), North's houses (from North's left),
//! North's store. Site ids in the layout are these ring indices.
//!
//! ## Four rows
//!
//! With [`Config::rows`] 2 each player owns two rows and sows round them only: a side's
//! houses are still consecutive pits of the ring in its sowing order — the outer row
//! from the player's left, then the inner row back — but a sowing goes round the mover's
//! own houses ([`Board::track`]) instead of the whole ring. [`Capture::Facing`] captures
//! from the facing rows ([`Board::facing`]); [`Config::singletons_last`] keeps houses of
//! one seed for last; the layout draws four rows. [`Config::hawalis`] is a whole game:
//!
//! ```
//! # use game_api::{Game, Manifest, Options};
//! # use mancala_kit::{Config, Mancala, Variant};
//! # #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
//! # struct H;
//! # impl Variant for H {
//! #     fn manifest() -> Manifest { Manifest::new("h", "H", "0.1.0") }
//! #     fn config(_: &Options) -> Result<Config, game_api::GameError> { Ok(Config::hawalis()) }
//! # }
//! let mut game = Mancala::<H>::new(&Options::default()).unwrap();
//! // South's `n` relays round South's two rows and ends in `n`, emptied at the start,
//! // in South's inner row: North's facing inner house and the outer one behind it go.
//! mancala_kit::testing::play(&mut game, "n").unwrap();
//! assert_eq!(
//!     game.notation(),
//!     "3,0,3,3,0,3,3,0,3,3,0,3,3,1/2,2,2,2,2,2,0,0,2,2,2,2,2,2 4-0 N"
//! );
//! ```
//!
//! ## Move ids
//!
//! A move is the index of the house it is sown from, counted from the mover's left
//! (`MoveId(0)` is South's `a` or North's `A`). In a game where the player chooses the
//! direction ([`Direction::Chosen`]), house `i` gives two moves: `MoveId(2 * i)` sows
//! anticlockwise, `MoveId(2 * i + 1)` clockwise; where each house sets its direction
//! ([`Direction::ByHouse`]), the same numbers, with only the directions the house allows.
//! Where a player may sow from the opponent's houses ([`Config::sow_from`]), the index
//! counts the holes they may choose: under [`SowFrom::Both`] their own houses first, then
//! the opponent's (`MoveId(houses)` is the opponent's first house).
//!
//! ## Position notation
//!
//! `S/N s-n P`, then optional `key:value` fields for the state some variants have:
//!
//! - `S/N`: South's houses, then North's, each in that player's sowing order (from the
//!   player's left; on four rows the outer row, then the inner row back),
//!   comma-separated;
//! - `s-n`: the scores in seeds: the stores, or the captured stocks where the stores are
//!   not in the ring;
//! - `P`: `S` or `N`, the side to move;
//! - `m:A,B` (mandarin squares, always when the game has them): the small stones in the
//!   square after South's row and in the one after North's, each followed by `*` for its
//!   big stone;
//! - `big:x-y`: big stones captured by South and North (when any);
//! - `loan:x-y`: seeds South and North have borrowed (when any);
//! - `burnt:a,B`: burnt houses by name (when any);
//! - `held:a,b`: houses held by the side across the board (when any);
//! - `sink:X,Y`: South's and North's sink house ([`Special::Sink`]) by name, `-` for
//!   none (when any); read also as `tuz:X,Y`, its older spelling;
//! - `round:N`: the round, from 1 (when past the first);
//! - `open:-` or `open:c`: the simultaneous opening is pending; South has not chosen
//!   yet, or has chosen house `c` (then North is to choose).
//!
//! Houses are named `a`, `b`… for South and `A`, `B`… for North, from each player's
//! left. A notation is checked when read: the seeds must add up to the game's total and
//! every field must fit the rules in force, or it is refused with the reason.
//!
//! ```
//! # use game_api::{Game, Manifest, Options};
//! # use mancala_kit::{Config, Mancala, Variant};
//! # #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
//! # struct K;
//! # impl Variant for K {
//! #     fn manifest() -> Manifest { Manifest::new("k", "K", "0.1.0") }
//! #     fn config(_: &Options) -> Result<Config, game_api::GameError> { Ok(Config::kalah(6, 4)) }
//! # }
//! let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
//! let game = Mancala::<K>::from_notation(&Options::default(), start).unwrap();
//! assert_eq!(game.notation(), start);
//! ```

pub mod bench;
mod board;
mod book;
mod capture;
mod config;
mod counts;
mod effects;
mod end;
pub mod endgame;
pub mod eval;
mod game;
mod held;
mod history;
mod holes;
mod hooks;
pub mod houses;
mod layout;
mod long_turn;
mod notation;
pub mod pieces;
mod playout;
mod relay_seen;
mod rules;
mod search;
mod sow;
mod start;
pub mod testing;
mod texts;
pub mod threat;
pub mod tune;
mod validate;

pub use board::{Board, Pit, Side, Special};
pub use book::{BookEntry, BookError, OpeningBook};
pub use config::{
    Capture, Chain, Config, Direction, EmptyOpposite, End, Ends, GrandSlam, Mandarin, Relay,
    Remaining, Sides, SowingCapture, Taker,
};
pub use counts::{Counts, CountsError};
pub use effects::{Effects, score_site, site};
pub use game::{MAX_ROUNDS, Mancala, Phase, Variant};
pub use history::{EarlierSplits, History};
pub use holes::{HouseDirection, HouseDirections, SowFrom};
pub use hooks::{SeedAction, SeedContext, SeedHook};
pub use long_turn::MAX_TURN_EFFECTS;
pub use pieces::piece_styles;
pub use relay_seen::MAX_RELAYS;
pub use rules::Rules;
pub use start::Start;
pub use texts::Lang;
