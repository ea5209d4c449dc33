//! The captures: what the last seed of a turn takes ([`Config::capture`]), and what
//! any seed takes as it is sown ([`Config::sowing_capture`]).

use arrayvec::ArrayVec;

use crate::{
    Board, Capture, Chain, Config, Counts, Effects, EmptyOpposite, GrandSlam, Side, Sides,
    SowingCapture, Taker,
    board::{MAX_PITS, Special},
    sow::{Landing, Sown},
};

/// What the turn's last seed captures under [`Config::capture`]. Inlined into the
/// sowing: it runs after every move, and a call costs as much as the usual answer.
#[inline(always)]
pub(crate) fn last_seed(
    board: &mut Board,
    config: &Config,
    hand: Landing,
    fx: &mut Effects<'_>,
) -> Sown {
    let side = hand.side;
    let last = hand.pos;
    match config.capture {
        Capture::None => {}
        Capture::Opposite {
            empty_opposite,
            keep_last,
        } => {
            // The mover's unmarked houses and the marked pits, one bit per pit: one
            // test each where the pit's owner and mark would be several branches.
            let marked = board.marked_mask();
            if (board.house_mask(side) & !marked) & (1 << last) == 0 || board.pits[last] != 1 {
                return Sown::default();
            }
            // A house of the mover: the opposite by arithmetic.
            let i = last - board.house(side, 0);
            let opposite = board.house(side.other(), board.houses - 1 - i);
            let taken = if marked & (1 << opposite) == 0 {
                board.pits[opposite]
            } else {
                0
            };
            if taken == 0 && empty_opposite == EmptyOpposite::NoCapture {
                return Sown::default();
            }
            board.pits[opposite] -= taken;
            fx.capture(board, opposite, side, taken);
            board.bank(side, taken);
            if !keep_last || taken == 0 {
                board.pits[last] = 0;
                fx.capture(board, last, side, 1);
                board.bank(side, 1);
            }
        }
        Capture::Backward { min, max } => {
            // The opponent's unmarked houses, one bit per pit: one test where the pit's
            // owner and mark would be two or three branches. (Its owned houses: where
            // houses pass between rounds, its run of houses may cross the rows.)
            let theirs = board.owned_mask(side.other()) & !board.marked_mask();
            let in_range = |board: &Board, pit: usize| {
                theirs & (1 << pit) != 0 && (min..=max).contains(&board.pits[pit])
            };
            // The opponent's houses are consecutive pits: going back from the last seed,
            // the chain ends at the latest where their row does, before it could come
            // round again.
            let mut chain = ArrayVec::<usize, MAX_PITS>::new();
            let mut pit = last;
            while in_range(board, pit) && chain.len() < board.houses {
                chain.push(pit);
                pit = hand.prev(pit);
            }
            let taken: u32 = chain.iter().map(|&p| board.pits[p]).sum();
            if taken == 0 {
                return Sown::default();
            }
            let grand_slam = taken == board.seeds_on_side(side.other());
            return take_pits(board, config, side, Taker::Mover, &chain, grand_slam, fx);
        }
        Capture::Forward | Capture::ForwardOnce => {
            if config.capture_from_occupied && board.pits[last] < 2 {
                return Sown::default();
            }
            let chains = config.capture == Capture::Forward;
            let n1 = hand.next(last);
            if board.holds(n1) {
                return Sown::default();
            }
            let mut target = hand.next(n1);
            while board.holds(target) {
                if let Some(k) = config.quan_non
                    && board.big[target] > 0
                    && board.pits[target] < k
                {
                    fx.message(
                        "The mandarin is too young to be captured (quan non): the turn ends",
                    );
                    break;
                }
                let (small, big) = (
                    std::mem::take(&mut board.pits[target]),
                    std::mem::take(&mut board.big[target]),
                );
                fx.capture(board, target, side, small + big);
                board.bank(side, small);
                board.captured_big[side.index()] += big;
                if !chains {
                    break;
                }
                let gap = hand.next(target);
                if board.holds(gap) {
                    break;
                }
                target = hand.next(gap);
            }
        }
        Capture::Count {
            counts,
            sides,
            chain,
        } => return count(board, config, hand, (counts, sides, chain), fx),
        Capture::Facing => return facing(board, config, side, last, fx),
        Capture::Even => {
            if board.house_owner(last) == Some(side.other())
                && board.mark(last) == Special::Normal
                && board.pits[last] > 0
                && board.pits[last].is_multiple_of(2)
            {
                let n = std::mem::take(&mut board.pits[last]);
                fx.capture(board, last, side, n);
                board.bank(side, n);
            }
        }
    }
    Sown::default()
}

/// Whether [`Capture::Count`] takes `pit` as the house of a last seed of `mover`
/// ([`Config::capture_before_relay`]): an unmarked house of the capture's sides holding
/// one of its counts. `false` under any other capture.
#[cold]
pub(crate) fn count_takes(board: &Board, config: &Config, mover: Side, pit: usize) -> bool {
    let Capture::Count { counts, sides, .. } = config.capture else {
        return false;
    };
    board.mark(pit) == Special::Normal
        && board
            .house_owner(pit)
            .is_some_and(|owner| sides.includes(mover, owner))
        && counts.contains(board.pits[pit])
}

/// [`Capture::Count`]: the last seed's house and its chain, checked against the grand
/// slam rule.
fn count(
    board: &mut Board,
    config: &Config,
    hand: Landing,
    (counts, sides, chain): (Counts, Sides, Chain),
    fx: &mut Effects<'_>,
) -> Sown {
    let side = hand.side;
    let takes = |board: &Board, pit: usize| {
        board.mark(pit) == Special::Normal
            && board
                .house_owner(pit)
                .is_some_and(|owner| sides.includes(side, owner))
            && counts.contains(board.pits[pit])
    };
    let mut taken = ArrayVec::<usize, MAX_PITS>::new();
    let mut pit = hand.pos;
    while takes(board, pit) && !taken.contains(&pit) {
        taken.push(pit);
        let step = |p| match chain {
            Chain::None => p,
            Chain::Backward => hand.prev(p),
            Chain::Forward => hand.next(p),
        };
        // Stores and mandarin squares are passed over: the chain crosses rows.
        pit = step(pit);
        while board.house_owner(pit).is_none() {
            pit = step(pit);
        }
    }
    let theirs: u32 = taken
        .iter()
        .filter(|&&p| board.house_owner(p) == Some(side.other()))
        .map(|&p| board.pits[p])
        .sum();
    let grand_slam = theirs > 0 && theirs == board.seeds_on_side(side.other());
    take_pits(
        board,
        config,
        side,
        config.capture_taker,
        &taken,
        grand_slam,
        fx,
    )
}

/// [`Capture::Facing`]: the last seed alone in a house of the mover's inner row takes
/// the facing inner house, if it holds seeds, and the outer house behind it.
fn facing(
    board: &mut Board,
    config: &Config,
    side: Side,
    last: usize,
    fx: &mut Effects<'_>,
) -> Sown {
    let Some((inner, outer)) = board.facing(last) else {
        return Sown::default();
    };
    let unmarked = |pit: usize| board.mark(pit) == Special::Normal;
    if board.house_owner(last) != Some(side)
        || board.pits[last] != 1
        || !unmarked(last)
        || !unmarked(inner)
        || board.pits[inner] == 0
    {
        return Sown::default();
    }
    let mut taken = ArrayVec::<usize, 2>::new();
    taken.push(inner);
    if unmarked(outer) && board.pits[outer] > 0 {
        taken.push(outer);
    }
    let seeds: u32 = taken.iter().map(|&p| board.pits[p]).sum();
    let grand_slam = seeds == board.seeds_on_side(side.other());
    take_pits(board, config, side, Taker::Mover, &taken, grand_slam, fx)
}

/// Banks the seeds of `pits` for the mover `side`, or each for its house's owner
/// ([`Config::capture_taker`] [`Taker::Owner`]), unless the capture is a `grand_slam`
/// that the rules say captures nothing.
fn take_pits(
    board: &mut Board,
    config: &Config,
    side: Side,
    taker: Taker,
    pits: &[usize],
    grand_slam: bool,
    fx: &mut Effects<'_>,
) -> Sown {
    if grand_slam
        && matches!(
            config.grand_slam,
            GrandSlam::NoCapture | GrandSlam::Forbidden
        )
    {
        fx.message("Grand slam: nothing is captured");
    } else {
        for &p in pits {
            let to = match taker {
                Taker::Mover => side,
                Taker::Owner => match board.house_owner(p) {
                    Some(owner) => owner,
                    None => continue,
                },
            };
            let n = std::mem::take(&mut board.pits[p]);
            fx.capture(board, p, to, n);
            board.bank(to, n);
        }
    }
    Sown {
        extra_turn: false,
        grand_slam,
    }
}

/// [`Config::sowing_capture`] after a seed sown into `pit` by `mover`.
#[inline]
pub(crate) fn while_sowing(
    board: &mut Board,
    rule: &SowingCapture,
    mover: Side,
    pit: usize,
    fx: &mut Effects<'_>,
) {
    let Some(owner) = board.house_owner(pit) else {
        return;
    };
    if board.mark(pit) != Special::Normal
        || !rule.sides.includes(mover, owner)
        || !rule.counts.contains(board.pits[pit])
    {
        return;
    }
    let taker = match rule.taker {
        Taker::Owner => owner,
        Taker::Mover => mover,
    };
    let n = std::mem::take(&mut board.pits[pit]);
    fx.capture(board, pit, taker, n);
    board.bank(taker, n);
}
