//! The kit's answers to the search engine's optional hooks ([`game_api::search`]): the
//! evaluation ([`Variant::evaluate`], by default [`crate::eval::evaluate`]), the final
//! margin, exact bounds from the scores, and captures first in move ordering.

use std::{
    cell::Cell,
    sync::atomic::{AtomicUsize, Ordering},
};

use game_api::MoveId;

use crate::{Capture, Direction, EmptyOpposite, End, Mancala, Pit, Side, Variant};

/// The final margin of `seat` at a finished game: its score minus the other's.
pub(crate) fn final_margin<V: Variant>(game: &Mancala<V>, seat: u8) -> Option<i32> {
    if !game.is_over() {
        return None;
    }
    let side = Side::from_seat(seat);
    let total = |s: Side| game.board.score(s) + i64::from(game.board.seeds_on_side(s));
    i32::try_from(total(side) - total(side.other())).ok()
}

/// How the evaluation uses the endgame tables by default: their point value (see
/// [`with_table_eval`]; measured in `docs/benchmarks/search-engine.md`).
pub(crate) const TABLE_EVAL_DEFAULT: u8 = 3;

thread_local! {
    static TABLE_EVAL: Cell<(u8, u32)> = const { Cell::new((TABLE_EVAL_DEFAULT, u32::MAX)) };
}

/// How many threads run with a changed table evaluation: the thread-local is read only
/// while one does (in a plugin, a thread-local read is a call into the dynamic loader,
/// too dear at every leaf).
static OVERRIDING: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` with the evaluation using the endgame tables as `mode` says (0: not at
/// all; 1: the features' evaluation held within the tables' bounds; 2: the middle of the
/// bounds; 3: the tables' point value, the default) and asking them only about
/// positions of at most `seeds` seeds on the board, on this thread, so that self-play
/// can compare them.
pub fn with_table_eval<T>(mode: u8, seeds: u32, f: impl FnOnce() -> T) -> T {
    OVERRIDING.fetch_add(1, Ordering::SeqCst);
    let old = TABLE_EVAL.with(|m| m.replace((mode, seeds)));
    let out = f();
    TABLE_EVAL.with(|m| m.set(old));
    OVERRIDING.fetch_sub(1, Ordering::SeqCst);
    out
}

/// The search's evaluation ([`game_api::Game::search_eval`]): the variant's
/// ([`Variant::evaluate`]), unless the loaded endgame tables know the seeds still on
/// the board ([`crate::endgame::hint_entry`]): then the score difference plus the
/// point value the tables give within their bounds for what those seeds bring (a
/// material point a seed) — at a leaf of a search into an ending the tables are worth
/// more than the features' guess (a match in `docs/benchmarks/search-engine.md`), and
/// where the bounds meet they are the value.
pub(crate) fn search_eval<V: Variant>(game: &Mancala<V>) -> i32 {
    let (mode, seeds) = if OVERRIDING.load(Ordering::Relaxed) > 0 {
        TABLE_EVAL.with(Cell::get)
    } else {
        (TABLE_EVAL_DEFAULT, u32::MAX)
    };
    if mode != 0
        && let Some(v) = table_eval(game, mode, seeds)
    {
        return v;
    }
    V::evaluate(game)
}

/// The evaluation from the tables' bounds (`mode` as in [`with_table_eval`]), where
/// they cover the position and it has at most `seeds` seeds on the board.
fn table_eval<V: Variant>(game: &Mancala<V>, mode: u8, seeds: u32) -> Option<i32> {
    let b = &game.board;
    if seeds != u32::MAX && b.seeds_on_side(Side::South) + b.seeds_on_side(Side::North) > seeds {
        return None;
    }
    let (lo, hi, point) = crate::endgame::hint_entry(game)?;
    let me = game.to_move;
    let diff = i32::try_from(b.score(me) - b.score(me.other())).ok()?;
    Some(match mode {
        1 => V::evaluate(game).clamp(MATERIAL * (diff + lo), MATERIAL * (diff + hi)),
        2 => MATERIAL * diff + MATERIAL * (lo + hi) / 2,
        _ => MATERIAL * (diff + point),
    })
}

/// The evaluation's points for a seed (the material weight).
const MATERIAL: i32 = 100;

/// Exact bounds on the final margin of the side to move: every seed still in a house
/// ends in someone's score, so the margin lies within the score difference plus or
/// minus those seeds. Only where that holds: no rounds, refills, loans, big stones,
/// mandarin squares or house marks.
///
/// Where the endgame tables are loaded and know the position ([`crate::endgame::bounds`]:
/// widened, later in a capture-free stretch, by what repeating an earlier position
/// would give), their bounds `lo..=hi` on the play-out value narrow these:
/// the margin is the score difference plus the play-out value when the game ends only
/// as the seeds run out; under Oware's majority rule (the game ends once one side has
/// more than half the seeds) the margin is not, but its sign is — the side ahead after
/// every seed is played out is the only one that can pass half — so there the tables
/// give the *result* alone: a win is a margin of at least 1, a loss of at most −1. The
/// search then cuts such a node as won or lost without searching it.
pub(crate) fn score_bounds<V: Variant>(game: &Mancala<V>) -> Option<(i32, i32)> {
    let c = &game.config;
    let b = &game.board;
    if c.rounds
        || c.refill
        || b.has_marks()
        || b.big_value() > 0
        || b.loans != [0, 0]
        || !b.mandarins().is_empty()
    {
        return None;
    }
    let me = game.to_move;
    let diff = i32::try_from(b.score(me) - b.score(me.other())).ok()?;
    let left = (b.seeds_on_side(Side::South) + b.seeds_on_side(Side::North)) as i32;
    let (mut lower, mut upper) = (diff - left, diff + left);
    if let Some((lo, hi)) = crate::endgame::bounds(game) {
        if c.end == End::Majority {
            if diff + lo > 0 {
                lower = lower.max(1);
            }
            if diff + hi < 0 {
                upper = upper.min(-1);
            }
        } else {
            lower = lower.max(diff + lo);
            upper = upper.min(diff + hi);
        }
    }
    Some((lower, upper.max(lower)))
}

/// The solver's key ([`game_api::Game::solve_key`]): the houses seen from the side to
/// move (its row first), with the score difference as the decided part of the margin.
/// Where [`score_bounds`] holds (every seed still in a house ends in someone's score)
/// and nothing banked changes play: not under the majority end (it looks at the scores)
/// nor the cycle rule (it looks at the history). The rules are the same for both
/// sides, so mirrored positions share a key.
pub(crate) fn solve_key<V: Variant>(game: &Mancala<V>) -> Option<(u64, i32)> {
    let c = &game.config;
    if game.phase != crate::Phase::Play || c.cycle_ends_game || c.end == crate::End::Majority {
        return None;
    }
    let (lo, hi) = score_bounds(game)?;
    let b = &game.board;
    let me = game.to_move;
    let mut key: u64 = 0xcbf2_9ce4_8422_2325;
    for side in [me, me.other()] {
        for i in 0..b.houses {
            key = (key ^ u64::from(b.pits[b.house(side, i)])).wrapping_mul(0x0100_0000_01b3);
        }
    }
    Some((key, lo + (hi - lo) / 2))
}

/// Where the last seed of a sowing of `n` seeds from `origin` lands, stepping over the
/// opponent's store (when skipped) and the origin (on a lap, when skipped). Only for
/// anticlockwise sowing without relays: good enough for move ordering. Arithmetic, not
/// a walk round the ring: the sowing covers the ring's other pits in turn, so the last
/// seed lands `steps` pits on, one more when it passes the skipped store.
#[inline]
fn landing<V: Variant>(game: &Mancala<V>, origin: usize, n: u32) -> usize {
    let b = &game.board;
    let len = b.ring_len();
    let store = b
        .store(game.to_move.other())
        .filter(|_| game.config.skip_opponent_store);
    let skip_origin = game.config.skip_origin;
    let cycle = (len - usize::from(store.is_some()) - usize::from(skip_origin)).max(1);
    // No division for the usual sowing of less than a lap.
    let n = n as usize;
    let steps = if n <= cycle { n } else { (n - 1) % cycle + 1 };
    let wrap = |p: usize| if p >= len { p - len } else { p };
    // The store's distance from the origin (it is never the origin: that is a house).
    let past_store = store.is_some_and(|s| wrap(s + len - origin) <= steps);
    wrap(origin + steps + usize::from(past_store))
}

/// Move ordering: captures first (by the seeds they take), then moves that end in
/// one's own store, then moves from houses of 1–2 seeds (they are the ones the
/// opponent would capture).
pub(crate) fn move_order_hint<V: Variant>(game: &Mancala<V>, mv: MoveId) -> i32 {
    let c = &game.config;
    // Four rows: the landing arithmetic reads a two-row ring.
    // Holes of the opponent's row or a fewest count to sow: the arithmetic reads one's own.
    if c.direction != Direction::Anticlockwise
        || game.is_over()
        || game.board.rows != 1
        || !game.plain_holes()
    {
        return 0;
    }
    let b = &game.board;
    let me = game.to_move;
    let i = mv.0 as usize;
    if i >= b.houses {
        return 0;
    }
    let origin = b.house(me, i);
    let n = b.pits[origin];
    if n == 0 {
        return 0;
    }
    let lapped = n as usize >= b.ring_len() - 1;
    let last = landing(game, origin, n);
    let capture = match (b.pit(last), &c.capture) {
        (Pit::Store(s), _) if s == me && c.extra_turn_in_own_store => 1,
        (Pit::House(s, _), Capture::Opposite { empty_opposite, .. })
            if s == me && !lapped && b.pits[last] == 0 =>
        {
            let opposite = b.pits[b.opposite(last)];
            match (opposite, empty_opposite) {
                (0, EmptyOpposite::CaptureLast) => 1,
                (0, _) => 0,
                (k, _) => k as i32 + 1,
            }
        }
        (Pit::House(s, _), Capture::Backward { min, max }) if s != me => {
            // The run of houses from the last one backwards that reach a capturing count.
            let mut taken = 0;
            let mut p = last;
            while let Pit::House(side, _) = b.pit(p)
                && side != me
            {
                let k = b.pits[p] + u32::from(!lapped || p != origin);
                if !(*min..=*max).contains(&k) {
                    break;
                }
                taken += k as i32;
                p = if p == 0 { b.ring_len() - 1 } else { p - 1 };
            }
            taken
        }
        _ => 0,
    };
    if capture > 0 {
        8 + 4 * capture
    } else if n <= 2 {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use game_api::{Game, MoveId};

    use crate::{Config, Mancala, Phase, Side, Variant};

    #[derive(Debug, Clone, Default, PartialEq, Eq)]
    struct K;
    impl Variant for K {
        fn manifest() -> game_api::Manifest {
            game_api::Manifest::new("k", "K", "1.0.0")
        }
        fn config(_: &game_api::Options) -> Result<Config, game_api::GameError> {
            Ok(Config::kalah(6, 4))
        }
    }

    #[test]
    fn kalah_bounds_order_and_margin() {
        let g: Mancala<K> = Mancala::new(&game_api::Options::default()).unwrap();
        assert_eq!(g.score_bounds(), Some((-48, 48)));
        // House c (4 seeds) ends in the store: an extra turn, ordered first.
        assert!(g.move_order_hint(MoveId(2)) > g.move_order_hint(MoveId(0)));
        assert_eq!(g.final_margin(0), None);
        // The solver's key: the houses from the mover's side, the stores apart.
        let (key, decided) = g.solve_key().unwrap();
        assert_eq!(decided, 0);
        let mut after = g.clone();
        after.apply(MoveId(0), None).unwrap();
        let mut mirror = after.clone();
        let (s, n) = (
            mirror.board.house(Side::South, 0),
            mirror.board.house(Side::North, 0),
        );
        for i in 0..=6 {
            mirror.board.pits.swap(s + i, n + i);
        }
        mirror.to_move = after.to_move.other();
        let (k1, d1) = after.solve_key().unwrap();
        assert_eq!(mirror.solve_key(), Some((k1, d1)));
        assert_ne!(k1, key);
        let mut banked = after.clone();
        banked.board.pits[13] += 2;
        assert_eq!(banked.solve_key(), Some((k1, d1 + 2)));
        mirror.board.pits[6] += 1;
        mirror.board.pits[3] -= 1;
        assert_ne!(mirror.solve_key().map(|k| k.0), Some(k1));
        let mut board = g.board.clone();
        board.pits.iter_mut().for_each(|p| *p = 0);
        board.pits[6] = 30;
        board.pits[13] = 18;
        let over = Mancala::<K>::from_parts(
            g.config.config().clone(),
            board,
            Side::North,
            Phase::Play,
            1,
        )
        .unwrap();
        assert!(over.is_over());
        assert_eq!(over.final_margin(0), Some(12));
        assert_eq!(over.final_margin(1), Some(-12));
    }
}
