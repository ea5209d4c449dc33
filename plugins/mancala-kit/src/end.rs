//! The end of a game and what happens between rounds: the end rules, refills, the
//! next round of a multi-round game, the final scores.

use crate::{
    Board, End, History, Mancala, Phase, Remaining, Side, Variant, board::Special,
    effects::Effects, game::MAX_ROUNDS,
};

/// Why a game ends when the side to move cannot move.
const NO_LEGAL_MOVE: &str = "No legal move: the game is over";

impl<V: Variant> Mancala<V> {
    /// The score of each side if the game ended now: its score plus the seeds on its
    /// side (once over under [`Remaining::Left`], its score alone: the seeds left count
    /// for no one).
    pub(crate) fn final_scores(&self) -> [i64; 2] {
        let left = self.is_over()
            && self.config.end
                == (End::NoMove {
                    remaining: Remaining::Left,
                });
        Side::BOTH.map(|s| {
            self.board.score(s)
                + if left {
                    0
                } else {
                    i64::from(self.board.seeds_on_side(s))
                }
        })
    }

    /// Each side banks the seeds in its own houses (those it holds across the board
    /// included, [`Board::held`]).
    fn sweep(&mut self, fx: &mut Effects<'_>) {
        let held = self.board.held();
        for row in Side::BOTH {
            for i in 0..self.board.houses {
                let pit = self.board.house(row, i);
                // The row's side, or the other where it holds the house: no call to
                // the pit's decoding in the games without held houses (every playout
                // ends here).
                let side = if held & (1 << pit) == 0 {
                    row
                } else {
                    row.other()
                };
                let n = std::mem::take(&mut self.board.pits[pit]);
                fx.capture(&self.board, pit, side, n);
                self.board.bank(side, n);
            }
        }
    }

    /// The game ends for `why`: each side banks the seeds in its houses. In a game of
    /// rounds ([`Config::rounds`](crate::Config::rounds)) the round ends instead, and
    /// the next begins if both sides can fill a house ([`Mancala::next_round`]).
    pub(crate) fn end(&mut self, fx: &mut Effects<'_>, why: &str) {
        if self.config.rounds {
            fx.message(format!("Round {} is over", self.round));
            return self.next_round(fx);
        }
        self.sweep(fx);
        self.phase = Phase::Over;
        fx.message(why);
    }

    /// Applies the end, round, refill and cycle rules after a move (or to a parsed
    /// position), with `to_move` already the side to move next. `banked`: whether any
    /// seeds went to a score (only then can a majority have been reached). Returns
    /// `true` when the game goes on in the same round: the last rule, that the side to
    /// move must have a legal move ([`Mancala::end_if_stuck`]), then still applies.
    pub(crate) fn settle(&mut self, banked: bool, fx: &mut Effects<'_>) -> bool {
        let houses_empty = |b: &Board, s| b.side_empty(s);
        match self.config.end {
            End::SideEmpty => {
                if Side::BOTH.iter().any(|&s| houses_empty(&self.board, s)) {
                    if self.config.rounds {
                        self.next_round(fx);
                    } else {
                        self.end(fx, "A row is empty: the game is over");
                    }
                    return false;
                }
            }
            End::Majority if banked => {
                if self.majority() {
                    self.end(
                        fx,
                        "More than half the seeds are captured: the game is over",
                    );
                    return false;
                }
            }
            End::Majority => {}
            End::NoMove { .. } => {}
            End::MandarinsEmpty => {
                if self.board.mandarins().iter().all(|&m| !self.board.holds(m)) {
                    self.end(fx, "Both mandarin squares are empty: the game is over");
                    return false;
                }
            }
        }
        if self.config.refill && houses_empty(&self.board, self.to_move) && !self.refill(fx) {
            self.end_unrefillable(fx);
            return false;
        }
        if self.config.cycle_ends_game && self.seen_before() {
            self.end_repeated(fx);
            return false;
        }
        true
    }

    /// Whether the position was seen since the last capture (the cycle rule); records it
    /// if not, with its split for the endgame tables' bounds ([`History::seen_before_split`]).
    fn seen_before(&mut self) -> bool {
        let b = &self.board;
        let split =
            i64::from(b.seeds_on_side(Side::South)) - i64::from(b.seeds_on_side(Side::North));
        let split = split.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        self.history
            .seen_before_split(History::key(b, self.to_move), split)
    }

    /// Whether a side has banked more than half the seeds ([`End::Majority`]).
    pub(crate) fn majority(&self) -> bool {
        let total = self.board.total();
        Side::BOTH
            .iter()
            .any(|&s| 2 * i64::from(self.board.bank_of(s)) > i64::from(total))
    }

    /// The last rule after a move: a side to move without a legal move ends the game.
    pub(crate) fn end_if_stuck(&mut self, fx: &mut Effects<'_>) {
        if !self.has_legal() {
            self.end_stuck(fx);
        }
    }

    /// Whether the side not to move would have a legal move if it were to move
    /// ([`Config::pass_when_stuck`](crate::Config::pass_when_stuck)).
    fn other_can_move(&mut self) -> bool {
        self.to_move = self.to_move.other();
        let can = self.has_legal();
        self.to_move = self.to_move.other();
        can
    }

    /// The side to move has no legal move: under
    /// [`Config::pass_when_stuck`](crate::Config::pass_when_stuck), the turn passes if
    /// the other side can move; otherwise the game ends, the seeds left going as the
    /// end rule says (to their owners, but for [`End::NoMove`]'s other choices).
    pub(crate) fn end_stuck(&mut self, fx: &mut Effects<'_>) {
        if self.config.pass_when_stuck && self.other_can_move() {
            fx.message(format!(
                "{} cannot move: the turn passes",
                self.to_move.name()
            ));
            self.to_move = self.to_move.other();
            return;
        }
        let remaining = match self.config.end {
            End::NoMove { remaining } => remaining,
            _ => Remaining::Owner,
        };
        match remaining {
            Remaining::Owner => return self.end(fx, NO_LEGAL_MOVE),
            Remaining::Stuck | Remaining::Other => {
                let taker = if remaining == Remaining::Stuck {
                    self.to_move
                } else {
                    self.to_move.other()
                };
                for side in Side::BOTH {
                    for i in 0..self.board.houses {
                        let pit = self.board.house(side, i);
                        let n = std::mem::take(&mut self.board.pits[pit]);
                        fx.capture(&self.board, pit, taker, n);
                        self.board.bank(taker, n);
                    }
                }
                fx.message(format!(
                    "{} cannot move: {} takes the seeds left on the board",
                    self.to_move.name(),
                    taker.name()
                ));
            }
            Remaining::Left => fx.message(format!(
                "{} cannot move: the seeds left on the board count for no one",
                self.to_move.name()
            )),
        }
        if self.config.rounds {
            // The houses are empty (`left` is refused with rounds): the round is over.
            return self.end(fx, NO_LEGAL_MOVE);
        }
        self.phase = Phase::Over;
        fx.message(NO_LEGAL_MOVE);
    }

    /// The position repeats ([`Config::cycle_ends_game`](crate::Config::cycle_ends_game)):
    /// the game ends, each side taking the seeds on its own side and, on a board of
    /// mandarin squares, the square at the right-hand end of its row — the one its row
    /// sows into anticlockwise (small stones and big stone) — so that everything in the
    /// game is scored and the final position reads back as over.
    pub(crate) fn end_repeated(&mut self, fx: &mut Effects<'_>) {
        let squares = self.board.mandarins();
        if squares.iter().any(|&m| self.board.holds(m)) {
            for (side, pit) in Side::BOTH.into_iter().zip(squares) {
                let small = std::mem::take(&mut self.board.pits[pit]);
                let big = std::mem::take(&mut self.board.big[pit]);
                fx.capture(&self.board, pit, side, small + big);
                self.board.bank(side, small);
                self.board.captured_big[side.index()] += big;
            }
            fx.message(
                "The position repeats: each side takes its own row and the mandarin square \
                 at its right",
            );
        }
        self.end(fx, "The position repeats: the game is over");
    }

    /// The side to move cannot refill its houses, even borrowing: the game ends. Each
    /// side takes the stones on its own side, and everything left in the mandarin
    /// squares (small stones and big stones) goes to the other side, so that the scores
    /// add up to everything in the game.
    fn end_unrefillable(&mut self, fx: &mut Effects<'_>) {
        let taker = self.to_move.other();
        for pit in self.board.mandarins() {
            let small = std::mem::take(&mut self.board.pits[pit]);
            let big = std::mem::take(&mut self.board.big[pit]);
            fx.capture(&self.board, pit, taker, small + big);
            self.board.bank(taker, small);
            self.board.captured_big[taker.index()] += big;
        }
        fx.message(format!(
            "{} cannot refill its squares: the game is over, and {} takes what is left in \
             the mandarin squares",
            self.to_move.name(),
            taker.name()
        ));
        self.end(fx, "The houses cannot be refilled: the game is over");
    }

    /// Thả cá: one seed from the mover's stock into each of its houses, borrowing the
    /// shortfall from the opponent. Returns `false` if both stocks cannot do it.
    fn refill(&mut self, fx: &mut Effects<'_>) -> bool {
        let side = self.to_move;
        let need = self.config.houses as u32;
        let own = self.board.bank_of(side);
        let other = self.board.bank_of(side.other());
        if own + other < need {
            return false;
        }
        let borrowed = need.saturating_sub(own);
        let taken =
            self.board.unbank(side, need - borrowed) + self.board.unbank(side.other(), borrowed);
        debug_assert_eq!(taken, need);
        self.board.loans[side.index()] += borrowed;
        for i in 0..self.config.houses {
            let pit = self.board.house(side, i);
            self.board.pits[pit] += 1;
            fx.unbank(&self.board, side, pit, 1);
        }
        fx.message(if borrowed > 0 {
            format!("{} refills its squares, borrowing {borrowed}", side.name())
        } else {
            format!("{} refills its squares", side.name())
        });
        true
    }

    /// Whether a side cannot fill one house from its seeds, or the last round is played:
    /// after a round, the match is over.
    fn cannot_refill(&self) -> bool {
        self.round >= MAX_ROUNDS
            || Side::BOTH
                .iter()
                .any(|&s| self.board.bank_of(s) < self.config.seeds)
    }

    /// Whether this position is a finished match of rounds: every house empty (the last
    /// round swept) and a side unable to fill one. Read from a notation, it stays as it
    /// is: the round is not ended a second time.
    pub(crate) fn match_over(&self) -> bool {
        self.config.rounds
            && Side::BOTH.iter().all(|&s| self.board.seeds_on_side(s) == 0)
            && self.cannot_refill()
    }

    /// The next round (Congkak's, Oware's): every seed goes to its side's store or
    /// captured stock, and the side holding more has won the round (said in a message
    /// and counted in [`Mancala::rounds_won`]).
    /// Each side refills its houses from its seeds, `seeds` each, from the house at the
    /// right-hand end of its row (next to its store) leftwards; houses that cannot be
    /// filled are burnt (out of play for the round), and seeds too few to fill one stay
    /// in the stock, counted as captured in the new round; or, where houses pass
    /// ([`Config::rounds_pass`](crate::Config::rounds_pass)), they change hands
    /// ([`crate::held`]). A side that cannot fill one house loses the match, which is
    /// then over.
    fn next_round(&mut self, fx: &mut Effects<'_>) {
        self.sweep(fx);
        let stores = Side::BOTH.map(|s| self.board.bank_of(s));
        if let Some(winner) = Side::BOTH
            .into_iter()
            .find(|s| stores[s.index()] > stores[s.other().index()])
        {
            let won = &mut self.rounds_won[winner.index()];
            *won = won.saturating_add(1);
            fx.message(format!(
                "{} wins round {}, {}–{}",
                winner.name(),
                self.round,
                stores[winner.index()],
                stores[winner.other().index()]
            ));
        }
        if self.cannot_refill() {
            self.phase = Phase::Over;
            if let Some(short) = Side::BOTH
                .into_iter()
                .find(|s| stores[s.index()] < self.config.seeds)
            {
                fx.message(format!("{} cannot fill a house", short.name()));
            }
            fx.message("The game is over");
            return;
        }
        // The loser of the round starts the next; South on a tie.
        self.to_move = if stores[0] < stores[1] {
            Side::South
        } else if stores[1] < stores[0] {
            Side::North
        } else {
            Side::South
        };
        if self.config.rounds_pass {
            self.pass_and_fill(fx);
        } else {
            self.fill_or_burn(fx);
        }
        self.round += 1;
        self.history.clear();
        fx.message(format!(
            "Round {} begins; {} starts",
            self.round,
            self.to_move.name()
        ));
    }

    /// Between rounds of closed houses: each side fills its houses from the right-hand
    /// end of its row leftwards; those it cannot fill are burnt.
    fn fill_or_burn(&mut self, fx: &mut Effects<'_>) {
        for side in Side::BOTH {
            for i in (0..self.config.houses).rev() {
                let pit = self.board.house(side, i);
                if self.board.bank_of(side) >= self.config.seeds {
                    self.board.unbank(side, self.config.seeds);
                    self.board.set_mark(pit, Special::Normal);
                    self.board.pits[pit] = self.config.seeds;
                    fx.unbank(&self.board, side, pit, self.config.seeds);
                } else {
                    self.board.set_mark(pit, Special::Burnt);
                }
            }
        }
    }
}
