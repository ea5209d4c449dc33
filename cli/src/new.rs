//! `tavola new NAME [--mancala] [--path DIR] [--tavola-path DIR | --git URL [--rev REV]]`:
//! a new plugin crate, ready to build, test, check and open. The templates are in
//! `host/templates/`: a game written on `game_api::Game` directly, or a mancala variant
//! on `mancala-kit`.

use std::{
    path::{Path, PathBuf},
    process::ExitCode,
};

use anyhow::{Context, Result, bail};
use clap::Args;

/// The arguments of `tavola new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game's id, which is also the crate's name: lowercase letters, digits and
    /// hyphens, starting with a letter (e.g. `last-stone`).
    pub name: String,
    /// A mancala variant on mancala-kit instead of a game on `game_api::Game` directly.
    #[arg(long)]
    pub mancala: bool,
    /// A mancala variant as a data file (`NAME.mancala.toml`, no compiler needed) instead
    /// of a crate; `--path` is then the file.
    #[arg(long, conflicts_with_all = ["mancala", "tavola_path", "git"])]
    pub mancala_file: bool,
    /// The folder to create (default: NAME in the current folder); it must not exist or
    /// be empty.
    #[arg(long, value_name = "DIR")]
    pub path: Option<PathBuf>,
    /// Depend on the crates of this Tavola checkout (path dependencies). The default is
    /// the checkout this `tavola` was built from, if it is still there.
    #[arg(long, value_name = "DIR", conflicts_with = "git")]
    pub tavola_path: Option<PathBuf>,
    /// Depend on the crates of this Tavola git repository instead.
    #[arg(long, value_name = "URL")]
    pub git: Option<String>,
    /// With `--git`: the commit, tag or branch to pin.
    #[arg(long, value_name = "REV", requires = "git")]
    pub rev: Option<String>,
}

/// A template file: where it goes in the new crate, and its text.
struct File {
    path: &'static str,
    text: &'static str,
}

const GAME: &[File] = &[
    File {
        path: "Cargo.toml",
        text: include_str!("../templates/game/Cargo.toml.in"),
    },
    File {
        path: "rules.md",
        text: include_str!("../templates/game/rules.md.in"),
    },
    File {
        path: "src/lib.rs",
        text: include_str!("../templates/game/lib.rs.in"),
    },
    File {
        path: "tests/rules.rs",
        text: include_str!("../templates/game/rules_test.rs.in"),
    },
];

const MANCALA: &[File] = &[
    File {
        path: "Cargo.toml",
        text: include_str!("../templates/mancala/Cargo.toml.in"),
    },
    File {
        path: "rules.md",
        text: include_str!("../templates/mancala/rules.md.in"),
    },
    File {
        path: "src/lib.rs",
        text: include_str!("../templates/mancala/lib.rs.in"),
    },
    File {
        path: "tests/rules.rs",
        text: include_str!("../templates/mancala/rules_test.rs.in"),
    },
];

/// Where the new crate takes `game-api` and `mancala-kit` from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A Tavola checkout on this machine.
    Path(PathBuf),
    /// A Tavola git repository, optionally pinned.
    Git {
        /// The repository's URL.
        url: String,
        /// A commit, tag or branch.
        rev: Option<String>,
    },
}

impl Source {
    /// The dependency line for the package `package`, which lives in the folder `folder`
    /// of the repository.
    pub fn dependency(&self, package: &str, folder: &str) -> Result<String> {
        Ok(match self {
            Source::Path(root) => {
                let path = root.join(folder);
                format!(
                    "{package} = {{ path = {} }}",
                    toml_string(&path.to_string_lossy())?
                )
            }
            Source::Git { url, rev } => {
                let rev = match rev {
                    Some(r) => format!(", rev = {}", toml_string(r)?),
                    None => String::new(),
                };
                format!("{package} = {{ git = {}{rev} }}", toml_string(url)?)
            }
        })
    }
}

/// `text` as a TOML literal string.
fn toml_string(text: &str) -> Result<String> {
    if text.contains('\'') || text.contains('\n') {
        bail!(tavola_core::tr!("new-not-literal", text = text));
    }
    Ok(format!("'{text}'"))
}

/// Checks a game id / crate name: lowercase ASCII letters, digits and single hyphens,
/// starting with a letter, at most 64 characters.
pub fn check_name(name: &str) -> Result<()> {
    let ok = name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && !name.contains("--")
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !ok {
        bail!(tavola_core::tr!("new-bad-name", name = name));
    }
    Ok(())
}

/// The game's title from its id: `last-stone` → `Last Stone`.
pub fn title(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The Rust type name from the id: `last-stone` → `LastStone`; a leading digit after a
/// hyphen is kept (`x-2` → `X2`).
pub fn type_name(name: &str) -> String {
    title(name).replace(' ', "")
}

/// The checkout this binary was built from, if it still holds the crates.
fn own_checkout() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent()?;
    root.join("game-api/Cargo.toml")
        .is_file()
        .then(|| root.to_path_buf())
}

/// Writes the new crate for `args` into its folder; returns the folder.
pub fn create(args: &NewArgs) -> Result<PathBuf> {
    check_name(&args.name)?;
    let source = match (&args.tavola_path, &args.git) {
        (Some(dir), _) => {
            let dir = dir
                .canonicalize()
                .with_context(|| format!("--tavola-path {}", dir.display()))?;
            if !dir.join("game-api/Cargo.toml").is_file() {
                bail!(tavola_core::tr!(
                    "new-not-a-checkout",
                    path = dir.display().to_string()
                ));
            }
            Source::Path(dir)
        }
        (None, Some(url)) => Source::Git {
            url: url.clone(),
            rev: args.rev.clone(),
        },
        (None, None) => Source::Path(own_checkout().context(
            "this tavola was not built from a checkout that is still on this machine: give \
             --tavola-path DIR (a clone of the Tavola repository) or --git URL",
        )?),
    };
    let dir = args
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from(&args.name));
    if dir.exists()
        && std::fs::read_dir(&dir)
            .with_context(|| tavola_core::tr!("new-reading", path = dir.display().to_string()))?
            .next()
            .is_some()
    {
        bail!(tavola_core::tr!(
            "new-not-empty",
            path = dir.display().to_string()
        ));
    }
    let values = [
        ("{{name}}", args.name.clone()),
        ("{{crate}}", args.name.replace('-', "_")),
        ("{{title}}", title(&args.name)),
        ("{{type}}", type_name(&args.name)),
        ("{{game_api}}", source.dependency("game-api", "game-api")?),
        (
            "{{mancala_kit}}",
            source.dependency("mancala-kit", "plugins/mancala-kit")?,
        ),
    ];
    let files = if args.mancala { MANCALA } else { GAME };
    for file in files {
        let mut text = file.text.to_owned();
        for (key, value) in &values {
            text = text.replace(key, value);
        }
        let path = dir.join(file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| {
                tavola_core::tr!("new-creating", path = parent.display().to_string())
            })?;
        }
        std::fs::write(&path, text)
            .with_context(|| tavola_core::tr!("new-writing", path = path.display().to_string()))?;
    }
    std::fs::write(dir.join(".gitignore"), "/target\nCargo.lock\n").with_context(|| {
        tavola_core::tr!(
            "new-writing",
            path = dir.join(".gitignore").display().to_string()
        )
    })?;
    Ok(dir)
}

/// `tavola new`: creates the crate and says what to do next.
pub(super) fn run(args: &NewArgs) -> Result<ExitCode> {
    if args.mancala_file {
        return super::new_data::run(args);
    }
    let dir = create(args)?;
    let lib = format!(
        "{}{}{}",
        std::env::consts::DLL_PREFIX,
        args.name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    );
    let what = if args.mancala {
        tavola_core::tr!("new-kind-mancala")
    } else {
        tavola_core::tr!("new-kind-game")
    };
    println!(
        "{}\n\n{}\n  cd {}\n  cargo test                       # {}\n  cargo build --release\n  tavola check target/release/{lib}\n  tavola --plugins target/release open {}",
        tavola_core::tr!("new-created", path = dir.display().to_string(), what = what),
        tavola_core::tr!("new-next"),
        dir.display(),
        tavola_core::tr!("new-test-comment"),
        args.name
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_titles_and_types() {
        assert!(check_name("last-stone").is_ok());
        assert!(check_name("x2").is_ok());
        for bad in ["", "Last", "2x", "a--b", "a-", "a_b", "a b", "ä"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert_eq!(title("last-stone"), "Last Stone");
        assert_eq!(type_name("last-stone"), "LastStone");
        assert_eq!(type_name("x-2"), "X2");
    }

    #[test]
    fn dependency_lines() {
        let git = Source::Git {
            url: "https://example.org/tavola.git".into(),
            rev: Some("v0.1.0".into()),
        };
        assert_eq!(
            git.dependency("game-api", "game-api").unwrap(),
            "game-api = { git = 'https://example.org/tavola.git', rev = 'v0.1.0' }"
        );
        let path = Source::Path("/src/tavola".into());
        assert_eq!(
            path.dependency("mancala-kit", "plugins/mancala-kit")
                .unwrap(),
            "mancala-kit = { path = '/src/tavola/plugins/mancala-kit' }"
        );
        assert!(Source::Path("/it's".into()).dependency("a", "b").is_err());
    }
}
