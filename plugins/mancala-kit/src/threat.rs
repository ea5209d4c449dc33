//! Threats for the evaluation: the most seeds one sowing of a side could capture if
//! that side moved now, counted from the board by arithmetic (no move is played).
//!
//! Only for the plain ring of Oware and its kin, where the count is cheap and exact:
//! two rows, no end pits, anticlockwise, the origin skipped on a lap, the backward
//! capture by counts ([`Capture::Backward`]), no marks, relays or sowing captures.
//! Elsewhere [`Threats::of`] gives `None` and the evaluation does without. The count is
//! that of the kit's own sowing: a variant whose hooks
//! ([`Variant::after_sowing`](crate::Variant::after_sowing), a seed hook) change a sowing
//! on such a ring gets a guess, which is all an evaluation needs.
//!
//! A kroo (a house holding a lap of seeds or more) is where the count matters most: its
//! sowing puts seeds in every house on the way round, and where its last seed lands
//! decides whether it takes a whole row's twos and threes.

use crate::{Board, Capture, Config, Direction, Ends, GrandSlam, Relay, Side};

/// What the ring is for the threat count: its capture range and grand slam rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threats {
    min: u32,
    max: u32,
    grand_slam: GrandSlam,
}

impl Threats {
    /// The threat count for `config`'s board, or `None` where the count would not be
    /// exact (see the module).
    pub fn of(config: &Config, board: &Board) -> Option<Threats> {
        let Capture::Backward { min, max } = config.capture else {
            return None;
        };
        let plain = config.rows == 1
            && board.rows == 1
            && config.ends == Ends::None
            && board.ends == Ends::None
            && config.direction == Direction::Anticlockwise
            && config.sow_from == crate::SowFrom::Own
            && config.min_sow <= 1
            && config.skip_origin
            && !config.first_seed_in_origin
            && config.relay == Relay::None
            && config.sowing_capture.is_none()
            && !board.has_marks()
            && board.ring_len() == 2 * board.houses
            && board.houses >= 1;
        plain.then_some(Threats {
            min,
            max,
            grand_slam: config.grand_slam,
        })
    }

    /// The most seeds `side` could capture with one of its moves on `board`, were it
    /// `side`'s turn (0 where no move captures).
    ///
    /// ```
    /// use mancala_kit::{Board, Config, Side, threat::Threats};
    /// let config = Config::oware(4);
    /// let mut board = Board::start(&config);
    /// let threats = Threats::of(&config, &board).unwrap();
    /// assert_eq!(threats.best_capture(&board, Side::South), 0);
    /// // South's last house holds 2: its last seed lands in North's second house, which
    /// // it makes hold 2 (taken); North's first house then holds 5 and ends the chain.
    /// board.pits = [0, 0, 0, 0, 0, 2, 4, 1, 4, 4, 4, 4].into_iter().collect();
    /// assert_eq!(threats.best_capture(&board, Side::South), 2);
    /// ```
    pub fn best_capture(&self, board: &Board, side: Side) -> u32 {
        let ring = board.ring_len();
        let lap = (ring - 1) as u32;
        let own = board.house(side, 0);
        let theirs = board.house(side.other(), 0);
        let pits = &board.pits;
        // The opponent's houses that one more seed brings into the capture range, one
        // bit per ring pit: a sowing of less than a lap adds one seed to each pit it
        // passes, so its chain is a run of these bits ending at its last seed.
        let mut ripe = 0u64;
        for p in theirs..theirs + board.houses {
            let c = pits[p] + 1;
            ripe |= u64::from(c >= self.min && c <= self.max) << p;
        }
        // A capture of every seed the opponent would have after the sowing (a grand
        // slam) takes nothing under these rules.
        let slam_takes_nothing =
            matches!(self.grand_slam, GrandSlam::NoCapture | GrandSlam::Forbidden);
        let mut best = 0;
        for i in 0..board.houses {
            let origin = own + i;
            let n = pits[origin];
            if n == 0 {
                continue;
            }
            let (taken, sown) = if n < lap {
                let mut last = origin + n as usize;
                if last >= ring {
                    last -= ring;
                }
                if ripe & (1 << last) == 0 {
                    continue;
                }
                // Back along the run; the opponent's first house ends it at the latest
                // (the sowing came into their row there).
                let mut taken = 0;
                let mut p = last;
                while ripe & (1 << p) != 0 {
                    taken += pits[p] + 1;
                    if p == theirs {
                        break;
                    }
                    p -= 1;
                }
                (taken, (last + 1 - theirs) as u32)
            } else {
                self.lap_capture(board, origin, n, theirs)
            };
            if taken <= best {
                continue;
            }
            if slam_takes_nothing && taken == board.seeds_on_side(side.other()) + sown {
                continue;
            }
            best = taken;
        }
        best
    }

    /// The capture of a sowing of `n` seeds from `origin`, `n` at least a lap (every
    /// other pit receives one seed or more), and the seeds it sows on the row starting
    /// at ring pit `theirs`.
    fn lap_capture(&self, board: &Board, origin: usize, n: u32, theirs: usize) -> (u32, u32) {
        let ring = board.ring_len();
        let lap = (ring - 1) as u32;
        // The pit `d` steps on (the origin counted out) receives a seed a lap, and one
        // more if the last lap reaches it.
        let added = |d: usize| (n + lap - d as u32) / lap;
        let pit = |d: usize| (origin + d) % ring;
        let on_their_row = |p: usize| p >= theirs && p < theirs + board.houses;
        let last = ((n - 1) % lap + 1) as usize;
        let mut taken = 0;
        let mut d = last;
        while d >= 1 && on_their_row(pit(d)) {
            let c = board.pits[pit(d)] + added(d);
            if c < self.min || c > self.max {
                break;
            }
            taken += c;
            d -= 1;
        }
        let sown = if taken == 0 {
            0
        } else {
            (1..ring).filter(|&d| on_their_row(pit(d))).map(added).sum()
        };
        (taken, sown)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use game_api::{Game, MoveId};

    use super::*;
    use crate::{Mancala, Variant};

    /// Oware's rules, as a variant of the kit's tests (also `eval`'s).
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    pub(crate) struct Plain;
    impl Variant for Plain {
        fn manifest() -> game_api::Manifest {
            game_api::Manifest::new("plain-oware", "Plain Oware", "0")
        }
        fn config(_: &game_api::Options) -> Result<Config, game_api::GameError> {
            Ok(Config::oware(4))
        }
    }

    /// The most any legal move of the side to move captures, by playing each; `None`
    /// where a move ends the game (the end's share-out is not a capture).
    fn played_best(game: &Mancala<Plain>) -> Option<u32> {
        let me = game.to_move;
        let mut moves: Vec<MoveId> = Vec::new();
        game.legal_moves(&mut moves);
        let mut best = 0;
        for m in moves {
            let mut child = game.clone();
            child.apply_legal(m).unwrap();
            if child.is_over() {
                return None;
            }
            best = best.max((child.board.score(me) - game.board.score(me)) as u32);
        }
        Some(best)
    }

    #[test]
    fn the_count_matches_the_captures_of_every_move_on_long_random_games() {
        let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut checked = 0;
        for _ in 0..200 {
            let mut game = Mancala::<Plain>::new(&game_api::Options::default()).unwrap();
            let threats = Threats::of(&game.config, &game.board).unwrap();
            while !game.is_over() {
                // Must-feed positions restrict the moves; the count does not know it.
                if !game.board.side_empty(game.to_move.other())
                    && let Some(played) = played_best(&game)
                {
                    assert_eq!(
                        threats.best_capture(&game.board, game.to_move),
                        played,
                        "{:?}",
                        game.board.pits
                    );
                    checked += 1;
                }
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                let m = moves[(next() % moves.len() as u64) as usize];
                game.apply_legal(m).unwrap();
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn kalah_has_no_count() {
        let config = Config::kalah(6, 4);
        assert_eq!(Threats::of(&config, &Board::start(&config)), None);
    }
}
