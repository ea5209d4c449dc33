//! Endgame tables as the host asks for them: the requests of
//! [`Game::endgame_tables`](crate::Game::endgame_tables) and its answer, crossing the
//! FFI as JSON.

use serde::{Deserialize, Serialize};

/// What the host asks of a game's endgame tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablesRequest {
    /// The operation.
    pub op: TablesOp,
    /// The folder the tables live in (the host's `<data dir>/endgames`); the plugin
    /// never guesses host paths.
    pub dir: String,
    /// The seed limit to build or load (every position with at most this many seeds on
    /// the board); the game's default when absent.
    #[serde(default)]
    pub seeds: Option<u32>,
}

/// An operation on the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TablesOp {
    /// Which tables exist and are loaded; how a build is going.
    Status,
    /// Loads the valid files (deleting the ones that are not trusted).
    Load,
    /// Starts building what is missing, on a thread of the plugin's process; its
    /// progress is read with [`TablesOp::Status`]. Files already valid are kept.
    Build,
    /// What perfect play gives from this position, if the loaded tables know it.
    Probe,
}

/// The answer to every [`TablesRequest`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablesStatus {
    /// Whether the game has tables for these options at all.
    pub supported: bool,
    /// Why not, when it has none.
    #[serde(default)]
    pub reason: Option<String>,
    /// The seed limit built when none is asked for.
    #[serde(default)]
    pub default_seeds: u32,
    /// Every position with at most this many seeds is loaded and can be probed.
    #[serde(default)]
    pub loaded: Option<u32>,
    /// The table files found valid in the folder, by seed count.
    #[serde(default)]
    pub files: Vec<TableFile>,
    /// The files a [`TablesOp::Build`] would make (those not in `files`, up to the seed
    /// limit asked), each with its size on disk: what a host tells a person before it
    /// builds. Empty when every table is there.
    #[serde(default)]
    pub missing: Vec<TableFile>,
    /// Files found untrusted (and deleted), each with the reason.
    #[serde(default)]
    pub rejected: Vec<String>,
    /// The build under way or last finished in this process.
    #[serde(default)]
    pub build: Option<BuildState>,
    /// The answer to [`TablesOp::Probe`].
    #[serde(default)]
    pub probe: Option<PerfectPlay>,
}

/// One table file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableFile {
    /// The seed count of its positions.
    pub seeds: u32,
    /// Positions.
    pub positions: u64,
    /// Size on disk in bytes.
    pub bytes: u64,
}

/// How a build is going.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildState {
    /// The seed limit being built.
    pub target: u32,
    /// The seed count in progress.
    pub count: u32,
    /// Positions finished.
    pub done: u64,
    /// Positions in all.
    pub total: u64,
    /// Whether the build has ended (see `error`).
    pub finished: bool,
    /// Why the build failed, if it did.
    #[serde(default)]
    pub error: Option<String>,
}

/// What perfect play gives from a position found in the tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerfectPlay {
    /// The winning seat under perfect play; `None` for a draw.
    pub winner: Option<u8>,
    /// The final margin (winner's score minus loser's), when the rules make it exact.
    #[serde(default)]
    pub margin: Option<i32>,
    /// The margin if every seed on the board were played out (a game's own early end,
    /// such as a majority of the seeds, may stop play before that).
    pub playout_margin: i32,
}

impl PerfectPlay {
    /// "perfect play: South wins by 3", with the seats' names.
    pub fn describe(&self, seats: &[&str]) -> String {
        let name = |s: u8| seats.get(usize::from(s)).copied().unwrap_or("?");
        match (self.winner, self.margin) {
            (None, _) => "perfect play: a draw".into(),
            (Some(w), Some(m)) => format!("perfect play: {} wins by {m}", name(w)),
            (Some(w), None) => format!(
                "perfect play: {} wins (by {} with every seed played out)",
                name(w),
                self.playout_margin
            ),
        }
    }
}

/// The answer of a game without tables.
pub fn unsupported_json() -> String {
    serde_json::to_string(&TablesStatus {
        reason: Some("this game has no endgame tables".into()),
        ..TablesStatus::default()
    })
    .unwrap_or_default()
}
