//! The author's two bots (two players), making the decisions of the author's simulator
//! (GitHub `formikaio/azzanna-la-zucca`, HEAD `8fed59b`): the Herd of `pigs_9.js` and
//! the Farmer of `pumpkins_6.js`, with the look-ahead of `simulate_move` ([`Field::sim`]).
//!
//! Each bot first computes the list the author's code draws from (`_.sample`), then
//! draws uniformly from it; the lists are public so that they can be checked against
//! the author's code decision by decision.

use game_api::{GameError, MoveId, Rng};

use crate::{
    BiteThePumpkin, FARMER, HERD, Phase, RUN, TREES_DONE,
    board::{Cell, Dir, Field, SQUARES, neighbours},
};

/// Picks uniformly among `items`.
fn pick<T: Copy>(items: &[T], rng: &mut Rng) -> T {
    items[rng.below(items.len())]
}

/// The move of bot `name` in `game`.
pub(crate) fn bot_move(
    game: &BiteThePumpkin,
    name: &str,
    rng: &mut Rng,
) -> Result<MoveId, GameError> {
    if game.players != 2 {
        return Err(GameError::UnknownBot(format!(
            "{name} (the author defines the bots for the two-player game)"
        )));
    }
    let legal = game.legal();
    if legal.is_empty() {
        return Err(GameError::GameOver);
    }
    match (name, game.to_move()) {
        ("herd-author", HERD) => Ok(herd(game, &legal, rng)),
        ("farmer-author", FARMER) => Ok(farmer(game, &legal, rng)),
        ("herd-author" | "farmer-author", _) => Err(GameError::UnknownBot(format!(
            "{name} does not play this seat"
        ))),
        _ => Err(GameError::UnknownBot(name.to_owned())),
    }
}

fn herd(game: &BiteThePumpkin, legal: &[MoveId], rng: &mut Rng) -> MoveId {
    match &game.phase {
        Phase::Pigs => pick_square(&pig_squares(&game.field), legal, rng),
        // The author's pigs have no choice: the first pending pig eats the first pumpkin
        // of the scan order NW, N, NE, W, E, SW, S, SE — its first legal bite, since bites
        // are listed in that order.
        Phase::Bite(_) => legal[0],
        Phase::Run => {
            let d = pick(&herd_directions(&game.field).1, rng);
            MoveId(RUN + Dir::ALL.iter().position(|&x| x == d).unwrap_or(0) as u32)
        }
        _ => pick(legal, rng),
    }
}

fn farmer(game: &BiteThePumpkin, legal: &[MoveId], rng: &mut Rng) -> MoveId {
    if matches!(game.phase, Phase::Trees(_)) {
        return MoveId(TREES_DONE);
    }
    pick_square(&farmer_squares(&game.field), legal, rng)
}

/// A square drawn from `squares`, or (never in a real game: the field has room for
/// every piece) a legal move if there is none.
fn pick_square(squares: &[usize], legal: &[MoveId], rng: &mut Rng) -> MoveId {
    if squares.is_empty() {
        pick(legal, rng)
    } else {
        MoveId(pick(squares, rng) as u32)
    }
}

/// Where the Herd bot draws its next pig from (`pigBirthplace`, pigs_9.js 8–39): the
/// empty squares that no pig sees, or every empty square if there is none.
pub fn pig_squares(field: &Field) -> Vec<usize> {
    let empty: Vec<usize> = field.squares_of(Cell::Empty).collect();
    let unseen: Vec<usize> = empty.iter().copied().filter(|&s| !field.seen(s)).collect();
    if unseen.is_empty() { empty } else { unseen }
}

/// T(X): pumpkins of `x` with a pig among their neighbours (`how_many_threatened_pumpkins`).
fn t(x: &Field) -> usize {
    x.threatened()
}

/// The Herd bot's scores of N, S, W, E (`pigMoves`, pigs_9.js 42–74) on the live field
/// `b`: 4·T(Sim(b, d)) + Σ over d′ of T(Sim(Sim(b, d), d′)); and the directions with
/// the highest score, in that order, which it draws from (`bestMove`, game.js 302–324).
/// Lying pigs (after the rules' bites) count as pigs: the author's code knows no others.
pub fn herd_directions(b: &Field) -> ([usize; 4], Vec<Dir>) {
    let mut scores = [0; 4];
    for (i, &d) in Dir::ALL.iter().enumerate() {
        let first = b.sim(b, d);
        scores[i] = 4 * t(&first)
            + Dir::ALL
                .iter()
                .map(|&d2| t(&first.sim(b, d2)))
                .sum::<usize>();
    }
    let best = scores.iter().copied().max().unwrap_or(0);
    let dirs = Dir::ALL
        .iter()
        .zip(scores)
        .filter(|&(_, s)| s == best)
        .map(|(&d, _)| d)
        .collect();
    (scores, dirs)
}

/// `b` with a pumpkin on `p`, whatever stood there (the Farmer's hypothesis X_p).
fn with_pumpkin(b: &Field, p: usize) -> Field {
    let mut x = b.clone();
    x.0[p] = Cell::Pumpkin;
    x
}

/// The squares with the smallest score among `squares`.
fn minima(squares: impl Iterator<Item = usize>, score: impl Fn(usize) -> usize) -> Vec<usize> {
    let scored: Vec<(usize, usize)> = squares.map(|p| (p, score(p))).collect();
    let best = scored.iter().map(|x| x.1).min().unwrap_or(0);
    scored
        .into_iter()
        .filter(|x| x.1 == best)
        .map(|x| x.0)
        .collect()
}

/// The Farmer bot's M1 and M2 (`pumpkinBirthplace`, pumpkins_6.js 23–64) on the live
/// field `b`: M1 = the squares, among **all 64** (occupied ones too), whose hypothesis
/// X_p minimises S1(p) = Σ over d of T(Sim(X_p, d)); M2 = those of M1 minimising
/// S2(p) = Σ over d1, d2 of T(Sim(Sim(X_p, d1), d2)). The look-ahead reads bites on `b`.
pub fn farmer_minima(b: &Field) -> (Vec<usize>, Vec<usize>) {
    let m1 = minima(0..SQUARES, |p| {
        let x = with_pumpkin(b, p);
        Dir::ALL.iter().map(|&d| t(&x.sim(b, d))).sum()
    });
    let m2 = minima(m1.iter().copied(), |p| {
        let x = with_pumpkin(b, p);
        Dir::ALL
            .iter()
            .map(|&d1| {
                let x1 = x.sim(b, d1);
                Dir::ALL.iter().map(|&d2| t(&x1.sim(b, d2))).sum::<usize>()
            })
            .sum()
    });
    (m1, m2)
}

/// Where the Farmer bot draws its next pumpkin from (pumpkins_6.js 66–98): the last
/// non-empty tier of L1 = the empty squares, L2 = L1 without a pig among the neighbours,
/// L3 = L2 not seen by a pig, L4 = L3 ∩ M1, L5 = L4 ∩ M2 (see [`farmer_minima`]).
pub fn farmer_squares(b: &Field) -> Vec<usize> {
    let (m1, m2) = farmer_minima(b);
    let l1: Vec<usize> = b.squares_of(Cell::Empty).collect();
    let narrow = |tier: &[usize], keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
        tier.iter().copied().filter(|&s| keep(s)).collect()
    };
    let l2 = narrow(&l1, &|s| {
        !neighbours(s).any(|n| matches!(b.0[n], Cell::Pig { .. }))
    });
    let l3 = narrow(&l2, &|s| !b.seen(s));
    let l4 = narrow(&l3, &|s| m1.contains(&s));
    let l5 = narrow(&l4, &|s| m2.contains(&s));
    [l5, l4, l3, l2, l1]
        .into_iter()
        .find(|tier| !tier.is_empty())
        .unwrap_or_default()
}
