use std::{
    path::{Path, PathBuf},
    sync::{Arc, OnceLock},
};

use abi_stable::std_types::{RSlice, RStr};
use game_api::{Manifest, Options, ffi::GamePluginRef};

use super::{
    CallError, ErrorKind, GameHandle, Inspection, LoadError, Thumbnail, library::load_module,
};

/// Set by the app: plugin code never runs in its process (see [`forbid_in_process`]).
static IN_PROCESS_FORBIDDEN: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Forbids loading plugin libraries into this process from now on: the app calls it, so
/// that a mistake that would run plugin code in the app (instead of a worker) is an error
/// and not a hazard.
pub fn forbid_in_process() {
    IN_PROCESS_FORBIDDEN.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// What the host knows of a plugin file without running its games: where it was found,
/// its private copy and content hash, and what inspecting it found.
#[derive(Debug, Clone, PartialEq)]
pub struct PluginMeta {
    /// The file in the plugins folder.
    pub path: PathBuf,
    /// The private copy that is loaded (see [`private_copy`](super::private_copy)).
    pub copy: PathBuf,
    /// The content hash.
    pub hash: String,
    /// The manifest and the rest of what inspection found.
    pub inspection: Inspection,
    /// For a data file's game ([`data`](super::data)): the file's private copy, whose
    /// bytes the loader (the library at `copy`) is handed; `None` for a library's game.
    pub data: Option<PathBuf>,
    /// Whether the file came with Tavola (found in the folder beside the executable):
    /// its game keeps its id's place and its endgame tables' folder (see
    /// [`identity`](super::identity) and [`tables_dir`](crate::worker::tables_dir)).
    pub first_party: bool,
}

/// A plugin: its file, its manifest, and its library, loaded into this process the first
/// time one of its games is made (so a process that only lists plugins, like the app,
/// never runs their code).
#[derive(Clone)]
pub struct Plugin {
    meta: Arc<PluginMeta>,
    module: Arc<OnceLock<Result<GamePluginRef, LoadError>>>,
    localized: Arc<Localized>,
    /// A data file's bytes, read from its private copy before the loader is loaded.
    data: Arc<OnceLock<Result<Vec<u8>, LoadError>>>,
}

/// The manifest in each language it offers, made on first use.
type Localized = Vec<(String, OnceLock<Manifest>)>;

fn localized_slots(manifest: &Manifest) -> Arc<Localized> {
    Arc::new(
        manifest
            .languages()
            .into_iter()
            .map(|l| (l, OnceLock::new()))
            .collect(),
    )
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("path", &self.meta.path)
            .field("id", &self.meta.inspection.manifest.id)
            .field("version", &self.meta.inspection.manifest.version)
            .finish()
    }
}

impl Plugin {
    /// A plugin known by its inspection, not loaded yet.
    pub fn unloaded(meta: PluginMeta) -> Self {
        Plugin {
            localized: localized_slots(&meta.inspection.manifest),
            meta: Arc::new(meta),
            module: Arc::new(OnceLock::new()),
            data: Arc::new(OnceLock::new()),
        }
    }

    /// A plugin whose library is already loaded (and, for a data file's game, whose
    /// file's bytes are `data`).
    pub(super) fn loaded(meta: PluginMeta, module: GamePluginRef, data: Option<Vec<u8>>) -> Self {
        let bytes = OnceLock::new();
        if let Some(data) = data {
            let _ = bytes.set(Ok(data));
        }
        Plugin {
            localized: localized_slots(&meta.inspection.manifest),
            meta: Arc::new(meta),
            module: Arc::new(OnceLock::from(Ok(module))),
            data: Arc::new(bytes),
        }
    }

    /// Whether this is a data file's game.
    pub fn is_data_game(&self) -> bool {
        self.meta.data.is_some()
    }

    /// Whether this plugin is a loader of data files (not a game to offer itself).
    pub fn is_loader(&self) -> bool {
        self.meta.inspection.manifest.data_files.is_some() && self.meta.data.is_none()
    }

    /// A data file's bytes, read from its private copy on first use; `None` for a
    /// library's game.
    fn data_bytes(&self) -> Result<Option<&[u8]>, CallError> {
        let Some(copy) = &self.meta.data else {
            return Ok(None);
        };
        match self.data.get_or_init(|| super::data::read_data_copy(copy)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) => Err(CallError::host(
                ErrorKind::Unsupported,
                format!("{} cannot be read: {e}", self.id()),
            )),
        }
    }

    /// The same plugin (sharing its library) as found at another path.
    pub(super) fn at_path(&self, path: &Path, first_party: bool) -> Plugin {
        let mut meta = (*self.meta).clone();
        meta.path = path.to_path_buf();
        meta.first_party = first_party;
        Plugin {
            meta: Arc::new(meta),
            module: self.module.clone(),
            localized: self.localized.clone(),
            data: self.data.clone(),
        }
    }

    /// What the host knows of the file.
    pub fn meta(&self) -> &PluginMeta {
        &self.meta
    }

    /// The library file, as found in the plugins folder.
    pub fn path(&self) -> &Path {
        &self.meta.path
    }

    /// The game's manifest in the language games speak now
    /// ([`locale::language`](crate::locale::language)): names, seats, options and rules
    /// as the player should read them ([`Manifest::localized`]); ids, keys and values are
    /// those of [`Plugin::manifest_all_languages`].
    pub fn manifest(&self) -> &Manifest {
        self.manifest_in(&crate::locale::language())
    }

    /// The game's manifest in language `lang`; the plugin's default texts for a
    /// language it does not offer.
    pub fn manifest_in(&self, lang: &str) -> &Manifest {
        let lang = game_api::i18n::primary_language(lang);
        let raw = &self.meta.inspection.manifest;
        match self.localized.iter().find(|(l, _)| *l == lang) {
            Some((_, slot)) => slot.get_or_init(|| raw.localized(&lang)),
            None => raw,
        }
    }

    /// The manifest as the plugin gave it: its default texts, and every translation.
    pub fn manifest_all_languages(&self) -> &Manifest {
        &self.meta.inspection.manifest
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.manifest().id
    }

    /// The contract level the plugin was built for.
    pub fn api_level(&self) -> u32 {
        self.meta.inspection.api_level
    }

    /// The board of a default game, from inspection.
    pub fn thumbnail(&self) -> Option<&Thumbnail> {
        self.meta.inspection.thumbnail.as_ref()
    }

    /// Reads `KEY=VALUE` pairs against this game's options schema.
    pub fn parse_options<S: AsRef<str>>(
        &self,
        pairs: &[S],
    ) -> Result<Options, game_api::OptionError> {
        Options::parse(&self.manifest().options, pairs)
    }

    /// The root module, loading the library into this process on first use.
    fn module(&self) -> Result<GamePluginRef, CallError> {
        if IN_PROCESS_FORBIDDEN.load(std::sync::atomic::Ordering::Relaxed)
            && self.module.get().is_none()
        {
            return Err(CallError::host(
                ErrorKind::Unsupported,
                format!(
                    "{} is not loaded into this process: its games run in worker processes",
                    self.id()
                ),
            ));
        }
        // A data file is read before its loader is loaded: loading may confine this
        // process, after which it reads no file.
        let data = self.data_bytes()?;
        self.module
            .get_or_init(|| load_module(&self.meta.copy, data).map(|(_, module)| module))
            .clone()
            .map_err(|e| {
                CallError::host(
                    ErrorKind::Unsupported,
                    format!("{} cannot be loaded: {e}", self.id()),
                )
            })
    }

    fn handle(
        &self,
        game: abi_stable::std_types::RResult<game_api::ffi::FfiGameBox, game_api::ffi::FfiError>,
        options: &Options,
    ) -> Result<GameHandle, CallError> {
        GameHandle::from_ffi(self.id(), self.manifest(), game, options)
    }

    fn options_json(options: &Options) -> String {
        serde_json::to_string(options).unwrap_or_else(|_| "{}".into())
    }

    /// The root module, the plugin told to make games in `lang` (see
    /// [`SET_LANGUAGE_SYMBOL`](game_api::ffi::SET_LANGUAGE_SYMBOL)).
    fn module_in(&self, lang: &str) -> Result<GamePluginRef, CallError> {
        let module = self.module()?;
        let lang = game_api::i18n::primary_language(lang);
        super::library::tell_language(&self.meta.copy, &lang);
        Ok(module)
    }

    /// A new game with these options, speaking the player's language
    /// ([`locale::language`](crate::locale::language)).
    pub fn new_game(&self, options: &Options) -> Result<GameHandle, CallError> {
        self.new_game_in(options, &crate::locale::language())
    }

    /// A new game with these options, speaking language `lang` if the plugin offers it.
    pub fn new_game_in(&self, options: &Options, lang: &str) -> Result<GameHandle, CallError> {
        let o = Self::options_json(options);
        let module = self.module_in(lang)?;
        let game = match self.data_bytes()? {
            None => module.new_game()(RStr::from_str(&o)),
            Some(data) => Self::data_call(module.data_new_game())?(
                RSlice::from_slice(data),
                RStr::from_str(&o),
            ),
        };
        self.handle(game, options)
    }

    /// A loader's `data_…` entry, or the refusal of a loader built before data files.
    fn data_call<F>(entry: Option<F>) -> Result<F, CallError> {
        entry.ok_or_else(|| {
            CallError::host(
                ErrorKind::Unsupported,
                "its loader was built before data files".to_owned(),
            )
        })
    }

    /// A game from a position notation, with these options.
    pub fn from_notation(
        &self,
        options: &Options,
        notation: &str,
    ) -> Result<GameHandle, CallError> {
        let o = Self::options_json(options);
        let module = self.module_in(&crate::locale::language())?;
        let game = match self.data_bytes()? {
            None => module.from_notation()(RStr::from_str(&o), RStr::from_str(notation)),
            Some(data) => Self::data_call(module.data_from_notation())?(
                RSlice::from_slice(data),
                RStr::from_str(&o),
                RStr::from_str(notation),
            ),
        };
        self.handle(game, options)
    }

    /// A game from its JSON state.
    pub fn from_json(&self, options: &Options, state: &str) -> Result<GameHandle, CallError> {
        let module = self.module_in(&crate::locale::language())?;
        let game = match self.data_bytes()? {
            None => module.from_json()(RStr::from_str(state)),
            Some(data) => Self::data_call(module.data_from_json())?(
                RSlice::from_slice(data),
                RStr::from_str(state),
            ),
        };
        self.handle(game, options)
    }
}
