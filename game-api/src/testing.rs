//! Helpers for a game's own rules tests: play moves by their notation, list the legal
//! moves by notation.

use crate::{Effect, Game};

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
/// ```ignore
/// game_api::testing::play(&mut game, "c")?;
/// ```
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
