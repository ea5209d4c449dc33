//! Bite the Pumpkin! (Azzanna la Zucca!) for Tavola: the Herd's five pigs against the
//! Farmer's pumpkins, and the three-player variant with a Broccoli Farmer. The author's
//! two bots are offered as `herd-author` and `farmer-author`.
//!
//! Options: `players` (2, 3), `beginner_extra` (0–2), `custom_trees`, `bite_model`
//! (`rules`, `simulator`), `end_rule` (`rules`, `simulator`).
//!
//! Modules: [`board`] (the field and its mechanics, the simulator's pass and look-ahead),
//! `rules` (the turn order), [`bots`] (the author's bots), `view`, `manifest`,
//! `notation` and `validate` (what a position read from outside must satisfy).

pub mod board;
pub mod bots;
mod i18n;
mod manifest;
mod notation;
mod pieces;
mod rules;
mod validate;
mod view;

use board::Cell;
use game_api::{
    Effect, Effects, Game, GameError, Layout, Manifest, MoveId, MoveInfo, Options, Turn, View,
};
use serde::{Deserialize, Serialize};

pub(crate) use rules::{RUN, TREES_DONE};

/// Pigs in the Herd.
pub const PIGS: usize = 5;
/// The Herd wins when this many vegetables or fewer remain (per Farmer with three).
pub const COUNT_LIMIT: usize = 2;
/// Tree moves allowed in the `custom_trees` setup.
pub const TREE_MOVES: u8 = 6;

/// The seat of the Herd.
pub const HERD: u8 = 0;
/// The pumpkin Farmer's seat.
pub const FARMER: u8 = 1;
/// The Broccoli Farmer's seat (three players).
pub const BROCCOLI: u8 = 2;

/// How pigs choose what to bite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BiteModel {
    /// The rules: the Herd chooses when a pig has several vegetables in reach.
    Rules,
    /// The author's simulator: one pass over the pigs, front first, each eating the
    /// first vegetable of the scan order or sliding.
    Simulator,
}

/// When the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndRule {
    /// The rules: Count after the bites; the Herd plays its 16th turn and the Farmer
    /// wins on finding the reserve empty.
    Rules,
    /// The author's simulator (two players): after each Farmer placement, the Farmer
    /// wins once 20 pumpkins are placed, else the Herd wins if the simulator's score
    /// ([`BiteThePumpkin::score`]) is 2 or fewer.
    Simulator,
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// `custom_trees`: the Farmer moves trees (this many moved so far).
    Trees(u8),
    /// The Herd places its pigs.
    Pigs,
    /// The Farmers place their first vegetables; this seat places next.
    Setup(u8),
    /// The Herd chooses bites for pigs with several vegetables in reach; the choices
    /// made so far (pig, vegetable).
    Bite(Vec<(usize, usize)>),
    /// The Herd chooses the run direction.
    Run,
    /// The Farmers place, in this order.
    Farmers(Vec<u8>),
    /// The game is over; the winner's seat.
    Over(u8),
}

/// A game of Bite the Pumpkin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BiteThePumpkin {
    /// The field.
    pub field: Field,
    /// 2 or 3.
    pub players: u8,
    /// Where the game stands.
    pub phase: Phase,
    /// Vegetables not yet placed: pumpkins, broccoli.
    pub reserve: [u32; 2],
    /// Farmers eliminated (pumpkin, broccoli).
    pub eliminated: [bool; 2],
    /// Herd turns completed.
    pub herd_turns: u32,
    /// Extra pumpkins at setup.
    pub beginner_extra: u8,
    /// How bites are chosen.
    pub bite_model: BiteModel,
    /// When the game ends.
    pub end_rule: EndRule,
    /// The sites of the last action.
    #[serde(default)]
    pub last: Vec<usize>,
    /// The author's simulator's score under `end_rule=simulator` (two players; 0
    /// otherwise): the pumpkins on the field when the setup was complete, refreshed only
    /// each time a pig slides (to the pumpkins on the field at that moment) — never by a
    /// bite after the last slide of a move, nor by a placement.
    #[serde(default)]
    pub score: u32,
    /// Under `bite_model=simulator`, the squares of the pigs in the order the author's
    /// simulator keeps them (its group of sprites): placement order, then the order each
    /// move's sort left ([`board::herd_sort`]); it decides which of two level pigs acts
    /// first. Empty under the rules' bites, where it plays no part.
    #[serde(default)]
    pub order: Vec<usize>,
    /// Whether the texts are in Italian ([`Game::set_language`]); not part of the position.
    #[serde(skip)]
    pub(crate) italian: bool,
}

pub use board::Field;
pub(crate) use notation::name;
pub use notation::{square, square_name};
pub(crate) use view::piece_of;

pub(crate) fn veg_of(seat: u8) -> Cell {
    if seat == BROCCOLI {
        Cell::Broccoli
    } else {
        Cell::Pumpkin
    }
}

pub(crate) fn seat_name(seat: u8) -> &'static str {
    match seat {
        HERD => "the Herd",
        FARMER => "the Farmer",
        _ => "the Broccoli Farmer",
    }
}

impl BiteThePumpkin {
    /// `error` as the player reads it: a refused move's reason in the game's language.
    fn refusal(&self, error: GameError) -> GameError {
        if self.italian {
            i18n::IT.error(error)
        } else {
            error
        }
    }
}

impl Game for BiteThePumpkin {
    fn manifest() -> Manifest {
        manifest::manifest()
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        manifest::new_game(options)
    }

    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        notation::parse(Self::new(options)?, notation)
    }

    fn notation(&self) -> String {
        notation::write(self)
    }

    fn seat_count(&self) -> u8 {
        self.players
    }

    fn layout(&self) -> Layout {
        let layout = view::layout();
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
        moves.extend(self.legal());
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        let mut info = self.info(mv).map_err(|e| self.refusal(e))?;
        if let (true, Some(choice)) = (self.italian, &mut info.choice) {
            *choice = i18n::IT.text(choice);
        }
        Ok(info)
    }

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(GameError::GameOver);
        }
        if !self.legal().contains(&mv) {
            return Err(self.refusal(GameError::illegal(mv, "not legal here")));
        }
        let mut effects = effects;
        let from = effects.as_ref().map_or(0, |e| e.len());
        self.play(mv, &mut Effects::new(effects.as_deref_mut()));
        if let (true, Some(e)) = (self.italian, effects) {
            i18n::IT.effects(&mut e[from..]);
        }
        Ok(())
    }

    fn set_language(&mut self, lang: &str) {
        self.italian = game_api::i18n::primary_language(lang) == "it";
    }

    fn check(&self) -> Result<(), GameError> {
        validate::check(self, None).map_err(GameError::State)
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        Some(self.value())
    }

    fn bot_move(&self, bot: &str, rng: &mut game_api::Rng) -> Result<MoveId, GameError> {
        bots::bot_move(self, bot, rng)
    }
}

game_api::export_game!(BiteThePumpkin);
