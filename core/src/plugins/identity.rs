//! Which file provides a game id when several do.
//!
//! A game id is a name any file can claim: a stranger's plugin, or a plain data file
//! with no code, may declare `kalah` with a higher version. The id must not pass to a
//! newcomer silently — the newcomer would then run wherever Kalah is played (the app,
//! `tavola play kalah`, the records), under Kalah's name. So the version never decides;
//! of the files that offer one id, the one used is, in this order:
//!
//! 1. **the user's choice**: the file chosen for that id in the Plugins panel (kept in
//!    the app's `settings.json` as `plugin_choices`, id → file; the app also remembers
//!    there the file of an id that only one file offers, so that a later file does not
//!    take its place);
//! 2. **a first-party file**: one in the folder beside the executable (where Tavola's
//!    own games are installed), a library before a data file;
//! 3. **a library before a data file**: a data file never takes a library's place;
//! 4. **the first found**: the folders in their search order, each in name order.
//!
//! The others are listed as `shadowed` with the file used and why; the file used lists
//! them ([`PluginFile::note`]). The choices apply to the standard search only (with
//! `--no-default-plugins` a run sees none of the user's settings).

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
};

use serde::Deserialize;

use super::{DirSource, Plugin, PluginDirs, PluginFile, PluginSet, PluginStatus};

/// The user's choice of file per game id (id → the file in a plugins folder).
pub type Choices = BTreeMap<String, PathBuf>;

/// Why the file used for an id was preferred to the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precedence {
    /// The user chose it.
    Chosen,
    /// It came with Tavola (the folder beside the executable).
    FirstParty,
    /// It is a library, the other a data file.
    Library,
    /// It was found first.
    FoundFirst,
}

impl Precedence {
    /// In words, for the list and the panel.
    pub fn words(self) -> String {
        match self {
            Precedence::Chosen => crate::tr!("plugin-why-chosen"),
            Precedence::FirstParty => crate::tr!("plugin-why-first-party"),
            Precedence::Library => crate::tr!("plugin-why-library"),
            Precedence::FoundFirst => crate::tr!("plugin-why-found-first"),
        }
    }
}

/// Another file that offers the id of the file used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rival {
    /// The file.
    pub path: PathBuf,
    /// Its version.
    pub version: String,
}

/// The choices in the app's settings (`<data dir>/settings.json`, key `plugin_choices`),
/// for a search of `dirs` that includes the standard folders; none otherwise, or when
/// the file cannot be read.
pub fn saved_choices(dirs: &PluginDirs) -> Choices {
    #[derive(Deserialize, Default)]
    struct OnDisk {
        #[serde(default)]
        plugin_choices: Choices,
    }
    let standard = dirs.0.iter().any(|d| d.source != DirSource::CommandLine);
    if !standard {
        return Choices::new();
    }
    let Some(dir) = crate::platform::user_data_dir() else {
        return Choices::new();
    };
    let path = dir.join("settings.json");
    let mut text = Vec::new();
    let read = std::fs::File::open(&path)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, 4 << 20), &mut text));
    if read.is_err() {
        return Choices::new();
    }
    serde_json::from_slice::<OnDisk>(&text)
        .map(|d| d.plugin_choices)
        .unwrap_or_default()
}

/// Whether two paths name one file (the same path, or the same file by its inode).
fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::symlink_metadata(a), std::fs::symlink_metadata(b)) {
        (Ok(x), Ok(y)) => crate::platform::files::same_identity(&x, &y).unwrap_or(false),
        _ => false,
    }
}

impl PluginSet {
    /// The same set with `choices` (id → file) as the user's choice for each id, the
    /// winners chosen again.
    pub fn with_choices(mut self, choices: &Choices) -> Self {
        self.choices = choices.clone();
        self.resolve_duplicates();
        self
    }

    /// Whether the folder of index `dir` is first-party (beside the executable or a
    /// system folder).
    pub fn is_first_party(&self, dir: usize) -> bool {
        super::set::is_first_party(&self.dirs, dir)
    }

    /// The ids offered by a single file that the user's choices do not name yet,
    /// with that file: what the app remembers as chosen, so that a file added later
    /// does not take its place. First-party files are left out (they keep their place
    /// without a choice).
    pub fn unchosen_single_providers(&self) -> Vec<(String, PathBuf)> {
        let mut count: HashMap<&str, usize> = HashMap::new();
        for file in &self.files {
            if let Some(p) = file.plugin() {
                *count.entry(p.id()).or_default() += 1;
            }
        }
        self.files
            .iter()
            .filter_map(|f| match &f.status {
                PluginStatus::Loaded(p) if count[p.id()] == 1 => Some((f, p)),
                _ => None,
            })
            .filter(|(f, p)| {
                // A choice stands while its file is there (even if it failed to load
                // this time): only a choice whose file is gone is replaced.
                let chosen = self.choices.get(p.id());
                !self.is_first_party(f.dir)
                    && !p.is_loader()
                    && chosen.is_none_or(|c| c != &f.path && !c.is_file())
            })
            .map(|(f, p)| (p.id().to_owned(), f.path.clone()))
            .collect()
    }

    /// Of several files with the same game id, keeps one by the rule of this module and
    /// marks the others shadowed, each with the file used and why.
    pub(super) fn resolve_duplicates(&mut self) {
        // Every file that offers a game, back among the candidates.
        for file in &mut self.files {
            file.rivals.clear();
            file.precedence = None;
            if let PluginStatus::Shadowed { plugin, .. } = &file.status {
                file.status = PluginStatus::Loaded(plugin.clone());
            }
        }
        let mut by_id: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, file) in self.files.iter().enumerate() {
            if let PluginStatus::Loaded(p) = &file.status {
                by_id.entry(p.id().to_owned()).or_default().push(i);
            }
        }
        for (id, offers) in by_id {
            if offers.len() < 2 {
                continue;
            }
            let rank = |i: usize| self.rank(&id, i);
            let winner = *offers.iter().min_by_key(|&&i| rank(i)).expect("two offers");
            let why = self.precedence(&id, winner, &offers);
            let by = self.files[winner].path.clone();
            let mut rivals = Vec::new();
            for &i in offers.iter().filter(|&&i| i != winner) {
                let PluginStatus::Loaded(plugin) = &self.files[i].status else {
                    continue;
                };
                let plugin: Plugin = plugin.clone();
                rivals.push(Rival {
                    path: self.files[i].path.clone(),
                    version: plugin.manifest().version.clone(),
                });
                self.files[i].status = PluginStatus::Shadowed {
                    plugin,
                    by: by.clone(),
                    why,
                };
            }
            self.files[winner].rivals = rivals;
            self.files[winner].precedence = Some(why);
        }
    }

    /// The rank of file `i` for `id` (lower is preferred): the user's choice, then
    /// first-party libraries, first-party data files, other libraries, other data files;
    /// then the search order.
    fn rank(&self, id: &str, i: usize) -> (u8, usize) {
        let file = &self.files[i];
        let data = file.plugin().is_some_and(Plugin::is_data_game);
        let chosen = self
            .choices
            .get(id)
            .is_some_and(|c| same_file(c, &file.path));
        let class = match (chosen, self.is_first_party(file.dir), data) {
            (true, _, _) => 0,
            (false, true, false) => 1,
            (false, true, true) => 2,
            (false, false, false) => 3,
            (false, false, true) => 4,
        };
        (class, i)
    }

    /// Why `winner` was preferred to the other `offers`.
    fn precedence(&self, id: &str, winner: usize, offers: &[usize]) -> Precedence {
        let (class, _) = self.rank(id, winner);
        let next = offers
            .iter()
            .filter(|&&i| i != winner)
            .map(|&i| self.rank(id, i).0)
            .min()
            .unwrap_or(class);
        match class {
            0 => Precedence::Chosen,
            1 | 2 if next > 2 => Precedence::FirstParty,
            1 | 3 if next == class + 1 => Precedence::Library,
            _ => Precedence::FoundFirst,
        }
    }
}

impl PluginFile {
    /// For the file used for an id that other files offer too: why it is used and
    /// which others offer it, and how to choose another.
    pub fn note(&self) -> Option<String> {
        let why = self.precedence?;
        let plugin = self.plugin()?;
        let others = self
            .rivals
            .iter()
            .map(|r| format!("{} ({})", r.path.display(), r.version))
            .collect::<Vec<_>>()
            .join(", ");
        Some(crate::tr!(
            "plugin-kept",
            id = plugin.id().to_owned(),
            why = why.words(),
            others = others
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_apply_only_to_the_standard_search() {
        let dirs = PluginDirs(vec![super::super::PluginDir {
            path: PathBuf::from("/nowhere"),
            source: DirSource::CommandLine,
        }]);
        assert!(saved_choices(&dirs).is_empty());
    }
}
