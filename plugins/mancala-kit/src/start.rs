//! Uneven starts: the seeds each house holds at the start, when they differ from house
//! to house ([`Config::start`](crate::Config::start)).

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The seeds in each of a side's houses at the start, house 1 first (in the side's
/// sowing order, as the notation numbers them); both sides start alike. Cheap to copy:
/// the counts are shared, so a game copied at every node of a search copies a pointer.
///
/// ```
/// use mancala_kit::{Config, Start};
/// // Pallanguzhi's traditional start: 12 in each cup but the middle one, which has 2.
/// let config = Config {
///     start: Some(Start::new(vec![12, 12, 12, 2, 12, 12, 12])),
///     ..Config::base(7, 12)
/// };
/// assert_eq!(config.total_seeds(), 2 * 74);
/// assert_eq!(config.start_seeds(3), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Start(Arc<[u32]>);

impl Start {
    /// The start with `counts[i]` seeds in house `i + 1` of each side.
    pub fn new(counts: Vec<u32>) -> Self {
        Start(counts.into())
    }

    /// The counts, house 1 first.
    pub fn counts(&self) -> &[u32] {
        &self.0
    }

    /// The seeds a side's houses hold at the start, all together.
    pub fn per_side(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl Serialize for Start {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Start {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<u32>::deserialize(deserializer).map(Start::new)
    }
}
