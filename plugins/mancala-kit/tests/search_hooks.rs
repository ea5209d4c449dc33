//! The kit's fast answers to the search engine's hooks against plain reference
//! versions written here from the public board: the legal moves (sowing every move on a
//! copy to test feeding and grand slams), the move-ordering hint (stepping the sowing
//! pit by pit), the position hash (SipHash over the whole position) and the move played
//! without the legality check. The hooks must agree on every position of random games, and a
//! fixed-depth search through the reference hooks must find the same best move, score
//! and number of positions as through the kit's.

#[macro_use]
mod common;

use std::hash::{Hash, Hasher};

use game_api::{
    Effect, Game, GameError, Layout, Manifest, MoveId, MoveInfo, Options, Rng, Turn, View,
};
use mancala_kit::{
    Capture, Config, Direction, EmptyOpposite, GrandSlam, Mancala, Pit, Side, Variant, bench,
};
use serde::{Deserialize, Serialize};

/// A test variant named `$name` with the rules `$config`, with or without endgame
/// tables.
macro_rules! variant_tables {
    ($name:ident, $config:expr, $tables:expr) => {
        variant!(
            $name,
            $config,
            fn endgame_tables() -> bool {
                $tables
            }
        );
    };
}

variant_tables!(Kalah, Config::kalah(6, 4), false);
variant_tables!(Oware, Config::oware(4), true);
variant_tables!(
    OwareForbidden,
    Config {
        grand_slam: GrandSlam::Forbidden,
        ..Config::oware(4)
    },
    true
);
variant_tables!(Congkak, Config::congkak(5), false);
variant_tables!(
    KalahLastCaptured,
    Config {
        capture: Capture::Opposite {
            empty_opposite: EmptyOpposite::CaptureLast,
            keep_last: false,
        },
        ..Config::kalah(4, 3)
    },
    false
);

/// The legal moves from the rules: every house with seeds, less (when the opponent has
/// none) those that leave them none, less grand slams where they are forbidden (unless
/// every move is one). Each candidate is sown on a copy whose rules filter nothing.
fn reference_legal<V: Variant>(game: &Mancala<V>) -> Vec<MoveId> {
    if game.is_over() {
        return Vec::new();
    }
    let me = game.to_move;
    let per_house = if game.config.direction == Direction::Chosen {
        2
    } else {
        1
    };
    let candidates: Vec<MoveId> = (0..game.config.houses)
        .filter(|&i| game.board.playable(game.board.house(me, i)))
        .flat_map(|i| (0..per_house).map(move |d| MoveId((i * per_house + d) as u32)))
        .collect();
    let mut free = game.clone();
    free.config.must_feed = false;
    let forbidden = free.config.grand_slam == GrandSlam::Forbidden;
    free.config.grand_slam = GrandSlam::NoCapture;
    let played = |mv: MoveId| {
        let mut g = free.clone();
        let mut fx = Vec::new();
        g.apply(mv, Some(&mut fx)).expect("a playable house");
        (g, fx)
    };
    let starving = game.config.must_feed && game.board.seeds_on_side(me.other()) == 0;
    let mut moves: Vec<MoveId> = candidates
        .into_iter()
        .filter(|&mv| !starving || played(mv).0.board.seeds_on_side(me.other()) > 0)
        .collect();
    if forbidden {
        let fair: Vec<MoveId> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                !played(mv).1.iter().any(
                    |e| matches!(e, Effect::Message { text } if text.starts_with("Grand slam")),
                )
            })
            .collect();
        if !fair.is_empty() {
            moves = fair;
        }
    }
    moves
}

/// The move-ordering hint as the kit first wrote it: the landing pit found by stepping
/// round the ring.
fn reference_hint<V: Variant>(game: &Mancala<V>, mv: MoveId) -> i32 {
    let c = &game.config;
    if c.direction != Direction::Anticlockwise || game.is_over() {
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
    let len = b.ring_len();
    let opponent_store = b.store(me.other());
    let skipped = |p: usize| {
        (c.skip_opponent_store && Some(p) == opponent_store) || (c.skip_origin && p == origin)
    };
    let cycle = (0..len).filter(|&p| !skipped(p)).count().max(1) as u32;
    let mut steps = (n - 1) % cycle + 1;
    let mut last = origin;
    while steps > 0 {
        last = (last + 1) % len;
        if !skipped(last) {
            steps -= 1;
        }
    }
    let capture = match (b.pit(last), &c.capture) {
        (Pit::Store(s), _) if s == me && c.extra_turn_in_own_store => 1,
        (Pit::House(s, _), Capture::Opposite { empty_opposite, .. })
            if s == me && !lapped && b.pits[last] == 0 =>
        {
            match (b.pits[b.opposite(last)], empty_opposite) {
                (0, EmptyOpposite::CaptureLast) => 1,
                (0, _) => 0,
                (k, _) => k as i32 + 1,
            }
        }
        (Pit::House(s, _), Capture::Backward { min, max }) if s != me => {
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
                p = (p + len - 1) % len;
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

/// SipHash over every part of the position, the cycle record included when `record`.
fn reference_key<V: Variant>(game: &Mancala<V>, record: bool) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.board.hash(&mut h);
    game.to_move.hash(&mut h);
    game.phase.hash(&mut h);
    game.round.hash(&mut h);
    // The cycle record decides which moves end the game by repetition: part of the
    // solver's key.
    if record && game.history.len() > 1 {
        game.history.fingerprint().hash(&mut h);
    }
    h.finish()
}

/// The reference `state_hash`: every part of the position, the cycle record too.
fn reference_hash<V: Variant>(game: &Mancala<V>) -> u64 {
    reference_key(game, true)
}

/// The reference `search_hash`: [`reference_hash`] without the cycle record.
fn reference_search_hash<V: Variant>(game: &Mancala<V>) -> u64 {
    reference_key(game, false)
}

/// `Mancala<V>` searched through the reference hooks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
struct Reference<V: Variant>(Mancala<V>);

impl<V: Variant> Game for Reference<V> {
    fn manifest() -> Manifest {
        Mancala::<V>::manifest()
    }
    fn new(options: &Options) -> Result<Self, GameError> {
        Mancala::new(options).map(Reference)
    }
    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        Mancala::from_notation(options, notation).map(Reference)
    }
    fn notation(&self) -> String {
        self.0.notation()
    }
    fn seat_count(&self) -> u8 {
        2
    }
    fn layout(&self) -> Layout {
        self.0.layout()
    }
    fn view(&self) -> View {
        self.0.view()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        moves.extend(reference_legal(&self.0));
    }
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        self.0.move_info(mv)
    }
    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        if !reference_legal(&self.0).contains(&mv) {
            return Err(GameError::illegal(mv, "not in the reference list"));
        }
        self.0.apply(mv, effects)
    }
    fn state_hash(&self) -> u64 {
        reference_hash(&self.0)
    }
    fn search_hash(&self) -> u64 {
        reference_search_hash(&self.0)
    }
    fn search_eval(&self) -> Option<i32> {
        self.0.search_eval()
    }
    fn final_margin(&self, seat: u8) -> Option<i32> {
        self.0.final_margin(seat)
    }
    fn score_bounds(&self) -> Option<(i32, i32)> {
        self.0.score_bounds()
    }
    fn move_order_hint(&self, mv: MoveId) -> i32 {
        reference_hint(&self.0, mv)
    }
    fn exact_value(&self) -> Option<i32> {
        self.0.exact_value()
    }
}

/// The positions of `games` random games of `V` (seeded 1, 2, …), every one with a
/// side to move.
fn random_positions<V: Variant>(games: u64) -> Vec<Mancala<V>> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for seed in 1..=games {
        let mut rng = Rng::with_seed(seed);
        let mut game = Mancala::<V>::new(&Options::default()).unwrap();
        while matches!(game.turn(), Turn::Seat { .. }) && out.len() < 100_000 {
            out.push(game.clone());
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            game.apply(mv, None).unwrap();
        }
    }
    out
}

fn hooks_agree<V: Variant>(games: u64) {
    let positions = random_positions::<V>(games);
    assert!(
        positions.len() > 10 * games as usize,
        "{} positions",
        positions.len()
    );
    let mut hashes = std::collections::HashMap::new();
    for g in &positions {
        let where_ = g.notation();
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves, reference_legal(g), "legal moves of {where_}");
        for &mv in &moves {
            let (mut checked, mut trusted) = (g.clone(), g.clone());
            checked.apply(mv, None).unwrap();
            trusted.apply_legal(mv).unwrap();
            assert_eq!(trusted, checked, "{mv} played in {where_}");
        }
        assert!(g.clone().apply_legal(MoveId(99)).is_err());
        for mv in (0..2 * g.config.houses as u32).map(MoveId) {
            assert_eq!(
                g.move_order_hint(mv),
                reference_hint(g, mv),
                "hint of {mv} in {where_}"
            );
        }
        // The same position, and only it, has the same hash.
        let seen = hashes
            .entry(g.state_hash())
            .or_insert_with(|| reference_hash(g));
        assert_eq!(*seen, reference_hash(g), "a hash collision at {where_}");
    }
}

/// The hint on boards of random counts up to several laps, every house of either side.
fn hints_agree_on_big_houses<V: Variant>() {
    let mut rng = Rng::with_seed(7);
    let start = Mancala::<V>::new(&Options::default()).unwrap();
    for _ in 0..2000 {
        let mut g = start.clone();
        for p in 0..g.board.ring_len() {
            let most = if rng.below(4) == 0 { 60 } else { 5 };
            g.board.pits[p] = rng.below(most) as u32;
        }
        g.to_move = if rng.below(2) == 0 {
            Side::South
        } else {
            Side::North
        };
        for mv in (0..g.config.houses as u32).map(MoveId) {
            assert_eq!(
                g.move_order_hint(mv),
                reference_hint(&g, mv),
                "hint of {mv} in {:?}, {:?} to move",
                g.board.pits,
                g.to_move
            );
        }
    }
}

#[test]
fn hints_agree_on_houses_of_many_seeds() {
    hints_agree_on_big_houses::<Kalah>();
    hints_agree_on_big_houses::<KalahLastCaptured>();
    hints_agree_on_big_houses::<Oware>();
}

#[test]
fn kalah_hooks_agree_with_the_reference() {
    hooks_agree::<Kalah>(40);
    hooks_agree::<KalahLastCaptured>(40);
}

#[test]
fn oware_hooks_agree_with_the_reference() {
    hooks_agree::<Oware>(40);
    hooks_agree::<OwareForbidden>(40);
}

#[test]
fn congkak_hooks_agree_with_the_reference() {
    hooks_agree::<Congkak>(20);
}

/// Fixed-depth searches of the benchmark's positions (a few openings, a few midgames)
/// through the kit's hooks and through the reference: the same best move, score and
/// number of positions (the table is large enough never to replace an entry).
fn same_search<V: Variant>(depth: u32) {
    let mut fast = game_api::search::Table::with_mib(8);
    let mut slow = game_api::search::Table::with_mib(8);
    for g in bench::positions::<V>(&Options::default(), 3, 4) {
        let a = bench::fixed_depth(&g, depth, &mut fast);
        let b = bench::fixed_depth(&Reference(g.clone()), depth, &mut slow);
        assert!(a.is_some());
        assert_eq!(a, b, "fixed-depth search of {}", g.notation());
    }
}

#[test]
fn kalah_searches_as_through_the_reference() {
    same_search::<Kalah>(7);
}

#[test]
fn oware_searches_as_through_the_reference() {
    same_search::<Oware>(7);
    same_search::<OwareForbidden>(6);
}

#[test]
fn the_search_key_leaves_out_the_cycle_record_and_the_solver_key_keeps_it() {
    // The same Oware board reached after moves (a record of earlier positions since the
    // last capture) and read from its notation (no record).
    let mut played = Mancala::<Oware>::new(&Options::default()).unwrap();
    for mv in ["a", "A", "b", "B"] {
        let mut moves = Vec::new();
        played.legal_moves(&mut moves);
        let id = moves
            .into_iter()
            .find(|&m| played.move_info(m).unwrap().notation == mv)
            .unwrap();
        played.apply(id, None).unwrap();
    }
    let read = Mancala::<Oware>::from_notation(&Options::default(), &played.notation()).unwrap();
    assert_eq!(played.notation(), read.notation());
    assert_eq!(played.search_hash(), read.search_hash());
    assert_ne!(played.state_hash(), read.state_hash());
    // Where no record is kept yet, the two keys agree.
    assert_eq!(read.search_hash(), read.state_hash());
}
