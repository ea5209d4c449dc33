//! `tavola analyse` and `tavola review` on the real plugins, judged from outside: the
//! lines' and the moves' values checked against `tavola solve` of the same positions.

mod common;

use common::plugins_of;

use std::{path::Path, process::Command};

const SMALL: [&str; 4] = ["--option", "houses=4", "--option", "seeds=3"];

fn tavola(plugins: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tavola"))
        .args(["--lang", "en", "--no-default-plugins"])
        .arg("--plugins")
        .arg(plugins)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json_of(plugins: &Path, args: &[&str]) -> serde_json::Value {
    let (ok, out, err) = tavola(plugins, args);
    assert!(ok, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The exact value of a small Kalah position for its mover, by `tavola solve`.
fn solved(plugins: &Path, position: &str) -> i64 {
    let mut args = vec!["solve", "kalah", "--position", position];
    args.extend(SMALL);
    let (ok, out, err) = tavola(plugins, &args);
    assert!(ok, "{position}: {err}");
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("Value: "))
        .unwrap_or_else(|| panic!("{out}"));
    line.split_whitespace().next().unwrap().parse().unwrap()
}

/// The position after `mv` from `position` (by `tavola moves --json`), whether the
/// game is over there (by `tavola hint --json`) and whether the same seat moves again.
fn after(plugins: &Path, position: &str, mv: &str) -> (String, bool, bool) {
    let mut args = vec!["moves", "kalah", "--position", position, "--json"];
    args.extend(SMALL);
    let moves = json_of(plugins, &args);
    let m = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["notation"] == mv)
        .unwrap_or_else(|| panic!("{mv} in {moves}"));
    let next = m["result"].as_str().unwrap().to_owned();
    let mut args = vec![
        "hint",
        "kalah",
        "--position",
        &next,
        "--json",
        "--time",
        "10",
    ];
    args.extend(SMALL);
    let over = json_of(plugins, &args)["over"].as_bool().unwrap();
    let same = next.chars().last() == position.chars().last();
    (next, over, same)
}

/// The exact value of `mv` for the mover at `position`, by `tavola solve` of the
/// position it leads to (`None` where it ends the game).
fn solved_move(plugins: &Path, position: &str, mv: &str) -> Option<i64> {
    let (next, over, same) = after(plugins, position, mv);
    (!over).then(|| {
        let v = solved(plugins, &next);
        if same { v } else { -v }
    })
}

/// The notations of the legal moves at `position`.
fn legal(plugins: &Path, position: &str) -> Vec<String> {
    let mut args = vec!["moves", "kalah", "--position", position, "--json"];
    args.extend(SMALL);
    json_of(plugins, &args)
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["notation"].as_str().unwrap().to_owned())
        .collect()
}

// Bounded by depth, not by a clock: the deepening stops at depth 12 (or sooner, once
// every line is decided) whatever the machine's load, and the time given is never
// reached. With `--time 3000` alone the depth reached, hence the lines chosen and the
// table the proofs start from, depended on the load: `--time 1` under `taskset -c 0`
// beside a busy loop stopped at depth 1 with the lines b, c and a, where the three best
// are b, c and d.
#[test]
fn analyse_gives_the_best_lines_with_exact_values_as_the_solver_does() {
    let dir = plugins_of(&["kalah"]);
    let mut args = vec![
        "analyse", "kalah", "--lines", "3", "--depth", "12", "--time", "3600000", "--json",
    ];
    args.extend(SMALL);
    let out = json_of(dir.path(), &args);
    let lines = out["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{out}");
    let moves: Vec<&str> = lines.iter().map(|l| l["move"].as_str().unwrap()).collect();
    assert!(
        moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2],
        "{out}"
    );
    let position = out["position"].as_str().unwrap();
    let best = solved(dir.path(), position);
    // Small Kalah is proven: every value exact, best first, the first the position's.
    let margins: Vec<i64> = lines
        .iter()
        .map(|l| {
            assert_eq!(l["value"]["kind"], "exact", "{l}");
            assert!(l["words"].as_str().unwrap().ends_with("(exact)"), "{l}");
            l["value"]["margin"].as_i64().unwrap()
        })
        .collect();
    assert!(margins.windows(2).all(|w| w[0] >= w[1]), "{margins:?}");
    assert_eq!(margins[0], best, "{out}");
    assert_eq!(lines[0]["line"][0], lines[0]["move"]);
    // Each line's value is its move's, and no move left out is better than the third.
    let mut values = Vec::new();
    for mv in legal(dir.path(), position) {
        let value = solved_move(dir.path(), position, &mv);
        if let (Some(i), Some(v)) = (moves.iter().position(|m| *m == mv), value) {
            assert_eq!(v, margins[i], "{mv}: {out}");
        }
        values.push((mv, value));
    }
    for (mv, value) in &values {
        if !moves.contains(&mv.as_str()) {
            assert!(
                value.is_none_or(|v| v <= margins[2]),
                "{mv} ({value:?}) is better than the third line: {out}"
            );
        }
    }
}

#[test]
fn analyse_refuses_a_finished_game_and_a_bad_line_count() {
    let dir = plugins_of(&["kalah"]);
    let (ok, _, err) = tavola(
        dir.path(),
        &[
            "analyse",
            "kalah",
            "--position",
            "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S",
        ],
    );
    assert!(!ok && err.contains("over"), "{err}");
    let (ok, _, err) = tavola(dir.path(), &["analyse", "kalah", "--lines", "0"]);
    assert!(!ok && err.contains("lines"), "{err}");
}

#[test]
fn review_classes_every_move_by_what_it_lost_exactly() {
    let dir = plugins_of(&["kalah"]);
    let work = tempfile::tempdir().unwrap();
    let record = work.path().join("game.json");
    let record_arg = record.to_str().unwrap();
    let mut args = vec!["play", "kalah", "--seat", "greedy", "--seat", "random"];
    args.extend(["--seed", "3", "--record", record_arg]);
    args.extend(SMALL);
    let (ok, _, err) = tavola(dir.path(), &args);
    assert!(ok, "{err}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let played = saved["moves"].as_array().unwrap().len();
    let out = json_of(
        dir.path(),
        &["review", record_arg, "--depth", "8", "--json"],
    );
    let moves = out["moves"].as_array().unwrap();
    assert_eq!(moves.len(), played, "every move reviewed");
    let (mut checked, mut exact) = (0, 0);
    for m in moves {
        let class = m["class"].as_str().unwrap();
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class),
            "{m}"
        );
        assert!(m["lost"].as_f64().unwrap() >= 0.0, "{m}");
        // Where both values are proven, the loss is their difference, and checked
        // from outside on the mistakes: the solver's value of the position, and of the
        // position the move led to. (Some small Kalah positions cycle without a
        // capture: their solve does not end within the review's budget.)
        if m["exact"] != true {
            continue;
        }
        exact += 1;
        let best = m["best_value"]["margin"].as_i64().unwrap();
        let got = m["played_value"]["margin"].as_i64().unwrap();
        assert_eq!(m["lost"].as_f64().unwrap(), (best - got) as f64, "{m}");
        assert_eq!(class == "best", best == got, "{m}");
        if class == "mistake" || class == "blunder" {
            let position = m["position"].as_str().unwrap();
            assert_eq!(solved(dir.path(), position), best, "{m}");
            let (next, over, same) = after(dir.path(), position, m["move"].as_str().unwrap());
            if !over {
                let v = solved(dir.path(), &next);
                assert_eq!(if same { v } else { -v }, got, "{m}");
                checked += 1;
            }
        }
    }
    assert!(exact * 2 >= moves.len(), "most moves proven: {out}");
    assert!(checked > 0, "a mistake was checked: {out}");
    let mistakes: Vec<i64> = out["mistakes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect();
    for n in out["turning_points"].as_array().unwrap() {
        assert!(mistakes.contains(&n.as_i64().unwrap()), "{out}");
    }
}

#[test]
fn a_drills_answer_is_checked_against_the_best_moves_value() {
    let dir = plugins_of(&["kalah"]);
    let work = tempfile::tempdir().unwrap();
    let record = work.path().join("game.json");
    let record_arg = record.to_str().unwrap();
    let mut args = vec!["play", "kalah", "--seat", "greedy", "--seat", "random"];
    args.extend(["--seed", "3", "--record", record_arg]);
    args.extend(SMALL);
    let (ok, _, err) = tavola(dir.path(), &args);
    assert!(ok, "{err}");
    let review = &["review", record_arg, "--depth", "8", "--json"];
    let out = json_of(dir.path(), review);
    // An exact mistake: its position's best move and the move played, answered again.
    let m = out["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["exact"] == true && (m["class"] == "mistake" || m["class"] == "blunder"))
        .unwrap_or_else(|| panic!("an exact mistake: {out}"))
        .clone();
    let number = m["number"].as_u64().unwrap();
    let answer = |mv: &str| {
        let instead = format!("{number}={mv}");
        let mut args = review.to_vec();
        args.extend(["--instead", &instead]);
        json_of(dir.path(), &args)
    };
    // The best move: accepted, worth the best value, nothing lost.
    let best = answer(m["best"].as_str().unwrap());
    assert_eq!(best["accepted"], true, "{best}");
    assert_eq!(best["class"], "best", "{best}");
    assert_eq!(best["lost"].as_f64(), Some(0.0), "{best}");
    assert_eq!(best["played_value"], m["best_value"], "{best}");
    // The mistake again: refused, classed and valued as the review did (proven alone
    // too, with the larger budget of one position), the best named.
    let again = answer(m["move"].as_str().unwrap());
    assert_eq!(again["accepted"], false, "{again}");
    for key in [
        "class",
        "lost",
        "exact",
        "best_value",
        "played_value",
        "best",
    ] {
        assert_eq!(again[key], m[key], "{key}: {again} against {m}");
    }
    // The answer's value checked from outside: the solver's value of the position
    // the move leads to.
    let position = m["position"].as_str().unwrap();
    let (next, over, same) = after(dir.path(), position, m["move"].as_str().unwrap());
    if !over {
        let v = solved(dir.path(), &next);
        let got = again["played_value"]["margin"].as_i64().unwrap();
        assert_eq!(if same { v } else { -v }, got, "{again}");
    }
    // A move that is not legal there is refused, saying so.
    let instead = format!("{number}=Z");
    let mut args = review.to_vec();
    args.extend(["--instead", &instead]);
    let (ok, _, err) = tavola(dir.path(), &args);
    assert!(!ok);
    assert!(err.contains("Z is not a legal move"), "{err}");
}

#[test]
fn tables_of_other_rules_fail_the_analysis_unless_it_may_go_on_without_them() {
    // The app's folder of a game's tables holds those built for the rules played before;
    // a search under other rules goes on without them when asked to, and says so.
    let plugins = plugins_of(&["oware"]);
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    let t = tables.to_str().unwrap();
    let (ok, _, err) = tavola(
        plugins.path(),
        &["endgame", "oware", "--build", "--seeds", "4", "--dir", t],
    );
    assert!(ok, "{err}");
    let other = ["--option", "grand_slam=capture_all"];
    let analyse = |extra: &[&str]| {
        let mut args = vec!["analyse", "oware", "--lines", "2", "--depth", "4"];
        args.extend(other);
        args.extend(["--endgames", t]);
        args.extend(extra);
        tavola(plugins.path(), &args)
    };
    let (ok, _, err) = analyse(&[]);
    assert!(!ok && err.contains("no endgame tables for oware"), "{err}");
    let (ok, out, err) = analyse(&["--endgames-if-they-fit"]);
    assert!(ok, "{err}");
    assert!(err.contains("going on without them"), "{err}");
    assert!(out.contains("1. ") && out.contains("2. "), "{out}");
    // With the rules they were built for, they load as before.
    let (ok, _, err) = tavola(
        plugins.path(),
        &[
            "analyse",
            "oware",
            "--lines",
            "2",
            "--depth",
            "4",
            "--endgames",
            t,
            "--endgames-if-they-fit",
        ],
    );
    assert!(ok && err.contains("endgame tables loaded"), "{err}");
}
