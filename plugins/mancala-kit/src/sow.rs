//! The sowing engine: the one loop that moves seeds, for every variant.
//!
//! A [`Hand`] holds the seeds being sown. It drops them one at a time
//! ([`Hand::drop_one`]), and when it is empty [`Hand::land`] decides whether sowing goes
//! on (relay) or the turn's last seed has landed; [`finish`] then applies the extra turn,
//! the variant's hook and the capture. A normal turn runs one hand to the end; Congkak's
//! simultaneous opening runs two in lock-step.

use std::{
    collections::{HashSet, hash_map::DefaultHasher},
    hash::BuildHasherDefault,
};

use game_api::{Effect, SiteId};

use crate::{
    Board, Capture, Config, EmptyOpposite, GrandSlam, Relay, Side, Variant, board::Pit,
    board::Special,
};

/// Where the effects of a move go: nowhere on the fast path, into a list when a person
/// watches. Hooks use it to report what they do.
pub struct Effects<'a>(pub(crate) Option<&'a mut Vec<Effect>>);

impl Effects<'_> {
    #[inline]
    fn push(&mut self, make: impl FnOnce() -> Effect) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(make());
        }
    }

    #[inline]
    pub(crate) fn lift(&mut self, pit: usize, count: u32) {
        self.push(|| Effect::Lift {
            site: site(pit),
            count,
        });
    }

    #[inline]
    fn drop_seed(&mut self, pit: usize) {
        self.push(|| Effect::Drop {
            site: site(pit),
            count: 1,
        });
    }

    #[inline]
    fn relay(&mut self, pit: usize, count: u32) {
        self.push(|| Effect::Relay {
            site: site(pit),
            count,
        });
    }

    /// Reports `count` pieces captured from `from` into `side`'s score.
    #[inline]
    pub fn capture(&mut self, board: &Board, from: usize, side: Side, count: u32) {
        if count > 0 {
            let to = score_site(board, side);
            self.push(|| Effect::Capture {
                from: site(from),
                to: Some(to),
                count,
            });
        }
    }

    /// Reports `count` seeds moved out of `side`'s score onto house `to` (a refill).
    pub(crate) fn unbank(&mut self, board: &Board, side: Side, to: usize, count: u32) {
        let from = score_site(board, side);
        self.push(|| Effect::Capture {
            from,
            to: Some(site(to)),
            count,
        });
    }

    #[inline]
    fn extra_turn(&mut self, side: Side) {
        self.push(|| Effect::ExtraTurn { seat: side.seat() });
    }

    /// Reports a line of text for the move log.
    pub fn message(&mut self, text: impl Into<String>) {
        self.push(|| Effect::Message { text: text.into() });
    }
}

/// The layout site of ring pit `pit`.
#[inline]
pub(crate) fn site(pit: usize) -> SiteId {
    SiteId(pit as u16)
}

/// The layout site where `side`'s score is kept: its store, or its captured stock
/// (drawn after the ring's pits).
pub(crate) fn score_site(board: &Board, side: Side) -> SiteId {
    match board.store(side) {
        Some(s) => site(s),
        None => site(board.ring_len() + side.index()),
    }
}

/// The relay positions a turn has seen. A fixed hasher: the default one reads per-thread
/// keys, and the compiler fetches their address at the start of every sowing, relay or
/// not (a call into the dynamic loader, in a plugin).
type SeenSet = HashSet<u64, BuildHasherDefault<DefaultHasher>>;

/// The seeds being sown.
pub(crate) struct Hand {
    /// The side sowing.
    pub side: Side,
    /// The pit the last seed went into.
    pub pos: usize,
    /// Seeds still in hand.
    pub seeds: u32,
    forward: bool,
    /// Pits in the ring.
    len: usize,
    /// The pits sowing passes over, one bit per pit: the opponent's store (when skipped),
    /// the origin (when skipped), burnt houses. Never every pit.
    skip: u32,
    /// The sinks, one bit per pit: seeds sown there go to their owner's score.
    sinks: u32,
    /// The (board, pit) pairs relayed from in this turn; made on the first relay.
    seen: Option<SeenSet>,
    /// Relay sowing came back to a (board, pit) it had seen: the turn ends.
    pub looped: bool,
}

impl Hand {
    /// Lifts the seeds of `origin` (and, under `first_seed_in_origin`, drops the first
    /// one back).
    #[inline(always)]
    pub fn start(
        board: &mut Board,
        config: &Config,
        side: Side,
        origin: usize,
        forward: bool,
        fx: &mut Effects<'_>,
    ) -> Hand {
        let seeds = std::mem::take(&mut board.pits[origin]);
        fx.lift(origin, seeds);
        let len = board.ring_len();
        let mut skip = 0u32;
        if config.skip_opponent_store
            && let Some(store) = board.store(side.other())
        {
            skip |= 1 << store;
        }
        if config.skip_origin {
            skip |= 1 << origin;
        }
        skip |= board.burnt_mask();
        let sinks = board.sink_mask();
        // A ring where every pit is skipped cannot happen (the origin's neighbours are
        // houses or stores), but never loop forever on a malformed position.
        let every = if len >= 32 { u32::MAX } else { (1 << len) - 1 };
        if skip & every == every {
            skip = 0;
        }
        let mut hand = Hand {
            side,
            pos: origin,
            seeds,
            forward,
            len,
            skip,
            sinks,
            seen: None,
            looped: false,
        };
        if config.first_seed_in_origin && seeds > 1 {
            board.pits[origin] += 1;
            hand.seeds -= 1;
            fx.drop_seed(origin);
        }
        hand
    }

    /// The pit after `pit` in this hand's direction.
    #[inline]
    pub fn next(&self, pit: usize) -> usize {
        // Compare and wrap: a division per seed would cost more than the rest of the drop.
        if self.forward {
            if pit + 1 >= self.len { 0 } else { pit + 1 }
        } else if pit == 0 {
            self.len - 1
        } else {
            pit - 1
        }
    }

    /// The pit before `pit` in this hand's direction.
    #[inline]
    fn prev(&self, pit: usize) -> usize {
        if !self.forward {
            if pit + 1 >= self.len { 0 } else { pit + 1 }
        } else if pit == 0 {
            self.len - 1
        } else {
            pit - 1
        }
    }

    /// Drops one seed into the next pit that takes one.
    #[inline(always)]
    pub fn drop_one(&mut self, board: &mut Board, fx: &mut Effects<'_>) {
        let mut pit = self.next(self.pos);
        while self.skip & (1 << pit) != 0 {
            pit = self.next(pit);
        }
        self.pos = pit;
        self.seeds -= 1;
        fx.drop_seed(pit);
        if self.sinks & (1 << pit) != 0
            && let Special::Sink(owner) = board.mark(pit)
        {
            board.bank(owner, 1);
            fx.capture(board, pit, owner, 1);
            return;
        }
        board.pits[pit] += 1;
    }

    /// Sows whole laps at once: when no one watches and no pit is a sink, `n` seeds
    /// dropped one by one round a ring of `c` pits that take seeds put `(n − 1) / c` in
    /// every one of them and end where the remaining ones, dropped singly, end.
    #[inline]
    fn sow_laps(&mut self, board: &mut Board, fx: &Effects<'_>) {
        if fx.0.is_some() || self.sinks != 0 {
            return;
        }
        let cycle = (self.len as u32) - (self.skip.count_ones());
        if self.seeds <= cycle {
            return;
        }
        let laps = (self.seeds - 1) / cycle;
        for (pit, seeds) in board.pits.iter_mut().enumerate() {
            if self.skip & (1 << pit) == 0 {
                *seeds += laps;
            }
        }
        self.seeds -= laps * cycle;
    }

    /// The hand is empty: relays (returns `true`, with seeds in hand again) or ends.
    #[inline(always)]
    pub fn land(&mut self, board: &mut Board, config: &Config, fx: &mut Effects<'_>) -> bool {
        let from = match config.relay {
            Relay::None => return false,
            Relay::Landing => {
                let pit = self.pos;
                let occupied_house = matches!(board.pit(pit), Pit::House(..))
                    && board.mark(pit) == Special::Normal
                    && board.pits[pit] > 1;
                if !occupied_house {
                    return false;
                }
                pit
            }
            Relay::Next => {
                let next = self.next(self.pos);
                if !matches!(board.pit(next), Pit::House(..)) || board.pits[next] == 0 {
                    return false;
                }
                next
            }
        };
        if !self
            .seen
            .get_or_insert_with(SeenSet::default)
            .insert(loop_key(board, from))
        {
            self.looped = true;
            fx.message("The sowing came round to a position it had already reached: the turn ends");
            return false;
        }
        self.seeds = std::mem::take(&mut board.pits[from]);
        self.pos = from;
        fx.relay(from, self.seeds);
        true
    }

    /// Sows until the turn's last seed has landed.
    #[inline]
    pub fn run(&mut self, board: &mut Board, config: &Config, fx: &mut Effects<'_>) {
        loop {
            self.sow_laps(board, fx);
            while self.seeds > 0 {
                self.drop_one(board, fx);
            }
            if !self.land(board, config, fx) {
                return;
            }
        }
    }
}

fn loop_key(board: &Board, pit: usize) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    board.pits.hash(&mut h);
    pit.hash(&mut h);
    h.finish()
}

/// What a turn's sowing ended with.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sown {
    /// The mover plays again.
    pub extra_turn: bool,
    /// A capture would have taken every seed the opponent had on the board.
    pub grand_slam: bool,
}

/// Plays `side`'s move from `origin` to the end of its turn.
pub(crate) fn sow_turn<V: Variant>(
    board: &mut Board,
    config: &Config,
    side: Side,
    origin: usize,
    forward: bool,
    fx: &mut Effects<'_>,
) -> Sown {
    let mut hand = Hand::start(board, config, side, origin, forward, fx);
    hand.run(board, config, fx);
    finish::<V>(board, config, &hand, fx)
}

/// After the last seed: the extra turn, the variant's hook, the capture.
pub(crate) fn finish<V: Variant>(
    board: &mut Board,
    config: &Config,
    hand: &Hand,
    fx: &mut Effects<'_>,
) -> Sown {
    let side = hand.side;
    if hand.looped {
        return Sown::default();
    }
    if config.extra_turn_in_own_store && board.store(side) == Some(hand.pos) {
        fx.extra_turn(side);
        return Sown {
            extra_turn: true,
            grand_slam: false,
        };
    }
    if V::after_sowing(board, side, hand.pos, fx) {
        return Sown::default();
    }
    capture(board, config, hand, fx)
}

fn capture(board: &mut Board, config: &Config, hand: &Hand, fx: &mut Effects<'_>) -> Sown {
    let side = hand.side;
    let last = hand.pos;
    match config.capture {
        Capture::None => {}
        Capture::Opposite {
            empty_opposite,
            keep_last,
        } => {
            if board.house_owner(last) != Some(side)
                || board.mark(last) != Special::Normal
                || board.pits[last] != 1
            {
                return Sown::default();
            }
            let opposite = board.opposite(last);
            let taken = if board.mark(opposite) == Special::Normal {
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
            // owner and mark would be two or three branches.
            let theirs = board.house_mask(side.other()) & !board.marked_mask();
            let in_range = |board: &Board, pit: usize| {
                theirs & (1 << pit) != 0 && (min..=max).contains(&board.pits[pit])
            };
            // The opponent's houses are consecutive pits: going back from the last seed,
            // the chain ends at the latest where their row does, before it could come
            // round again.
            let mut chain = arrayvec::ArrayVec::<usize, { crate::board::MAX_PITS }>::new();
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
            if grand_slam
                && matches!(
                    config.grand_slam,
                    GrandSlam::NoCapture | GrandSlam::Forbidden
                )
            {
                fx.message("Grand slam: nothing is captured");
                return Sown {
                    extra_turn: false,
                    grand_slam,
                };
            }
            for p in chain {
                let n = std::mem::take(&mut board.pits[p]);
                fx.capture(board, p, side, n);
                board.bank(side, n);
            }
            return Sown {
                extra_turn: false,
                grand_slam,
            };
        }
        Capture::Forward => {
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
                let gap = hand.next(target);
                if board.holds(gap) {
                    break;
                }
                target = hand.next(gap);
            }
        }
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

/// Congkak's simultaneous opening: both hands sow in lock-step, one seed each per tick,
/// South first within a tick. Returns the side to move next: the one whose opening
/// ended later (South on a tie).
pub(crate) fn sow_simultaneous<V: Variant>(
    board: &mut Board,
    config: &Config,
    origins: [usize; 2],
    fx: &mut Effects<'_>,
) -> Side {
    let mut hands: Vec<Hand> = Side::BOTH
        .iter()
        .map(|&s| Hand::start(board, config, s, origins[s.index()], true, fx))
        .collect();
    let mut ended = [None, None];
    let mut tick = 0u64;
    while ended.iter().any(Option::is_none) {
        tick += 1;
        for (i, hand) in hands.iter_mut().enumerate() {
            if ended[i].is_some() {
                continue;
            }
            if hand.seeds > 0 {
                hand.drop_one(board, fx);
            }
            if hand.seeds == 0 && !hand.land(board, config, fx) {
                finish::<V>(board, config, hand, fx);
                ended[i] = Some(tick);
            }
        }
    }
    if ended[1] > ended[0] {
        Side::North
    } else {
        Side::South
    }
}

#[cfg(test)]
mod tests {
    use game_api::{Manifest, Options};

    use super::*;

    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    struct Congkak5;

    impl Variant for Congkak5 {
        fn manifest() -> Manifest {
            Manifest::new("congkak-5", "Congkak on five houses", "0.1.0")
        }
        fn config(_: &Options) -> Result<Config, game_api::GameError> {
            Ok(Config::congkak(5))
        }
    }

    /// A ring of five houses a side with stores, from South's and North's houses.
    fn board(south: [u32; 5], north: [u32; 5]) -> Board {
        let mut board = Board::empty(5, crate::Ends::Stores);
        for i in 0..5 {
            let (s, n) = (board.house(Side::South, i), board.house(Side::North, i));
            board.pits[s] = south[i];
            board.pits[n] = north[i];
        }
        board
    }

    #[test]
    fn the_simultaneous_opening_sows_in_lock_step_and_the_later_ending_moves_next() {
        let config = Config::congkak(5);
        let (c, big_c) = (2, 8);
        // Both openings end on the first tick: a tie, South moves next.
        let mut tie = board([0, 0, 1, 0, 0], [0, 0, 1, 0, 0]);
        let next = sow_simultaneous::<Congkak5>(&mut tie, &config, [c, big_c], &mut Effects(None));
        assert_eq!(next, Side::South);
        assert_eq!(tie, board([0, 0, 0, 1, 0], [0, 0, 0, 1, 0]));
        // South's opening ends on tick 1, North's on tick 2: North moves next.
        let mut later = board([1, 0, 0, 0, 0], [2, 0, 0, 0, 0]);
        let next = sow_simultaneous::<Congkak5>(&mut later, &config, [0, 6], &mut Effects(None));
        assert_eq!(next, Side::North);
        assert_eq!(later, board([0, 1, 0, 0, 0], [0, 1, 1, 0, 0]));
    }
}
