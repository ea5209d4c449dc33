//! A table's throws in a network game (the scheme is [`super::fair`]'s): every seat's
//! commitment and last checked link, the throws made, and the contributions to the
//! throw now due — each checked as it arrives, so that nothing but a fair throw is ever
//! played.

use std::time::{Duration, Instant};

use thiserror::Error;

use super::{
    fair::{Chain, FairError, Throw, next_link, throw_rng, well_formed},
    message::Message,
};

/// What is wrong with a throw or a contribution to one (the whole throw is refused:
/// nothing of it is played).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ThrowError {
    /// A seat's commitment is not a chain's head.
    #[error("seat {0}'s commitment is not 64 hex digits")]
    BadCommitment(usize),
    /// This side's own seat has a commitment it did not make.
    #[error("the commitment of seat {0}, this side's, is not the one this side made")]
    NotOurCommitment(u8),
    /// The host's welcome has another throw than this side made.
    #[error("the host's throw {0} is not the one this side has")]
    OtherThrow(u32),
    /// A throw with too many or too few contributions.
    #[error("the host's throw {throw} has {given} contributions for {seats} seats")]
    Contributions {
        /// The throw's index (from 1).
        throw: u32,
        /// The contributions it has.
        given: usize,
        /// The game's seats.
        seats: usize,
    },
    /// The host's welcome gives another contribution for this side's own seat.
    #[error(
        "the host gives another contribution to throw {throw} for this side's own seat {seat} than the one this side made"
    )]
    NotOurReveal {
        /// The throw's index (from 1).
        throw: u32,
        /// This side's seat.
        seat: u8,
    },
    /// A contribution for a seat the game does not have.
    #[error("a contribution for seat {0}, which the game has not")]
    NoSuchSeat(u8),
    /// A contribution that is not the next link of its seat's chain, or a chain used up.
    #[error(transparent)]
    Fair(#[from] FairError),
    /// A throw learnt for another action than the one the game is at.
    #[error("throw {throw} was made at action {made_at}, but the game is at action {at}")]
    OtherAction {
        /// The throw's index (from 1).
        throw: u32,
        /// The action it was made at.
        made_at: u32,
        /// The action the game is at.
        at: u32,
    },
    /// Another side sent a contribution for this side's own seat.
    #[error("a contribution for seat {0}, this side's own, which only this side makes")]
    OurSeat(u8),
    /// A contribution to a throw already made, not the one it was made with.
    #[error("a contribution to throw {0}, which was made already: it arrives late")]
    Late(u32),
    /// A contribution to a throw not due.
    #[error("a contribution to throw {throw} at action {number}, but no such throw is due")]
    NotDue {
        /// The throw's index (from 1).
        throw: u32,
        /// The action it says.
        number: u32,
    },
    /// A second, different contribution of the same seat.
    #[error("a second contribution of seat {seat} to throw {throw}: one was given already")]
    Second {
        /// The seat.
        seat: u8,
        /// The throw's index (from 1).
        throw: u32,
    },
}

/// What a table does at a chance event ([`Throws::at_chance`]).
pub(super) enum Step {
    /// Send this side's contribution, then ask again.
    Send(Message),
    /// Wait for the other players' contributions.
    Wait,
    /// Every contribution is in: draw the outcome with this generator.
    Play(game_api::Rng),
}

/// The contributions to the throw due.
#[derive(Debug)]
struct Due {
    /// The action it is thrown at.
    number: u32,
    /// Each seat's reveal, once checked.
    reveals: Vec<Option<String>>,
    /// Since when this side waits for it.
    since: Instant,
    /// Whether this side's own reveal was sent.
    sent: bool,
}

/// The throws of one side's game.
#[derive(Debug)]
pub(super) struct Throws {
    /// This side's seat and chain (none: it watches).
    own: Option<(u8, Chain)>,
    /// Each seat's last checked link: its commitment, then its latest reveal.
    last: Vec<String>,
    /// Every throw made or learnt from the host, in order.
    made: Vec<Throw>,
    /// How many of `made` this table has played.
    used: usize,
    due: Option<Due>,
}

impl Throws {
    /// The throws of a game whose seats committed to `heads`, this side playing `own`,
    /// with the throws `made` already (a resumed game's, checked again here).
    pub(super) fn new(
        own: Option<(u8, Chain)>,
        heads: Vec<String>,
        made: &[Throw],
    ) -> Result<Self, ThrowError> {
        if let Some(bad) = heads.iter().position(|h| !well_formed(h)) {
            return Err(ThrowError::BadCommitment(bad));
        }
        if let Some((seat, chain)) = &own
            && heads.get(usize::from(*seat)) != Some(&chain.head())
        {
            return Err(ThrowError::NotOurCommitment(*seat));
        }
        let mut throws = Throws {
            own,
            last: heads,
            made: Vec::new(),
            used: 0,
            due: None,
        };
        throws.learn(made)?;
        throws.used = throws.made.len();
        Ok(throws)
    }

    /// Every seat's commitment was given (the heads), for the record.
    pub(super) fn made(&self) -> &[Throw] {
        &self.made[..self.used]
    }

    /// Learns the throws of a welcome: those this side has must be the same; the next
    /// are checked link by link (this side's own reveals must be its own) and kept to
    /// be played as the catch-up reaches them.
    pub(super) fn learn(&mut self, throws: &[Throw]) -> Result<(), ThrowError> {
        for (i, t) in throws.iter().enumerate() {
            let k = i as u32 + 1;
            if let Some(have) = self.made.get(i) {
                if have != t {
                    return Err(ThrowError::OtherThrow(k));
                }
                continue;
            }
            if t.reveals.len() != self.last.len() {
                return Err(ThrowError::Contributions {
                    throw: k,
                    given: t.reveals.len(),
                    seats: self.last.len(),
                });
            }
            for (seat, r) in t.reveals.iter().enumerate() {
                self.check(seat as u8, k, r)?;
            }
            self.last.clone_from(&t.reveals);
            self.made.push(t.clone());
            // Learnt from the host while this side was away: a throw it was waiting for
            // is now made.
            if self.due.as_ref().is_some_and(|d| d.number == t.number) {
                self.due = None;
            }
        }
        Ok(())
    }

    /// Checks seat `seat`'s reveal `secret` for throw `k`: the next link of its chain,
    /// and, for this side's own seat, this side's own link.
    fn check(&self, seat: u8, k: u32, secret: &str) -> Result<(), ThrowError> {
        if let Some((own, chain)) = &self.own
            && *own == seat
        {
            let ours = chain.reveal(k)?;
            return if ours == secret {
                Ok(())
            } else {
                Err(ThrowError::NotOurReveal { throw: k, seat })
            };
        }
        let last = self
            .last
            .get(usize::from(seat))
            .ok_or(ThrowError::NoSuchSeat(seat))?;
        Ok(next_link(last, secret, seat, k)?)
    }

    /// The table is at a chance event, action `number`: play the throw if it is made,
    /// else send this side's contribution or wait for the others'.
    pub(super) fn at_chance(&mut self, number: u32) -> Result<Step, ThrowError> {
        let k = self.used as u32 + 1;
        if let Some(t) = self.made.get(self.used) {
            if t.number != number {
                return Err(ThrowError::OtherAction {
                    throw: k,
                    made_at: t.number,
                    at: number,
                });
            }
            self.used += 1;
            return Ok(Step::Play(throw_rng(number, k, &t.reveals)));
        }
        let seats = self.last.len();
        let due = match &mut self.due {
            Some(d) if d.number == number => d,
            slot => slot.insert(Due {
                number,
                reveals: vec![None; seats],
                since: Instant::now(),
                sent: false,
            }),
        };
        if let Some((seat, chain)) = &self.own
            && !due.sent
        {
            let secret = chain.reveal(k)?;
            due.reveals[usize::from(*seat)] = Some(secret.clone());
            due.sent = true;
            return Ok(Step::Send(Message::Reveal {
                seat: *seat,
                throw: k,
                number,
                secret,
            }));
        }
        if due.reveals.iter().any(Option::is_none) {
            return Ok(Step::Wait);
        }
        let reveals: Vec<String> = due.reveals.iter().flatten().cloned().collect();
        self.due = None;
        self.last.clone_from(&reveals);
        self.made.truncate(self.used);
        self.made.push(Throw { number, reveals });
        self.used += 1;
        Ok(Step::Play(throw_rng(
            number,
            k,
            &self.made[self.used - 1].reveals,
        )))
    }

    /// Seat `seat`'s contribution `secret` to throw `k` at action `number`, the table at
    /// a chance event of action `at` (if any): whether it is new (to pass on); an
    /// identical repeat is not; anything else is a fault, with what is wrong.
    pub(super) fn contribution(
        &mut self,
        (seat, k, number): (u8, u32, u32),
        secret: &str,
        at: Option<u32>,
    ) -> Result<bool, ThrowError> {
        if self.own.as_ref().is_some_and(|(own, _)| *own == seat) {
            return Err(ThrowError::OurSeat(seat));
        }
        if let Some(t) = self
            .made
            .get(k.saturating_sub(1) as usize)
            .filter(|_| k >= 1)
        {
            return if t.number == number
                && t.reveals.get(usize::from(seat)).map(String::as_str) == Some(secret)
            {
                Ok(false)
            } else {
                Err(ThrowError::Late(k))
            };
        }
        if k as usize != self.used + 1 || at != Some(number) {
            return Err(ThrowError::NotDue { throw: k, number });
        }
        self.check(seat, k, secret)?;
        let seats = self.last.len();
        let due = match &mut self.due {
            Some(d) if d.number == number => d,
            slot => slot.insert(Due {
                number,
                reveals: vec![None; seats],
                since: Instant::now(),
                sent: false,
            }),
        };
        match &due.reveals[usize::from(seat)] {
            Some(given) if given == secret => Ok(false),
            Some(_) => Err(ThrowError::Second { seat, throw: k }),
            None => {
                due.reveals[usize::from(seat)] = Some(secret.to_owned());
                Ok(true)
            }
        }
    }

    /// The first seat whose contribution to the throw due has not come within `limit`.
    pub(super) fn late(&self, limit: Duration) -> Option<u8> {
        let due = self.due.as_ref()?;
        if due.since.elapsed() <= limit {
            return None;
        }
        due.reveals
            .iter()
            .position(Option::is_none)
            .map(|s| s as u8)
    }

    /// The contributions to the throw due this side holds, as messages: for a player
    /// coming back (this side's own is sent again after this side came back).
    pub(super) fn due_reveals(&self) -> Vec<Message> {
        let Some(due) = &self.due else {
            return Vec::new();
        };
        let k = self.used as u32 + 1;
        due.reveals
            .iter()
            .enumerate()
            .filter_map(|(seat, r)| {
                r.as_ref().map(|secret| Message::Reveal {
                    seat: seat as u8,
                    throw: k,
                    number: due.number,
                    secret: secret.clone(),
                })
            })
            .collect()
    }

    /// This side's own contributions to the throws it made beyond the first `known`
    /// (those the host's welcome holds): the host, back from a crash, lost the last
    /// throw it had not saved, and needs them to make it again — the same throw, from
    /// the same links.
    pub(super) fn made_beyond(&self, known: usize) -> Vec<Message> {
        let Some((seat, _)) = &self.own else {
            return Vec::new();
        };
        self.made[..self.used]
            .iter()
            .enumerate()
            .skip(known)
            .filter_map(|(i, t)| {
                t.reveals
                    .get(usize::from(*seat))
                    .map(|secret| Message::Reveal {
                        seat: *seat,
                        throw: i as u32 + 1,
                        number: t.number,
                        secret: secret.clone(),
                    })
            })
            .collect()
    }

    /// After this side came back: its own contribution to the throw due is sent again
    /// (the other side may have lost it).
    pub(super) fn send_again(&mut self) {
        if let Some(due) = &mut self.due {
            due.sent = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair() -> (Chain, Chain, Vec<String>) {
        let a = Chain::generate();
        let b = Chain::generate();
        let heads = vec![a.head(), b.head()];
        (a, b, heads)
    }

    #[test]
    fn a_throw_is_played_once_both_contributions_are_in_and_checked() {
        let (a, b, heads) = pair();
        let mut left = Throws::new(Some((0, a.clone())), heads.clone(), &[]).unwrap();
        let mut right = Throws::new(Some((1, b.clone())), heads, &[]).unwrap();
        let Step::Send(Message::Reveal { secret: sa, .. }) = left.at_chance(3).unwrap() else {
            panic!("no reveal")
        };
        let Step::Send(Message::Reveal { secret: sb, .. }) = right.at_chance(3).unwrap() else {
            panic!("no reveal")
        };
        assert!(matches!(left.at_chance(3).unwrap(), Step::Wait));
        // A forged contribution (not the next link) is refused; a repeat is harmless.
        let forged = Chain::generate().reveal(1).unwrap();
        assert!(left.contribution((1, 1, 3), &forged, Some(3)).is_err());
        assert_eq!(left.contribution((1, 1, 3), &sb, Some(3)), Ok(true));
        assert_eq!(left.contribution((1, 1, 3), &sb, Some(3)), Ok(false));
        assert!(right.contribution((0, 1, 3), &sa, Some(3)).unwrap());
        let (Step::Play(mut x), Step::Play(mut y)) =
            (left.at_chance(3).unwrap(), right.at_chance(3).unwrap())
        else {
            panic!("not played")
        };
        assert_eq!(x.u64(), y.u64(), "both sides draw the same throw");
        // Late, early, or for this side's own seat: faults.
        assert!(left.contribution((1, 1, 3), &forged, None).is_err());
        assert!(
            left.contribution((1, 5, 9), &b.reveal(5).unwrap(), Some(9))
                .is_err()
        );
        assert!(
            left.contribution((0, 2, 9), &a.reveal(2).unwrap(), Some(9))
                .is_err()
        );
        assert_eq!(left.made().len(), 1);
    }

    #[test]
    fn a_resumed_table_keeps_its_throws_and_checks_them() {
        let (a, b, heads) = pair();
        let made = vec![Throw {
            number: 2,
            reveals: vec![a.reveal(1).unwrap(), b.reveal(1).unwrap()],
        }];
        let t = Throws::new(Some((0, a.clone())), heads.clone(), &made).unwrap();
        assert_eq!(t.made(), made.as_slice());
        let forged = vec![Throw {
            number: 2,
            reveals: vec![a.reveal(1).unwrap(), b.reveal(2).unwrap()],
        }];
        assert!(Throws::new(Some((0, a)), heads, &forged).is_err());
    }
}
