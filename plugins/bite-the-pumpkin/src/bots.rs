//! The author's two bots, exactly as the rules page defines them (two players).

use game_api::{GameError, MoveId, Rng};

use crate::{
    BiteThePumpkin, FARMER, HERD, Phase, RUN, TREES_DONE,
    board::{Cell, Dir, Field, SIZE, SQUARES, neighbours},
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
    let field = &game.field;
    match &game.phase {
        Phase::Pigs => {
            // A random empty square that no pig placed earlier sees.
            let unseen: Vec<MoveId> = legal
                .iter()
                .copied()
                .filter(|m| !field.seen(m.0 as usize))
                .collect();
            pick(if unseen.is_empty() { legal } else { &unseen }, rng)
        }
        Phase::Bite(_) => {
            // No choice in the author's model: the first pending pig eats the first
            // vegetable found scanning NW, N, NE, W, E, SW, S, SE — the first legal bite
            // of that pig, since bites are listed in scan order.
            legal[0]
        }
        Phase::Run => {
            let score = |d: Dir| {
                // In the rules' model the bites are done: this turn is run and digest.
                let first = match game.bite_model {
                    crate::BiteModel::Rules => {
                        let mut f = field.clone();
                        f.run(d);
                        f.digest();
                        f
                    }
                    crate::BiteModel::Simulator => field.herd_turn(d),
                };
                4 * first.threatened()
                    + Dir::ALL
                        .iter()
                        .map(|&d2| first.herd_turn(d2).threatened())
                        .sum::<usize>()
            };
            let scores: Vec<(Dir, usize)> = Dir::ALL.iter().map(|&d| (d, score(d))).collect();
            let best = scores.iter().map(|s| s.1).max().unwrap_or(0);
            let ties: Vec<Dir> = scores.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
            let d = pick(&ties, rng);
            MoveId(RUN + Dir::ALL.iter().position(|&x| x == d).unwrap_or(0) as u32)
        }
        _ => pick(legal, rng),
    }
}

fn on_outer_ring(sq: usize) -> bool {
    let (r, c) = (sq / SIZE, sq % SIZE);
    r == 0 || c == 0 || r == SIZE - 1 || c == SIZE - 1
}

fn with_pumpkin(field: &Field, sq: usize) -> Field {
    let mut f = field.clone();
    f.0[sq] = Cell::Pumpkin;
    f
}

fn farmer(game: &BiteThePumpkin, legal: &[MoveId], rng: &mut Rng) -> MoveId {
    if matches!(game.phase, Phase::Trees(_)) {
        return MoveId(TREES_DONE);
    }
    let field = &game.field;
    let empty: Vec<usize> = legal
        .iter()
        .map(|m| m.0 as usize)
        .filter(|&s| s < SQUARES)
        .collect();
    let s1 = |p: usize| {
        let b = with_pumpkin(field, p);
        Dir::ALL
            .iter()
            .map(|&d| b.herd_turn(d).threatened())
            .sum::<usize>()
    };
    let s2 = |p: usize| {
        let b = with_pumpkin(field, p);
        Dir::ALL
            .iter()
            .map(|&d1| {
                let b1 = b.herd_turn(d1);
                Dir::ALL
                    .iter()
                    .map(|&d2| b1.herd_turn(d2).threatened())
                    .sum::<usize>()
            })
            .sum::<usize>()
    };
    let mut tier = empty;
    let narrow = |tier: &mut Vec<usize>, keep: &dyn Fn(usize) -> bool| {
        let next: Vec<usize> = tier.iter().copied().filter(|&s| keep(s)).collect();
        if !next.is_empty() {
            *tier = next;
            true
        } else {
            false
        }
    };
    let minimal = |tier: &mut Vec<usize>, f: &dyn Fn(usize) -> usize| {
        let scored: Vec<(usize, usize)> = tier.iter().map(|&s| (s, f(s))).collect();
        let best = scored.iter().map(|x| x.1).min().unwrap_or(0);
        *tier = scored
            .into_iter()
            .filter(|x| x.1 == best)
            .map(|x| x.0)
            .collect();
    };
    let no_pig_next = |s: usize| !neighbours(s).any(|n| matches!(field.0[n], Cell::Pig { .. }));
    let unseen = |s: usize| !field.seen(s);
    let inner = |s: usize| !on_outer_ring(s);
    // Each tier is a subset of the one before: once one is empty, the last non-empty
    // tier is the answer and the later ones (subsets of an empty set) are skipped.
    if narrow(&mut tier, &no_pig_next) && narrow(&mut tier, &unseen) && narrow(&mut tier, &inner) {
        minimal(&mut tier, &s1);
        minimal(&mut tier, &s2);
    }
    MoveId(pick(&tier, rng) as u32)
}
