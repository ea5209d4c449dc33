//! The rules: where a stork lands, the legal moves, the turn, and what a move does.

use game_api::{
    Effect, Effects, Game, GameError, GameResult, MoveId, MoveInfo, Outcome, SeatOutcome, SiteId,
    Turn,
};

use crate::{AFRICA, CABLES, ENTRY, Phase, Storks, WIND, side_name};

/// What a move would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Landing {
    /// The square the stork ends on.
    pub(crate) square: u8,
    /// An isolated opponent stork swapped back to the origin.
    pub(crate) swap: bool,
}

impl Storks {
    pub(crate) fn occupied_by(&self, player: u8, square: u8) -> bool {
        self.storks[usize::from(player)].contains(&square)
    }

    pub(crate) fn occupied(&self, square: u8) -> bool {
        self.occupied_by(0, square) || self.occupied_by(1, square)
    }

    /// Whether `square` holds a stork of `player` in a row of three or more consecutive
    /// storks of that player (33 never counts).
    pub(crate) fn in_row_of_three(&self, player: u8, square: u8) -> bool {
        if square == 0 || square >= AFRICA || !self.occupied_by(player, square) {
            return false;
        }
        let mut start = square;
        while start > 1 && self.occupied_by(player, start - 1) {
            start -= 1;
        }
        let mut end = square;
        while end + 1 < AFRICA && self.occupied_by(player, end + 1) {
            end += 1;
        }
        end - start + 1 >= 3
    }

    /// Where `player`'s stork on `from` lands moving `steps`, if that is legal.
    pub(crate) fn landing(&self, player: u8, from: u8, steps: u8) -> Option<Landing> {
        let opponent = 1 - player;
        let to = from + steps;
        if steps == 0 || to > AFRICA {
            return None;
        }
        if (from + 1..=to).any(|sq| self.in_row_of_three(opponent, sq)) {
            return None;
        }
        if to == AFRICA {
            return Some(Landing {
                square: to,
                swap: false,
            });
        }
        if self.occupied_by(player, to) {
            return None;
        }
        if !self.occupied_by(opponent, to) {
            return Some(Landing {
                square: to,
                swap: false,
            });
        }
        let before = to > 1 && self.occupied_by(opponent, to - 1);
        let after = to + 1 < AFRICA && self.occupied_by(opponent, to + 1);
        if !before && !after {
            return Some(Landing {
                square: to,
                swap: true,
            });
        }
        // A pair (a, a+1): jump to a+2 if it is free or is Africa.
        let a = if after { to } else { to - 1 };
        let dest = a + 2;
        if dest > AFRICA || (dest < AFRICA && self.occupied(dest)) {
            return None;
        }
        Some(Landing {
            square: dest,
            swap: false,
        })
    }

    /// The legal moves for a throw showing `t`: stork moves by origin square, and
    /// re-entries.
    pub(crate) fn options(&self, t: u8) -> Vec<MoveId> {
        let player = self.to_move;
        let steps = self.randomiser.steps(t);
        let mut moves: Vec<MoveId> = Vec::new();
        let mut squares: Vec<u8> = self.storks[usize::from(player)]
            .iter()
            .copied()
            .filter(|s| (1..AFRICA).contains(s))
            .collect();
        squares.sort_unstable();
        squares.dedup();
        for s in squares {
            if self.landing(player, s, steps).is_some() {
                moves.push(MoveId(u32::from(s)));
            }
        }
        let off_board = self.storks[usize::from(player)].contains(&0);
        if off_board && (1..=4).contains(&t) && !self.occupied(t) {
            moves.push(MoveId(ENTRY + u32::from(t)));
        }
        moves
    }

    pub(crate) fn winner(&self) -> Option<u8> {
        (0..2u8).find(|&p| self.storks[usize::from(p)].iter().all(|&s| s == AFRICA))
    }

    pub(crate) fn square_site(square: u8) -> SiteId {
        SiteId(u16::from(square) - 1)
    }

    pub(crate) fn cables_site(player: u8) -> SiteId {
        SiteId(33 + u16::from(player))
    }

    pub(crate) fn end_turn(&mut self) {
        self.to_move = 1 - self.to_move;
        self.phase = Phase::Throw;
    }

    /// Moves `player`'s stork from `from` as `landing` says, with the swap and the
    /// special square's effect; returns whether the wind takes it.
    pub(crate) fn resolve(
        &mut self,
        player: u8,
        from: u8,
        landing: Landing,
        fx: &mut Effects<'_>,
    ) -> bool {
        let p = usize::from(player);
        let i = self.storks[p]
            .iter()
            .position(|&s| s == from)
            .expect("the stork is there");
        if landing.swap {
            let o = 1 - p;
            let j = self.storks[o]
                .iter()
                .position(|&s| s == landing.square)
                .expect("the opponent is there");
            self.storks[o][j] = from;
            fx.move_piece(Self::square_site(landing.square), Self::square_site(from));
        }
        self.storks[p][i] = landing.square;
        fx.move_piece(Self::square_site(from), Self::square_site(landing.square));
        self.last = Some((
            Self::square_site(from).0,
            Self::square_site(landing.square).0,
        ));
        match landing.square {
            sq if CABLES.contains(&sq) => {
                self.storks[p][i] = 0;
                fx.move_piece(Self::square_site(sq), Self::cables_site(player));
                fx.message(format!("{}'s stork falls on the cables", side_name(player)));
                false
            }
            WIND => {
                fx.message(format!(
                    "The wind carries {}'s stork: throw again",
                    side_name(player)
                ));
                true
            }
            _ => false,
        }
    }

    pub(crate) fn turn_now(&self) -> Turn {
        if self.winner().is_some() {
            let scores =
                [0usize, 1].map(|p| self.storks[p].iter().filter(|&&s| s == AFRICA).count() as i64);
            let w = self.winner();
            return Turn::Over {
                outcome: Outcome {
                    seats: (0..2u8)
                        .map(|p| SeatOutcome {
                            result: if w == Some(p) {
                                GameResult::Win
                            } else {
                                GameResult::Loss
                            },
                            score: scores[usize::from(p)],
                        })
                        .collect(),
                },
            };
        }
        match self.phase {
            Phase::Throw | Phase::Wind => Turn::Chance {
                outcomes: self.randomiser.outcomes(),
            },
            Phase::Choose(_) => Turn::Seat { seat: self.to_move },
        }
    }

    pub(crate) fn legal_into(&self, moves: &mut Vec<MoveId>) {
        if self.winner().is_some() {
            return;
        }
        match self.phase {
            Phase::Throw | Phase::Wind => {
                moves.extend(self.randomiser.outcomes().iter().map(|o| o.mv))
            }
            Phase::Choose(t) => moves.extend(self.options(t)),
        }
    }

    pub(crate) fn info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(GameError::illegal(mv, "not legal here"));
        }
        if let Some(t) = self.randomiser.throw_of(mv) {
            return Ok(MoveInfo::new(mv, vec![], self.randomiser.describe(t))
                .with_words(self.randomiser.say(t)));
        }
        let Phase::Choose(t) = self.phase else {
            return Err(GameError::illegal(mv, "not legal here"));
        };
        if mv.0 > ENTRY {
            let square = (mv.0 - ENTRY) as u8;
            return Ok(MoveInfo::new(
                mv,
                vec![Self::cables_site(self.to_move)],
                format!("in{square}"),
            )
            .with_words(format!("enters a stork on {square}")));
        }
        let from = mv.0 as u8;
        let landing = self
            .landing(self.to_move, from, self.randomiser.steps(t))
            .ok_or_else(|| GameError::illegal(mv, "not legal here"))?;
        Ok(MoveInfo::new(
            mv,
            vec![Self::square_site(from)],
            format!("{from}-{}", landing.square),
        )
        .with_words(format!("moves a stork from {from} to {}", landing.square)))
    }

    pub(crate) fn play(
        &mut self,
        mv: MoveId,
        effects: Option<&mut Vec<Effect>>,
    ) -> Result<(), GameError> {
        if self.winner().is_some() {
            return Err(GameError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(GameError::illegal(mv, "not legal here"));
        }
        let mut fx = Effects::new(effects);
        let player = self.to_move;
        match self.phase {
            Phase::Throw => {
                let t = self.randomiser.throw_of(mv).expect("a throw");
                self.last_throw = Some(t);
                fx.message(format!(
                    "{} throws {}",
                    side_name(player),
                    self.randomiser.say(t)
                ));
                if self.randomiser.steps(t) == 0 {
                    fx.message("Nothing to move: the turn passes");
                    self.end_turn();
                } else if self.options(t).is_empty() {
                    fx.message("No legal move: the turn passes");
                    self.end_turn();
                } else {
                    self.phase = Phase::Choose(t);
                }
            }
            Phase::Wind => {
                let t = self.randomiser.throw_of(mv).expect("a throw");
                self.last_throw = Some(t);
                let steps = self.randomiser.steps(t);
                fx.message(format!("The wind: {}", self.randomiser.say(t)));
                if steps == 0 {
                    self.end_turn();
                } else if let Some(landing) = self.landing(player, WIND, steps) {
                    let again = self.resolve(player, WIND, landing, &mut fx);
                    debug_assert!(!again, "the wind cannot land on 28 again");
                    self.end_turn();
                } else {
                    fx.message("Illegal for the stork on 28: the wind throws again");
                }
            }
            Phase::Choose(t) => {
                if mv.0 > ENTRY {
                    let square = (mv.0 - ENTRY) as u8;
                    let p = usize::from(player);
                    let i = self.storks[p]
                        .iter()
                        .position(|&s| s == 0)
                        .expect("a stork off the board");
                    self.storks[p][i] = square;
                    fx.move_piece(Self::cables_site(player), Self::square_site(square));
                    self.last = Some((Self::cables_site(player).0, Self::square_site(square).0));
                    self.end_turn();
                } else {
                    let from = mv.0 as u8;
                    let landing = self
                        .landing(player, from, self.randomiser.steps(t))
                        .expect("a legal move lands");
                    if self.resolve(player, from, landing, &mut fx) {
                        self.phase = Phase::Wind;
                    } else {
                        self.end_turn();
                    }
                }
            }
        }
        if let Some(w) = self.winner() {
            fx.message(format!("{} wins", side_name(w)));
        }
        Ok(())
    }
}
