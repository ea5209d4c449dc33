use std::path::PathBuf;

use super::{LoadError, Plugin, PluginDirs, load_library};

/// What became of one library file.
#[derive(Debug, Clone)]
pub enum PluginStatus {
    /// Loaded and in use.
    Loaded(Plugin),
    /// Loaded, but another file has the same game id with a higher version (or the same
    /// version, earlier in the search order), so this one is not used.
    Shadowed {
        /// The plugin in this file.
        plugin: Plugin,
        /// The file used instead.
        by: PathBuf,
    },
    /// Not usable: not a library, not a plugin, another contract, or broken.
    Refused(LoadError),
}

/// One library file found in a plugins folder.
#[derive(Debug, Clone)]
pub struct PluginFile {
    /// The file.
    pub path: PathBuf,
    /// The index of the folder (in [`PluginSet::dirs`]) it was found in.
    pub dir: usize,
    /// What became of it.
    pub status: PluginStatus,
}

impl PluginFile {
    /// `loaded`, `shadowed`, `incompatible` or `failed`.
    pub fn status_word(&self) -> &'static str {
        match &self.status {
            PluginStatus::Loaded(_) => "loaded",
            PluginStatus::Shadowed { .. } => "shadowed",
            PluginStatus::Refused(e) if e.is_incompatible() => "incompatible",
            PluginStatus::Refused(_) => "failed",
        }
    }

    /// The reason behind a status other than `loaded`.
    pub fn reason(&self) -> Option<String> {
        match &self.status {
            PluginStatus::Loaded(_) => None,
            PluginStatus::Shadowed { plugin, by } => Some(format!(
                "{} {} is also in {}, which is used instead",
                plugin.id(),
                plugin.manifest().version,
                by.display()
            )),
            PluginStatus::Refused(e) => Some(e.to_string()),
        }
    }

    /// The plugin in the file, whether in use or shadowed.
    pub fn plugin(&self) -> Option<&Plugin> {
        match &self.status {
            PluginStatus::Loaded(p) | PluginStatus::Shadowed { plugin: p, .. } => Some(p),
            PluginStatus::Refused(_) => None,
        }
    }
}

/// Every library file found in the plugins folders, and the games in use.
#[derive(Debug, Clone, Default)]
pub struct PluginSet {
    /// The folders searched.
    pub dirs: PluginDirs,
    /// Every file found, in search order.
    pub files: Vec<PluginFile>,
}

impl PluginSet {
    /// Searches `dirs` and loads every library found.
    pub fn discover(dirs: PluginDirs) -> Self {
        let files = dirs
            .library_files()
            .into_iter()
            .map(|(path, dir)| {
                let status = match load_library(&path) {
                    Ok(plugin) => PluginStatus::Loaded(plugin),
                    Err(e) => PluginStatus::Refused(e),
                };
                PluginFile { path, dir, status }
            })
            .collect();
        let mut set = PluginSet { dirs, files };
        set.resolve_duplicates();
        set
    }

    /// Of several files with the same game id, keeps the highest version (the first
    /// found on a tie) and marks the others shadowed.
    fn resolve_duplicates(&mut self) {
        let version = |p: &Plugin| semver::Version::parse(&p.manifest().version).ok();
        let mut best: std::collections::HashMap<String, usize> = Default::default();
        for (i, file) in self.files.iter().enumerate() {
            if let PluginStatus::Loaded(p) = &file.status {
                let entry = best.entry(p.id().to_owned()).or_insert(i);
                let PluginStatus::Loaded(current) = &self.files[*entry].status else {
                    continue;
                };
                if version(p) > version(current) {
                    *entry = i;
                }
            }
        }
        for i in 0..self.files.len() {
            let PluginStatus::Loaded(p) = &self.files[i].status else {
                continue;
            };
            let winner = best[p.id()];
            if winner != i {
                let by = self.files[winner].path.clone();
                let plugin = p.clone();
                self.files[i].status = PluginStatus::Shadowed { plugin, by };
            }
        }
    }

    /// The games in use, in search order.
    pub fn games(&self) -> impl Iterator<Item = &Plugin> {
        self.files.iter().filter_map(|f| match &f.status {
            PluginStatus::Loaded(p) => Some(p),
            _ => None,
        })
    }

    /// The game in use with this id.
    pub fn game(&self, id: &str) -> Option<&Plugin> {
        self.games().find(|p| p.id() == id)
    }

    /// The game with this id, or an error that lists the games there are.
    pub fn require(&self, id: &str) -> Result<&Plugin, String> {
        self.game(id).ok_or_else(|| {
            let ids: Vec<&str> = self.games().map(Plugin::id).collect();
            if ids.is_empty() {
                format!(
                    "no game `{id}`: no plugin is loaded (searched: {})",
                    self.dirs
                        .0
                        .iter()
                        .map(|d| d.path.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!("no game `{id}` (loaded: {})", ids.join(", "))
            }
        })
    }
}
