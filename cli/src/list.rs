//! `tavola list`: every plugin file found in the plugins folders, with its status, as a
//! table or JSON.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use serde_json::json;

use tavola_core::{
    plugins::{PluginFile, PluginSet, PluginStatus},
    printable::printable_line as line,
};

/// The arguments of `tavola list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tavola list`: every plugin file found, with its status.
pub(super) fn run(set: &PluginSet, args: &ListArgs) -> Result<ExitCode> {
    if args.json {
        print_json(set)?;
    } else {
        print_table(set);
    }
    Ok(ExitCode::SUCCESS)
}

/// `tavola list --json`: the folders, the plugin files, the unreadable entries and the
/// sandbox, as one JSON object.
fn print_json(set: &PluginSet) -> Result<()> {
    let dirs: Vec<_> = set
        .dirs
        .0
        .iter()
        .map(|d| json!({"path": d.path, "source": d.source.to_string(), "exists": d.path.is_dir()}))
        .collect();
    let files: Vec<_> = set.files.iter().map(file_json).collect();
    let problems: Vec<_> = set
        .problems
        .iter()
        .map(|p| json!({"path": p.path, "reason": p.reason}))
        .collect();
    let sandbox = tavola_core::sandbox::system_state();
    let sandbox = json!({
        "sandboxed": sandbox.is_sandboxed(),
        "state": match &sandbox {
            tavola_core::sandbox::SandboxState::Sandboxed { .. } => "sandboxed",
            tavola_core::sandbox::SandboxState::Unavailable { .. } => "unavailable",
            tavola_core::sandbox::SandboxState::Off => "off",
        },
        "text": sandbox.to_string(),
    });
    let text = serde_json::to_string_pretty(&json!({
        "dirs": dirs,
        "plugins": files,
        "unreadable": problems,
        "sandbox": sandbox,
    }))?;
    println!("{}", json_for_terminal(&text));
    Ok(())
}

/// One plugin file as `tavola list --json` gives it.
fn file_json(f: &PluginFile) -> serde_json::Value {
    let p = f.plugin();
    json!({
        "path": f.path,
        "status": f.status_word(),
        "id": p.map(|p| p.id()),
        "name": p.map(|p| p.manifest().name.clone()),
        "version": p.map(|p| p.manifest().version.clone()),
        "api_level": p.map(|p| p.api_level()),
        "hash": p.map(|p| p.meta().hash.clone()),
        "reason": f.reason(),
        // The file used for an id others offer too: why, and the others.
        "note": f.note(),
        "details": match &f.status {
            PluginStatus::Refused(e) => e.details().map(str::to_owned),
            _ => None,
        },
    })
}

/// `tavola list`: the sandbox, the folders, the unreadable entries, then a table of the
/// plugin files. Names, versions, reasons and paths come from plugins and from the
/// names of files strangers dropped: printed without their control characters.
fn print_table(set: &PluginSet) {
    let sandbox = tavola_core::sandbox::system_state().to_string();
    println!("{}", tavola_core::tr!("cli-list-sandbox", state = sandbox));
    println!("{}", tavola_core::tr!("cli-list-folders"));
    for d in &set.dirs.0 {
        let note = if d.path.is_dir() {
            String::new()
        } else {
            format!("  ({})", tavola_core::tr!("cli-list-missing-folder"))
        };
        println!(
            "  {}  [{}]{note}",
            line(&d.path.display().to_string()),
            d.source
        );
    }
    for p in &set.problems {
        let path = line(&p.path.display().to_string()).into_owned();
        let reason = line(&p.reason).into_owned();
        println!(
            "{}",
            tavola_core::tr!("cli-list-unreadable", path = path, reason = reason)
        );
    }
    if set.files.is_empty() {
        println!("{}", tavola_core::tr!("cli-list-none"));
        return;
    }
    println!();
    println!(
        "{:<20} {:<24} {:<9} {:<12} {}",
        tavola_core::tr!("cli-list-id"),
        tavola_core::tr!("cli-list-name"),
        tavola_core::tr!("cli-list-version"),
        tavola_core::tr!("cli-list-status"),
        tavola_core::tr!("cli-list-path")
    );
    for f in &set.files {
        print_row(f);
    }
}

/// One plugin file's row of the table, with its reason and note below it.
fn print_row(f: &PluginFile) {
    let (id, name, version) = f.plugin().map_or(("-", "-", "-"), |p| {
        (
            p.id(),
            p.manifest().name.as_str(),
            p.manifest().version.as_str(),
        )
    });
    let (name, version) = (line(name), line(version));
    println!(
        "{id:<20} {name:<24} {version:<9} {:<12} {}",
        status_in_words(f.status_word()),
        line(&f.path.display().to_string())
    );
    if let Some(reason) = f.reason() {
        println!("{:<20} └ {}", "", line(&reason));
    }
    if let Some(note) = f.note() {
        println!("{:<20} └ {}", "", line(&note));
    }
}

/// JSON text with DEL and the C1 control characters (U+0080–U+009F), which `serde_json`
/// leaves raw inside strings and some terminals act on, written as `\u` escapes: the
/// same JSON, inert on a terminal (C0 characters are escaped by `serde_json` already).
fn json_for_terminal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && !matches!(c, '\n' | '\t' | '\r') {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// A plugin's status word (`loaded`, …) in the player's language, for the table.
fn status_in_words(word: &str) -> String {
    match word {
        "loaded" => tavola_core::tr!("cli-status-loaded"),
        "shadowed" => tavola_core::tr!("cli-status-shadowed"),
        "incompatible" => tavola_core::tr!("cli-status-incompatible"),
        "crashed" => tavola_core::tr!("cli-status-crashed"),
        "blocked" => tavola_core::tr!("cli-status-blocked"),
        "failed" => tavola_core::tr!("cli-status-failed"),
        other => other.to_owned(),
    }
}
