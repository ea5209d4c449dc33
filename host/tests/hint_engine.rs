//! `tavola hint` with a bot, a thinking time and the game's history, and `tavola engine`,
//! the line protocol an outside program (a referee, a GUI) drives, on the real plugins.

mod common;

use common::plugins_of;

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
};

/// An Oware position with one seed a side 23–23: every move is forced and, twelve moves
/// later, the position is back: the game ends by repetition, if the history is known.
const CYCLE_START: &str = "0,0,0,0,1,0/0,0,0,0,1,0 23-23 S";
const CYCLE: [&str; 12] = ["e", "E", "f", "F", "a", "A", "b", "B", "c", "C", "d", "D"];

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

fn hint_json(plugins: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["hint"];
    all.extend_from_slice(args);
    all.push("--json");
    let (ok, out, err) = tavola(plugins, &all);
    assert!(ok, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn hint_plays_the_moves_first_and_sees_a_repetition_the_bare_position_hides() {
    let dir = plugins_of(&["oware"]);
    let moves = CYCLE.join(",");
    let with_history = hint_json(
        dir.path(),
        &["oware", "--position", CYCLE_START, "--moves", &moves],
    );
    assert_eq!(with_history["over"], true, "{with_history}");
    // Each side took the seed on its side.
    assert_eq!(
        with_history["position"], "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S",
        "{with_history}"
    );
    assert_eq!(with_history["best"], serde_json::Value::Null);
    // The same board without its history is a game going on.
    let bare = hint_json(
        dir.path(),
        &[
            "oware",
            "--position",
            CYCLE_START,
            "--engine",
            "alphabeta:3",
        ],
    );
    assert_eq!(bare["over"], false);
    assert_eq!(bare["best"], "e", "the only legal move");
}

#[test]
fn hint_takes_a_level_or_engine_and_a_time_and_reports_the_outcome() {
    let dir = plugins_of(&["kalah"]);
    // A fixed depth: the answer is the same with the moves or with the position they
    // lead to (no repetition rule in Kalah).
    let by_moves = hint_json(
        dir.path(),
        &["kalah", "--moves", "a,B", "--engine", "alphabeta:4"],
    );
    let position = by_moves["position"].as_str().unwrap().to_owned();
    let by_position = hint_json(
        dir.path(),
        &["kalah", "--position", &position, "--level", "alphabeta:4"],
    );
    assert_eq!(by_moves["best"], by_position["best"]);
    assert_eq!(by_moves["line"], by_position["line"]);
    assert_eq!(by_moves["outcome"]["depth"], 4);
    assert_eq!(by_moves["engine"], "alphabeta:4");
    let line = by_moves["line"].as_array().unwrap();
    assert_eq!(line[0], by_moves["best"], "the line starts with the move");
    assert!(by_moves["outcome"]["words"].as_str().unwrap().contains('4'));
    // Expert thinks for the time given (past the start: Kalah's opening book holds it).
    let expert = hint_json(
        dir.path(),
        &[
            "kalah", "--moves", "a,B", "--level", "expert", "--time", "50",
        ],
    );
    assert!(expert["millis"].as_u64().unwrap() < 2000, "{expert}");
    assert!(expert["outcome"]["depth"].as_u64().unwrap() >= 1);
    // At the start the stored opening solution answers, without a search: c wins by 8.
    let book = hint_json(dir.path(), &["kalah", "--level", "expert", "--time", "50"]);
    assert_eq!(book["best"], "c", "{book}");
    assert_eq!(book["outcome"]["depth"], 0, "{book}");
    assert_eq!(book["outcome"]["nodes"], 0, "{book}");
    assert!(
        book["outcome"]["words"].as_str().unwrap().contains('8'),
        "{book}"
    );
    // A level with a fixed budget takes no time, and says so.
    let (ok, _, err) = tavola(
        dir.path(),
        &["hint", "kalah", "--level", "casual", "--time", "50"],
    );
    assert!(!ok);
    assert!(err.contains("fixed budget"), "{err}");
    let (ok, _, err) = tavola(dir.path(), &["hint", "kalah", "--level", "grandmaster"]);
    assert!(!ok);
    assert!(err.contains("no bot `grandmaster`"), "{err}");
}

#[test]
fn hint_names_an_illegal_move_and_reads_a_record() {
    let dir = plugins_of(&["kalah"]);
    let (ok, _, err) = tavola(dir.path(), &["hint", "kalah", "--moves", "c,c"]);
    assert!(!ok);
    assert!(err.contains("move 2 `c` is not legal"), "{err}");
    assert!(err.contains("legal: "), "{err}");
    // A record's moves, then more moves, equal the same moves given at once.
    let record = dir.path().join("game.json");
    let (ok, _, err) = tavola(
        dir.path(),
        &[
            "play",
            "kalah",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "3",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    assert!(ok, "{err}");
    let game: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let over = hint_json(dir.path(), &["kalah", "--record", record.to_str().unwrap()]);
    assert_eq!(over["over"], true, "the recorded game is finished: {over}");
    assert!(game["moves"].as_array().unwrap().len() > 3);
    let (ok, _, err) = tavola(
        dir.path(),
        &[
            "hint",
            "oware",
            "--record",
            record.to_str().unwrap(),
            "--position",
            "x",
        ],
    );
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// A running `tavola engine`.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(plugins: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tavola"))
            .args(["--lang", "en", "--no-default-plugins"])
            .arg("--plugins")
            .arg(plugins)
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    /// Sends `command` and reads the answer up to the line starting with `until`.
    fn ask(&mut self, command: &str, until: &str) -> Vec<String> {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the engine stopped after `{command}`: {lines:?}"
            );
            let line = line.trim_end().to_owned();
            let done = line.starts_with(until);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends a command that answers nothing when it succeeds, and checks it did.
    fn tell(&mut self, command: &str) {
        writeln!(self.input, "{command}").unwrap();
        let answer = self.ask("isready", "readyok");
        assert_eq!(answer, ["readyok"], "after `{command}`");
    }

    fn state(&mut self) -> serde_json::Value {
        let lines = self.ask("state", "state ");
        serde_json::from_str(&lines.last().unwrap()["state ".len()..]).unwrap()
    }

    fn quit(mut self) {
        writeln!(self.input, "quit").unwrap();
        assert!(self.child.wait().unwrap().success());
    }
}

/// Checks that `mv` is among the legal moves of the engine's `state`.
fn assert_legal(state: &serde_json::Value, mv: &str) {
    let legal: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(legal.contains(&mv), "{mv} not in {legal:?}");
}

/// Sets the Oware cycle's position and moves: the game is over by repetition, each side
/// taking its own seed (24-24, a draw), and the engine says so.
fn plays_the_cycle_to_its_end(engine: &mut Engine) {
    engine.tell(&format!(
        "position notation {CYCLE_START} moves {}",
        CYCLE.join(" ")
    ));
    let state = engine.state();
    assert_eq!(state["over"], true, "{state}");
    let said = state["messages"][0].as_str().unwrap().to_lowercase();
    assert!(said.contains("repeat"), "{state}");
    assert_eq!(state["scores"], serde_json::json!([24, 24]));
    assert_eq!(state["results"], serde_json::json!(["draw", "draw"]));
}

#[test]
fn engine_plays_a_whole_game_with_legal_moves_and_reports_the_result() {
    let dir = plugins_of(&["kalah"]);
    let mut engine = Engine::start(dir.path(), &["kalah", "--level", "alphabeta:2"]);
    let hello = engine.ask("uci", "uciok");
    assert!(hello.iter().any(|l| l == "id game kalah"), "{hello:?}");
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    let mut moves: Vec<String> = Vec::new();
    loop {
        engine.tell(&format!("position startpos moves {}", moves.join(" ")));
        let state = engine.state();
        if state["over"] == true {
            let scores = state["scores"].as_array().unwrap();
            assert_eq!(scores.len(), 2);
            let total: i64 = scores.iter().map(|s| s.as_i64().unwrap()).sum();
            assert_eq!(total, 48, "every seed counted: {state}");
            let answer = engine.ask("go", "bestmove");
            assert_eq!(answer.last().unwrap(), "bestmove (none)");
            break;
        }
        let answer = engine.ask("go movetime 100", "bestmove ");
        assert!(
            answer[0].starts_with("info depth "),
            "the search reports: {answer:?}"
        );
        let best = answer.last().unwrap()["bestmove ".len()..].to_owned();
        assert_legal(&state, &best);
        moves.push(best);
        assert!(moves.len() < 300, "a Kalah game ends");
    }
    engine.quit();
}

#[test]
fn the_engine_tells_its_bot_the_moves_played_since_the_last_position() {
    let dir = plugins_of(&["kalah"]);
    let mut engine = Engine::start(dir.path(), &["kalah", "--level", "casual"]);
    engine.tell("position startpos moves a");
    assert_eq!(engine.state()["bot_told"], 1);
    let answer = engine.ask("go", "bestmove ");
    let best = answer.last().unwrap()["bestmove ".len()..].to_owned();
    // The game goes on: the bot's own move and the reply are told, nothing twice.
    let legal_after = |engine: &mut Engine| engine.state()["legal"][0].as_str().unwrap().to_owned();
    engine.tell(&format!("position startpos moves a {best}"));
    assert_eq!(engine.state()["bot_told"], 2);
    let reply = legal_after(&mut engine);
    engine.tell(&format!("position startpos moves a {best} {reply}"));
    assert_eq!(engine.state()["bot_told"], 3);
    // The same position again tells nothing.
    engine.tell(&format!("position startpos moves a {best} {reply}"));
    assert_eq!(engine.state()["bot_told"], 3);
    // Another line: a new bot, told that line's moves only.
    engine.tell("position startpos moves b");
    assert_eq!(engine.state()["bot_told"], 1);
    // A position that cannot be set changes nothing.
    let error = engine.ask("position startpos moves b z", "error");
    assert!(error.last().unwrap().starts_with("error"), "{error:?}");
    assert_eq!(engine.state()["bot_told"], 1);
    // A new game, and a new level: a new bot, told from there on.
    engine.tell("ucinewgame");
    assert_eq!(engine.state()["bot_told"], 0);
    engine.tell("position startpos moves c");
    assert_eq!(engine.state()["bot_told"], 1);
    engine.tell("setoption name Level value alphabeta:2");
    assert_eq!(engine.state()["bot_told"], 0);
    let next = legal_after(&mut engine);
    engine.tell(&format!("position startpos moves c {next}"));
    assert_eq!(engine.state()["bot_told"], 1);
    engine.quit();
}

#[test]
fn engine_refuses_bad_commands_and_goes_on() {
    let dir = plugins_of(&["oware"]);
    let mut engine = Engine::start(dir.path(), &["oware"]);
    let error = engine.ask("position startpos moves a a", "error");
    assert!(error[0].contains("move 2 `a` is not legal"), "{error:?}");
    let error = engine.ask("setoption name Level value wizard", "error");
    assert!(error[0].contains("no bot `wizard`"), "{error:?}");
    let error = engine.ask("go movetime 0", "error");
    assert!(error[0].contains("movetime"), "{error:?}");
    let error = engine.ask("dance", "error");
    assert!(error[0].contains("unknown command `dance`"), "{error:?}");
    // The position is unchanged by the refused command, and the cycle is seen.
    let state = engine.state();
    assert_eq!(state["position"], "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    plays_the_cycle_to_its_end(&mut engine);
    // A fixed-budget level ignores the time, saying so, and still answers.
    engine.tell("setoption name Level value beginner");
    engine.tell("position startpos");
    let answer = engine.ask("go movetime 50", "bestmove ");
    assert!(answer[0].contains("movetime ignored"), "{answer:?}");
    engine.quit();
}

#[test]
fn engine_in_a_worker_keeps_its_bot_there_and_plays_a_whole_game() {
    let dir = plugins_of(&["kalah"]);
    let tables = tempfile::tempdir().unwrap();
    let args = [
        "kalah",
        "--worker",
        "--tables-root",
        tables.path().to_str().unwrap(),
        "--level",
        "alphabeta:3",
    ];
    let mut engine = Engine::start(dir.path(), &args);
    let hello = engine.ask("uci", "uciok");
    assert!(hello[0].ends_with("(worker)"), "{hello:?}");
    engine.tell("position startpos moves a");
    let answer = engine.ask("go movetime 100", "bestmove ");
    assert!(answer[0].contains("movetime ignored"), "{answer:?}");
    assert!(
        answer[1].contains("bot number 1 (told 0 moves"),
        "{answer:?}"
    );
    let best = answer.last().unwrap()["bestmove ".len()..].to_owned();
    // The line goes on to North's next turn: the worker keeps North's bot and tells it
    // the moves since (its own, and South's).
    let mut line = vec!["a".to_owned(), best];
    loop {
        engine.tell(&format!("position startpos moves {}", line.join(" ")));
        let state = engine.state();
        if state["to_move"] == 1 {
            break;
        }
        line.push(state["legal"][0].as_str().unwrap().to_owned());
    }
    let answer = engine.ask("go", "bestmove ");
    assert!(answer[0].contains("bot number 1 (told "), "{answer:?}");
    // A position that cannot be set changes nothing.
    let before = engine.state();
    let error = engine.ask("position startpos moves a zz", "error");
    assert!(
        error[0].contains("move 2") && error[0].contains("`zz`"),
        "{error:?}"
    );
    assert_eq!(engine.state()["position"], before["position"]);
    // The whole game, every move the worker's bot's, to its end.
    engine.tell("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    loop {
        engine.tell(&format!("position startpos moves {}", moves.join(" ")));
        let state = engine.state();
        let answer = engine.ask("go", "bestmove ");
        let mv = answer.last().unwrap()["bestmove ".len()..].to_owned();
        if state["over"] == true {
            assert_eq!(mv, "(none)");
            let scores = state["scores"].as_array().unwrap();
            assert_eq!(scores.len(), 2, "{state}");
            let total: u64 = scores.iter().map(|s| s.as_u64().unwrap()).sum();
            assert_eq!(total, 48, "every seed is someone's at the end: {state}");
            assert_eq!(state["results"].as_array().unwrap().len(), 2, "{state}");
            break;
        }
        assert_legal(&state, &mv);
        moves.push(mv);
        assert!(moves.len() < 300, "a game of Kalah ends");
    }
    assert!(moves.len() > 10, "{moves:?}");
    engine.quit();
    // Tables from the root, as the app keeps them (in the plugin's folder under the root:
    // this Kalah is not first-party, so its folder is keyed by its content hash);
    // --endgames is this process's and refused.
    let set = tavola::plugins::PluginSet::discover(tavola::plugins::PluginDirs(vec![
        tavola::plugins::PluginDir {
            path: dir.path().to_path_buf(),
            source: tavola::plugins::DirSource::CommandLine,
        },
    ]));
    let folder = tavola::worker::tables_dir(tables.path(), set.game("kalah").unwrap());
    let (ok, _, err) = tavola(
        dir.path(),
        &[
            "endgame",
            "kalah",
            "--build",
            "--seeds",
            "5",
            "--dir",
            folder.to_str().unwrap(),
        ],
    );
    assert!(ok, "{err}");
    let (ok, _, err) = tavola(
        dir.path(),
        &["engine"].iter().chain(&args).copied().collect::<Vec<_>>(),
    );
    assert!(
        ok && err.contains("loaded in the worker: up to 5 seeds"),
        "{err}"
    );
    let (ok, _, err) = tavola(
        dir.path(),
        &["engine", "kalah", "--worker", "--endgames", "x"],
    );
    assert!(!ok && err.contains("--tables-root"), "{err}");
}

#[test]
fn engine_in_a_worker_reports_a_repetition_and_the_seeds_each_side_takes() {
    let dir = plugins_of(&["oware"]);
    let tables = tempfile::tempdir().unwrap();
    let root = tables.path().to_str().unwrap();
    let mut engine = Engine::start(dir.path(), &["oware", "--worker", "--tables-root", root]);
    plays_the_cycle_to_its_end(&mut engine);
    let answer = engine.ask("go", "bestmove ");
    assert_eq!(answer.last().unwrap(), "bestmove (none)");
    engine.quit();
}
