//! The position index: every distribution of exactly `n` seeds over the board's houses
//! gets a rank in `0..count(n)`, in lexicographic order (combinatorial number system
//! over "stars and bars").

/// Ranks the distributions of exactly `seeds` seeds over `pits` pits.
#[derive(Debug, Clone)]
pub struct Index {
    pits: usize,
    /// `binom[a][b]` = C(a, b) for every a ≤ max seeds + pits.
    binom: Vec<Vec<u64>>,
}

impl Index {
    /// An index for boards of `pits` pits holding up to `max_seeds` seeds.
    pub fn new(pits: usize, max_seeds: u32) -> Self {
        let top = max_seeds as usize + pits + 1;
        let mut binom = vec![vec![0u64; pits + 2]; top + 1];
        for row in binom.iter_mut() {
            row[0] = 1;
        }
        for a in 1..=top {
            for b in 1..=pits + 1 {
                binom[a][b] = binom[a - 1][b - 1].saturating_add(binom[a - 1][b]);
            }
        }
        Index { pits, binom }
    }

    fn c(&self, a: usize, b: usize) -> u64 {
        self.binom[a][b]
    }

    /// How many distributions of exactly `seeds` seeds there are.
    pub fn count(&self, seeds: u32) -> u64 {
        self.c(seeds as usize + self.pits - 1, self.pits - 1)
    }

    /// The rank of `pits` (which must hold `seeds` seeds in all).
    pub fn rank(&self, pits: &[u32], seeds: u32) -> u64 {
        debug_assert_eq!(pits.len(), self.pits);
        let mut left = seeds as usize;
        let mut rank = 0;
        for (i, &x) in pits[..self.pits - 1].iter().enumerate() {
            let m = self.pits - 1 - i;
            let x = x as usize;
            // Distributions whose pit i holds fewer than x: sum over v < x of
            // C(left - v + m - 1, m - 1) = C(left + m, m) - C(left - x + m, m).
            rank += self.c(left + m, m) - self.c(left - x + m, m);
            left -= x;
        }
        rank
    }

    /// The distribution of rank `rank` among those of `seeds` seeds, written into `out`.
    pub fn unrank(&self, mut rank: u64, seeds: u32, out: &mut [u32]) {
        let mut left = seeds as usize;
        for (i, slot) in out.iter_mut().enumerate().take(self.pits - 1) {
            let m = self.pits - 1 - i;
            let mut x = 0;
            // The block of distributions with pit i = x has C(left - x + m - 1, m - 1)
            // members.
            loop {
                let block = self.c(left - x + m - 1, m - 1);
                if rank < block {
                    break;
                }
                rank -= block;
                x += 1;
            }
            *slot = x as u32;
            left -= x;
        }
        out[self.pits - 1] = left as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn counts_are_stars_and_bars() {
        let index = Index::new(12, 15);
        assert_eq!(index.count(0), 1);
        assert_eq!(index.count(1), 12);
        assert_eq!(index.count(15), 7_726_160);
    }

    #[test]
    fn every_rank_of_a_small_count_round_trips_in_order() {
        let index = Index::new(5, 4);
        let mut pits = [0; 5];
        let mut previous: Option<[u32; 5]> = None;
        for r in 0..index.count(4) {
            index.unrank(r, 4, &mut pits);
            assert_eq!(pits.iter().sum::<u32>(), 4);
            assert_eq!(index.rank(&pits, 4), r);
            if let Some(p) = previous {
                assert!(p < pits, "ranks follow the lexicographic order");
            }
            previous = Some(pits);
        }
    }

    proptest! {
        #[test]
        fn rank_and_unrank_round_trip(pits in proptest::collection::vec(0u32..6, 12)) {
            let seeds: u32 = pits.iter().sum();
            let index = Index::new(12, 72);
            let rank = index.rank(&pits, seeds);
            prop_assert!(rank < index.count(seeds));
            let mut back = vec![0; 12];
            index.unrank(rank, seeds, &mut back);
            prop_assert_eq!(back, pits);
        }
    }
}
