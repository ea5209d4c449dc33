//! Oware's match of rounds whose unfilled houses pass to the opponent (the options
//! `rounds` and `round_houses = pass`; rules.md, "Houses that pass"), scenario by
//! scenario, and long random matches checked at every move.

use game_api::{Effect, Game, GameResult, Options, Turn};
use mancala_kit::{
    Side, Variant,
    testing::{play, random_games},
};
use oware::{Oware, OwareRules};

fn passing() -> Options {
    Options::parse(
        &OwareRules::manifest().options,
        ["rounds=true", "round_houses=pass"],
    )
    .unwrap()
}

fn position(notation: &str) -> Oware {
    let game = Oware::from_notation(&passing(), notation)
        .unwrap_or_else(|e| panic!("`{notation}` refused: {e}"));
    // Every position written here reads back the same.
    assert_eq!(game.notation(), notation);
    game
}

fn legal(game: &Oware) -> Vec<String> {
    game_api::testing::legal_notations(game)
}

/// The messages `mv` reports, played from `game`.
fn messages(game: &Oware, mv: &str) -> Vec<String> {
    let id = legal(game)
        .iter()
        .position(|m| m == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {}", game.notation()));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut next = game.clone();
    let mut effects = Vec::new();
    next.apply(moves[id], Some(&mut effects)).unwrap();
    effects
        .into_iter()
        .filter_map(|e| match e {
            Effect::Message { text } => Some(text),
            _ => None,
        })
        .collect()
}

fn entry(game: &Oware, seat: usize, label: &str) -> Option<String> {
    game.view().panels[seat]
        .entries
        .iter()
        .find(|e| e.label == label)
        .map(|e| e.value.clone())
}

#[test]
fn the_option_needs_rounds_and_starts_as_oware() {
    let closed = Options::parse(&OwareRules::manifest().options, ["rounds=true"]).unwrap();
    assert!(!Oware::new(&closed).unwrap().config.rounds_pass);
    let alone = Options::parse(&OwareRules::manifest().options, ["round_houses=pass"]).unwrap();
    let alone = Oware::new(&alone).unwrap();
    assert!(!alone.config.rounds && !alone.config.rounds_pass);
    let game = Oware::new(&passing()).unwrap();
    assert!(game.config.rounds && game.config.rounds_pass);
    assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert_eq!(legal(&game), ["a", "b", "c", "d", "e", "f"]);
    assert_eq!(entry(&game, 0, "Houses owned").as_deref(), Some("6"));
    assert_eq!(entry(&game, 0, "Houses out of play"), None);
}

#[test]
fn a_house_the_loser_cannot_fill_passes_to_the_winner() {
    // South's f takes North's A (2 seeds): 26, a majority, the round is over. Each
    // takes the seeds on its side: South 29, North 19. South can fill 7 houses and owns
    // 6: it takes North's A, the house its own row sows into, and fills it first (1
    // left over). North owns B..F and fills four from its right (3 left over): B stays
    // North's, empty. The loser, North, starts round 2.
    let game = position("0,0,3,0,0,1/1,0,0,0,0,1 24-18 S");
    let said = messages(&game, "f");
    for line in [
        "South wins round 1, 29–19",
        "South fills more houses than it owned and takes A",
        "Round 2 begins; North starts",
    ] {
        assert!(said.contains(&line.to_string()), "{line:?} not in {said:?}");
    }
    let mut game = game;
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "4,4,4,4,4,4/4,0,4,4,4,4 1-3 N held:A round:2"
    );
    assert_eq!(
        game.board.house_owner(game.board.house(Side::North, 0)),
        Some(Side::South)
    );
    // North sows from C to F only (B is empty); South from its row and from A,
    // written `A`.
    assert_eq!(legal(&game), ["C", "D", "E", "F"]);
    assert_eq!(entry(&game, 0, "Houses owned").as_deref(), Some("7"));
    assert_eq!(entry(&game, 1, "Houses owned").as_deref(), Some("5"));
    assert_eq!(entry(&game, 0, "Rounds won").as_deref(), Some("1"));
    play(&mut game, "F").unwrap();
    assert_eq!(legal(&game), ["a", "b", "c", "d", "e", "f", "A"]);
    // The saved state keeps the held house.
    let saved = Oware::from_json(&game.to_json()).unwrap();
    assert_eq!(saved.notation(), game.notation());
    assert!(game.notation().contains("held:A"), "{}", game.notation());
}

#[test]
fn a_remainder_leaves_a_house_empty_and_its_owner_s() {
    // As in the closed form's scenario: South 26, North 22. South fills 6 (2 left
    // over), North 5 (2 left over): no one can fill more than they own, nothing
    // passes, and North's A stays North's, empty and in play.
    let mut game = position("0,0,0,0,0,1/1,0,0,0,0,1 24-21 S");
    play(&mut game, "f").unwrap();
    assert_eq!(game.notation(), "4,4,4,4,4,4/0,4,4,4,4,4 2-2 N round:2");
    assert_eq!(legal(&game), ["B", "C", "D", "E", "F"]);
}

#[test]
fn the_holder_sows_its_held_house_and_captures_there_count_for_the_right_side() {
    // Round 2, South holds North's A. South's only house with seeds is A: it sows B
    // (1 → 2) and C (2 → 3), both North's: the chain takes 3 and 2 and stops at A,
    // South's own.
    let mut game = position("0,0,0,0,0,0/2,1,2,0,0,1 18-24 S held:A round:2");
    assert_eq!(legal(&game), ["A"]);
    play(&mut game, "A").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,0,0,0/0,0,0,0,0,1 23-24 N held:A round:2"
    );
}

#[test]
fn a_capture_chain_runs_across_the_rows_through_the_opponent_s_houses() {
    // North holds South's a and b: its houses run A..F, a, b. South's f (7 seeds)
    // sows A..F and a; a (1 → 2) is North's and taken, then F (1 → 2), then E (0 → 1)
    // stops the chain: 4 for South.
    let mut game = position("1,0,0,1,0,7/0,0,0,0,0,1 17-21 S held:a,b round:2");
    assert_eq!(legal(&game), ["d", "f"]);
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "0,0,0,1,0,0/1,1,1,1,1,0 21-21 N held:a,b round:2"
    );
    assert_eq!(legal(&game), ["A", "B", "C", "D", "E"]);
}

#[test]
fn the_holder_s_own_seeds_in_its_held_house_are_not_captured_by_it() {
    // North sows its held a (2 seeds) into b (its own) and c (South's, 1 → 2): c is
    // taken, and the chain stops at b, North's. South then may not play b.
    let mut game = position("2,0,1,1,0,0/0,0,0,0,0,1 23-20 N held:a,b round:2");
    assert_eq!(legal(&game), ["F", "a"]);
    play(&mut game, "a").unwrap();
    assert_eq!(
        game.notation(),
        "0,1,0,1,0,0/0,0,0,0,0,1 23-22 S held:a,b round:2"
    );
    assert_eq!(legal(&game), ["d"]);
}

#[test]
fn feeding_follows_the_owner() {
    // South's own houses b..f are empty; a, in its row, is North's. North must feed
    // South: F (into a, North's own) does not, a (into b, c, d) does.
    let game = position("3,0,0,0,0,0/0,0,0,0,0,1 22-22 N held:a round:2");
    assert_eq!(legal(&game), ["a"]);
    assert_eq!(entry(&game, 0, "In houses").as_deref(), Some("0"));
    assert_eq!(entry(&game, 1, "In houses").as_deref(), Some("4"));
}

#[test]
fn a_side_takes_its_own_row_back_first_then_the_opponent_s() {
    // North holds a and b. South's f takes A: 25, the round is over; South takes its
    // c (32), North its a (16). South can fill 8 and owns 4: it takes back b and a,
    // then North's A and B. North fills C..F.
    let game = position("1,0,7,0,0,1/1,0,0,0,0,0 23-15 S held:a,b round:2");
    let said = messages(&game, "f");
    assert!(
        said.contains(&"South fills more houses than it owned and takes b, a, A, B".to_string()),
        "{said:?}"
    );
    let mut game = game;
    play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N held:A,B round:3"
    );
    assert_eq!(legal(&game), ["C", "D", "E", "F"]);
    assert_eq!(game.rounds_won, [1, 0]);
}

#[test]
fn the_match_ends_when_a_player_cannot_fill_one_house() {
    // North holds a and b. South's f takes A: 26, the round is over; South takes its
    // c (45), North its a (3): North cannot fill a house, and South wins the match.
    let game = position("1,0,19,0,0,1/1,0,0,0,0,0 24-2 S held:a,b round:2");
    let said = messages(&game, "f");
    assert!(
        said.contains(&"North cannot fill a house".to_string()),
        "{said:?}"
    );
    let mut game = game;
    play(&mut game, "f").unwrap();
    assert!(game.is_over());
    let Turn::Over { outcome } = game.turn() else {
        panic!("over")
    };
    assert_eq!((outcome.seats[0].score, outcome.seats[1].score), (45, 3));
    assert_eq!(outcome.seats[0].result, GameResult::Win);
}

#[test]
fn held_houses_are_refused_where_the_rules_have_none() {
    let err = Oware::from_notation(&passing(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N held:A")
        .unwrap_err()
        .to_string();
    assert!(err.contains("none is held in round 1"), "{err}");
    let closed = Options::parse(&OwareRules::manifest().options, ["rounds=true"]).unwrap();
    let err = Oware::from_notation(&closed, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N held:A round:2")
        .unwrap_err()
        .to_string();
    assert!(err.contains("rounds = \"pass\""), "{err}");
    let err = Oware::from_notation(&passing(), "0,0,4,4,4,4/0,0,4,4,4,4 8-8 N held:a,A round:2")
        .unwrap_err()
        .to_string();
    assert!(err.contains("own row back first"), "{err}");
    let err = Oware::from_notation(&passing(), "4,4,4,4,4,4/0,4,4,4,4,4 2-2 N burnt:A round:2")
        .unwrap_err()
        .to_string();
    assert!(err.contains("none burns"), "{err}");
}

#[test]
fn long_random_matches_move_only_from_owned_houses_and_conserve_seeds() {
    // Every legal move starts in a house of the mover, and houses do pass in these
    // matches (at least one position in ten matches holds one).
    let mut rng = game_api::Rng::with_seed(0x51_0303);
    let mut held_seen = 0;
    for _ in 0..10 {
        let mut game = Oware::new(&passing()).unwrap();
        let mut moves = Vec::new();
        for _ in 0..20_000 {
            if game.is_over() {
                break;
            }
            held_seen += usize::from(game.board.held() != 0);
            moves.clear();
            game.legal_moves(&mut moves);
            let mover = game.to_move;
            for &mv in &moves {
                let info = game.move_info(mv).unwrap();
                let pit = info.sites[0].0 as usize;
                assert_eq!(
                    game.board.house_owner(pit),
                    Some(mover),
                    "{} from {} in {}",
                    info.notation,
                    mover.name(),
                    game.notation()
                );
            }
            let mv = moves[rng.below(moves.len())];
            game.apply(mv, None).unwrap();
        }
        assert!(game.is_over(), "unfinished: {}", game.notation());
    }
    assert!(held_seen > 0, "no house passed in ten random matches");
    // 60 matches: every position's notation and JSON read back, seeds conserved, the
    // fast playout ending where the match played move by move does.
    let played = random_games::<OwareRules>(&passing(), 60, 0x51_0304, 1, 200_000).unwrap();
    assert_eq!(played.games, 60);
    assert!(played.moves > 60 * 100, "{played:?}");
}
