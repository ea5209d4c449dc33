//! A match of rounds saved and loaded: Oware with its option `rounds` played to the
//! end of the match by bots with a record, and the record replayed, every move and the
//! result checked.

mod common;
#[path = "common/cli.rs"]
mod run;

use common::plugins_of;
use game_api::OptionValue;
use run::tavola;
use tavola::record::Record;

#[test]
fn a_match_of_rounds_saves_and_replays_to_its_result() {
    let dir = plugins_of(&["oware"]);
    let path = dir.path().join("rounds.json");
    let play = tavola(
        dir.path(),
        &[
            "play",
            "oware",
            "--option",
            "rounds=true",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "7",
            "--record",
            path.to_str().unwrap(),
        ],
    );
    assert!(play.ok, "{}", play.stderr);
    let record = Record::read(&path).unwrap();
    assert_eq!(record.options.get("rounds"), Some(&OptionValue::Bool(true)));
    assert!(
        record.result.is_some(),
        "the match finished: {}",
        play.stdout
    );
    let replay = tavola(dir.path(), &["replay", path.to_str().unwrap()]);
    assert!(replay.ok, "{}", replay.stderr);
    assert!(
        replay
            .stdout
            .contains(&format!("{} moves of oware replayed", record.moves.len())),
        "{}",
        replay.stdout
    );
    // The final position, as `play` prints it, is in a round past the first.
    let last = play.stdout.lines().rev().find(|l| l.contains(" round:"));
    assert!(
        last.is_some(),
        "no round past the first in: {}",
        play.stdout
    );
}

#[test]
fn a_match_whose_houses_pass_saves_and_replays_to_its_result() {
    // Oware with `round_houses=pass`: greedy against random, recorded. The seed is one
    // whose match has a house pass (the position printed with `held:`).
    let dir = plugins_of(&["oware"]);
    let path = dir.path().join("pass.json");
    let play = tavola(
        dir.path(),
        &[
            "play",
            "oware",
            "--option",
            "rounds=true",
            "--option",
            "round_houses=pass",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "7",
            "--record",
            path.to_str().unwrap(),
        ],
    );
    assert!(play.ok, "{}", play.stderr);
    let record = Record::read(&path).unwrap();
    assert_eq!(
        record.options.get("round_houses"),
        Some(&OptionValue::Choice("pass".into()))
    );
    assert!(
        record.result.is_some(),
        "the match finished: {}",
        play.stdout
    );
    assert!(
        play.stdout.contains(" held:"),
        "no house passed in: {}",
        play.stdout
    );
    let replay = tavola(dir.path(), &["replay", path.to_str().unwrap()]);
    assert!(replay.ok, "{}", replay.stderr);
    assert!(
        replay
            .stdout
            .contains(&format!("{} moves of oware replayed", record.moves.len())),
        "{}",
        replay.stdout
    );
}
