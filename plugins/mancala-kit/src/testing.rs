//! Conformance helpers for mancala variants: what every variant's tests check, ready
//! to call from a plugin's own tests.

use game_api::{Effect, Game, Options, Rng, Turn};

use crate::{Mancala, Variant};

/// Plays the move written `notation` (e.g. `c`, `C`, `c>`) in `game`, returning its
/// effects, or an error naming the legal moves.
pub fn play<V: Variant>(game: &mut Mancala<V>, notation: &str) -> Result<Vec<Effect>, String> {
    game_api::testing::play(game, notation)
}

/// All seeds of a position: small seeds on and beside the board, plus big stones on the
/// board and captured.
pub fn all_seeds<V: Variant>(game: &Mancala<V>) -> (u32, u32) {
    let b = &game.board;
    (
        b.total(),
        b.big.iter().sum::<u32>() + b.captured_big.iter().sum::<u32>(),
    )
}

/// What [`random_games`] measured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Played {
    /// Games played to the end.
    pub games: u64,
    /// Moves played.
    pub moves: u64,
    /// Games won by South, by North, drawn.
    pub results: [u64; 3],
}

/// Plays `games` random games of `Mancala<V>` under `options` (game `g` seeded with
/// `seed + g`), checking after every move that seeds are conserved (small seeds and big
/// stones, on the board, in stores and captured stocks; loans move seeds between stocks
/// and change no total), that the notation and the JSON state round-trip and the move
/// played with effects gives the same position as without (every `round_trip_every`
/// moves), that every game ends within `max_moves`, and that the fast
/// [`Game::playout`] of the same seed ends in the same position with the same outcome.
pub fn random_games<V: Variant>(
    options: &Options,
    games: u64,
    seed: u64,
    round_trip_every: u64,
    max_moves: u64,
) -> Result<Played, String> {
    let mut played = Played::default();
    let mut moves = Vec::new();
    for g in 0..games {
        let mut rng = Rng::with_seed(seed + g);
        let mut game = Mancala::<V>::new(options).map_err(|e| e.to_string())?;
        let start = all_seeds(&game);
        // The fast playout makes the same draws as the loop below.
        let mut fast = game.clone();
        let fast_outcome = fast
            .playout(&mut Rng::with_seed(seed + g))
            .map_err(|e| format!("game {g}: the fast playout failed: {e}"))?;
        let mut n = 0u64;
        loop {
            let outcome = match game.turn() {
                Turn::Over { outcome } => outcome,
                Turn::Seat { .. } => {
                    moves.clear();
                    game.legal_moves(&mut moves);
                    if moves.is_empty() {
                        return Err(format!("no legal move in `{}`", game.notation()));
                    }
                    let mv = moves[rng.below(moves.len())];
                    let watched = (round_trip_every > 0
                        && (n + 1).is_multiple_of(round_trip_every))
                    .then(|| game.clone());
                    game.apply(mv, None)
                        .map_err(|e| format!("legal move refused in `{}`: {e}", game.notation()))?;
                    n += 1;
                    if let Some(mut loud) = watched {
                        quiet_equals_loud(&mut loud, mv, &game)?;
                    }
                    let now = all_seeds(&game);
                    if now != start {
                        return Err(format!(
                            "game {g}, move {n}: seeds {now:?}, expected {start:?} at `{}`",
                            game.notation()
                        ));
                    }
                    if round_trip_every > 0 && n.is_multiple_of(round_trip_every) {
                        round_trip(&game, options)?;
                    }
                    if n > max_moves {
                        return Err(format!("game {g} did not end in {max_moves} moves"));
                    }
                    continue;
                }
                Turn::Chance { .. } => return Err("mancala has no chance events".into()),
            };
            if outcome != fast_outcome || fast != game {
                return Err(format!(
                    "game {g}: the fast playout ended at `{}` ({fast_outcome:?}), move by move at `{}` ({outcome:?})",
                    fast.notation(),
                    game.notation()
                ));
            }
            played.games += 1;
            played.moves += n;
            let [s, north] = [outcome.seats[0].score, outcome.seats[1].score];
            played.results[match s.cmp(&north) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => 2,
            }] += 1;
            break;
        }
    }
    Ok(played)
}

/// Checks that `mv` played from `before` with its effects recorded (seed by seed, as a
/// person watches) gives `quiet`, the position the fast path (whole laps at once, no
/// effects) gave.
pub fn quiet_equals_loud<V: Variant>(
    before: &mut Mancala<V>,
    mv: game_api::MoveId,
    quiet: &Mancala<V>,
) -> Result<(), String> {
    let from = before.notation();
    let mut effects = Vec::new();
    before
        .apply(mv, Some(&mut effects))
        .map_err(|e| e.to_string())?;
    if before != quiet {
        return Err(format!(
            "from `{from}`, move {mv}: watched gives `{}`, fast `{}`",
            before.notation(),
            quiet.notation()
        ));
    }
    Ok(())
}

/// Checks every legal move of `game` with [`quiet_equals_loud`], and that it conserves
/// the seeds.
pub fn every_move_fast_equals_watched<V: Variant>(game: &Mancala<V>) -> Result<(), String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    for &mv in &moves {
        let mut fast = game.clone();
        fast.apply(mv, None).map_err(|e| e.to_string())?;
        if all_seeds(&fast) != all_seeds(game) {
            return Err(format!("move {mv} from `{}` lost seeds", game.notation()));
        }
        quiet_equals_loud(&mut game.clone(), mv, &fast)?;
    }
    Ok(())
}

/// Checks that `game`'s notation and JSON state read back to the same position.
pub fn round_trip<V: Variant>(game: &Mancala<V>, options: &Options) -> Result<(), String> {
    let notation = game.notation();
    let back = Mancala::<V>::from_notation(options, &notation).map_err(|e| e.to_string())?;
    if back.notation() != notation || back.turn() != game.turn() {
        return Err(format!("`{notation}` reads back as `{}`", back.notation()));
    }
    let json = Mancala::<V>::from_json(&game.to_json()).map_err(|e| e.to_string())?;
    if &json != game {
        return Err(format!("the JSON state of `{notation}` does not read back"));
    }
    Ok(())
}

/// The number of move sequences of exactly `depth` moves from `game`.
pub fn perft<V: Variant>(game: &Mancala<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = game.clone();
            next.apply(m, None).expect("a legal move applies");
            perft(&next, depth - 1)
        })
        .sum()
}
