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
        let mut rng = Rng::with_seed(seed.wrapping_add(g));
        let mut game = Mancala::<V>::new(options).map_err(|e| e.to_string())?;
        let start = all_seeds(&game);
        // The fast playout makes the same draws as the loop below.
        let mut fast = game.clone();
        let fast_outcome = fast
            .playout(&mut Rng::with_seed(seed.wrapping_add(g)))
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
    if !json.same_state(game) {
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

/// Everything a finished game scores: the small seeds and the big stones' points. The
/// final scores of every finished game add up to it (loans only move points between the
/// players).
pub fn game_total(config: &crate::Config) -> i64 {
    let big = match config.ends {
        crate::Ends::Mandarins(m) => 2 * i64::from(m.big_stone),
        _ => 0,
    };
    i64::from(config.total_seeds()) + big
}

/// Checks one position of a game: its notation and its JSON state read back to the same
/// position with the same turn, seeds and big stones are those of the start, and a
/// finished game's scores add up to [`game_total`] (with the seeds an
/// [`End::NoMove`](crate::End::NoMove) rule leaves on the board).
pub fn check_position<V: Variant>(game: &Mancala<V>, options: &Options) -> Result<(), String> {
    round_trip(game, options)?;
    let start = Mancala::<V>::new(options).map_err(|e| e.to_string())?;
    if all_seeds(game) != all_seeds(&start) {
        return Err(format!(
            "`{}` holds {:?} seeds and big stones, the start {:?}",
            game.notation(),
            all_seeds(game),
            all_seeds(&start)
        ));
    }
    if let Turn::Over { outcome } = game.turn() {
        let sum: i64 = outcome.seats.iter().map(|s| s.score).sum();
        // Seeds the end rule leaves on the board count for no one.
        let left = if game.config.end
            == (crate::End::NoMove {
                remaining: crate::Remaining::Left,
            }) {
            crate::Side::BOTH
                .iter()
                .map(|&s| i64::from(game.board.seeds_on_side(s)))
                .sum()
        } else {
            0
        };
        if sum + left != game_total(&game.config) {
            return Err(format!(
                "the game over at `{}` scores {sum} in all and leaves {left} on the board, \
                 the game holds {}",
                game.notation(),
                game_total(&game.config)
            ));
        }
    }
    Ok(())
}

/// Plays a random game of at most `max_moves` moves (game seed `seed`) under `options`,
/// checking every position reached, the last included, with [`check_position`].
/// Returns the notations of the positions, the start first.
pub fn checked_random_game<V: Variant>(
    options: &Options,
    seed: u64,
    max_moves: usize,
) -> Result<Vec<String>, String> {
    let mut rng = Rng::with_seed(seed);
    let mut game = Mancala::<V>::new(options).map_err(|e| e.to_string())?;
    let mut seen = vec![game.notation()];
    let mut moves = Vec::new();
    check_position(&game, options)?;
    for _ in 0..max_moves {
        if game.is_over() {
            break;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(format!("no legal move in `{}`", game.notation()));
        }
        let mv = moves[rng.below(moves.len())];
        game.apply(mv, None)
            .map_err(|e| format!("legal move refused in `{}`: {e}", game.notation()))?;
        check_position(&game, options).map_err(|e| format!("after {} moves: {e}", seen.len()))?;
        seen.push(game.notation());
    }
    Ok(seen)
}

/// Reads a (possibly mangled) `notation`: it must be refused with a reason, or read as a
/// position that passes [`check_position`] and whose legal moves all apply. Never panics
/// on the plugin's behalf: a panic is the failure this looks for.
pub fn check_parsed<V: Variant>(options: &Options, notation: &str) -> Result<(), String> {
    let Ok(game) = Mancala::<V>::from_notation(options, notation) else {
        return Ok(());
    };
    check_position(&game, options).map_err(|e| format!("`{notation}` read: {e}"))?;
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    for mv in moves {
        let mut next = game.clone();
        next.apply(mv, None)
            .map_err(|e| format!("`{notation}`: legal move {mv} refused: {e}"))?;
        check_position(&next, options).map_err(|e| format!("`{notation}`, move {mv}: {e}"))?;
    }
    Ok(())
}

/// A random option set of `V`'s schema: each option at one of its values (a choice, a
/// flag, an integer in range), drawn with `pick(n)` returning a number below `n`.
pub fn random_options<V: Variant>(mut pick: impl FnMut(usize) -> usize) -> Options {
    use game_api::{OptionKind, OptionValue};
    let schema = V::manifest().options;
    let mut values = std::collections::BTreeMap::new();
    for spec in &schema {
        let value = match &spec.kind {
            OptionKind::Bool => OptionValue::Bool(pick(2) == 1),
            OptionKind::Integer { min, max } => {
                OptionValue::Int(min + pick((max - min + 1) as usize) as i64)
            }
            OptionKind::Choice { choices } => {
                OptionValue::Choice(choices[pick(choices.len())].value.clone())
            }
        };
        values.insert(spec.key.clone(), value);
    }
    Options::resolve(&schema, &values).unwrap_or_else(|_| Options::defaults(&schema))
}

/// One edit of a notation, for parsers fed mangled input: `kind` picks the edit, `at`
/// where (modulo the length), `token` what is put there.
#[derive(Debug, Clone)]
pub struct Mutation {
    /// 0: replace a character; 1: delete one; 2: insert the token; 3: replace a number
    /// by the token; 4: repeat a field; 5: drop a field; 6: swap two numbers (a
    /// position that often still adds up).
    pub kind: u8,
    /// Where, modulo the length of what is edited.
    pub at: usize,
    /// The text put in.
    pub token: String,
}

impl Mutation {
    /// `notation` with this edit.
    pub fn apply(&self, notation: &str) -> String {
        let chars: Vec<char> = notation.chars().collect();
        let fields: Vec<&str> = notation.split(' ').collect();
        let at = |n: usize| self.at % n.max(1);
        match self.kind % 7 {
            0..=2 if chars.is_empty() => self.token.clone(),
            0 => {
                let i = at(chars.len());
                let mut out: String = chars[..i].iter().collect();
                out += &self.token;
                out.extend(&chars[i + 1..]);
                out
            }
            1 => {
                let i = at(chars.len());
                chars[..i].iter().chain(&chars[i + 1..]).collect()
            }
            2 => {
                let i = at(chars.len() + 1);
                let mut out: String = chars[..i].iter().collect();
                out += &self.token;
                out.extend(&chars[i..]);
                out
            }
            3 => {
                let numbers = number_ranges(&chars);
                if numbers.is_empty() {
                    return notation.to_owned();
                }
                let (start, end) = numbers[at(numbers.len())];
                let mut out: String = chars[..start].iter().collect();
                out += &self.token;
                out.extend(&chars[end..]);
                out
            }
            6 => {
                let numbers = number_ranges(&chars);
                if numbers.len() < 2 {
                    return notation.to_owned();
                }
                let i = at(numbers.len());
                let j = (i + 1 + self.token.len() % (numbers.len() - 1)) % numbers.len();
                let (first, second) = (numbers[i.min(j)], numbers[i.max(j)]);
                let text = |(a, b): (usize, usize)| chars[a..b].iter().collect::<String>();
                let mut out: String = chars[..first.0].iter().collect();
                out += &text(second);
                out.extend(&chars[first.1..second.0]);
                out += &text(first);
                out.extend(&chars[second.1..]);
                out
            }
            4 => {
                let i = at(fields.len());
                let mut out = fields.clone();
                out.insert(i, fields[i]);
                out.join(" ")
            }
            _ => {
                let i = at(fields.len());
                let mut out = fields.clone();
                out.remove(i);
                out.join(" ")
            }
        }
    }
}

/// The numbers of a text, as (start, end) character ranges.
fn number_ranges(chars: &[char]) -> Vec<(usize, usize)> {
    let mut numbers = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            numbers.push((start, i));
        } else {
            i += 1;
        }
    }
    numbers
}

/// What [`Mutation`]s put into a mancala notation: digits and separators, overflowing
/// numbers, side letters, the optional fields.
pub const NOTATION_TOKENS: &[&str] = &[
    "0",
    "1",
    "2",
    "5",
    "9",
    "10",
    "13",
    "48",
    "99",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "-1",
    ",",
    "/",
    " ",
    "*",
    "**",
    "S",
    "N",
    "x",
    ":",
    "-",
    "m:0*,0*",
    "m:0,0",
    "big:1-0",
    "loan:3-0",
    "burnt:a",
    "sink:A,-",
    "sink:-,b",
    "round:2",
    "open:-",
    "open:c",
    "end:cycle",
    "A",
    "a",
];

/// The property-based tests every variant of the kit runs, for the test file of a crate
/// that has `proptest` among its dev-dependencies: random legal games of any length (up
/// to `$length` actions) under random option sets, checked at every position, the last
/// included (see [`checked_random_game`]); random whole games whose fast
/// [`Game::playout`] must end where the game played move by move (with and without
/// effects) does (see [`random_games`]); and notations mangled by random edits of
/// [`NOTATION_TOKENS`], which must be refused with a reason or read as a valid position
/// (see [`check_parsed`]); and the notations of random games with a field given twice or
/// a part emptied, which must be refused with the place of the fault (see
/// [`game_api::testing::notation_faults`]). In `tests/properties.rs`:
///
/// ```text
/// mancala_kit::variant_properties!(my_variant::MyRules, 1000);
/// ```
#[macro_export]
macro_rules! variant_properties {
    ($rules:ty, $length:expr) => {
        use ::proptest::prelude::*;

        fn mutation() -> impl Strategy<Value = $crate::testing::Mutation> {
            (
                any::<u8>(),
                any::<usize>(),
                0..$crate::testing::NOTATION_TOKENS.len(),
            )
                .prop_map(|(kind, at, t)| $crate::testing::Mutation {
                    kind,
                    at,
                    token: $crate::testing::NOTATION_TOKENS[t].to_owned(),
                })
        }

        fn options(choices: Vec<usize>) -> ::game_api::Options {
            let mut choices = choices.into_iter();
            $crate::testing::random_options::<$rules>(|n| choices.next().unwrap_or(0) % n)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(32))]

            #[test]
            fn random_games_round_trip_at_every_step_and_score_everything(
                choices in prop::collection::vec(any::<usize>(), 8),
                seed in any::<u64>(),
                length in 0usize..$length,
            ) {
                $crate::testing::checked_random_game::<$rules>(&options(choices), seed, length)
                    .map_err(TestCaseError::fail)?;
            }

            #[test]
            fn the_fast_playout_ends_where_the_game_played_move_by_move_does(
                choices in prop::collection::vec(any::<usize>(), 8),
                seed in any::<u64>(),
            ) {
                $crate::testing::random_games::<$rules>(&options(choices), 2, seed, 5, 100_000)
                    .map_err(TestCaseError::fail)?;
            }

            #[test]
            fn mangled_notations_are_refused_or_read_as_valid_positions(
                choices in prop::collection::vec(any::<usize>(), 8),
                seed in any::<u64>(),
                length in 0usize..200,
                edits in prop::collection::vec(mutation(), 1..4),
            ) {
                let options = options(choices);
                let seen = $crate::testing::checked_random_game::<$rules>(&options, seed, length)
                    .map_err(TestCaseError::fail)?;
                let mut text = seen.last().cloned().unwrap_or_default();
                for edit in &edits {
                    text = edit.apply(&text);
                }
                $crate::testing::check_parsed::<$rules>(&options, &text)
                    .map_err(TestCaseError::fail)?;
            }

            #[test]
            fn fields_given_twice_or_emptied_are_refused_with_their_place(
                choices in prop::collection::vec(any::<usize>(), 8),
                seed in any::<u64>(),
                length in 0usize..200,
            ) {
                let options = options(choices);
                let game: $crate::Mancala<$rules> =
                    ::game_api::testing::random_game(&options, seed, length)
                        .map_err(TestCaseError::fail)?;
                ::game_api::testing::notation_faults::<$crate::Mancala<$rules>>(
                    &options,
                    &::game_api::Game::notation(&game),
                )
                .map_err(TestCaseError::fail)?;
            }
        }
    };
}
