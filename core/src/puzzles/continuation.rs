//! The miner's continuations: a bot continuing a bot game's position to its end, by a
//! policy knowing no game (random moves, or moves emptying the mover's own houses, read
//! from the layout's owners and houses), seeded so the same run plays the same games.

use std::{fmt, str::FromStr};

use game_api::{Rng, Turn};

use super::{Board, MineError, mine::MAX_ACTIONS};
use crate::plugins::GameHandle;

/// How often (one move in this many) the starving policy plays a random move instead of
/// one leaving its own houses the fewest pieces, when no move empties them.
const STARVE_RANDOM_ONE_IN: usize = 4;

/// How the bot continuing a position chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ContinuationPolicy {
    /// A legal move at random.
    #[default]
    Random,
    /// A move after which the mover's own houses are empty when there is one (at random
    /// among them); otherwise, one time in four a random move, else one leaving the
    /// fewest pieces on its own houses (at random among them). A side that empties its
    /// own row leaves the other side to move with the first side's houses empty: where a
    /// game's rules make it feed, a forced feed.
    Starve,
    /// A move after which the mover's own houses hold the most pieces (at random among
    /// them), one time in four a random move: each side keeps its pieces at home and
    /// feeds the other as little as it can, so the side with fewer runs out first and
    /// the other, its houses full, faces an empty row: where a game's rules make it
    /// feed, a forced feed with many pieces to choose from.
    Hoard,
}

impl ContinuationPolicy {
    /// Every policy, in the order they are listed.
    pub const ALL: [ContinuationPolicy; 3] = [
        ContinuationPolicy::Random,
        ContinuationPolicy::Starve,
        ContinuationPolicy::Hoard,
    ];

    /// Its word on the command line.
    pub fn as_str(&self) -> &'static str {
        match self {
            ContinuationPolicy::Random => "random",
            ContinuationPolicy::Starve => "starve",
            ContinuationPolicy::Hoard => "hoard",
        }
    }
}

impl fmt::Display for ContinuationPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A continuation policy's name that is none of [`ContinuationPolicy::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown continuation policy `{name}` (policies: random, starve, hoard)")]
pub struct UnknownPolicy {
    /// The name read.
    pub name: String,
}

impl FromStr for ContinuationPolicy {
    type Err = UnknownPolicy;
    fn from_str(s: &str) -> Result<Self, UnknownPolicy> {
        ContinuationPolicy::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| UnknownPolicy { name: s.to_owned() })
    }
}

/// The index of the move the starving policy plays, given the pieces each legal move
/// leaves on the mover's own houses (`left[i]` after move `i`; at least one move).
pub fn starve_choice(left: &[u32], rng: &mut Rng) -> usize {
    let emptying: Vec<usize> = (0..left.len()).filter(|&i| left[i] == 0).collect();
    if !emptying.is_empty() {
        return emptying[rng.below(emptying.len())];
    }
    if rng.below(STARVE_RANDOM_ONE_IN) == 0 {
        return rng.below(left.len());
    }
    let fewest = left.iter().copied().min().unwrap_or(0);
    let best: Vec<usize> = (0..left.len()).filter(|&i| left[i] == fewest).collect();
    best[rng.below(best.len())]
}

/// The index of the move the hoarding policy plays, given the pieces each legal move
/// leaves on the mover's own houses (`left[i]` after move `i`; at least one move): one
/// time in four a random move, else one leaving the most (at random among them).
pub fn hoard_choice(left: &[u32], rng: &mut Rng) -> usize {
    if rng.below(STARVE_RANDOM_ONE_IN) == 0 {
        return rng.below(left.len());
    }
    let most = left.iter().copied().max().unwrap_or(0);
    let best: Vec<usize> = (0..left.len()).filter(|&i| left[i] == most).collect();
    best[rng.below(best.len())]
}

/// The seed of continuation `k` from the position at index `at` of the game seeded
/// `game_seed` (a fixed mix: the same run plays the same continuations).
pub(super) fn continuation_seed(game_seed: u64, at: usize, k: u32) -> u64 {
    let mut x = game_seed
        ^ (at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(k).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 31;
    x.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The positions (notations, a seat to move) a bot playing `policy` reaches continuing
/// `start` to the game's end, the first move's position excluded (it is the bot game's
/// own).
pub(super) fn continuation(
    start: &GameHandle,
    policy: ContinuationPolicy,
    seed: u64,
) -> Result<Vec<String>, MineError> {
    let mut rng = Rng::with_seed(seed);
    let mut game = start.clone();
    let layout = game.layout()?;
    let board = Board::new(&layout);
    let mut reached = Vec::new();
    for ply in 0..MAX_ACTIONS {
        let mv = match game.turn()? {
            Turn::Over { .. } => break,
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { seat } => {
                if ply > 0 {
                    reached.push(game.notation()?);
                }
                let moves = game.legal_moves()?;
                if moves.is_empty() {
                    break;
                }
                match policy {
                    ContinuationPolicy::Random => moves[rng.below(moves.len())],
                    ContinuationPolicy::Starve | ContinuationPolicy::Hoard => {
                        let mut left = Vec::with_capacity(moves.len());
                        for &m in &moves {
                            let mut after = game.clone();
                            after.apply(m)?;
                            left.push(board.pieces_of(&after.view()?, seat));
                        }
                        let choose = if policy == ContinuationPolicy::Starve {
                            starve_choice
                        } else {
                            hoard_choice
                        };
                        moves[choose(&left, &mut rng)]
                    }
                }
            }
        };
        game.apply(mv)?;
    }
    Ok(reached)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How often each move is chosen over 4,000 seeds.
    fn choices_over_seeds(choose: fn(&[u32], &mut Rng) -> usize, left: &[u32]) -> Vec<usize> {
        let mut counts = vec![0; left.len()];
        for seed in 0..4000 {
            counts[choose(left, &mut Rng::with_seed(seed))] += 1;
        }
        counts
    }

    #[test]
    fn a_move_emptying_its_own_houses_is_always_played() {
        // Move 3 alone leaves the mover's houses empty: whatever the seed, it is played.
        for seed in 0..500 {
            let mut rng = Rng::with_seed(seed);
            assert_eq!(starve_choice(&[4, 1, 7, 0, 2], &mut rng), 3, "seed {seed}");
        }
        // Two such moves: both are played, by the seed.
        let picked: std::collections::BTreeSet<usize> = (0..200)
            .map(|seed| starve_choice(&[0, 5, 0], &mut Rng::with_seed(seed)))
            .collect();
        assert_eq!(picked, [0, 2].into());
    }

    #[test]
    fn otherwise_the_fewest_left_mostly_with_some_randomness() {
        // No move empties the row: the one leaving the fewest (index 1) is played about
        // three times in four and a bit more (the random quarter may pick it too), and
        // every other move sometimes.
        let counts = choices_over_seeds(starve_choice, &[6, 2, 5, 9]);
        assert!(counts[1] > 3000 && counts[1] < 3500, "{counts:?}");
        assert!(counts.iter().all(|&c| c > 100), "{counts:?}");
    }

    #[test]
    fn hoarding_plays_the_move_keeping_the_most_at_home_mostly() {
        // Index 2 keeps the most: played about three times in four and a bit more, every
        // other move sometimes (the random quarter).
        let counts = choices_over_seeds(hoard_choice, &[6, 2, 9, 5]);
        assert!(counts[2] > 3000 && counts[2] < 3500, "{counts:?}");
        assert!(counts.iter().all(|&c| c > 100), "{counts:?}");
        // Ties are broken at random: each of two best moves about half the time, the
        // other only from the random quarter.
        let ties = choices_over_seeds(hoard_choice, &[7, 1, 7]);
        assert!(
            ties[0] > 1500 && ties[2] > 1500 && ties[1] < 500,
            "{ties:?}"
        );
    }

    #[test]
    fn the_same_seed_chooses_the_same_moves() {
        let left = [3, 3, 8, 1, 1, 6];
        let run = |seed| {
            let mut rng = Rng::with_seed(seed);
            (0..64)
                .map(|_| starve_choice(&left, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(11), run(11));
        assert_ne!(run(11), run(12));
    }

    #[test]
    fn policies_read_and_print_their_names() {
        for p in ContinuationPolicy::ALL {
            assert_eq!(p.as_str().parse::<ContinuationPolicy>(), Ok(p));
        }
        assert_eq!(ContinuationPolicy::default(), ContinuationPolicy::Random);
        let e = "hungry".parse::<ContinuationPolicy>().unwrap_err();
        assert!(e.to_string().contains("hungry"), "{e}");
    }
}
