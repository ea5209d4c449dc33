//! A search stopped inside an iteration (by its node budget, as by its time) plays the
//! move that iteration proved better than the last complete one's, when it found one
//! ([`Heuristics::partial_iterations`]); with the heuristic off it plays the last
//! complete iteration's move. Played on Oware positions from random games.

use std::sync::atomic::AtomicBool;

use game_api::{
    Game, GameError, Manifest, Options, Rng, Turn,
    search::{Clock, POLL_NODES, Searcher, Table, best_move},
};
use mancala_kit::{Config, Mancala, Variant};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Oware;
impl Variant for Oware {
    fn manifest() -> Manifest {
        Manifest::new("Oware", "Oware", "0.1.0")
    }
    fn config(_: &Options) -> Result<Config, GameError> {
        Ok(Config::oware(4))
    }
}

/// Positions of random Oware games, with the seat to move.
fn positions(count: usize) -> Vec<Mancala<Oware>> {
    let mut rng = Rng::with_seed(16);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Mancala::<Oware>::new(&Options::default()).unwrap();
        for _ in 0..rng.below(40) {
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
fn a_stopped_iteration_gives_the_better_move_it_proved() {
    let mut changed = 0;
    for g in positions(16) {
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        for budget in (4..=40).step_by(3).map(|k| k * POLL_NODES) {
            let found = |partial: bool| {
                let stop = AtomicBool::new(false);
                let mut table = Table::with_mib(2);
                let clock = Clock::new(None, false, Some(budget), &stop);
                let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
                searcher.heuristics.partial_iterations = partial;
                best_move(&mut searcher, &g, 64).unwrap()
            };
            let (off, on) = (found(false), found(true));
            assert_eq!(on.depth, off.depth, "{}", g.notation());
            assert!(legal.contains(&on.best));
            if on.best != off.best {
                changed += 1;
                assert_eq!(on.line, vec![on.best]);
            }
        }
    }
    assert!(changed > 0, "no stopped iteration found a better move");
}
