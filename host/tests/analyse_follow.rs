//! `tavola analyse --follow`, what the app's analysis board reads: every deeper answer
//! one JSON line, the depths growing, the last one `done`, each with the lines asked
//! for, their values (exact or not) and their notations — judged from what was printed.

#[path = "common/cli.rs"]
mod cli;
mod common;

use common::plugins_of;

#[test]
fn follow_prints_each_deeper_answer_as_a_json_line_ending_done() {
    let dir = plugins_of(&["oware"]);
    let run = cli::tavola(
        dir.path(),
        &[
            "analyse", "oware", "--moves", "c,F", "--lines", "3", "--time", "800", "--follow",
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    let answers: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert!(!answers.is_empty(), "nothing printed");
    let depths: Vec<u64> = answers.iter().filter_map(|a| a["depth"].as_u64()).collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    let (last, earlier) = answers.split_last().unwrap();
    assert_eq!(last["done"], true, "the last answer is not the end");
    assert!(earlier.iter().all(|a| a["done"] == false));
    for a in &answers {
        let lines = a["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 3, "{a}");
        for l in lines {
            assert!(l["value"]["exact"].is_boolean(), "{l}");
            let line = l["line"].as_array().unwrap();
            assert_eq!(line[0], l["move"], "{l}");
        }
    }
}
