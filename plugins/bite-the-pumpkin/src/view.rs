//! What a person sees: the board's squares, the pieces, the panels and the status.

use game_api::{
    GameError, GameResult, Layout, MoveId, MoveInfo, Outcome, Panel, PanelEntry, Piece,
    SeatOutcome, Shape, Site, SiteContent, SiteId, Turn, View,
};

use crate::{
    BROCCOLI, BiteThePumpkin, FARMER, HERD, PIGS, Phase, TREE_MOVES,
    board::{Cell, Dir, SIZE, SQUARES},
    name,
    rules::{RUN, TREES_DONE},
    seat_name,
};

fn dir_name(d: Dir) -> (&'static str, &'static str, &'static str) {
    match d {
        Dir::N => ("N", "north", "ArrowUp"),
        Dir::S => ("S", "south", "ArrowDown"),
        Dir::W => ("W", "west", "ArrowLeft"),
        Dir::E => ("E", "east", "ArrowRight"),
    }
}

/// The 8×8 squares, named a8…h1.
pub(crate) fn layout() -> Layout {
    let sites = (0..SQUARES)
        .map(|sq| {
            let (r, c) = (sq / SIZE, sq % SIZE);
            Site {
                id: SiteId(sq as u16),
                shape: Shape::Square,
                center: [c as f32 + 0.5, r as f32 + 0.5],
                size: [1.0, 1.0],
                owner: None,
                label: name(sq),
                style: if (r + c) % 2 == 0 {
                    "light".into()
                } else {
                    "dark".into()
                },
            }
        })
        .collect();
    Layout {
        size: [SIZE as f32, SIZE as f32],
        sites,
        links: Vec::new(),
        pieces: crate::pieces::styles(),
    }
}

impl BiteThePumpkin {
    /// The pieces, a panel per seat and the status line.
    pub(crate) fn view_now(&self) -> View {
        let sites = (0..SQUARES)
            .filter(|&sq| self.field.0[sq] != Cell::Empty)
            .map(|sq| {
                (
                    SiteId(sq as u16),
                    SiteContent::Stack {
                        pieces: vec![piece_of(self.field.0[sq])],
                    },
                )
            })
            .collect();
        let over = matches!(self.phase, Phase::Over(_));
        let mut panels = vec![Panel {
            seat: "Herd".into(),
            to_move: !over && self.to_move() == HERD,
            entries: vec![
                PanelEntry::new("Pigs", self.field.pigs().len()),
                PanelEntry::new("Herd turns", self.herd_turns),
            ],
        }];
        for seat in [FARMER, BROCCOLI]
            .into_iter()
            .take(usize::from(self.players) - 1)
        {
            let mut entries = vec![
                PanelEntry::new("Reserve", self.reserve_of(seat)),
                PanelEntry::new("On the field", self.on_field(seat)),
            ];
            if self.three() && self.eliminated[usize::from(seat == BROCCOLI)] {
                entries.push(PanelEntry::new("Status", "eliminated"));
            }
            if self.simulator_end() {
                // What the simulator's end tests, refreshed only when a pig slides.
                entries.push(PanelEntry::new("Simulator's count", self.score));
            }
            panels.push(Panel {
                seat: if seat == FARMER {
                    "Farmer".into()
                } else {
                    "Broccoli Farmer".into()
                },
                to_move: !over && self.to_move() == seat,
                entries,
            });
        }
        let status = match &self.phase {
            Phase::Trees(n) => format!("The Farmer may move the trees ({n} of {TREE_MOVES} moved)"),
            Phase::Pigs => format!(
                "The Herd places its pigs ({} of {PIGS})",
                self.field.pigs().len()
            ),
            Phase::Setup(s) => format!("Setup: {} places a vegetable", seat_name(*s)),
            Phase::Bite(_) => "The Herd chooses what its pigs bite".into(),
            Phase::Run => "The Herd chooses where to run".into(),
            Phase::Farmers(q) => format!(
                "{} places a vegetable",
                seat_name(q.first().copied().unwrap_or(FARMER))
            ),
            Phase::Over(w) => format!("{} wins", seat_name(*w)),
        };
        View {
            sites,
            panels,
            last_move: self.last.iter().map(|&s| SiteId(s as u16)).collect(),
            status: status[..1].to_uppercase() + &status[1..],
        }
    }

    /// Whose turn it is, or the outcome.
    pub(crate) fn turn_now(&self) -> Turn {
        match self.phase {
            Phase::Over(w) => Turn::Over {
                outcome: Outcome {
                    seats: (0..self.players)
                        .map(|s| SeatOutcome {
                            result: if s == w {
                                GameResult::Win
                            } else {
                                GameResult::Loss
                            },
                            score: if s == HERD {
                                i64::from(self.herd_turns)
                            } else {
                                self.on_field(s) as i64
                            },
                        })
                        .collect(),
                },
            },
            _ => Turn::Seat {
                seat: self.to_move(),
            },
        }
    }

    /// How `mv` is made and written.
    pub(crate) fn info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        if !self.legal().contains(&mv) {
            return Err(GameError::illegal(mv, "not legal here"));
        }
        let site = |s: usize| SiteId(s as u16);
        Ok(if mv.0 < SQUARES as u32 {
            MoveInfo::new(mv, vec![site(mv.0 as usize)], name(mv.0 as usize))
        } else if let Some((pig, v)) = Self::decode_bite(mv) {
            MoveInfo::new(
                mv,
                vec![site(pig), site(v)],
                format!("{}x{}", name(pig), name(v)),
            )
        } else if let Some((from, to)) = Self::decode_tree(mv) {
            MoveInfo::new(
                mv,
                vec![site(from), site(to)],
                format!("T{}-{}", name(from), name(to)),
            )
        } else if mv.0 == TREES_DONE {
            let mut info = MoveInfo::new(mv, vec![], "done");
            info.choice = Some("trees done".into());
            info
        } else {
            let d = Dir::ALL[(mv.0 - RUN) as usize];
            let (short, long, key) = dir_name(d);
            let mut info = MoveInfo::new(mv, vec![], short);
            info.choice = Some(format!("run {long}"));
            info.key = Some(key.into());
            info
        })
    }

    /// The heuristic value for search.
    pub(crate) fn value(&self) -> Vec<f64> {
        // The Herd likes threatened pumpkins and few on the field; the Farmers the reverse.
        let threat = self.field.threatened() as f64 / 10.0;
        let left = self.reserve.iter().sum::<u32>() as f64 / 20.0;
        let herd = (threat - (self.on_field(FARMER) + self.on_field(BROCCOLI)) as f64 / 20.0
            + left * 0.5)
            .clamp(-1.0, 1.0);
        (0..self.players)
            .map(|s| if s == HERD { herd } else { -herd })
            .collect()
    }
}

/// The piece a cell shows.
pub(crate) fn piece_of(cell: Cell) -> Piece {
    let (kind, owner, state) = match cell {
        Cell::Tree => ("tree", None, ""),
        Cell::Pig { lying } => ("pig", Some(HERD), if lying { "lying" } else { "" }),
        Cell::Pumpkin => ("pumpkin", Some(FARMER), ""),
        Cell::Broccoli => ("broccoli", Some(BROCCOLI), ""),
        Cell::Empty => ("empty", None, ""),
    };
    Piece {
        kind: kind.into(),
        owner,
        state: state.into(),
    }
}
