//! The rules: the moves of a position, the turn, what a move does, the end.

use std::collections::BTreeMap;

use game_api::{
    Effect, Effects, GameError, GameResult, MoveId, MoveInfo, Options, Outcome, SeatOutcome,
    SiteId, Turn,
};
use geometry::{ARROWS, DIAGONAL_A, Row, SETUP, STICKS, WINNING_COUNT, row_sticks};

use crate::{Colour, Ending, MAX_TURNS, PASS, Stack, Zaroc, geometry};

impl Zaroc {
    pub(crate) fn seat_of(&self, colour: Colour) -> u8 {
        match colour {
            Colour::Light => self.light_seat,
            Colour::Dark => 1 - self.light_seat,
        }
    }

    pub(crate) fn colour_of(&self, seat: u8) -> Colour {
        if seat == self.light_seat {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    pub(crate) fn has_room(&self, stick: usize) -> bool {
        STICKS[stick]
            .capacity
            .is_none_or(|c| self.stacks[stick].len() < c)
    }

    pub(crate) fn full(&self, stick: usize) -> bool {
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

    pub(crate) fn arrows(&self) -> impl Iterator<Item = &(usize, usize)> {
        ARROWS
            .iter()
            .chain(if self.diagonal_a { DIAGONAL_A } else { &[] })
    }

    /// Whether (from, to) is the first move of the turn taken back.
    pub(crate) fn takes_back(&self, from: usize, to: usize) -> bool {
        self.first == Some((to, from))
    }

    /// Calls `f` with every (from, to) move that is legal now, before the pass, until it
    /// returns `false`; returns whether it went through them all.
    pub(crate) fn for_each_piece_move(&self, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        (0..STICKS.len()).all(|from| self.for_each_move_from(from, &mut f))
    }

    /// Calls `f` with every legal (from, to) move of the top piece of `from`, until it
    /// returns `false`; returns whether it went through them all. The one statement of
    /// where a piece may go.
    pub(crate) fn for_each_move_from(
        &self,
        from: usize,
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> bool {
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
    pub(crate) fn has_piece_move(&self) -> bool {
        !self.for_each_piece_move(|_, _| false)
    }

    /// Whether `mv` is legal now.
    pub(crate) fn is_legal(&self, mv: MoveId) -> bool {
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
    pub(crate) fn position_key(&self) -> u64 {
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

    pub(crate) fn note_position(&mut self) {
        let count = self.seen.entry(self.position_key()).or_insert(0);
        *count += 1;
        if *count >= 3 && self.ending.is_none() {
            self.ending = Some(Ending::Repetition);
        }
    }

    pub(crate) fn end_turn(&mut self) {
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

    pub(crate) fn check_victory(&mut self) {
        for colour in [Colour::Light, Colour::Dark] {
            if self.ending.is_none() && self.finished(colour) >= WINNING_COUNT {
                self.ending = Some(Ending::Won(colour));
            }
        }
    }

    pub(crate) fn decode(&self, mv: MoveId) -> Option<(usize, usize)> {
        let (from, to) = ((mv.0 / 100) as usize, (mv.0 % 100) as usize);
        (mv != PASS && from < STICKS.len() && to < STICKS.len()).then_some((from, to))
    }

    pub(crate) fn encode(from: usize, to: usize) -> MoveId {
        MoveId((from * 100 + to) as u32)
    }

    pub(crate) fn start(options: &Options) -> Self {
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

    pub(crate) fn turn_now(&self) -> Turn {
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

    pub(crate) fn legal_into(&self, moves: &mut Vec<MoveId>) {
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

    pub(crate) fn info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
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

    pub(crate) fn play(
        &mut self,
        mv: MoveId,
        effects: Option<&mut Vec<Effect>>,
    ) -> Result<(), GameError> {
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
        let mut fx = Effects::new(effects);
        if mv == PASS {
            fx.message(format!("{:?} cannot move and passes", self.to_move));
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
        fx.move_piece(SiteId(from as u16), SiteId(to as u16));
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
        if let Some(Ending::Won(c)) = self.ending {
            fx.message(format!("{c:?} has three pieces on the finish row"));
        }
        Ok(())
    }
}
