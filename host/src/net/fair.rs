//! Fair chance: the seed of a game's dice and shuffles, fixed by commit-and-reveal so
//! that no side can choose it.
//!
//! The host draws its half and sends only its commitment (a hash of it) with the offer;
//! each joining side then sends its own half in the clear; the host reveals its half when
//! the game starts, and every side checks it against the commitment. The seed is a hash
//! of all the halves, so it is fixed once the last half is known, and no side saw the
//! others' halves before choosing its own — except the host, which had already committed.
//! Both sides then draw every chance outcome from that seed with the host's one random
//! policy ([`game_api::Rng::chance`]), so a chance outcome never travels and a record
//! replays exactly.

use thiserror::Error;

/// One side's half of the seed: 32 random bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct Nonce([u8; 32]);

impl std::fmt::Debug for Nonce {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Nonce(…)")
    }
}

/// What is wrong with a seed half or a reveal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FairError {
    /// Not 64 hex digits.
    #[error("a seed half must be 64 hex digits, not {0:?}")]
    Malformed(String),
    /// The revealed half does not hash to the commitment.
    #[error("the host's revealed seed half does not match the commitment it made")]
    WrongReveal,
    /// The host's list of halves leaves out this side's own.
    #[error("the host left this side's seed half out of the seed")]
    MissingHalf,
}

impl Nonce {
    /// A fresh half from the system's random source.
    pub fn generate() -> Self {
        let mut bytes = [0; 32];
        // The system's random source does not fail on the systems Tavola runs on; if it
        // ever did, a clock-derived half is still unknown to the other side in advance.
        if getrandom::fill(&mut bytes).is_err() {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            bytes = *blake3::hash(&now.to_le_bytes()).as_bytes();
        }
        Nonce(bytes)
    }

    /// A random 64-bit number from the same source (a bot's seed).
    pub fn generate_u64() -> u64 {
        u64::from_le_bytes(Nonce::generate().0[..8].try_into().expect("8 bytes"))
    }

    /// The half from its hex form.
    pub fn from_hex(hex: &str) -> Result<Self, FairError> {
        let bytes = data_encoding::HEXLOWER_PERMISSIVE
            .decode(hex.as_bytes())
            .ok()
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| FairError::Malformed(hex.chars().take(80).collect()))?;
        Ok(Nonce(bytes))
    }

    /// Its hex form.
    pub fn to_hex(&self) -> String {
        data_encoding::HEXLOWER.encode(&self.0)
    }

    /// The commitment to this half: a keyed hash of it, hex.
    pub fn commitment(&self) -> String {
        let hash = blake3::keyed_hash(&COMMIT_KEY, &self.0);
        hash.to_hex().to_string()
    }

    /// Checks that this half is the one `commitment` was made to.
    pub fn check(&self, commitment: &str) -> Result<(), FairError> {
        if self.commitment() == commitment.to_ascii_lowercase() {
            Ok(())
        } else {
            Err(FairError::WrongReveal)
        }
    }
}

/// The key of the commitment hash (any fixed 32 bytes: it keeps a commitment from being
/// mistaken for any other hash).
const COMMIT_KEY: [u8; 32] = *b"tavola net play commit, version1";

/// The game's seed from the host's half and the joining sides' halves in the order they
/// joined.
///
/// ```
/// use tavola::net::fair::{Nonce, seed};
/// let host = Nonce::generate();
/// let guest = Nonce::generate();
/// assert_eq!(seed(&host, &[guest.clone()]), seed(&host, &[guest.clone()]));
/// assert_ne!(seed(&host, &[guest.clone()]), seed(&guest, &[host.clone()]));
/// ```
pub fn seed(host: &Nonce, guests: &[Nonce]) -> u64 {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"tavola net play seed");
    hasher.update(&host.0);
    for g in guests {
        hasher.update(&g.0);
    }
    let hash = hasher.finalize();
    u64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("8 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reveal_is_checked_against_its_commitment() {
        let a = Nonce::generate();
        let b = Nonce::generate();
        assert_ne!(a, b, "two halves drawn are different");
        assert_eq!(a.check(&a.commitment()), Ok(()));
        assert_eq!(b.check(&a.commitment()), Err(FairError::WrongReveal));
    }

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        let a = Nonce::generate();
        assert_eq!(Nonce::from_hex(&a.to_hex()).unwrap(), a);
        assert!(matches!(
            Nonce::from_hex("12"),
            Err(FairError::Malformed(_))
        ));
        assert!(Nonce::from_hex(&"zz".repeat(32)).is_err());
    }

    #[test]
    fn every_half_changes_the_seed() {
        let h = Nonce::generate();
        let g1 = Nonce::generate();
        let g2 = Nonce::generate();
        let s = seed(&h, &[g1.clone(), g2.clone()]);
        assert_ne!(s, seed(&h, &[g2.clone(), g1.clone()]));
        assert_ne!(s, seed(&h, std::slice::from_ref(&g1)));
    }
}
