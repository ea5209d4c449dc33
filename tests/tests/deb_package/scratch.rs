//! The scratch root the package is installed into: the package itself (by `dpkg --root`),
//! the libraries `ldd` names for its binaries, and empty `/tmp`, `/proc`, `/dev` and a
//! player's home; the installed `tavola` run there by `chroot`, with `/proc` and `/dev`
//! mounted in a mount namespace of its own (gone with the command, whatever happens).

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    process::Command,
    time::SystemTime,
};

/// Runs `command`; panics with its output if it fails; returns stdout and stderr.
pub fn run(command: &mut Command) -> String {
    let out = command.output().expect("the command starts");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{command:?} failed:\n{text}");
    text
}

/// Runs `command`; its standard output, trimmed.
pub fn text(command: &mut Command) -> String {
    let out = command.output().expect("the command starts");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// A scratch root with the package installed.
pub struct Root {
    dir: PathBuf,
    /// Every entry under `usr` after the installation, with its size and time.
    installed: BTreeMap<PathBuf, (u64, SystemTime)>,
}

/// The player's home in the root.
const HOME: &str = "home/player";

impl Root {
    /// Makes the root in `dir` (emptied first) and installs `deb` there.
    pub fn make(dir: &Path, deb: &Path) -> Root {
        if dir.exists() {
            std::fs::remove_dir_all(dir).unwrap();
        }
        let admin = dir.join("var/lib/dpkg");
        for sub in ["info", "updates", "triggers"] {
            std::fs::create_dir_all(admin.join(sub)).unwrap();
        }
        std::fs::write(admin.join("status"), "").unwrap();
        std::fs::write(admin.join("available"), "").unwrap();
        // The libraries are not packages of this root: their Depends cannot be met here.
        run(Command::new("dpkg")
            .arg(format!("--root={}", dir.display()))
            .args(["--force-depends", "--install"])
            .arg(deb));
        let mut elves = vec![dir.join("usr/bin/tavola")];
        for entry in std::fs::read_dir(dir.join("usr/lib/tavola/plugins")).unwrap() {
            elves.push(entry.unwrap().path());
        }
        for elf in &elves {
            for library in needed(elf) {
                let inside = dir.join(library.strip_prefix("/").unwrap());
                std::fs::create_dir_all(inside.parent().unwrap()).unwrap();
                // The file itself (a link is followed), where the loader looks for it.
                std::fs::copy(&library, &inside).unwrap();
            }
        }
        for sub in ["tmp", "proc", "dev", HOME] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.join("tmp"), std::fs::Permissions::from_mode(0o1777)).unwrap();
        let installed = snapshot(&dir.join("usr"));
        Root {
            dir: dir.to_path_buf(),
            installed,
        }
    }

    /// Runs the installed `tavola` with `args` in the root, as a player whose home is
    /// `/home/player`; its output (it must succeed).
    pub fn tavola(&self, args: &[&str]) -> String {
        let script = "mount -t proc proc \"$0/proc\" && mount --bind /dev \"$0/dev\" \
                      && exec chroot \"$0\" /usr/bin/tavola \"$@\"";
        run(Command::new("unshare")
            .args([
                "--mount",
                "--propagation",
                "private",
                "--",
                "sh",
                "-c",
                script,
            ])
            .arg(&self.dir)
            .args(args)
            .env_clear()
            .env("HOME", format!("/{HOME}"))
            .env("PATH", "/usr/bin:/bin:/usr/sbin:/sbin")
            .env("LANG", "C.UTF-8"))
    }

    /// Nothing under the installed tree changed while the app ran (it is read-only for a
    /// player: tables, caches and settings go to the player's folders).
    pub fn check_untouched_install(&self) {
        let now = snapshot(&self.dir.join("usr"));
        assert_eq!(
            now.keys().collect::<Vec<_>>(),
            self.installed.keys().collect::<Vec<_>>(),
            "files were added to or removed from the installed tree"
        );
        assert_eq!(now, self.installed, "the installed tree was written");
    }

    /// The private copies of the plugins are in the player's cache folder.
    pub fn check_user_folders(&self) {
        let cache = self.dir.join(HOME).join(".cache/tavola/plugins");
        let copies = std::fs::read_dir(&cache)
            .unwrap_or_else(|e| panic!("{}: {e}", cache.display()))
            .count();
        assert!(
            copies >= 9,
            "the private copies in {}: {copies}",
            cache.display()
        );
    }

    /// The endgame tables of `game` the installed app built are in the player's data
    /// folder (`~/.local/share/tavola/endgames/GAME`, a first-party plugin's; `GAME_HASH` for
    /// another's); [`Root::check_untouched_install`]
    /// says none went to the installed tree.
    pub fn check_endgame_tables(&self, game: &str) {
        let endgames = self.dir.join(HOME).join(".local/share/tavola/endgames");
        let tables: Vec<PathBuf> = std::fs::read_dir(&endgames)
            .unwrap_or_else(|e| panic!("{}: {e}", endgames.display()))
            .map(|e| e.unwrap().path())
            .filter(|d| {
                d.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n == game || n.starts_with(&format!("{game}_")))
            })
            .flat_map(|d| std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()))
            .filter(|f| f.extension().is_some_and(|e| e == "egdb"))
            .collect();
        assert!(
            tables.len() >= 7,
            "{game}'s tables (0 to 6 seeds) in {}: {tables:?}",
            endgames.display()
        );
    }
}

/// The libraries (and the loader) `ldd` names for `elf`, by their paths on this machine.
fn needed(elf: &Path) -> Vec<PathBuf> {
    let out = run(Command::new("ldd").arg(elf));
    out.lines()
        .filter_map(|line| {
            let path = match line.split_once("=>") {
                Some((_, right)) => right.split_whitespace().next()?,
                None => line.split_whitespace().next()?,
            };
            path.starts_with('/').then(|| PathBuf::from(path))
        })
        .collect()
}

/// Every entry under `dir` with its size and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (u64, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                stack.push(path.clone());
            }
            out.insert(path, (meta.len(), meta.modified().unwrap()));
        }
    }
    out
}

/// `tavola list --json` of the installed app: the system folders searched, every
/// first-party game loaded from `/usr/lib/tavola/plugins`, the catalogue's variants from
/// `/usr/share/tavola/catalogue`, and the sandbox on.
pub fn check_listing(listed: &serde_json::Value, first_party: &[&str]) {
    let dirs = listed["dirs"].as_array().expect("dirs");
    for system in ["/usr/lib/tavola/plugins", "/usr/share/tavola/catalogue"] {
        assert!(
            dirs.iter().any(|d| d["path"] == system
                && d["source"] == "system folder"
                && d["exists"] == true),
            "{system} searched as a system folder: {dirs:?}"
        );
    }
    let plugins = listed["plugins"].as_array().expect("plugins");
    let loaded = |id: &str, folder: &str| {
        plugins.iter().any(|p| {
            p["id"] == id
                && p["status"] == "loaded"
                && p["path"]
                    .as_str()
                    .is_some_and(|path| path.starts_with(folder))
        })
    };
    for game in first_party {
        assert!(
            loaded(game, "/usr/lib/tavola/plugins/"),
            "{game} loaded from the system folder: {plugins:#?}"
        );
    }
    let catalogue = plugins
        .iter()
        .filter(|p| {
            p["status"] == "loaded"
                && p["path"]
                    .as_str()
                    .is_some_and(|path| path.starts_with("/usr/share/tavola/catalogue/"))
        })
        .count();
    assert!(
        catalogue >= 10,
        "the catalogue's variants loaded: {catalogue}"
    );
    assert!(loaded("dakon", "/usr/share/tavola/catalogue/"));
    assert_eq!(
        listed["sandbox"]["sandboxed"], true,
        "{:?}",
        listed["sandbox"]
    );
}
