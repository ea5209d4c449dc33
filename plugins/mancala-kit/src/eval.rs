//! The kit's evaluation for search: what a position is worth to the side to move, in
//! hundredths of a seed ([`game_api::search::EVAL_SCALE`]), from cheap features of the
//! board. It is the default of [`Variant::evaluate`].
//!
//! The features, each counted for the side to move minus the same for the opponent:
//!
//! | feature | what it counts | why |
//! |---|---|---|
//! | `material` | the score (seeds banked or captured) | the final margin is made of it |
//! | `side` | seeds in one's own houses | most end rules give them to their owner |
//! | `mobility` | houses one can play | few moves mean forced moves |
//! | `weak` | the *opponent's* houses of 1–2 seeds (targets for capture by counts) | capturable next |
//! | `big` | houses holding a full lap of seeds or more (12+ in Oware) | a kroo that captures on the way round |
//! | `empty` | one's own empty houses | landing squares for captures opposite |
//!
//! Two weight sets: one for games that capture by counts (Oware and its kin), one for
//! games that capture opposite (Kalah and its kin); the others use the second. The
//! weights are hand-set first values; each is measured by a self-play match of the
//! full set against the same set without it (`cargo run --release -p oware --example
//! tune_oware`, `-p kalah --example tune_kalah`); the figures, and which weights have
//! not yet shown a gain, are in `docs/benchmarks/search-engine.md`.

use std::{
    cell::Cell,
    sync::atomic::{AtomicUsize, Ordering},
};

use crate::{Capture, Mancala, Side, Variant};

/// The weights of the features, in hundredths of a seed per unit (see the module's
/// table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Per seed of score.
    pub material: i32,
    /// Per seed in one's own houses.
    pub side: i32,
    /// Per playable house.
    pub mobility: i32,
    /// Per opponent house of 1–2 seeds.
    pub weak: i32,
    /// Per house holding a full lap of seeds.
    pub big: i32,
    /// Per empty house of one's own.
    pub empty: i32,
}

impl Weights {
    /// The weights for games that capture by counts (Oware).
    pub const COUNTS: Weights = Weights {
        material: 100,
        side: 0,
        mobility: 0,
        weak: 100,
        big: 100,
        empty: -150,
    };

    /// The weights for games that capture opposite (Kalah) and the others.
    pub const OPPOSITE: Weights = Weights {
        material: 100,
        side: 25,
        mobility: 5,
        weak: 0,
        big: 0,
        empty: 15,
    };

    /// Only the score: the plain store difference.
    pub const MATERIAL_ONLY: Weights = Weights {
        material: 100,
        side: 0,
        mobility: 0,
        weak: 0,
        big: 0,
        empty: 0,
    };

    /// The default weights for a game with these captures.
    pub fn for_capture(capture: &Capture) -> Weights {
        match capture {
            Capture::Backward { .. } | Capture::Even => Weights::COUNTS,
            _ => Weights::OPPOSITE,
        }
    }

    /// The names of the features, in the order of [`Weights::get`].
    pub const NAMES: [&'static str; 6] = ["material", "side", "mobility", "weak", "big", "empty"];

    /// The weight of feature `i` (see [`Weights::NAMES`]).
    pub fn get(&self, i: usize) -> i32 {
        [
            self.material,
            self.side,
            self.mobility,
            self.weak,
            self.big,
            self.empty,
        ]
        .get(i)
        .copied()
        .unwrap_or(0)
    }

    /// These weights with feature `i` set to `value`.
    pub fn with(mut self, i: usize, value: i32) -> Weights {
        match i {
            0 => self.material = value,
            1 => self.side = value,
            2 => self.mobility = value,
            3 => self.weak = value,
            4 => self.big = value,
            5 => self.empty = value,
            _ => {}
        }
        self
    }
}

thread_local! {
    /// Weights that replace the defaults on this thread (for tuning matches).
    static OVERRIDE: Cell<Option<Weights>> = const { Cell::new(None) };
}

/// How many threads are inside [`with_weights`]: while none is, [`evaluate`] takes the
/// default weights without looking at the thread's override (in a plugin library a
/// thread-local costs a call into the dynamic loader, at every evaluation).
static OVERRIDING: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` with `weights` in place of the default weights on this thread (the
/// self-play tuning plays both sides on one thread, switching weights each move).
pub fn with_weights<T>(weights: Option<Weights>, f: impl FnOnce() -> T) -> T {
    /// Restores the weights before and the count of overriding threads, even when `f`
    /// panics.
    struct Restore(Option<Weights>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OVERRIDE.with(|o| o.set(self.0));
            OVERRIDING.fetch_sub(1, Ordering::SeqCst);
        }
    }
    OVERRIDING.fetch_add(1, Ordering::SeqCst);
    let _restore = Restore(OVERRIDE.with(|o| o.replace(weights)));
    f()
}

/// The features of `side` minus those of the other side, in the order of
/// [`Weights::NAMES`].
pub fn features<V: Variant>(game: &Mancala<V>, side: Side) -> [i32; 6] {
    let b = &game.board;
    let lap = (b.ring_len() as u32).saturating_sub(1).max(1);
    let mut f = [0i32; 6];
    for (s, sign) in [(side, 1), (side.other(), -1)] {
        f[0] += sign * b.score(s) as i32;
        f[1] += sign * b.seeds_on_side(s) as i32;
        f[2] += sign * b.playable_mask(s).count_ones() as i32;
        let mut weak = 0;
        let mut big = 0;
        let mut empty = 0;
        for i in 0..b.houses {
            match b.pits[b.house(s, i)] {
                0 => empty += 1,
                1 | 2 => weak += 1,
                n if n >= lap => big += 1,
                _ => {}
            }
        }
        // Weak houses are the opponent's: they count for the other side.
        f[3] -= sign * weak;
        f[4] += sign * big;
        f[5] += sign * empty;
    }
    f
}

/// The default evaluation (see the module): the weighted features for the side to move.
pub fn evaluate<V: Variant>(game: &Mancala<V>) -> i32 {
    let overridden = if OVERRIDING.load(Ordering::Relaxed) > 0 {
        OVERRIDE.with(Cell::get)
    } else {
        None
    };
    let weights = overridden.unwrap_or_else(|| Weights::for_capture(&game.config.capture));
    let f = features(game, game.to_move);
    (0..6).map(|i| weights.get(i) * f[i]).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_features_are_antisymmetric() {
        let f = |w: &Weights| w.get(0);
        assert_eq!(f(&Weights::COUNTS), 100);
        assert_eq!(Weights::OPPOSITE.with(1, 7).side, 7);
        assert_eq!(Weights::NAMES.len(), 6);
    }
}
