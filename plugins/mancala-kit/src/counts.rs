//! [`Counts`]: the set of seed counts a capture rule takes.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

/// A set of seed counts, from 1 to [`Counts::MAX`]: which counts a capture takes (e.g.
/// 2 or 3 in Oware, 2, 4 or 6 in others, 4 for a sowing capture). A bit set, so a
/// membership test is one instruction.
///
/// Built from a list, a range or a text (`"2,4,6"`, `"2-3"`, `"1-3,5"`), each checked:
/// a count of 0 (an empty house is never captured) or above [`Counts::MAX`] is refused
/// with the reason. Saved as the list of its counts.
///
/// ```
/// use mancala_kit::Counts;
///
/// let evens: Counts = "2,4,6".parse().unwrap();
/// assert!(evens.contains(4) && !evens.contains(3) && !evens.contains(8));
/// assert_eq!(Counts::range(2, 3).unwrap(), "2-3".parse().unwrap());
/// assert_eq!(Counts::of(&[6, 2, 4]).unwrap(), evens);
/// assert_eq!(evens.to_string(), "2,4,6");
/// assert_eq!(Counts::range(1, 3).unwrap().to_string(), "1-3");
///
/// let err = "0,2".parse::<Counts>().unwrap_err();
/// assert_eq!(err.to_string(), "a capture count of 0: counts run from 1 to 127");
/// assert!("2-x".parse::<Counts>().is_err());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<u32>", into = "Vec<u32>")]
pub struct Counts(u128);

/// Why a [`Counts`] could not be made: the offending count or text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountsError {
    /// A count of 0 or above [`Counts::MAX`].
    #[error("a capture count of {0}: counts run from 1 to {max}", max = Counts::MAX)]
    OutOfRange(u64),
    /// A range whose end comes before its start.
    #[error("the range {0}-{1} runs backwards: write the smaller count first")]
    Backwards(u32, u32),
    /// Text that is not a count, a range `a-b` or a comma-separated list of them.
    #[error("`{0}` is not a count or a range of counts (like `4`, `2-3` or `2,4,6`)")]
    Syntax(String),
}

impl Counts {
    /// The largest count a set can hold: beyond the 72 seeds of a 2 × 6 board of six
    /// (Halusa captures any even count of the mover's own, up to the whole game).
    pub const MAX: u32 = 127;

    /// The empty set: nothing is captured.
    pub const NONE: Counts = Counts(0);

    /// The set of `counts` (in any order, repeats allowed).
    pub fn of(counts: &[u32]) -> Result<Counts, CountsError> {
        counts.iter().try_fold(Counts::NONE, |set, &n| set.with(n))
    }

    /// The counts from `min` to `max`, both included.
    pub fn range(min: u32, max: u32) -> Result<Counts, CountsError> {
        if max < min {
            return Err(CountsError::Backwards(min, max));
        }
        Counts::NONE.with(min)?.with(max)?;
        Ok(Counts((min..=max).fold(0, |bits, n| bits | 1u128 << n)))
    }

    /// This set and `n`.
    pub fn with(self, n: u32) -> Result<Counts, CountsError> {
        if n == 0 || n > Counts::MAX {
            return Err(CountsError::OutOfRange(u64::from(n)));
        }
        Ok(Counts(self.0 | 1u128 << n))
    }

    /// Whether `n` is in the set.
    #[inline]
    pub fn contains(self, n: u32) -> bool {
        n <= Counts::MAX && self.0 & (1u128 << n) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The counts, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u32> {
        (1..=Counts::MAX).filter(move |&n| self.contains(n))
    }
}

impl TryFrom<Vec<u32>> for Counts {
    type Error = CountsError;

    fn try_from(counts: Vec<u32>) -> Result<Self, Self::Error> {
        Counts::of(&counts)
    }
}

impl From<Counts> for Vec<u32> {
    fn from(counts: Counts) -> Self {
        counts.iter().collect()
    }
}

impl FromStr for Counts {
    type Err = CountsError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let number = |s: &str| -> Result<u32, CountsError> {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CountsError::Syntax(text.to_owned()));
            }
            // Digits only: an overflow is a count out of range, not a syntax error.
            s.parse::<u64>()
                .map_err(|_| CountsError::OutOfRange(u64::MAX))
                .and_then(|n| {
                    u32::try_from(n)
                        .ok()
                        .filter(|&n| n <= Counts::MAX)
                        .ok_or(CountsError::OutOfRange(n))
                })
        };
        let mut set = Counts::NONE;
        for part in text.split(',') {
            let add = match part.split_once('-') {
                Some((a, b)) => Counts::range(number(a)?, number(b)?)?,
                None => Counts::NONE.with(number(part)?)?,
            };
            set.0 |= add.0;
        }
        Ok(set)
    }
}

/// Counts in a row written as a range (`2-4`), others listed (`2,4,6`).
impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        let mut counts = self.iter().peekable();
        while let Some(start) = counts.next() {
            let mut end = start;
            while counts.peek() == Some(&(end + 1)) {
                end += 1;
                counts.next();
            }
            parts.push(if end == start {
                start.to_string()
            } else {
                format!("{start}-{end}")
            });
        }
        write!(f, "{}", parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_parse_write_and_refuse_with_reasons() {
        let set: Counts = "1-3,5, 7".parse().unwrap();
        assert_eq!(set.iter().collect::<Vec<_>>(), [1, 2, 3, 5, 7]);
        assert_eq!(set.to_string(), "1-3,5,7");
        assert_eq!(set.to_string().parse::<Counts>().unwrap(), set);
        assert_eq!(
            "128".parse::<Counts>().unwrap_err(),
            CountsError::OutOfRange(128)
        );
        assert_eq!(
            "99999999999".parse::<Counts>().unwrap_err(),
            CountsError::OutOfRange(99_999_999_999)
        );
        assert_eq!(
            "3-2".parse::<Counts>().unwrap_err(),
            CountsError::Backwards(3, 2)
        );
        for bad in ["", ",", "-", "a", "2,,3", "-1", "1-2-3", "+4"] {
            assert!(
                matches!(bad.parse::<Counts>(), Err(CountsError::Syntax(_))),
                "{bad}"
            );
        }
        assert!(!Counts::NONE.contains(0) && !set.contains(128) && !set.contains(u32::MAX));
        assert!(Counts::NONE.is_empty() && Counts::NONE.to_string().is_empty());
    }

    #[test]
    fn counts_reach_past_63_for_every_even_count_of_72_seeds() {
        // Halusa: any even count of the mover's own house, and the game has 72 seeds.
        let text = (1..=36)
            .map(|k| (2 * k).to_string())
            .collect::<Vec<_>>()
            .join(",");
        let evens: Counts = text.parse().unwrap();
        assert!(evens.contains(62) && evens.contains(64) && evens.contains(72));
        assert!(!evens.contains(63) && !evens.contains(73) && !evens.contains(74));
        assert_eq!(evens.iter().count(), 36);
        assert_eq!(evens.to_string(), text);
        let top = Counts::range(120, 127).unwrap();
        assert!(top.contains(127) && !top.contains(119));
        assert_eq!(top.to_string(), "120-127");
    }

    #[test]
    fn counts_save_as_a_list_and_refuse_bad_lists() {
        let set = Counts::of(&[2, 4, 6]).unwrap();
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, "[2,4,6]");
        assert_eq!(serde_json::from_str::<Counts>(&json).unwrap(), set);
        let err = serde_json::from_str::<Counts>("[0]")
            .unwrap_err()
            .to_string();
        assert!(err.contains("a capture count of 0"), "{err}");
    }
}
