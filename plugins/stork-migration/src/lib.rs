//! The Storks' Migration for Tavola (docs/rules/stork-migration.md): a race of
//! chance and blocking. Every throw is a chance event with its exact probability.
//!
//! Option: `randomiser` = `coins` (four coins) | `die`.
//!
//! Modules: `rules` (where a stork lands, the moves, the turn), `view`, `manifest`,
//! `notation`, `validate` (what a position read from outside must satisfy) and [`race`]
//! (the heuristic behind `evaluate`).

use game_api::{
    ChanceOutcome, Effect, Game, GameError, Layout, Manifest, MoveId, MoveInfo, Options,
    Probability, Turn, View,
};
use serde::{Deserialize, Serialize};

mod i18n;
mod manifest;
mod notation;
mod pieces;
pub mod race;
mod rules;
mod validate;
mod view;

/// Random playouts are cut after this many actions in search (see `SearchHints`).
pub(crate) const PLAYOUT_CUTOFF: u32 = 4;

/// A lead of this many turns scores tanh(1) ≈ 0.76 in `evaluate`. Sharper than the
/// odds (equal players' games are close to even for longer): against greedy, MCTS won
/// 65 of 100 games with 5 and 57 with 20.
pub(crate) const LEAD_SCALE: f64 = 5.0;

/// Africa, the goal.
pub const AFRICA: u8 = 33;
/// The squares with high-voltage cables.
pub const CABLES: [u8; 2] = [17, 29];
/// The favourable wind.
pub const WIND: u8 = 28;
/// Storks per player.
pub const STORKS: usize = 6;

/// First chance move id: coins `COINS + heads`, die `DIE + face`.
pub(crate) const COINS: u32 = 100;
pub(crate) const DIE: u32 = 110;
/// First re-entry move id: `ENTRY + square`.
pub(crate) const ENTRY: u32 = 50;

/// How throws are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Randomiser {
    /// Four fair coins.
    Coins,
    /// One die; 6 counts as 0.
    Die,
}

impl Randomiser {
    /// Squares moved for a throw showing `t` (heads, or the die's face).
    pub fn steps(self, t: u8) -> u8 {
        match (self, t) {
            (Randomiser::Coins, 4) => 5,
            (Randomiser::Die, 6) => 0,
            (_, t) => t,
        }
    }

    /// The chance outcomes of a throw, with their exact probabilities.
    pub fn outcomes(self) -> Vec<ChanceOutcome> {
        match self {
            Randomiser::Coins => [1, 4, 6, 4, 1]
                .iter()
                .enumerate()
                .map(|(h, &n)| ChanceOutcome {
                    mv: MoveId(COINS + h as u32),
                    probability: Probability::new(n, 16),
                })
                .collect(),
            Randomiser::Die => (1..=6)
                .map(|f| ChanceOutcome {
                    mv: MoveId(DIE + f),
                    probability: Probability::new(1, 6),
                })
                .collect(),
        }
    }

    pub(crate) fn throw_of(self, mv: MoveId) -> Option<u8> {
        match self {
            Randomiser::Coins if (COINS..=COINS + 4).contains(&mv.0) => Some((mv.0 - COINS) as u8),
            Randomiser::Die if (DIE + 1..=DIE + 6).contains(&mv.0) => Some((mv.0 - DIE) as u8),
            _ => None,
        }
    }

    /// A throw's notation (`3 heads`, `die 4`): kept as it is, since saved games check
    /// their moves by it.
    pub(crate) fn describe(self, t: u8) -> String {
        match self {
            Randomiser::Coins => format!("{t} heads"),
            Randomiser::Die => format!("die {t}"),
        }
    }

    /// A throw as a player says it: `1 head`, `3 heads`, `die 4`.
    pub(crate) fn say(self, t: u8) -> String {
        match self {
            Randomiser::Coins if t == 1 => "1 head".to_owned(),
            _ => self.describe(t),
        }
    }
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The player to move throws (a chance event).
    Throw,
    /// The player to move chooses a move for a throw showing this (heads or face).
    Choose(u8),
    /// The stork on 28 is carried by the wind: a re-throw (a chance event).
    Wind,
}

/// A game of The Storks' Migration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Storks {
    /// Each player's storks (Yellow, Blue): a square 1..33, or 0 off the board.
    pub storks: [[u8; STORKS]; 2],
    /// The player to move: 0 Yellow, 1 Blue.
    pub to_move: u8,
    /// Where the turn stands.
    pub phase: Phase,
    /// How throws are made.
    pub randomiser: Randomiser,
    /// The last throw, for the view.
    #[serde(default)]
    pub last_throw: Option<u8>,
    /// The last move (from, to) as layout sites.
    #[serde(default)]
    pub last: Option<(u16, u16)>,
    /// Whether the texts are in Italian ([`Game::set_language`]); not part of the position.
    #[serde(skip)]
    pub(crate) italian: bool,
}

/// The name of player `p`.
pub(crate) fn side_name(p: u8) -> &'static str {
    if p == 0 { "Yellow" } else { "Blue" }
}

impl Storks {
    /// `error` as the player reads it: a refused move's reason in the game's language.
    fn refusal(&self, error: GameError) -> GameError {
        if self.italian {
            i18n::IT.error(error)
        } else {
            error
        }
    }
}

impl Game for Storks {
    fn manifest() -> Manifest {
        Storks::manifest_now()
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        Storks::new_game(options)
    }

    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        Storks::parse_notation(options, notation)
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

    /// The move, its notation kept as records check it (`in3`, `32-33`, `3 heads`), and
    /// said in words for the move list in the game's language.
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        let mut info = self.info(mv).map_err(|e| self.refusal(e))?;
        if self.italian {
            info.words = info.words.map(|w| i18n::IT.text(&w));
        }
        Ok(info)
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

    fn check(&self) -> Result<(), GameError> {
        self.validate()
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        // The lead in turns still needed, squashed into an estimate of the return.
        let needed = |p: usize| -> f64 {
            let travelling = self.storks[p].iter().filter(|&&s| s != AFRICA).count();
            let table = race::expected_turns(self.randomiser, travelling == 1);
            self.storks[p].iter().map(|&s| table[usize::from(s)]).sum()
        };
        let d = ((needed(1) - needed(0)) / LEAD_SCALE).tanh();
        Some(vec![d, -d])
    }
}

game_api::export_game!(Storks);
