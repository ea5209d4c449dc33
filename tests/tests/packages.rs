//! The two crates an outside author depends on, `game-api` and `mancala-kit`, packaged as
//! they would be published, and `mancala-kit` built (library, tests and examples) from its
//! package against the packaged — not yet published — `game-api`.
//!
//! The build uses a small workspace of the unpacked packages with `game-api` patched in by
//! path, offline, with this workspace's `Cargo.lock`. (`cargo package`'s own verification
//! of a crate that depends on another unpublished one unpacks it into cargo's registry
//! folder under a name made from the target folder's path, and reuses an earlier unpacking
//! found there: a machine that packaged an older `game-api` from the same path verified the
//! kit against that old copy. This test unpacks into a folder of its own every time.)

use std::{
    path::{Path, PathBuf},
    process::Command,
};

fn run(command: &mut Command) -> String {
    let out = command.output().expect("the command starts");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{command:?} failed:\n{text}");
    text
}

fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests are in the workspace")
        .to_path_buf()
}

fn cargo() -> Command {
    let mut c = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    c.env_remove("RUSTFLAGS");
    c
}

#[test]
fn the_kit_builds_from_its_package_against_the_packaged_contract() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("packages");
    let packages = scratch.join("package-target");
    let unpacked = scratch.join("unpacked");
    let _ = std::fs::remove_dir_all(&packages);
    let _ = std::fs::remove_dir_all(&unpacked);
    std::fs::create_dir_all(&unpacked).unwrap();

    let out = run(cargo()
        .current_dir(checkout())
        .args(["package", "--no-verify", "--allow-dirty", "--offline"])
        .args(["-p", "game-api", "-p", "mancala-kit", "--target-dir"])
        .arg(&packages));
    assert!(out.contains("Packaged"), "{out}");

    let version = env!("CARGO_PKG_VERSION");
    for name in ["game-api", "mancala-kit"] {
        let file = packages
            .join("package")
            .join(format!("{name}-{version}.crate"));
        assert!(file.is_file(), "{} was not written", file.display());
        // `m`: the files get the time of unpacking, not the archive's fixed one, so that
        // cargo does not take an earlier run's build of the same crate for up to date.
        run(Command::new("tar")
            .current_dir(&unpacked)
            .arg("xzmf")
            .arg(&file));
    }
    let kit = format!("mancala-kit-{version}");
    let manifest = std::fs::read_to_string(unpacked.join(&kit).join("Cargo.toml")).unwrap();
    let dependency = manifest
        .split("[dependencies.game-api]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .unwrap_or_else(|| panic!("the packaged kit depends on game-api:\n{manifest}"));
    assert!(
        dependency.contains(&format!("version = \"{version}\"")) && !dependency.contains("path"),
        "the packaged kit names game-api by version, not by path:{dependency}"
    );
    std::fs::write(
        unpacked.join("Cargo.toml"),
        format!(
            "[workspace]\nmembers = [\"{kit}\"]\nresolver = \"3\"\n\n\
             [patch.crates-io]\ngame-api = {{ path = \"game-api-{version}\" }}\n"
        ),
    )
    .unwrap();
    std::fs::copy(checkout().join("Cargo.lock"), unpacked.join("Cargo.lock")).unwrap();

    run(cargo()
        .current_dir(&unpacked)
        .args(["build", "--offline", "--all-targets", "--target-dir"])
        .arg(scratch.join("build-target")));
}
