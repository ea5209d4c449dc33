//! The sowing engine: the one loop that moves seeds, for every variant.

use game_api::{Effect, SiteId};

use crate::{Board, Capture, Config, EmptyOpposite, Side};

/// Where effects go: nowhere on the fast path, into a list when a person watches.
pub(crate) struct Effects<'a>(pub Option<&'a mut Vec<Effect>>);

impl Effects<'_> {
    fn push(&mut self, make: impl FnOnce() -> Effect) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(make());
        }
    }

    pub(crate) fn lift(&mut self, pit: usize, count: u32) {
        self.push(|| Effect::Lift {
            site: site(pit),
            count,
        });
    }

    fn drop_seed(&mut self, pit: usize) {
        self.push(|| Effect::Drop {
            site: site(pit),
            count: 1,
        });
    }

    pub(crate) fn capture(&mut self, board: &Board, from: usize, side: Side, count: u32) {
        if count > 0 {
            let to = score_site(board, side);
            self.push(|| Effect::Capture {
                from: site(from),
                to: Some(to),
                count,
            });
        }
    }

    fn extra_turn(&mut self, side: Side) {
        self.push(|| Effect::ExtraTurn { seat: side.seat() });
    }
}

/// The layout site of ring pit `pit`.
pub(crate) fn site(pit: usize) -> SiteId {
    SiteId(pit as u16)
}

/// The layout site where `side`'s score is kept: its store, or its captured stock
/// (drawn after the ring's pits).
pub(crate) fn score_site(board: &Board, side: Side) -> SiteId {
    match board.store(side) {
        Some(s) => site(s),
        None => site(board.ring_len() + usize::from(side.seat())),
    }
}

/// What a sowing ended with.
pub(crate) struct Sown {
    /// The mover plays again.
    pub extra_turn: bool,
}

/// Sows `side`'s house `house` (non-empty, checked by the caller) under `config`.
pub(crate) fn sow(
    board: &mut Board,
    config: &Config,
    side: Side,
    house: usize,
    fx: &mut Effects<'_>,
) -> Sown {
    let origin = board.house(side, house);
    let mut hand = std::mem::take(&mut board.pits[origin]);
    fx.lift(origin, hand);
    let opponent_store = board.store(side.other());
    let len = board.ring_len();
    let mut pit = origin;
    while hand > 0 {
        pit = (pit + 1) % len;
        if (config.skip_opponent_store && Some(pit) == opponent_store)
            || (config.skip_origin && pit == origin)
        {
            continue;
        }
        board.pits[pit] += 1;
        hand -= 1;
        fx.drop_seed(pit);
    }

    if config.extra_turn_in_own_store && Some(pit) == board.store(side) {
        fx.extra_turn(side);
        return Sown { extra_turn: true };
    }
    capture(board, config, side, pit, fx);
    Sown { extra_turn: false }
}

fn capture(board: &mut Board, config: &Config, side: Side, last: usize, fx: &mut Effects<'_>) {
    match config.capture {
        Capture::None => {}
        Capture::Opposite { empty_opposite } => {
            if board.house_owner(last) != Some(side) || board.pits[last] != 1 {
                return;
            }
            let opposite = board.opposite(last);
            let taken = board.pits[opposite];
            if taken == 0 && empty_opposite == EmptyOpposite::NoCapture {
                return;
            }
            board.pits[opposite] = 0;
            board.pits[last] = 0;
            fx.capture(board, opposite, side, taken);
            fx.capture(board, last, side, 1);
            board.bank(side, taken + 1);
        }
    }
}

/// Ends the game if either side's houses are empty: each side banks the seeds left in
/// its own houses. Returns whether the game is over.
pub(crate) fn settle_end(board: &mut Board, fx: &mut Effects<'_>) -> bool {
    if board.seeds_on_side(Side::South) > 0 && board.seeds_on_side(Side::North) > 0 {
        return false;
    }
    for side in [Side::South, Side::North] {
        for i in 0..board.houses {
            let pit = board.house(side, i);
            let n = std::mem::take(&mut board.pits[pit]);
            fx.capture(board, pit, side, n);
            board.bank(side, n);
        }
    }
    true
}
