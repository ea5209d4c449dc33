//! Self-play matches between two weight sets of the evaluation ([`crate::eval`]), for
//! tuning: every two-move opening, each played once with each set moving first, a
//! fixed number of positions searched per move (so a run is reproducible).
//!
//! Run by the plugins' examples, e.g. `cargo run --release -p oware --example
//! tune_oware -- 20000`.

use std::sync::atomic::AtomicBool;

use game_api::{
    Game, MoveId, Options, Turn,
    search::{Clock, Heuristics, Searcher, Table, best_move},
};

use crate::{
    Mancala, Variant,
    eval::{Weights, with_weights},
};

/// The result of a match, from the first weight set's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Score {
    /// The score in percent (a draw is half a point).
    pub fn percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 50.0;
        }
        100.0 * (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games)
    }
}

/// The positions after every two-move opening of the game with these options.
pub fn openings<V: Variant>(options: &Options) -> Vec<Mancala<V>> {
    let start = Mancala::<V>::new(options).expect("the options are valid");
    let mut out = Vec::new();
    let mut first = Vec::new();
    start.legal_moves(&mut first);
    for a in first {
        let mut g1 = start.clone();
        if g1.apply(a, None).is_err() {
            continue;
        }
        let mut second = Vec::new();
        g1.legal_moves(&mut second);
        for b in second {
            let mut g2 = g1.clone();
            if g2.apply(b, None).is_ok() && matches!(g2.turn(), Turn::Seat { .. }) {
                out.push(g2);
            }
        }
    }
    out
}

/// One side of a tuning game: the evaluation's weights (`None`: the defaults) and the
/// engine's heuristics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Player {
    /// The weights.
    pub weights: Option<Weights>,
    /// The heuristics.
    pub heuristics: Heuristics,
    /// How the evaluation uses the endgame tables (0: not; 1: the features held within
    /// the tables' bounds; 2: the middle of the bounds, the default).
    pub table_eval: u8,
    /// A new transposition table for every move (else one kept for the whole game).
    pub fresh_table: bool,
    /// The most seeds on the board at which the evaluation asks the endgame tables.
    pub table_eval_seeds: u32,
}

impl Default for Player {
    /// The engine as it plays: default weights and heuristics, the tables in the
    /// evaluation, one table for the whole game.
    fn default() -> Self {
        Player {
            weights: None,
            heuristics: Heuristics::default(),
            table_eval: crate::search::TABLE_EVAL_DEFAULT,
            fresh_table: false,
            table_eval_seeds: u32::MAX,
        }
    }
}

impl Player {
    /// The default engine with these weights.
    pub fn with_weights(weights: Weights) -> Player {
        Player {
            weights: Some(weights),
            ..Player::default()
        }
    }
}

/// One game from `start`, `weights[seat]` playing each seat with `nodes` positions a
/// move; returns the final margin of seat 0.
pub fn play<V: Variant>(start: &Mancala<V>, weights: [Option<Weights>; 2], nodes: u64) -> i64 {
    let player = |weights| Player {
        weights,
        ..Player::default()
    };
    play_players(start, weights.map(player), nodes)
}

/// One game from `start`, `players[seat]` playing each seat with `nodes` positions a
/// move; returns the final margin of seat 0.
pub fn play_players<V: Variant>(start: &Mancala<V>, players: [Player; 2], nodes: u64) -> i64 {
    let stop = AtomicBool::new(false);
    let mut tables = [Table::with_mib(16), Table::with_mib(16)];
    let mut game = start.clone();
    let mut history = Vec::new();
    for _ in 0..1000 {
        let seat = match game.turn() {
            Turn::Seat { seat } => usize::from(seat),
            Turn::Over { outcome } => return outcome.margin(),
            Turn::Chance { .. } => return 0,
        };
        if players[seat].fresh_table {
            tables[seat] = Table::with_mib(16);
        }
        let mv: MoveId = with_weights(players[seat].weights, || {
            let p = players[seat];
            crate::search::with_table_eval(p.table_eval, p.table_eval_seeds, || {
                let clock = Clock::new(None, false, Some(nodes), &stop);
                let mut searcher = Searcher::new(&mut tables[seat], clock, false, 0, &history);
                searcher.heuristics = p.heuristics;
                best_move(&mut searcher, &game, 64).map(|f| f.best)
            })
        })
        .expect("a position with a seat to move has a move");
        history.push(game.state_hash());
        game.apply(mv, None).expect("the engine plays legal moves");
    }
    0
}

/// A match between weights `a` and `b` over every two-move opening (at most
/// `max_openings` of them), each played with both colours.
pub fn match_weights<V: Variant>(
    options: &Options,
    a: Weights,
    b: Weights,
    nodes: u64,
    max_openings: usize,
) -> Score {
    let (a, b) = (Player::with_weights(a), Player::with_weights(b));
    match_players::<V>(options, a, b, nodes, max_openings)
}

/// A match between players `a` and `b` over every two-move opening (at most
/// `max_openings` of them), each played with both colours.
pub fn match_players<V: Variant>(
    options: &Options,
    a: Player,
    b: Player,
    nodes: u64,
    max_openings: usize,
) -> Score {
    let mut score = Score::default();
    for start in openings::<V>(options).into_iter().take(max_openings) {
        for a_seat in 0..2 {
            let players = if a_seat == 0 { [a, b] } else { [b, a] };
            let margin = play_players(&start, players, nodes) * if a_seat == 0 { 1 } else { -1 };
            match margin.signum() {
                1 => score.wins += 1,
                0 => score.draws += 1,
                _ => score.losses += 1,
            }
        }
    }
    score
}

/// Prints, for `defaults`, the match of the full set against the store difference alone
/// and against the set without each feature in turn: the gain of each weight.
pub fn report<V: Variant>(options: &Options, defaults: Weights, nodes: u64, max_openings: usize) {
    let show = |what: &str, s: Score| {
        println!(
            "| {what} | {} | {} | {} | {:.1}% |",
            s.wins,
            s.draws,
            s.losses,
            s.percent()
        );
    };
    println!("| defaults {defaults:?} against | won | drawn | lost | score |");
    println!("|---|---|---|---|---|");
    show(
        "the store difference alone",
        match_weights::<V>(
            options,
            defaults,
            Weights::MATERIAL_ONLY,
            nodes,
            max_openings,
        ),
    );
    for (i, name) in Weights::NAMES.iter().enumerate().skip(1) {
        if defaults.get(i) == 0 {
            continue;
        }
        show(
            &format!("without `{name}` ({})", defaults.get(i)),
            match_weights::<V>(options, defaults, defaults.with(i, 0), nodes, max_openings),
        );
    }
}

/// The CPU time this thread has used, in seconds, where the system tells it (Linux:
/// `/proc/thread-self/stat`, in clock ticks of 10 ms): speed on a loaded machine is
/// positions per CPU second, not per second of the wall clock.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name (which is in parentheses).
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// A stopwatch for benchmarks on a shared machine: this thread's CPU time where the
/// system tells it ([`thread_cpu_seconds`]), else the wall clock's. Time the thread
/// spends waiting for a core is not counted, so that two loops measured one after the
/// other compare fairly while other work runs.
///
/// ```
/// let watch = mancala_kit::tune::Stopwatch::start();
/// let sum: u64 = (0..1000u64).sum();
/// assert_eq!(sum, 499_500);
/// assert!(watch.seconds() >= 0.0);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    cpu: Option<f64>,
    wall: std::time::Instant,
}

impl Stopwatch {
    /// A stopwatch running from now.
    pub fn start() -> Self {
        Stopwatch {
            cpu: thread_cpu_seconds(),
            wall: std::time::Instant::now(),
        }
    }

    /// The seconds since [`Stopwatch::start`]: CPU seconds where known (at the
    /// system's 10 ms resolution: time runs of a second or more), else wall seconds.
    pub fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_seconds()) {
            (Some(before), Some(now)) => now - before,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }

    /// Whether [`Stopwatch::seconds`] counts CPU time.
    pub fn counts_cpu(&self) -> bool {
        self.cpu.is_some()
    }
}

/// The engine's speed on the positions after the two-move openings (at most
/// `max_openings`), `millis` milliseconds each with a fresh table: positions searched,
/// seconds taken and CPU seconds used (0 where unknown).
pub fn speed<V: Variant>(options: &Options, millis: u64, max_openings: usize) -> (u64, f64, f64) {
    let stop = AtomicBool::new(false);
    let (mut nodes, mut seconds) = (0, 0.0);
    let cpu_before = thread_cpu_seconds();
    for start in openings::<V>(options).into_iter().take(max_openings) {
        let mut table = Table::with_mib(64);
        let time = std::time::Duration::from_millis(millis);
        let clock = Clock::new(Some(time), true, None, &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        if let Ok(found) = best_move(&mut searcher, &start, 64) {
            nodes += found.nodes;
            seconds += found.elapsed.as_secs_f64();
        }
    }
    let cpu = match (cpu_before, thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => 0.0,
    };
    (nodes, seconds, cpu)
}

/// Reads a weight set written as its numbers in the order of [`Weights::NAMES`],
/// separated by commas (`100,0,0,100,100,-150,0`); weights left off at the end are 0.
pub fn parse_weights(text: &str) -> Result<Weights, String> {
    let numbers = text
        .split(',')
        .map(|n| {
            n.trim()
                .parse::<i32>()
                .map_err(|e| format!("`{n}` in `{text}` is not a weight: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if numbers.len() > Weights::NAMES.len() {
        return Err(format!(
            "`{text}` has {} weights; there are {} ({})",
            numbers.len(),
            Weights::NAMES.len(),
            Weights::NAMES.join(", ")
        ));
    }
    Ok(numbers
        .iter()
        .enumerate()
        .fold(Weights::MATERIAL_ONLY, |w, (i, &v)| w.with(i, v)))
}

/// What a tuning example runs, from its command line `[NODES_PER_MOVE] [OPENINGS]
/// [--speed-only] [--a=W] [--b=W] [--a-no-lmr] [--b-no-lmr] [--a-qs=H] [--b-qs=H]
/// [--a-no-partial] [--b-no-partial] [--X-reduce-from=N] [--X-reduce-more-from=N]`
/// (defaults 20,000 and 36):
/// the engine's speed on `title`'s default options, then, unless `--speed-only`, the
/// [`report`] of `defaults` against the store difference alone and against themselves
/// without each feature. When players `a` and `b` differ (weights as [`parse_weights`]
/// reads them, default `defaults`; `--X-no-lmr`: without late-move reductions;
/// `--X-qs=HINT`: a quiescence search on moves hinted at least `HINT`;
/// `--X-no-partial`: an iteration the budget stops is thrown away;
/// `--X-reduce-from=N`, `--X-reduce-more-from=N`: see [`Heuristics`];
/// `--X-no-pvs`, `--X-no-aspiration`, `--X-no-table-move`, `--X-no-hints`,
/// `--X-no-killers`, `--X-no-book`: without that part of the engine ([`Heuristics`]); `--X-fresh-table`:
/// a new table every move; `--X-table-eval=N`: see `with_table_eval`;
/// `--X-table-eval-seeds=N`: the evaluation asks the tables only up to `N` seeds; `--endgames=N`:
/// both players with endgame
/// tables of up to `N` seeds, built in memory first), only their
/// match. With `--bench[=DEPTH]` (default 10), only the fixed-depth benchmark
/// ([`crate::bench::report`]).
pub fn run_from_args<V: Variant>(title: &str, defaults: Weights) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.iter()
            .filter(|a| !a.starts_with("--"))
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    if let Some(depth) = args.iter().find_map(|a| a.strip_prefix("--bench")) {
        let depth = depth.trim_start_matches('=').parse().unwrap_or(10);
        return crate::bench::report::<V>(title, depth);
    }
    let (nodes, openings) = (number(0, 20_000), number(1, 36) as usize);
    let set = |name: &str| {
        let prefix = format!("--{name}=");
        let text = args.iter().find_map(|a| a.strip_prefix(prefix.as_str()))?;
        Some(parse_weights(text).unwrap_or_else(|e| panic!("--{name}: {e}")))
    };
    let number = |prefix: &str| -> Option<usize> {
        let text = args.iter().find_map(|a| a.strip_prefix(prefix))?;
        Some(
            text.parse()
                .unwrap_or_else(|e| panic!("{prefix}{text}: {e}")),
        )
    };
    let flag = |name: &str, what: &str| args.iter().any(|a| *a == format!("--{name}-{what}"));
    let player = |name: &str| Player {
        weights: Some(set(name).unwrap_or(defaults)),
        heuristics: Heuristics {
            late_move_reductions: !flag(name, "no-lmr"),
            quiescence_hint: args.iter().find_map(|a| {
                a.strip_prefix(format!("--{name}-qs=").as_str())?
                    .parse()
                    .ok()
            }),
            partial_iterations: !flag(name, "no-partial"),
            principal_variation: !flag(name, "no-pvs"),
            aspiration: !flag(name, "no-aspiration"),
            table_move: !flag(name, "no-table-move"),
            game_hints: !flag(name, "no-hints"),
            killers_and_history: !flag(name, "no-killers"),
            opening_book: !flag(name, "no-book"),
            reduce_from: number(&format!("--{name}-reduce-from=")).unwrap_or(3),
            reduce_more_from: number(&format!("--{name}-reduce-more-from=")).unwrap_or(usize::MAX),
        },
        table_eval: number(&format!("--{name}-table-eval="))
            .map_or(crate::search::TABLE_EVAL_DEFAULT, |n| n as u8),
        fresh_table: flag(name, "fresh-table"),
        table_eval_seeds: number(&format!("--{name}-table-eval-seeds="))
            .map_or(u32::MAX, |n| n as u32),
    };
    if let Some(seeds) = number("--endgames=") {
        let start = Mancala::<V>::new(&Options::default()).expect("the options are valid");
        match crate::endgame::build_in_memory::<V>(&start.config, seeds as u32) {
            Ok(tables) => crate::endgame::install_tables(tables),
            Err(e) => panic!("--endgames={seeds}: {e}"),
        }
    }
    let (a, b) = (player("a"), player("b"));
    if a != b {
        let s = match_players::<V>(&Options::default(), a, b, nodes, openings);
        println!(
            "{title}, {nodes} positions a move, {openings} openings × 2 colours: {a:?} \
             against {b:?}: won {} drawn {} lost {} = {:.1}%",
            s.wins,
            s.draws,
            s.losses,
            s.percent()
        );
        return;
    }
    let (n, secs, cpu) = speed::<V>(&Options::default(), 1000, 8);
    println!(
        "{title}: {n} positions in {secs:.2} s ({cpu:.2} s of CPU) = {:.2} M positions a \
         second, {:.2} M a CPU second",
        n as f64 / secs / 1e6,
        n as f64 / cpu.max(0.01) / 1e6
    );
    if args.iter().any(|a| a == "--speed-only") {
        return;
    }
    println!("{title}, {nodes} positions a move, {openings} openings × 2 colours");
    report::<V>(&Options::default(), defaults, nodes, openings);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_read_from_the_command_line_and_bad_ones_are_refused() {
        assert_eq!(parse_weights("100,0,0,100,100,-150"), Ok(Weights::COUNTS));
        assert_eq!(
            parse_weights("100, 25, 5, 0, 0, 15, 0"),
            Ok(Weights::OPPOSITE)
        );
        assert_eq!(
            parse_weights("100,0,0,100,100,-150,0,50,-50"),
            Ok(Weights {
                threat: 50,
                exposed: -50,
                ..Weights::COUNTS
            })
        );
        assert_eq!(parse_weights("100,0,0,0,0,0,0,0,0,100"), Ok(Weights::OWARE));
        let too_many = parse_weights("1,2,3,4,5,6,7,8,9,10,11").unwrap_err();
        assert!(
            too_many.contains("has 11 weights; there are 10"),
            "{too_many}"
        );
        let word = parse_weights("100,x").unwrap_err();
        assert!(word.contains("`x` in `100,x` is not a weight"), "{word}");
    }
}
