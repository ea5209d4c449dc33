use std::marker::PhantomData;

use game_api::{
    Effect, Game, GameError, Layout, Manifest, MoveId, MoveInfo, Options, Outcome, Panel,
    PanelEntry, Piece, SiteContent, Turn, View,
};
use serde::{Deserialize, Serialize};

use crate::{
    Board, Config, Side,
    sow::{self, Effects},
};

/// A mancala variant: what a mancala plugin writes. Everything else comes from the kit.
pub trait Variant:
    std::fmt::Debug + Clone + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The game's manifest (id, name, options, rules text).
    fn manifest() -> Manifest;

    /// The rules for these (already checked) options.
    fn config(options: &Options) -> Result<Config, GameError>;
}

/// A game of mancala variant `V`: the board, the side to move and the rules. Implements
/// [`Game`], so `game_api::export_game!(Mancala<MyVariant>)` makes a plugin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Mancala<V> {
    /// The rules in force.
    pub config: Config,
    /// The seeds.
    pub board: Board,
    /// The side to move (after the game ends: the side that would have moved).
    pub to_move: Side,
    /// The pit the last move was sown from.
    #[serde(default)]
    pub last_move: Option<usize>,
    #[serde(skip)]
    variant: PhantomData<V>,
}

impl<V: Variant> Mancala<V> {
    /// A position from its parts (checked like a parsed one).
    pub fn from_parts(config: Config, board: Board, to_move: Side) -> Result<Self, GameError> {
        let game = Mancala {
            config,
            board,
            to_move,
            last_move: None,
            variant: PhantomData,
        };
        game.check()?;
        Ok(game)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.board.seeds_on_side(Side::South) == 0 || self.board.seeds_on_side(Side::North) == 0
    }

    /// The final (or, during play, the would-be final) score of each side: its score
    /// plus the seeds left in its houses.
    fn final_scores(&self) -> [i64; 2] {
        [Side::South, Side::North]
            .map(|s| i64::from(self.board.score(s) + self.board.seeds_on_side(s)))
    }

    fn house_name(side: Side, i: usize) -> String {
        let base = match side {
            Side::South => b'a',
            Side::North => b'A',
        };
        char::from(base + i as u8).to_string()
    }

    fn legal_house(&self, mv: MoveId) -> Result<usize, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let i = mv.0 as usize;
        if i >= self.config.houses {
            return Err(GameError::illegal(
                mv,
                format!("there are only {} houses", self.config.houses),
            ));
        }
        if self.board.pits[self.board.house(self.to_move, i)] == 0 {
            return Err(GameError::illegal(
                mv,
                format!("house {} is empty", Self::house_name(self.to_move, i)),
            ));
        }
        Ok(i)
    }
}

impl<V: Variant> Game for Mancala<V> {
    fn manifest() -> Manifest {
        V::manifest()
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        let config = V::config(options)?;
        let board = Board::start(&config);
        Self::from_parts(config, board, Side::South)
    }

    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let config = V::config(options)?;
        let (board, to_move) = crate::notation::parse(&config, notation)?;
        Self::from_parts(config, board, to_move)
    }

    fn notation(&self) -> String {
        crate::notation::write(&self.board, self.to_move)
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn layout(&self) -> Layout {
        crate::layout::two_rows(&self.board)
    }

    fn view(&self) -> View {
        let seed = Piece::new("seed");
        let sites = (0..self.board.ring_len())
            .map(|pit| {
                (
                    sow::site(pit),
                    SiteContent::Count {
                        piece: seed.clone(),
                        count: self.board.pits[pit],
                    },
                )
            })
            .chain(
                (!self.board.stores_in_ring)
                    .then(|| {
                        [Side::South, Side::North].map(|s| {
                            (
                                sow::score_site(&self.board, s),
                                SiteContent::Count {
                                    piece: seed.clone(),
                                    count: self.board.captured[usize::from(s.seat())],
                                },
                            )
                        })
                    })
                    .into_iter()
                    .flatten(),
            )
            .collect();
        let over = self.is_over();
        let panels = [Side::South, Side::North]
            .map(|s| Panel {
                seat: s.name().into(),
                to_move: !over && s == self.to_move,
                entries: vec![
                    PanelEntry::new(
                        if self.board.stores_in_ring {
                            "Store"
                        } else {
                            "Captured"
                        },
                        self.board.score(s),
                    ),
                    PanelEntry::new("In houses", self.board.seeds_on_side(s)),
                ],
            })
            .into();
        let status = match self.turn() {
            Turn::Over { outcome } => {
                let [s, n] = [outcome.seats[0].score, outcome.seats[1].score];
                match s.cmp(&n) {
                    std::cmp::Ordering::Greater => format!("South wins {s}–{n}"),
                    std::cmp::Ordering::Less => format!("North wins {n}–{s}"),
                    std::cmp::Ordering::Equal => format!("Draw {s}–{n}"),
                }
            }
            _ => format!("{} to move", self.to_move.name()),
        };
        View {
            sites,
            panels,
            last_move: self.last_move.map(sow::site).into_iter().collect(),
            status,
        }
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over {
                outcome: Outcome::from_scores(&self.final_scores()),
            }
        } else {
            Turn::Seat {
                seat: self.to_move.seat(),
            }
        }
    }

    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        if self.is_over() {
            return;
        }
        for i in 0..self.config.houses {
            if self.board.pits[self.board.house(self.to_move, i)] > 0 {
                moves.push(MoveId(i as u32));
            }
        }
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        let i = self.legal_house(mv)?;
        let mut info = MoveInfo::new(
            mv,
            vec![sow::site(self.board.house(self.to_move, i))],
            Self::house_name(self.to_move, i),
        );
        info.key = Some((i + 1).to_string());
        Ok(info)
    }

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        let i = self.legal_house(mv)?;
        let mut fx = Effects(effects);
        let side = self.to_move;
        self.last_move = Some(self.board.house(side, i));
        let sown = sow::sow(&mut self.board, &self.config, side, i, &mut fx);
        let over = sow::settle_end(&mut self.board, &mut fx);
        if over || !sown.extra_turn {
            self.to_move = side.other();
        }
        Ok(())
    }

    fn check(&self) -> Result<(), GameError> {
        let c = &self.config;
        let b = &self.board;
        if b.houses != c.houses || b.stores_in_ring != c.stores_in_ring {
            return Err(GameError::State(format!(
                "the board has {} houses per side, the rules {}",
                b.houses, c.houses
            )));
        }
        if b.pits.len() != 2 * c.houses + if c.stores_in_ring { 2 } else { 0 } {
            return Err(GameError::State(format!(
                "the board has {} pits, expected {}",
                b.pits.len(),
                2 * c.houses + if c.stores_in_ring { 2 } else { 0 }
            )));
        }
        if c.stores_in_ring && b.captured != [0, 0] {
            return Err(GameError::State(
                "seeds are kept aside although the stores are in the ring".into(),
            ));
        }
        if let Some(pit) = self.last_move
            && pit >= b.ring_len()
        {
            return Err(GameError::State(format!("last move names pit {pit}")));
        }
        Ok(())
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        let [s, n] = self.final_scores();
        let total = f64::from(self.board.total().max(1));
        let d = (s - n) as f64 / total;
        Some(vec![d, -d])
    }

    fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.board.hash(&mut h);
        self.to_move.hash(&mut h);
        h.finish()
    }
}
