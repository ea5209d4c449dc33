//! The author's bots, decision by decision: `fixtures/author-decisions.txt` holds every
//! decision the author's own code made in seeded games of its simulator (GitHub
//! `formikaio/azzanna-la-zucca` at `8fed59b`, run headless by
//! `scripts/author-simulator.mjs CHECKOUT 12 11 12 tests/fixtures/author-decisions.txt`):
//! the board, and the list the bot then drew from (with the Herd's four scores). Ours
//! must compute the same lists from the same boards.

use bite_the_pumpkin::{
    board::{Cell, Dir, Field},
    bots::{farmer_squares, herd_directions, pig_squares},
};

/// A board as the author's code writes it: 64 digits, 0 empty, 1 pig, 3 pumpkin, 5 tree.
fn board(digits: &str) -> Field {
    Field(
        digits
            .chars()
            .map(|c| match c {
                '0' => Cell::Empty,
                '1' => Cell::Pig { lying: false },
                '3' => Cell::Pumpkin,
                '5' => Cell::Tree,
                _ => panic!("`{c}` in a board"),
            })
            .collect(),
    )
}

fn numbers(list: &str) -> Vec<usize> {
    list.split(',').map(|n| n.parse().unwrap()).collect()
}

#[test]
fn our_bots_draw_from_the_lists_the_authors_code_draws_from() {
    let text = include_str!("fixtures/author-decisions.txt");
    let mut checked = [0; 3];
    for (i, line) in text.lines().enumerate() {
        let parts: Vec<&str> = line.split(' ').collect();
        let field = board(parts[1]);
        match parts[0] {
            "pig" => {
                assert_eq!(pig_squares(&field), numbers(parts[2]), "line {}", i + 1);
                checked[0] += 1;
            }
            "move" => {
                let (scores, dirs) = herd_directions(&field);
                assert_eq!(scores.to_vec(), numbers(parts[2]), "line {}", i + 1);
                let dirs: Vec<usize> = dirs
                    .iter()
                    .map(|d| Dir::ALL.iter().position(|x| x == d).unwrap())
                    .collect();
                assert_eq!(dirs, numbers(parts[3]), "line {}", i + 1);
                checked[1] += 1;
            }
            "pumpkin" => {
                assert_eq!(farmer_squares(&field), numbers(parts[2]), "line {}", i + 1);
                checked[2] += 1;
            }
            other => panic!("line {}: unknown decision `{other}`", i + 1),
        }
    }
    assert!(
        checked.iter().all(|&n| n >= 40),
        "decisions checked: {checked:?}"
    );
}
