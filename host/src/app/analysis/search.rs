//! The analysis board's search, off the UI thread and out of the app's process: a
//! `tavola analyse --follow` child (which confines itself before it opens the plugin, and
//! runs [`crate::analysis::Analyser`]) prints each deeper answer as a JSON line; a reader
//! thread keeps the latest for the screen to poll. Dropping the search kills the child:
//! a new position starts a new one.

use std::{
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
};

use serde_json::Value as Json;

use crate::{
    analysis::Value,
    plugins::{DirSource, Plugin, PluginDirs},
};

/// One of the best moves as the search reported it.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundLine {
    /// The move's notation.
    pub mv: String,
    /// Its value for the seat to move.
    pub value: Value,
    /// The expected line, the move first, by notations.
    pub line: Vec<String>,
}

/// The search's latest answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Found {
    /// The depth searched (`None`: MCTS).
    pub depth: Option<u32>,
    /// Positions searched, or games simulated.
    pub nodes: u64,
    /// Whether the search has ended (the lines proven where they could be).
    pub done: bool,
    /// The best moves, best first.
    pub lines: Vec<FoundLine>,
}

/// A value as `tavola analyse` writes it ([`Value::to_json`]).
pub fn value_of(json: &Json) -> Option<Value> {
    let margin = || json["margin"].as_i64().map(|m| m as i32);
    let value = || json["value"].as_f64();
    match json["kind"].as_str()? {
        "exact" => margin().map(Value::Exact),
        "proven" => margin().map(Value::Proven),
        "estimate" => value().map(Value::Estimate),
        "expected" => value().map(Value::Expected),
        _ => None,
    }
}

/// One line of `tavola analyse --follow`, or `None` if it is not one.
pub fn found_of(line: &str) -> Option<Found> {
    let json: Json = serde_json::from_str(line).ok()?;
    let lines = json["lines"]
        .as_array()?
        .iter()
        .map(|l| {
            Some(FoundLine {
                mv: l["move"].as_str()?.to_owned(),
                value: value_of(&l["value"])?,
                line: l["line"]
                    .as_array()?
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_owned))
                    .collect(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Found {
        depth: json["depth"].as_u64().map(|d| d as u32),
        nodes: json["nodes"].as_u64().unwrap_or(0),
        done: json["done"].as_bool().unwrap_or(false),
        lines,
    })
}

/// What to analyse: the game, its options, its start and the moves played since.
#[derive(Debug, Clone, PartialEq)]
pub struct Ask {
    /// The game's id.
    pub game: String,
    /// `KEY=VALUE` options.
    pub options: Vec<String>,
    /// The start position, if not the game's own.
    pub start: Option<String>,
    /// The moves from the start, by their notations.
    pub moves: Vec<String>,
    /// The position those moves lead to (used alone when a notation cannot be passed
    /// in a list).
    pub position: String,
    /// How many best moves.
    pub lines: usize,
    /// How long to deepen, in milliseconds.
    pub millis: u64,
    /// The endgame tables to load, as arguments ([`tables_arguments`]; none: empty).
    pub tables: Vec<String>,
}

impl Ask {
    /// The command line of `tavola analyse` for this ask (after the plugin folders).
    pub fn arguments(&self) -> Vec<String> {
        let mut args = vec!["analyse".to_owned(), self.game.clone()];
        for o in &self.options {
            args.push(format!("--option={o}"));
        }
        // The history is kept when the moves can be listed (a notation holding the
        // list's comma cannot): rules about repeated positions then see it.
        let listed = !self.moves.iter().any(|m| m.contains(',') || m.is_empty());
        if listed {
            if let Some(start) = &self.start {
                args.push(format!("--position={start}"));
            }
            if !self.moves.is_empty() {
                args.push(format!("--moves={}", self.moves.join(",")));
            }
        } else {
            args.push(format!("--position={}", self.position));
        }
        args.push(format!("--lines={}", self.lines.clamp(1, 64)));
        args.push("--depth=30".to_owned());
        args.push(format!("--time={}", self.millis.max(1)));
        args.push("--follow".to_owned());
        args.extend(self.tables.iter().cloned());
        args
    }
}

/// The arguments giving a child (`tavola analyse` or `tavola review`) the endgame tables
/// the app built for `plugin`'s game under `data_dir` (`<data dir>/endgames`, one folder
/// per game), so that its values are exact where the tables reach: `--endgames DIR
/// --endgames-if-they-fit` when that folder holds something (tables of other rules than
/// the game's are then passed over), else none.
pub fn tables_arguments(data_dir: Option<&Path>, plugin: &Plugin) -> Vec<String> {
    let Some(root) = data_dir.map(|d| d.join("endgames")) else {
        return Vec::new();
    };
    let dir = crate::worker::tables_dir(&root, plugin);
    if std::fs::read_dir(&dir).is_ok_and(|mut d| d.next().is_some()) {
        vec![
            "--endgames".to_owned(),
            dir.to_string_lossy().into_owned(),
            // The folder may hold only tables of other rules (a game played before):
            // the search then goes on without them.
            "--endgames-if-they-fit".to_owned(),
        ]
    } else {
        Vec::new()
    }
}

/// The plugin folders the app searches, as a child's command line: the folders named
/// with `--plugins`, and `--no-default-plugins` when the app searches only those.
pub fn folder_arguments(dirs: &PluginDirs) -> Vec<String> {
    let mut args = Vec::new();
    for d in dirs.0.iter().filter(|d| d.source == DirSource::CommandLine) {
        args.push("--plugins".to_owned());
        args.push(d.path.display().to_string());
    }
    if dirs.0.iter().all(|d| d.source == DirSource::CommandLine) {
        args.push("--no-default-plugins".to_owned());
    }
    args
}

/// The analysis board's search: how many lines are wanted, the child searching the
/// position shown and its latest answer, and how such a child is started.
pub struct Searching {
    /// How many best moves are searched (1 to 16).
    pub lines_wanted: usize,
    /// The search's latest answer for the position shown.
    pub found: Option<Found>,
    /// The child searching the position shown, if one is.
    pub(super) run: Option<Search>,
    /// The program started for a search, and the plugin folders it is given.
    exe: PathBuf,
    folders: Vec<String>,
    /// The endgame tables each search is given ([`tables_arguments`]).
    tables: Vec<String>,
}

impl Searching {
    /// No search yet; three lines wanted; children started as `exe [folders] analyse`,
    /// given the endgame `tables` ([`tables_arguments`]).
    pub(super) fn new(exe: &Path, folders: Vec<String>, tables: Vec<String>) -> Self {
        Searching {
            lines_wanted: 3,
            found: None,
            run: None,
            exe: exe.to_path_buf(),
            folders,
            tables,
        }
    }

    /// Stops the search (its child killed) and forgets its answer.
    pub(super) fn stop(&mut self) {
        self.run = None;
        self.found = None;
    }

    /// Starts searching for `ask`, in place of any search before.
    pub(super) fn start(&mut self, ask: &Ask) {
        self.run = Some(Search::start(&self.exe, &self.folders, ask));
    }

    /// The endgame tables each search is given, as arguments (`--endgames DIR`, or none).
    pub fn tables(&self) -> &[String] {
        &self.tables
    }

    /// Whether the search is still deepening.
    pub fn going(&self) -> bool {
        self.run.is_some() && !self.found.as_ref().is_some_and(|f| f.done)
    }
}

/// A search running in a child process.
pub struct Search {
    child: Option<Child>,
    latest: Arc<Mutex<Option<Found>>>,
    /// Why the search failed, if it did (its last words on standard error).
    failed: Arc<Mutex<Option<String>>>,
}

impl Search {
    /// Starts `exe [folders] analyse …` for `ask`.
    pub fn start(exe: &Path, folders: &[String], ask: &Ask) -> Self {
        let latest = Arc::new(Mutex::new(None));
        let failed = Arc::new(Mutex::new(None));
        let spawned = Command::new(exe)
            .args(folders)
            .args(ask.arguments())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                *failed.lock().unwrap_or_else(|p| p.into_inner()) =
                    Some(format!("{}: {e}", exe.display()));
                return Search {
                    child: None,
                    latest,
                    failed,
                };
            }
        };
        if let Some(out) = child.stdout.take() {
            let latest = latest.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    if let Some(found) = found_of(&line)
                        && let Ok(mut l) = latest.lock()
                    {
                        *l = Some(found);
                    }
                }
            });
        }
        if let Some(err) = child.stderr.take() {
            let failed = failed.clone();
            std::thread::spawn(move || {
                let mut words = String::new();
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    words = crate::printable::printable_line(&line).into_owned();
                }
                if !words.trim().is_empty()
                    && let Ok(mut f) = failed.lock()
                {
                    *f = Some(words);
                }
            });
        }
        Search {
            child: Some(child),
            latest,
            failed,
        }
    }

    /// The latest answer, if any came.
    pub fn latest(&self) -> Option<Found> {
        self.latest.lock().ok()?.clone()
    }

    /// Why the search failed, if it did.
    pub fn failure(&self) -> Option<String> {
        self.failed.lock().ok()?.clone()
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            // Reaped off the UI thread.
            std::thread::spawn(move || child.wait());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_follow_line_is_read_with_its_values() {
        let line = r#"{"depth":9,"nodes":1200,"engine":"alphabeta","done":false,"lines":[
            {"move":"f","value":{"kind":"exact","margin":3,"exact":true},"line":["f","F"]},
            {"move":"c","value":{"kind":"estimate","value":-1.4,"exact":false},"line":["c"]}]}"#
            .replace('\n', "");
        let found = found_of(&line).unwrap();
        assert_eq!(found.depth, Some(9));
        assert!(!found.done);
        assert_eq!(found.lines[0].value, Value::Exact(3));
        assert_eq!(found.lines[1].value, Value::Estimate(-1.4));
        assert_eq!(found.lines[0].line, ["f", "F"]);
        assert_eq!(found_of("error: no"), None);
    }

    #[test]
    fn moves_that_cannot_be_listed_send_the_position_instead() {
        let mut ask = Ask {
            game: "oware".into(),
            options: vec!["seeds=4".into()],
            start: None,
            moves: vec!["c".into(), "F".into()],
            position: "P".into(),
            lines: 3,
            millis: 500,
            tables: Vec::new(),
        };
        let args = ask.arguments();
        assert!(!args.iter().any(|a| a.starts_with("--endgames")));
        assert!(args.contains(&"--moves=c,F".to_owned()));
        assert!(args.contains(&"--option=seeds=4".to_owned()));
        assert!(args.contains(&"--follow".to_owned()));
        ask.moves.push("a,b".into());
        let args = ask.arguments();
        assert!(args.contains(&"--position=P".to_owned()));
        assert!(!args.iter().any(|a| a.starts_with("--moves")));
        // The tables found for the game follow the subcommand's other arguments.
        ask.tables = vec!["--endgames".into(), "/data/endgames/oware".into()];
        let args = ask.arguments();
        let at = args.iter().position(|a| a == "--endgames").unwrap();
        assert_eq!(args[at + 1], "/data/endgames/oware");
        assert_eq!(args[0], "analyse");
    }
}
