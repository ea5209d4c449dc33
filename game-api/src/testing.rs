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
