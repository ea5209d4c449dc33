//! Zaroc for Tavola: a two-player stacking race (docs/rules/zaroc.md).
//!
//! The board's geometry is the data table in [`geometry`]; the rules below read it.
//! Options: `diagonal_a` (extra arrows A*i* → B*i±1*) and `first` (which seat starts,
//! and so plays Light).

pub mod geometry;
mod pieces;
mod validate;

mod i18n;
use std::collections::BTreeMap;

use arrayvec::ArrayVec;
use game_api::{
    Effect, Game, GameError, GameResult, Layout, Link, LinkKind, Manifest, MoveId, MoveInfo,
    OptionSpec, Options, Outcome, Panel, PanelEntry, Piece, RulesText, SearchHints, SeatOutcome,
    SeatRange, Shape, Site, SiteContent, SiteId, Turn, View,
};
use geometry::{ARROWS, DIAGONAL_A, Row, SETUP, STICKS, WINNING_COUNT, row_sticks};
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
    fn letter(self) -> char {
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
    italian: bool,
}

fn index_of_stick(name: &str) -> Option<usize> {
    geometry::index_of(name)
}

impl Zaroc {
    fn seat_of(&self, colour: Colour) -> u8 {
        match colour {
            Colour::Light => self.light_seat,
            Colour::Dark => 1 - self.light_seat,
        }
    }

    fn colour_of(&self, seat: u8) -> Colour {
        if seat == self.light_seat {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    fn has_room(&self, stick: usize) -> bool {
        STICKS[stick]
            .capacity
            .is_none_or(|c| self.stacks[stick].len() < c)
    }

    fn full(&self, stick: usize) -> bool {
        STICKS[stick].capacity == Some(self.stacks[stick].len())
    }

    /// Pieces of `colour` on the finish row.
    pub fn finished(&self, colour: Colour) -> usize {
        STICKS
            .iter()
            .zip(&self.stacks)
            .filter(|(s, _)| s.row == Row::F)
            .map(|(_, stack)| stack.iter().filter(|&&c| c == colour).count())
            .sum()
    }

    fn arrows(&self) -> impl Iterator<Item = &(usize, usize)> {
        ARROWS
            .iter()
            .chain(if self.diagonal_a { DIAGONAL_A } else { &[] })
    }

    /// Whether (from, to) is the first move of the turn taken back.
    fn takes_back(&self, from: usize, to: usize) -> bool {
        self.first == Some((to, from))
    }

    /// Calls `f` with every (from, to) move that is legal now, before the pass, until it
    /// returns `false`; returns whether it went through them all.
    fn for_each_piece_move(&self, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        (0..STICKS.len()).all(|from| self.for_each_move_from(from, &mut f))
    }

    /// Calls `f` with every legal (from, to) move of the top piece of `from`, until it
    /// returns `false`; returns whether it went through them all. The one statement of
    /// where a piece may go.
    fn for_each_move_from(&self, from: usize, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let stick = &STICKS[from];
        if self.ending.is_some() || stick.row == Row::F || self.stacks[from].is_empty() {
            return true;
        }
        for to in row_sticks(stick.row) {
            if to != from && self.has_room(to) && !self.takes_back(from, to) && !f(from, to) {
                return false;
            }
        }
        if self.full(from) {
            for &(a, b) in self.arrows() {
                if a == from && self.has_room(b) && !self.takes_back(from, b) && !f(from, b) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether any piece may move now.
    fn has_piece_move(&self) -> bool {
        !self.for_each_piece_move(|_, _| false)
    }

    /// Whether `mv` is legal now.
    fn is_legal(&self, mv: MoveId) -> bool {
        if self.ending.is_some() {
            return false;
        }
        match self.decode(mv) {
            Some((from, to)) => !self.for_each_move_from(from, |_, b| b != to),
            None => mv == PASS && !self.has_piece_move(),
        }
    }

    /// A hash of the stacks, the colour to move and the move within the turn: each
    /// stick packed into one number (its height and its pieces' colours as bits), mixed
    /// FNV-style. Cheap, and the same in every build.
    fn position_key(&self) -> u64 {
        let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(0x0100_0000_01b3);
        let mut h = 0xcbf2_9ce4_8422_2325;
        for stack in &self.stacks {
            let colours = stack.iter().enumerate().fold(0u64, |bits, (i, &c)| {
                bits | (u64::from(c == Colour::Dark) << i)
            });
            h = mix(h, (stack.len() as u64) | (colours << 5));
        }
        h = mix(h, u64::from(self.to_move == Colour::Dark));
        mix(h, u64::from(self.step))
    }

    fn note_position(&mut self) {
        let count = self.seen.entry(self.position_key()).or_insert(0);
        *count += 1;
        if *count >= 3 && self.ending.is_none() {
            self.ending = Some(Ending::Repetition);
        }
    }

    fn end_turn(&mut self) {
        self.to_move = match self.to_move {
            Colour::Light => Colour::Dark,
            Colour::Dark => Colour::Light,
        };
        self.step = 1;
        self.first = None;
        self.turns += 1;
        if self.turns >= MAX_TURNS && self.ending.is_none() {
            self.ending = Some(Ending::TooLong);
        }
    }

    fn check_victory(&mut self) {
        for colour in [Colour::Light, Colour::Dark] {
            if self.ending.is_none() && self.finished(colour) >= WINNING_COUNT {
                self.ending = Some(Ending::Won(colour));
            }
        }
    }

    fn decode(&self, mv: MoveId) -> Option<(usize, usize)> {
        let (from, to) = ((mv.0 / 100) as usize, (mv.0 % 100) as usize);
        (mv != PASS && from < STICKS.len() && to < STICKS.len()).then_some((from, to))
    }

    fn encode(from: usize, to: usize) -> MoveId {
        MoveId((from * 100 + to) as u32)
    }

    fn start(options: &Options) -> Self {
        let light_seat = u8::from(options.choice("first") == Some("second"));
        let mut stacks: [Stack; STICKS.len()] = Default::default();
        for (i, col) in SETUP.iter().enumerate() {
            stacks[i] = col
                .chars()
                .map(|c| {
                    if c == 'L' {
                        Colour::Light
                    } else {
                        Colour::Dark
                    }
                })
                .collect();
        }
        Zaroc {
            stacks,
            to_move: Colour::Light,
            light_seat,
            diagonal_a: options.flag("diagonal_a") == Some(true),
            step: 1,
            first: None,
            turns: 0,
            seen: BTreeMap::new(),
            ending: None,
            last: None,
            italian: false,
        }
    }
}

impl Zaroc {
    /// `text` in the game's language.
    fn tr(&self, text: String) -> String {
        if self.italian {
            i18n::IT.text(&text)
        } else {
            text
        }
    }

    /// `view` in the game's language.
    fn localize(&self, view: View) -> View {
        if self.italian {
            i18n::IT.view(view)
        } else {
            view
        }
    }
}

impl Game for Zaroc {
    fn manifest() -> Manifest {
        Manifest {
            id: "zaroc".into(),
            name: "Zaroc".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            authors: vec!["The Tavola developers".into()],
            description: "A Thai stacking race: two moves a turn with either colour, down \
                          three rows of sticks to the finish."
                .into(),
            rules: vec![
                RulesText {
                    lang: "en".into(),
                    markdown: include_str!("../rules.md").into(),
                },
                RulesText {
                    lang: "it".into(),
                    markdown: i18n::RULES_IT.into(),
                },
            ],
            seats: SeatRange { min: 2, max: 2 },
            seat_names: vec!["Player 1".into(), "Player 2".into()],
            tags: vec!["race".into(), "stacking".into()],
            options: vec![
                OptionSpec::boolean("diagonal_a", "Diagonal arrows from row A", false)
                    .describe("Pieces may also descend from A(i) to B(i-1) and B(i+1)."),
                OptionSpec::choice(
                    "first",
                    "Who starts (and plays Light)",
                    &[("first", "Player 1"), ("second", "Player 2")],
                    "first",
                ),
            ],
            presets: Vec::new(),
            bots: Vec::new(),
            search: SearchHints::default(),
            chance: Some(false),
            aliases: Vec::new(),
            translations: [("it".to_string(), i18n::italian())].into(),
        }
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        let mut game = Self::start(options);
        game.note_position();
        Ok(game)
    }

    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let bad = |reason: String| GameError::notation(notation, reason);
        let fields: Vec<&str> = notation.split_whitespace().collect();
        if !(7..=8).contains(&fields.len()) {
            return Err(bad(format!(
                "expected 7 fields `A B C F COLOUR MOVE TURNS` and an optional \
                 `end:repetition`, found {}",
                fields.len()
            )));
        }
        let repetition = match fields.get(7) {
            None => false,
            Some(&"end:repetition") => true,
            Some(other) => {
                return Err(bad(format!(
                    "the eighth field is `{other}`; only `end:repetition` may follow the turns"
                )));
            }
        };
        let mut game = Self::start(options);
        let mut index = 0;
        for (r, (row, field)) in [Row::A, Row::B, Row::C, Row::F]
            .iter()
            .zip(&fields[..4])
            .enumerate()
        {
            let sticks: Vec<&str> = field.split('/').collect();
            let count = STICKS.iter().filter(|s| s.row == *row).count();
            if sticks.len() != count {
                return Err(bad(format!(
                    "row {} has {} sticks, expected {count}",
                    "ABCF".as_bytes()[r] as char,
                    sticks.len()
                )));
            }
            for s in sticks {
                let pieces: Vec<Colour> = if s == "-" {
                    Vec::new()
                } else {
                    s.chars()
                        .map(|c| match c {
                            'L' => Ok(Colour::Light),
                            'D' => Ok(Colour::Dark),
                            other => Err(bad(format!(
                                "stick {}: `{other}` is not L or D",
                                STICKS[index].name
                            ))),
                        })
                        .collect::<Result<_, _>>()?
                };
                let capacity = STICKS[index].capacity.unwrap_or(PIECES);
                if pieces.len() > capacity {
                    return Err(bad(format!(
                        "stick {} holds at most {capacity}",
                        STICKS[index].name
                    )));
                }
                game.stacks[index] = pieces.into_iter().collect();
                index += 1;
            }
        }
        game.to_move = match fields[4] {
            "L" => Colour::Light,
            "D" => Colour::Dark,
            other => {
                return Err(bad(format!(
                    "the colour to move is `{other}`, expected L or D"
                )));
            }
        };
        let (step, first) = match fields[5].split_once(':') {
            None if fields[5] == "1" => (1, None),
            Some(("2", m)) => {
                let (a, b) = m
                    .split_once('-')
                    .ok_or_else(|| bad(format!("`{m}` is not FROM-TO")))?;
                let (a, b) = (
                    index_of_stick(a).ok_or_else(|| bad(format!("no stick `{a}`")))?,
                    index_of_stick(b).ok_or_else(|| bad(format!("no stick `{b}`")))?,
                );
                (2, Some((a, b)))
            }
            _ => {
                return Err(bad(format!(
                    "the move `{}` is `1` or `2:FROM-TO`",
                    fields[5]
                )));
            }
        };
        game.step = step;
        game.first = first;
        game.last = first;
        game.turns = fields[6]
            .parse()
            .map_err(|_| bad(format!("`{}` is not a turn count", fields[6])))?;
        game.check_victory();
        if game.turns >= MAX_TURNS && game.ending.is_none() {
            game.ending = Some(Ending::TooLong);
        }
        if repetition {
            if game.ending.is_some() {
                return Err(bad(
                    "`end:repetition` on a game already decided by the finish row or the \
                     turn limit"
                        .into(),
                ));
            }
            game.ending = Some(Ending::Repetition);
        }
        game.validate().map_err(bad)?;
        game.note_position();
        Ok(game)
    }

    fn notation(&self) -> String {
        let mut rows = Vec::new();
        for row in [Row::A, Row::B, Row::C, Row::F] {
            let sticks: Vec<String> = STICKS
                .iter()
                .zip(&self.stacks)
                .filter(|(s, _)| s.row == row)
                .map(|(_, stack)| {
                    if stack.is_empty() {
                        "-".to_owned()
                    } else {
                        stack.iter().map(|c| c.letter()).collect()
                    }
                })
                .collect();
            rows.push(sticks.join("/"));
        }
        let step = match self.first {
            Some((a, b)) if self.step == 2 => format!("2:{}-{}", STICKS[a].name, STICKS[b].name),
            _ => "1".into(),
        };
        let ending = if self.ending == Some(Ending::Repetition) {
            " end:repetition"
        } else {
            ""
        };
        format!(
            "{} {} {} {}{ending}",
            rows.join(" "),
            self.to_move.letter(),
            step,
            self.turns
        )
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn layout(&self) -> Layout {
        let piece = 0.42;
        let baseline = |row: Row| match row {
            Row::A => 2.4,
            Row::B => 4.6,
            Row::C => 6.4,
            Row::F => 7.6,
        };
        let sites = STICKS
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let x = 0.9 + s.column * 1.25;
                match s.capacity {
                    Some(c) => {
                        let height = c as f32 * piece + 0.3;
                        Site {
                            id: SiteId(i as u16),
                            shape: Shape::Stick { capacity: c as u8 },
                            center: [x, baseline(s.row) - height / 2.0],
                            size: [0.9, height],
                            owner: None,
                            label: s.name.into(),
                            style: String::new(),
                        }
                    }
                    None => Site {
                        id: SiteId(i as u16),
                        shape: Shape::Square,
                        center: [x, baseline(s.row)],
                        size: [1.0, 0.9],
                        owner: None,
                        label: s.name.into(),
                        style: "finish".into(),
                    },
                }
            })
            .collect();
        let links = self
            .arrows()
            .map(|&(from, to)| Link {
                from: SiteId(from as u16),
                to: SiteId(to as u16),
                kind: LinkKind::Arrow,
                label: String::new(),
            })
            .collect();
        Layout {
            size: [6.8, 8.4],
            sites,
            links,
            pieces: pieces::styles(),
        }
    }

    fn view(&self) -> View {
        let sites = self
            .stacks
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_empty())
            .map(|(i, stack)| {
                (
                    SiteId(i as u16),
                    SiteContent::Stack {
                        pieces: stack
                            .iter()
                            .map(|&c| Piece {
                                kind: match c {
                                    Colour::Light => "light".into(),
                                    Colour::Dark => "dark".into(),
                                },
                                owner: Some(self.seat_of(c)),
                                state: String::new(),
                            })
                            .collect(),
                    },
                )
            })
            .collect();
        let panels = (0..2u8)
            .map(|seat| {
                let colour = self.colour_of(seat);
                Panel {
                    seat: Self::manifest().seat_names[usize::from(seat)].clone(),
                    to_move: self.ending.is_none() && colour == self.to_move,
                    entries: vec![
                        PanelEntry::new("Colour", format!("{colour:?}")),
                        PanelEntry::new("On the finish row", self.finished(colour)),
                    ],
                }
            })
            .collect();
        let status = match self.ending {
            Some(Ending::Won(c)) => format!("{c:?} wins"),
            Some(Ending::Repetition) => "Draw: the position occurred three times".into(),
            Some(Ending::TooLong) => format!("Draw: {MAX_TURNS} turns"),
            None => format!(
                "{:?} to move (move {} of 2), turn {}",
                self.to_move,
                self.step,
                self.turns + 1
            ),
        };
        self.localize(View {
            sites,
            panels,
            last_move: self
                .last
                .map(|(a, b)| vec![SiteId(a as u16), SiteId(b as u16)])
                .unwrap_or_default(),
            status,
        })
    }

    fn turn(&self) -> Turn {
        match self.ending {
            None => Turn::Seat {
                seat: self.seat_of(self.to_move),
            },
            Some(ending) => {
                let scores = [0u8, 1].map(|s| self.finished(self.colour_of(s)) as i64);
                let result = |seat: u8| match ending {
                    Ending::Won(c) if self.seat_of(c) == seat => GameResult::Win,
                    Ending::Won(_) => GameResult::Loss,
                    _ => GameResult::Draw,
                };
                Turn::Over {
                    outcome: Outcome {
                        seats: (0..2u8)
                            .map(|s| SeatOutcome {
                                result: result(s),
                                score: scores[usize::from(s)],
                            })
                            .collect(),
                    },
                }
            }
        }
    }

    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        if self.ending.is_some() {
            return;
        }
        let start = moves.len();
        self.for_each_piece_move(|a, b| {
            moves.push(Self::encode(a, b));
            true
        });
        if moves.len() == start {
            moves.push(PASS);
        }
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        if !self.is_legal(mv) {
            return Err(GameError::illegal(mv, "not a legal move here"));
        }
        if mv == PASS {
            let mut info = MoveInfo::new(mv, vec![], "pass");
            info.choice = Some("pass".into());
            return Ok(info);
        }
        let (a, b) = self.decode(mv).expect("legal moves decode");
        Ok(MoveInfo::new(
            mv,
            vec![SiteId(a as u16), SiteId(b as u16)],
            format!("{}-{}", STICKS[a].name, STICKS[b].name),
        ))
    }

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        if self.ending.is_some() {
            return Err(GameError::GameOver);
        }
        if !self.is_legal(mv) {
            let reason = match self.decode(mv) {
                Some((a, b)) if self.first == Some((b, a)) => {
                    "the second move may not put the piece back where it started the turn"
                        .to_owned()
                }
                Some((a, _)) if self.stacks[a].is_empty() => format!("{} is empty", STICKS[a].name),
                Some((a, b)) => format!("{} cannot go to {}", STICKS[a].name, STICKS[b].name),
                None => "no such move".to_owned(),
            };
            return Err(GameError::illegal(mv, reason));
        }
        let mut fx = effects;
        if mv == PASS {
            if let Some(e) = fx.as_deref_mut() {
                e.push(Effect::Message {
                    text: self.tr(format!("{:?} cannot move and passes", self.to_move)),
                });
            }
            self.end_turn();
            self.note_position();
            return Ok(());
        }
        let (from, to) = self.decode(mv).expect("legal moves decode");
        let piece = self.stacks[from].pop().expect("a legal move has a piece");
        self.stacks[to].push(piece);
        if STICKS[to].row != STICKS[from].row {
            // A descent: no earlier position can come back.
            self.seen.clear();
        }
        self.last = Some((from, to));
        if let Some(e) = fx.as_deref_mut() {
            e.push(Effect::Move {
                from: SiteId(from as u16),
                to: SiteId(to as u16),
            });
        }
        self.check_victory();
        if self.ending.is_none() {
            if self.step == 1 {
                self.step = 2;
                self.first = Some((from, to));
                if !self.has_piece_move() {
                    self.end_turn();
                }
            } else {
                self.end_turn();
            }
            self.note_position();
        }
        if let (Some(e), Some(Ending::Won(c))) = (fx, self.ending) {
            e.push(Effect::Message {
                text: self.tr(format!("{c:?} has three pieces on the finish row")),
            });
        }
        Ok(())
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
