//! The referee of what another side sends: every check of an incoming move, catch-up,
//! clock claim and flag, in one place (the network `Referee` of the table's rework
//! takes this module over as it is).
//!
//! The stance is the one every peer-to-peer game protocol takes: **the other side is
//! untrusted**. Whatever message carries a move — a live move, the catch-up of a
//! welcome after a reconnection, a resumed game — the move is checked as a live one:
//!
//! - **its seat** is held by its sender: a side never records a move for its own seat
//!   that it did not play itself ([`catch_up`]), and the host takes from a guest only
//!   moves for that guest's seat;
//! - **its number** is the game's next, **its notation** is legal in this side's own
//!   worker, and the position it reaches has the sender's hash ([`move_shape`], then the
//!   table);
//! - **its clock claim** is one this side saw happen ([`clock_claim`]): each side times
//!   the other's moves on its own monotonic clock, and a claim is accepted only within
//!   [`LATENCY_ALLOWANCE_MS`] plus the link's measured round trip of that measurement,
//!   too long *or* (in a game with clocks, where claims are recorded) too short. Moves
//!   caught up after an absence were not seen one by one: together they may claim at
//!   most the time that passed since this side last saw the game ([`catch_up`]); their
//!   claims cannot be checked from below (the time this side was away is not its to
//!   see).
//!
//! An ending is accepted only when this side can verify it: a resignation or a flag of
//! the sender's own seat, or a flag that this side's own clock shows ([`flag`]); an early
//! or forged flag is refused and reported.
//!
//! The other checks of what a peer sends live beside what they guard, and go with this
//! module into the `Referee`: a contribution to a throw (`throws.rs`: the throw due, the
//! sender's seat, the next link of its chain), a question (`side.rs`: from the player to
//! move, once a turn), the handshake (`host_events.rs`: the protocol version, the seat's
//! secret, a commitment's form, a join within 15 s), and every text made printable as a
//! message is read (`message.rs`).

use std::time::{Duration, Instant};

use thiserror::Error;

use super::{message::NetMove, table::Table};

/// What the referee refuses of what another side sent, and why (nothing of it is played
/// or recorded).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    /// A move's clock claim longer than the time this side saw pass.
    #[error(
        "the mover says it thought for {claim_ms} ms, but only {most} ms passed on this side's clock (allowance {allowance_ms} ms)"
    )]
    ClaimTooLong {
        /// The time claimed.
        claim_ms: u64,
        /// The most this side saw pass.
        most: u64,
        /// The allowance.
        allowance_ms: u64,
    },
    /// A move's clock claim shorter than the time this side saw pass (games with clocks).
    #[error(
        "the mover says it thought for {claim_ms} ms, but {least} ms passed on this side's clock (allowance {allowance_ms} ms)"
    )]
    ClaimTooShort {
        /// The time claimed.
        claim_ms: u64,
        /// The least this side saw pass.
        least: u64,
        /// The allowance.
        allowance_ms: u64,
    },
    /// A move that is not the game's next.
    #[error("a move numbered {number}, but the game is at move {expected}")]
    Number {
        /// The move's number.
        number: u32,
        /// The game's next.
        expected: u32,
    },
    /// A move for a seat that is not to move.
    #[error("a move for seat {seat} when seat {to_move} is to move")]
    Seat {
        /// The move's seat.
        seat: u8,
        /// The seat to move.
        to_move: u8,
    },
    /// A move when no seat is to move (a chance event, the game over).
    #[error("a move ({0}) when no seat is to move")]
    NoSeatToMove(String),
    /// A move not legal here.
    #[error("`{notation}` is not a legal move here (legal: {legal})")]
    Illegal {
        /// The move's notation (cut to 40 characters).
        notation: String,
        /// The first legal moves, comma separated.
        legal: String,
    },
    /// A catch-up's move that differs from the one this side has.
    #[error("the host's move {number} is {theirs}, this side's record has {ours}")]
    OtherMove {
        /// The move's number.
        number: u32,
        /// The host's notation (cut to 40 characters).
        theirs: String,
        /// This side's.
        ours: String,
    },
    /// A catch-up that gives a move twice or out of order.
    #[error("the host's catch-up repeats move {0}")]
    Repeated(u32),
    /// A catch-up's move for this side's own seat, which it never played.
    #[error(
        "the host's catch-up holds move {number} ({notation}) for this side's own seat {seat}, which this side never played"
    )]
    NotOurs {
        /// The move's number.
        number: u32,
        /// Its notation (cut to 40 characters).
        notation: String,
        /// This side's seat.
        seat: u8,
    },
    /// A catch-up claiming more time than passed.
    #[error(
        "the host's catch-up says its {moves} moves took {claimed} ms, but only {passed} ms passed on this side's clock"
    )]
    CatchUpTime {
        /// The catch-up's new moves.
        moves: usize,
        /// The time they claim together.
        claimed: u64,
        /// The time this side saw pass.
        passed: u64,
    },
    /// A catch-up that leaves out a move the host sent itself.
    #[error("the host's catch-up leaves out move {number} ({notation}), which it sent itself")]
    LeftOut {
        /// The move's number.
        number: u32,
        /// Its notation.
        notation: String,
    },
    /// A flag for a seat not to move.
    #[error("a flag for seat {0}, which is not to move: its time has not run out")]
    FlagNotToMove(u8),
    /// A flag in a game without clocks.
    #[error("a flag for seat {0} in a game without clocks: its time has not run out")]
    FlagNoClocks(u8),
    /// A flag for a seat whose time has not run out.
    #[error(
        "a flag for seat {seat}, but its time has not run out: by this side's clock it has used {used} of its {left} ms"
    )]
    FlagEarly {
        /// The seat.
        seat: u8,
        /// The time it used of its turn.
        used: u64,
        /// The time it had left.
        left: u64,
    },
}

/// The most a move's clock claim may differ from what the receiver measured, beyond the
/// link's round trip: the time a message takes to cross, and the time the mover's side
/// takes to play and save the move before its clock starts (2 s).
pub const LATENCY_ALLOWANCE_MS: u64 = 2000;

/// The allowance of a measurement over a link whose round trip is `rtt`.
pub(super) fn allowance(rtt: Duration) -> u64 {
    LATENCY_ALLOWANCE_MS + u64::try_from(rtt.as_millis()).unwrap_or(u64::MAX / 2)
}

/// What this side saw of the turn of the seat to move: since when, at the earliest and
/// at the latest, the turn may have started (the same instant but after an absence, when
/// this side could not see when the turn began).
#[derive(Debug, Clone, Copy)]
pub(super) struct TurnSeen {
    /// The earliest the turn may have started: what bounds a claim from above.
    pub earliest: Instant,
    /// The latest the turn may have started: what bounds a claim from below.
    pub latest: Instant,
}

/// Checks a live move's clock claim against what this side measured of the turn.
///
/// ```text
/// measured(latest) − allowance  ≤  claim  ≤  measured(earliest) + allowance
/// ```
///
/// The lower bound is checked only when `clocked` (the game has clocks).
pub(super) fn clock_claim(
    claim_ms: u64,
    seen: TurnSeen,
    allowance_ms: u64,
    clocked: bool,
) -> Result<(), Refusal> {
    let most = ms(seen.earliest.elapsed());
    let least = ms(seen.latest.elapsed());
    if claim_ms > most.saturating_add(allowance_ms) {
        return Err(Refusal::ClaimTooLong {
            claim_ms,
            most,
            allowance_ms,
        });
    }
    if clocked && claim_ms.saturating_add(allowance_ms) < least {
        return Err(Refusal::ClaimTooShort {
            claim_ms,
            least,
            allowance_ms,
        });
    }
    Ok(())
}

/// A peer's text cut to 40 characters, for a refusal.
fn cut(text: &str) -> String {
    text.chars().take(40).collect()
}

/// Milliseconds of a duration.
pub(super) fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX / 2)
}

/// Checks that `m` is the game's next action, for the seat to move, and legal here;
/// returns the move's id and its notation as this side's worker writes it.
pub(super) fn move_shape(table: &Table, m: &NetMove) -> Result<(u32, String), Refusal> {
    let expected = table.next_number();
    if m.number != expected {
        return Err(Refusal::Number {
            number: m.number,
            expected,
        });
    }
    match table.seat_to_move() {
        Some(seat) if seat == m.seat => {}
        Some(seat) => {
            return Err(Refusal::Seat {
                seat: m.seat,
                to_move: seat,
            });
        }
        None => return Err(Refusal::NoSeatToMove(cut(&m.notation))),
    }
    let Some(info) = table
        .snapshot
        .moves
        .iter()
        .find(|i| i.notation == m.notation)
    else {
        let legal: Vec<&str> = table
            .snapshot
            .moves
            .iter()
            .take(12)
            .map(|i| i.notation.as_str())
            .collect();
        return Err(Refusal::Illegal {
            notation: cut(&m.notation),
            legal: legal.join(", "),
        });
    };
    Ok((info.id.0, info.notation.clone()))
}

/// What a catch-up (a welcome's moves, after this side came back) asks of this side.
#[derive(Debug, Default)]
pub(super) struct CatchUp {
    /// The moves this side does not have yet, in order, each to be checked as it is
    /// played ([`move_shape`], the position hash).
    pub new: Vec<NetMove>,
    /// Where this side's record goes further than the sender's: the number of the first
    /// move to drop (always a move of this side's own seat that the sender never
    /// received).
    pub drop_from: Option<u32>,
}

/// Checks a catch-up from the host: the moves this side has must be the same; the new
/// ones are never for this side's own seat `own`, and together claim no more time than
/// this side saw pass since it last saw the game (`since`, none: a first join, no time
/// seen); the host's record may be shorter than this side's only by this side's own
/// last move (which the host never received).
pub(super) fn catch_up(
    table: &Table,
    own: Option<u8>,
    moves: &[NetMove],
    since: Option<(Instant, u64)>,
) -> Result<CatchUp, Refusal> {
    let mut plan = CatchUp::default();
    for m in moves {
        if let Some(ours) = table.net_moves.iter().find(|n| n.number == m.number) {
            if ours.notation == m.notation && ours.position == m.position && ours.seat == m.seat {
                continue;
            }
            return Err(Refusal::OtherMove {
                number: m.number,
                theirs: cut(&m.notation),
                ours: ours.notation.clone(),
            });
        }
        if plan.new.last().is_some_and(|l| l.number >= m.number) {
            return Err(Refusal::Repeated(m.number));
        }
        if own == Some(m.seat) {
            return Err(Refusal::NotOurs {
                number: m.number,
                notation: cut(&m.notation),
                seat: m.seat,
            });
        }
        plan.new.push(m.clone());
    }
    if let Some((seen, allowance_ms)) = since {
        let claimed: u64 = plan
            .new
            .iter()
            .fold(0u64, |sum, m| sum.saturating_add(m.spent_ms));
        let passed = ms(seen.elapsed());
        let most = passed.saturating_add(allowance_ms.saturating_mul(plan.new.len() as u64 + 1));
        if claimed > most {
            return Err(Refusal::CatchUpTime {
                moves: plan.new.len(),
                claimed,
                passed,
            });
        }
    }
    let theirs = moves.last().map_or(0, |m| m.number);
    if plan.new.is_empty()
        && let Some(extra) = table.net_moves.iter().find(|n| n.number > theirs)
    {
        if own != Some(extra.seat) {
            return Err(Refusal::LeftOut {
                number: extra.number,
                notation: extra.notation.clone(),
            });
        }
        plan.drop_from = Some(extra.number);
    }
    Ok(plan)
}

/// Checks a flag (`seat`'s time ran out) from another side: accepted when the sender
/// holds `seat` (`senders_own`: it says it lost), or when this side's own clock shows
/// that `seat`, to move, has used all its time.
pub(super) fn flag(table: &Table, seat: u8, senders_own: bool) -> Result<(), Refusal> {
    if senders_own {
        return Ok(());
    }
    if table.seat_to_move() != Some(seat) {
        return Err(Refusal::FlagNotToMove(seat));
    }
    let Some(left) = table
        .time_left()
        .and_then(|l| l.get(usize::from(seat)).copied())
    else {
        return Err(Refusal::FlagNoClocks(seat));
    };
    let used = ms(table.turn_started.elapsed());
    if used <= left {
        return Err(Refusal::FlagEarly { seat, used, left });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(earliest_ago: u64, latest_ago: u64) -> TurnSeen {
        let now = Instant::now();
        TurnSeen {
            earliest: now - Duration::from_millis(earliest_ago),
            latest: now - Duration::from_millis(latest_ago),
        }
    }

    #[test]
    fn a_claim_is_accepted_only_within_the_allowance_both_ways() {
        // Five seconds seen: a claim of 4.5 s is true, 0 and 9 s are not.
        assert!(clock_claim(4_500, seen(5_000, 5_000), 2_000, true).is_ok());
        assert!(clock_claim(5_900, seen(5_000, 5_000), 2_000, true).is_ok());
        let low = clock_claim(0, seen(5_000, 5_000), 2_000, true)
            .unwrap_err()
            .to_string();
        assert!(low.contains("ms passed on this side's clock"), "{low}");
        // Without clocks a short claim is recorded nowhere: not checked.
        assert!(clock_claim(0, seen(5_000, 5_000), 2_000, false).is_ok());
        let high = clock_claim(9_000, seen(5_000, 5_000), 2_000, true)
            .unwrap_err()
            .to_string();
        assert!(high.contains("only"), "{high}");
        // After an absence the turn began between 60 s and 1 s ago: 30 s is possible.
        assert!(clock_claim(30_000, seen(60_000, 1_000), 2_000, true).is_ok());
    }

    #[test]
    fn the_allowance_is_two_seconds_and_the_round_trip() {
        assert_eq!(allowance(Duration::from_millis(35)), 2_035);
    }
}
