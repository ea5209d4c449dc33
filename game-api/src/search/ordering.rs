//! Move ordering: the table's move, then the game's hints (e.g. captures), then the
//! killer moves of the ply, then by history (how often a move refuted a position).

use crate::MoveId;

/// History counters per seat and move id (ids folded into this many slots).
const HISTORY_SLOTS: usize = 1024;
/// Killer moves kept per ply.
const KILLERS: usize = 2;

/// What the engine has learnt about moves during a search.
#[derive(Debug, Clone)]
pub struct Ordering {
    killers: Vec<[Option<MoveId>; KILLERS]>,
    history: Vec<u32>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: Vec::new(),
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }
}

fn slot(seat: u8, mv: MoveId) -> usize {
    usize::from(seat & 1) * HISTORY_SLOTS + (mv.0 as usize % HISTORY_SLOTS)
}

impl Ordering {
    /// Starts a new search: killers are forgotten, history fades.
    pub fn new_search(&mut self) {
        self.killers.clear();
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    /// Records that `mv` refuted a position at `ply` searched to `depth`.
    pub fn cutoff(&mut self, seat: u8, ply: usize, mv: MoveId, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; KILLERS]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[slot(seat, mv)];
        *h = h.saturating_add(depth.saturating_mul(depth).max(1));
        if *h > 1 << 30 {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// How often `mv` refuted a position of `seat` (weighted by depth), for ordering.
    pub fn history_of(&self, seat: u8, mv: MoveId) -> u32 {
        self.history[slot(seat, mv)]
    }

    /// Sorts `moves` best first: `first` (the table's move), then by the game's `hint`,
    /// killers, history. `keys` is scratch space.
    pub fn sort(
        &self,
        seat: u8,
        ply: usize,
        first: Option<MoveId>,
        moves: &mut [MoveId],
        keys: &mut Vec<(i64, MoveId)>,
        hint: impl Fn(MoveId) -> i32,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; KILLERS]);
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            let key = if Some(mv) == first {
                i64::MAX
            } else {
                let killer = match killers {
                    [Some(k), _] if k == mv => 2,
                    [_, Some(k)] if k == mv => 1,
                    _ => 0,
                };
                (i64::from(hint(mv)) << 34)
                    + (killer << 32)
                    + i64::from(self.history[slot(seat, mv)])
            };
            (key, mv)
        }));
        keys.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (m, (_, mv)) in moves.iter_mut().zip(keys.iter()) {
            *m = *mv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_move_then_hints_then_killers_then_history() {
        let mut o = Ordering::default();
        o.cutoff(0, 3, MoveId(5), 4);
        o.cutoff(0, 9, MoveId(2), 10);
        let mut moves: Vec<MoveId> = (0..8).map(MoveId).collect();
        let mut keys = Vec::new();
        let hint = |m: MoveId| i32::from(m.0 == 6);
        o.sort(0, 3, Some(MoveId(1)), &mut moves, &mut keys, hint);
        assert_eq!(&moves[..4], &[MoveId(1), MoveId(6), MoveId(5), MoveId(2)]);
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(sorted, (0..8).map(MoveId).collect::<Vec<_>>());
    }
}
