//! The Herd's win rate between the author's bots and the Herd move on which it wins:
//! the games of `tavola match bite-the-pumpkin herd-author farmer-author --fixed-seats`,
//! seeded the same way (game `i` uses seed `SEED + i`; each bot decision a fresh
//! generator seeded from the game's), so the win count is the match's.
//!
//! `cargo run --release -p bite-the-pumpkin --example win_turns -- GAMES [SEED] [KEY=VALUE…]`

use bite_the_pumpkin::{BiteThePumpkin, EndRule, HERD, Phase};
use game_api::{Game, Options, Rng};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args
        .first()
        .and_then(|g| g.parse().ok())
        .ok_or("usage: win_turns GAMES [SEED] [KEY=VALUE…]")?;
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let pairs: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    let options = Options::parse(&BiteThePumpkin::manifest().options, &pairs)
        .map_err(|e| format!("options: {e}"))?;
    let mut by_turn = [0u64; 17];
    let mut wins = 0;
    for i in 0..games {
        let mut game = BiteThePumpkin::new(&options).map_err(|e| e.to_string())?;
        let mut rng = Rng::with_seed(seed + i);
        while !matches!(game.phase, Phase::Over(_)) {
            let bot = if game.to_move() == HERD {
                "herd-author"
            } else {
                "farmer-author"
            };
            let mv = game
                .bot_move(bot, &mut Rng::with_seed(rng.u64()))
                .map_err(|e| e.to_string())?;
            game.apply(mv, None).map_err(|e| e.to_string())?;
        }
        if game.phase == Phase::Over(HERD) {
            wins += 1;
            // The rules' Count (and the simulator's bites under the rules' end) ends the
            // game during the Herd's turn; the simulator's end after the placement that
            // follows it.
            let turn = if game.end_rule == EndRule::Simulator {
                game.herd_turns
            } else {
                game.herd_turns + 1
            };
            by_turn[turn as usize] += 1;
        }
    }
    let (lo, hi) = wilson(wins, games);
    println!("options: {options}");
    println!(
        "Herd wins {wins} of {games}: {:.1}% (95% interval {:.1}–{:.1}%)",
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi
    );
    let turns: Vec<String> = (1..by_turn.len())
        .filter(|&t| by_turn[t] > 0)
        .map(|t| format!("{t}:{}", by_turn[t]))
        .collect();
    let mean = (1..by_turn.len())
        .map(|t| t as f64 * by_turn[t] as f64)
        .sum::<f64>()
        / wins.max(1) as f64;
    println!("Herd wins by Herd move: {}", turns.join(" "));
    println!("mean winning move {mean:.2}");
    Ok(())
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (k, n, z) = (k as f64, n.max(1) as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}
