use std::{collections::HashMap, path::PathBuf};

use super::{
    Inspector, LoadError, Plugin, PluginDirs, PluginMeta,
    cache::{CopyError, PrivateCopy, cache_dir, private_copy},
    data::{data_copy, game_hash, is_data_name, loader_for},
    files::{DirProblem, scan},
    identity::{Choices, Precedence, Rival, saved_choices},
};

/// The most warnings shown for one file.
pub const MAX_WARNINGS: usize = 16;

/// What became of one library file.
#[derive(Debug, Clone)]
pub enum PluginStatus {
    /// Loaded and in use.
    Loaded(Plugin),
    /// Loaded, but another file offers the same game id and is used instead (see
    /// [`identity`](super::identity) for which and why).
    Shadowed {
        /// The plugin in this file.
        plugin: Plugin,
        /// The file used instead.
        by: PathBuf,
        /// Why that one is used.
        why: Precedence,
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
    /// The content hash, when the file could be read.
    pub hash: Option<String>,
    /// What became of it.
    pub status: PluginStatus,
    /// For the file used for a game id: the other files that offer it (shadowed).
    pub rivals: Vec<Rival>,
    /// For the file used for a game id that others offer too: why this one.
    pub precedence: Option<Precedence>,
}

impl PluginFile {
    /// `loaded`, `shadowed`, `incompatible`, `crashed`, `blocked` (it tried something the
    /// sandbox forbids), `hidden` (a test fixture, in a release build) or `failed`.
    pub fn status_word(&self) -> &'static str {
        match &self.status {
            PluginStatus::Loaded(_) => "loaded",
            PluginStatus::Shadowed { .. } => "shadowed",
            PluginStatus::Refused(e) if e.is_incompatible() => "incompatible",
            PluginStatus::Refused(LoadError::Crashed(_)) => "crashed",
            PluginStatus::Refused(LoadError::Blocked(_)) => "blocked",
            PluginStatus::Refused(LoadError::TestFixture) => "hidden",
            PluginStatus::Refused(_) => "failed",
        }
    }

    /// The reason behind a status other than `loaded`.
    pub fn reason(&self) -> Option<String> {
        match &self.status {
            PluginStatus::Loaded(_) => None,
            PluginStatus::Shadowed { plugin, by, why } => Some(crate::tr!(
                "plugin-shadowed",
                id = plugin.id().to_owned(),
                version = plugin.manifest().version.clone(),
                by = by.display().to_string(),
                why = why.words()
            )),
            PluginStatus::Refused(e) => Some(e.to_string()),
        }
    }

    /// What the file's author should know that does not stop its game (a data file's
    /// keys that do nothing under its rules), each in the file's words with its line;
    /// at most [`MAX_WARNINGS`] are kept.
    pub fn warnings(&self) -> &[String] {
        match self.plugin() {
            Some(p) => {
                let all = &p.manifest().warnings;
                &all[..all.len().min(MAX_WARNINGS)]
            }
            None => &[],
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
    /// The folders that exist but could not be read.
    pub problems: Vec<DirProblem>,
    /// The user's choice of file per game id (see [`identity`](super::identity)).
    pub choices: Choices,
}

impl PluginSet {
    /// Searches `dirs` and loads every library found into this process (tests and
    /// `tavola check`: a plugin that crashes while it loads ends this process).
    pub fn discover(dirs: PluginDirs) -> Self {
        Self::discover_with(dirs, &Inspector::InProcess)
    }

    /// Searches `dirs` and inspects every library found with `inspector`, each content
    /// once (two files with the same bytes are one plugin, inspected and loaded once).
    /// With [`Inspector::Child`], no plugin code runs in this process; a game's library is
    /// loaded only when one of its games is made here.
    pub fn discover_with(dirs: PluginDirs, inspector: &Inspector) -> Self {
        let (found, problems) = scan(&dirs);
        let (data_files, candidates): (Vec<_>, Vec<_>) =
            found.into_iter().partition(|c| is_data_name(&c.path));
        let cache = cache_dir();
        let copies: Vec<Result<PrivateCopy, CopyError>> = candidates
            .iter()
            .map(|c| match &c.facts {
                Ok(_) => private_copy(&c.path, &cache),
                Err(reason) => Err(reason.clone().into()),
            })
            .collect();
        let mut unique: Vec<Job> = Vec::new();
        for copy in copies.iter().flatten() {
            if !unique.iter().any(|u| u.hash == copy.hash) {
                unique.push(Job {
                    copy: copy.path.clone(),
                    data: None,
                    hash: copy.hash.clone(),
                });
            }
        }
        let inspected: HashMap<String, Result<Plugin, LoadError>> = inspect_all(&unique, inspector);
        let mut used: Vec<String> = unique.iter().map(|c| c.hash.clone()).collect();
        let files = candidates
            .into_iter()
            .zip(copies)
            .map(|(candidate, copy)| {
                let first_party = is_first_party(&dirs, candidate.dir);
                let (status, hash) = match copy {
                    Err(reason) => (PluginStatus::Refused(reason.into()), None),
                    Ok(copy) => {
                        let status = match &inspected[&copy.hash] {
                            Ok(plugin) => {
                                PluginStatus::Loaded(plugin.at_path(&candidate.path, first_party))
                            }
                            Err(e) => PluginStatus::Refused(e.clone()),
                        };
                        (status, Some(copy.hash))
                    }
                };
                PluginFile {
                    path: candidate.path,
                    dir: candidate.dir,
                    hash,
                    status,
                    rivals: Vec::new(),
                    precedence: None,
                }
            })
            .collect();
        let choices = saved_choices(&dirs);
        let mut set = PluginSet {
            dirs,
            files,
            problems,
            choices,
        };
        set.resolve_duplicates();
        set.add_data_files(data_files, inspector, &mut used);
        set.resolve_duplicates();
        let used: Vec<&str> = used.iter().map(String::as_str).collect();
        super::cache::prune(&cache, &used);
        set
    }

    /// Adds the data files found ([`super::data`]), each inspected through the loader in
    /// use that reads it, after the libraries (in search order among themselves);
    /// `used` gains the cache entries they use.
    fn add_data_files(
        &mut self,
        found: Vec<super::files::Candidate>,
        inspector: &Inspector,
        used: &mut Vec<String>,
    ) {
        let cache = cache_dir();
        let loaders: Vec<Plugin> = self
            .games_and_loaders()
            .filter(|p| p.is_loader())
            .cloned()
            .collect();
        let prepared: Vec<Result<Job, LoadError>> = found
            .iter()
            .map(|c| {
                c.facts.clone()?;
                let loader = loader_for(&c.path, loaders.iter())?;
                let copy = data_copy(&c.path, &cache)?;
                used.push(copy.hash.clone());
                Ok(Job {
                    copy: loader.meta().copy.clone(),
                    hash: game_hash(&loader.meta().hash, &copy.hash),
                    data: Some(copy.path),
                })
            })
            .collect();
        let mut unique: Vec<Job> = Vec::new();
        for job in prepared.iter().flatten() {
            if !unique.iter().any(|u| u.hash == job.hash) {
                unique.push(job.clone());
            }
        }
        used.extend(unique.iter().map(|j| j.hash.clone()));
        let inspected = inspect_all(&unique, inspector);
        for (candidate, job) in found.into_iter().zip(prepared) {
            let first_party = is_first_party(&self.dirs, candidate.dir);
            let (status, hash) = match job {
                Err(e) => (PluginStatus::Refused(e), None),
                Ok(job) => match &inspected[&job.hash] {
                    Ok(plugin) => (
                        PluginStatus::Loaded(plugin.at_path(&candidate.path, first_party)),
                        Some(job.hash),
                    ),
                    Err(e) => (PluginStatus::Refused(e.clone()), Some(job.hash)),
                },
            };
            self.files.push(PluginFile {
                path: candidate.path,
                dir: candidate.dir,
                hash,
                status,
                rivals: Vec::new(),
                precedence: None,
            });
        }
    }

    /// The games in use, in search order (the loaders of data files are not games:
    /// their files' games are).
    pub fn games(&self) -> impl Iterator<Item = &Plugin> {
        self.games_and_loaders().filter(|p| !p.is_loader())
    }

    /// The plugins in use, the loaders of data files included.
    pub fn games_and_loaders(&self) -> impl Iterator<Item = &Plugin> {
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
    pub fn require(&self, id: &str) -> Result<&Plugin, UnknownGame> {
        self.game(id).ok_or_else(|| UnknownGame {
            id: id.to_owned(),
            loaded: self.games().map(|p| p.id().to_owned()).collect(),
            searched: self.dirs.0.iter().map(|d| d.path.clone()).collect(),
            refused: self
                .files
                .iter()
                .filter_map(|f| match &f.status {
                    PluginStatus::Refused(e) => Some(format!("{}: {e}", f.path.display())),
                    _ => None,
                })
                .collect(),
        })
    }
}

/// No game in use has the id asked for ([`PluginSet::require`]). Its words list the
/// games there are, or, when there are none, the folders searched and the files refused
/// (in the language of the interface).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame {
    /// The id asked for.
    pub id: String,
    /// The ids of the games in use.
    pub loaded: Vec<String>,
    /// The plugin folders searched.
    pub searched: Vec<PathBuf>,
    /// The files refused, each as "path: why".
    pub refused: Vec<String>,
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let id = self.id.as_str();
        if !self.loaded.is_empty() {
            let loaded = self.loaded.join(", ");
            return f.write_str(&crate::tr!("no-game", id = id, loaded = loaded));
        }
        let searched = self
            .searched
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let none = crate::tr!("no-game-none-loaded", id = id, searched = searched);
        if self.refused.is_empty() {
            f.write_str(&none)
        } else {
            let refused = self.refused.join("; ");
            write!(
                f,
                "{none}; {}",
                crate::tr!("no-game-refused", refused = refused)
            )
        }
    }
}

impl std::error::Error for UnknownGame {}

/// Its words, for the callers that report errors as text (the online screens).
impl From<UnknownGame> for String {
    fn from(e: UnknownGame) -> Self {
        e.to_string()
    }
}

/// Whether folder `dir` of `dirs` is first-party (beside the executable, or a system
/// folder of the installed app).
pub(super) fn is_first_party(dirs: &PluginDirs, dir: usize) -> bool {
    dirs.0.get(dir).is_some_and(|d| d.source.is_first_party())
}

/// One content to inspect: a library's private copy, or a loader's with a data file's.
#[derive(Debug, Clone)]
struct Job {
    copy: PathBuf,
    data: Option<PathBuf>,
    hash: String,
}

/// Inspects each content once; in child processes, several at a time.
fn inspect_all(jobs: &[Job], inspector: &Inspector) -> HashMap<String, Result<Plugin, LoadError>> {
    let one = |job: &Job| {
        let found = inspector
            .inspect_with(&job.copy, job.data.as_deref(), &job.hash)
            .map(|inspection| {
                Plugin::unloaded(PluginMeta {
                    path: job.data.clone().unwrap_or_else(|| job.copy.clone()),
                    copy: job.copy.clone(),
                    hash: job.hash.clone(),
                    inspection,
                    data: job.data.clone(),
                    first_party: false,
                })
            });
        (job.hash.clone(), found)
    };
    match inspector {
        Inspector::InProcess | Inspector::Refused(_) => jobs.iter().map(one).collect(),
        Inspector::Child { .. } => {
            let mut found = HashMap::new();
            for chunk in jobs.chunks(8) {
                std::thread::scope(|scope| {
                    let jobs: Vec<_> = chunk.iter().map(|j| scope.spawn(|| one(j))).collect();
                    for job in jobs {
                        if let Ok((hash, result)) = job.join() {
                            found.insert(hash, result);
                        }
                    }
                });
            }
            found
        }
    }
}
