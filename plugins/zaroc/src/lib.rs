//! Zaroc for Tavola: a two-player stacking race (docs/rules/zaroc.md).
//!
//! The board's geometry is the data table in [`geometry`]; the rules below read it.
//! Options: `diagonal_a` (extra arrows A*i* → B*i±1*) and `first` (which seat starts,
//! and so plays Light).
//!
//! Modules: [`geometry`] (the sticks and arrows as data), `rules` (moves, turn, what a move
//! does), `view`, `manifest`, `notation` and `validate` (what a position read from outside
//! must satisfy).

pub mod geometry;
mod i18n;
mod manifest;
mod notation;
mod pieces;
mod rules;
mod validate;
mod view;

use std::collections::BTreeMap;

use arrayvec::ArrayVec;
use game_api::{Effect, Game, GameError, Layout, Manifest, MoveId, MoveInfo, Options, Turn, View};
use geometry::STICKS;
use serde::{Deserialize, Serialize};

/// The pass, when no move at all is legal.
pub const PASS: MoveId = MoveId(999);

/// A game longer than this many turns is a draw.
pub const MAX_TURNS: u32 = 500;

/// A piece's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Light: the starting player's colour.
    Light,
    /// Dark.
    Dark,
}

impl Colour {
    pub(crate) fn letter(self) -> char {
        match self {
            Colour::Light => 'L',
            Colour::Dark => 'D',
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// This colour has three pieces on the finish row.
    Won(Colour),
    /// The same position came up a third time.
    Repetition,
    /// The game lasted 500 turns.
    TooLong,
}

/// The most pieces in play (and so on one stick).
pub const PIECES: usize = 16;

/// The pieces on one stick, bottom first. Fixed capacity keeps a position on the stack,
/// so that search copies it without allocating.
pub type Stack = ArrayVec<Colour, PIECES>;

/// A game of Zaroc.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zaroc {
    /// The pieces on each stick of [`STICKS`], bottom first.
    pub stacks: [Stack; STICKS.len()],
    /// The colour to move.
    pub to_move: Colour,
    /// The seat playing Light.
    pub light_seat: u8,
    /// Whether the diagonal arrows from row A are in play.
    pub diagonal_a: bool,
    /// The move within the turn, 1 or 2.
    pub step: u8,
    /// The first move of the turn (from, to), during the second.
    pub first: Option<(usize, usize)>,
    /// Turns completed.
    pub turns: u32,
    /// How many times each position (stacks, player to move, move within the turn) has
    /// occurred since the last descent (pieces never climb, so no position from before
    /// a descent can come back).
    #[serde(default)]
    pub seen: BTreeMap<u64, u8>,
    /// How the game ended.
    pub ending: Option<Ending>,
    /// The last move (from, to).
    #[serde(default)]
    pub last: Option<(usize, usize)>,
    /// Whether the texts are in Italian ([`Game::set_language`]); not part of the position.
    #[serde(skip)]
    pub(crate) italian: bool,
}

impl Zaroc {
    /// `error` as the player reads it: a refused move's reason in the game's language.
    fn refusal(&self, error: GameError) -> GameError {
        if self.italian {
            i18n::IT.error(error)
        } else {
            error
        }
    }
}

impl Game for Zaroc {
    fn manifest() -> Manifest {
        Zaroc::manifest_now()
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        let mut game = Self::start(options);
        game.note_position();
        Ok(game)
    }
    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        Zaroc::parse_notation(options, notation)
    }

    fn notation(&self) -> String {
        self.write_notation()
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn layout(&self) -> Layout {
        let layout = self.layout_now();
        if self.italian {
            i18n::IT.layout(layout)
        } else {
            layout
        }
    }

    fn view(&self) -> View {
        let view = self.view_now();
        if self.italian {
            i18n::IT.view(view)
        } else {
            view
        }
    }

    fn turn(&self) -> Turn {
        self.turn_now()
    }

    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        self.legal_into(moves)
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        self.info(mv).map_err(|e| self.refusal(e))
    }

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        let mut effects = effects;
        let from = effects.as_ref().map_or(0, |e| e.len());
        let played = self.play(mv, effects.as_deref_mut());
        if let (true, Some(e)) = (self.italian, effects) {
            i18n::IT.effects(&mut e[from..]);
        }
        played.map_err(|e| self.refusal(e))
    }

    fn set_language(&mut self, lang: &str) {
        self.italian = game_api::i18n::primary_language(lang) == "it";
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        let v = |seat: u8| {
            let mine = self.finished(self.colour_of(seat)) as f64;
            let theirs = self.finished(self.colour_of(1 - seat)) as f64;
            (mine - theirs) / 3.0
        };
        Some(vec![v(0), v(1)])
    }

    fn check(&self) -> Result<(), GameError> {
        self.validate().map_err(GameError::State)
    }

    fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.stacks.hash(&mut h);
        self.to_move.hash(&mut h);
        self.step.hash(&mut h);
        self.first.hash(&mut h);
        h.finish()
    }
}

game_api::export_game!(Zaroc);
