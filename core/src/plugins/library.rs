use std::path::{Path, PathBuf};

use abi_stable::library::{LibraryError, lib_header_from_path};
use game_api::{
    API_LEVEL, Manifest, OptionKind,
    ffi::{GamePluginRef, PLUGIN_INFO_SYMBOL, PLUGIN_MAGIC, PluginInfo},
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{
    Inspection, ManifestError, Plugin, PluginMeta,
    cache::{cache_dir, private_copy},
    inspect::thumbnail,
};

/// Why a library file is not usable.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum LoadError {
    /// The file could not be opened as a dynamic library (not a library, truncated...).
    #[error("not a loadable library: {0}")]
    NotALibrary(String),
    /// A library, but not a Tavola plugin.
    #[error("not a Tavola plugin: {0}")]
    NotAPlugin(String),
    /// A plugin built for another level of the contract, or with another layout.
    #[error("{summary}")]
    Incompatible {
        /// One line for people.
        summary: String,
        /// The full report (abi_stable's layout report can be hundreds of lines).
        details: String,
    },
    /// A compatible plugin whose manifest is missing or wrong, or that panicked.
    #[error("{0}")]
    Broken(String),
    /// Its code crashed, hung or ran out of memory while it was inspected (in a child
    /// process: the host itself is unharmed).
    #[error("{0}")]
    Crashed(String),
    /// The file could not be read or copied (not a regular file, too large, no access).
    #[error("{0}")]
    Unreadable(String),
    /// Its code tried something the sandbox forbids while it was inspected (the
    /// attempt, in words), and its process was stopped.
    #[error("{0}")]
    Blocked(String),
    /// The process that was to open it could not be confined (the sandbox's reason, in
    /// words): the library was not opened.
    #[error("{0}")]
    Unconfined(String),
    /// A plugin of Tavola's own tests (tagged [`TEST_FIXTURE_TAG`](super::TEST_FIXTURE_TAG)),
    /// found by a release build, which never offers one (see [`fixtures`](super::fixtures)).
    #[error(
        "a test fixture of Tavola's own tests: only a debug build of Tavola (or TAVOLA_TEST_FIXTURES=1) offers it"
    )]
    TestFixture,
}

impl LoadError {
    /// Whether the plugin is refused for being built against another contract (as
    /// opposed to being broken).
    pub fn is_incompatible(&self) -> bool {
        matches!(self, LoadError::Incompatible { .. })
    }

    /// Whether the same file would always be refused the same way (so the answer may be
    /// remembered for its content): not for a crash or a hang, which may depend on the
    /// moment.
    pub fn is_lasting(&self) -> bool {
        !matches!(
            self,
            LoadError::Crashed(_) | LoadError::Unreadable(_) | LoadError::Blocked(_)
        )
    }

    /// The long report behind the one-line message, if there is one.
    pub fn details(&self) -> Option<&str> {
        match self {
            LoadError::Incompatible { details, .. } if !details.is_empty() => Some(details),
            _ => None,
        }
    }
}

/// Loads one library file as a game plugin, in this process, from its private copy.
///
/// Nothing in the file can crash the host *while it is checked*: a file that is not a
/// library, a library that is not a plugin, a plugin for another contract level, a
/// plugin whose code panics all come back as a [`LoadError`]. Its code still runs in this
/// process: a plugin that aborts or crashes ends it (the app never calls this; it runs
/// plugins in worker processes). A loaded library is never unloaded: a changed file is
/// new content, loaded from a new private copy.
pub fn load_library(path: &Path) -> Result<Plugin, LoadError> {
    // dlopen searches the system folders for a bare name: always give it a path with a
    // separator.
    let path: PathBuf = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let copy = private_copy(&path, &cache_dir())?;
    let (inspection, module) = load_module(&copy.path, None)?;
    Ok(Plugin::loaded(
        PluginMeta {
            path,
            copy: copy.path,
            hash: copy.hash,
            inspection,
            data: None,
            first_party: false,
        },
        module,
        None,
    ))
}

/// Loads a data file's game ([`data`](super::data)) in this process: the file at `path`
/// is copied into the cache and its bytes handed to `loader` (a plugin whose manifest
/// says it reads such files), which checks them and makes the game. A bad file comes
/// back as [`LoadError::Broken`] with the loader's refusal (the line, the key and what
/// is allowed).
pub fn load_data_file(path: &Path, loader: &Plugin) -> Result<Plugin, LoadError> {
    let path: PathBuf = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let copy = super::data::data_copy(&path, &cache_dir())?;
    let (inspection, module) = load_module(&loader.meta().copy, Some(&copy.bytes))?;
    Ok(Plugin::loaded(
        PluginMeta {
            path,
            copy: loader.meta().copy.clone(),
            hash: super::data::game_hash(&loader.meta().hash, &copy.hash),
            inspection,
            data: Some(copy.path),
            first_party: false,
        },
        module,
        Some(copy.bytes),
    ))
}

/// Loads a private copy that is already in the cache (a worker, the inspecting child):
/// the copy is checked against the content hash its name carries, as `load_module`
/// does, and never copied again.
pub fn load_copy(copy: &Path) -> Result<Plugin, LoadError> {
    load_copy_with(copy, None)
}

/// [`load_copy`] for a data file's game: `data` is the file's private copy and its
/// bytes (read before this process was confined), handed to the loader at `copy`.
pub fn load_copy_with(copy: &Path, data: Option<(PathBuf, Vec<u8>)>) -> Result<Plugin, LoadError> {
    let copy: PathBuf = std::path::absolute(copy).unwrap_or_else(|_| copy.to_path_buf());
    let (inspection, module) = load_module(&copy, data.as_ref().map(|(_, b)| &b[..]))?;
    let hash = copy_hash(&copy).unwrap_or_default().to_owned();
    let (data_path, bytes) = data.unzip();
    Ok(Plugin::loaded(
        PluginMeta {
            path: data_path.clone().unwrap_or_else(|| copy.clone()),
            copy,
            hash,
            inspection,
            data: data_path,
            first_party: false,
        },
        module,
        bytes,
    ))
}

/// The content hash a private copy's name carries (`<hash>.<ext>`, 32 hex digits).
fn copy_hash(copy: &Path) -> Option<&str> {
    let stem = copy.file_stem()?.to_str()?;
    (stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_hexdigit())).then_some(stem)
}

/// Opens a private copy for loading: reads it once through one descriptor, checks that
/// its content is the one its name says (a copy replaced or rewritten in the cache is
/// refused, never run), that it is a whole library for this machine, and returns the
/// path the loader must open — the descriptor itself where `/proc/self/fd` exists, so
/// that what is mapped is what was checked — with the descriptor kept open for good.
fn open_verified(copy: &Path) -> Result<PathBuf, LoadError> {
    use std::io::Read;
    let expected = copy_hash(copy).ok_or_else(|| {
        LoadError::Unreadable(format!(
            "{} is not a private copy of the plugin cache (named by its content hash)",
            copy.display()
        ))
    })?;
    let mut file = std::fs::File::open(copy)
        .map_err(|e| LoadError::Unreadable(format!("{}: {e}", copy.display())))?;
    let mut data = Vec::new();
    (&mut file)
        .take(super::files::MAX_PLUGIN_BYTES + 1)
        .read_to_end(&mut data)
        .map_err(|e| LoadError::Unreadable(format!("{}: {e}", copy.display())))?;
    let actual = blake3::hash(&data).to_hex();
    if &actual[..32] != expected {
        return Err(LoadError::Unreadable(format!(
            "the cached copy {} was changed after it was made (its content hash is {}): \
             it is not loaded",
            copy.display(),
            &actual[..32]
        )));
    }
    check_bytes(&data)?;
    // The descriptor stays open for the life of the process, like the library.
    if let Some(by_fd) = crate::platform::files::path_of_open_file(file) {
        return Ok(by_fd);
    }
    Ok(copy.to_path_buf())
}

/// Loads a private copy into this process: checks the file (its content hash, a whole
/// library), confines the process if it is armed to ([`sandbox::before_load`]), checks
/// the plugin's contract level and manifest, and draws the default game's board. With
/// `data`, the library is a loader and the manifest and board are those of the data
/// file whose bytes these are.
///
/// [`sandbox::before_load`]: crate::sandbox::before_load
pub(super) fn load_module(
    copy: &Path,
    data: Option<&[u8]>,
) -> Result<(Inspection, GamePluginRef), LoadError> {
    let copy: PathBuf = std::path::absolute(copy).unwrap_or_else(|_| copy.to_path_buf());
    let open = open_verified(&copy)?;
    crate::sandbox::before_load(&copy).map_err(|e| LoadError::Unconfined(e.to_string()))?;
    let info = read_plugin_info(&open)?;
    if info.api_level != API_LEVEL {
        return Err(LoadError::Incompatible {
            summary: format!(
                "built for game-api level {} (game-api {}), this host speaks level {API_LEVEL}",
                info.api_level,
                info.version()
            ),
            details: String::new(),
        });
    }
    let header = lib_header_from_path(&open).map_err(library_error)?;
    let module = match header.init_root_module::<GamePluginRef>() {
        Ok(module) => module,
        Err(LibraryError::AbiInstability(_)) if is_earlier_revision(header) => {
            // SAFETY: `is_earlier_revision` checked that the plugin's root module is a
            // prefix of this host's: every type is the same up to the methods and
            // fields appended since, which the prefix types' accessors report as
            // missing (appended `FfiGame` methods answer with their default bodies).
            unsafe { header.init_root_module_with_unchecked_layout::<GamePluginRef>() }
                .map_err(library_error)?
        }
        Err(e) => return Err(library_error(e)),
    };
    crate::sandbox::after_load().map_err(|e| LoadError::Unconfined(e.to_string()))?;
    let manifest = match data {
        None => manifest_of(module)?,
        Some(bytes) => super::data::manifest_of_file(module, bytes)?,
    };
    let mut inspection = Inspection {
        manifest,
        api_level: info.api_level,
        api_version: info.version().to_string(),
        thumbnail: None,
    };
    let probe = Plugin::loaded(
        PluginMeta {
            path: copy.clone(),
            copy: copy.clone(),
            hash: String::new(),
            inspection: inspection.clone(),
            data: data.map(|_| copy.clone()),
            first_party: false,
        },
        module,
        data.map(<[u8]>::to_vec),
    );
    inspection.thumbnail = thumbnail(&probe);
    Ok((inspection, module))
}

/// A library's own manifest, checked.
fn manifest_of(module: GamePluginRef) -> Result<Manifest, LoadError> {
    let manifest_json = module.manifest_json()()
        .into_result()
        .map_err(|e| LoadError::Broken(format!("could not give its manifest: {e}")))?;
    let manifest: Manifest = serde_json::from_str(&manifest_json)
        .map_err(|e| LoadError::Broken(format!("its manifest is not valid: {e}")))?;
    check_manifest(&manifest)
        .map_err(|e| LoadError::Broken(super::AnswerError::Manifest(e).to_string()))?;
    Ok(manifest)
}

/// Checks that the file is a whole dynamic library for this machine before the system
/// loader sees it: the loader maps a truncated library without complaint, and the host
/// would die of a bus error when it touched the missing pages.
fn check_bytes(data: &[u8]) -> Result<(), LoadError> {
    use object::{Architecture, Object, ObjectKind, ObjectSegment};
    let file = object::File::parse(data).map_err(|e| {
        let binary = [
            &b"\x7fELF"[..],
            b"MZ",
            b"\xcf\xfa\xed\xfe",
            b"\xca\xfe\xba\xbe",
        ]
        .iter()
        .any(|magic| data.starts_with(magic));
        LoadError::NotALibrary(if binary {
            format!("a damaged or truncated library ({e})")
        } else if data.is_empty() {
            "the file is empty".to_owned()
        } else {
            format!("not a dynamic library ({e})")
        })
    })?;
    if file.kind() != ObjectKind::Dynamic {
        return Err(LoadError::NotALibrary(format!(
            "a {:?} file, not a dynamic library",
            file.kind()
        )));
    }
    let host = if cfg!(target_arch = "x86_64") {
        Some(Architecture::X86_64)
    } else if cfg!(target_arch = "aarch64") {
        Some(Architecture::Aarch64)
    } else {
        None
    };
    if let Some(host) = host
        && file.architecture() != host
    {
        return Err(LoadError::NotALibrary(format!(
            "built for {:?}, this machine is {host:?}",
            file.architecture()
        )));
    }
    for segment in file.segments() {
        let (offset, size) = segment.file_range();
        if offset.saturating_add(size) > data.len() as u64 {
            return Err(LoadError::NotALibrary(format!(
                "the file is truncated: it has {} bytes, its segments need {}",
                data.len(),
                offset.saturating_add(size)
            )));
        }
    }
    Ok(())
}

/// Reads the [`PluginInfo`] static with libloading, before `abi_stable` sees the file.
fn read_plugin_info(path: &Path) -> Result<PluginInfo, LoadError> {
    // SAFETY: opening a library runs its initialisers; a plugins folder is trusted to
    // hold libraries, and everything else about it is checked below.
    let library = unsafe { libloading::Library::new(path) }
        .map_err(|e| LoadError::NotALibrary(e.to_string()))?;
    // SAFETY: the symbol, when present, is a `PluginInfo` static (checked by its magic).
    let info = unsafe {
        let symbol = library
            .get::<*const PluginInfo>(PLUGIN_INFO_SYMBOL)
            .map_err(|_| {
                LoadError::NotAPlugin(
                    "the library does not export TAVOLA_PLUGIN_INFO (was it built with \
                     game_api::export_game!?)"
                        .into(),
                )
            })?;
        std::ptr::read_unaligned(*symbol)
    };
    if info.magic != PLUGIN_MAGIC {
        return Err(LoadError::NotAPlugin(
            "its TAVOLA_PLUGIN_INFO does not start with the Tavola magic bytes".into(),
        ));
    }
    // Plugins stay loaded for the life of the process (abi_stable holds its own handle);
    // keep ours too rather than run the library's destructors while it is in use.
    std::mem::forget(library);
    Ok(info)
}

/// Whether the plugin was built against an earlier revision of this contract: its root
/// module's layout, checked as the interface against this host's as the implementation,
/// is compatible, so this host's types only append to the plugin's (new `FfiGame`
/// methods after the last prefix field, new prefix fields).
///
/// abi_stable's own check (`init_root_module`) accepts the other direction only, a
/// plugin newer than the host; this one keeps the compatibility promise of
/// `docs/authoring.md` for plugins built before the host grew. A fresh set of checking
/// globals keeps this check from touching what abi_stable remembers of other libraries.
fn is_earlier_revision(header: &abi_stable::library::LibHeader) -> bool {
    use abi_stable::{
        StableAbi,
        abi_stability::abi_checking::{CheckingGlobals, check_layout_compatibility_with_globals},
    };
    let Some(theirs) = header.layout() else {
        return false;
    };
    let globals = CheckingGlobals::new();
    check_layout_compatibility_with_globals(theirs, <GamePluginRef as StableAbi>::LAYOUT, &globals)
        .is_ok()
}

/// Tells the plugin library at `path` (already loaded) the language of the games it makes
/// from now on, through its `tavola_set_language` symbol; a plugin built before languages
/// has none and is left as it is. Returns whether the plugin took it.
pub(super) fn tell_language(path: &Path, lang: &str) -> bool {
    // SAFETY: the library is already loaded into this process (this only takes another
    // reference to it), and the symbol, when present, is the function `export_game!`
    // defines with this signature.
    unsafe {
        let Ok(library) = libloading::Library::new(path) else {
            return false;
        };
        let told = match library
            .get::<unsafe extern "C" fn(*const u8, usize)>(game_api::ffi::SET_LANGUAGE_SYMBOL)
        {
            Ok(f) => {
                f(lang.as_ptr(), lang.len());
                true
            }
            Err(_) => false,
        };
        std::mem::forget(library);
        told
    }
}

fn library_error(e: LibraryError) -> LoadError {
    let details = e.to_string();
    let summary = match &e {
        LibraryError::OpenError { err, .. } => return LoadError::NotALibrary(err.to_string()),
        LibraryError::GetSymbolError { .. } => {
            return LoadError::NotAPlugin("it has no abi_stable root module".into());
        }
        LibraryError::IncompatibleVersionNumber {
            expected_version,
            actual_version,
            ..
        } => format!(
            "built with game-api {actual_version}, this host needs a version compatible with \
             {expected_version}"
        ),
        LibraryError::AbiInstability(_) | LibraryError::InvalidAbiHeader(_) => {
            "its game-api types have another layout than this host's (built against another \
             game-api); see the details"
                .into()
        }
        LibraryError::InvalidCAbi { .. } => "built with an incompatible C ABI".into(),
        LibraryError::RootModule { err, .. } => {
            return LoadError::Broken(format!("its root module failed to load: {err}"));
        }
        _ => details.lines().next().unwrap_or("incompatible").to_owned(),
    };
    LoadError::Incompatible { summary, details }
}

/// The checks the host needs a manifest to pass before it can show the game (also on a
/// manifest a child process sends).
pub(crate) fn check_manifest(m: &Manifest) -> Result<(), ManifestError> {
    // The seat range and the seat names are among the limits.
    super::check_manifest_limits(m)?;
    let id_ok = !m.id.is_empty()
        && m.id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(ManifestError::BadId { id: m.id.clone() });
    }
    semver::Version::parse(&m.version).map_err(|e| ManifestError::BadVersion {
        version: m.version.clone(),
        reason: e.to_string(),
    })?;
    for spec in &m.options {
        if let OptionKind::Choice { choices } = &spec.kind
            && choices.is_empty()
        {
            return Err(ManifestError::NoChoices {
                key: spec.key.clone(),
            });
        }
        spec.check(&spec.default)
            .map_err(|e| ManifestError::BadDefault {
                key: spec.key.clone(),
                reason: e.to_string(),
            })?;
        check_condition(&m.options, spec)?;
    }
    for preset in &m.presets {
        game_api::Options::resolve(&m.options, &preset.values).map_err(|e| {
            ManifestError::BadPreset {
                name: preset.name.clone(),
                reason: e.to_string(),
            }
        })?;
    }
    Ok(())
}

/// Refuses a condition of `spec` ([`game_api::OptionSpec::only_when`]) on itself, on an
/// option not in `schema`, or on a value that option cannot take.
fn check_condition(
    schema: &[game_api::OptionSpec],
    spec: &game_api::OptionSpec,
) -> Result<(), ManifestError> {
    let Some(condition) = &spec.only_when else {
        return Ok(());
    };
    let refuse = |reason: String| ManifestError::BadCondition {
        key: spec.key.clone(),
        reason,
    };
    if condition.key == spec.key {
        return Err(refuse("it names the option itself".into()));
    }
    let other = schema
        .iter()
        .find(|s| s.key == condition.key)
        .ok_or_else(|| {
            refuse(format!(
                "it names option `{}`, which the game does not have",
                condition.key
            ))
        })?;
    if other.only_when.is_some() {
        // A chain of conditions could close on itself and leave options that can
        // never be set: an option depends only on one that always matters.
        return Err(refuse(format!(
            "it names option `{}`, which has a condition of its own",
            condition.key
        )));
    }
    other
        .check(&condition.value)
        .map_err(|e| refuse(e.to_string()))
}

#[cfg(test)]
mod tests {
    use game_api::{Manifest, OptionSpec, OptionValue};

    use super::{ManifestError, check_manifest};

    fn with_condition(key: &str, value: OptionValue) -> Manifest {
        let mut m = Manifest::new("oware", "Oware", "1.0.0");
        m.options = vec![
            OptionSpec::boolean("rounds", "Play in rounds", false),
            OptionSpec::choice("left", "Unfilled houses", &[("closed", "Closed")], "closed")
                .matters_when(key, value),
        ];
        m
    }

    #[test]
    fn a_condition_on_another_option_s_value_is_taken_and_a_bad_one_refused() {
        assert_eq!(
            check_manifest(&with_condition("rounds", OptionValue::Bool(true))),
            Ok(())
        );
        let refused = |key: &str, value| match check_manifest(&with_condition(key, value)) {
            Err(e @ ManifestError::BadCondition { .. }) => e.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            refused("roundz", OptionValue::Bool(true)),
            "the condition of option `left`: it names option `roundz`, which the game does \
             not have"
        );
        assert_eq!(
            refused("left", OptionValue::Choice("closed".into())),
            "the condition of option `left`: it names the option itself"
        );
        // Two options each mattering only under the other would both stay disabled.
        let mut cycle = with_condition("rounds", OptionValue::Bool(true));
        cycle.options[0] = cycle.options[0]
            .clone()
            .matters_when("left", OptionValue::Choice("closed".into()));
        match check_manifest(&cycle) {
            Err(e @ ManifestError::BadCondition { .. }) => {
                assert!(e.to_string().contains("has a condition of its own"), "{e}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            refused("rounds", OptionValue::Int(1)),
            "the condition of option `left`: option `rounds`: `1` is not allowed, expected \
             true or false"
        );
    }
}
