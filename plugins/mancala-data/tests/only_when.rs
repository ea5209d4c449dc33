//! `only_when`: an option of a data file that matters only while another option has a
//! value (Oware's unfilled houses, only in rounds) reaches the manifest's
//! `OptionSpec::only_when`; a condition naming no other option of the file, or a value
//! that option cannot take, is refused with the line, the option and what is wrong.

use game_api::{OptionCondition, OptionValue, Options, data::DataGames};
use mancala_data::{Loader, TEMPLATE};

/// Oware as a file, its two options as the compiled Oware has them: what becomes of the
/// unfilled houses (written first, so that the rounds option, applied after it, turns
/// rounds off again when it is off) matters only in rounds.
const OWARE: &str = r#"format = "tavola-mancala/1"
[game]
id = "oware-rounds"
name = "Oware in rounds"
version = "1.0.0"
[rules]
houses = 6
seeds = 4
ends = "none"
skip_origin = true
capture = "backward"
capture_min = 2
capture_max = 3
grand_slam = "no-capture"
must_feed = true
end = "majority"
cycle_ends_game = true

[[options]]
key = "round_houses"
kind = "choice"
label = "Unfilled houses"
default = "closed"
only_when = { key = "rounds", value = true }
[[options.choices]]
value = "closed"
label = "Closed (out of play)"
rules = { rounds = "closed" }
[[options.choices]]
value = "pass"
label = "Pass to the opponent"
rules = { rounds = "pass" }

[[options]]
key = "rounds"
kind = "boolean"
label = "Play in rounds"
default = false
[options.when_false]
rounds = false

[rules_text]
en = "Oware, in rounds or not."
"#;

const WHEN: &str = "only_when = { key = \"rounds\", value = true }";

fn refusal(text: &str) -> String {
    match Loader::manifest(text.as_bytes()) {
        Ok(m) => panic!("accepted: {}", m.id),
        Err(e) => e.to_string(),
    }
}

/// The file with its condition written as `when`, and the line it is on.
fn with_condition(when: &str) -> (String, usize) {
    let file = OWARE.replacen(WHEN, when, 1);
    let line = file
        .lines()
        .position(|l| l.starts_with("only_when"))
        .unwrap()
        + 1;
    (file, line)
}

#[test]
fn a_condition_reaches_the_option_s_spec_and_survives_the_manifest_s_json() {
    let m = Loader::manifest(OWARE.as_bytes()).unwrap();
    let keys: Vec<&str> = m.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["round_houses", "rounds"]);
    assert_eq!(
        m.options[0].only_when,
        Some(OptionCondition {
            key: "rounds".into(),
            value: OptionValue::Bool(true),
        })
    );
    assert_eq!(
        m.options[1].only_when, None,
        "an option without one always matters"
    );
    // The host receives the manifest as JSON: the condition crosses it.
    let json = serde_json::to_string(&m).unwrap();
    let back: game_api::Manifest = serde_json::from_str(&json).unwrap();
    assert_eq!(back.options, m.options);
    // It says what the file's rules do: the unfilled houses matter in rounds only.
    let schema = &m.options;
    let options = |pairs: &[&str]| Options::parse(schema, pairs).unwrap();
    let one = options(&["round_houses=pass"]);
    assert!(!schema[0].matters(&one));
    let game = Loader::new(OWARE.as_bytes(), &one).unwrap();
    assert!(!game.config.rounds);
    let passing = options(&["round_houses=pass", "rounds=true"]);
    assert!(schema[0].matters(&passing));
    let game = Loader::new(OWARE.as_bytes(), &passing).unwrap();
    assert!(game.config.rounds && game.config.rounds_pass);
    let closed = options(&["rounds=true"]);
    let game = Loader::new(OWARE.as_bytes(), &closed).unwrap();
    assert!(game.config.rounds && !game.config.rounds_pass);
}

#[test]
fn files_without_a_condition_still_read_their_options_always_mattering() {
    let m = Loader::manifest(TEMPLATE.as_bytes()).unwrap();
    assert!(m.options.iter().all(|o| o.only_when.is_none()));
    let m = Loader::manifest(OWARE.replacen(WHEN, "", 1).as_bytes()).unwrap();
    assert!(m.options.iter().all(|o| o.only_when.is_none()));
}

#[test]
fn a_condition_on_an_option_the_file_does_not_have_is_refused_naming_both() {
    let (file, line) = with_condition("only_when = { key = \"roundz\", value = true }");
    assert_eq!(
        refusal(&file),
        format!(
            "line {line}, `only_when`: option `round_houses`: it names `roundz`, which is not \
             an option of this file (its other options: `rounds`)"
        )
    );
    let (file, line) = with_condition("only_when = { key = \"round_houses\", value = \"pass\" }");
    assert_eq!(
        refusal(&file),
        format!(
            "line {line}, `only_when`: option `round_houses`: it names the option itself: an \
             option can depend only on another"
        )
    );
}

#[test]
fn a_condition_on_a_value_the_other_option_cannot_take_is_refused_with_what_it_takes() {
    let (file, line) = with_condition("only_when = { key = \"rounds\", value = \"closed\" }");
    assert_eq!(
        refusal(&file),
        format!(
            "line {line}, `only_when`: option `round_houses`: `rounds` cannot be `\"closed\"`: \
             expected true or false"
        )
    );
    // A flag written as text is not the flag.
    let (file, _) = with_condition("only_when = { key = \"rounds\", value = \"true\" }");
    assert!(refusal(&file).contains("`rounds` cannot be `\"true\"`"));
    // A text that is no name is not quoted (a refusal quotes no more of a file).
    let (file, _) = with_condition("only_when = { key = \"rounds\", value = \"a secret\" }");
    let e = refusal(&file);
    assert!(
        e.contains("`rounds` cannot be this text") && !e.contains("secret"),
        "{e}"
    );
    let (file, _) = with_condition("only_when = { key = \"a secret\", value = true }");
    let e = refusal(&file);
    assert!(
        e.contains("it names no option of this file (its other options: `rounds`)")
            && !e.contains("secret"),
        "{e}"
    );
    // On a choice: one of its values.
    let file = OWARE.replacen(WHEN, "", 1).replacen(
        "default = false\n",
        "default = false\nonly_when = { key = \"round_houses\", value = \"burnt\" }\n",
        1,
    );
    let line = file
        .lines()
        .position(|l| l.starts_with("only_when"))
        .unwrap()
        + 1;
    assert_eq!(
        refusal(&file),
        format!(
            "line {line}, `only_when`: option `rounds`: `round_houses` cannot be `\"burnt\"`: \
             expected one of closed, pass"
        )
    );
}

#[test]
fn a_malformed_condition_is_refused_at_its_line() {
    for (when, says) in [
        (
            "only_when = { key = \"rounds\", is = true }",
            "unknown field `is`",
        ),
        ("only_when = { key = \"rounds\" }", "missing field `value`"),
        (
            "only_when = { key = \"rounds\", value = 1.5 }",
            "allowed are",
        ),
        ("only_when = \"rounds\"", "invalid type"),
    ] {
        let (file, line) = with_condition(when);
        let e = refusal(&file);
        assert!(e.starts_with(&format!("line {line}")), "{when}: {e}");
        assert!(e.contains(says), "{when}: {e}");
    }
}

#[test]
fn a_condition_on_an_option_with_a_condition_of_its_own_is_refused() {
    // *Play in rounds* made to matter only under *Unfilled houses*, which matters only
    // in rounds: each would stay disabled for good. Refused at the first condition read.
    let file = OWARE.replacen(
        "default = false\n",
        "default = false\nonly_when = { key = \"round_houses\", value = \"pass\" }\n",
        1,
    );
    assert_ne!(file, OWARE, "the test's file did not change");
    let line = file
        .lines()
        .position(|l| l.starts_with("only_when"))
        .unwrap()
        + 1;
    let refused = refusal(&file);
    assert!(
        refused.contains(&format!("line {line}")) && refused.contains("a condition of its own"),
        "{refused}"
    );
}
