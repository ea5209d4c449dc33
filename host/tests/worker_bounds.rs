//! The bounds the app holds a game's worker to from outside (`worker/watch.rs`), judged by
//! what the app's side of the worker says, with a plugin that misbehaves on demand
//! (`fixture-hostile`): a worker that burns a processor while nobody waits for it is
//! ended with that reason; one that runs thousands of threads is ended at the bound; one
//! that answers near the watchdog's limit is named as slow, and a quick one is not; one
//! whose main thread ends while another burns a processor is still seen, and ended.
//!
//! One test, in steps: the misbehaviour is chosen by an environment variable of this
//! process, which the workers it starts are given.

mod common;

use std::time::{Duration, Instant};

use common::plugins_of;
use tavola::{
    plugins::{DirSource, PluginDir, PluginDirs, PluginSet},
    worker::{RemoteGame, WorkerFailure},
};

fn set_env(key: &str, value: &str) {
    // SAFETY: this test binary has one test, and sets the variables before it starts the
    // workers that read them.
    unsafe {
        std::env::set_var(key, value);
        std::env::set_var("TAVOLA_PASS_ENV", "TAVOLA_HOSTILE,TAVOLA_HOSTILE_MS");
    }
}

fn start(dir: &std::path::Path) -> (RemoteGame, u32) {
    let set = PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]));
    let plugin = set.game("hostile").expect("the hostile plugin loads");
    let mut remote = RemoteGame::spawn(env!("CARGO_BIN_EXE_tavola").as_ref(), plugin, None)
        .unwrap_or_else(|e| panic!("{e}"));
    let options = game_api::Options::defaults(&plugin.manifest().options);
    let snapshot = remote.start(&options, None, &[]).expect("a game starts");
    (remote, snapshot.moves[0].id.0)
}

/// Waits (at most `limit`) for the worker to be found gone.
fn failure_within(remote: &mut RemoteGame, limit: Duration) -> Option<WorkerFailure> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(failure) = remote.failure() {
            return Some(failure);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    None
}

/// Polls `check` every 50 ms for at most `limit`.
fn wait_for(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// The `State:` line of `/proc/<pid>/status` (its main thread's state), if it exists.
fn state(pid: u32) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("State:"))
        .map(|s| s.trim().to_owned())
}

/// The processor time (user + system, in clock ticks) of every thread of process `pid`,
/// while it exists.
fn cpu(pid: u32) -> Option<u64> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut total = 0;
    for task in tasks.flatten() {
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let fields: Vec<&str> = after.split_whitespace().collect();
        // After the name: state is field 0, utime 11, stime 12.
        total += fields
            .get(11)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
            + fields
                .get(12)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0);
    }
    Some(total)
}

#[test]
fn a_worker_is_held_to_its_threads_its_idle_processor_and_is_named_when_slow() {
    let dir = plugins_of(&["fixture_hostile"]);

    // A processor burnt while nobody waits: ended, with the reason.
    set_env("TAVOLA_HOSTILE", "apply:spin");
    let (mut remote, mv) = start(dir.path());
    remote
        .play(mv)
        .expect("the move plays (the spinning starts)");
    match failure_within(&mut remote, Duration::from_secs(20)) {
        Some(WorkerFailure::Overran(why)) => assert!(why.contains("processor"), "{why}"),
        other => panic!("an idle worker burning a processor was not ended: {other:?}"),
    }

    // Its main thread ended (`/proc` then shows the process as a zombie) while another
    // thread burns a processor: the watch still sees the process and ends it.
    set_env("TAVOLA_HOSTILE", "apply:orphan");
    let (mut remote, mv) = start(dir.path());
    let pid = remote.pid();
    remote
        .play(mv)
        .expect("the move plays (the orphaning starts)");
    let orphaned = wait_for(Duration::from_secs(10), || {
        state(pid).is_some_and(|s| s.starts_with('Z')) && cpu(pid).is_some()
    });
    assert!(
        orphaned,
        "the attack did not end the main thread: {:?}",
        state(pid)
    );
    match failure_within(&mut remote, Duration::from_secs(20)) {
        Some(WorkerFailure::Overran(why)) => assert!(why.contains("processor"), "{why}"),
        other => panic!("a worker whose main thread ended was not ended: {other:?}"),
    }
    // Judged from outside: the process is gone, or burns nothing any more.
    let before = cpu(pid);
    std::thread::sleep(Duration::from_secs(1));
    let after = cpu(pid);
    assert!(
        after.is_none() || after == before,
        "the orphaned worker still runs: {before:?} → {after:?}"
    );

    // A worker that only waits is left alone.
    set_env("TAVOLA_HOSTILE", "");
    let (mut quiet, _) = start(dir.path());
    assert_eq!(failure_within(&mut quiet, Duration::from_secs(8)), None);
    assert!(quiet.slow().is_none());

    // Thousands of threads: ended at the bound.
    set_env("TAVOLA_HOSTILE", "apply:threads");
    let (mut remote, mv) = start(dir.path());
    let played = remote.play(mv);
    let failure = match played {
        Err(tavola::worker::WorkerError::Failed(f)) => Some(f),
        _ => failure_within(&mut remote, Duration::from_secs(10)),
    };
    match failure {
        Some(WorkerFailure::Overran(why)) => assert!(why.contains("threads"), "{why}"),
        other => panic!("a worker with 3,000 threads was not ended: {other:?}"),
    }

    // Slow answers, within the watchdog: named.
    set_env("TAVOLA_HOSTILE", "apply:slow");
    set_env("TAVOLA_HOSTILE_MS", "1500");
    // SAFETY: as in `set_env`.
    unsafe { std::env::set_var("TAVOLA_WATCHDOG_MS", "2500") };
    let (mut remote, mv) = start(dir.path());
    assert!(remote.slow().is_none());
    remote.play(mv).expect("a slow move still plays");
    let slow = remote.slow().expect("the slow plugin is named");
    assert!(slow.took >= Duration::from_millis(1500), "{slow:?}");
    assert_eq!(slow.limit, Duration::from_millis(2500));
}
