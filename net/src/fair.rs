//! Fair chance: every throw of the dice (every chance outcome) made from contributions
//! of every player, each committed to before the game starts and revealed only when its
//! throw is due, so that no side can choose a throw and **no throw is knowable before it
//! is due**.
//!
//! The scheme is a hash chain per player (the equivalent of a commit-and-reveal per
//! throw, with one commitment for the whole game):
//!
//! - Each player draws a secret `s₀` and hashes it [`CHAIN_LENGTH`] times with a keyed
//!   hash `H`: `sᵢ₊₁ = H(sᵢ)`. Its **commitment** is the chain's head `s_L` — given
//!   before the game starts (the host's in its offer, a guest's with its join), so every
//!   player is bound before any reveal.
//! - For the game's `k`-th throw each player **reveals** `s_{L−k}`: anyone checks it with
//!   one hash, `H(s_{L−k}) = s_{L−k+1}` (the previous reveal, or the head); it cannot
//!   be another value (that would be a second preimage of `H`), and nobody can work it
//!   out before it is revealed (that would be a preimage of the last one).
//! - The throw's outcome is drawn from a hash of the action's number, the throw's index
//!   and every player's reveal in seat order ([`throw_rng`]), with the host's one random
//!   policy ([`game_api::Rng::chance`]): so a chance outcome never travels, and a record
//!   that keeps the commitments and the reveals shows each throw fair
//!   (`tavola net verify`).
//!
//! Every side sends its reveal as soon as the throw is due, without waiting for the
//! others'. The last to reveal does see the throw first, and could walk away from a bad
//! one: a player who does not reveal within the reconnect window loses by forfeit. A
//! reveal that does not hash to the player's last value, a second different one for a
//! throw, one for a throw not due, or one for a seat the sender does not hold is a
//! protocol fault. A takeback does not re-roll: the next throw takes the next link of
//! every chain, and a resumed game keeps the throws it had (the record holds them).

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
    /// A reveal that is not the next link of its player's chain.
    #[error(
        "seat {seat}'s contribution to throw {throw} does not match its commitment (it is not the next link of its chain)"
    )]
    NotInChain {
        /// The seat whose contribution it is.
        seat: u8,
        /// The throw's index (from 1).
        throw: u32,
    },
    /// More throws than a chain has links.
    #[error("the game has used all {CHAIN_LENGTH} throws its commitments allow")]
    ChainEnd,
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

pub use tavola_core::record::network::Throw;

/// How many throws one commitment covers (a long Storks' Migration game has some 300).
pub const CHAIN_LENGTH: u32 = 8192;

/// The key of the chain hash.
const CHAIN_KEY: [u8; 32] = *b"tavola net play throws, version2";

/// One link of a chain from the one before it.
fn step(value: &[u8; 32]) -> [u8; 32] {
    *blake3::keyed_hash(&CHAIN_KEY, value).as_bytes()
}

/// 32 bytes from hex, or what is wrong.
fn bytes_of(hex: &str) -> Option<[u8; 32]> {
    data_encoding::HEXLOWER_PERMISSIVE
        .decode(hex.as_bytes())
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
}

/// This side's chain of secrets (see the module): its head is its commitment, its links
/// from the head down are its reveals.
#[derive(Clone)]
pub struct Chain {
    /// Every link, `s₀` first and the head last.
    links: Vec<[u8; 32]>,
}

impl std::fmt::Debug for Chain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Chain(…)")
    }
}

impl Chain {
    /// A new chain from a fresh secret.
    pub fn generate() -> Self {
        Chain::from_secret(Nonce::generate().0)
    }

    /// The chain of secret `s₀`.
    fn from_secret(secret: [u8; 32]) -> Self {
        let mut links = Vec::with_capacity(CHAIN_LENGTH as usize + 1);
        links.push(secret);
        for i in 0..CHAIN_LENGTH as usize {
            let next = step(&links[i]);
            links.push(next);
        }
        Chain { links }
    }

    /// The chain of a secret saved in hex ([`Chain::secret`]).
    pub fn from_hex(hex: &str) -> Result<Self, FairError> {
        bytes_of(hex)
            .map(Chain::from_secret)
            .ok_or_else(|| FairError::Malformed(hex.chars().take(80).collect()))
    }

    /// The secret `s₀`, hex: kept in the record while the game goes on (to come back
    /// after a crash), never sent.
    pub fn secret(&self) -> String {
        data_encoding::HEXLOWER.encode(&self.links[0])
    }

    /// The commitment: the chain's head, hex.
    pub fn head(&self) -> String {
        data_encoding::HEXLOWER.encode(&self.links[CHAIN_LENGTH as usize])
    }

    /// The reveal of throw `throw` (from 1), hex.
    pub fn reveal(&self, throw: u32) -> Result<String, FairError> {
        let at = CHAIN_LENGTH.checked_sub(throw).filter(|_| throw >= 1);
        at.map(|i| data_encoding::HEXLOWER.encode(&self.links[i as usize]))
            .ok_or(FairError::ChainEnd)
    }
}

/// Checks that `reveal` is the link of `seat`'s chain that comes after `last` (its head,
/// or its reveal of the throw before), for throw `throw`.
///
/// ```
/// use tavola_net::fair::{Chain, next_link};
/// let chain = Chain::generate();
/// let first = chain.reveal(1).unwrap();
/// assert!(next_link(&chain.head(), &first, 0, 1).is_ok());
/// assert!(next_link(&first, &chain.reveal(2).unwrap(), 0, 2).is_ok());
/// // Not the next link: refused (a player cannot skip or choose a reveal).
/// assert!(next_link(&chain.head(), &chain.reveal(2).unwrap(), 0, 1).is_err());
/// ```
pub fn next_link(last: &str, reveal: &str, seat: u8, throw: u32) -> Result<(), FairError> {
    let wrong = FairError::NotInChain { seat, throw };
    let (Some(last), Some(reveal)) = (bytes_of(last), bytes_of(reveal)) else {
        return Err(wrong);
    };
    if step(&reveal) == last {
        Ok(())
    } else {
        Err(wrong)
    }
}

/// Whether `hex` has the form of a commitment or a reveal (64 hex digits).
pub fn well_formed(hex: &str) -> bool {
    bytes_of(hex).is_some()
}

/// The generator of throw `throw` (from 1), the game's action `number`, from every
/// player's reveal for it in seat order.
pub fn throw_rng(number: u32, throw: u32, reveals: &[String]) -> game_api::Rng {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"tavola net play throw");
    hasher.update(&number.to_le_bytes());
    hasher.update(&throw.to_le_bytes());
    for r in reveals {
        hasher.update(&bytes_of(r).unwrap_or_default());
    }
    let hash = hasher.finalize();
    game_api::Rng::with_seed(u64::from_le_bytes(
        hash.as_bytes()[..8].try_into().expect("8 bytes"),
    ))
}

/// A number shown for the game's chance at its start (the record's `seed`): a hash of
/// every player's commitment. It fixes no throw: each is made from the reveals.
pub fn commitments_seed(heads: &[String]) -> u64 {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"tavola net play commitments");
    for h in heads {
        hasher.update(h.as_bytes());
    }
    u64::from_le_bytes(
        hasher.finalize().as_bytes()[..8]
            .try_into()
            .expect("8 bytes"),
    )
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
    fn a_chain_reveals_link_by_link_and_each_reveal_changes_the_throw() {
        let a = Chain::generate();
        let b = Chain::generate();
        let again = Chain::from_hex(&a.secret()).unwrap();
        assert_eq!(again.head(), a.head());
        let mut last = a.head();
        for k in 1..=5 {
            let r = a.reveal(k).unwrap();
            assert!(next_link(&last, &r, 0, k).is_ok());
            assert!(next_link(&last, &b.reveal(k).unwrap(), 0, k).is_err());
            last = r;
        }
        assert_eq!(a.reveal(0), Err(FairError::ChainEnd));
        assert_eq!(a.reveal(CHAIN_LENGTH + 1), Err(FairError::ChainEnd));
        let both = [a.reveal(1).unwrap(), b.reveal(1).unwrap()];
        let other = [a.reveal(1).unwrap(), b.reveal(2).unwrap()];
        assert_ne!(throw_rng(3, 1, &both).u64(), throw_rng(3, 1, &other).u64());
        assert_ne!(throw_rng(3, 1, &both).u64(), throw_rng(4, 1, &both).u64());
    }
}
