use std::path::{Path, PathBuf};

/// Why a folder is searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirSource {
    /// Named with `--plugins DIR`.
    CommandLine,
    /// Listed in the `TAVOLA_PLUGINS` environment variable.
    Environment,
    /// The `plugins/` folder beside the executable.
    BesideExecutable,
    /// The `plugins/` folder in the user's data folder.
    UserData,
    /// A folder of the installed system (compiled in by the packager:
    /// [`crate::platform::system_plugin_dirs`]).
    System,
}

impl DirSource {
    /// Whether the plugins of such a folder are first-party (they came with the app).
    pub fn is_first_party(self) -> bool {
        matches!(self, DirSource::BesideExecutable | DirSource::System)
    }
}

impl std::fmt::Display for DirSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DirSource::CommandLine => "--plugins",
            DirSource::Environment => "TAVOLA_PLUGINS",
            DirSource::BesideExecutable => "beside the executable",
            DirSource::UserData => "user data folder",
            DirSource::System => "system folder",
        })
    }
}

/// One folder searched for plugins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginDir {
    /// The folder.
    pub path: PathBuf,
    /// Why it is searched.
    pub source: DirSource,
}

/// The folders searched for plugins, in order: `--plugins DIR` (each, in the order
/// given), `TAVOLA_PLUGINS` (a path list), `plugins/` beside the executable, and the
/// user data folder's `plugins/`, then the system folders compiled in by the packager
/// (e.g. `/usr/lib/tavola/plugins`). Earlier folders win when two files have the same game
/// id and version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PluginDirs(pub Vec<PluginDir>);

impl PluginDirs {
    /// The standard search path, starting with `cli` folders. With `defaults == false`
    /// only the `cli` folders are searched (reproducible runs and tests).
    pub fn standard(cli: &[PathBuf], defaults: bool) -> Self {
        let mut dirs: Vec<PluginDir> = cli
            .iter()
            .map(|p| PluginDir {
                path: p.clone(),
                source: DirSource::CommandLine,
            })
            .collect();
        if defaults {
            if let Some(list) = std::env::var_os("TAVOLA_PLUGINS") {
                dirs.extend(
                    std::env::split_paths(&list)
                        .filter(|p| !p.as_os_str().is_empty())
                        .map(|path| PluginDir {
                            path,
                            source: DirSource::Environment,
                        }),
                );
            }
            if let Some(exe_dir) = std::env::current_exe()
                .ok()
                .and_then(|e| e.parent().map(Path::to_path_buf))
            {
                dirs.push(PluginDir {
                    path: exe_dir.join("plugins"),
                    source: DirSource::BesideExecutable,
                });
            }
            if let Some(data) = user_plugins_dir() {
                dirs.push(PluginDir {
                    path: data,
                    source: DirSource::UserData,
                });
            }
            dirs.extend(
                crate::platform::system_plugin_dirs()
                    .into_iter()
                    .map(|path| PluginDir {
                        path,
                        source: DirSource::System,
                    }),
            );
        }
        PluginDirs(dirs)
    }
}

/// The user data folder's `plugins/` (e.g. `~/.local/share/tavola/plugins` on Linux).
pub fn user_plugins_dir() -> Option<PathBuf> {
    crate::platform::user_data_dir().map(|d| d.join("plugins"))
}

/// Creates the user's plugins folder if it is missing (the app does on start, so that
/// "drop a plugin into your plugins folder" names a folder that exists); returns it.
pub fn ensure_user_plugins_dir() -> std::io::Result<PathBuf> {
    let dir = user_plugins_dir().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::NotFound, crate::tr!("no-data-folder"))
    })?;
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Whether a file is named like a dynamic library on this platform (`.so`, `.dylib`,
/// `.dll`).
pub fn is_library_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == std::env::consts::DLL_EXTENSION)
}
