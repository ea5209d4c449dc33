use serde::{Deserialize, Serialize};

/// The rules of a mancala variant, as data.
///
/// ```
/// let kalah = mancala_kit::Config::kalah(6, 4);
/// assert_eq!(kalah.total_seeds(), 48);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Houses per side.
    pub houses: usize,
    /// Seeds per house at the start.
    pub seeds: u32,
    /// Whether each player's store is a pit of the ring that receives seeds while sowing
    /// (Kalah, Congkak), or captured seeds are only kept aside (Oware).
    pub stores_in_ring: bool,
    /// Sowing never drops a seed in the opponent's store.
    pub skip_opponent_store: bool,
    /// Sowing never drops a seed in the house it started from (Oware's 12+ seeds).
    pub skip_origin: bool,
    /// The last seed in one's own store gives another move.
    pub extra_turn_in_own_store: bool,
    /// What the last seed captures.
    pub capture: Capture,
}

impl Config {
    /// Kalah with `houses` houses and `seeds` seeds per house: stores in the ring, the
    /// opponent's store skipped, extra turns, the opposite capture.
    pub fn kalah(houses: usize, seeds: u32) -> Self {
        Config {
            houses,
            seeds,
            stores_in_ring: true,
            skip_opponent_store: true,
            skip_origin: false,
            extra_turn_in_own_store: true,
            capture: Capture::Opposite {
                empty_opposite: EmptyOpposite::NoCapture,
            },
        }
    }

    /// All seeds on the board at the start.
    pub fn total_seeds(&self) -> u32 {
        2 * self.houses as u32 * self.seeds
    }
}

/// What the last seed of a sowing captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Capture {
    /// Nothing is ever captured.
    None,
    /// The last seed lands in one of the mover's own houses that was empty: the seeds of
    /// the opposite house and the last seed go to the mover's store.
    Opposite {
        /// What happens when the opposite house is empty.
        empty_opposite: EmptyOpposite,
    },
}

/// The opposite capture when the opposite house is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EmptyOpposite {
    /// Nothing is captured; the last seed stays.
    NoCapture,
    /// The last seed alone goes to the store.
    CaptureLast,
}
