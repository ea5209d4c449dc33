//! # mancala-data: mancala variants as data files
//!
//! The loader plugin that reads mancala variants written as data files
//! (`NAME.mancala.toml`, the format `tavola-mancala/1`, documented in
//! `docs/mancala-data.md`) and plays them with the mancala kit: no compiler needed to
//! add a variant. The host hands it the bytes of each such file in a plugins folder
//! (the plugin reads no file itself); it checks them — every key, every value, the rules
//! of every option and preset, the file's own tests — and refuses a bad file with the
//! line, the key and what is allowed.
//!
//! ```
//! use game_api::{Game, data::DataGames};
//! let file = mancala_data::TEMPLATE.as_bytes();
//! let manifest = mancala_data::Loader::manifest(file).unwrap();
//! assert_eq!(manifest.id, "my-mancala");
//! let game = mancala_data::Loader::new(file, &game_api::Options::defaults(&manifest.options)).unwrap();
//! assert_eq!(game.notation(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
//! ```

mod condition;
mod error;
mod format;
mod holes;
mod rounds;
mod rules;
mod scenarios;
mod texts;
mod variant;

use std::sync::{Arc, Mutex, OnceLock};

use game_api::{GameError, Manifest, Options, data::DataGames};
use mancala_kit::{Config, Mancala, Variant};

pub use error::FileError;
pub use format::FORMAT;
pub use variant::{MAX_FILE_BYTES, VariantFile};

/// The starting file `tavola new --mancala-file` writes: Kalah, every key explained. It
/// is also the loader's own game (what it plays with no file).
pub const TEMPLATE: &str = include_str!("../template.mancala.toml");

/// The end of the names of the files this loader reads.
pub const SUFFIX: &str = ".mancala.toml";

/// The rules of a data file's game: no hook, so every rule is the kit's, the endgame
/// tables included.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DataRules;

/// A game of a data file.
pub type DataGame = Mancala<DataRules>;

fn template() -> &'static VariantFile {
    static FILE: OnceLock<VariantFile> = OnceLock::new();
    FILE.get_or_init(|| VariantFile::parse(TEMPLATE.as_bytes()).expect("the template reads"))
}

impl Variant for DataRules {
    /// The loader's own manifest: the template's game, under the loader's id, saying
    /// which files it reads.
    fn manifest() -> Manifest {
        let mut manifest = template().manifest.clone();
        manifest.id = "mancala-data".into();
        manifest.name = "Mancala data files".into();
        manifest.version = env!("CARGO_PKG_VERSION").into();
        manifest.description = format!(
            "Reads mancala variants written as data files (`NAME{SUFFIX}`) and plays them \
             with the mancala kit."
        );
        manifest.translations.clear();
        manifest.data_files = Some(SUFFIX.into());
        manifest
    }

    fn config(options: &Options) -> Result<Config, GameError> {
        template().config(options).map_err(refusal)
    }

    fn endgame_tables() -> bool {
        true
    }
}

fn refusal(e: FileError) -> GameError {
    GameError::DataFile(e.to_string())
}

/// Reads a file (its tests run), remembering the last few read.
pub fn read(data: &[u8]) -> Result<Arc<VariantFile>, FileError> {
    type Seen = Vec<(Vec<u8>, Arc<VariantFile>)>;
    static SEEN: Mutex<Seen> = Mutex::new(Vec::new());
    if let Ok(seen) = SEEN.lock()
        && let Some((_, file)) = seen.iter().find(|(bytes, _)| bytes == data)
    {
        return Ok(file.clone());
    }
    let file = Arc::new(VariantFile::parse(data)?);
    scenarios::run(&file)?;
    if let Ok(mut seen) = SEEN.lock() {
        if seen.len() >= 4 {
            seen.remove(0);
        }
        seen.push((data.to_vec(), file.clone()));
    }
    Ok(file)
}

/// The loader: the file's game from its bytes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Loader;

impl DataGames for Loader {
    type Game = DataGame;

    fn manifest(data: &[u8]) -> Result<Manifest, GameError> {
        Ok(read(data).map_err(refusal)?.manifest.clone())
    }

    fn new(data: &[u8], options: &Options) -> Result<DataGame, GameError> {
        let config = read(data)
            .map_err(refusal)?
            .config(options)
            .map_err(refusal)?;
        DataGame::with_config(config)
    }

    fn from_notation(
        data: &[u8],
        options: &Options,
        notation: &str,
    ) -> Result<DataGame, GameError> {
        let config = read(data)
            .map_err(refusal)?
            .config(options)
            .map_err(refusal)?;
        DataGame::from_notation_with(config, notation)
    }

    /// The saved state of one of this file's games: its rules must be those of some
    /// options of the file (a state of another file's game is refused).
    fn from_json(data: &[u8], json: &str) -> Result<DataGame, GameError> {
        let file = read(data).map_err(refusal)?;
        let game = <DataGame as game_api::Game>::from_json(json)?;
        if !file.gives(&game.config, 4096) {
            return Err(GameError::State(format!(
                "these rules are not those of `{}` under any of its options",
                file.manifest.id
            )));
        }
        Ok(game)
    }
}

game_api::export_data_games!(Loader);
