/// The seeded random number generator shared by plugins and host.
///
/// Plugins and the host must draw the same numbers from the same seed, so that a plugin's
/// fast playout and the host's move-by-move playout of the same seed give the same game.
/// That is why the generator lives in the contract, and why [`Rng::below`] and
/// [`Rng::chance`] are the only ways random games choose.
///
/// ```
/// let mut a = game_api::Rng::with_seed(7);
/// let mut b = game_api::Rng::with_seed(7);
/// assert_eq!(a.below(10), b.below(10));
/// ```
#[derive(Debug, Clone)]
pub struct Rng(fastrand::Rng);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn with_seed(seed: u64) -> Self {
        Rng(fastrand::Rng::with_seed(seed))
    }

    /// A uniformly random index in `0..n`. `n` must be at least 1.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        self.0.usize(..n)
    }

    /// A random 64-bit number (e.g. to seed another generator).
    #[inline]
    pub fn u64(&mut self) -> u64 {
        self.0.u64(..)
    }

    /// A uniformly random float in `[0, 1)`.
    pub fn f64(&mut self) -> f64 {
        self.0.f64()
    }

    /// Picks one chance outcome by its exact probability and returns its index.
    ///
    /// Draws one number in `0..denominator` over the common denominator of the
    /// probabilities, so that exact probabilities are sampled exactly.
    pub fn chance(&mut self, outcomes: &[crate::ChanceOutcome]) -> usize {
        let den = outcomes
            .iter()
            .fold(1u64, |acc, o| lcm(acc, u64::from(o.probability.den.max(1))));
        let mut ticket = self.0.u64(..den);
        for (i, o) in outcomes.iter().enumerate() {
            let share = u64::from(o.probability.num) * (den / u64::from(o.probability.den.max(1)));
            if ticket < share {
                return i;
            }
            ticket -= share;
        }
        outcomes.len().saturating_sub(1)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}
