//! `tavola net verify RECORD`: shows, from a network game's record alone, that each
//! throw was fair — every reveal is the next link of its player's chain back to the
//! commitment the player gave before the game started, and every chance outcome of the
//! record is the one those reveals draw ([`super::fair`]).
//!
//! The game is played again in a (sandboxed) worker to know the outcomes each chance
//! event offered; nothing of the other side's is trusted but what the chains prove.

use game_api::Turn;
use thiserror::Error;

use super::fair::{Throw, next_link, throw_rng};
use tavola_core::{record::Record, worker::RemoteGame};

/// One throw of the record, as checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedThrow {
    /// The action's number in the game (from 1).
    pub number: u32,
    /// The throw's index among all the throws made (from 1; a throw taken back counts).
    pub throw: u32,
    /// The outcome's notation.
    pub outcome: String,
}

/// Why a record does not show its throws fair.
#[derive(Debug, Clone, Error)]
pub enum VerifyError {
    /// Not a record of a network game, or of one before the throws had chains.
    #[error("{0}")]
    NotVerifiable(String),
    /// A reveal that is not the next link of its player's chain.
    #[error("throw {throw}: {reason}")]
    Chain {
        /// The throw's index.
        throw: u32,
        /// What is wrong.
        reason: String,
    },
    /// A chance outcome of the record that its throw does not draw.
    #[error(
        "move {number}: the record has the outcome {recorded}, but its throw (throw {throw}) draws {drawn}"
    )]
    Outcome {
        /// The action's number.
        number: u32,
        /// The throw's index.
        throw: u32,
        /// What the record holds.
        recorded: String,
        /// What the reveals draw.
        drawn: String,
    },
    /// A chance outcome of the record with no throw.
    #[error("move {0}: a chance outcome that no throw of the record made")]
    NoThrow(u32),
    /// The worker (the plugin) failed.
    #[error("the game's plugin failed: {0}")]
    Worker(String),
}

/// Checks every chain of `record`'s network section (each reveal hashes to the one
/// before, back to the commitment).
pub fn check_chains(commits: &[String], throws: &[Throw]) -> Result<(), VerifyError> {
    let mut last = commits.to_vec();
    for (i, t) in throws.iter().enumerate() {
        let k = i as u32 + 1;
        if t.reveals.len() != commits.len() {
            return Err(VerifyError::Chain {
                throw: k,
                reason: format!(
                    "{} contributions for {} seats",
                    t.reveals.len(),
                    commits.len()
                ),
            });
        }
        for (seat, r) in t.reveals.iter().enumerate() {
            next_link(&last[seat], r, seat as u8, k).map_err(|e| VerifyError::Chain {
                throw: k,
                reason: e.to_string(),
            })?;
        }
        last.clone_from(&t.reveals);
    }
    Ok(())
}

/// Verifies `record` with its game held by `worker`: its chains, then every chance
/// outcome against the throw made at its action (the last made there: one taken back
/// was made again). Returns each throw of the game as checked.
pub fn verify(record: &Record, worker: &mut RemoteGame) -> Result<Vec<CheckedThrow>, VerifyError> {
    let net = record
        .net
        .as_ref()
        .ok_or_else(|| VerifyError::NotVerifiable("not the record of a network game".into()))?;
    if net.commits.is_empty() {
        return Err(VerifyError::NotVerifiable(
            "a record of network play version 1: its throws came from one seed, revealed at \
             the start (its halves are `host_nonce` and `guest_nonces`)"
                .into(),
        ));
    }
    check_chains(&net.commits, &net.throws)?;
    let plugin = worker.plugin().clone();
    let options = game_api::Options::resolve(&plugin.manifest().options, &record.options)
        .map_err(|e| VerifyError::Worker(e.to_string()))?;
    let worker_error = |e: tavola_core::worker::WorkerError| VerifyError::Worker(e.to_string());
    let mut snapshot = worker
        .start(&options, record.start.as_deref(), &[])
        .map_err(worker_error)?;
    let mut checked = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        let number = i as u32 + 1;
        if let Turn::Chance { outcomes } = &snapshot.turn {
            let at = net
                .throws
                .iter()
                .rposition(|t| t.number == number)
                .ok_or(VerifyError::NoThrow(number))?;
            let throw = at as u32 + 1;
            let mut rng = throw_rng(number, throw, &net.throws[at].reveals);
            let drawn = outcomes[rng.chance(outcomes)].mv;
            let notation = snapshot
                .moves
                .iter()
                .find(|i| i.id == drawn)
                .map_or_else(|| format!("#{}", drawn.0), |i| i.notation.clone());
            if drawn.0 != m.id {
                return Err(VerifyError::Outcome {
                    number,
                    throw,
                    recorded: m.notation.clone(),
                    drawn: notation,
                });
            }
            checked.push(CheckedThrow {
                number,
                throw,
                outcome: notation,
            });
        }
        let (_, next) = worker.play(m.id).map_err(worker_error)?;
        snapshot = next;
    }
    Ok(checked)
}
