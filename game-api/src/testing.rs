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

/// The separators [`notation_faults`] empties the parts between: `,` `/` `:` `-`.
pub const NOTATION_SEPARATORS: &[char] = &[',', '/', ':', '-'];

/// Checks that `G` refuses every copy of `notation` (a valid position, e.g. from
/// [`random_game`]) with one field given twice — right after itself, and again at the
/// end — or with one part between [`NOTATION_SEPARATORS`] emptied, and that each
/// refusal locates its fault in the form of [`crate::notation`]: `field N` and
/// `character C` (from 1), C within field N of the text read, N the emptied field, or for
/// a repeated field one at or after the original (the copy shifts the fields after it).
/// Returns the first failure, a panic of the parser included.
///
/// ```
/// # use game_api::{Game, Options, testing};
/// # fn demo<G: Game>(options: &Options) -> Result<(), String> {
/// let game: G = testing::random_game(options, 7, 40)?;
/// testing::notation_faults::<G>(options, &game.notation())?;
/// # Ok(())
/// # }
/// ```
pub fn notation_faults<G: Game>(options: &Options, notation: &str) -> Result<(), String> {
    G::from_notation(options, notation)
        .map_err(|e| format!("the valid notation `{notation}` is refused: {e}"))?;
    let fields: Vec<&str> = crate::notation::fields(notation)
        .iter()
        .map(|f| f.text)
        .collect();
    for i in 0..fields.len() {
        let mut after = fields.clone();
        after.insert(i + 1, fields[i]);
        check_fault::<G>(options, &after.join(" "), i + 1..=after.len())?;
        if i + 1 < fields.len() {
            let mut at_end = fields.clone();
            at_end.push(fields[i]);
            check_fault::<G>(options, &at_end.join(" "), i + 1..=at_end.len())?;
        }
        let items = crate::notation::items(fields[i], NOTATION_SEPARATORS);
        // A part alone in its field is the field: emptying it would drop the field.
        let parts = if items.len() > 1 { &items[..] } else { &[] };
        for (offset, item) in parts.iter().filter(|(_, item)| !item.is_empty()) {
            let mut field: Vec<char> = fields[i].chars().collect();
            field.drain(*offset..offset + item.chars().count());
            let mut emptied = fields.clone();
            let field: String = field.into_iter().collect();
            emptied[i] = &field;
            check_fault::<G>(options, &emptied.join(" "), i + 1..=i + 1)?;
        }
    }
    Ok(())
}

/// `text` must be refused by `G` with a notation error locating a field of `allowed`.
fn check_fault<G: Game>(
    options: &Options,
    text: &str,
    allowed: std::ops::RangeInclusive<usize>,
) -> Result<(), String> {
    let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        G::from_notation(options, text)
    }))
    .map_err(|_| format!("`{text}`: the parser panicked"))?;
    let reason = match read {
        Ok(game) => return Err(format!("`{text}` is read (as `{}`)", game.notation())),
        Err(crate::GameError::Notation { reason, .. }) => reason,
        Err(other) => return Err(format!("`{text}`: refused, but not as a notation: {other}")),
    };
    let fields = crate::notation::fields(text);
    let numbers_after = |word: &str| -> Vec<usize> {
        reason
            .match_indices(word)
            .filter_map(|(i, _)| {
                let digits: String = reason[i + word.len()..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                digits.parse().ok()
            })
            .collect()
    };
    let characters = numbers_after("character ");
    let located = numbers_after("field ").into_iter().any(|n| {
        allowed.contains(&n)
            && fields.get(n - 1).is_some_and(|f| {
                let end = f.start + f.text.chars().count();
                characters.iter().any(|c| (f.start..=end).contains(c))
            })
    });
    if located {
        Ok(())
    } else {
        Err(format!(
            "`{text}` is refused without locating the fault in field {}..={} \
             (`field N` and a `character C` within it): {reason}",
            allowed.start(),
            allowed.end()
        ))
    }
}
