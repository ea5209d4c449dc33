//! Bite the Pumpkin, one scenario per rule line of its rules page.

use bite_the_pumpkin::{BiteThePumpkin, Phase, square};
use game_api::{Effect, Game, GameResult, Options, Turn};

fn options(pairs: &[&str]) -> Options {
    game_api::testing::options::<BiteThePumpkin>(pairs)
}

/// The standard field with `pieces` (square name, letter) added, as notation ranks.
fn field(pieces: &[(&str, char)]) -> String {
    let mut rows: Vec<Vec<char>> = [
        "........", "......T.", "T.......", "....T...", "...T....", ".....T..", ".T......",
        "........",
    ]
    .iter()
    .map(|r| r.chars().collect())
    .collect();
    for (name, c) in pieces {
        let sq = square(name).unwrap();
        rows[sq / 8][sq % 8] = *c;
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn at(pairs: &[&str], pieces: &[(&str, char)], rest: &str) -> BiteThePumpkin {
    game_api::testing::position(pairs, &format!("{} {rest}", field(pieces)))
}

fn legal(game: &BiteThePumpkin) -> Vec<String> {
    game_api::testing::legal_notations(game)
}

fn play(game: &mut BiteThePumpkin, notation: &str) {
    game_api::testing::play(game, notation).unwrap_or_else(|e| panic!("{e}"));
}

/// Plays `notation` and returns the messages the move reported.
fn play_told(game: &mut BiteThePumpkin, notation: &str) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&m| game.move_info(m).unwrap().notation == notation)
        .unwrap_or_else(|| panic!("{notation} is not legal"));
    let mut effects = Vec::new();
    game.apply(mv, Some(&mut effects)).unwrap();
    effects
        .into_iter()
        .filter_map(|e| match e {
            Effect::Message { text } => Some(text),
            _ => None,
        })
        .collect()
}

fn cell(game: &BiteThePumpkin, name: &str) -> char {
    game.field.0[square(name).unwrap()].letter()
}

/// Pumpkins far from the action, so that Count does not end the game.
const FAR: [(&str, char); 3] = [("a8", 'O'), ("b8", 'O'), ("c8", 'O')];

/// Squares where the rest of the Herd waits without biting or blocking: the top right
/// corner (two players), or squares away from every vegetable of the three-player tests.
const IDLE_TWO: [&str; 4] = ["h8", "g8", "h7", "f8"];
const IDLE_THREE: [&str; 4] = ["a4", "a3", "c4", "f5"];

/// `pieces` with idle pigs added up to the Herd's five.
fn herd(pieces: &[(&str, char)], idle: [&'static str; 4]) -> Vec<(&'static str, char)> {
    let mut all: Vec<(&str, char)> = pieces
        .iter()
        .map(|p| (&*Box::leak(p.0.to_owned().into_boxed_str()), p.1))
        .collect();
    let pigs = all.iter().filter(|p| matches!(p.1, 'P' | 'p')).count();
    all.extend(idle.iter().take(5 - pigs).map(|&sq| (sq, 'P')));
    all
}

/// `pieces`, the far pumpkins and the idle pigs of the two-player tests.
fn with_far(pieces: &[(&str, char)]) -> Vec<(&'static str, char)> {
    let mut all: Vec<(&str, char)> = FAR.to_vec();
    all.extend_from_slice(pieces);
    herd(&all, IDLE_TWO)
}

#[test]
fn rules_1_to_4_setup_trees_pigs_pumpkins_and_the_herd_first() {
    let mut game = BiteThePumpkin::new(&options(&[])).unwrap();
    for tree in ["g7", "a6", "e5", "d4", "f3", "b2"] {
        assert_eq!(cell(&game, tree), 'T', "{tree}");
    }
    assert!(
        !legal(&game).contains(&"g7".to_owned()),
        "one object per square"
    );
    for pig in ["a1", "c1", "e1", "g1", "h8"] {
        assert_eq!(game.turn(), Turn::Seat { seat: 0 });
        play(&mut game, pig);
    }
    for pumpkin in ["d6", "c3", "f6", "b4", "g4"] {
        assert_eq!(game.turn(), Turn::Seat { seat: 1 });
        play(&mut game, pumpkin);
    }
    assert_eq!(game.reserve[0], 15);
    assert_eq!(
        game.turn(),
        Turn::Seat { seat: 0 },
        "the Herd moves first after setup"
    );
}

#[test]
fn rule_5_1_a_single_pumpkin_is_bitten_without_a_question() {
    // Two pigs share the pumpkin on e1: it is eaten once, both lie down.
    let mut game = at(
        &[],
        &with_far(&[("d1", 'P'), ("f1", 'P'), ("e1", 'O')]),
        "10 farmers:F F t6",
    );
    play(&mut game, "h5");
    assert_eq!(cell(&game, "e1"), '.');
    assert_eq!((cell(&game, "d1"), cell(&game, "f1")), ('p', 'p'));
    assert!(matches!(game.phase, Phase::Run));
}

#[test]
fn bites_are_told_and_the_lying_pigs_explained() {
    // The same bite as above: one pumpkin, two pigs; the move list gets the game's words.
    let mut game = at(
        &[],
        &with_far(&[("d1", 'P'), ("f1", 'P'), ("e1", 'O')]),
        "10 farmers:F F t6",
    );
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&m| game.move_info(m).unwrap().notation == "h5")
        .unwrap();
    let mut effects = Vec::new();
    game.apply(mv, Some(&mut effects)).unwrap();
    let said: Vec<&str> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Message { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        said,
        ["A vegetable bitten: the pig that bit lies flat to digest and sits out the run"]
    );
}

#[test]
fn rule_5_1_with_several_pumpkins_the_herd_chooses() {
    let mut game = at(
        &[],
        &with_far(&[("d1", 'P'), ("c1", 'O'), ("e1", 'O')]),
        "10 farmers:F F t6",
    );
    play(&mut game, "h5");
    assert_eq!(legal(&game), ["d1xc1", "d1xe1"]);
    play(&mut game, "d1xe1");
    assert_eq!(
        (cell(&game, "c1"), cell(&game, "e1"), cell(&game, "d1")),
        ('O', '.', 'p')
    );
}

#[test]
fn rule_5_2_count_at_two_or_fewer_wins_before_the_run() {
    let mut game = at(
        &[],
        &herd(
            &[("d1", 'P'), ("e1", 'O'), ("c8", 'O'), ("a7", 'O')],
            IDLE_TWO,
        ),
        "10 farmers:F F t6",
    );
    play(&mut game, "a8");
    // e1 is bitten; a8 and c8 remain… and a7: three. Bitten again next turn.
    assert_eq!(game.on_field(1), 3);
    assert!(!matches!(game.phase, Phase::Over(_)));
    let mut game = at(
        &[],
        &herd(
            &[
                ("d1", 'P'),
                ("e1", 'O'),
                ("h4", 'P'),
                ("h3", 'O'),
                ("c8", 'O'),
            ],
            IDLE_TWO,
        ),
        "10 farmers:F F t6",
    );
    play(&mut game, "a8");
    // e1 and h3 are bitten; a8 and c8 remain: two pumpkins, the Herd wins at once.
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[0].result, GameResult::Win);
}

#[test]
fn rule_5_3_the_run_front_first_and_its_blocks() {
    // Front first: c1 reaches h1, then a1 stops next to it.
    let mut game = at(&[], &with_far(&[("a1", 'P'), ("c1", 'P')]), "10 run H t5");
    play(&mut game, "E");
    assert_eq!((cell(&game, "g1"), cell(&game, "h1")), ('P', 'P'));
    // A lying pig blocks (and stands up afterwards); a pumpkin stops a pig.
    let mut lying = at(
        &[],
        &with_far(&[("a1", 'P'), ("e1", 'p'), ("a3", 'P'), ("f3", 'T')]),
        "10 run H t5",
    );
    play(&mut lying, "E");
    assert_eq!(
        (cell(&lying, "d1"), cell(&lying, "e1")),
        ('P', 'P'),
        "stopped by the lying pig, which digests"
    );
    assert_eq!(cell(&lying, "e3"), 'P', "stopped by the tree on f3");
    let mut pumpkin = at(&[], &with_far(&[("a1", 'P'), ("f1", 'O')]), "10 run H t5");
    play(&mut pumpkin, "E");
    assert_eq!(cell(&pumpkin, "e1"), 'P');
    // A direction in which nothing moves is legal.
    let mut pass = at(&[], &with_far(&[("h1", 'P')]), "10 run H t5");
    play(&mut pass, "E");
    assert_eq!(cell(&pass, "h1"), 'P');
    assert_eq!(pass.turn(), Turn::Seat { seat: 1 });
}

#[test]
fn rule_6_the_farmer_wins_only_when_placing_from_an_empty_reserve() {
    // One pumpkin left: the Farmer places it; the Herd still plays its 16th turn.
    let mut game = at(&[], &with_far(&[("h1", 'P')]), "1 run H t14");
    play(&mut game, "N");
    play(&mut game, "d6");
    assert!(!matches!(game.phase, Phase::Over(_)));
    assert_eq!(game.reserve[0], 0);
    play(&mut game, "S");
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!(outcome.seats[1].result, GameResult::Win);
    assert_eq!(game.herd_turns, 16);
    // The simulator's end rule: the last pumpkin placed ends the game at once.
    let mut quick = at(
        &["end_rule=simulator"],
        &with_far(&[("h1", 'P')]),
        "1 run H t14 s:3",
    );
    play(&mut quick, "N");
    play(&mut quick, "d6");
    assert!(matches!(quick.phase, Phase::Over(1)));
}

#[test]
fn variant_beginner_extra_and_custom_trees() {
    let mut game =
        BiteThePumpkin::new(&options(&["beginner_extra=2", "custom_trees=true"])).unwrap();
    assert_eq!(
        game.turn(),
        Turn::Seat { seat: 1 },
        "the Farmer moves the trees first"
    );
    play(&mut game, "Tg7-h8");
    assert_eq!((cell(&game, "g7"), cell(&game, "h8")), ('.', 'T'));
    play(&mut game, "done");
    for pig in ["a1", "c1", "e1", "g1", "g7"] {
        play(&mut game, pig);
    }
    for pumpkin in ["d6", "c3", "f6", "b4", "g4", "a8", "c8"] {
        play(&mut game, pumpkin);
    }
    assert_eq!(
        game.reserve[0], 13,
        "two extra pumpkins come from the twenty"
    );
    assert_eq!(game.turn(), Turn::Seat { seat: 0 });
}

#[test]
fn variant_simulator_bites_front_first_with_no_choice() {
    // The pig on f1 (further east) bites e1 first; d1 finds nothing and runs instead.
    let mut game = at(
        &["bite_model=simulator"],
        &with_far(&[("d1", 'P'), ("f1", 'P'), ("e1", 'O')]),
        "10 run H t5",
    );
    play(&mut game, "E");
    assert_eq!(
        (cell(&game, "e1"), cell(&game, "f1")),
        ('P', 'P'),
        "d1 ran to e1, f1 bit and digested"
    );
    // Scan order NW, N, NE, W, E…: with c1 and e1 in reach, c1 (west) is eaten.
    let mut scan = at(
        &["bite_model=simulator"],
        &with_far(&[("d1", 'P'), ("c1", 'O'), ("e1", 'O')]),
        "10 run H t5",
    );
    play(&mut scan, "N");
    assert_eq!((cell(&scan, "c1"), cell(&scan, "e1")), ('.', 'O'));
}

#[test]
fn three_players_setup_alternates_and_vegetables_keep_apart() {
    let mut game = BiteThePumpkin::new(&options(&["players=3"])).unwrap();
    for pig in ["a1", "c1", "e1", "g1", "h8"] {
        play(&mut game, pig);
    }
    assert_eq!(game.turn(), Turn::Seat { seat: 1 }, "pumpkins first");
    play(&mut game, "d6");
    assert_eq!(game.turn(), Turn::Seat { seat: 2 });
    let moves = legal(&game);
    assert!(
        !moves.contains(&"e6".to_owned()) && !moves.contains(&"c7".to_owned()),
        "no broccoli next to a pumpkin"
    );
    assert!(moves.contains(&"f6".to_owned()));
    play(&mut game, "f6".replace("f6", "b8").as_str());
    assert_eq!(game.turn(), Turn::Seat { seat: 1 });
    assert_eq!(game.reserve, [17, 17]);
}

#[test]
fn three_players_double_bites_elimination_order_and_end() {
    // d1 has a pumpkin (c1) and a broccoli (e1) in reach: it bites both.
    let pieces = [
        ("d1", 'P'),
        ("c1", 'O'),
        ("e1", 'B'),
        ("a8", 'O'),
        ("b8", 'O'),
        ("c8", 'O'),
        ("h8", 'B'),
        ("h6", 'B'),
    ];
    let mut game = at(
        &["players=3"],
        &herd(&pieces, IDLE_THREE),
        "10,10 farmers:B B t3",
    );
    play(&mut game, "h4");
    // The broccoli Farmer is left with h8, h6, h4 minus nothing: 3; pumpkins 3.
    assert_eq!(
        (cell(&game, "c1"), cell(&game, "e1"), cell(&game, "d1")),
        ('.', '.', 'p')
    );
    assert!(!game.eliminated[1]);
    // Elimination: after this Herd turn's bites the broccoli Farmer has 2 or fewer.
    let pieces = [
        ("d1", 'P'),
        ("e1", 'B'),
        ("h8", 'B'),
        ("a8", 'O'),
        ("b8", 'O'),
        ("c8", 'O'),
    ];
    let mut elim = at(
        &["players=3"],
        &herd(&pieces, IDLE_THREE),
        "10,10 farmers:B B t3",
    );
    play(&mut elim, "h6");
    assert!(elim.eliminated[1]);
    assert_eq!(
        elim.field.count(bite_the_pumpkin::board::Cell::Broccoli),
        0,
        "their pieces are removed"
    );
    // Placement order: fewer on the field first, the broccoli Farmer on a tie.
    let pieces = [
        ("h1", 'P'),
        ("a8", 'O'),
        ("b8", 'O'),
        ("c8", 'O'),
        ("f8", 'B'),
        ("h6", 'B'),
        ("h4", 'B'),
    ];
    let mut order = at(&["players=3"], &herd(&pieces, IDLE_THREE), "10,10 run H t3");
    play(&mut order, "N");
    assert!(
        matches!(&order.phase, Phase::Farmers(q) if q == &vec![2, 1]),
        "{:?}",
        order.phase
    );
    // The end: a Farmer places their last piece; more on the field wins, a tie goes to
    // the broccoli Farmer.
    let pieces = [
        ("h1", 'P'),
        ("a8", 'O'),
        ("b8", 'O'),
        ("c8", 'O'),
        ("f8", 'B'),
        ("h6", 'B'),
        ("h4", 'B'),
    ];
    let mut end = at(
        &["players=3"],
        &herd(&pieces, IDLE_THREE),
        "1,5 farmers:F F t3",
    );
    // Placing the last piece ends the game; the message says so before who wins and
    // why, so that a Farmer's last piece and the other Farmer's win do not read as a
    // contradiction.
    assert_eq!(
        play_told(&mut end, "c6"),
        [
            "The game ends: the Farmer has placed all their vegetables. With more on the \
          field (4 pumpkins, 3 broccoli), the Farmer wins"
        ]
    );
    let Turn::Over { outcome } = end.turn() else {
        panic!("over")
    };
    assert_eq!(
        outcome.seats[1].result,
        GameResult::Win,
        "4 pumpkins against 3 broccoli"
    );
    let pieces = [
        ("h1", 'P'),
        ("a8", 'O'),
        ("b8", 'O'),
        ("c8", 'O'),
        ("d8", 'O'),
        ("f8", 'B'),
        ("h6", 'B'),
        ("h4", 'B'),
    ];
    let mut tie = at(
        &["players=3"],
        &herd(&pieces, IDLE_THREE),
        "5,1 farmers:B B t3",
    );
    assert_eq!(
        play_told(&mut tie, "f6"),
        [
            "The game ends: the Broccoli Farmer has placed all their vegetables. 4 pumpkins \
          and 4 broccoli on the field, a tie, which goes to the Broccoli Farmer"
        ]
    );
    let Turn::Over { outcome } = tie.turn() else {
        panic!("over")
    };
    assert_eq!(
        outcome.seats[2].result,
        GameResult::Win,
        "4 against 4: a tie goes to broccoli"
    );
}

#[test]
fn the_authors_bots_play_their_seats() {
    let mut game = BiteThePumpkin::new(&options(&[])).unwrap();
    let mut rng = game_api::Rng::with_seed(9);
    while !matches!(game.phase, Phase::Over(_)) {
        let bot = if game.to_move() == 0 {
            "herd-author"
        } else {
            "farmer-author"
        };
        let mv = game.bot_move(bot, &mut rng).unwrap();
        game.apply(mv, None).unwrap();
    }
    // The Herd's pigs were placed out of each other's sight where possible: the game ran.
    assert!(game.herd_turns >= 1);
    assert!(
        game.bot_move("herd-author", &mut rng).is_err(),
        "nothing to play after the end"
    );
}
