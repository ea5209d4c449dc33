//! The Debian package a player installs (issue 50): built by `packaging/build-deb` (a
//! release build of the host and the first-party plugins in the workspace's target
//! folder, then cargo-deb), its contents listed and checked, `lintian` run on it (no errors
//! allowed), and then **installed** with `dpkg --root` into a scratch root this test makes
//! from the libraries `ldd` names — never into this machine's own `/usr` — where the
//! installed `/usr/bin/tavola` runs in a `chroot`: `tavola list` must find every
//! first-party game and the catalogue in the compiled-in system folders, sandboxed, and
//! `tavola play` must play games to their end; nothing may be written under the installed
//! tree (`/usr`), the private copies, settings and endgame tables go to the player's
//! home.
//!
//! It needs root (`chroot`, `mount`), Debian's `apt-get` (for `dpkg-dev`, `lintian`,
//! `appstream` and `desktop-file-utils` when they are missing) and crates.io (for
//! `cargo-deb`, installed into the test's own folder when missing) — as CI has. Where one
//! of these is missing it says exactly which and why it is skipped. Its cost: the release
//! build (about 8 minutes on 2 cores from nothing; incremental after), cargo-deb's
//! installation the first time (about 3 minutes), and under a minute for the rest.

#[path = "deb_package/scratch.rs"]
mod scratch;

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use scratch::{Root, run, text};

/// The first-party games and the catalogue's variants the installed app must list.
const FIRST_PARTY: [&str; 8] = [
    "kalah",
    "oware",
    "hawalis",
    "congkak",
    "o-an-quan",
    "zaroc",
    "stork-migration",
    "bite-the-pumpkin",
];

fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests are in the workspace")
        .to_path_buf()
}

/// Why this machine cannot run the test, if it cannot (not root, not Debian).
fn cannot_run() -> Option<String> {
    if text(Command::new("id").arg("-u")) != "0" {
        return Some("not root: chroot and mount need root (CI runs as root)".to_owned());
    }
    if which("apt-get").is_none() || which("dpkg").is_none() {
        return Some("no apt-get or dpkg: the package is Debian's".to_owned());
    }
    None
}

fn which(tool: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(tool))
            .find(|p| p.is_file())
    })
}

/// Installs from Debian's packages the tools that are missing.
fn debian_tools() {
    let wanted = [
        ("dpkg-shlibdeps", "dpkg-dev"),
        ("lintian", "lintian"),
        ("appstreamcli", "appstream"),
        ("desktop-file-validate", "desktop-file-utils"),
    ];
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|(tool, _)| which(tool).is_none())
        .map(|(_, package)| *package)
        .collect();
    if missing.is_empty() {
        return;
    }
    eprintln!("installing from Debian's packages: {missing:?}");
    run(Command::new("apt-get").arg("update").arg("-qq"));
    run(Command::new("apt-get")
        .args(["install", "-y", "-qq", "--no-install-recommends"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive"));
}

/// cargo-deb: on the PATH, else installed (from crates.io) into `tools`.
fn cargo_deb(tools: &Path) -> PathBuf {
    if let Some(found) = which("cargo-deb") {
        return found;
    }
    let installed = tools.join("bin/cargo-deb");
    if !installed.is_file() {
        run(cargo()
            .args(["install", "cargo-deb", "--locked", "--root"])
            .arg(tools));
    }
    installed
}

fn cargo() -> Command {
    let mut c = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    c.env_remove("RUSTFLAGS");
    c
}

/// Builds the package into `target`; returns the `.deb`.
fn build(target: &Path, cargo_deb: &Path) -> PathBuf {
    let tools = cargo_deb.parent().expect("cargo-deb is in a folder");
    let path = std::env::join_paths(std::iter::once(tools.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let debian = target.join("debian");
    let _ = std::fs::remove_dir_all(&debian);
    run(Command::new(checkout().join("packaging/build-deb"))
        .env("CARGO_TARGET_DIR", target)
        .env("PATH", path)
        .env("CARGO", option_env!("CARGO").unwrap_or("cargo"))
        .env_remove("RUSTFLAGS"));
    let debs: Vec<PathBuf> = std::fs::read_dir(&debian)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "deb"))
        .collect();
    assert_eq!(
        debs.len(),
        1,
        "one package in {}: {debs:?}",
        debian.display()
    );
    debs[0].clone()
}

/// The package's files, its fields, and what lintian and the validators say.
fn check_package(deb: &Path) {
    let listing = run(Command::new("dpkg-deb").arg("--contents").arg(deb));
    let files: Vec<&str> = listing
        .lines()
        .filter_map(|l| l.split_whitespace().nth(5))
        .collect();
    let has = |path: &str| files.iter().any(|f| *f == format!(".{path}"));
    let mut wanted = vec![
        "/usr/bin/tavola".to_owned(),
        "/usr/lib/tavola/plugins/libmancala_data.so".to_owned(),
        "/usr/share/applications/org.tavola.Tavola.desktop".to_owned(),
        "/usr/share/metainfo/org.tavola.Tavola.metainfo.xml".to_owned(),
        "/usr/share/icons/hicolor/scalable/apps/org.tavola.Tavola.svg".to_owned(),
        "/usr/share/icons/hicolor/48x48/apps/org.tavola.Tavola.png".to_owned(),
        "/usr/share/man/man1/tavola.1.gz".to_owned(),
        "/usr/share/man/it/man1/tavola.1.gz".to_owned(),
        "/usr/share/doc/tavola/copyright".to_owned(),
    ];
    wanted.extend(
        FIRST_PARTY
            .iter()
            .map(|g| format!("/usr/lib/tavola/plugins/lib{}.so", g.replace('-', "_"))),
    );
    let catalogue = checkout().join("plugins/mancala-data/catalogue");
    for entry in std::fs::read_dir(&catalogue).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".mancala.toml") {
            wanted.push(format!("/usr/share/tavola/catalogue/{name}"));
        }
    }
    // The shipped puzzles, where the installed app looks for them (`../share/tavola/
    // puzzles` from `/usr/bin`).
    for entry in std::fs::read_dir(checkout().join("puzzles")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".puzzles") {
            wanted.push(format!("/usr/share/tavola/puzzles/{name}"));
        }
    }
    let missing: Vec<&String> = wanted.iter().filter(|w| !has(w)).collect();
    assert!(
        missing.is_empty(),
        "missing from the package: {missing:?}\n{listing}"
    );
    assert!(
        !files
            .iter()
            .any(|f| f.contains("fixture") || f.contains("hostile")),
        "a test fixture was packaged:\n{listing}"
    );

    let field = |name: &str| text(Command::new("dpkg-deb").arg("--field").arg(deb).arg(name));
    let depends = field("Depends");
    assert!(
        depends.contains("libc6 (>="),
        "Depends computed by dpkg-shlibdeps: {depends}"
    );
    let recommends = field("Recommends");
    assert!(
        recommends.contains("libgl1"),
        "the window's libraries: {recommends}"
    );
    assert!(
        !depends.contains("libgl1"),
        "loaded at run time: a Recommends: {depends}"
    );

    // Lintian: no errors (its warnings and notes are printed for the record).
    let lintian = Command::new("lintian")
        .args(["--fail-on", "error", "--tag-display-limit", "0"])
        .arg(deb)
        .output()
        .expect("lintian starts");
    let said = String::from_utf8_lossy(&lintian.stdout);
    eprintln!(
        "lintian says:\n{said}{}",
        String::from_utf8_lossy(&lintian.stderr)
    );
    assert!(lintian.status.success(), "lintian found errors:\n{said}");

    let packaging = checkout().join("packaging");
    run(Command::new("appstreamcli")
        .args(["validate", "--no-net"])
        .arg(packaging.join("org.tavola.Tavola.metainfo.xml")));
    run(Command::new("desktop-file-validate").arg(packaging.join("org.tavola.Tavola.desktop")));
}

#[test]
fn the_package_installs_into_a_scratch_root_and_plays_there() {
    if let Some(why) = cannot_run() {
        eprintln!("SKIPPED the Debian package test: {why}");
        return;
    }
    let start = std::time::Instant::now();
    let scratch_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("deb-package");
    std::fs::create_dir_all(&scratch_dir).unwrap();
    debian_tools();
    let cargo_deb = cargo_deb(&scratch_dir.join("tools"));
    // The workspace's own target folder: its `release` folder is locked apart from the
    // `debug` one this test runs from, and a developer's release build is reused.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder");
    let deb = build(target, &cargo_deb);
    let built = start.elapsed();
    eprintln!(
        "package {} ({} bytes) built in {:.0} s",
        deb.display(),
        std::fs::metadata(&deb).unwrap().len(),
        built.as_secs_f64()
    );
    check_package(&deb);

    let root = Root::make(&scratch_dir.join("root"), &deb);
    let list = root.tavola(&["list", "--json"]);
    let listed: serde_json::Value = serde_json::from_str(&list).expect("list --json is JSON");
    scratch::check_listing(&listed, &FIRST_PARTY);
    let plain = root.tavola(&["list"]);
    assert!(
        plain.contains("sandboxed"),
        "the plugins are sandboxed:\n{plain}"
    );
    for game in ["kalah", "dakon"] {
        let played = root.tavola(&["play", game, "--seed", "1", "--seat", "greedy"]);
        assert!(
            played.contains("Result: "),
            "{game} played to its end:\n{played}"
        );
    }
    // Endgame tables of an installed app: built into the player's data folder.
    let built_tables = root.tavola(&["endgame", "oware", "--build", "--seeds", "6"]);
    assert!(
        built_tables.contains("loaded up to 6 seeds"),
        "the tables were built:\n{built_tables}"
    );
    root.check_untouched_install();
    root.check_user_folders();
    root.check_endgame_tables("oware");
    eprintln!(
        "the Debian package test took {:.0} s (build {:.0} s)",
        start.elapsed().as_secs_f64(),
        built.as_secs_f64()
    );
}
