//! The engine against exhaustive minimax on a small Kalah written here (extra turns,
//! captures), with and without the game's hooks.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::*;
use crate::{
    Game, GameError, Layout, Manifest, MoveId, MoveInfo, Options, Outcome, Rng, Turn, View,
};

/// Kalah with `H` houses a side: pits 0..H South, H South's store, H+1..2H+1 North,
/// 2H+1 North's store. `hooks` turns the optional engine hooks on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Mini {
    pits: Vec<u8>,
    to_move: u8,
    over: bool,
    hooks: bool,
    /// Answers `exact_value` everywhere, by minimax (as endgame tables would).
    #[serde(default)]
    oracle: bool,
    /// What `opening_move` answers (a move id and a value), as a stored book would.
    #[serde(default)]
    book: Option<(u32, i32)>,
}

impl Mini {
    fn start(houses: usize, seeds: u8, hooks: bool) -> Self {
        let mut pits = vec![seeds; 2 * houses + 2];
        pits[houses] = 0;
        pits[2 * houses + 1] = 0;
        Mini {
            pits,
            to_move: 0,
            over: false,
            hooks,
            oracle: false,
            book: None,
        }
    }
    fn h(&self) -> usize {
        self.pits.len() / 2 - 1
    }
    fn house(&self, seat: u8, i: usize) -> usize {
        if seat == 0 { i } else { self.h() + 1 + i }
    }
    fn store(&self, seat: u8) -> usize {
        if seat == 0 {
            self.h()
        } else {
            2 * self.h() + 1
        }
    }
    fn side(&self, seat: u8) -> u32 {
        (0..self.h())
            .map(|i| u32::from(self.pits[self.house(seat, i)]))
            .sum()
    }
    fn margin(&self, seat: u8) -> i32 {
        let mine = i32::from(self.pits[self.store(seat)]) + self.side(seat) as i32;
        let other = i32::from(self.pits[self.store(1 - seat)]) + self.side(1 - seat) as i32;
        mine - other
    }
}

impl Game for Mini {
    fn manifest() -> Manifest {
        Manifest::new("mini", "Mini Kalah", "1.0.0").with_chance(false)
    }
    fn new(_: &Options) -> Result<Self, GameError> {
        Ok(Mini::start(3, 3, true))
    }
    fn from_notation(_: &Options, n: &str) -> Result<Self, GameError> {
        Err(GameError::notation(n, "not in this test"))
    }
    fn notation(&self) -> String {
        format!("{:?}/{}", self.pits, self.to_move)
    }
    fn seat_count(&self) -> u8 {
        2
    }
    fn layout(&self) -> Layout {
        Layout {
            size: [1.0, 1.0],
            sites: Vec::new(),
            links: Vec::new(),
            ..Layout::default()
        }
    }
    fn view(&self) -> View {
        View::default()
    }
    fn turn(&self) -> Turn {
        if self.over {
            let s = |seat| i64::from(self.pits[self.store(seat)]);
            Turn::Over {
                outcome: Outcome::from_scores(&[s(0), s(1)]),
            }
        } else {
            Turn::Seat { seat: self.to_move }
        }
    }
    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        if !self.over {
            moves.extend(
                (0..self.h())
                    .filter(|&i| self.pits[self.house(self.to_move, i)] > 0)
                    .map(|i| MoveId(i as u32)),
            );
        }
    }
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        Ok(MoveInfo::new(mv, Vec::new(), mv.0.to_string()))
    }
    fn apply(&mut self, mv: MoveId, _: Option<&mut Vec<crate::Effect>>) -> Result<(), GameError> {
        let me = self.to_move;
        let i = mv.0 as usize;
        if self.over || i >= self.h() || self.pits[self.house(me, i)] == 0 {
            return Err(GameError::illegal(mv, "no"));
        }
        let n = self.pits.len();
        let mut pit = self.house(me, i);
        let mut hand = std::mem::take(&mut self.pits[pit]);
        while hand > 0 {
            pit = (pit + 1) % n;
            if pit == self.store(1 - me) {
                continue;
            }
            self.pits[pit] += 1;
            hand -= 1;
        }
        let own = (0..self.h()).map(|k| self.house(me, k)).any(|p| p == pit);
        if own && self.pits[pit] == 1 {
            let opposite = n - 2 - pit;
            if self.pits[opposite] > 0 {
                let taken = self.pits[opposite] + 1;
                self.pits[opposite] = 0;
                self.pits[pit] = 0;
                let s = self.store(me);
                self.pits[s] += taken;
            }
        }
        if pit != self.store(me) {
            self.to_move = 1 - me;
        }
        if self.side(0) == 0 || self.side(1) == 0 {
            for seat in [0, 1] {
                for k in 0..self.h() {
                    let p = self.house(seat, k);
                    let v = std::mem::take(&mut self.pits[p]);
                    let s = self.store(seat);
                    self.pits[s] += v;
                }
            }
            self.over = true;
        }
        Ok(())
    }
    fn state_hash(&self) -> u64 {
        self.pits
            .iter()
            .chain([&self.to_move, &u8::from(self.over)])
            .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    }
    fn prepare_search(&mut self, time: Option<Duration>) {
        PREPARED.with(|p| p.borrow_mut().push(time));
    }
    fn search_eval(&self) -> Option<i32> {
        self.hooks.then(|| {
            let s = |seat| i32::from(self.pits[self.store(seat)]);
            (s(self.to_move) - s(1 - self.to_move)) * EVAL_SCALE
        })
    }
    fn solve_key(&self) -> Option<(u64, i32)> {
        // The houses from the mover's side, and the stores' difference.
        self.hooks.then(|| {
            let me = self.to_move;
            let key = (0..self.h())
                .map(|i| self.pits[self.house(me, i)])
                .chain((0..self.h()).map(|i| self.pits[self.house(1 - me, i)]))
                .fold(0xcbf2_9ce4_8422_2325, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
            let s = |seat| i32::from(self.pits[self.store(seat)]);
            (key, s(me) - s(1 - me))
        })
    }
    fn opening_move(&self) -> Option<(MoveId, i32)> {
        self.book.map(|(mv, value)| (MoveId(mv), value))
    }

    fn exact_value(&self) -> Option<i32> {
        (self.oracle && !self.over).then(|| minimax(self))
    }
    fn score_bounds(&self) -> Option<(i32, i32)> {
        self.hooks.then(|| {
            let s = |seat| i32::from(self.pits[self.store(seat)]);
            let left = (self.side(0) + self.side(1)) as i32;
            let d = s(self.to_move) - s(1 - self.to_move);
            (d - left, d + left)
        })
    }
}

/// The exact final margin for the seat to move, by plain minimax.
fn minimax(game: &Mini) -> i32 {
    let Turn::Seat { seat } = game.turn() else {
        unreachable!()
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.apply(mv, None).unwrap();
            match child.turn() {
                Turn::Over { .. } => child.margin(seat),
                Turn::Seat { seat: s } if s == seat => minimax(&child),
                _ => -minimax(&child),
            }
        })
        .max()
        .unwrap()
}

fn solved(game: &Mini, table: &mut Table) -> (i32, Option<MoveId>, u64) {
    let stop = AtomicBool::new(false);
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(table, clock, true, 7, &[]);
    let mut state = SolveState::start(game);
    let best = solve(&mut searcher, game, &mut state).unwrap();
    assert!(state.solved());
    (state.lower, best, searcher.nodes)
}

/// Random positions of a game of `houses` × `seeds`, with or without hooks.
fn positions(houses: usize, seeds: u8, hooks: bool, count: usize) -> Vec<Mini> {
    let mut rng = Rng::with_seed(42 + houses as u64 * 10 + u64::from(seeds));
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Mini::start(houses, seeds, hooks);
        let plies = rng.below(12);
        for _ in 0..plies {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.apply(moves[rng.below(moves.len())], None).unwrap();
        }
        if !g.over {
            out.push(g);
        }
    }
    out
}

#[test]
fn the_solver_agrees_with_minimax_on_random_small_positions() {
    for hooks in [true, false] {
        for (h, s) in [(2, 2), (3, 2), (2, 4), (3, 3)] {
            let mut table = Table::with_mib(4);
            for g in positions(h, s, hooks, 12) {
                let want = minimax(&g);
                let (got, best, _) = solved(&g, &mut table);
                assert_eq!(got, want, "{} hooks {hooks}", g.notation());
                // The move it names reaches the value.
                let mut child = g.clone();
                child.apply(best.unwrap(), None).unwrap();
                let seat = g.to_move;
                let reached = match child.turn() {
                    Turn::Over { .. } => child.margin(seat),
                    Turn::Seat { seat: s } if s == seat => minimax(&child),
                    _ => -minimax(&child),
                };
                assert_eq!(reached, want, "the best move of {}", g.notation());
            }
        }
    }
}

/// `game` seen from the other side: the rows and stores swapped, the other seat to move.
fn mirrored(game: &Mini) -> Mini {
    let h = game.h();
    let mut m = game.clone();
    for i in 0..=h {
        m.pits[i] = game.pits[h + 1 + i];
        m.pits[h + 1 + i] = game.pits[i];
    }
    m.to_move = 1 - game.to_move;
    m
}

#[test]
fn mirrored_positions_and_other_stores_share_the_solvers_entries() {
    let stop = AtomicBool::new(false);
    let (mut first_nodes, mut mirror_nodes) = (0, 0);
    for g in positions(3, 3, true, 10) {
        let want = minimax(&g);
        let mut table = Table::with_mib(4);
        let (got, _, nodes) = solved(&g, &mut table);
        assert_eq!(got, want, "{}", g.notation());
        first_nodes += nodes;
        // The mirror image has the same value, mostly from the table.
        let m = mirrored(&g);
        assert_eq!(minimax(&m), want, "{}", m.notation());
        let (got, best, nodes) = solved(&m, &mut table);
        assert_eq!(got, want, "{}", m.notation());
        mirror_nodes += nodes;
        assert!(best.is_some());
        // Seeds moved from one store to the other shift the value by twice as many.
        let mut shifted = g.clone();
        let (mine, theirs) = (shifted.store(g.to_move), shifted.store(1 - g.to_move));
        let moved = shifted.pits[theirs].min(3);
        shifted.pits[theirs] -= moved;
        shifted.pits[mine] += moved;
        let clock = Clock::new(None, false, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, true, 7, &[]);
        let mut state = SolveState::start(&shifted);
        solve(&mut searcher, &shifted, &mut state).unwrap();
        assert_eq!(state.lower, want + 2 * i32::from(moved), "{}", g.notation());
        assert_eq!(minimax(&shifted), state.lower);
    }
    assert!(
        mirror_nodes * 4 <= first_nodes,
        "{mirror_nodes} positions for the mirrored solves, {first_nodes} for the first"
    );
}

#[test]
fn a_tiny_table_slows_the_solve_but_keeps_it_exact() {
    let g = Mini::start(3, 2, true);
    let want = minimax(&g);
    let (big, _, big_nodes) = solved(&g, &mut Table::with_mib(8));
    let (tiny, _, tiny_nodes) = solved(&g, &mut Table::with_bytes(256));
    assert_eq!((big, tiny), (want, want));
    assert!(tiny_nodes >= big_nodes);
}

#[test]
fn deep_enough_play_search_agrees_with_minimax_on_the_result() {
    for g in positions(3, 2, true, 20)
        .into_iter()
        .chain(positions(3, 2, false, 10))
    {
        let want = minimax(&g);
        let stop = AtomicBool::new(false);
        let mut table = Table::with_mib(2);
        let clock = Clock::new(None, false, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        let found = best_move(&mut searcher, &g, 40).unwrap();
        assert_eq!(
            score::margin_of(found.score).unwrap_or(0),
            want,
            "{}",
            g.notation()
        );
    }
}

#[test]
fn every_heuristic_keeps_a_search_to_the_end_exact() {
    let d = Heuristics::default();
    let variants = [
        Heuristics {
            late_move_reductions: false,
            ..d
        },
        d,
        Heuristics {
            quiescence_hint: Some(0),
            ..d
        },
        Heuristics {
            principal_variation: false,
            aspiration: false,
            ..d
        },
        Heuristics {
            table_move: false,
            game_hints: false,
            killers_and_history: false,
            ..d
        },
        Heuristics {
            reduce_from: 1,
            reduce_more_from: 2,
            ..d
        },
    ];
    for g in positions(3, 2, true, 12) {
        let want = minimax(&g);
        for heuristics in variants {
            let stop = AtomicBool::new(false);
            let mut table = Table::with_mib(2);
            let clock = Clock::new(None, false, None, &stop);
            let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
            searcher.heuristics = heuristics;
            let found = best_move(&mut searcher, &g, 40).unwrap();
            assert_eq!(
                score::margin_of(found.score).unwrap_or(0),
                want,
                "{} with {:?}",
                g.notation(),
                searcher.heuristics
            );
        }
    }
}

#[test]
fn a_forced_win_is_found_and_played() {
    // South to move, a store ahead with few seeds left: some moves throw the win away.
    let mut g = Mini::start(3, 0, true);
    g.pits = vec![0, 2, 1, 5, 1, 0, 0, 4];
    let want = minimax(&g);
    assert!(want > 0, "a won position ({want})");
    let stop = AtomicBool::new(false);
    let mut table = Table::with_mib(1);
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
    let found = best_move(&mut searcher, &g, 30).unwrap();
    assert_eq!(score::margin_of(found.score), Some(want));
    let mut child = g.clone();
    child.apply(found.best, None).unwrap();
    let after = match child.turn() {
        Turn::Over { .. } => child.margin(0),
        Turn::Seat { seat: 0 } => minimax(&child),
        _ => -minimax(&child),
    };
    assert_eq!(after, want, "the move played keeps the win");
}

/// The exact value of `child` for `seat`, who moved into it.
fn value_after(child: &Mini, seat: u8) -> i32 {
    match child.turn() {
        Turn::Over { .. } => child.margin(seat),
        Turn::Seat { seat: s } if s == seat => minimax(child),
        _ => -minimax(child),
    }
}

#[test]
fn a_root_whose_exact_value_is_known_still_gets_the_move_that_keeps_it() {
    // Endgame tables answer at the root too: the engine must still search its moves
    // (it once returned the table's value at once and played the first legal move).
    let mut checked = 0;
    for mut g in positions(3, 3, true, 30) {
        g.oracle = true;
        let want = minimax(&g);
        let stop = AtomicBool::new(false);
        let mut table = Table::with_mib(1);
        let clock = Clock::new(None, false, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        let found = best_move(&mut searcher, &g, 6).unwrap();
        assert_eq!(
            score::margin_of(found.score).unwrap_or(0),
            want,
            "{}",
            g.notation()
        );
        let mut child = g.clone();
        child.apply(found.best, None).unwrap();
        assert_eq!(
            value_after(&child, g.to_move),
            want,
            "the move played from {}",
            g.notation()
        );
        let (solved_value, best, _) = solved(&g, &mut Table::with_mib(1));
        assert_eq!(solved_value, want);
        let mut child = g.clone();
        child
            .apply(best.expect("the solver names a move"), None)
            .unwrap();
        assert_eq!(
            value_after(&child, g.to_move),
            want,
            "the solver's move from {}",
            g.notation()
        );
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        checked += usize::from(moves.iter().any(|&mv| {
            let mut c = g.clone();
            c.apply(mv, None).unwrap();
            value_after(&c, g.to_move) < want
        }));
    }
    assert!(
        checked >= 10,
        "only {checked} positions where a move loses value"
    );
}

#[test]
fn a_stop_flag_ends_the_search_at_once_with_a_legal_move() {
    let g = Mini::start(6, 6, true);
    let stop = AtomicBool::new(true);
    let mut table = Table::with_mib(1);
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
    let found = best_move(&mut searcher, &g, 64).unwrap();
    assert!(found.nodes <= 2 * POLL_NODES);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(moves.contains(&found.best));
    stop.store(false, AtomicOrdering::Relaxed);
}

#[test]
fn a_time_budget_is_kept() {
    let g = Mini::start(6, 6, true);
    let stop = AtomicBool::new(false);
    let mut table = Table::with_mib(4);
    let clock = Clock::new(Some(Duration::from_millis(100)), true, None, &stop);
    let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
    let started = std::time::Instant::now();
    let found = best_move(&mut searcher, &g, 64).unwrap();
    assert!(started.elapsed() < Duration::from_millis(400));
    assert!(found.depth >= 2);
}

#[test]
fn repetitions_of_the_history_count_as_draws() {
    // A position whose every move leads back into the history scores as a draw.
    let g = Mini::start(2, 1, false);
    let mut history = Vec::new();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    for mv in moves {
        let mut c = g.clone();
        c.apply(mv, None).unwrap();
        history.push(c.state_hash());
    }
    let stop = AtomicBool::new(false);
    let mut table = Table::with_mib(1);
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(&mut table, clock, true, 0, &history);
    let mut state = SolveState::start(&g);
    solve(&mut searcher, &g, &mut state).unwrap();
    let over_children = {
        let mut m = Vec::new();
        g.legal_moves(&mut m);
        m.iter().all(|&mv| {
            let mut c = g.clone();
            c.apply(mv, None).unwrap();
            c.over
        })
    };
    if !over_children {
        assert_eq!(state.lower, 0);
    }
}

#[test]
fn a_json_request_is_answered_and_bad_ones_refused() {
    let g = Mini::start(3, 3, true);
    let stop = AtomicBool::new(false);
    let reply = run_request(&g, r#"{"max_depth": 6, "table_key": 3}"#, &stop).unwrap();
    let SearchReply::Done(r) = serde_json::from_str(&reply).unwrap() else {
        panic!("{reply}")
    };
    assert_eq!(r.depth, 6);
    assert!(r.best.is_some() && r.table_bytes <= u64::from(DEFAULT_MIB_BYTES));
    let solved = run_request(&g, r#"{"mode": "solve", "memory_mib": 2}"#, &stop).unwrap();
    let SearchReply::Done(s) = serde_json::from_str(&solved).unwrap() else {
        panic!("{solved}")
    };
    assert_eq!(s.margin, Some(minimax(&g)));
    assert!(run_request(&g, r#"{"max_depth": "deep"}"#, &stop).is_err());
    assert!(run_request(&g, r#"{"memory_mib": 0}"#, &stop).is_err());
    assert!(run_request(&g, r#"{"what": 1}"#, &stop).is_err());
}

thread_local! {
    /// The time limits [`Game::prepare_search`] was told on this thread.
    static PREPARED: std::cell::RefCell<Vec<Option<Duration>>> = const {
        std::cell::RefCell::new(Vec::new())
    };
}

#[test]
fn a_best_move_search_is_told_its_time_and_a_solve_is_not() {
    let g = Mini::start(3, 3, true);
    let stop = AtomicBool::new(false);
    PREPARED.with(|p| p.borrow_mut().clear());
    for request in [
        r#"{"time_ms": 20}"#,
        r#"{"max_depth": 3}"#,
        r#"{"mode": "solve", "time_ms": 20}"#,
    ] {
        run_request(&g, request, &stop).unwrap();
    }
    let told = PREPARED.with(|p| p.borrow().clone());
    assert_eq!(told, [Some(Duration::from_millis(20)), None]);
}

const DEFAULT_MIB_BYTES: u32 = request::DEFAULT_MIB << 20;

#[test]
fn a_book_move_is_played_without_a_search_and_an_illegal_one_is_ignored() {
    let stop = AtomicBool::new(false);
    let search = |g: &Mini| {
        let mut table = Table::with_mib(1);
        let clock = Clock::new(None, false, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        best_move(&mut searcher, g, 4).unwrap()
    };
    let mut g = Mini::start(3, 2, true);
    // The book's move (here not the engine's choice, to tell them apart) and value.
    let searched = search(&g);
    let other = if searched.best == MoveId(0) { 1 } else { 0 };
    g.book = Some((other, 3));
    let found = search(&g);
    assert_eq!(
        (found.best, found.nodes, found.depth),
        (MoveId(other), 0, 0)
    );
    // Switched off (a benchmark of the search): the root is searched.
    let mut table = Table::with_mib(1);
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
    searcher.heuristics.opening_book = false;
    let unbooked = best_move(&mut searcher, &g, 4).unwrap();
    assert_eq!((unbooked.best, unbooked.depth), (searched.best, 4));
    assert_eq!(found.score, score::from_margin(3));
    assert_eq!(found.line, [MoveId(other)]);
    g.book = Some((other, -2));
    assert_eq!(search(&g).score, score::from_margin(-2));
    // A move that is not legal here (an empty house): the book is not trusted.
    g.pits[2] = 0;
    g.book = Some((2, 5));
    let found = search(&g);
    assert_ne!(found.best, MoveId(2));
    assert!(found.nodes > 0);
}

/// The exact value, for the seat that moved, of each legal move of `game`.
fn move_values(game: &Mini) -> Vec<(MoveId, i32)> {
    let seat = game.to_move;
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.apply(mv, None).unwrap();
            let v = match child.turn() {
                Turn::Over { .. } => child.margin(seat),
                Turn::Seat { seat: s } if s == seat => minimax(&child),
                _ => -minimax(&child),
            };
            (mv, v)
        })
        .collect()
}

#[test]
fn leaving_out_the_best_moves_finds_the_next_best_lines_exactly() {
    for g in positions(3, 2, true, 12)
        .into_iter()
        .chain(positions(3, 3, false, 6))
    {
        let mut values = move_values(&g);
        values.sort_by_key(|&(_, v)| -v);
        let stop = AtomicBool::new(false);
        // One table for every line, as an analysis keeps it.
        let mut table = Table::with_mib(2);
        let mut excluded = Vec::new();
        for (rank, &(_, want)) in values.iter().enumerate() {
            let clock = Clock::new(None, false, None, &stop);
            let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
            searcher.excluded = excluded.clone();
            let found = best_move(&mut searcher, &g, 40).unwrap();
            // A play search's margin is exact for a draw, at least that much for a
            // win and at most that much for a loss (a bigger margin may lie beyond
            // the line that proved the result).
            let got = score::margin_of(found.score).unwrap_or(0);
            let what = format!("line {} of {}: {got} for {want}", rank + 1, g.notation());
            assert_eq!(got.signum(), want.signum(), "{what}");
            assert!(got.abs() <= want.abs(), "{what}");
            assert_eq!(
                values.iter().find(|&&(m, _)| m == found.best).map(|p| p.1),
                Some(want),
                "{what}: the move named is of the rank found"
            );
            assert!(!excluded.contains(&found.best), "a left-out move played");
            assert_eq!(found.line.first(), Some(&found.best));
            excluded.push(found.best);
        }
        // Every move left out: nothing to search.
        let clock = Clock::new(None, false, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        searcher.excluded = excluded;
        assert_eq!(best_move(&mut searcher, &g, 4), Err(SearchError::NoMove));
        // The table still answers the whole position right afterwards.
        let clock = Clock::new(None, false, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        let found = best_move(&mut searcher, &g, 40).unwrap();
        let best = values.iter().find(|&&(m, _)| m == found.best).map(|p| p.1);
        assert_eq!(best, Some(values[0].1), "{}", g.notation());
    }
}

#[test]
fn a_request_with_left_out_moves_reads_and_plain_ones_write_no_field() {
    let plain = serde_json::to_string(&SearchRequest::default()).unwrap();
    assert!(!plain.contains("exclude"), "{plain}");
    let g = Mini::start(3, 2, true);
    let stop = AtomicBool::new(false);
    let reply = run_request(&g, r#"{"max_depth": 30, "exclude": [0]}"#, &stop).unwrap();
    let SearchReply::Done(report) = serde_json::from_str(&reply).unwrap() else {
        panic!("{reply}")
    };
    assert_ne!(report.best, Some(0));
    let solve = run_request(&g, r#"{"mode": "solve", "exclude": [0]}"#, &stop);
    assert!(solve.is_err(), "{solve:?}");
}

#[test]
fn an_outcome_solve_proves_the_result_and_names_a_move_that_keeps_it() {
    let mut checked = [0; 3];
    for hooks in [true, false] {
        for (h, s) in [(2, 2), (3, 2), (2, 4), (3, 3)] {
            let mut table = Table::with_mib(4);
            for g in positions(h, s, hooks, 12) {
                let want = minimax(&g).signum();
                let stop = AtomicBool::new(false);
                let clock = Clock::new(None, false, None, &stop);
                let mut searcher = Searcher::new(&mut table, clock, true, 11, &[]);
                let mut state = SolveState::start(&g);
                let best = super::solve_outcome(&mut searcher, &g, &mut state).unwrap();
                assert_eq!(state.outcome(), Some(want), "{}", g.notation());
                checked[(want + 1) as usize] += 1;
                if let Some(mv) = best {
                    let mut child = g.clone();
                    child.apply(mv, None).unwrap();
                    let seat = g.to_move;
                    let reached = match child.turn() {
                        Turn::Over { .. } => child.margin(seat),
                        Turn::Seat { seat: s } if s == seat => minimax(&child),
                        _ => -minimax(&child),
                    };
                    assert_eq!(reached.signum(), want, "the move of {}", g.notation());
                }
            }
        }
    }
    assert!(
        checked[0] > 0 && checked[2] > 0,
        "losses, draws, wins: {checked:?}"
    );
    // Through JSON: the reply says the result.
    let g = Mini::start(3, 3, true);
    let stop = AtomicBool::new(false);
    let reply = run_request(&g, r#"{"mode": "outcome", "memory_mib": 2}"#, &stop).unwrap();
    let SearchReply::Done(r) = serde_json::from_str(&reply).unwrap() else {
        panic!("{reply}")
    };
    assert_eq!(r.outcome, Some(minimax(&g).signum()));
}

/// One move a turn, counting down from `left` to 0: the seat that makes the last move
/// wins by one. Within [`ORACLE`] of the end its value is known (as endgame tables
/// would know it), so a solve ends there; from further up, one line longer than
/// [`MAX_PLY`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Countdown {
    left: u32,
    to_move: u8,
}

/// How near the end [`Countdown`] knows its value.
const ORACLE: u32 = 100;

impl Countdown {
    /// The final margin for the seat to move: it makes the last move when `left` is odd.
    fn truth(&self) -> i32 {
        if self.left % 2 == 1 { 1 } else { -1 }
    }
}

impl Game for Countdown {
    fn manifest() -> Manifest {
        Manifest::new("countdown", "Countdown", "1.0.0").with_chance(false)
    }
    fn new(_: &Options) -> Result<Self, GameError> {
        Ok(Countdown {
            left: 1000,
            to_move: 0,
        })
    }
    fn from_notation(_: &Options, n: &str) -> Result<Self, GameError> {
        Err(GameError::notation(n, "not in this test"))
    }
    fn notation(&self) -> String {
        format!("{}/{}", self.left, self.to_move)
    }
    fn seat_count(&self) -> u8 {
        2
    }
    fn layout(&self) -> Layout {
        Layout::default()
    }
    fn view(&self) -> View {
        View::default()
    }
    fn turn(&self) -> Turn {
        if self.left == 0 {
            // The seat that moved last is the one not to move.
            let last = 1 - self.to_move;
            let score = |seat| i64::from(seat == last);
            Turn::Over {
                outcome: Outcome::from_scores(&[score(0), score(1)]),
            }
        } else {
            Turn::Seat { seat: self.to_move }
        }
    }
    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        if self.left > 0 {
            moves.push(MoveId(0));
        }
    }
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        Ok(MoveInfo::new(mv, Vec::new(), "down"))
    }
    fn apply(&mut self, mv: MoveId, _: Option<&mut Vec<crate::Effect>>) -> Result<(), GameError> {
        if self.left == 0 || mv != MoveId(0) {
            return Err(GameError::illegal(mv, "no"));
        }
        self.left -= 1;
        self.to_move = 1 - self.to_move;
        Ok(())
    }
    fn state_hash(&self) -> u64 {
        mix(u64::from(self.left) << 1 | u64::from(self.to_move))
    }
    fn exact_value(&self) -> Option<i32> {
        (self.left > 0 && self.left <= ORACLE).then(|| self.truth())
    }
}

/// Solves `game` on `table` within `nodes` positions: its value, if proven.
fn solve_in_table<G: Game>(game: &G, table: &mut Table) -> Option<i32> {
    let stop = AtomicBool::new(false);
    let clock = Clock::new(None, false, Some(1_000_000), &stop);
    let mut searcher = Searcher::new(table, clock, true, 7, &[]);
    let mut state = SolveState::start(game);
    solve(&mut searcher, game, &mut state).unwrap();
    state.solved().then_some(state.lower)
}

/// A solve that goes deeper than [`MAX_PLY`] used to score the position there a draw
/// and keep what that made of the nodes above in the table: a later solve on the same
/// table, meeting those positions nearer its root, took the stand-in for their proven
/// value (the puzzle miner's wrong proofs, whose solver's table is kept between
/// requests). Now such a solve ends unproven, and the next one is what a fresh table
/// gives.
#[test]
fn a_solve_past_the_deepest_ply_ends_unproven_and_leaves_no_stand_in() {
    let deep = Countdown {
        left: ORACLE + MAX_PLY as u32 + 9,
        to_move: 0,
    };
    let mut table = Table::with_mib(1);
    assert_eq!(solve_in_table(&deep, &mut table), None, "not proven");
    // A position the deep solve met at ply 339 (its line runs through every count,
    // North to move at odd plies), 70 plies above the oracle: provable alone, lost.
    let near = Countdown {
        left: ORACLE + 70,
        to_move: 1,
    };
    let fresh = solve_in_table(&near, &mut Table::with_mib(1));
    assert_eq!(fresh, Some(-1));
    assert_eq!(solve_in_table(&near, &mut table), fresh);
    // And a fresh solve of a line a little too long is unproven too, not a draw.
    let over = Countdown {
        left: ORACLE + MAX_PLY as u32 + 1,
        to_move: 0,
    };
    assert_eq!(solve_in_table(&over, &mut Table::with_mib(1)), None);
}
