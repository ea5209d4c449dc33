//! The `rounds` key's passing form (`rounds = "pass"`): read beside `true` and
//! `"closed"`, played with held houses, and refused with the rules that read a house's
//! owner from its row, at its line and in the file's words.

use game_api::{Game, Options, data::DataGames};
use mancala_data::Loader;

/// Oware's rules as a file, played in rounds whose unfilled houses pass.
const OWARE: &str = "format = \"tavola-mancala/1\"\n\
    [game]\nid = \"oware-pass\"\nname = \"Oware, houses that pass\"\nversion = \"1.0.0\"\n\
    seats = [\"South\", \"North\"]\n\
    [rules]\nhouses = 6\nseeds = 4\nends = \"none\"\nskip_origin = true\n\
    capture = \"backward\"\ncapture_min = 2\ncapture_max = 3\n\
    grand_slam = \"no-capture\"\nmust_feed = true\nend = \"majority\"\n\
    cycle_ends_game = true\nrounds = \"pass\"\n\
    [rules_text]\nen = \"Oware in rounds, houses passing.\"\n";

fn refusal(text: &str) -> String {
    match Loader::manifest(text.as_bytes()) {
        Ok(m) => panic!("accepted: {}", m.id),
        Err(e) => e.to_string(),
    }
}

fn line_of(file: &str, key: &str) -> usize {
    file.lines().position(|l| l.starts_with(key)).unwrap() + 1
}

#[test]
fn pass_is_read_and_a_house_passes_in_the_file_s_game() {
    let m = Loader::manifest(OWARE.as_bytes()).expect("rounds = \"pass\" loads");
    let options = Options::defaults(&m.options);
    let game = Loader::new(OWARE.as_bytes(), &options).unwrap();
    assert!(game.config.rounds && game.config.rounds_pass);
    // The scenario of Oware's tests: South's f ends round 1 with 29 to 19, and North's
    // A passes to South.
    let mut game = Loader::from_notation(
        OWARE.as_bytes(),
        &options,
        "0,0,3,0,0,1/1,0,0,0,0,1 24-18 S",
    )
    .unwrap();
    mancala_kit::testing::play(&mut game, "f").unwrap();
    assert_eq!(
        game.notation(),
        "4,4,4,4,4,4/4,0,4,4,4,4 1-3 N held:A round:2"
    );
    // `true` and `"closed"` are the closed form, as before.
    for closed in ["true", "\"closed\""] {
        let file = OWARE.replace("rounds = \"pass\"", &format!("rounds = {closed}"));
        let game = Loader::new(file.as_bytes(), &options).unwrap();
        assert!(game.config.rounds && !game.config.rounds_pass, "{closed}");
    }
    let one = OWARE.replace("rounds = \"pass\"", "rounds = false");
    let game = Loader::new(one.as_bytes(), &options).unwrap();
    assert!(!game.config.rounds && !game.config.rounds_pass);
}

#[test]
fn a_bad_value_and_the_rules_pass_cannot_follow_are_refused_at_the_line() {
    let line = line_of(OWARE, "rounds");
    let e = refusal(&OWARE.replace("rounds = \"pass\"", "rounds = \"passed\""));
    assert!(e.starts_with(&format!("line {line}")), "{e}");
    assert!(e.contains("closed or pass"), "{e}");
    let opposite = OWARE.replace(
        "capture = \"backward\"\ncapture_min = 2\ncapture_max = 3\n",
        "capture = \"opposite\"\n",
    );
    let e = refusal(&opposite);
    assert!(
        e.contains(&format!(
            "line {}, `rounds`: `rounds = \"pass\"` is not played with `capture = \"opposite\"`",
            line_of(&opposite, "rounds")
        )),
        "{e}"
    );
    let both = OWARE.replace(
        "rounds = \"pass\"",
        "rounds = \"pass\"\nsow_from = \"both\"",
    );
    let e = refusal(&both);
    assert!(e.contains("is not played with `sow_from`"), "{e}");
}
