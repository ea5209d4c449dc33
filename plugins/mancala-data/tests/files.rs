//! Data files read by the loader: the template, a variant as data playing exactly as
//! its compiled twin, and bad files refused with the line and the key.

use game_api::{Game, MoveId, Options, Rng, data::DataGames};
use mancala_data::{Loader, TEMPLATE};

fn refusal(text: &str) -> String {
    match Loader::manifest(text.as_bytes()) {
        Ok(m) => panic!("accepted: {}", m.id),
        Err(e) => e.to_string(),
    }
}

/// The template with `old` replaced by `new` (which must be there).
fn edited(old: &str, new: &str) -> String {
    assert!(TEMPLATE.contains(old), "{old} not in the template");
    TEMPLATE.replacen(old, new, 1)
}

#[test]
fn the_template_reads_and_passes_its_tests() {
    let m = Loader::manifest(TEMPLATE.as_bytes()).unwrap();
    assert_eq!((m.id.as_str(), m.version.as_str()), ("my-mancala", "1.0.0"));
    assert_eq!(m.options.len(), 2);
    assert_eq!(m.presets.len(), 2);
    assert_eq!(m.chance, Some(false));
    assert_eq!(m.localized("it").name, "Il mio mancala");
    assert_eq!(m.localized("it").seat_names, ["Sud", "Nord"]);
    assert!(m.rules.iter().any(|r| r.lang == "it"));
}

/// Plays the same random game on both, comparing each position, the legal moves and
/// the end.
fn same_games<A: Game, B: Game>(mut a: A, mut b: B, seed: u64) {
    let mut rng = Rng::with_seed(seed);
    for _ in 0..2000 {
        assert_eq!(a.notation(), b.notation());
        assert_eq!(a.turn(), b.turn());
        let (mut ma, mut mb) = (Vec::new(), Vec::new());
        a.legal_moves(&mut ma);
        b.legal_moves(&mut mb);
        assert_eq!(ma, mb, "at {}", a.notation());
        if ma.is_empty() {
            return;
        }
        let mv: MoveId = ma[rng.below(ma.len())];
        let (mut ea, mut eb) = (Vec::new(), Vec::new());
        a.apply(mv, Some(&mut ea)).unwrap();
        b.apply(mv, Some(&mut eb)).unwrap();
        assert_eq!(ea, eb);
    }
    panic!("a game of more than 2000 moves");
}

/// Kalah written with the kit in Rust, as the `kalah` plugin is (its comparison with the
/// compiled plugin itself, through the boundary, is in the workspace tests).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct KalahInRust;

impl mancala_kit::Variant for KalahInRust {
    fn manifest() -> game_api::Manifest {
        game_api::Manifest::new("kalah-in-rust", "Kalah", "1.0.0")
    }
    fn config(options: &Options) -> Result<mancala_kit::Config, game_api::GameError> {
        let mut config = mancala_kit::Config::kalah(6, options.int("seeds").unwrap() as u32);
        if options.flag("empty_capture") == Some(true) {
            config.capture = mancala_kit::Capture::Opposite {
                empty_opposite: mancala_kit::EmptyOpposite::CaptureLast,
                keep_last: false,
            };
        }
        Ok(config)
    }
}

#[test]
fn kalah_as_data_plays_exactly_as_kalah_in_rust() {
    let schema = Loader::manifest(TEMPLATE.as_bytes()).unwrap().options;
    for seeds in 3..=6 {
        for empty in [false, true] {
            let options = Options::parse(
                &schema,
                [format!("seeds={seeds}"), format!("empty_capture={empty}")],
            )
            .unwrap();
            for seed in 0..25 {
                let data = Loader::new(TEMPLATE.as_bytes(), &options).unwrap();
                let rust = mancala_kit::Mancala::<KalahInRust>::new(&options).unwrap();
                same_games(data, rust, seed * 31 + seeds);
            }
        }
    }
}

#[test]
fn unknown_keys_are_refused_with_the_line_and_the_keys_allowed() {
    let e = refusal(&edited("houses = 6 ", "housse = 6 "));
    assert!(
        e.starts_with("line 20, `housse`: unknown field `housse`"),
        "{e}"
    );
    assert!(
        e.contains("expected one of") && e.contains("`houses`"),
        "{e}"
    );
}

#[test]
fn wrong_types_are_refused_with_the_line_and_the_key() {
    let e = refusal(&edited("seeds = 4 ", "seeds = \"four\" "));
    assert!(e.starts_with("line 21, `seeds`:"), "{e}");
    assert!(e.contains("invalid type"), "{e}");
    // In the file's words: a whole number, not Rust's `i64`.
    assert!(
        e.contains("expected a whole number") && !e.contains("i64"),
        "{e}"
    );
    let e = refusal(&edited("ends = \"stores\"", "ends = \"pots\""));
    assert!(e.starts_with("line 22, `ends`:"), "{e}");
    assert!(e.contains("`none`") && e.contains("`stores`"), "{e}");
}

#[test]
fn absurd_sizes_are_refused_with_what_is_allowed() {
    let e = refusal(&edited("seeds = 4 ", "seeds = 1000000000 "));
    assert!(
        e.starts_with("line 21, `seeds`: 1000000000 is out of range: allowed are 1 to 64"),
        "{e}"
    );
    let e = refusal(&edited("seeds = 4 ", "seeds = 1e9 "));
    assert!(
        e.starts_with("line 21, `seeds`:") && e.contains("float"),
        "{e}"
    );
    let e = refusal(&edited("houses = 6 ", "houses = 500 "));
    assert!(
        e.starts_with("line 20, `houses`: 500 is out of range: allowed are 1 to 11"),
        "{e}"
    );
    // 11 houses are read (the tests, written for 6, are what fails then).
    let e = refusal(&edited("houses = 6 ", "houses = 11 "));
    assert!(e.contains("`tests`: test \"the first moves\""), "{e}");
    let e = refusal(&edited("houses = 6 ", "houses = 12 "));
    assert!(
        e.starts_with("line 20, `houses`: 12 is out of range"),
        "{e}"
    );
    let e = refusal(&edited("max = 6", "max = 500"));
    assert!(e.contains("`seeds`") && e.contains("max ≤ 64"), "{e}");
    let huge = format!("{TEMPLATE}\n# {}\n", "x".repeat(300_000));
    assert!(refusal(&huge).contains("at most 262144 are allowed"));
}

#[test]
fn truncated_and_broken_files_are_refused_never_panicking() {
    // Every prefix of the template: refused or read, never a panic.
    let bytes = TEMPLATE.as_bytes();
    for end in (0..bytes.len()).step_by(7) {
        let _ = Loader::manifest(&bytes[..end]);
    }
    assert!(refusal("").contains("`format` is missing"));
    let e = refusal(&TEMPLATE[..TEMPLATE.find("[rules]").unwrap() + 3]);
    assert!(e.starts_with("line 19, `ru`: unclosed table"), "{e}");
    let deep = format!(
        "format = \"tavola-mancala/1\"\nx = {}{}",
        "[".repeat(50_000),
        "]".repeat(50_000)
    );
    let _ = refusal(&deep);
    assert!(refusal("\u{0}\u{ff}").len() > 3);
    let e = Loader::manifest(b"format = \"tavola-mancala/1\"\n\xff\xfe")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("UTF-8"), "{e}");
}

#[test]
fn another_format_is_refused_for_its_format() {
    let e = refusal(&edited("tavola-mancala/1", "tavola-mancala/2"));
    assert!(
        e.contains("`format`") && e.contains("this loader reads `tavola-mancala/1`"),
        "{e}"
    );
}

#[test]
fn rules_that_need_others_are_refused_with_the_key() {
    let e = refusal(&edited("ends = \"stores\"", "ends = \"none\""));
    assert!(e.contains("`skip_opponent_store`: needs stores"), "{e}");
    let e = refusal(&edited("capture = \"opposite\"", "capture = \"count\""));
    assert!(e.contains("needs `capture_counts`"), "{e}");
}

#[test]
fn rounds_are_read_without_stores_and_refused_with_rules_a_round_cannot_follow() {
    // Oware's rules as a file, played in rounds: no stores needed.
    let oware = "format = \"tavola-mancala/1\"\n\
        [game]\nid = \"oware-rounds\"\nname = \"Oware in rounds\"\nversion = \"1.0.0\"\n\
        seats = [\"South\", \"North\"]\n\
        [rules]\nhouses = 6\nseeds = 4\nends = \"none\"\nskip_origin = true\n\
        capture = \"backward\"\ncapture_min = 2\ncapture_max = 3\n\
        grand_slam = \"no-capture\"\nmust_feed = true\nend = \"majority\"\n\
        cycle_ends_game = true\nrounds = true\n\
        [rules_text]\nen = \"Oware in rounds.\"\n"
        .to_owned();
    Loader::manifest(oware.as_bytes()).expect("rounds without stores load");
    let line = oware.lines().position(|l| l.starts_with("rounds")).unwrap() + 1;
    let e = refusal(&oware.replacen("rounds = true", "rounds = true\nrefill = true", 1));
    assert!(
        e.starts_with(&format!(
            "line {line}, `rounds`: `rounds = true` is not played with `refill = true`"
        )),
        "{e}"
    );
    let e = refusal(&oware.replacen(
        "end = \"majority\"",
        "end = \"no-move\"\nremaining = \"left\"",
        1,
    ));
    assert!(
        e.contains("`rounds = true` is not played with `remaining = \"left\"`"),
        "{e}"
    );
}

#[test]
fn a_failing_test_refuses_the_file_with_its_line() {
    let e = refusal(&edited(
        "moves = [\"a\", \"b\", \"d\", \"e\", \"f\"]",
        "moves = [\"a\", \"b\"]",
    ));
    assert!(
        e.contains("`tests`") && e.contains("a last seed in the store plays again"),
        "{e}"
    );
    assert!(e.contains("the legal moves are [a, b, d, e, f]"), "{e}");
    let e = refusal(&edited("play = [\"c\"]", "play = [\"z\"]"));
    assert!(e.contains("move 1 `z` is not legal"), "{e}");
}

#[test]
fn bad_ids_and_versions_are_refused() {
    let e = refusal(&edited("id = \"my-mancala\"", "id = \"My Mancala\""));
    assert!(e.starts_with("line 9, `id`:"), "{e}");
    let e = refusal(&edited("version = \"1.0.0\"", "version = \"one\""));
    assert!(e.starts_with("line 11, `version`:"), "{e}");
}

#[test]
fn every_catalogue_variant_reads_and_passes_its_tests() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue");
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let manifest =
            Loader::manifest(&data).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(name, format!("{}{}", manifest.id, mancala_data::SUFFIX));
        assert!(
            ["Source:", "Sources:"]
                .iter()
                .any(|s| manifest.rules[0].markdown.contains(s)),
            "{name}: the rules cite their source"
        );
        assert!(
            manifest.warnings.is_empty(),
            "{name}: keys that do nothing: {:?}",
            manifest.warnings
        );
        let options = Options::defaults(&manifest.options);
        let mut game = Loader::new(&data, &options).unwrap();
        game_api::random_playout(&mut game, &mut Rng::with_seed(1)).unwrap();
        read += 1;
    }
    assert!(read >= 2, "{read} variants");
}

#[test]
fn a_saved_state_is_taken_only_with_rules_of_the_file() {
    let file = TEMPLATE.as_bytes();
    let schema = Loader::manifest(file).unwrap().options;
    let options = Options::parse(&schema, ["seeds=6", "empty_capture=true"]).unwrap();
    let game = Loader::new(file, &options).unwrap();
    let again = Loader::from_json(file, &game.to_json()).unwrap();
    assert_eq!(again.notation(), game.notation());
    let other =
        mancala_kit::Mancala::<KalahInRust>::with_config(mancala_kit::Config::oware(4)).unwrap();
    let e = Loader::from_json(file, &other.to_json())
        .unwrap_err()
        .to_string();
    assert!(e.contains("not those of `my-mancala`"), "{e}");
}

#[test]
fn an_option_value_of_the_wrong_type_is_refused_with_what_is_allowed() {
    let e = refusal(&edited(
        "values = { seeds = 6 }",
        "values = { seeds = 6.5 }",
    ));
    assert!(
        e.contains("`values`: option `seeds`: `6.5`: allowed are `true` or `false`"),
        "{e}"
    );
    let e = refusal(&edited("default = false", "default = [1]"));
    assert!(
        e.contains("`default`:") && e.contains("a whole number"),
        "{e}"
    );
}

/// A small file with `capture = "forward"` and `capture_chain` as given, and `tests`.
fn past_empty(chain: &str, tests: &str) -> String {
    format!(
        r#"format = "tavola-mancala/1"

[game]
id = "past-empty"
name = "Past an empty house"
version = "1.0.0"
description = "A capture past an empty house."
seats = ["South", "North"]

[rules]
houses = 4
seeds = 3
capture = "forward"
{chain}

[rules_text]
en = "Sow; a house past an empty one is captured."
{tests}"#
    )
}

#[test]
fn a_forward_capture_takes_one_house_or_goes_on_as_the_file_says() {
    // Hand-checked: a's seed drops into b; c is empty, d's 2 are taken; with the chain,
    // A is empty and B's 3 are taken too, and C (full) ends it.
    let scenario = |after: &str| {
        format!(
            "\n[[tests]]\nname = \"past c\"\nposition = \"1,0,0,2/0,3,1,1 9-7 S\"\nplay = [\"a\"]\nafter = \"{after}\"\n"
        )
    };
    let once = past_empty(
        "capture_chain = \"none\"",
        &scenario("0,1,0,0/0,3,1,1 11-7 N"),
    );
    Loader::manifest(once.as_bytes()).unwrap();
    let chained = past_empty("", &scenario("0,1,0,0/0,0,1,1 14-7 N"));
    Loader::manifest(chained.as_bytes()).unwrap();
    // Each file's scenario fails under the other rule: the setting is what decides.
    let e = refusal(&past_empty("", &scenario("0,1,0,0/0,3,1,1 11-7 N")));
    assert!(e.contains("past c"), "{e}");
    // Backward is not a way a forward capture goes: refused at its line.
    let e = refusal(&past_empty("capture_chain = \"backward\"", ""));
    assert!(
        e.contains("`capture_chain`") && e.contains("not backward"),
        "{e}"
    );
    assert!(e.starts_with("line 14"), "{e}");
}

/// Hawalis as the kit's own rules ([`mancala_kit::Config::hawalis`]), as the `hawalis`
/// plugin plays it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct HawalisInRust;

impl mancala_kit::Variant for HawalisInRust {
    fn manifest() -> game_api::Manifest {
        game_api::Manifest::new("hawalis-in-rust", "Hawalis", "1.0.0")
    }
    fn config(_: &Options) -> Result<mancala_kit::Config, game_api::GameError> {
        Ok(mancala_kit::Config::hawalis())
    }
}

/// A four-row game as data: `rows = 2`, `capture = "facing"`, `singletons_last`.
const HAWALIS: &str = r#"
format = "tavola-mancala/1"

[game]
id = "hawalis-as-data"
name = "Hawalis as data"
version = "1.0.0"
seats = ["South", "North"]

[rules]
rows = 2
houses = 7
seeds = 2
ends = "none"
relay = "landing"
capture = "facing"
singletons_last = true
end = "no-move"
remaining = "left"
cycle_ends_game = true

[rules_text]
en = "Hawalis, as in the `hawalis` plugin."

# Hand-checked: n's 2 seeds relay round South's two rows and end in n, emptied at the
# start, in South's inner row: North's inner H and outer G (2 + 2) are captured.
[[tests]]
name = "an opening that captures"
play = ["n"]
after = "3,0,3,3,0,3,3,0,3,3,0,3,3,1/2,2,2,2,2,2,0,0,2,2,2,2,2,2 4-0 N"
"#;

#[test]
fn a_four_row_game_as_data_plays_exactly_as_in_rust() {
    let options = Options::default();
    for seed in 0..25 {
        let data = Loader::new(HAWALIS.as_bytes(), &options).unwrap();
        let rust = mancala_kit::Mancala::<HawalisInRust>::new(&options).unwrap();
        same_games(data, rust, seed);
    }
}

#[test]
fn four_row_keys_are_checked() {
    let e = refusal(&HAWALIS.replace("houses = 7", "houses = 9"));
    assert!(e.contains("`houses`: 9 houses a row on four rows"), "{e}");
    let e = refusal(&HAWALIS.replace("rows = 2", "rows = 3"));
    assert!(e.contains("`rows`: 3 is out of range"), "{e}");
    let e = refusal(&HAWALIS.replace("rows = 2", "rows = 1"));
    assert!(e.contains("the facing capture reads four rows"), "{e}");
    let e = refusal(&HAWALIS.replace("ends = \"none\"", "ends = \"stores\""));
    assert!(
        e.contains("four-row boards (`rows = 2`) have no stores"),
        "{e}"
    );
    let e = refusal(&HAWALIS.replace("capture = \"facing\"", "capture = \"even\""));
    assert!(
        e.contains("line 16, `capture`: on four rows (`rows = 2`) the capture is `\"facing\"` or `\"none\"`"),
        "{e}"
    );
    // A count capture on four rows: the line and the key, not "bad game state".
    let e = refusal(&HAWALIS.replace(
        "capture = \"facing\"",
        "capture = \"count\"\ncapture_counts = \"2,4\"",
    ));
    assert!(e.starts_with("line 16, `capture`: on four rows"), "{e}");
    assert!(!e.contains("game state"), "{e}");
    let e = refusal(&HAWALIS.replace(
        "capture = \"facing\"",
        "capture = \"facing\"\nsowing_capture_counts = \"4\"",
    ));
    assert!(
        e.starts_with("line 17, `sowing_capture_counts`: four-row boards"),
        "{e}"
    );
}

#[test]
fn texts_for_an_option_the_file_does_not_have_are_refused() {
    let e = refusal(&edited(
        "options.empty_capture = {",
        "options.empty_captur = {",
    ));
    assert!(
        e.starts_with("`texts.it.options.empty_captur`: the file has no option `empty_captur`"),
        "{e}"
    );
    assert!(e.contains("`seeds`, `empty_capture`"), "{e}");
}

#[test]
fn a_file_without_its_rules_table_is_told_so_without_a_line() {
    let start = TEMPLATE.find("[rules]\n").unwrap();
    let end = TEMPLATE[start..].find("\n\n").unwrap() + start;
    let e = refusal(&format!("{}{}", &TEMPLATE[..start], &TEMPLATE[end..]));
    assert!(e.starts_with("the file has no `rules`"), "{e}");
}

#[test]
fn a_wrong_outcome_is_told_in_the_files_words() {
    let e = refusal(&edited(
        "moves = [\"a\", \"b\", \"d\", \"e\", \"f\"]",
        "moves = [\"a\", \"b\", \"d\", \"e\", \"f\"]\noutcome = \"north\"",
    ));
    assert!(
        e.contains("the outcome is `\"ongoing\"`, the test expects `\"north\"`"),
        "{e}"
    );
}

/// The line of `needle` in `text`, from 1.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(needle))
        .unwrap_or_else(|| panic!("{needle} not in the file"))
        + 1
}

#[test]
fn keys_that_do_nothing_are_warned_in_the_files_words_and_the_file_still_loads() {
    // The template's capture is "opposite": `capture_min` and `capture_sides` are read
    // only by other captures, `remaining` only with `end = "no-move"`, the sowing
    // capture's side only with its counts.
    let file = edited(
        "capture_empty_opposite = \"no-capture\"\n",
        "capture_empty_opposite = \"no-capture\"\ncapture_min = 2\ncapture_sides = \"both\"\nremaining = \"owner\"\nsowing_capture_taker = \"mover\"\n",
    );
    let m = Loader::manifest(file.as_bytes()).expect("the file still loads");
    let min = line_of(&file, "capture_min");
    assert_eq!(
        m.warnings,
        [
            format!(
                "line {min}, `capture_min`: it does nothing under `capture = \"opposite\"`: it is read only with `capture = \"backward\"`"
            ),
            format!(
                "line {}, `capture_sides`: it does nothing under `capture = \"opposite\"`: it is read only with `capture = \"count\"`",
                min + 1
            ),
            format!(
                "line {}, `remaining`: it does nothing under `end = \"side-empty\"`: it is read only with `end = \"no-move\"`",
                min + 2
            ),
            format!(
                "line {}, `sowing_capture_taker`: it does nothing without `sowing_capture_counts`, the capture as seeds are sown",
                min + 3
            ),
        ]
    );
    // The game plays as before.
    let game = Loader::new(file.as_bytes(), &Options::defaults(&m.options)).unwrap();
    assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
}

#[test]
fn the_template_and_a_key_an_option_reads_are_not_warned() {
    assert!(
        Loader::manifest(TEMPLATE.as_bytes())
            .unwrap()
            .warnings
            .is_empty()
    );
    // `capture_min` does nothing under the default capture, but an option's value
    // makes the capture "backward", where it is read: no warning.
    let file = edited(
        "capture_empty_opposite = \"no-capture\"\n",
        "capture_empty_opposite = \"no-capture\"\ncapture_min = 2\ncapture_max = 3\n",
    )
    .replacen(
        "[options.when_true]\ncapture_empty_opposite = \"capture-last\"",
        "[options.when_true]\ncapture = \"backward\"",
        1,
    );
    let m = Loader::manifest(file.as_bytes()).expect("the file loads");
    // `capture_empty_opposite` is read with the option off; only the keys idle in
    // every rule set are told.
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    // A key an option sets that does nothing where it is set is told at its own line.
    let file = edited(
        "[options.when_true]\ncapture_empty_opposite = \"capture-last\"",
        "[options.when_true]\nremaining = \"stuck\"",
    );
    let m = Loader::manifest(file.as_bytes()).expect("the file loads");
    assert_eq!(
        m.warnings,
        [format!(
            "line {}, `remaining`: it does nothing under `end = \"side-empty\"`: it is read only with `end = \"no-move\"`",
            line_of(&file, "remaining")
        )]
    );
}

/// The catalogue's Pallanguzhi (twelves), an uneven start with passing.
fn twelves() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/catalogue/pallanguzhi-twelves.mancala.toml"
    );
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn an_uneven_start_is_read_house_by_house_and_a_bad_one_refused_at_its_line() {
    let file = twelves();
    let m = Loader::manifest(file.as_bytes()).unwrap();
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    let game = Loader::new(file.as_bytes(), &Options::defaults(&m.options)).unwrap();
    assert_eq!(
        game.notation(),
        "12,12,12,2,12,12,12/12,12,12,2,12,12,12 0-0 S"
    );
    let line = line_of(&file, "start");
    let old = "start = [12, 12, 12, 2, 12, 12, 12]";
    let e = refusal(&file.replacen(old, "start = [12, 12, 2]", 1));
    assert!(
        e.starts_with(&format!(
            "line {line}, `start`: 3 counts for 7 houses a side: give one count to each house"
        )),
        "{e}"
    );
    let e = refusal(&file.replacen(old, "start = [12, 12, 12, 2, 12, 12, 65]", 1));
    assert!(
        e.starts_with(&format!(
            "line {line}, `start`: 65 seeds in a house is out of range: allowed are 0 to 64"
        )),
        "{e}"
    );
    let e = refusal(&file.replacen(old, "start = [0, 0, 0, 0, 0, 0, 0]", 1));
    assert!(e.contains("every house starts empty"), "{e}");
    let e = refusal(&file.replacen(old, "start = [12, -1, 12, 2, 12, 12, 12]", 1));
    assert!(e.contains("-1 seeds in a house is out of range"), "{e}");
    let e = refusal(&file.replacen(old, "start = \"12\"", 1));
    assert!(e.starts_with(&format!("line {line}, `start`:")), "{e}");
    let e = refusal(&file.replacen(
        "pass_when_stuck = true",
        "pass_when_stuck = true\nrounds = true",
        1,
    ));
    assert!(
        e.contains("`rounds`: an uneven `start` is played in one round"),
        "{e}"
    );
}

#[test]
fn a_capture_for_the_owner_is_read_under_the_count_capture_and_warned_elsewhere() {
    let file = edited(
        "capture_empty_opposite = \"no-capture\"\n",
        "capture_empty_opposite = \"no-capture\"\ncapture_taker = \"owner\"\n",
    );
    let m = Loader::manifest(file.as_bytes()).expect("the file still loads");
    let line = line_of(&file, "capture_taker");
    assert_eq!(
        m.warnings,
        [format!(
            "line {line}, `capture_taker`: it does nothing under `capture = \"opposite\"`: it is read only with `capture = \"count\"`"
        )]
    );
    let e = refusal(&edited(
        "capture_empty_opposite = \"no-capture\"\n",
        "capture_taker = \"nobody\"\n",
    ));
    assert!(
        e.contains("`capture_taker`") && e.contains("`owner`") && e.contains("`mover`"),
        "{e}"
    );
}

#[test]
fn a_capture_before_the_relay_is_warned_where_it_does_nothing() {
    // The template has no relays: the key does nothing, is warned, and the game plays.
    let file = edited(
        "capture_empty_opposite = \"no-capture\"\n",
        "capture_empty_opposite = \"no-capture\"\ncapture_before_relay = true\n",
    );
    let m = Loader::manifest(file.as_bytes()).expect("the file still loads");
    let line = line_of(&file, "capture_before_relay");
    assert_eq!(
        m.warnings,
        [format!(
            "line {line}, `capture_before_relay`: it does nothing unless `capture = \"count\"` and `relay = \"landing\"`: it decides between those two"
        )]
    );
    let game = Loader::new(file.as_bytes(), &Options::defaults(&m.options)).unwrap();
    assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
}
