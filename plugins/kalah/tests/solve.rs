//! The engine's solver on real Kalah against a plain reference: minimax over every
//! position reachable on small boards (3×2, 3×3, 4×2, one house of 1–6 seeds, two of
//! 1–3, three and four houses of one seed), memoised on the whole position,
//! with no bounds, table keys or pruning of its own; under both capture rules, from the
//! start and from positions along random games. The solver's mirrored and store-free
//! table keys ([`game_api::Game::solve_key`]) are what these tests check most.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use game_api::{
    Game, MoveId, Rng, Turn,
    search::{Clock, Searcher, SolveState, Table, solve},
};
use kalah::Kalah;
use mancala_kit::{Board, Capture, Config, EmptyOpposite, Mancala, Phase, Side};

/// The start of Kalah(`houses`, `seeds`), with the empty-house capture rule or not.
fn start(houses: usize, seeds: u32, empty_capture: bool) -> Kalah {
    let mut config = Config::kalah(houses, seeds);
    if empty_capture {
        config.capture = Capture::Opposite {
            empty_opposite: EmptyOpposite::CaptureLast,
            keep_last: false,
        };
    }
    let board = Board::start(&config);
    Mancala::from_parts(config, board, Side::South, Phase::Play, 1).unwrap()
}

/// The final margin for the seat to move, by memoised minimax.
fn minimax(game: &Kalah, memo: &mut HashMap<String, i32>) -> i32 {
    let key = game.notation();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let Turn::Seat { seat } = game.turn() else {
        panic!("minimax of a finished game");
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let v = moves
        .into_iter()
        .map(|mv| value_after(game, mv, seat, memo))
        .max()
        .expect("a seat to move has a move");
    memo.insert(key, v);
    v
}

/// The value for `seat` of playing `mv` in `game`.
fn value_after(game: &Kalah, mv: MoveId, seat: u8, memo: &mut HashMap<String, i32>) -> i32 {
    let mut child = game.clone();
    child.apply(mv, None).unwrap();
    match child.turn() {
        Turn::Over { .. } => child.final_margin(seat).unwrap(),
        Turn::Seat { seat: s } if s == seat => minimax(&child, memo),
        _ => -minimax(&child, memo),
    }
}

/// The solver's value and best move, with the positions it searched.
fn solved(game: &Kalah, table: &mut Table) -> (i32, MoveId, u64) {
    let stop = AtomicBool::new(false);
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(table, clock, true, 11, &[]);
    let mut state = SolveState::start(game);
    let best = solve(&mut searcher, game, &mut state).unwrap();
    assert!(state.solved());
    (
        state.lower,
        best.expect("a solved position names a move"),
        searcher.nodes,
    )
}

/// The start and positions along random games of the board.
fn positions(houses: usize, seeds: u32, empty_capture: bool, count: usize) -> Vec<Kalah> {
    let mut rng = Rng::with_seed(7 + houses as u64 * 13 + u64::from(seeds));
    let mut out = vec![start(houses, seeds, empty_capture)];
    while out.len() < count {
        let mut g = start(houses, seeds, empty_capture);
        for _ in 0..rng.below(16) {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.apply(moves[rng.below(moves.len())], None).unwrap();
        }
        if matches!(g.turn(), Turn::Seat { .. }) {
            out.push(g);
        }
    }
    out
}

#[test]
fn the_solver_agrees_with_minimax_on_small_boards_under_both_rules() {
    for empty_capture in [false, true] {
        for (houses, seeds) in [(3, 2), (3, 3), (4, 2)] {
            let mut memo = HashMap::new();
            // One table for every position of the board: entries carried from one
            // solve to the next (mirrored, with other stores) must stay right.
            let mut table = Table::with_mib(8);
            for g in positions(houses, seeds, empty_capture, 16) {
                let want = minimax(&g, &mut memo);
                let (got, best, _) = solved(&g, &mut table);
                let what = format!("{} (empty capture {empty_capture})", g.notation());
                assert_eq!(got, want, "{what}");
                let Turn::Seat { seat } = g.turn() else {
                    unreachable!()
                };
                assert_eq!(
                    value_after(&g, best, seat, &mut memo),
                    want,
                    "the best move of {what}"
                );
            }
        }
    }
}

#[test]
fn the_smallest_boards_solve_as_minimax_does_from_every_position_tried() {
    // The boards with one or two houses, or one or two seeds a house (the options'
    // lower range): the solver against plain minimax, under both capture rules.
    let boards = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 1),
        (4, 1),
    ];
    for empty_capture in [false, true] {
        for (houses, seeds) in boards {
            let mut memo = HashMap::new();
            let mut table = Table::with_mib(8);
            for g in positions(houses, seeds, empty_capture, 8) {
                let want = minimax(&g, &mut memo);
                let (got, _, _) = solved(&g, &mut table);
                assert_eq!(
                    got,
                    want,
                    "Kalah({houses},{seeds}) at {} (empty capture {empty_capture})",
                    g.notation()
                );
            }
        }
    }
}

#[test]
fn one_house_of_one_seed_is_a_draw_and_both_rules_agree_there() {
    // Kalah(1,1): South's one seed goes into South's store, South's row is empty, the
    // game ends and North banks its own seed: 1–1. Worked out by hand from the rules.
    for empty_capture in [false, true] {
        let g = start(1, 1, empty_capture);
        let (got, _, _) = solved(&g, &mut Table::with_mib(1));
        assert_eq!(got, 0);
    }
}

#[test]
fn the_start_of_small_boards_has_the_published_values() {
    // Irving, Donkers and Uiterwijk (2000), who capture a lone last seed in an empty
    // house even when the opposite house is empty: Kalah(3,3) is a first-player win by
    // 2 and Kalah(4,3) by 8.
    for ((houses, seeds), want) in [((3, 3), 2), ((4, 3), 8)] {
        let (got, _, _) = solved(&start(houses, seeds, true), &mut Table::with_mib(16));
        assert_eq!(got, want, "Kalah({houses},{seeds})");
    }
}
