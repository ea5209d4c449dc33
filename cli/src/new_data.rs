//! `tavola new --mancala-file NAME [--path FILE]`: a mancala variant as a data file
//! (`NAME.mancala.toml`), which needs no compiler: the mancala-data plugin's starting
//! file (Kalah, every key explained), with the game's id and name set. It passes
//! `tavola check` untouched.

use std::{path::PathBuf, process::ExitCode};

use anyhow::{Context, Result, bail};

use super::new::{NewArgs, check_name, title};

/// The starting file: the loader's own template, shipped with it.
const TEMPLATE: &str = include_str!("../../plugins/mancala-data/template.mancala.toml");

/// The starting file for the game `name`: its id, and its title as its name.
pub fn text(name: &str) -> String {
    TEMPLATE
        .replacen("id = \"my-mancala\"", &format!("id = \"{name}\""), 1)
        .replacen(
            "name = \"My Mancala\"",
            &format!("name = \"{}\"", title(name)),
            1,
        )
        .replacen(
            "name = \"Il mio mancala\"",
            &format!("name = \"{}\"", title(name)),
            1,
        )
        .replacen("# My Mancala\n", &format!("# {}\n", title(name)), 1)
        .replacen("# Il mio mancala\n", &format!("# {}\n", title(name)), 1)
}

/// Writes the file for `args` (never over an existing one); returns its path.
pub fn create(args: &NewArgs) -> Result<PathBuf> {
    check_name(&args.name)?;
    let path = args
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.mancala.toml", args.name)));
    if !path.to_string_lossy().ends_with(".mancala.toml") {
        bail!(
            "{}: a mancala data file's name ends in `.mancala.toml`",
            path.display()
        );
    }
    if path.exists() {
        bail!("{} exists already: it is not replaced", path.display());
    }
    std::fs::write(&path, text(&args.name))
        .with_context(|| tavola_core::tr!("new-writing", path = path.display().to_string()))?;
    Ok(path)
}

/// `tavola new --mancala-file`: writes the file and says what to do next.
pub(super) fn run(args: &NewArgs) -> Result<ExitCode> {
    let path = create(args)?;
    println!(
        "Created {} (a mancala variant as data: no compiler needed).\n\nNext:\n  \
         edit it (every key is explained in docs/mancala-data.md)\n  tavola check {}\n  \
         copy it into a plugins folder (in the app: the Plugins panel, F2, Open plugins folder) and play it",
        path.display(),
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_file_names_the_game() {
        let text = super::text("last-seed");
        assert!(text.contains("id = \"last-seed\""));
        assert!(text.contains("name = \"Last Seed\""));
        assert!(!text.contains("my-mancala") && !text.contains("My Mancala"));
    }
}
