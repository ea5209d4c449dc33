//! The random playout ([`Game::playout`](game_api::Game::playout)): the same draws and
//! the same game as [`Game::apply`](game_api::Game::apply) move by move, with the rules
//! after each move reduced to what the variant's [`Config`](crate::Config) can need.
//!
//! A random playout is what Monte Carlo search spends its time in, so its loop keeps
//! the per-move work near a loop written for one game: the ring's stores read once, one
//! pass over the ring for both rows' occupied houses (they decide the empty-row end and
//! the next move's draw), the majority tested only when seeds were banked. Variants
//! whose rules need more after a move (refills, rounds, the mandarin squares' end, the
//! simultaneous opening) play the general loop; the common shapes, one ring with or
//! without stores sown by counts (Kalah's, Oware's), have a loop of their own
//! ([`ring`]), the plainest of them (Kalah's rules) a leaner one ([`stores`]). Which loop
//! plays a game is chosen in one place, [`paths`], from the rules each loop is taught:
//! a rule none is taught sends the game to the general loop.

mod paths;
mod ring;
mod stores;

pub(crate) use paths::FastPaths;

use game_api::{GameError, Outcome, Rng};

use crate::effects::Effects;
use crate::{
    Direction, End, GrandSlam, History, Mancala, Phase, Side, Variant, board::nth_set_bit, sow,
};

impl<V: Variant> Mancala<V> {
    /// The random playout: the fastest loop that plays the game's rules
    /// ([`FastPaths::of`], chosen once when the game was built from the loops'
    /// allow-lists) and the
    /// position (in normal play; the ring loops only on a board without marks), else
    /// the general one.
    pub(crate) fn random_playout(&mut self, rng: &mut Rng) -> Result<Outcome, GameError> {
        let paths = self.config.paths();
        let play = self.phase == Phase::Play;
        let ring = paths.ring && play && !self.board.has_marks();
        if ring && paths.store {
            self.store_playout(rng)
        } else if ring {
            self.ring_playout(rng, paths.plain_ring)
        } else if paths.lean && play {
            self.lean_playout(rng, false)
        } else {
            self.general_playout(rng)
        }
    }

    /// Move by move through [`Mancala::play_legal`], every rule in its general form.
    fn general_playout(&mut self, rng: &mut Rng) -> Result<Outcome, GameError> {
        let mut moves = Vec::new();
        if self.config.cycle_ends_game {
            // One allocation now rather than one each time the record doubles.
            self.history.reserve(64);
        }
        let mut stuck_unchecked = false;
        for _ in 0..game_api::MAX_PLAYOUT_ACTIONS {
            if self.is_over() {
                return Ok(Outcome::from_scores(&self.final_scores()));
            }
            match self.random_move(rng, &mut moves) {
                Some(mv) => stuck_unchecked = self.play_legal(mv, &mut Effects(None)),
                // What `end_if_stuck` would have found after the last move.
                None if stuck_unchecked => self.end_stuck(&mut Effects(None)),
                None => return Err(self.no_move()),
            }
        }
        Err(GameError::Internal("a random playout did not end".into()))
    }

    fn no_move(&self) -> GameError {
        GameError::Internal(format!(
            "{} is to move but has no legal move",
            self.to_move.name()
        ))
    }

    /// The playout of a game in normal play without refills or rounds: the moves
    /// [`Mancala::random_move`] draws, sown by the kit's sowing, then the end rule, the
    /// cycle rule and the no-legal-move rule as [`Mancala::settle`] and
    /// [`Mancala::end_if_stuck`] apply them (a position where the feeding or grand-slam
    /// rule filters the moves is played by [`Mancala::play_legal`]). `stuck_unchecked`:
    /// whether the side to move is still to be checked for a legal move (a playout
    /// handed over after a move; not one that starts where `apply` left the game).
    fn lean_playout(&mut self, rng: &mut Rng, stuck_unchecked: bool) -> Result<Outcome, GameError> {
        let mut moves = Vec::new();
        if self.config.cycle_ends_game {
            self.history.reserve(64);
        }
        let per_house = match self.config.direction {
            Direction::Anticlockwise => 1,
            Direction::Chosen => 2,
            // Not this loop's (`paths.rs`): holes give one move or two.
            Direction::ByHouse(_) => return self.general_playout(rng),
        };
        let stores = Side::BOTH.map(|s| self.board.store(s));
        let bank = |m: &Self| -> u32 {
            let stored = match stores {
                [Some(s), Some(n)] => m.board.pits[s] + m.board.pits[n],
                _ => 0,
            };
            stored + m.board.captured[0] + m.board.captured[1]
        };
        let (side_empty, majority) = match self.config.end {
            End::SideEmpty => (true, false),
            End::Majority => (false, true),
            _ => (false, false),
        };
        let cycle = self.config.cycle_ends_game;
        let mut last = None;
        let mut stuck_unchecked = stuck_unchecked;
        let mut rows = self.board.occupied_rows();
        let mut outcome = None;
        for _ in 0..game_api::MAX_PLAYOUT_ACTIONS {
            if self.is_over() {
                outcome = Some(Ok(Outcome::from_scores(&self.final_scores())));
                break;
            }
            // `filtered`, with the row sum read from the occupied houses.
            let c = &self.config;
            let filtered = (c.must_feed && rows[self.to_move.other().index()] == 0)
                || c.grand_slam == GrandSlam::Forbidden;
            if filtered {
                // The feeding or grand-slam rule may remove moves: the general step.
                match self.random_move(rng, &mut moves) {
                    Some(mv) => {
                        stuck_unchecked = self.play_legal(mv, &mut Effects(None));
                        last = None;
                    }
                    None if stuck_unchecked => self.end_stuck(&mut Effects(None)),
                    None => {
                        outcome = Some(Err(self.no_move()));
                        break;
                    }
                }
                rows = self.board.occupied_rows();
                continue;
            }
            let side = self.to_move;
            let mut houses = rows[side.index()] & self.board.unmarked_houses(side);
            if self.config.singletons_last {
                houses = crate::board::plural_first(houses, self.board.plural_mask(side));
            }
            if houses == 0 {
                if !stuck_unchecked {
                    outcome = Some(Err(self.no_move()));
                    break;
                }
                self.end_stuck(&mut Effects(None));
                continue;
            }
            // The draw of `random_move`.
            let k = rng.below(houses.count_ones() as usize * per_house);
            let i = nth_set_bit(houses, (k / per_house) as u32) as usize;
            let forward = k.is_multiple_of(per_house);
            let origin = self.board.house(side, i);
            last = Some(origin);
            let before = bank(self);
            let (board, config, fx) = (&mut self.board, &self.config, &mut Effects(None));
            // The sowing of counts inlined here; `sow_turn` for the rest.
            let sown = if sow::counts_only::<V>(board, config, forward, fx) {
                sow::sow_counts::<V>(board, config, side, origin, fx)
            } else {
                sow::sow_turn::<V>(board, config, side, origin, forward, fx)
            };
            if !sown.extra_turn {
                self.to_move = side.other();
            }
            let banked = before != bank(self);
            if banked {
                self.history.clear();
            }
            rows = self.board.occupied_rows();
            // `settle` for these rules.
            stuck_unchecked = false;
            if side_empty && (rows[0] == 0 || rows[1] == 0) {
                self.end(&mut Effects(None), "A row is empty: the game is over");
            } else if majority && banked && self.majority() {
                self.end(
                    &mut Effects(None),
                    "More than half the seeds are captured: the game is over",
                );
            } else if cycle
                && self
                    .history
                    .seen_before(History::key(&self.board, self.to_move))
            {
                self.end_repeated(&mut Effects(None));
            } else {
                stuck_unchecked = true;
            }
        }
        if let Some(origin) = last {
            self.last_move.clear();
            self.last_move.push(origin);
        }
        outcome.unwrap_or_else(|| Err(GameError::Internal("a random playout did not end".into())))
    }
}
