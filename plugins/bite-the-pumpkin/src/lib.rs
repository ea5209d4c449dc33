//! Bite the Pumpkin! (Azzanna la Zucca!) for Tavola (docs/rules/bite-the-pumpkin.md):
//! the Herd's five pigs against the Farmer's pumpkins, and the three-player variant with
//! a broccoli Farmer. The author's two bots are offered as `herd-author` and
//! `farmer-author`.
//!
//! Options: `players` (2, 3), `beginner_extra` (0–2), `custom_trees`, `bite_model`
//! (`rules`, `simulator`), `end_rule` (`rules`, `simulator`).

pub mod board;
mod bots;

use board::{Cell, Dir, Field, SIZE, SQUARES};
use game_api::{
    BotSpec, Effect, Game, GameError, GameResult, Layout, Manifest, MoveId, MoveInfo, OptionSpec,
    Options, Outcome, Panel, PanelEntry, Piece, RulesText, SearchHints, SeatOutcome, SeatRange,
    Shape, Site, SiteContent, SiteId, Turn, View,
};
use serde::{Deserialize, Serialize};

/// Pigs in the Herd.
pub const PIGS: usize = 5;
/// The Herd wins when this many vegetables or fewer remain (per Farmer with three).
pub const COUNT_LIMIT: usize = 2;
/// Tree moves allowed in the `custom_trees` setup.
pub const TREE_MOVES: u8 = 6;

const BITE: u32 = 10_000;
pub(crate) const RUN: u32 = 20_000;
pub(crate) const TREES_DONE: u32 = 29_999;
const TREE: u32 = 30_000;

/// The seat of the Herd, the pumpkin Farmer and the broccoli Farmer.
pub const HERD: u8 = 0;
/// The pumpkin Farmer's seat.
pub const FARMER: u8 = 1;
/// The broccoli Farmer's seat (three players).
pub const BROCCOLI: u8 = 2;

/// How pigs choose what to bite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BiteModel {
    /// The rules: the Herd chooses when a pig has several vegetables in reach.
    Rules,
    /// The author's simulator: no choice, front first along the run, scan order.
    Simulator,
}

/// When the Farmer's win is declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndRule {
    /// The Herd plays its 16th turn; the Farmer wins on finding the reserve empty.
    Rules,
    /// The author's simulator: the Farmer wins when the 20th pumpkin is placed.
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
    /// When the Farmer's win is declared.
    pub end_rule: EndRule,
    /// The sites of the last action.
    #[serde(default)]
    pub last: Vec<usize>,
}

fn name(sq: usize) -> String {
    let (r, c) = (sq / SIZE, sq % SIZE);
    format!("{}{}", char::from(b'a' + c as u8), SIZE - r)
}

fn square_of(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let file = chars.next()?;
    let rank: usize = chars.as_str().parse().ok()?;
    if !('a'..='h').contains(&file) || !(1..=SIZE).contains(&rank) {
        return None;
    }
    Some((SIZE - rank) * SIZE + (file as usize - 'a' as usize))
}

fn dir_name(d: Dir) -> (&'static str, &'static str, &'static str) {
    match d {
        Dir::N => ("N", "north", "ArrowUp"),
        Dir::S => ("S", "south", "ArrowDown"),
        Dir::W => ("W", "west", "ArrowLeft"),
        Dir::E => ("E", "east", "ArrowRight"),
    }
}

fn veg_of(seat: u8) -> Cell {
    if seat == BROCCOLI {
        Cell::Broccoli
    } else {
        Cell::Pumpkin
    }
}

impl BiteThePumpkin {
    fn three(&self) -> bool {
        self.players == 3
    }

    /// The vegetables of a seat on the field.
    pub fn on_field(&self, seat: u8) -> usize {
        self.field.count(veg_of(seat))
    }

    fn reserve_of(&self, seat: u8) -> u32 {
        self.reserve[usize::from(seat == BROCCOLI)]
    }

    /// The seat to move (the winner once over).
    pub fn to_move(&self) -> u8 {
        match &self.phase {
            Phase::Trees(_) => FARMER,
            Phase::Pigs | Phase::Bite(_) | Phase::Run => HERD,
            Phase::Setup(s) => *s,
            Phase::Farmers(queue) => queue.first().copied().unwrap_or(FARMER),
            Phase::Over(w) => *w,
        }
    }

    /// The (pig, kind) pairs whose bite the Herd must choose, not yet chosen.
    fn pending_choices(&self, chosen: &[(usize, usize)]) -> Vec<(usize, Cell)> {
        let mut pending = Vec::new();
        for pig in self.field.pigs() {
            for kind in [Cell::Pumpkin, Cell::Broccoli] {
                let reach = self.field.in_reach(pig, kind);
                let done = chosen
                    .iter()
                    .any(|&(p, v)| p == pig && self.field.0[v] == kind);
                if reach.len() >= 2 && !done {
                    pending.push((pig, kind));
                }
            }
        }
        pending
    }

    /// Starts a Herd turn: bites to choose, or straight to the run.
    fn start_herd_turn(&mut self, fx: &mut Option<&mut Vec<Effect>>) {
        if self.bite_model == BiteModel::Simulator {
            self.phase = Phase::Run;
            return;
        }
        if self.pending_choices(&[]).is_empty() {
            self.resolve_bites(&[], fx);
        } else {
            self.phase = Phase::Bite(Vec::new());
        }
    }

    /// The rules' bites, all decided on the position at the start of the turn: chosen
    /// where the Herd chose, the only vegetable in reach otherwise. Then Count.
    fn resolve_bites(&mut self, chosen: &[(usize, usize)], fx: &mut Option<&mut Vec<Effect>>) {
        let mut eaten = Vec::new();
        let mut biters = Vec::new();
        for pig in self.field.pigs() {
            for kind in [Cell::Pumpkin, Cell::Broccoli] {
                let reach = self.field.in_reach(pig, kind);
                let target = match reach.len() {
                    0 => None,
                    1 => Some(reach[0]),
                    _ => chosen
                        .iter()
                        .find(|&&(p, v)| p == pig && reach.contains(&v))
                        .map(|&(_, v)| v),
                };
                if let Some(v) = target {
                    eaten.push(v);
                    biters.push(pig);
                }
            }
        }
        self.apply_bites(&biters, &eaten, fx);
        self.count(fx);
        if !matches!(self.phase, Phase::Over(_)) {
            self.phase = Phase::Run;
        }
    }

    fn apply_bites(
        &mut self,
        biters: &[usize],
        eaten: &[usize],
        fx: &mut Option<&mut Vec<Effect>>,
    ) {
        let mut eaten = eaten.to_vec();
        eaten.sort_unstable();
        eaten.dedup();
        for &v in &eaten {
            self.field.0[v] = Cell::Empty;
            push(
                fx,
                Effect::Remove {
                    site: SiteId(v as u16),
                },
            );
        }
        let mut biters = biters.to_vec();
        biters.sort_unstable();
        biters.dedup();
        for &p in &biters {
            self.field.0[p] = Cell::Pig { lying: true };
            push(
                fx,
                Effect::Flip {
                    site: SiteId(p as u16),
                    state: "lying".into(),
                },
            );
        }
    }

    /// Count: the Herd wins with 2 or fewer pumpkins left; with three players, a Farmer
    /// with 2 or fewer vegetables is eliminated and the Herd wins when both are.
    fn count(&mut self, fx: &mut Option<&mut Vec<Effect>>) {
        if !self.three() {
            if self.on_field(FARMER) <= COUNT_LIMIT {
                self.phase = Phase::Over(HERD);
                push(
                    fx,
                    Effect::Message {
                        text: "Two pumpkins or fewer: the Herd wins".into(),
                    },
                );
            }
            return;
        }
        for seat in [FARMER, BROCCOLI] {
            let i = usize::from(seat == BROCCOLI);
            if !self.eliminated[i] && self.on_field(seat) <= COUNT_LIMIT {
                self.eliminated[i] = true;
                let kind = veg_of(seat);
                for sq in self.field.squares_of(kind).collect::<Vec<_>>() {
                    self.field.0[sq] = Cell::Empty;
                    push(
                        fx,
                        Effect::Remove {
                            site: SiteId(sq as u16),
                        },
                    );
                }
                push(
                    fx,
                    Effect::Message {
                        text: format!("{} is eliminated", seat_name(seat)),
                    },
                );
            }
        }
        if self.eliminated == [true, true] {
            self.phase = Phase::Over(HERD);
        }
    }

    /// The run and the digestion, then the Farmers' turn.
    fn run(&mut self, dir: Dir, fx: &mut Option<&mut Vec<Effect>>) {
        if self.bite_model == BiteModel::Simulator {
            let bites = self.field.clone().simulator_bites(dir);
            let biters: Vec<usize> = bites.iter().map(|b| b.0).collect();
            let eaten: Vec<usize> = bites.iter().map(|b| b.1).collect();
            self.apply_bites(&biters, &eaten, fx);
            self.count(fx);
            if matches!(self.phase, Phase::Over(_)) {
                return;
            }
        }
        for (from, to) in self.field.run(dir) {
            push(
                fx,
                Effect::Move {
                    from: SiteId(from as u16),
                    to: SiteId(to as u16),
                },
            );
        }
        for p in self.field.digest() {
            push(
                fx,
                Effect::Flip {
                    site: SiteId(p as u16),
                    state: String::new(),
                },
            );
        }
        self.herd_turns += 1;
        self.farmers_turn(fx);
    }

    fn farmers_turn(&mut self, fx: &mut Option<&mut Vec<Effect>>) {
        if !self.three() {
            if self.reserve[0] == 0 {
                self.phase = Phase::Over(FARMER);
                push(
                    fx,
                    Effect::Message {
                        text: "The Farmer's reserve is empty: the Farmer wins".into(),
                    },
                );
            } else {
                self.phase = Phase::Farmers(vec![FARMER]);
            }
            return;
        }
        let mut queue: Vec<u8> = [BROCCOLI, FARMER]
            .into_iter()
            .filter(|&s| !self.eliminated[usize::from(s == BROCCOLI)])
            .collect();
        // Fewer on the field first; a tie goes to the broccoli Farmer (listed first).
        queue.sort_by_key(|&s| self.on_field(s));
        self.phase = Phase::Farmers(queue);
        self.skip_stuck_farmers(fx);
    }

    fn legal_squares(&self, seat: u8) -> Vec<usize> {
        (0..SQUARES)
            .filter(|&sq| self.field.may_place(sq, veg_of(seat), self.three()))
            .collect()
    }

    /// A Farmer with no legal square skips the placement.
    fn skip_stuck_farmers(&mut self, fx: &mut Option<&mut Vec<Effect>>) {
        loop {
            match &mut self.phase {
                Phase::Farmers(queue) => {
                    let Some(&seat) = queue.first() else {
                        self.start_herd_turn(fx);
                        return;
                    };
                    if self.legal_squares(seat).is_empty() {
                        push(
                            fx,
                            Effect::Message {
                                text: format!("{} has no legal square", seat_name(seat)),
                            },
                        );
                        if let Phase::Farmers(q) = &mut self.phase {
                            q.remove(0);
                        }
                    } else {
                        return;
                    }
                }
                Phase::Setup(seat) => {
                    let seat = *seat;
                    if self.legal_squares(seat).is_empty() {
                        let other = if seat == FARMER { BROCCOLI } else { FARMER };
                        if self.legal_squares(other).is_empty() {
                            self.start_herd_turn(fx);
                            return;
                        }
                        self.phase = Phase::Setup(other);
                    } else {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Vegetables placed at setup before the Herd's first turn.
    fn setup_total(&self) -> usize {
        if self.three() {
            10 + usize::from(self.beginner_extra)
        } else {
            5 + usize::from(self.beginner_extra)
        }
    }

    fn place(&mut self, seat: u8, sq: usize, fx: &mut Option<&mut Vec<Effect>>) {
        let kind = veg_of(seat);
        self.field.0[sq] = kind;
        self.reserve[usize::from(seat == BROCCOLI)] -= 1;
        push(
            fx,
            Effect::Place {
                site: SiteId(sq as u16),
                piece: piece_of(kind),
            },
        );
        self.last = vec![sq];
    }

    fn after_placement(&mut self, seat: u8, fx: &mut Option<&mut Vec<Effect>>) {
        if self.three() {
            if self.reserve_of(seat) == 0 {
                let (p, b) = (self.on_field(FARMER), self.on_field(BROCCOLI));
                let winner = if p > b && !self.eliminated[0] {
                    FARMER
                } else {
                    BROCCOLI
                };
                let winner = if self.eliminated[1] { FARMER } else { winner };
                self.phase = Phase::Over(winner);
                push(
                    fx,
                    Effect::Message {
                        text: format!(
                            "{} placed the last piece: {} wins",
                            seat_name(seat),
                            seat_name(winner)
                        ),
                    },
                );
            }
        } else if self.end_rule == EndRule::Simulator && self.reserve[0] == 0 {
            self.phase = Phase::Over(FARMER);
            push(
                fx,
                Effect::Message {
                    text: "The last pumpkin is placed: the Farmer wins".into(),
                },
            );
        }
    }

    fn decode_bite(mv: MoveId) -> Option<(usize, usize)> {
        (BITE..BITE + (SQUARES * SQUARES) as u32)
            .contains(&mv.0)
            .then(|| {
                (
                    ((mv.0 - BITE) / SQUARES as u32) as usize,
                    ((mv.0 - BITE) % SQUARES as u32) as usize,
                )
            })
    }

    fn decode_tree(mv: MoveId) -> Option<(usize, usize)> {
        (TREE..TREE + (SQUARES * SQUARES) as u32)
            .contains(&mv.0)
            .then(|| {
                (
                    ((mv.0 - TREE) / SQUARES as u32) as usize,
                    ((mv.0 - TREE) % SQUARES as u32) as usize,
                )
            })
    }

    fn legal(&self) -> Vec<MoveId> {
        let empty = |sq: &usize| self.field.0[*sq] == Cell::Empty;
        match &self.phase {
            Phase::Over(_) => Vec::new(),
            Phase::Trees(_) => {
                let mut moves = vec![MoveId(TREES_DONE)];
                for from in self.field.squares_of(Cell::Tree) {
                    for to in (0..SQUARES).filter(empty) {
                        moves.push(MoveId(TREE + (from * SQUARES + to) as u32));
                    }
                }
                moves
            }
            Phase::Pigs => (0..SQUARES)
                .filter(empty)
                .map(|s| MoveId(s as u32))
                .collect(),
            Phase::Setup(_) | Phase::Farmers(_) => self
                .legal_squares(self.to_move())
                .into_iter()
                .map(|s| MoveId(s as u32))
                .collect(),
            Phase::Bite(chosen) => {
                let mut moves = Vec::new();
                for (pig, kind) in self.pending_choices(chosen) {
                    for v in self.field.in_reach(pig, kind) {
                        moves.push(MoveId(BITE + (pig * SQUARES + v) as u32));
                    }
                }
                moves
            }
            Phase::Run => (0..4).map(|d| MoveId(RUN + d)).collect(),
        }
    }
}

fn push(fx: &mut Option<&mut Vec<Effect>>, e: Effect) {
    if let Some(list) = fx.as_deref_mut() {
        list.push(e);
    }
}

fn seat_name(seat: u8) -> &'static str {
    match seat {
        HERD => "the Herd",
        FARMER => "the Farmer",
        _ => "the broccoli Farmer",
    }
}

fn piece_of(cell: Cell) -> Piece {
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

impl Game for BiteThePumpkin {
    fn manifest() -> Manifest {
        Manifest {
            id: "bite-the-pumpkin".into(),
            name: "Bite the Pumpkin!".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            authors: vec!["The Tavola developers".into(), "Game: Azzanna la Zucca!".into()],
            description: "Five hungry pigs against a Farmer's pumpkins: bite, run, digest — \
                          or plant all twenty first."
                .into(),
            rules: vec![RulesText {
                lang: "en".into(),
                markdown: include_str!("../rules.md").into(),
            }],
            seats: SeatRange { min: 2, max: 3 },
            seat_names: vec!["Herd".into(), "Farmer".into(), "Broccoli Farmer".into()],
            tags: vec!["asymmetric".into(), "abstract".into()],
            options: vec![
                OptionSpec::integer("players", "Players", 2, 3, 2)
                    .describe("Three players adds a second Farmer with 18 broccoli."),
                OptionSpec::integer("beginner_extra", "Extra pumpkins at setup (beginners)", 0, 2, 0),
                OptionSpec::boolean("custom_trees", "The Farmer moves the trees first (experts)", false),
                OptionSpec::choice(
                    "bite_model",
                    "Bites",
                    &[("rules", "The Herd chooses (rules)"), ("simulator", "No choice (the author's simulator)")],
                    "rules",
                ),
                OptionSpec::choice(
                    "end_rule",
                    "End",
                    &[
                        ("rules", "The Herd plays its 16th turn (rules)"),
                        ("simulator", "The Farmer wins on placing the 20th pumpkin (simulator)"),
                    ],
                    "rules",
                ),
            ],
            presets: Vec::new(),
            bots: vec![
                BotSpec {
                    name: "herd-author".into(),
                    description: "The author's Herd: pigs out of each other's sight, runs that threaten most pumpkins.".into(),
                    seats: vec![HERD],
                },
                BotSpec {
                    name: "farmer-author".into(),
                    description: "The author's Farmer: pumpkins out of reach and sight of the pigs.".into(),
                    seats: vec![FARMER],
                },
            ],
            search: SearchHints::default(),
            chance: Some(false),
        }
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        let players = options.int("players").unwrap_or(2) as u8;
        let extra = options.int("beginner_extra").unwrap_or(0) as u8;
        Ok(BiteThePumpkin {
            field: Field::with_trees(),
            players,
            phase: if options.flag("custom_trees") == Some(true) {
                Phase::Trees(0)
            } else {
                Phase::Pigs
            },
            reserve: if players == 3 { [18, 18] } else { [20, 0] },
            eliminated: [false, players == 2],
            herd_turns: 0,
            beginner_extra: extra,
            bite_model: if options.choice("bite_model") == Some("simulator") {
                BiteModel::Simulator
            } else {
                BiteModel::Rules
            },
            end_rule: if options.choice("end_rule") == Some("simulator") {
                EndRule::Simulator
            } else {
                EndRule::Rules
            },
            last: Vec::new(),
        })
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
        }
    }

    fn view(&self) -> View {
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

    fn turn(&self) -> Turn {
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

    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        moves.extend(self.legal());
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
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

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(GameError::GameOver);
        }
        if !self.legal().contains(&mv) {
            return Err(GameError::illegal(mv, "not legal here"));
        }
        let mut fx = effects;
        match self.phase.clone() {
            Phase::Trees(n) => {
                if let Some((from, to)) = Self::decode_tree(mv) {
                    self.field.0[from] = Cell::Empty;
                    self.field.0[to] = Cell::Tree;
                    push(
                        &mut fx,
                        Effect::Move {
                            from: SiteId(from as u16),
                            to: SiteId(to as u16),
                        },
                    );
                    self.last = vec![from, to];
                    self.phase = if n + 1 >= TREE_MOVES {
                        Phase::Pigs
                    } else {
                        Phase::Trees(n + 1)
                    };
                } else {
                    self.phase = Phase::Pigs;
                }
            }
            Phase::Pigs => {
                let sq = mv.0 as usize;
                self.field.0[sq] = Cell::Pig { lying: false };
                push(
                    &mut fx,
                    Effect::Place {
                        site: SiteId(sq as u16),
                        piece: piece_of(self.field.0[sq]),
                    },
                );
                self.last = vec![sq];
                if self.field.pigs().len() == PIGS {
                    self.phase = Phase::Setup(FARMER);
                }
            }
            Phase::Setup(seat) => {
                self.place(seat, mv.0 as usize, &mut fx);
                let placed = self.on_field(FARMER) + self.on_field(BROCCOLI);
                if placed >= self.setup_total() {
                    self.start_herd_turn(&mut fx);
                } else {
                    let next = if self.three() && placed < 10 && seat == FARMER {
                        BROCCOLI
                    } else {
                        FARMER
                    };
                    self.phase = Phase::Setup(next);
                    self.skip_stuck_farmers(&mut fx);
                }
            }
            Phase::Bite(mut chosen) => {
                let bite = Self::decode_bite(mv).expect("a legal bite");
                chosen.push(bite);
                self.last = vec![bite.0, bite.1];
                if self.pending_choices(&chosen).is_empty() {
                    self.resolve_bites(&chosen, &mut fx);
                } else {
                    self.phase = Phase::Bite(chosen);
                }
            }
            Phase::Run => {
                self.last.clear();
                self.run(Dir::ALL[(mv.0 - RUN) as usize], &mut fx);
            }
            Phase::Farmers(mut queue) => {
                let seat = queue.remove(0);
                self.place(seat, mv.0 as usize, &mut fx);
                self.phase = Phase::Farmers(queue);
                self.after_placement(seat, &mut fx);
                if !matches!(self.phase, Phase::Over(_)) {
                    self.skip_stuck_farmers(&mut fx);
                }
            }
            Phase::Over(_) => unreachable!("checked above"),
        }
        Ok(())
    }

    fn check(&self) -> Result<(), GameError> {
        if self.field.0.len() != SQUARES {
            return Err(GameError::State("the field is not 8 by 8".into()));
        }
        Ok(())
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        // The Herd likes threatened pumpkins and few on the field; the Farmers the reverse.
        let threat = self.field.threatened() as f64 / 10.0;
        let left = self.reserve.iter().sum::<u32>() as f64 / 20.0;
        let herd = (threat - (self.on_field(FARMER) + self.on_field(BROCCOLI)) as f64 / 20.0
            + left * 0.5)
            .clamp(-1.0, 1.0);
        Some(
            (0..self.players)
                .map(|s| if s == HERD { herd } else { -herd })
                .collect(),
        )
    }

    fn bot_move(&self, bot: &str, rng: &mut game_api::Rng) -> Result<MoveId, GameError> {
        bots::bot_move(self, bot, rng)
    }
}

mod notation;

game_api::export_game!(BiteThePumpkin);

/// The algebraic name of a square (`a8` is the top-left corner).
pub fn square_name(sq: usize) -> String {
    name(sq)
}

/// The square of an algebraic name.
pub fn square(name: &str) -> Option<usize> {
    square_of(name)
}
