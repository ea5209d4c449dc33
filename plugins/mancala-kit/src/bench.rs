//! A reproducible node-rate benchmark of the search engine on a variant: fixed-depth
//! searches from fixed positions, each with a fresh table, counting positions and the
//! CPU time of the searching thread. The same depth from the same positions searches
//! the same tree, so two builds compare by their node rate, and the lines they print
//! (best move, score, positions) show that they searched the same tree.
//!
//! Run by the tuning examples: `cargo run --release -p oware --example tune_oware --
//! --bench [DEPTH]` (likewise `-p kalah --example tune_kalah`).

use std::sync::atomic::AtomicBool;

use game_api::{
    Game, MoveId, Options, Rng, Turn,
    search::{Clock, Searcher, Table, best_move},
};

use crate::{Mancala, Variant, tune};

/// The table of the benchmark, emptied before each position: large enough that its
/// searches seldom replace an entry. One table for all (rather than a fresh one each)
/// keeps the system's work of mapping fresh pages out of the figures.
pub const BENCH_MIB: u32 = 16;

/// What one fixed-depth search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchLine {
    /// The position searched, in the game's notation.
    pub notation: String,
    /// The best move.
    pub best: MoveId,
    /// Its score.
    pub score: i32,
    /// Positions searched.
    pub nodes: u64,
}

/// The benchmark's positions: the first `openings` positions after two-move openings,
/// then `midgames` positions reached by random play (seeds 1, 2, …; 12 to 40 moves in,
/// whichever still has a side to move).
pub fn positions<V: Variant>(options: &Options, openings: usize, midgames: u64) -> Vec<Mancala<V>> {
    let mut out: Vec<_> = tune::openings::<V>(options)
        .into_iter()
        .take(openings)
        .collect();
    let mut moves = Vec::new();
    for seed in 1..=midgames {
        let mut rng = Rng::with_seed(seed);
        let Ok(mut game) = Mancala::<V>::new(options) else {
            break;
        };
        let plies = 12 + rng.below(29);
        let mut last = game.clone();
        for _ in 0..plies {
            if !matches!(game.turn(), Turn::Seat { .. }) {
                break;
            }
            last = game.clone();
            moves.clear();
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else {
                break;
            };
            if game.apply(mv, None).is_err() {
                break;
            }
        }
        out.push(if matches!(game.turn(), Turn::Seat { .. }) {
            game
        } else {
            last
        });
    }
    out
}

/// A search of `game` to exactly `depth` (iterative deepening up to it, no time limit)
/// with `table` emptied first: the best move, its score and the positions searched. The
/// search alone: a stored opening solution is not read (it would answer some of the
/// benchmark's openings with no search at all).
pub fn fixed_depth<G: Game>(game: &G, depth: u32, table: &mut Table) -> Option<(MoveId, i32, u64)> {
    let stop = AtomicBool::new(false);
    table.clear();
    let clock = Clock::new(None, false, None, &stop);
    let mut searcher = Searcher::new(table, clock, false, 0, &[]);
    searcher.heuristics.opening_book = false;
    let found = best_move(&mut searcher, game, depth).ok()?;
    Some((found.best, found.score, found.nodes))
}

/// Searches each of `games` to `depth`: the lines, and the CPU seconds the thread used
/// (0 where the system does not tell).
pub fn run<V: Variant>(games: &[Mancala<V>], depth: u32) -> (Vec<BenchLine>, f64) {
    let mut table = Table::with_mib(BENCH_MIB);
    // Every page of the table mapped before the clock starts: a short search fills a
    // few entries, and emptying the table then writes every page.
    for g in games.iter().take(1) {
        fixed_depth(g, depth.min(4), &mut table);
    }
    table.clear();
    let before = tune::thread_cpu_seconds();
    let lines = games
        .iter()
        .filter_map(|g| {
            let (best, score, nodes) = fixed_depth(g, depth, &mut table)?;
            Some(BenchLine {
                notation: g.notation(),
                best,
                score,
                nodes,
            })
        })
        .collect();
    let cpu = match (before, tune::thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => 0.0,
    };
    (lines, cpu)
}

/// Runs the benchmark on `title`'s default options and prints each search and the
/// totals: 8 opening positions and 8 midgame positions to `depth`.
pub fn report<V: Variant>(title: &str, depth: u32) {
    let games = positions::<V>(&Options::default(), 8, 8);
    let wall = std::time::Instant::now();
    let (lines, cpu) = run(&games, depth);
    let wall = wall.elapsed().as_secs_f64();
    for l in &lines {
        println!("{} | {} | {} | {}", l.notation, l.best, l.score, l.nodes);
    }
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    println!(
        "{title}, depth {depth}, {} positions: {nodes} nodes in {wall:.2} s ({cpu:.2} s of \
         CPU) = {:.2} M nodes a CPU second",
        lines.len(),
        nodes as f64 / cpu.max(0.01) / 1e6
    );
}
