//! Kalah(6,4)'s stored opening solution (`book/kalah-6-4.book`, [`kalah::BOOK`]): it
//! holds every position in which a player decides within the first two turns, each with
//! a legal move; its values agree with one another where one position's value follows
//! from others' (the start's is the best of its six children's, and a move's value is
//! the value of the position it leads to); the engine plays its move without searching;
//! and it is given to no other rules.

use std::sync::atomic::AtomicBool;

use game_api::{
    Game, Options,
    search::{Clock, Searcher, Table, WIN, best_move},
};
use kalah::{BOOK, Kalah};
use mancala_kit::OpeningBook;

fn book() -> OpeningBook {
    OpeningBook::parse(BOOK).expect("the stored book parses")
}

fn at(notation: &str) -> Kalah {
    Kalah::from_notation(&Options::defaults(&Kalah::manifest().options), notation)
        .unwrap_or_else(|e| panic!("{notation}: {e}"))
}

/// The positions after each legal move of `game`: (move notation, position).
fn children(game: &Kalah) -> Vec<(String, Kalah)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.apply(m, None).unwrap();
            (game.move_info(m).unwrap().notation, next)
        })
        .collect()
}

fn mover(game: &Kalah) -> u8 {
    match game.turn() {
        game_api::Turn::Seat { seat } => seat,
        other => panic!("nobody to move: {other:?}"),
    }
}

/// The positions in which a player decides within the first `turns` turns.
fn decisions(turns: usize) -> Vec<String> {
    let start = Kalah::new(&Options::defaults(&Kalah::manifest().options)).unwrap();
    let (mut found, mut frontier) = (Vec::new(), vec![start]);
    for _ in 0..turns {
        let mut next_turn = Vec::new();
        while let Some(p) = frontier.pop() {
            if found.contains(&p.notation()) || p.is_over() {
                continue;
            }
            found.push(p.notation());
            for (_, q) in children(&p) {
                if !q.is_over() && mover(&q) == mover(&p) {
                    frontier.push(q);
                } else {
                    next_turn.push(q);
                }
            }
        }
        frontier = next_turn;
    }
    found
}

#[test]
fn the_book_holds_every_decision_of_the_first_two_turns_with_a_legal_move() {
    let book = book();
    let wanted = decisions(2);
    assert_eq!(
        wanted.len(),
        26,
        "South's first turn: 2 positions, North's: 24"
    );
    for p in &wanted {
        let entry = book
            .get(p)
            .unwrap_or_else(|| panic!("{p} is not in the book"));
        let moves: Vec<String> = children(&at(p)).into_iter().map(|(m, _)| m).collect();
        assert!(
            moves.contains(&entry.mv),
            "{p}: {} is not legal ({moves:?})",
            entry.mv
        );
    }
    assert_eq!(
        book.len(),
        wanted.len(),
        "the book holds only those positions"
    );
}

#[test]
fn the_books_values_agree_with_one_another() {
    let book = book();
    let mut checked = 0;
    for (p, entry) in book.iter() {
        let game = at(p);
        let me = mover(&game);
        // What each child is worth to the player to move here, where the book knows it.
        let known: Vec<(String, i32)> = children(&game)
            .into_iter()
            .filter_map(|(m, q)| {
                let v = book.get(&q.notation())?.value;
                Some((m, if mover(&q) == me { v } else { -v }))
            })
            .collect();
        if let Some((_, v)) = known.iter().find(|(m, _)| *m == entry.mv) {
            assert_eq!(*v, entry.value, "{p}: its move {} leads to {v}", entry.mv);
            checked += 1;
        }
        for (m, v) in &known {
            assert!(
                *v <= entry.value,
                "{p}: {m} would give {v}, more than {}",
                entry.value
            );
        }
        if known.len() == children(&game).len() {
            let best = known.iter().map(|(_, v)| *v).max().unwrap();
            assert_eq!(best, entry.value, "{p}: the best of its children");
        }
    }
    assert!(
        checked >= 2,
        "the start and the position after c follow their moves"
    );
    let start = book
        .get("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S")
        .expect("the start");
    assert_eq!(start.value, 8, "Kalah(6,4) is a first-player win by 8");
}

#[test]
fn the_engine_plays_the_books_move_without_searching() {
    let book = book();
    for (p, entry) in book.iter() {
        let game = at(p);
        let (mv, value) = game.opening_move().expect("the book holds it");
        assert_eq!(game.move_info(mv).unwrap().notation, entry.mv);
        assert_eq!(value, entry.value);
        let (mut table, stop) = (Table::with_mib(1), AtomicBool::new(false));
        let clock = Clock::new(None, false, Some(1_000), &stop);
        let mut searcher = Searcher::new(&mut table, clock, false, 0, &[]);
        let found = best_move(&mut searcher, &game, 20).unwrap();
        assert_eq!((found.best, found.nodes), (mv, 0), "{p}");
        let expected = match value.signum() {
            1 => WIN + value,
            -1 => -WIN + value,
            _ => 0,
        };
        assert_eq!(found.score, expected, "{p}: the value as a proven result");
    }
}

#[test]
fn other_rules_get_no_book() {
    let manifest = Kalah::manifest();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let empty = Options::parse(&manifest.options, ["empty_capture=true"]).unwrap();
    let game = Kalah::from_notation(&empty, start).unwrap();
    assert_eq!(
        game.opening_move(),
        None,
        "the empty-house capture is other rules"
    );
    let small = Options::parse(&manifest.options, ["houses=4"]).unwrap();
    let game = Kalah::new(&small).unwrap();
    assert_eq!(game.opening_move(), None);
    // A position the book does not hold: the engine searches it.
    let mut later = at(start);
    later.apply_legal(game_api::MoveId(0)).unwrap();
    let (_, after) = children(&later).remove(0);
    assert_eq!(after.opening_move(), None);
}
