//! Settings that persist between runs, and where the app keeps its files.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The persisted settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Dark theme (else light).
    pub dark: bool,
    /// Seconds per animation step (0 shows moves at once).
    pub step_seconds: f64,
    /// Game ids, most recently played first.
    pub recent: Vec<String>,
    /// Content hashes of the plugins set aside after failing repeatedly.
    pub quarantined: Vec<String>,
    /// How many times each plugin (by content hash) failed while it was played.
    pub crashes: std::collections::BTreeMap<String, u32>,
    /// Who sat in each seat the last time each game was started (`human` or a bot's
    /// name), by game id.
    pub last_seats: std::collections::BTreeMap<String, Vec<String>>,
    /// The language the player chose (`en`, `it`); `None` follows the system's.
    #[serde(default)]
    pub language: Option<String>,
    /// What each plugin (by content hash) last tried that the sandbox refused, in words.
    #[serde(default)]
    pub blocked: std::collections::BTreeMap<String, String>,
    /// Whether the evaluation bar is shown beside the board (off by default).
    #[serde(default)]
    pub eval_bar: bool,
    /// The file used for each game id that several files offer (id → file), chosen in
    /// the Plugins panel, or remembered while only one file offered it (see
    /// [`crate::plugins::identity`]; the command line reads it too).
    #[serde(default)]
    pub plugin_choices: crate::plugins::Choices,
    /// The sounds' volume, 0 to 1 (View menu).
    #[serde(default = "default_volume")]
    pub volume: f32,
    /// Whether the sounds are muted (View menu).
    #[serde(default)]
    pub muted: bool,
    /// The games (by id) whose endgame tables the player asked never to be offered
    /// again ("Don't ask again").
    #[serde(default)]
    pub endgame_declined: Vec<String>,
}

fn default_volume() -> f32 {
    0.7
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: true,
            step_seconds: 0.15,
            recent: Vec::new(),
            quarantined: Vec::new(),
            crashes: Default::default(),
            last_seats: Default::default(),
            language: None,
            blocked: Default::default(),
            eval_bar: false,
            plugin_choices: Default::default(),
            volume: default_volume(),
            muted: false,
            endgame_declined: Vec::new(),
        }
    }
}

impl Settings {
    /// Reads the settings in `dir`, or the defaults. A settings file that cannot be read
    /// is kept as `settings.json.unreadable` and the defaults are used; the message says
    /// so.
    pub fn load(dir: Option<&Path>) -> (Self, Option<String>) {
        let Some(path) = dir.map(|d| d.join("settings.json")) else {
            return (Settings::default(), None);
        };
        let text = match std::fs::read(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None);
            }
            Err(e) => {
                let message = crate::tr!(
                    "settings-unreadable",
                    path = path.display().to_string(),
                    error = e.to_string()
                );
                return (Settings::default(), Some(message));
            }
        };
        match serde_json::from_slice(&text) {
            Ok(settings) => (settings, None),
            Err(e) => {
                let kept = path.with_extension("json.unreadable");
                let _ = std::fs::rename(&path, &kept);
                let message = crate::tr!(
                    "settings-invalid",
                    path = path.display().to_string(),
                    error = e.to_string(),
                    kept = kept.display().to_string()
                );
                (Settings::default(), Some(message))
            }
        }
    }

    /// Writes the settings into `dir` (atomically).
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        let text = serde_json::to_vec_pretty(self)?;
        Ok(crate::storage::write_atomic(
            &dir.join("settings.json"),
            &text,
        )?)
    }

    /// Puts `game` first in the recent games.
    pub fn played(&mut self, game: &str) {
        self.recent.retain(|g| g != game);
        self.recent.insert(0, game.to_owned());
        self.recent.truncate(6);
    }
}

/// The app's own folder in the user's data folder (settings, the autosaved game).
pub fn data_dir() -> Option<PathBuf> {
    crate::platform::user_data_dir()
}
