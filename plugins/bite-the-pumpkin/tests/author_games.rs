//! The author's games, board by board: `fixtures/author-games.txt` holds what the author's
//! own simulator played in 400 seeded games (GitHub `formikaio/azzanna-la-zucca` at
//! `8fed59b`, run headless by `scripts/author-simulator.mjs CHECKOUT 400 11 400
//! trace.txt tests/fixtures/author-games.txt`, pig lines then stripped of their board):
//! every pig and pumpkin placed and every Herd move, with the board just before it (and,
//! for a move, the pigs in the order the author's group held them), and each game's end.
//! Replayed in Tavola under `bite_model=simulator end_rule=simulator`, every board, every
//! pigs' order and every end must be the author's.

use bite_the_pumpkin::{
    BiteThePumpkin, FARMER, HERD, Phase,
    board::{Cell, Dir, Field},
    square_name,
};
use game_api::{Game, Options};

/// The field as the author's code writes it: 64 digits, 0 empty, 1 pig, 3 pumpkin, 5 tree.
fn digits(field: &Field) -> String {
    field
        .0
        .iter()
        .map(|c| match c {
            Cell::Empty => '0',
            Cell::Pig { .. } => '1',
            Cell::Pumpkin => '3',
            Cell::Tree => '5',
            Cell::Broccoli => panic!("broccoli in a two-player game"),
        })
        .collect()
}

fn squares(list: &str) -> Vec<usize> {
    list.split(',').map(|n| n.parse().unwrap()).collect()
}

fn play(game: &mut BiteThePumpkin, notation: &str, line: usize) {
    game_api::testing::play(game, notation).unwrap_or_else(|e| panic!("line {line}: {e}"));
}

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    /// Moves whose board would differ had level pigs acted from the top left.
    row_major_differs: usize,
}

fn replay(text: &str) -> Tally {
    let options = Options::parse(
        &BiteThePumpkin::manifest().options,
        ["bite_model=simulator", "end_rule=simulator"],
    )
    .unwrap();
    let mut tally = Tally::default();
    let mut game = BiteThePumpkin::new(&options).unwrap();
    for (i, text) in text.lines().enumerate() {
        let line = i + 1;
        let parts: Vec<&str> = text.split(' ').collect();
        let board_is = |game: &BiteThePumpkin, want: &str| {
            assert_eq!(
                digits(&game.field),
                want,
                "line {line}: the board before `{text}`"
            );
        };
        match parts[0] {
            "game" => {
                game = BiteThePumpkin::new(&options).unwrap();
                tally.games += 1;
            }
            "pig" => play(&mut game, &square_name(parts[1].parse().unwrap()), line),
            "pumpkin" => {
                board_is(&game, parts[2]);
                play(&mut game, &square_name(parts[1].parse().unwrap()), line);
            }
            "move" => {
                board_is(&game, parts[2]);
                assert_eq!(
                    game.order,
                    squares(parts[3]),
                    "line {line}: the pigs' order"
                );
                let dir = Dir::ALL[parts[1].parse::<usize>().unwrap()];
                let mut row_major = game.field.clone();
                row_major.simulator_pass(dir, &mut row_major.pigs());
                play(
                    &mut game,
                    ["N", "S", "W", "E"][parts[1].parse::<usize>().unwrap()],
                    line,
                );
                tally.row_major_differs += usize::from(digits(&row_major) != digits(&game.field));
                tally.moves += 1;
            }
            "end" => {
                board_is(&game, parts[2]);
                let winner = if parts[1] == "PIGS" { HERD } else { FARMER };
                assert_eq!(game.phase, Phase::Over(winner), "line {line}: the end");
            }
            other => panic!("line {line}: unknown line `{other}`"),
        }
    }
    tally
}

#[test]
fn every_board_of_the_authors_games_is_tavolas() {
    let tally = replay(include_str!("fixtures/author-games.txt"));
    assert_eq!(tally.games, 400);
    assert!(tally.moves > 4000, "{} moves", tally.moves);
    // The order is what makes these games the author's: from the top left, some boards
    // after a move would differ.
    assert!(tally.row_major_differs > 0);
    eprintln!(
        "{} games, {} Herd moves; {} would differ with level pigs taken from the top left",
        tally.games, tally.moves, tally.row_major_differs
    );
}
