//! Games described by data files: a plugin that reads them (a *loader*, such as the
//! mancala kit's `mancala-data`) is handed a file's bytes by the host and makes the
//! file's game from them. The host never reads the rules in a data file: it finds the
//! file in a plugins folder, gives its bytes to the loader that reads its kind of file
//! ([`Manifest::data_files`](crate::Manifest::data_files)), and plays the games the
//! loader makes as it plays any plugin's.
//!
//! A loader writes [`DataGames`] and exports it with
//! [`export_data_games!`](crate::export_data_games); its own [`Game`] (what it plays with
//! no file, [`Game::manifest`]) is a game like any other, and its manifest says which
//! files it reads.

use std::collections::BTreeMap;

use abi_stable::{
    library::{CheckTypeLayout, LibHeader, RootModuleResult},
    prefix_type::PrefixTypeTrait,
    std_types::{RResult, RSlice, RStr, RString},
};

use crate::{
    Game, GameError, Manifest, OptionValue, Options,
    ffi::{FfiError, FfiGameBox, GamePlugin, GamePluginRef, boxed, guard, to_json},
};

/// What a loader of data files does: each function gets the file's bytes, as the host
/// read them, and checks them (a bad file is refused with the line, the key and what is
/// allowed, in a [`GameError`]). Every call may get the same bytes again: a loader
/// parses them each time (or keeps what it parsed, keyed by the bytes).
pub trait DataGames: 'static {
    /// The game a file describes.
    type Game: Game;

    /// The file's game's manifest (its id, version, names, options, rules text), or
    /// why the file is refused.
    fn manifest(data: &[u8]) -> Result<Manifest, GameError>;

    /// A new game of the file with `options` (already checked against the file's
    /// manifest).
    fn new(data: &[u8], options: &Options) -> Result<Self::Game, GameError>;

    /// A game of the file from a position notation.
    fn from_notation(
        data: &[u8],
        options: &Options,
        notation: &str,
    ) -> Result<Self::Game, GameError>;

    /// A game of the file from its saved state ([`Game::to_json`]); the state must be
    /// one of this file's games.
    fn from_json(data: &[u8], json: &str) -> Result<Self::Game, GameError>;
}

const NO_DATA: &str = "this plugin reads no data files";

fn refuse<T>() -> RResult<T, FfiError> {
    guard(|| Err(GameError::DataFile(NO_DATA.into())))
}

pub(crate) extern "C" fn no_manifest(_: RSlice<'_, u8>) -> RResult<RString, FfiError> {
    refuse()
}

pub(crate) extern "C" fn no_new_game(
    _: RSlice<'_, u8>,
    _: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    refuse()
}

pub(crate) extern "C" fn no_from_notation(
    _: RSlice<'_, u8>,
    _: RStr<'_>,
    _: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    refuse()
}

pub(crate) extern "C" fn no_from_json(
    _: RSlice<'_, u8>,
    _: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    refuse()
}

/// The options of `options_json` checked against the file's manifest.
fn options_of<L: DataGames>(data: &[u8], options_json: &str) -> Result<Options, GameError> {
    let values: BTreeMap<String, OptionValue> = if options_json.trim().is_empty() {
        BTreeMap::new()
    } else {
        serde_json::from_str(options_json)
            .map_err(|e| GameError::State(format!("options are not a JSON object: {e}")))?
    };
    Ok(Options::resolve(&L::manifest(data)?.options, &values)?)
}

extern "C" fn data_manifest_json<L: DataGames>(data: RSlice<'_, u8>) -> RResult<RString, FfiError> {
    guard(|| to_json(&L::manifest(data.as_slice())?))
}

extern "C" fn data_new_game<L: DataGames>(
    data: RSlice<'_, u8>,
    options_json: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    guard(|| {
        let data = data.as_slice();
        let options = options_of::<L>(data, options_json.as_str())?;
        Ok(boxed(L::new(data, &options)?))
    })
}

extern "C" fn data_from_notation<L: DataGames>(
    data: RSlice<'_, u8>,
    options_json: RStr<'_>,
    notation: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    guard(|| {
        let data = data.as_slice();
        let options = options_of::<L>(data, options_json.as_str())?;
        Ok(boxed(L::from_notation(data, &options, notation.as_str())?))
    })
}

extern "C" fn data_from_json<L: DataGames>(
    data: RSlice<'_, u8>,
    json: RStr<'_>,
) -> RResult<FfiGameBox, FfiError> {
    guard(|| Ok(boxed(L::from_json(data.as_slice(), json.as_str())?)))
}

/// The root module of a loader `L`: its own game `L::Game` with no file, and the
/// file's games through the `data_…` fields.
pub fn root_module<L: DataGames>() -> GamePluginRef {
    let plain = crate::ffi::root_module::<L::Game>();
    GamePlugin {
        api_level: crate::API_LEVEL,
        manifest_json: plain.manifest_json(),
        new_game: plain.new_game(),
        from_notation: plain.from_notation(),
        from_json: plain.from_json(),
        data_manifest_json: data_manifest_json::<L>,
        data_new_game: data_new_game::<L>,
        data_from_notation: data_from_notation::<L>,
        data_from_json: data_from_json::<L>,
    }
    .leak_into_prefix()
}

extern "C" fn load_root_module<L: DataGames>() -> RootModuleResult {
    abi_stable::library::__call_root_module_loader(root_module::<L>)
}

/// The `abi_stable` library header of a loader `L` (used by
/// [`export_data_games!`](crate::export_data_games)).
pub const fn lib_header<L: DataGames>() -> LibHeader {
    // SAFETY: `load_root_module::<L>` returns the root module of type `GamePluginRef`
    // that the header is declared for, as `#[export_root_module]` would generate.
    unsafe {
        LibHeader::from_constructor::<GamePluginRef>(load_root_module::<L>, CheckTypeLayout::Yes)
    }
}

/// Makes a loader plugin of a [`DataGames`]: [`export_game!`](crate::export_game) for
/// its own game, with the data files' games added. Use it once, at the root of a
/// `cdylib` crate, instead of `export_game!`.
///
/// ```ignore
/// game_api::export_data_games!(my_loader::Loader);
/// ```
#[macro_export]
macro_rules! export_data_games {
    ($loader:ty) => {
        /// Read by the host before anything else: a Tavola plugin, and its contract level.
        #[unsafe(no_mangle)]
        pub static TAVOLA_PLUGIN_INFO: $crate::ffi::PluginInfo = $crate::ffi::PluginInfo::current();

        /// The `abi_stable` library header, under the name `abi_stable` looks for.
        #[unsafe(export_name = "_1as_0lib_1header_0root_bmodule_bloader")]
        pub static TAVOLA_LIB_HEADER: $crate::ffi::abi_stable::library::LibHeader =
            $crate::data::lib_header::<$loader>();

        /// Called by the host with the player's language (see
        /// [`SET_LANGUAGE_SYMBOL`]($crate::ffi::SET_LANGUAGE_SYMBOL)).
        ///
        /// # Safety
        /// `ptr` must point to `len` readable bytes.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn tavola_set_language(ptr: *const u8, len: usize) {
            // SAFETY: passed on from the caller.
            unsafe { $crate::ffi::set_plugin_language(ptr, len) }
        }
    };
}
