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
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: true,
            step_seconds: 0.15,
            recent: Vec::new(),
        }
    }
}

impl Settings {
    /// Reads the settings in `dir`, or the defaults.
    pub fn load(dir: Option<&Path>) -> Self {
        dir.and_then(|d| std::fs::read_to_string(d.join("settings.json")).ok())
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    /// Writes the settings into `dir`.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        std::fs::write(
            dir.join("settings.json"),
            serde_json::to_string_pretty(self)?,
        )
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
    directories::ProjectDirs::from("org", "Tavola", "tavola").map(|d| d.data_dir().to_path_buf())
}
