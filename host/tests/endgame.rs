//! `tavola endgame` on the real Oware and Kalah plugins: status, build, a corrupt file
//! rebuilt, a probe, and a game without tables refused.

mod common;
#[path = "common/cli.rs"]
mod run;

use run::tavola;

use std::path::Path;

#[test]
fn endgame_builds_reports_rebuilds_a_corrupt_file_and_probes() {
    let plugins = common::plugins_of(&["oware", "kalah", "congkak"]);
    let tables = tempfile::tempdir().unwrap();
    let dir = tables.path().to_str().unwrap();
    let endgame = |extra: &[&str]| {
        let mut args = vec!["endgame", "oware", "--dir", dir, "--seeds", "4"];
        args.extend_from_slice(extra);
        tavola(plugins.path(), &args)
    };
    let run = endgame(&[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("Not built up to 4 seeds"),
        "{}",
        run.stdout
    );

    let run = endgame(&["--build"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Built every position with up to 4 seeds")
    );
    assert!(
        run.stdout.contains("  4 seeds:         1365 positions"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("In all: 1,820 positions"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("loaded up to 4 seeds"));

    // Damage the 3-seed file: it is refused, deleted, and built again.
    let files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 5, "{files:?}");
    let three = files
        .iter()
        .find(|p| p.to_string_lossy().ends_with("-03.egdb"))
        .unwrap();
    let mut bytes = std::fs::read(three).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(three, &bytes).unwrap();
    let run = endgame(&[]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stderr.contains("checksum does not match"),
        "{}",
        run.stderr
    );
    assert!(!three.exists());
    assert!(
        run.stdout.contains("loaded up to 2 seeds"),
        "{}",
        run.stdout
    );

    let run = endgame(&["--build", "--position", "0,0,0,0,0,1/1,0,0,0,0,0 24-22 S"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(three.exists());
    assert!(
        run.stdout
            .contains("0,0,0,0,0,1/1,0,0,0,0,0 24-22 S: perfect play: a draw"),
        "{}",
        run.stdout
    );
    let run = endgame(&["--position", "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S"]);
    assert!(
        run.stdout
            .contains("perfect play: North wins (by 4 with every seed played out)"),
        "{} / {}",
        run.stdout,
        run.stderr
    );

    // Kalah's tables (stores in the ring): South's lone seed captures North's two.
    let run = tavola(
        plugins.path(),
        &[
            "endgame",
            "kalah",
            "--dir",
            dir,
            "--seeds",
            "3",
            "--build",
            "--position",
            "0,0,0,0,1,0/2,0,0,0,0,0 20-25 S",
        ],
    );
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("0,0,0,0,1,0/2,0,0,0,0,0 20-25 S: perfect play: North wins by 2"),
        "{}",
        run.stdout
    );

    // The solver and the hint read them (`--endgames`), and agree with them.
    let position = "1,0,0,0,1,0/2,0,0,0,0,1 20-23 S";
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "kalah", "--quiet", "--position", position];
        args.extend_from_slice(extra);
        tavola(plugins.path(), &args)
    };
    let plain = solve(&[]);
    let with_tables = solve(&["--endgames", dir]);
    assert!(with_tables.ok, "{}", with_tables.stderr);
    assert!(
        with_tables
            .stderr
            .contains("endgame tables loaded: up to 3 seeds"),
        "{}",
        with_tables.stderr
    );
    let value = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("Value:"))
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(value(&plain.stdout), value(&with_tables.stdout));
    assert!(!value(&plain.stdout).is_empty(), "{}", plain.stdout);
    let hint = tavola(
        plugins.path(),
        &[
            "hint",
            "kalah",
            "--position",
            position,
            "--level",
            "expert",
            "--time",
            "50",
            "--endgames",
            dir,
        ],
    );
    assert!(hint.ok, "{}", hint.stderr);
    let elsewhere = tempfile::tempdir().unwrap();
    let empty = elsewhere.path().to_str().unwrap();
    let run = solve(&["--endgames", empty]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("no endgame tables for kalah in"),
        "{}",
        run.stderr
    );

    let run = tavola(plugins.path(), &["endgame", "congkak", "--dir", dir]);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("this game has no endgame tables"),
        "{} / {}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn the_worker_builds_loads_and_probes_the_tables_in_its_own_process() {
    use game_api::endgame::{TablesOp, TablesRequest};
    use std::time::{Duration, Instant};
    use tavola::worker::{Reply, Request, Worker};

    let plugins = common::plugins_of(&["oware"]);
    let tables = tempfile::tempdir().unwrap();
    let lib = format!(
        "{}oware{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    // A worker loads private copies (named by their content hash) only, and may write
    // only the tables folder it is given.
    let cache = tempfile::tempdir().unwrap();
    let copy = tavola::plugins::private_copy(&plugins.path().join(lib), cache.path()).unwrap();
    let mut worker = Worker::spawn(Path::new(env!("CARGO_BIN_EXE_tavola"))).unwrap();
    let second = Duration::from_secs(30);
    let reply = worker
        .call(
            Request::Load {
                copy: copy.path,
                tables_dir: Some(tables.path().to_path_buf()),
                language: String::new(),
                data: None,
            },
            second,
        )
        .unwrap();
    assert!(matches!(reply, Reply::Loaded { .. }));
    worker
        .call(
            Request::Start {
                options: Default::default(),
                position: Some("0,0,0,0,0,1/1,0,0,0,0,0 24-22 S".into()),
                moves: vec![],
                language: String::new(),
            },
            second,
        )
        .unwrap();
    let mut ask = |op| {
        let request = TablesRequest {
            op,
            dir: tables.path().to_string_lossy().into_owned(),
            seeds: Some(3),
        };
        match worker.call(Request::Tables { request }, second).unwrap() {
            Reply::Tables(status) => *status,
            other => panic!("{other:?}"),
        }
    };
    assert!(
        ask(TablesOp::Probe).probe.is_none(),
        "nothing is loaded yet"
    );
    ask(TablesOp::Build);
    let deadline = Instant::now() + second;
    while !ask(TablesOp::Status).build.is_some_and(|b| b.finished) {
        assert!(Instant::now() < deadline, "the build never ended");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = ask(TablesOp::Probe);
    assert_eq!(status.loaded, Some(3));
    assert_eq!(status.files.len(), 4);
    let play = status.probe.expect("the position is in the tables");
    assert_eq!(play.describe(&["South", "North"]), "perfect play: a draw");
}

#[test]
fn the_engine_session_loads_the_tables_it_is_given_and_refuses_a_folder_without() {
    use std::{io::Write, process::Stdio};

    let plugins = common::plugins_of(&["oware"]);
    let tables = tempfile::tempdir().unwrap();
    let dir = tables.path().to_str().unwrap();
    let engine = |extra: &[&str]| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tavola"))
            .arg("--no-default-plugins")
            .arg("--plugins")
            .arg(plugins.path())
            .args(["engine", "oware", "--level", "alphabeta:2"])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        // A session that started answers; one that refused has gone (and closed its end).
        let _ = stdin.write_all(b"position startpos moves a F\ngo\nquit\n");
        drop(stdin);
        child.wait_with_output().unwrap()
    };
    let out = engine(&["--endgames", dir]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no endgame tables for oware in"), "{err}");
    let run = tavola(
        plugins.path(),
        &["endgame", "oware", "--dir", dir, "--seeds", "3", "--build"],
    );
    assert!(run.ok, "{}", run.stderr);
    let out = engine(&["--endgames", dir, "--endgame-seeds", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("endgame tables loaded: up to 3 seeds"),
        "{err}"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("bestmove "),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
