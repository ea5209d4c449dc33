//! The transposition table: a fixed number of buckets of four entries, within a memory
//! budget, replacing by depth and age.
//!
//! The table is allocated once at its full size and never grows. An entry keeps a 46-bit
//! check of the position's hash, mixed apart from the bits that chose its bucket, to tell
//! positions apart within a bucket, so that two positions are taken for one about once in
//! 10¹³ probes of a full bucket whatever the table's size (32 bits gave once in 10⁹, met
//! in a long solve), the best move, the score and its bound, the depth it was searched
//! to (when solving: the logarithm of the work it took) and the search it was written
//! in. A full bucket gives up its entry of the least value: from an older search first,
//! then the shallowest. Its entries only save work: a table that is too small makes the
//! search slower, never wrong.

use crate::MoveId;

/// What a stored score says of the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

/// One position's entry, as [`Table::probe`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The score, for the seat to move there.
    pub score: i32,
    /// What the score says of the true value.
    pub bound: Bound,
    /// The depth searched (when solving: how much work the entry took, as a logarithm).
    pub depth: u8,
    /// The best (or refuting) move found, if any.
    pub best: Option<MoveId>,
}

/// The slot as stored: 16 bytes, packed into two words so that a new table is one
/// zeroed allocation (the system hands out zeroed pages lazily: a large table costs
/// memory only as it fills). The first word holds the check's low 32 bits and the best
/// move; the second the score, the depth, the bound (2 bits), the age and the check's
/// high 14 bits.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    /// [`CHECK_BITS`] bits of a second mix of the hash ([`locate_in`]).
    check: u64,
    best: u32,
    score: i32,
    depth: u8,
    /// 1 exact, 2 lower, 3 upper; 0 marks an empty slot.
    bound: u8,
    age: u8,
}

/// The bits of the mixed hash an entry keeps to recognise its position.
const CHECK_BITS: u32 = 46;
const CHECK_MASK: u64 = (1 << CHECK_BITS) - 1;

impl Slot {
    fn pack(self) -> [u64; 2] {
        [
            (self.check & 0xFFFF_FFFF) | u64::from(self.best) << 32,
            u64::from(self.score as u32)
                | u64::from(self.depth) << 32
                | u64::from(self.bound & 3) << 40
                | u64::from(self.age) << 42
                | (self.check >> 32) << 50,
        ]
    }

    fn unpack([a, b]: [u64; 2]) -> Slot {
        Slot {
            check: (a & 0xFFFF_FFFF) | (b >> 50) << 32,
            best: (a >> 32) as u32,
            score: b as u32 as i32,
            depth: (b >> 32) as u8,
            bound: ((b >> 40) & 3) as u8,
            age: (b >> 42) as u8,
        }
    }
}

const WAYS: usize = 4;

/// Where the position with this hash goes in a table of `buckets` buckets: its bucket's
/// first slot, from the high bits of the mixed hash, and its check, from a second mix of
/// it, so that the check's bits are not the ones that chose the bucket (in a table of
/// more than 2¹⁸ buckets the mixed hash's low 46 bits would share some with them).
#[inline]
fn locate_in(hash: u64, buckets: usize) -> (usize, u64) {
    let h = mix(hash);
    let bucket = ((u128::from(h) * buckets as u128) >> 64) as usize;
    (bucket * WAYS, mix(h ^ CHECK_SALT) & CHECK_MASK)
}

/// Sets the second mix apart from the first.
const CHECK_SALT: u64 = 0x9e37_79b9_7f4a_7c15;
const NO_MOVE: u32 = u32::MAX;

/// The number of bytes one entry takes.
pub const ENTRY_BYTES: usize = 16;

/// A fixed-size transposition table.
#[derive(Debug, Clone)]
pub struct Table {
    /// Two words per slot, the buckets from `base` on (64-byte aligned: one bucket, one
    /// cache line).
    words: Vec<u64>,
    base: usize,
    buckets: usize,
    age: u8,
    used: usize,
}

/// Spreads a hash over all bits (the splitmix64 finaliser): the project's one hash
/// mixer (the engine's table, the mancala kit's record of positions).
///
/// ```
/// use game_api::search::mix;
/// assert_ne!(mix(1), mix(2));
/// assert_eq!(mix(0), 0);
/// ```
#[inline]
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket of four entries).
    pub fn with_bytes(bytes: usize) -> Self {
        let buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        // A bucket's worth of words more, to start the first bucket on a cache line.
        let words = vec![0u64; 2 * buckets * WAYS + 2 * WAYS];
        let base = words
            .as_ptr()
            .align_offset(ENTRY_BYTES * WAYS)
            .min(2 * WAYS);
        Table {
            words,
            base,
            buckets,
            age: 0,
            used: 0,
        }
    }

    /// A table of at most `mib` mebibytes.
    pub fn with_mib(mib: u32) -> Self {
        Self::with_bytes((mib as usize) << 20)
    }

    /// The memory the table takes, in bytes.
    pub fn bytes(&self) -> usize {
        self.capacity() * ENTRY_BYTES
    }

    /// How many entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets * WAYS
    }

    /// How many entries hold a position.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Starts a new search: entries written before it are replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        if self.used > 0 {
            self.words.fill(0);
        }
        self.used = 0;
    }

    fn bucket(&self, b: usize) -> [Slot; WAYS] {
        let w = &self.words[self.base + 2 * b..self.base + 2 * (b + WAYS)];
        std::array::from_fn(|i| Slot::unpack([w[2 * i], w[2 * i + 1]]))
    }

    fn put(&mut self, b: usize, way: usize, slot: Slot) {
        let [x, y] = slot.pack();
        let i = self.base + 2 * (b + way);
        self.words[i] = x;
        self.words[i + 1] = y;
    }

    fn locate(&self, hash: u64) -> (usize, u64) {
        locate_in(hash, self.buckets)
    }

    /// Starts loading the bucket of the position with this hash into the cache, for a
    /// [`Table::probe`] soon after.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let (b, _) = self.locate(hash);
        let line = &self.words[self.base + 2 * b];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint: it reads nothing into the program and cannot
        // fault, and SSE (which has it) is part of every x86-64 processor.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(line).cast());
        }
        // Elsewhere a load whose value nothing waits for.
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(*line);
    }

    /// The entry of the position with this hash, if the table holds it.
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let (b, check) = self.locate(hash);
        self.probe_at(b, check)
    }

    /// The entry of bucket `b` (its first slot's index) whose check is `check`.
    fn probe_at(&self, b: usize, check: u64) -> Option<Entry> {
        let bucket = self.bucket(b);
        let s = bucket.iter().find(|s| s.bound != 0 && s.check == check)?;
        Some(Entry {
            score: s.score,
            bound: match s.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            depth: s.depth,
            best: (s.best != NO_MOVE).then_some(MoveId(s.best)),
        })
    }

    /// Stores what a search found of the position with this hash.
    pub fn store(&mut self, hash: u64, entry: Entry) {
        let (b, check) = self.locate(hash);
        self.store_at(b, check, entry);
    }

    /// Stores `entry` in bucket `b` (its first slot's index) under `check`.
    fn store_at(&mut self, b: usize, check: u64, entry: Entry) {
        let age = self.age;
        let mut slot = Slot {
            check,
            best: entry.best.map_or(NO_MOVE, |m| m.0),
            score: entry.score,
            depth: entry.depth,
            bound: match entry.bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age,
        };
        let bucket = self.bucket(b);
        if let Some(way) = bucket.iter().position(|s| s.bound != 0 && s.check == check) {
            // The same position: a shallower result replaces a deeper one only if
            // the deeper is from an older search or the new one is exact.
            let s = bucket[way];
            if entry.depth >= s.depth || slot.bound == 1 || s.age != age {
                if slot.best == NO_MOVE {
                    slot.best = s.best;
                }
                self.put(b, way, slot);
            }
            return;
        }
        if let Some(way) = bucket.iter().position(|s| s.bound == 0) {
            self.put(b, way, slot);
            self.used += 1;
            return;
        }
        let worth = |s: &Slot| i32::from(s.depth) + if s.age == age { 256 } else { 0 };
        if let Some((way, _)) = bucket.iter().enumerate().min_by_key(|(_, s)| worth(s)) {
            self.put(b, way, slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: u8) -> Entry {
        Entry {
            score,
            bound: Bound::Exact,
            depth,
            best: Some(MoveId(score as u32 % 7)),
        }
    }

    #[test]
    fn the_table_keeps_within_its_budget_and_reads_back() {
        let mut t = Table::with_mib(1);
        assert!(t.bytes() <= 1 << 20 && t.bytes() > (1 << 20) - 64);
        assert_eq!(ENTRY_BYTES, 16);
        for k in 0..2_000u64 {
            t.store(k, entry(k as i32, (k % 20) as u8));
        }
        assert!(t.used() <= t.capacity());
        for k in 0..2_000u64 {
            assert_eq!(t.probe(k), Some(entry(k as i32, (k % 20) as u8)));
        }
        assert_eq!(t.probe(123_456_789), None);
    }

    #[test]
    fn a_slot_packs_and_unpacks_every_field_whole() {
        let slot = Slot {
            check: CHECK_MASK,
            best: NO_MOVE - 1,
            score: -1_000_007,
            depth: 255,
            bound: 3,
            age: 255,
        };
        let back = Slot::unpack(slot.pack());
        assert_eq!(
            (
                back.check, back.best, back.score, back.depth, back.bound, back.age
            ),
            (CHECK_MASK, NO_MOVE - 1, -1_000_007, 255, 3, 255)
        );
        let low = Slot {
            check: 1 << 40 | 1,
            ..slot
        };
        assert_eq!(Slot::unpack(low.pack()).check, 1 << 40 | 1);
    }

    /// The inverse of [`mix`] (the splitmix64 finaliser undone), to make hashes whose
    /// mixed value is chosen.
    fn unmix(mut x: u64) -> u64 {
        x ^= x >> 31 ^ x >> 62;
        x = x.wrapping_mul(0x3196_42b2_d24d_8ec3);
        x ^= x >> 27 ^ x >> 54;
        x = x.wrapping_mul(0x96de_1b17_3f11_9089);
        x ^ x >> 30 ^ x >> 60
    }

    #[test]
    fn within_one_bucket_of_a_huge_table_the_checks_use_all_their_bits() {
        // 2³⁰ buckets (a 64 GiB table, only computed): the bucket takes the mixed hash's
        // top 30 bits. Hashes whose mixed values share them share a bucket; their checks
        // must still differ in their high bits (taken from the mixed hash's own low 46
        // bits, they would differ in 2 of those 14 bits only).
        assert_eq!(unmix(mix(0x1234_5678_9abc_def0)), 0x1234_5678_9abc_def0);
        let buckets = 1usize << 30;
        let top = 0x2345_6789u64 << 34;
        let mut highs = std::collections::HashSet::new();
        for r in 0..2000u64 {
            let hash = unmix(top | r.wrapping_mul(0x0000_0002_c2b2_ae3d) & ((1 << 34) - 1));
            let (bucket, check) = locate_in(hash, buckets);
            assert_eq!(bucket, (top >> 34) as usize * WAYS);
            assert!(check <= CHECK_MASK);
            highs.insert(check >> 32);
        }
        assert!(highs.len() > 1500, "{} high parts", highs.len());
    }

    #[test]
    fn positions_alike_in_the_low_32_bits_of_their_check_are_told_apart() {
        // Two positions of one bucket whose checks differ only above bit 32: the old
        // 32-bit check took one for the other.
        let mut t = Table::with_bytes(64);
        let check = 0x1234_5678_9abd_u64 & CHECK_MASK;
        t.store_at(0, check, entry(5, 3));
        assert_eq!(t.probe_at(0, check), Some(entry(5, 3)));
        assert_eq!(t.probe_at(0, check ^ 1 << 40), None);
        assert_eq!(t.probe_at(0, check ^ 1 << 45), None);
        // Storing the other keeps both.
        t.store_at(0, check ^ 1 << 40, entry(7, 2));
        assert_eq!(t.probe_at(0, check), Some(entry(5, 3)));
        assert_eq!(t.probe_at(0, check ^ 1 << 40), Some(entry(7, 2)));
    }

    #[test]
    fn buckets_start_on_cache_lines_and_a_prefetch_changes_nothing() {
        for bytes in [64, 1000, 4096, 1 << 20] {
            let mut t = Table::with_bytes(bytes);
            let first = t.words[t.base..].as_ptr() as usize;
            assert_eq!(first % 64, 0, "{bytes} bytes");
            assert!(t.base + 2 * t.capacity() <= t.words.len());
            for k in 0..500u64 {
                t.prefetch(k);
                t.store(k, entry(k as i32, 3));
            }
            let last = (0..500u64).rev().find(|&k| t.probe(k).is_some());
            assert!(last.is_some(), "{bytes} bytes keep something");
            t.prefetch(12_345);
            assert_eq!(t.probe(12_345), None);
        }
    }

    #[test]
    fn a_full_table_keeps_the_deep_entries_of_this_search() {
        let mut t = Table::with_bytes(64 * 16);
        for k in 0..100_000u64 {
            t.store(k, entry(1, if k % 10 == 0 { 30 } else { 1 }));
        }
        assert_eq!(t.used(), t.capacity());
        let deep = (0..100_000u64)
            .filter(|&k| t.probe(k).is_some_and(|e| e.depth == 30))
            .count();
        assert!(deep * 2 > t.capacity(), "{deep} deep entries kept");
        // A new search: old entries give way even to shallow new ones.
        t.new_search();
        for k in 200_000..200_000 + 10_000u64 {
            t.store(k, entry(2, 1));
        }
        let new = (200_000..210_000u64)
            .filter(|&k| t.probe(k).is_some())
            .count();
        assert!(new * 10 > t.capacity() * 9, "{new} new entries");
    }
}
