//! Self-play positions labelled by the game's result, the data `scripts/fit-houses` fits
//! Oware's house table to (`mancala_kit::houses`):
//! `cargo run --release -p oware --example houses_data -- GAMES NODES SEED [--hand-made] > data.txt`.
//!
//! The engine evaluates as it plays (with the house table); `--hand-made` makes it
//! evaluate with the hand-made features instead (`Weights::COUNTS`), as it did when the
//! committed table was fitted (`8000 3000 11 --hand-made` and `8000 3000 12 --hand-made`
//! give that table's data: the games are the same on every run).
//!
//! The engine plays both sides with the endgame tables of up to 15 seeds (built in
//! memory first, about 25 s), `NODES` positions a move, from an opening of 2 to 8
//! random moves, and plays 3% of the later moves at random (so that the games differ and
//! the data holds the positions a mistake leads to); `SEED` seeds the random moves.
//!
//! Each line: the mover's six houses (in sowing order), the opponent's six, the mover's
//! score, the opponent's, and the result for the mover (1, 0.5, 0). Only positions with
//! more seeds on the board than the endgame tables cover (15) are written: below that
//! the search takes the tables' values, not the evaluation's.

use std::{io::Write, sync::atomic::AtomicBool};

use game_api::{
    Game, MoveId, Options, Turn,
    search::{Clock, Searcher, Table, best_move},
};
use mancala_kit::Mancala;
use oware::OwareRules;

struct Rng(u64);
impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn main() {
    let hand_made = std::env::args().any(|a| a == "--hand-made");
    let weights = hand_made.then_some(mancala_kit::eval::Weights::COUNTS);
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter(|a| a != "--hand-made")
        .map(|a| {
            a.parse()
                .expect("usage: houses_data GAMES NODES SEED [--hand-made] (three numbers)")
        })
        .collect();
    let [games, nodes, seed] = args[..] else {
        panic!("usage: houses_data GAMES NODES SEED [--hand-made]");
    };
    let start = Mancala::<OwareRules>::new(&Options::default()).unwrap();
    let tables = mancala_kit::endgame::build_in_memory::<OwareRules>(&start.config, 15).unwrap();
    mancala_kit::endgame::install_tables(tables);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let stop = AtomicBool::new(false);
    let out = std::io::stdout();
    let mut out = out.lock();
    for _ in 0..games {
        let mut table = Table::with_mib(16);
        let mut game = start.clone();
        let mut history = Vec::new();
        let mut rows: Vec<(Vec<u32>, usize)> = Vec::new();
        let random_plies = 2 + rng.next_u64() % 7;
        let mut ply = 0;
        let margin = loop {
            let seat = match game.turn() {
                Turn::Seat { seat } => usize::from(seat),
                Turn::Over { outcome } => break outcome.margin(),
                Turn::Chance { .. } => unreachable!(),
            };
            if ply > 600 {
                break 0;
            }
            let b = &game.board;
            let side = game.to_move;
            let on_board = b.seeds_on_side(side) + b.seeds_on_side(side.other());
            if on_board > 15 && ply >= random_plies {
                let mut v: Vec<u32> = b.row_of(side).to_vec();
                v.extend_from_slice(b.row_of(side.other()));
                v.push(b.score(side) as u32);
                v.push(b.score(side.other()) as u32);
                rows.push((v, seat));
            }
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let explore = ply < random_plies || rng.next_u64() % 100 < 3;
            let mv: MoveId = if explore {
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            } else {
                let clock = Clock::new(None, false, Some(nodes), &stop);
                let mut searcher = Searcher::new(&mut table, clock, false, 0, &history);
                mancala_kit::eval::with_weights(weights, || best_move(&mut searcher, &game, 64))
                    .unwrap()
                    .best
            };
            history.push(game.state_hash());
            game.apply(mv, None).unwrap();
            ply += 1;
        };
        for (v, seat) in rows {
            let m = if seat == 0 { margin } else { -margin };
            let r = match m.signum() {
                1 => "1",
                0 => "0.5",
                _ => "0",
            };
            let line: Vec<String> = v.iter().map(u32::to_string).collect();
            writeln!(out, "{} {r}", line.join(" ")).unwrap();
        }
    }
}
