//! Helpers for a game's own tests, on the [`Game`] trait directly (no loading): options
//! from `key=value` pairs, positions from notation, moves played and listed by their
//! notation, perft, random games, and the [`conformance`] suite.
//!
//! ```
//! # use game_api::{Game, testing};
//! # fn demo<MyGame: Game>() -> Result<(), String> {
//! let mut game: MyGame = testing::position(&["houses=4"], "…the game's notation…");
//! testing::play(&mut game, "c")?;
//! assert_eq!(testing::perft(&game, 2), 16);
//! testing::conformance::assert_conforms::<MyGame>(&Default::default());
//! # Ok(())
//! # }
//! ```

pub mod conformance;

use crate::{Effect, Game, Options, Rng, Turn};

/// The options of `G` from `key=value` pairs, the others at their defaults.
///
/// # Panics
///
/// When a pair does not fit `G`'s option schema, with the reason (a test helper).
pub fn options<G: Game>(pairs: &[&str]) -> Options {
    Options::parse(&G::manifest().options, pairs)
        .unwrap_or_else(|e| panic!("options {pairs:?} for {}: {e}", G::manifest().id))
}

/// The position of `G` written `notation`, under the options `pairs` (see [`options`]).
///
/// # Panics
///
/// When the options or the notation are refused, with the reason (a test helper).
pub fn position<G: Game>(pairs: &[&str], notation: &str) -> G {
    G::from_notation(&options::<G>(pairs), notation)
        .unwrap_or_else(|e| panic!("position `{notation}` of {}: {e}", G::manifest().id))
}

/// The number of action sequences of exactly `depth` actions from `game` (an extra turn
/// or a chance outcome is an action of its own; a finished game is a leaf), as
/// `tavola perft` counts them.
///
/// # Panics
///
/// When a legal move is refused (a broken game).
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.apply(mv, None)
                .unwrap_or_else(|e| panic!("legal move {mv} at `{}`: {e}", game.notation()));
            perft(&next, depth - 1)
        })
        .sum()
}

/// A game of `G` with `options` after at most `actions` random actions with
/// [`Rng::with_seed`]`(seed)` (the policy of [`random_playout`](crate::random_playout));
/// it stops early when the game ends. For property tests: positions of any length.
pub fn random_game<G: Game>(options: &Options, seed: u64, actions: usize) -> Result<G, String> {
    let mut game = G::new(options).map_err(|e| e.to_string())?;
    let mut rng = Rng::with_seed(seed);
    let mut moves = Vec::new();
    for _ in 0..actions {
        let mv = match game.turn() {
            Turn::Over { .. } => break,
            Turn::Chance { outcomes } => outcomes[rng.chance(&outcomes)].mv,
            Turn::Seat { seat } => {
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    return Err(format!("seat {seat} is to move but has no legal move"));
                }
                moves[rng.below(moves.len())]
            }
        };
        game.apply(mv, None).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The notations of the legal moves of `game`, in order.
pub fn legal_notations<G: Game>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| game.move_info(m).map(|i| i.notation).unwrap_or_default())
        .collect()
}

/// Plays the legal move written `notation`, returning its effects, or an error naming
/// the position and the legal moves.
///
pub fn play<G: Game>(game: &mut G, notation: &str) -> Result<Vec<Effect>, String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&m| game.move_info(m).is_ok_and(|i| i.notation == notation))
        .ok_or_else(|| {
            format!(
                "`{notation}` is not legal in `{}` (legal: {})",
                game.notation(),
                legal_notations(game).join(" ")
            )
        })?;
    let mut effects = Vec::new();
    game.apply(mv, Some(&mut effects))
        .map_err(|e| e.to_string())?;
    Ok(effects)
}

/// `text` with one edit, for parsers fed mangled notations: `kind` picks replace a
/// character by `token`, delete one, insert `token`, or swap two characters; `at` says
/// where (modulo the length).
///
/// ```
/// use game_api::testing::edit_notation;
/// assert_eq!(edit_notation("abc", 0, 1, "XY"), "aXYc");
/// assert_eq!(edit_notation("abc", 1, 4, ""), "ac");
/// assert_eq!(edit_notation("", 3, 0, "z"), "z");
/// ```
pub fn edit_notation(text: &str, kind: u8, at: usize, token: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return token.to_owned();
    }
    let i = at % chars.len();
    let mut out = chars.clone();
    match kind % 4 {
        0 => {
            out.splice(i..=i, token.chars());
        }
        1 => {
            out.remove(i);
        }
        2 => {
            out.splice(i..i, token.chars());
        }
        _ => out.swap(i, (i + token.len()) % chars.len()),
    }
    out.into_iter().collect()
}
