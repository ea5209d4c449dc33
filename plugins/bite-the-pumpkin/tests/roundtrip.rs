//! Every position a game reaches, the last one included, reads back from its notation and
//! its JSON state as the same position; the parser refuses positions that cannot arise
//! and never panics on a mutated notation.

use bite_the_pumpkin::{BiteThePumpkin, Phase};
use game_api::{Game, MoveId, Options, Rng, Turn};

fn options(pairs: &[String]) -> Options {
    let pairs: Vec<&str> = pairs.iter().map(String::as_str).collect();
    Options::parse(&BiteThePumpkin::manifest().options, &pairs).unwrap()
}

/// Every option set: players × beginner_extra × custom_trees × bite_model × end_rule.
fn option_sets() -> Vec<Vec<String>> {
    let mut sets = Vec::new();
    for players in [2, 3] {
        for extra in 0..=2 {
            for trees in [false, true] {
                for bite in ["rules", "simulator"] {
                    for end in ["rules", "simulator"] {
                        sets.push(vec![
                            format!("players={players}"),
                            format!("beginner_extra={extra}"),
                            format!("custom_trees={trees}"),
                            format!("bite_model={bite}"),
                            format!("end_rule={end}"),
                        ]);
                    }
                }
            }
        }
    }
    sets
}

/// Checks the round-trips of `game` under `opts`.
fn round_trip(game: &BiteThePumpkin, opts: &Options, context: &str) {
    let notation = game.notation();
    let back = BiteThePumpkin::from_notation(opts, &notation)
        .unwrap_or_else(|e| panic!("{context}: `{notation}` does not read back: {e}"));
    let mut expected = game.clone();
    expected.last.clear();
    assert_eq!(
        back, expected,
        "{context}: `{notation}` reads back otherwise"
    );
    assert_eq!(back.notation(), notation, "{context}");
    assert_eq!(back.turn(), game.turn(), "{context}: `{notation}`");
    let json = game.to_json();
    let from_json = BiteThePumpkin::from_json(&json)
        .unwrap_or_else(|e| panic!("{context}: JSON of `{notation}` does not read back: {e}"));
    assert_eq!(&from_json, game, "{context}: JSON of `{notation}`");
}

/// A move: the author's bots where they play (two players, half of the games), random
/// otherwise.
fn choose(game: &BiteThePumpkin, bots: bool, rng: &mut Rng) -> MoveId {
    if bots {
        let name = if game.to_move() == 0 {
            "herd-author"
        } else {
            "farmer-author"
        };
        return game.bot_move(name, rng).unwrap();
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves[rng.below(moves.len())]
}

#[test]
fn every_position_of_random_games_round_trips_including_the_last() {
    let mut rng = Rng::with_seed(2026);
    let mut ends = [0usize; 3];
    for pairs in option_sets() {
        let opts = options(&pairs);
        let two = pairs[0] == "players=2";
        let games = if two { 30 } else { 10 };
        for g in 0..games {
            let mut game = BiteThePumpkin::new(&opts).unwrap();
            let bots = two && g % 2 == 1;
            let mut steps = 0;
            loop {
                let context = format!("{pairs:?} game {g} step {steps}");
                round_trip(&game, &opts, &context);
                if let Turn::Over { .. } = game.turn() {
                    break;
                }
                let mv = choose(&game, bots, &mut rng);
                game.apply(mv, None).unwrap();
                steps += 1;
                assert!(steps < 2_000, "{context}: endless");
            }
            let Phase::Over(w) = game.phase else {
                unreachable!()
            };
            ends[usize::from(w)] += 1;
        }
    }
    // The sample reaches every kind of end.
    assert!(ends.iter().all(|&n| n > 0), "ends by winner: {ends:?}");
}

/// Replaces one character of `s` by one of `alphabet`.
fn mutate(s: &str, rng: &mut Rng) -> String {
    let alphabet: Vec<char> = "0123456789 .TPpOB/:,-HFxst9abcdefgh".chars().collect();
    let mut chars: Vec<char> = s.chars().collect();
    match rng.below(4) {
        0 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars[i] = alphabet[rng.below(alphabet.len())];
        }
        1 if !chars.is_empty() => {
            chars.remove(rng.below(chars.len()));
        }
        2 => {
            let i = rng.below(chars.len() + 1);
            chars.insert(i, alphabet[rng.below(alphabet.len())]);
        }
        _ => {
            // A number blown up to overflow size.
            let digits: Vec<usize> = (0..chars.len())
                .filter(|&i| chars[i].is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                let i = digits[rng.below(digits.len())];
                chars.splice(i..=i, "4294967296".chars());
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_notations_are_refused_or_read_as_positions_that_play_on() {
    let mut rng = Rng::with_seed(77);
    let (mut read, mut refused) = (0, 0);
    for pairs in option_sets().into_iter().step_by(3) {
        let opts = options(&pairs);
        let mut game = BiteThePumpkin::new(&opts).unwrap();
        let mut notations = Vec::new();
        while !matches!(game.turn(), Turn::Over { .. }) {
            notations.push(game.notation());
            let mv = choose(&game, false, &mut rng);
            game.apply(mv, None).unwrap();
        }
        notations.push(game.notation());
        for notation in notations.iter().step_by(3) {
            for _ in 0..8 {
                let text = mutate(notation, &mut rng);
                match BiteThePumpkin::from_notation(&opts, &text) {
                    Err(_) => refused += 1,
                    Ok(mut position) => {
                        read += 1;
                        // A position read is one that plays on to an end, round-tripping.
                        let mut steps = 0;
                        loop {
                            round_trip(&position, &opts, &format!("mutant `{text}`"));
                            if let Turn::Over { .. } = position.turn() {
                                break;
                            }
                            let mv = choose(&position, false, &mut rng);
                            position.apply(mv, None).unwrap();
                            steps += 1;
                            assert!(steps < 2_000, "mutant `{text}`: endless");
                        }
                    }
                }
            }
        }
    }
    assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
}

fn refusal(pairs: &[&str], notation: &str) -> String {
    let pairs: Vec<String> = pairs.iter().map(|s| s.to_string()).collect();
    match BiteThePumpkin::from_notation(&options(&pairs), notation) {
        Ok(g) => panic!("`{notation}` was read: {g:?}"),
        Err(e) => e.to_string(),
    }
}

const TREES: &str = "......../......T./T......./....T.../...T..../.....T../.T....../........";

#[test]
fn positions_that_cannot_arise_are_refused_with_what_and_where() {
    let field5 = "PPPPP.../......T./T......./....T.../...T..../.....T../.T....../OOOOO...";
    let cases: [(&[&str], String, &str); 15] = [
        (
            &[],
            format!("{field5} 15 run H t4294967296"),
            "field 5 `t4294967296` (from character 82): not tN",
        ),
        // The reserve that used to underflow to 4294967295 at the first placement.
        (&[], format!("{TREES} 0 pigs H t0"), "before the setup"),
        (&[], format!("{TREES} 21 pigs H t0"), "pumpkin reserve `21`"),
        (
            &[],
            format!("{TREES} 4294967296 pigs H t0"),
            "pumpkin reserve `4294967296`",
        ),
        (
            &[],
            format!("{field5} 15 run H t4294967295"),
            "t4294967295 with a reserve of 15",
        ),
        (
            &[],
            format!("{field5} 15 run H t3"),
            "t3 with a reserve of 15",
        ),
        (
            &[],
            format!("{} 15 run H t0", field5.replace("OOOOO...", "OOOOOOO.")),
            "7 pumpkins on the field but only 5 placed",
        ),
        (
            &[],
            format!("{} 15 run H t0", field5.replace("PPPPP...", "PPPPPP..")),
            "6 pigs",
        ),
        (
            &[],
            format!("{} 15 run H t0", field5.replace("....T...", "........")),
            "5 trees",
        ),
        (
            &[],
            format!("{field5} 15 farmers:F F t0"),
            "t0 with a reserve",
        ),
        (
            &[],
            format!("{field5} 14 over H t1"),
            "the Herd has won with 5",
        ),
        (&[], format!("{field5} 3 over F t13"), "3 pumpkins still"),
        (&[], format!("{field5} 15 run H t0 s:5"), "s:5"),
        (
            &["end_rule=simulator"],
            format!("{field5} 15 run H t0"),
            "`s:N` is missing",
        ),
        (
            &["players=3"],
            format!("{} 13,17 run H t0", field5.replace("OOOOO...", "OOOOOB..")),
            "next to a broccoli",
        ),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .map(|(pairs, notation, needle)| (notation, refusal(pairs, notation), needle))
        .filter(|(_, message, needle)| !message.contains(*needle))
        .map(|(notation, message, needle)| {
            format!("`{notation}`: `{message}` does not say `{needle}`")
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn mutated_json_states_are_refused_or_play_on() {
    let mut rng = Rng::with_seed(91);
    let (mut read, mut refused) = (0, 0);
    for pairs in option_sets().into_iter().step_by(5) {
        let opts = options(&pairs);
        let mut game = BiteThePumpkin::new(&opts).unwrap();
        let mut states = Vec::new();
        while !matches!(game.turn(), Turn::Over { .. }) {
            states.push(game.to_json());
            let mv = choose(&game, false, &mut rng);
            game.apply(mv, None).unwrap();
        }
        states.push(game.to_json());
        for json in states.iter().step_by(4) {
            for _ in 0..8 {
                // Numbers changed or blown up, names swapped.
                let mut text = mutate(json, &mut rng);
                if rng.below(3) == 0 {
                    for (from, to) in [("Pumpkin", "Empty"), ("Run", "Pigs"), ("Farmers", "Bite")] {
                        text = text.replacen(from, to, 1);
                    }
                }
                match BiteThePumpkin::from_json(&text) {
                    Err(_) => refused += 1,
                    Ok(mut position) => {
                        read += 1;
                        let _ = position.view();
                        let mut steps = 0;
                        while !matches!(position.turn(), Turn::Over { .. }) {
                            let mv = choose(&position, false, &mut rng);
                            position.apply(mv, None).unwrap();
                            steps += 1;
                            assert!(steps < 2_000, "mutant `{text}`: endless");
                        }
                    }
                }
            }
        }
    }
    assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
}
