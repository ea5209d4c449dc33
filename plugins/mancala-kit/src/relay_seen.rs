//! The positions a turn's relay sowing has relayed from, so that a relay that comes
//! back to one ends the turn instead of going round for ever.
//!
//! A relay's next steps depend only on the board and the pit it relays from, so the
//! first (board, pit) seen twice is where a never-ending relay is caught. Most turns
//! relay a few times: their keys stay in a short list on the stack; a turn that relays
//! more moves them into a set. The key is a 64-bit mix of the track's counts and the pit
//! (two positions with the same key are taken for the same, as with any hash: at 64
//! bits, not a case a game meets). The track is the pits the sowing goes round: the
//! whole ring on two rows; on four, the mover's own rows, the only pits a turn's relays
//! change.

use std::{
    collections::HashSet,
    hash::{BuildHasherDefault, Hasher},
};

use arrayvec::ArrayVec;

/// The most relays a turn makes: a relay sowing that has relayed this many times
/// without coming back to a position ends the turn as one that came back does (the
/// seeds stay where they were sown, nothing that follows a last seed applies). It
/// bounds the time a move takes, whatever the board: a relay's positions are finite, so
/// it always ends, but on a large board with many seeds only after longer than anyone
/// would sow, or wait for a computer to. No game's sources play a relay this long.
pub const MAX_RELAYS: u32 = 100_000;

/// How many keys the short list holds before the set takes over (four-row games relay
/// dozens of times in a turn).
const FEW: usize = 64;

/// The (board, pit) keys relayed from in one turn.
#[derive(Debug, Default)]
pub(crate) struct RelaySeen {
    few: ArrayVec<u64, FEW>,
    /// Two bits of each key in the short list, by the key's low bits: a key whose two
    /// bits are not both set is new, with no scan of the list.
    bloom: u128,
    many: Option<HashSet<u64, BuildHasherDefault<KeyHasher>>>,
}

impl RelaySeen {
    /// Notes a relay from `pit` with the track's pits holding `track`; false if this
    /// turn relayed from the same pit with the same counts before.
    pub(crate) fn insert(&mut self, track: &[u32], pit: usize) -> bool {
        let key = key(track, pit);
        let bits = (1u128 << (key & 127)) | (1u128 << ((key >> 7) & 127));
        if self.bloom & bits == bits && self.few.contains(&key) {
            return false;
        }
        self.bloom |= bits;
        if let Some(many) = &mut self.many {
            return many.insert(key);
        }
        if self.few.try_push(key).is_err() {
            let mut many = HashSet::with_capacity_and_hasher(4 * FEW, Default::default());
            many.insert(key);
            self.many = Some(many);
        }
        true
    }
}

/// The key of a relay from `pit` with the track holding `track`: the counts and the
/// pit, mixed.
fn key(track: &[u32], pit: usize) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (pit as u64 + 1).wrapping_mul(K);
    for &n in track {
        h = (h.rotate_left(23) ^ u64::from(n)).wrapping_mul(K);
    }
    // The last multiply leaves the low bits weak: fold the high half in.
    h ^ (h >> 29)
}

/// The set's hasher: its keys are already mixed.
#[derive(Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Config};

    #[test]
    fn a_key_seen_again_is_refused_before_and_after_the_set_takes_over() {
        let mut board = Board::start(&Config::kalah(6, 4));
        let mut seen = RelaySeen::default();
        // More positions than the short list holds, each new.
        for i in 0..(3 * FEW) as u32 {
            board.pits[0] = i;
            assert!(seen.insert(&board.pits, 1), "position {i} is new");
        }
        // Each one again: seen, whether in the list or the set.
        for i in 0..(3 * FEW) as u32 {
            board.pits[0] = i;
            assert!(!seen.insert(&board.pits, 1), "position {i} was seen");
        }
        // The same board relayed from another pit is another position.
        assert!(seen.insert(&board.pits, 2));
    }

    #[test]
    fn keys_tell_apart_boards_that_differ_in_one_pit_or_in_the_pit() {
        let board = Board::start(&Config::kalah(6, 4));
        let mut keys = std::collections::HashSet::new();
        for pit in 0..board.pits.len() {
            for n in 0..64 {
                let mut b = board.clone();
                b.pits[pit] = n;
                for from in 0..board.pits.len() {
                    keys.insert((key(&b.pits, from), (pit, n, from)));
                }
            }
        }
        let distinct: std::collections::HashSet<u64> = keys.iter().map(|(k, _)| *k).collect();
        // Every (board, pit) is its own key but those that are the same position
        // (a pit set to the count it already had).
        let positions: std::collections::HashSet<(Vec<u32>, usize)> = keys
            .iter()
            .map(|(_, (pit, n, from))| {
                let mut b = board.pits.to_vec();
                b[*pit] = *n;
                (b, *from)
            })
            .collect();
        assert_eq!(distinct.len(), positions.len());
    }
}
