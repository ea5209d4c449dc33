//! The author's bots and simulator, point by point of the rules page's section "The
//! author's bots and simulator, exactly", on positions checked by hand. (Every decision
//! of seeded games of the author's own code is checked in `author_decisions.rs`.)

use bite_the_pumpkin::{
    BiteThePumpkin, Phase,
    board::{Cell, Dir, Field},
    bots::{farmer_minima, farmer_squares, herd_directions},
    square,
};
use game_api::{Game, Options, Rng};

fn options(pairs: &[&str]) -> Options {
    Options::parse(&BiteThePumpkin::manifest().options, pairs).unwrap()
}

/// The standard field with `pieces` (square name, letter).
fn field(pieces: &[(&str, char)]) -> Field {
    let mut f = Field::with_trees();
    for (name, c) in pieces {
        f.0[square(name).unwrap()] = Cell::from_letter(*c).unwrap();
    }
    f
}

fn at(pairs: &[&str], pieces: &[(&str, char)], rest: &str) -> BiteThePumpkin {
    let ranks: Vec<String> = field(pieces)
        .0
        .chunks(8)
        .map(|row| row.iter().map(|c| c.letter()).collect())
        .collect();
    let notation = format!("{} {rest}", ranks.join("/"));
    BiteThePumpkin::from_notation(&options(pairs), &notation)
        .unwrap_or_else(|e| panic!("{notation}: {e}"))
}

fn play(game: &mut BiteThePumpkin, notation: &str) {
    game_api::testing::play(game, notation).unwrap_or_else(|e| panic!("{e}"));
}

fn sq(name: &str) -> usize {
    square(name).unwrap()
}

#[test]
fn farmer_minima_are_taken_over_all_64_squares_and_the_tiers_fall_back() {
    // One pig on h1; pumpkins on f1 and h3. Wherever a pumpkin is added, the pig runs N
    // to h2 (next to h3) and W to g1 (next to f1): S1 = 2 for every far square, more for
    // squares near the pig. Only a pumpkin *on the pig's square* removes the pig from the
    // hypothesis: S1(h1) = 0. So M1 = M2 = {h1}, which is not empty: L4 = L5 = ∅.
    let b = field(&[("h1", 'P'), ("f1", 'O'), ("h3", 'O')]);
    let (m1, m2) = farmer_minima(&b);
    assert_eq!(m1, [sq("h1")]);
    assert_eq!(m2, [sq("h1")]);
    // The fallback: L3 = the empty squares, minus the pig's neighbours g2, h2, g1; the
    // pig sees none of the others (f1 and h3 block its row and column). Squares such
    // as g3 and f2, where the pumpkin would be threatened after a run, stay candidates.
    let squares = farmer_squares(&b);
    let empty: Vec<usize> = b.squares_of(Cell::Empty).collect();
    assert_eq!(empty.len(), 55);
    let l3: Vec<usize> = empty
        .into_iter()
        .filter(|&s| ![sq("g2"), sq("h2"), sq("g1")].contains(&s))
        .collect();
    assert_eq!(squares, l3);
    assert!(squares.contains(&sq("g3")) && squares.contains(&sq("f2")));
    // The bot draws from that list.
    let game = at(
        &[],
        &[
            ("h1", 'P'),
            ("f1", 'O'),
            ("h3", 'O'),
            ("a8", 'P'),
            ("c8", 'P'),
            ("e8", 'P'),
            ("a5", 'P'),
            ("c2", 'O'),
            ("a1", 'O'),
            ("d8", 'O'),
        ],
        "14 farmers:F F t2",
    );
    let mut rng = Rng::with_seed(5);
    for _ in 0..20 {
        let mv = game.bot_move("farmer-author", &mut rng).unwrap();
        assert!(farmer_squares(&game.field).contains(&(mv.0 as usize)));
    }
}

#[test]
fn farmer_tiers_l4_and_l5_when_the_minima_meet_them() {
    // A lone pig on h1 and no pumpkin: a pumpkin on h1 (the pig gone) or anywhere the
    // pig cannot reach scores 0. M1 holds h1 and the squares away from its runs; L5 =
    // L3 ∩ M2 is then not empty and is the answer.
    let b = field(&[("h1", 'P')]);
    let (m1, m2) = farmer_minima(&b);
    assert!(m1.contains(&sq("h1")) && m1.contains(&sq("d6")));
    assert!(!m1.contains(&sq("g8")), "next to h8, where the pig runs N");
    let squares = farmer_squares(&b);
    assert!(!squares.is_empty());
    assert!(
        squares
            .iter()
            .all(|s| m2.contains(s) && b.0[*s] == Cell::Empty)
    );
    assert!(!squares.contains(&sq("h5")), "the pig sees its column");
}

#[test]
fn the_look_ahead_bites_on_the_live_board() {
    // d1 pig, e1 pumpkin. The first simulated move eats e1 and the pig stays; in the
    // second, the live board still has e1, so the pig "eats" it again and stays instead
    // of running N to d3 (stopped by the tree on d4), where it would threaten e3.
    let b = field(&[("d1", 'P'), ("e1", 'O'), ("e3", 'O')]);
    let first = b.sim(&b, Dir::N);
    assert_eq!(first, field(&[("d1", 'P'), ("e3", 'O')]));
    let second = first.sim(&b, Dir::N);
    assert_eq!(second, first, "the pig ate e1 again, on the live board");
    let mut real = first.clone();
    real.run(Dir::N);
    assert_eq!(real.0[sq("d3")], Cell::Pig { lying: false }, "a real run");
    // So the Herd bot scores every direction 0 and draws among all four.
    assert_eq!(herd_directions(&b), ([0; 4], Dir::ALL.to_vec()));

    // A pumpkin that is only hypothetical (not on the live board) is never bitten: the
    // pig on d1 runs W past the pumpkin on d2 to a1.
    let live = field(&[("d1", 'P')]);
    let hypothesis = field(&[("d1", 'P'), ("d2", 'O')]);
    let after = hypothesis.sim(&live, Dir::W);
    assert_eq!(after, field(&[("a1", 'P'), ("d2", 'O')]));

    // The scan covers the pig's own square too: after S, the pig from d3 stands on d1,
    // where the live board has the pumpkin c1 ate; in the next look-ahead the pig on c1
    // "eats" d1 — the pig that stands there vanishes from the hypothesis.
    let b = field(&[("c1", 'P'), ("d1", 'O'), ("d3", 'P')]);
    let first = b.sim(&b, Dir::S);
    assert_eq!(first, field(&[("c1", 'P'), ("d1", 'P')]));
    assert_eq!(first.sim(&b, Dir::N), field(&[("c1", 'P')]));
}

/// Four pigs on the bottom row, d1 next to the pumpkin e1; a fifth pig on h5; far
/// pumpkins on a8 and c8.
const WINDOW: [(&str, char); 8] = [
    ("a1", 'P'),
    ("b1", 'P'),
    ("c1", 'P'),
    ("d1", 'P'),
    ("e1", 'O'),
    ("h5", 'P'),
    ("a8", 'O'),
    ("c8", 'O'),
];
const SIM: [&str; 2] = ["bite_model=simulator", "end_rule=simulator"];

#[test]
fn the_simulator_never_counts_the_herds_15th_move() {
    // Move 14: d1 eats e1 (the bottom row goes first running S), then h5 slides to h1:
    // the score is refreshed to 2. The Farmer places the 19th pumpkin; then the test
    // "20 placed?" fails and "score ≤ 2?" holds: the Herd wins on move 14.
    let mut game = at(&SIM, &WINDOW, "2 run H t13 s:3");
    play(&mut game, "S");
    assert_eq!(game.score, 2);
    play(&mut game, "d6");
    assert_eq!(game.phase, Phase::Over(0));
    assert_eq!(game.herd_turns, 14);
    // The same on move 15: the placement that follows is the 20th, tested first: the
    // Farmer wins although the score is 2.
    let mut game = at(&SIM, &WINDOW, "1 run H t14 s:3");
    play(&mut game, "S");
    assert_eq!(game.score, 2);
    play(&mut game, "d6");
    assert_eq!(game.phase, Phase::Over(1));
}

#[test]
fn the_simulator_score_misses_bites_after_the_last_slide() {
    // Running N, h5 slides first (score 3), then a1 and c1 slide (3, 3), b1 is stopped
    // by the tree on b2, and d1 eats e1 last: 2 pumpkins, but the score stays 3.
    let mut game = at(&SIM, &WINDOW, "10 run H t5 s:3");
    play(&mut game, "N");
    assert_eq!(game.on_field(1), 2);
    assert_eq!(game.score, 3);
    play(&mut game, "d6");
    assert_eq!(game.phase, Phase::Run, "no win: the score is stale");
}

/// Pigs on h8…h4 (they cannot move E), pumpkins next to them on g8, g6, g4, and far on
/// a8 and c8.
const STUCK: [(&str, char); 10] = [
    ("h8", 'P'),
    ("h7", 'P'),
    ("h6", 'P'),
    ("h5", 'P'),
    ("h4", 'P'),
    ("g8", 'O'),
    ("g6", 'O'),
    ("g4", 'O'),
    ("a8", 'O'),
    ("c8", 'O'),
];

#[test]
fn a_move_without_a_slide_refreshes_nothing() {
    // Running E, h8 eats g8, h7 eats g6, h5 eats g4; nobody slides: 2 pumpkins left and
    // the score is still 5.
    let mut game = at(&SIM, &STUCK, "10 run H t5 s:5");
    play(&mut game, "E");
    assert_eq!(game.on_field(1), 2);
    assert_eq!(game.score, 5);
    play(&mut game, "d6");
    assert_eq!(
        game.phase,
        Phase::Run,
        "no win: no slide refreshed the score"
    );
    // The rules' end counts the pumpkins themselves: the Herd wins at once.
    let mut rules = at(&["bite_model=simulator"], &STUCK, "10 run H t5");
    play(&mut rules, "E");
    assert_eq!(rules.phase, Phase::Over(0));
}

#[test]
fn the_simulator_score_starts_at_the_setup_pumpkins() {
    let mut game = BiteThePumpkin::new(&options(&SIM)).unwrap();
    for pig in ["a1", "c1", "e1", "g1", "h8"] {
        play(&mut game, pig);
    }
    for (i, pumpkin) in ["d6", "c3", "f6", "b4", "g4"].into_iter().enumerate() {
        play(&mut game, pumpkin);
        assert_eq!(game.score as usize, i + 1);
    }
    assert!(game.notation().ends_with(" s:5"), "{}", game.notation());
}

/// The position where the pigs' order first decides a board in the author's games (seed
/// 3, Herd move 9): pigs on f7, g6, h6, h5 and c4, pumpkins on b8, h7, e2 and e1.
const LEVEL: &str =
    ".O....../.....PTO/T.....PP/....T..P/..PT..../.....T../.T..O.../....O... 7 run H t8";

fn sim(notation: &str) -> BiteThePumpkin {
    BiteThePumpkin::from_notation(&options(&SIM), notation).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn level_pigs_act_in_the_order_the_authors_group_kept() {
    // Running S, c4 and h5 go first (to c1 and h1); g6 and h6 share a row and both reach
    // the pumpkin on h7. The author's group held h6 before g6: h6 eats h7 and g6 slides to
    // g1, f7 to f4.
    let mut game = sim(&format!("{LEVEL} o:f7,h6,g6,h5,c4 s:4"));
    play(&mut game, "S");
    assert_eq!(game.field.0[sq("h7")], Cell::Empty);
    for pig in ["c1", "h1", "h6", "g1", "f4"] {
        assert!(matches!(game.field.0[sq(pig)], Cell::Pig { .. }), "{pig}");
    }
    // The move's sort is the new order, carried in the notation.
    let order: Vec<usize> = ["c1", "h1", "h6", "g1", "f4"].map(sq).to_vec();
    assert_eq!(game.order, order);
    assert!(
        game.notation().contains(" o:c1,h1,h6,g1,f4 "),
        "{}",
        game.notation()
    );
    assert_eq!(sim(&game.notation()), game);
    // Without `o:` the order is the squares' from the top left: g6 acts first, eats h7,
    // and h6 slides to h2 (h1 is taken).
    let mut game = sim(&format!("{LEVEL} s:4"));
    assert_eq!(game.order, ["f7", "g6", "h6", "h5", "c4"].map(sq).to_vec());
    play(&mut game, "S");
    for pig in ["c1", "h1", "g6", "h2", "f4"] {
        assert!(matches!(game.field.0[sq(pig)], Cell::Pig { .. }), "{pig}");
    }
}

#[test]
fn the_pigs_order_is_their_placement_order_at_first() {
    let mut game = BiteThePumpkin::new(&options(&SIM)).unwrap();
    for pig in ["h1", "a8", "c3"] {
        play(&mut game, pig);
    }
    assert_eq!(game.order, ["h1", "a8", "c3"].map(sq).to_vec());
    assert!(
        game.notation().ends_with(" o:h1,a8,c3 s:0"),
        "{}",
        game.notation()
    );
    // Under the rules' bites the order plays no part and is neither kept nor written.
    let mut rules = BiteThePumpkin::new(&options(&[])).unwrap();
    for pig in ["h1", "a8"] {
        play(&mut rules, pig);
    }
    assert!(rules.order.is_empty());
    assert!(!rules.notation().contains("o:"));
}

#[test]
fn a_wrong_pigs_order_is_refused_with_its_place() {
    for (order, says) in [
        ("o:f7,h6,g6,h5", "the pig on c4 is missing"),
        ("o:f7,h6,g6,h5,c4,f7", "listed twice"),
        ("o:f7,h6,g6,h5,a1", "no pig stands on a1"),
        ("o:f7,h6,,h5,c4", "no square ``"),
        ("o:f7,h6,g6,h5,c4 o:f7,h6,g6,h5,c4", "given twice"),
    ] {
        let err = BiteThePumpkin::from_notation(&options(&SIM), &format!("{LEVEL} {order} s:4"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(says) && err.contains("field 6"),
            "{order}: {err}"
        );
    }
    let err =
        BiteThePumpkin::from_notation(&options(&SIM), &format!("{LEVEL} s:4 o:f7,h6,g6,h5,c4"))
            .unwrap_err()
            .to_string();
    assert!(err.contains("before s:"), "{err}");
    let rules = options(&["end_rule=simulator"]);
    let err = BiteThePumpkin::from_notation(&rules, &format!("{LEVEL} o:f7,h6,g6,h5,c4 s:4"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("only under bite_model=simulator"), "{err}");
}
