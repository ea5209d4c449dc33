//! The tables of a board with stores in the ring (Kalah) against an exhaustive search
//! written on the game's own rules: a sowing past one's store banks a seed, a last seed
//! in it earns another turn, the game ends when a row is empty.

use std::collections::HashMap;

use game_api::{Game, Manifest, MoveId, Options};

use super::*;
use crate::{Board, Capture, EmptyOpposite, Side};

/// Kalah on three houses a side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct SmallKalah;
impl Variant for SmallKalah {
    fn manifest() -> Manifest {
        Manifest::new("small-kalah", "Small Kalah", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        Ok(Config::kalah(3, 3))
    }
    fn endgame_tables() -> bool {
        true
    }
}

/// Kalah on four houses a side, capturing the last seed even opposite an empty house.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct EmptyCaptureKalah;
impl Variant for EmptyCaptureKalah {
    fn manifest() -> Manifest {
        Manifest::new("empty-capture-kalah", "Kalah", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        let mut config = Config::kalah(4, 3);
        config.capture = Capture::Opposite {
            empty_opposite: EmptyOpposite::CaptureLast,
            keep_last: false,
        };
        Ok(config)
    }
    fn endgame_tables() -> bool {
        true
    }
}

/// Kalah on its own board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct SixKalah;
impl Variant for SixKalah {
    fn manifest() -> Manifest {
        Manifest::new("six-kalah", "Kalah", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        Ok(Config::kalah(6, 4))
    }
    fn endgame_tables() -> bool {
        true
    }
}

/// A game with `view` in the houses (South's row first) and the game's other seeds in
/// South's store, South to move, with the end rules applied (a row already empty ends
/// it).
fn position<V: Variant>(config: &Config, view: &[u32]) -> Mancala<V> {
    let mut board = Board::empty(config.houses, config.ends);
    for (k, side) in [Side::South, Side::North].into_iter().enumerate() {
        for i in 0..config.houses {
            let pit = board.house(side, i);
            board.pits[pit] = view[k * config.houses + i];
        }
    }
    let store = board.store(Side::South).unwrap();
    board.pits[store] = config.total_seeds() - view.iter().sum::<u32>();
    Mancala::from_parts(config.clone(), board, Side::South, crate::Phase::Play, 1).unwrap()
}

/// The final margin for South under perfect play, by trying every line through the
/// game's public moves (`Game::apply_legal`, `Game::final_margin`); no Kalah position
/// repeats (every move banks a seed or brings one nearer its owner's store), so the
/// recursion ends.
fn perfect<V: Variant>(game: &Mancala<V>, memo: &mut HashMap<(Board, Side), i32>) -> i32 {
    if game.is_over() {
        return game.final_margin(0).expect("a finished game has a margin");
    }
    let key = (game.board.clone(), game.to_move);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves: Vec<MoveId> = Vec::new();
    game.legal_moves(&mut moves);
    let values = moves.into_iter().map(|mv| {
        let mut next = game.clone();
        next.apply_legal(mv).expect("a legal move applies");
        perfect(&next, memo)
    });
    let value = match game.to_move {
        Side::South => values.max(),
        Side::North => values.min(),
    }
    .expect("a game in play has a move");
    memo.insert(key, value);
    value
}

/// Every position of up to `max` seeds: each table entry is exact and equals the
/// exhaustive search's value. Returns the positions checked.
fn check_every_position<V: Variant>(max: u32) -> u64 {
    let config = V::config(&Options::default()).unwrap();
    let tables = build_in_memory::<V>(&config, max).unwrap();
    let index = Index::new(2 * config.houses, max);
    let mut view = vec![0; 2 * config.houses];
    let mut memo = HashMap::new();
    let mut checked = 0;
    for n in 0..=max {
        for r in 0..index.count(n) {
            index.unrank(r, n, &mut view);
            let (lo, hi) = tables.probe(&view).unwrap();
            assert_eq!(lo, hi, "{view:?}: a Kalah position cannot repeat");
            let game = position::<V>(&config, &view);
            // The seeds `position` put in South's store (the end of the game may bank
            // the rest).
            let banked = (config.total_seeds() - n) as i32;
            assert_eq!(
                perfect(&game, &mut memo) - banked,
                lo,
                "{view:?}: search against the table"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn kalah_tables_agree_with_exhaustive_search_on_three_houses() {
    let checked = check_every_position::<SmallKalah>(12);
    assert_eq!(
        checked,
        (0..=12).map(|n| Index::new(6, 12).count(n)).sum::<u64>()
    );
}

#[test]
fn kalah_tables_agree_with_exhaustive_search_with_the_empty_capture_rule() {
    check_every_position::<EmptyCaptureKalah>(9);
}

#[test]
fn kalah_tables_agree_with_exhaustive_search_on_the_six_house_board() {
    check_every_position::<SixKalah>(6);
}

#[test]
fn a_kalah_ending_worked_by_hand() {
    let config = Config::kalah(6, 4);
    let tables = build_in_memory::<SixKalah>(&config, 3).unwrap();
    // South's one seed in its last house goes to the store: South plays again with an
    // empty row, the game ends, and North keeps its two seeds: 1 - 2.
    assert_eq!(
        tables.probe(&[0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0]),
        Some((-1, -1))
    );
    // South's seed in its fifth house lands in the empty sixth, opposite North's two
    // seeds in its first house: South captures all three.
    assert_eq!(
        tables.probe(&[0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0]),
        Some((3, 3))
    );
}

#[test]
fn the_kalah_game_reads_the_tables_through_its_stores() {
    let config = Config::kalah(6, 4);
    install_tables(build_in_memory::<SixKalah>(&config, 3).unwrap());
    let mut game = position::<SixKalah>(&config, &[0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0]);
    let (south, north) = (
        game.board.store(Side::South).unwrap(),
        game.board.store(Side::North).unwrap(),
    );
    game.board.pits[south] = 20;
    game.board.pits[north] = 25;
    assert_eq!(hint_bounds(&game), Some((3, 3)));
    // 20 - 25 banked, +3 to come: North wins by 2.
    assert_eq!(game.exact_value(), Some(-2));
    let play = probe(&game).unwrap();
    assert_eq!((play.winner, play.margin), (Some(1), Some(2)));
}
