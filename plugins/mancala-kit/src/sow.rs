//! The sowing engine: the one loop that moves seeds, for every variant.
//!
//! A [`Hand`] holds the seeds being sown. It drops them one at a time
//! ([`Hand::drop_one`]), and when it is empty [`Hand::land`] decides whether sowing goes
//! on (relay) or the turn's last seed has landed; [`finish`] then applies the extra turn,
//! the variant's hook and the capture. A normal turn runs one hand to the end; Congkak's
//! simultaneous opening runs two in lock-step.
//!
//! The order of the rules in a turn: for each seed sown, the sink it may fall in, the
//! [`SowingCapture`](crate::SowingCapture), then [`Variant::seed_hook`]; when the hand
//! is empty (or the hook stops it), the relay; after the turn's last seed, the extra
//! turn, [`Variant::after_sowing`], then the standard [`Capture`](crate::Capture).

use crate::long_turn::Unshown;
use crate::relay_seen::{MAX_RELAYS, RelaySeen};
use crate::{
    Board, Config, Effects, Relay, SeedAction, SeedContext, Side, Variant, board::Pit,
    board::Special, capture,
};

/// What a turn whose relay sowing came back to a position it had reached (or relayed
/// [`MAX_RELAYS`] times) reports.
const LOOPED: &str = "The sowing came round to a position it had already reached: the turn ends";

/// The layout sites, where the rest of the kit has always found them.
pub(crate) use crate::effects::{score_site, site};

/// The seeds being sown.
pub(crate) struct Hand {
    /// The side sowing.
    pub side: Side,
    /// The pit the last seed went into.
    pub pos: usize,
    /// Seeds still in hand.
    pub seeds: u32,
    forward: bool,
    /// The first pit of the track sown round ([`Board::track`]): 0 on two rows.
    lo: usize,
    /// The pit after the track's last: the ring's length on two rows.
    end: usize,
    /// The pits sowing passes over, one bit per pit: the opponent's store (when skipped),
    /// the origin (when skipped), burnt houses. Never every pit.
    skip: u32,
    /// The sinks, one bit per pit: seeds sown there go to their owner's score.
    sinks: u32,
    /// Relay sowing came back to a (board, pit) it had seen: the turn ends.
    pub looped: bool,
    /// The pit the move was lifted from.
    pub origin: usize,
    /// Per-seed rules apply (a sowing capture or a seed hook): no whole laps at once.
    per_seed: bool,
    /// The pits where a seed needs more than a count: the sinks, or every pit under
    /// per-seed rules.
    special: u32,
    /// Seeds this hand has sown.
    sown: u32,
    /// Relays so far this turn.
    relays: u32,
    /// The seed hook ended the turn.
    pub ended: bool,
}

impl Hand {
    /// Lifts the seeds of `origin` (and, under `first_seed_in_origin`, drops the first
    /// one back).
    #[inline(always)]
    pub fn start<V: Variant>(
        board: &mut Board,
        config: &Config,
        side: Side,
        origin: usize,
        forward: bool,
        fx: &mut Effects<'_>,
    ) -> Hand {
        let seeds = std::mem::take(&mut board.pits[origin]);
        fx.lift(origin, seeds);
        let (lo, len) = board.track(side);
        let mut skip = 0u32;
        if config.skip_opponent_store
            && let Some(store) = board.store(side.other())
        {
            skip |= 1 << store;
        }
        if config.skip_origin {
            skip |= 1 << origin;
        }
        // Only the track's pits count (a four-row sowing never leaves its track).
        let every = board.track_mask(side);
        skip = (skip | board.burnt_mask()) & every;
        let sinks = board.sink_mask();
        let per_seed = V::seed_hook().is_some() || config.sowing_capture.is_some();
        // A ring where every pit is skipped cannot happen (the origin's neighbours are
        // houses or stores), but never loop forever on a malformed position.
        if skip == every {
            skip = 0;
        }
        let mut hand = Hand {
            side,
            pos: origin,
            seeds,
            forward,
            lo,
            end: lo + len,
            skip,
            sinks,
            looped: false,
            origin,
            per_seed,
            special: sinks | if per_seed { u32::MAX } else { 0 },
            sown: 0,
            relays: 0,
            ended: false,
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
        self.landing().next(pit)
    }

    /// Where this hand stands, for what follows its last seed.
    #[inline]
    fn landing(&self) -> Landing {
        Landing {
            side: self.side,
            pos: self.pos,
            forward: self.forward,
            lo: self.lo,
            end: self.end,
        }
    }

    /// Drops one seed into the next pit that takes one, then applies the per-seed
    /// rules.
    #[inline(always)]
    pub fn drop_one<V: Variant>(
        &mut self,
        board: &mut Board,
        config: &Config,
        fx: &mut Effects<'_>,
    ) {
        let mut pit = self.next(self.pos);
        while self.skip & (1 << pit) != 0 {
            pit = self.next(pit);
        }
        self.pos = pit;
        self.seeds -= 1;
        // One test for the rare cases (a sink, per-seed rules).
        if self.special & (1 << pit) == 0 {
            fx.drop_seed(pit);
            board.pits[pit] += 1;
            return;
        }
        self.put(board, pit, 1, fx);
        if self.per_seed {
            self.per_seed_rules::<V>(board, config, fx);
        }
    }

    /// Puts `n` seeds into `pit`: into a sink's owner's score, or the pit.
    #[inline(always)]
    fn put(&self, board: &mut Board, pit: usize, n: u32, fx: &mut Effects<'_>) {
        fx.drop_seeds(pit, n);
        if self.sinks & (1 << pit) != 0
            && let Special::Sink(owner) = board.mark(pit)
        {
            board.bank(owner, n);
            fx.capture(board, pit, owner, n);
            return;
        }
        board.pits[pit] += n;
    }

    /// The sowing capture and the variant's seed hook, for the seed just sown.
    fn per_seed_rules<V: Variant>(
        &mut self,
        board: &mut Board,
        config: &Config,
        fx: &mut Effects<'_>,
    ) {
        let pit = self.pos;
        self.sown += 1;
        if let Some(rule) = &config.sowing_capture {
            capture::while_sowing(board, rule, self.side, pit, fx);
        }
        let Some(hook) = V::seed_hook() else {
            return;
        };
        let cycle = ((self.end - self.lo) as u32) - self.skip.count_ones();
        let mut seed = SeedContext {
            board,
            side: self.side,
            origin: self.origin,
            pit,
            in_hand: self.seeds,
            sown: self.sown,
            lap: (self.sown - 1) / cycle.max(1),
            relays: self.relays,
            forward: self.forward,
            fx,
        };
        let action = hook(&mut seed);
        if action == SeedAction::Continue {
            return;
        }
        let rest = std::mem::take(&mut self.seeds);
        self.put(board, pit, rest, fx);
        self.ended = action == SeedAction::EndTurn;
    }

    /// Sows whole laps at once: when no one watches and no pit is a sink, `n` seeds
    /// dropped one by one round a ring of `c` pits that take seeds put `(n − 1) / c` in
    /// every one of them and end where the remaining ones, dropped singly, end.
    #[inline]
    fn sow_laps(&mut self, board: &mut Board, fx: &Effects<'_>) {
        if fx.is_watched() || self.sinks != 0 || self.per_seed {
            return;
        }
        let cycle = ((self.end - self.lo) as u32) - (self.skip.count_ones());
        if self.seeds <= cycle {
            return;
        }
        let laps = (self.seeds - 1) / cycle;
        for (pit, seeds) in board.pits[..self.end].iter_mut().enumerate().skip(self.lo) {
            if self.skip & (1 << pit) == 0 {
                *seeds += laps;
            }
        }
        self.seeds -= laps * cycle;
    }

    /// The hand is empty: relays (returns `true`, with seeds in hand again) or ends.
    /// `seen`: the (board, pit) pairs this hand relayed from in this turn (kept out of
    /// the hand, which is then small to hand back from [`Hand::start`]).
    #[inline(always)]
    pub fn land(
        &mut self,
        board: &mut Board,
        config: &Config,
        seen: &mut RelaySeen,
        fx: &mut Effects<'_>,
    ) -> bool {
        if self.ended {
            return false;
        }
        let from = match config.relay {
            Relay::None => return false,
            Relay::Landing => {
                let pit = self.pos;
                let occupied_house = matches!(board.pit(pit), Pit::House(..))
                    && board.mark(pit) == Special::Normal
                    && board.pits[pit] > 1;
                if !occupied_house
                    || (config.capture_before_relay
                        && capture::count_takes(board, config, self.side, pit))
                {
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
        if self.relays >= MAX_RELAYS || !seen.insert(&board.pits[self.lo..self.end], from) {
            self.looped = true;
            fx.message(LOOPED);
            return false;
        }
        self.seeds = std::mem::take(&mut board.pits[from]);
        self.pos = from;
        self.sown = 0;
        self.relays += 1;
        fx.relay(from, self.seeds);
        true
    }

    /// Sows until the turn's last seed has landed. A watched turn that has reported
    /// [`MAX_TURN_EFFECTS`](crate::MAX_TURN_EFFECTS) effects shows the rest of its
    /// relays at once ([`Unshown`]).
    #[inline]
    pub fn run<'a, V: Variant>(
        &mut self,
        board: &mut Board,
        config: &Config,
        fx: &mut Effects<'a>,
    ) {
        let mut seen = RelaySeen::default();
        let first = fx.recorded();
        let mut unshown = None;
        loop {
            self.sow_laps(board, fx);
            while self.seeds > 0 {
                self.drop_one::<V>(board, config, fx);
            }
            if !self.land(board, config, &mut seen, fx) {
                break;
            }
            if fx.is_watched() && unshown.is_none() {
                unshown = Unshown::pause_if_long(board, fx, first, self.relays);
            }
        }
        if let Some(unshown) = unshown {
            unshown.resume(board, fx, self.relays);
            if self.looped {
                fx.message(LOOPED);
            }
        }
    }
}

/// Where a turn's last seed landed, and the ring's direction: what the captures read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Landing {
    /// The side sowing.
    pub side: Side,
    /// The pit the last seed went into.
    pub pos: usize,
    forward: bool,
    /// The first pit of the track sown round: 0 on two rows.
    lo: usize,
    /// The pit after the track's last: the ring's length on two rows.
    end: usize,
}

impl Landing {
    /// The last seed of `side`'s anticlockwise sowing round the whole ring of `len`
    /// pits (a two-row board), in `pos`.
    #[inline]
    pub(crate) fn forward(side: Side, pos: usize, len: usize) -> Self {
        Landing {
            side,
            pos,
            forward: true,
            lo: 0,
            end: len,
        }
    }

    /// The pit after `pit` in the sowing's direction, round the track.
    #[inline]
    pub fn next(&self, pit: usize) -> usize {
        // Compare and wrap: a division per seed would cost more than the rest of the drop.
        if self.forward {
            if pit + 1 >= self.end {
                self.lo
            } else {
                pit + 1
            }
        } else if pit <= self.lo {
            self.end - 1
        } else {
            pit - 1
        }
    }

    /// The pit before `pit` in the sowing's direction.
    #[inline]
    pub fn prev(&self, pit: usize) -> usize {
        Landing {
            forward: !self.forward,
            ..*self
        }
        .next(pit)
    }
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
    if counts_only::<V>(board, config, forward, fx) {
        return sow_counts::<V>(board, config, side, origin, fx);
    }
    let mut hand = Hand::start::<V>(board, config, side, origin, forward, fx);
    hand.run::<V>(board, config, fx);
    finish::<V>(board, config, &hand, fx)
}

/// Whether this turn's sowing is only counts: no one watches, anticlockwise, no relay,
/// no per-seed rule, no sink, no seed dropped back into the origin. Then
/// [`sow_counts`] sows it as [`Hand`] would, with none of the tests the general hand
/// makes on every seed (Kalah and Oware always; search and random playouts spend most
/// of their time here).
///
/// The rules it plays are an allow-list: every field of [`Config`] is named below, so
/// that a rule added to the kit does not compile until it is judged here (played by
/// [`sow_counts`] whatever its value, or only at the values listed); the choice costs a
/// turn nothing more than the tests it makes. The playout's loops are chosen the same
/// way, once a playout (`playout/paths.rs`).
#[inline(always)]
pub(crate) fn counts_only<V: Variant>(
    board: &Board,
    config: &Config,
    forward: bool,
    fx: &Effects<'_>,
) -> bool {
    let Config {
        // What the sowing of counts plays whatever its value: the board, the skipped
        // pits, and every rule after the last seed ([`finish`], the kit's own).
        houses: _,
        rows: _,
        seeds: _,
        ends: _,
        direction: _,
        skip_origin: _,
        skip_opponent_store: _,
        extra_turn_in_own_store: _,
        capture: _,
        grand_slam: _,
        must_feed: _,
        end: _,
        cycle_ends_game: _,
        refill: _,
        rounds: _,
        rounds_pass: _,
        simultaneous_opening: _,
        quan_non: _,
        singletons_last: _,
        start: _,
        capture_taker: _,
        pass_when_stuck: _,
        // Read only with relays, which this sowing never plays.
        capture_before_relay: _,
        // Where a move may start: the sowing is handed its origin, on either row.
        sow_from: _,
        min_sow: _,
        // Read after the last seed, by the kit's capture.
        capture_from_occupied: _,
        // What it plays only as listed.
        relay,
        sowing_capture,
        first_seed_in_origin,
    } = config;
    let relay_played = match relay {
        Relay::None => true,
        Relay::Landing | Relay::Next => false,
    };
    forward
        && !fx.is_watched()
        && relay_played
        && sowing_capture.is_none()
        && V::seed_hook().is_none()
        && !first_seed_in_origin
        && board.sink_mask() == 0
        && (board.ring_len() < 32 || board.rows == 2)
}

/// [`Hand::start`], [`Hand::run`] and [`finish`] for a sowing that is only counts
/// ([`counts_only`]): whole laps at once, then the rest seed by seed past the skipped
/// pits, in a loop that tests nothing but the skip mask.
#[inline(always)]
pub(crate) fn sow_counts<V: Variant>(
    board: &mut Board,
    config: &Config,
    side: Side,
    origin: usize,
    fx: &mut Effects<'_>,
) -> Sown {
    let mut skip = board.burnt_mask();
    if config.skip_opponent_store
        && let Some(store) = board.store(side.other())
    {
        skip |= 1 << store;
    }
    if config.skip_origin {
        skip |= 1 << origin;
    }
    // The whole ring on two rows, as it always was (Kalah and Oware's search spends
    // its time here); the mover's track on four, a slice of the ring.
    let landing = if board.rows == 1 {
        let len = board.ring_len();
        let pos = drop_counts(&mut board.pits[..len], origin, counts_skip(skip, len));
        Landing::forward(side, pos, len)
    } else {
        let (lo, len) = board.track(side);
        let skip = counts_skip(skip >> lo, len);
        let pos = lo + drop_counts(&mut board.pits[lo..lo + len], origin - lo, skip);
        Landing {
            side,
            pos,
            forward: true,
            lo,
            end: lo + len,
        }
    };
    after_last_seed::<V>(board, config, landing, fx)
}

/// The pits of a track of `len` pits (below 32) a sowing of counts passes over, from
/// `skip` (one bit per pit from the track's first): none if that would be every pit, as
/// in `Hand::start`, never to loop for ever on a malformed position.
#[inline(always)]
fn counts_skip(skip: u32, len: usize) -> u32 {
    let every = (1u32 << len) - 1;
    if skip & every == every {
        0
    } else {
        skip & every
    }
}

/// The sowing of counts itself: the seeds of `origin` dropped anticlockwise round the
/// ring `pits` past the pits of `skip` (not all of them), whole laps at once, then seed
/// by seed; returns the pit of the last seed. The kit's one loop for it: the moves of
/// [`sow_counts`] and the random playouts' loops compiled for a ring's length
/// (`playout/ring.rs`, which pass an array whose length the compiler then knows). (A
/// version that finds the pits reached as a bit set and adds one to each in one pass,
/// with no loop of random length, measured 25% slower on Kalah.)
#[inline(always)]
pub(crate) fn drop_counts(pits: &mut [u32], origin: usize, skip: u32) -> usize {
    let len = pits.len();
    let mut seeds = std::mem::take(&mut pits[origin]);
    let cycle = (len as u32) - skip.count_ones();
    if seeds > cycle {
        let laps = (seeds - 1) / cycle;
        for (pit, n) in pits.iter_mut().enumerate() {
            if skip & (1 << pit) == 0 {
                *n += laps;
            }
        }
        seeds -= laps * cycle;
    }
    let mut pos = origin;
    while seeds > 0 {
        pos = if pos + 1 >= len { 0 } else { pos + 1 };
        if skip & (1 << pos) == 0 {
            pits[pos] += 1;
            seeds -= 1;
        }
    }
    pos
}

/// After the last seed: the extra turn, the variant's hook, the capture.
#[inline(always)]
pub(crate) fn finish<V: Variant>(
    board: &mut Board,
    config: &Config,
    hand: &Hand,
    fx: &mut Effects<'_>,
) -> Sown {
    if hand.looped || hand.ended {
        return Sown::default();
    }
    after_last_seed::<V>(board, config, hand.landing(), fx)
}

/// The extra turn, the variant's hook and the capture, after a turn's last seed landed
/// where `landing` says.
#[inline(always)]
pub(crate) fn after_last_seed<V: Variant>(
    board: &mut Board,
    config: &Config,
    landing: Landing,
    fx: &mut Effects<'_>,
) -> Sown {
    let side = landing.side;
    if config.extra_turn_in_own_store && board.store(side) == Some(landing.pos) {
        fx.extra_turn(side);
        return Sown {
            extra_turn: true,
            grand_slam: false,
        };
    }
    if V::after_sowing(board, side, landing.pos, fx) {
        return Sown::default();
    }
    capture::last_seed(board, config, landing, fx)
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
        .map(|&s| Hand::start::<V>(board, config, s, origins[s.index()], true, fx))
        .collect();
    let mut ended = [None, None];
    let mut seen = [RelaySeen::default(), RelaySeen::default()];
    let mut tick = 0u64;
    while ended.iter().any(Option::is_none) {
        tick += 1;
        for (i, hand) in hands.iter_mut().enumerate() {
            if ended[i].is_some() {
                continue;
            }
            if hand.seeds > 0 {
                hand.drop_one::<V>(board, config, fx);
            }
            if hand.seeds == 0 && !hand.land(board, config, &mut seen[i], fx) {
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
        let next =
            sow_simultaneous::<Congkak5>(&mut tie, &config, [c, big_c], &mut Effects::none());
        assert_eq!(next, Side::South);
        assert_eq!(tie, board([0, 0, 0, 1, 0], [0, 0, 0, 1, 0]));
        // South's opening ends on tick 1, North's on tick 2: North moves next.
        let mut later = board([1, 0, 0, 0, 0], [2, 0, 0, 0, 0]);
        let next = sow_simultaneous::<Congkak5>(&mut later, &config, [0, 6], &mut Effects::none());
        assert_eq!(next, Side::North);
        assert_eq!(later, board([0, 1, 0, 0, 0], [0, 1, 1, 0, 0]));
    }
}
