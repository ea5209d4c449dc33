//! The record of positions for the cycle rule ([`Config::cycle_ends_game`]).
//!
//! [`Config::cycle_ends_game`]: crate::Config::cycle_ends_game

use arrayvec::ArrayVec;
use game_api::search::mix;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Board, Side, board::MAX_PITS};

/// The positions seen since seeds were last banked, by key ([`History::key`]).
///
/// Beside the keys it keeps a 64-bit summary (one bit per value of a key's top six
/// bits), so that the usual answer — not seen — comes without a scan of the record: the
/// scan's length changes from move to move, and a loop of unpredictable length costs a
/// mispredicted branch on every move of a playout.
///
/// ```
/// use mancala_kit::{Board, Config, History, Side};
/// let board = Board::start(&Config::oware(4));
/// let mut history = History::default();
/// let key = History::key(&board, Side::South);
/// assert!(!history.seen_before(key));
/// assert!(history.seen_before(key));
/// assert_ne!(key, History::key(&board, Side::North));
/// ```
///
/// The first 16 keys are kept in the record itself, the rest on the heap: a
/// search copies the position at every node, and most records (the positions since the
/// last capture) are short, so that copy allocates nothing.
///
/// Recorded with [`History::seen_before_split`], it also keeps the range of the
/// positions' *splits* (the seeds on South's row minus North's: what each side would
/// take if the game ended there by a repetition) for the endgame tables' bounds
/// ([`History::earlier_splits`]): two comparisons a position, no list.
#[derive(Debug)]
pub struct History {
    inline: ArrayVec<u64, INLINE>,
    spilled: Vec<u64>,
    summary: u64,
    /// The sum of the keys, each spread over all bits ([`History::fingerprint`]).
    fingerprint: u64,
    splits: Splits,
}

/// The splits of the recorded positions: their range before the last one, the last
/// one's, and how many positions were recorded with theirs (a record made with
/// [`History::seen_before`] alone knows no split).
#[derive(Debug, Clone, Copy)]
struct Splits {
    /// The least and the greatest split of the positions before the last (`MAX`, `MIN`:
    /// none).
    earlier: (i32, i32),
    /// The last position's split, as a range of one (`MAX`, `MIN`: none yet), so that
    /// folding it into `earlier` needs no branch.
    last: (i32, i32),
    /// The positions recorded with their split.
    count: u32,
}

impl Splits {
    const NONE: Splits = Splits {
        earlier: (i32::MAX, i32::MIN),
        last: (i32::MAX, i32::MIN),
        count: 0,
    };
}

impl Default for History {
    fn default() -> Self {
        History {
            inline: ArrayVec::new(),
            spilled: Vec::new(),
            summary: 0,
            fingerprint: 0,
            splits: Splits::NONE,
        }
    }
}

/// The splits of the positions recorded before the last one ([`History::earlier_splits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EarlierSplits {
    /// No position before the last one.
    Nothing,
    /// The least and the greatest split (South's row minus North's) among them.
    Range(i32, i32),
    /// Some position was recorded without its split ([`History::seen_before`], or a
    /// record read back from a save): nothing is known.
    Unknown,
}

/// The keys a [`History`] keeps without a heap allocation.
const INLINE: usize = 16;

impl Clone for History {
    /// The inline keys in one block move (see [`Board`]'s copy).
    #[inline]
    fn clone(&self) -> Self {
        let mut inline = ArrayVec::new();
        // Never fails: the copy has the capacity of the original.
        let _ = inline.try_extend_from_slice(&self.inline);
        History {
            inline,
            spilled: self.spilled.clone(),
            summary: self.summary,
            fingerprint: self.fingerprint,
            splits: self.splits,
        }
    }
}

impl History {
    /// The key of a position: the houses, the scores and the side to move, each number
    /// times its own odd constant, summed. The products do not wait on each other (a
    /// chained hash such as FNV waits on every step), and the constants are fixed, so
    /// the key is the same in every build.
    pub fn key(board: &Board, to_move: Side) -> u64 {
        let term = |n: u32, i: usize| u64::from(n).wrapping_mul(KEY_FACTORS[i]);
        let mut key = term(u32::from(to_move.seat()), MAX_PITS)
            .wrapping_add(term(board.captured[0], MAX_PITS + 1))
            .wrapping_add(term(board.captured[1], MAX_PITS + 2));
        for (&n, &k) in board.pits.iter().zip(&KEY_FACTORS) {
            key = key.wrapping_add(u64::from(n).wrapping_mul(k));
        }
        key
    }

    /// [`History::key`] of a board whose pits past its ring of `L` are empty (every
    /// board without mandarin squares): the same number from the ring alone, which a
    /// playout compiled for the ring's length computes in a third of the products.
    ///
    /// ```
    /// use mancala_kit::{Board, Config, History, Side};
    /// let board = Board::start(&Config::oware(4));
    /// let ring: &[u32; 12] = board.pits[..12].try_into().unwrap();
    /// assert_eq!(
    ///     History::ring_key(ring, board.captured, Side::North),
    ///     History::key(&board, Side::North)
    /// );
    /// ```
    #[inline(always)]
    pub fn ring_key<const L: usize>(pits: &[u32; L], captured: [u32; 2], to_move: Side) -> u64 {
        let term = |n: u32, i: usize| u64::from(n).wrapping_mul(KEY_FACTORS[i]);
        let mut key = term(u32::from(to_move.seat()), MAX_PITS)
            .wrapping_add(term(captured[0], MAX_PITS + 1))
            .wrapping_add(term(captured[1], MAX_PITS + 2));
        for (&n, &k) in pits.iter().zip(&KEY_FACTORS[..L]) {
            key = key.wrapping_add(u64::from(n).wrapping_mul(k));
        }
        key
    }

    /// Whether `key` is in the record; records it if not.
    #[inline]
    pub fn seen_before(&mut self, key: u64) -> bool {
        let bit = summary_bit(key);
        if self.summary & bit != 0 && self.keys().any(|k| k == key) {
            return true;
        }
        self.summary |= bit;
        self.push(key);
        false
    }

    /// [`History::seen_before`], keeping the position's `split` (the seeds on South's row
    /// minus North's) when it is recorded, for [`History::earlier_splits`].
    ///
    /// ```
    /// use mancala_kit::{EarlierSplits, History};
    /// let mut history = History::default();
    /// assert!(!history.seen_before_split(1, 4));
    /// assert_eq!(history.earlier_splits(), EarlierSplits::Nothing);
    /// assert!(!history.seen_before_split(2, -2));
    /// assert!(!history.seen_before_split(3, 6));
    /// assert!(history.seen_before_split(1, 4));
    /// // The last position (3) is not among the earlier ones.
    /// assert_eq!(history.earlier_splits(), EarlierSplits::Range(-2, 4));
    /// ```
    #[inline]
    pub fn seen_before_split(&mut self, key: u64, split: i32) -> bool {
        if self.seen_before(key) {
            return true;
        }
        let s = &mut self.splits;
        s.earlier = (s.earlier.0.min(s.last.0), s.earlier.1.max(s.last.1));
        s.last = (split, split);
        s.count += 1;
        false
    }

    /// The range of the splits of the positions recorded before the last one (the
    /// current position's): the positions whose repetition would end the game without
    /// the current one's own future repeating itself. Known only when every position
    /// was recorded with [`History::seen_before_split`].
    pub fn earlier_splits(&self) -> EarlierSplits {
        let s = &self.splits;
        if s.count as usize != self.len() {
            EarlierSplits::Unknown
        } else if s.earlier.0 > s.earlier.1 {
            EarlierSplits::Nothing
        } else {
            EarlierSplits::Range(s.earlier.0, s.earlier.1)
        }
    }

    /// A hash of the set of positions recorded (the same set gives the same value,
    /// whatever the order), 0 for none: the search engine's transposition table tells
    /// apart positions whose futures differ because a different record makes different
    /// moves repeat a position ([`crate::Mancala`]'s `state_hash` adds it).
    #[inline]
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    #[inline]
    fn push(&mut self, key: u64) {
        self.fingerprint = self.fingerprint.wrapping_add(mix(key));
        if let Err(full) = self.inline.try_push(key) {
            self.spilled.push(full.element());
        }
    }

    /// The keys, oldest first.
    fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.inline.iter().chain(&self.spilled).copied()
    }

    /// Forgets every position.
    #[inline]
    pub fn clear(&mut self) {
        self.inline.clear();
        self.spilled.clear();
        self.summary = 0;
        self.fingerprint = 0;
        self.splits = Splits::NONE;
    }

    /// Makes room for `n` more positions without reallocating.
    pub fn reserve(&mut self, n: usize) {
        self.spilled
            .reserve(n.saturating_sub(INLINE - self.inline.len()));
    }

    /// The positions recorded.
    #[inline]
    pub fn len(&self) -> usize {
        self.inline.len() + self.spilled.len()
    }

    /// Whether no position is recorded.
    pub fn is_empty(&self) -> bool {
        self.inline.is_empty()
    }
}

#[inline]
fn summary_bit(key: u64) -> u64 {
    1 << (key >> 58)
}

impl PartialEq for History {
    fn eq(&self, other: &Self) -> bool {
        self.inline == other.inline && self.spilled == other.spilled
    }
}

impl Eq for History {}

impl Serialize for History {
    /// The keys, as a list (the summary follows from them).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.keys())
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let keys = Vec::<u64>::deserialize(deserializer)?;
        let mut history = History::default();
        for key in keys {
            history.summary |= summary_bit(key);
            history.push(key);
        }
        Ok(history)
    }
}

/// One odd 64-bit factor per number of a position (the ring's pits, the side to move,
/// the two scores) for [`History::key`]: splitmix64 of the number's index.
const KEY_FACTORS: [u64; MAX_PITS + 3] = {
    let mut factors = [0; MAX_PITS + 3];
    let mut i = 0;
    while i < factors.len() {
        let mut z = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        factors[i] = (z ^ (z >> 31)) | 1;
        i += 1;
    }
    factors
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_record_still_finds_its_positions() {
        let mut history = History::default();
        for key in [1u64 << 63, 42, u64::MAX, 7 << 58] {
            assert!(!history.seen_before(key));
        }
        let json = serde_json::to_string(&history).unwrap();
        let mut back: History = serde_json::from_str(&json).unwrap();
        assert_eq!(back, history);
        assert_eq!(back.fingerprint(), history.fingerprint());
        for key in [1u64 << 63, 42, u64::MAX, 7 << 58] {
            assert!(back.seen_before(key), "{key:#x}");
        }
        assert!(!back.seen_before(43));
        assert_ne!(back.fingerprint(), history.fingerprint());
        // Past the keys kept inline, on the heap: found all the same, saved in order.
        let many: Vec<u64> = (100..100 + 3 * INLINE as u64).collect();
        for &key in &many {
            assert!(!back.seen_before(key));
        }
        assert_eq!(back.len(), 5 + many.len());
        assert!(many.iter().all(|&k| back.seen_before(k)));
        let json = serde_json::to_string(&back).unwrap();
        assert!(
            json.ends_with(&format!(
                "43,{}]",
                many.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            )),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<History>(&json).unwrap(), back);
        assert_eq!(
            serde_json::from_str::<History>(&json)
                .unwrap()
                .fingerprint(),
            back.fingerprint()
        );
        // The fingerprint is the set's: the same keys in another order give the same.
        let mut reversed = History::default();
        for &key in many.iter().rev() {
            assert!(!reversed.seen_before(key));
        }
        let mut forward = History::default();
        for &key in &many {
            assert!(!forward.seen_before(key));
        }
        assert_eq!(reversed.fingerprint(), forward.fingerprint());
        assert_eq!(forward.clone().fingerprint(), forward.fingerprint());
        back.clear();
        assert_eq!(back.fingerprint(), 0);
        assert!(back.is_empty() && !back.seen_before(42));
    }
}
