//! Inspecting a plugin file: is it a plugin this host can use, and what does its manifest
//! say. Run in process (tests, `tavola check`) or, for discovery, in a child process with
//! a time limit and a memory limit, so that a file whose code hangs, aborts or crashes
//! while it loads takes only the child with it.

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use game_api::{Layout, Manifest, Options, View};
use serde::{Deserialize, Serialize};

use super::LoadError;
use crate::worker::process;

/// What identifies this host's build in the names of cached inspections: whether a
/// plugin loads depends on the host as much as on the plugin (its contract, its checks),
/// so an answer cached by another build of the host is not reused. The executable's
/// version, size and modification time; `0` when they cannot be read.
fn host_stamp() -> &'static str {
    static STAMP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    STAMP.get_or_init(|| {
        let meta = std::env::current_exe().and_then(std::fs::metadata);
        let Ok(meta) = meta else {
            return "0".to_owned();
        };
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let key = format!("{} {} {modified}", env!("CARGO_PKG_VERSION"), meta.len());
        blake3::hash(key.as_bytes()).to_hex()[..12].to_owned()
    })
}

/// How long a child may take to inspect one file.
pub const INSPECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The version of [`Inspection`]'s saved form: inspections cached under another version
/// are made again. 3: plugins built against an earlier revision of the contract load
/// (their cached "incompatible" answers are stale). 4: the answer names the content
/// hash it is for, and is checked again when read.
const CACHE_FORMAT: u32 = 4;

/// The largest answer an inspecting child may send, and the largest cached answer read
/// (a manifest with its rules in every language and a board for the card).
const MAX_ANSWER_BYTES: u64 = 64 << 20;

/// What inspecting a plugin file found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inspection {
    /// The game's manifest, checked.
    pub manifest: Manifest,
    /// The contract level the plugin was built for.
    pub api_level: u32,
    /// The game-api version the plugin was built with.
    pub api_version: String,
    /// The board of a game with the default options, for the chooser's card (none if the
    /// plugin could not give it).
    pub thumbnail: Option<Thumbnail>,
}

/// A game's board at its start, for a picture of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Thumbnail {
    /// The layout.
    pub layout: Layout,
    /// The view of the start position.
    pub view: View,
}

/// How discovery inspects files.
#[derive(Debug, Clone, Default)]
pub enum Inspector {
    /// In this process (tests; a crash in the plugin ends this process).
    #[default]
    InProcess,
    /// In a child process: `exe inspect FILE`, killed after `timeout`.
    Child {
        /// The `tavola` binary.
        exe: PathBuf,
        /// The time limit.
        timeout: Duration,
    },
    /// Nowhere: the host cannot find its own executable to inspect in a confined child,
    /// and runs no plugin code unconfined (the reason is every file's refusal).
    Refused(String),
}

/// The environment variable that sets the inspection's time limit in milliseconds.
pub const INSPECT_TIMEOUT_VAR: &str = "TAVOLA_INSPECT_TIMEOUT_MS";

/// The inspection's time limit: [`INSPECT_TIMEOUT_VAR`] or [`INSPECT_TIMEOUT`].
pub fn inspect_timeout() -> Duration {
    process::millis_from_env(INSPECT_TIMEOUT_VAR, INSPECT_TIMEOUT)
}

impl Inspector {
    /// Inspection in a child process of this very binary (the CLI and the app).
    pub fn this_binary() -> Self {
        match std::env::current_exe() {
            Ok(exe) => Self::child(exe),
            Err(_) if crate::sandbox::disabled() => Inspector::InProcess,
            Err(e) => Inspector::Refused(crate::tr!("inspect-no-exe", error = e.to_string())),
        }
    }

    /// Inspection in child processes of `exe`, with the time limit of
    /// [`inspect_timeout`].
    pub fn child(exe: PathBuf) -> Self {
        Inspector::Child {
            exe,
            timeout: inspect_timeout(),
        }
    }

    /// Inspects a private copy, using the cached answer for this content if there is
    /// one that passes the checks again (a cache file is data anyone who could write the
    /// folder may have forged: one for another content, too large, or with a board over
    /// the limits is inspected again and replaced).
    pub fn inspect(&self, copy: &Path, hash: &str) -> Result<Inspection, LoadError> {
        self.inspect_with(copy, None, hash)
    }

    /// [`Inspector::inspect`], for a data file's game with `data` (the file's private
    /// copy): `copy` is its loader, and the answer, the game's, is cached under `hash`,
    /// the game's content hash.
    pub fn inspect_with(
        &self,
        copy: &Path,
        data: Option<&Path>,
        hash: &str,
    ) -> Result<Inspection, LoadError> {
        let cached = copy.with_file_name(format!(
            "{hash}.inspection-{CACHE_FORMAT}-{}.json",
            host_stamp()
        ));
        if let Some(found) = read_cached(&cached, hash) {
            return found;
        }
        let found = match self {
            Inspector::InProcess => in_process(copy, data),
            Inspector::Refused(why) => Err(LoadError::Blocked(why.clone())),
            Inspector::Child { exe, timeout } => inspect_in_child(exe, copy, data, *timeout),
        };
        // Keep only what the same content always gives again.
        let lasting = match &found {
            Ok(_) => true,
            Err(e) => e.is_lasting(),
        };
        let keep = CachedInspection {
            hash: hash.to_owned(),
            found: found.clone(),
        };
        if lasting && let Ok(text) = serde_json::to_vec(&keep) {
            // Mode 0600 in the private cache folder, like the copies.
            let _ = super::cache::write_private(&cached, &text);
        }
        found
    }
}

/// An inspection's answer as cached: the content it is for, and the answer.
#[derive(Serialize, Deserialize)]
struct CachedInspection {
    hash: String,
    found: Result<Inspection, LoadError>,
}

/// The cached answer in `file` for content `hash`, if there is one that reads, is for
/// that content and passes the checks of an answer from a child.
fn read_cached(file: &Path, hash: &str) -> Option<Result<Inspection, LoadError>> {
    use std::io::Read;
    let mut data = Vec::new();
    std::fs::File::open(file)
        .ok()?
        .take(MAX_ANSWER_BYTES + 1)
        .read_to_end(&mut data)
        .ok()?;
    if data.len() as u64 > MAX_ANSWER_BYTES {
        return None;
    }
    let cached: CachedInspection = serde_json::from_slice(&data).ok()?;
    if cached.hash != hash {
        return None;
    }
    checked_answer(cached.found).ok()
}

/// An answer from outside this process (a child, a cache file), checked as the loader
/// checks its own: `Err` with the reason if it breaks the contract or the limits.
fn checked_answer(
    found: Result<Inspection, LoadError>,
) -> Result<Result<Inspection, LoadError>, super::AnswerError> {
    match &found {
        Ok(inspection) => super::validate::inspection(inspection)?,
        Err(e) => {
            let longest = match e {
                LoadError::Incompatible { summary, details } => {
                    summary.len().max(details.len() / 16)
                }
                LoadError::NotALibrary(t)
                | LoadError::NotAPlugin(t)
                | LoadError::Broken(t)
                | LoadError::Crashed(t)
                | LoadError::Blocked(t)
                | LoadError::Unconfined(t)
                | LoadError::Unreadable(t) => t.len(),
                LoadError::TestFixture => 0,
            };
            if longest > super::limits::MAX_TEXT_BYTES {
                return Err(super::AnswerError::LongRefusal(longest));
            }
        }
    }
    Ok(found)
}

/// The board of a default game, if the plugin gives it. Its texts are always in the
/// fallback language, so that the cached answer, kept by content alone, never depends on
/// the language of the process that inspected (the manifest keeps every language).
pub(super) fn thumbnail(module: &super::Plugin) -> Option<Thumbnail> {
    let game = module
        .new_game_in(
            &Options::defaults(&module.manifest().options),
            crate::locale::FALLBACK,
        )
        .ok()?;
    Some(Thumbnail {
        layout: game.layout().ok()?,
        view: game.view().ok()?,
    })
}

/// Inspects in this process: the data file's bytes (if any) read first.
fn in_process(copy: &Path, data: Option<&Path>) -> Result<Inspection, LoadError> {
    let bytes = data.map(super::data::read_data_copy).transpose()?;
    super::library::load_module(copy, bytes.as_deref()).map(|(i, _)| i)
}

/// The child's side of `tavola inspect FILE [--data DATA]`: inspects in process and
/// writes the answer as JSON to the protocol channel (what the plugin prints goes to
/// standard error).
pub fn inspect_command(file: &Path, data: Option<&Path>) -> std::io::Result<()> {
    let mut out = process::protocol_stdout();
    // The data file is read before the process is confined.
    let bytes = data.map(super::data::read_data_copy).transpose();
    // Confined before the library is opened: read access to the copy alone.
    crate::sandbox::arm(
        crate::sandbox::Allowance::default(),
        crate::sandbox::Reporter::Host,
    );
    let found =
        bytes.and_then(|bytes| super::library::load_module(file, bytes.as_deref()).map(|(i, _)| i));
    serde_json::to_writer(&mut out, &found)?;
    std::io::Write::flush(&mut out)
}

fn inspect_in_child(
    exe: &Path,
    copy: &Path,
    data: Option<&Path>,
    timeout: Duration,
) -> Result<Inspection, LoadError> {
    let mut command = process::command(exe, process::memory_limit().min(2 << 30));
    command.arg("inspect").arg(copy);
    if let Some(data) = data {
        command.arg("--data").arg(data);
    }
    // Waited for by this thread: it ends with the app, even one killed meanwhile.
    process::die_with_parent(&mut command);
    // A whole answer ends the child: one that answered and lingers costs nothing.
    let seen = std::cell::Cell::new(0);
    let answered = |out: &[u8]| {
        // Parsed again only when more has arrived and it could be whole (a JSON object
        // ends with `}`): a large answer arrives in many pieces, and parsing each prefix
        // would cost its length squared.
        out.len() != seen.replace(out.len())
            && out.trim_ascii_end().ends_with(b"}")
            && serde_json::from_slice::<Result<Inspection, LoadError>>(out).is_ok()
    };
    let done = process::run_until_answered(command, timeout, MAX_ANSWER_BYTES, &answered)
        .map_err(|e| LoadError::Crashed(format!("the inspecting process could not start: {e}")))?;
    if let Some(why) = done.verdict {
        return Err(LoadError::Crashed(crate::tr!("worker-overran", why = why)));
    }
    let Some(status) = done.status else {
        return Err(LoadError::Crashed(format!(
            "loading it did not finish within {:.1} s (its code hangs)",
            timeout.as_secs_f64()
        )));
    };
    if let Some(attempt) = crate::sandbox::Attempt::from_status(status, &done.stderr) {
        return Err(LoadError::Blocked(attempt.to_string()));
    }
    if let Ok(found) = serde_json::from_slice::<Result<Inspection, LoadError>>(&done.stdout) {
        // The child ran the plugin's code, which may have written its own answer.
        return checked_answer(found).unwrap_or_else(|e| {
            Err(LoadError::Broken(crate::tr!(
                "worker-invalid",
                error = e.to_string()
            )))
        });
    }
    let stderr = process::tail(&done.stderr, 300);
    Err(LoadError::Crashed(format!(
        "its code crashed while it was loaded: the inspecting process {}{}",
        process::describe_exit(status),
        if stderr.is_empty() {
            String::new()
        } else {
            format!(" ({stderr})")
        }
    )))
}
