//! The network game is held once at the app (issue 48 part 2): while the app plays a
//! game offered on the loopback interface, it runs one worker process for it — the
//! table's, through which the network side checks every move — not one for the table
//! and another for the network side. Counted from outside: this test's own child
//! processes started as `tavola worker` (its own binary, so that no other test of the
//! same process is counted).

mod common;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
#[allow(dead_code)]
mod run_common;

use std::time::{Duration, Instant};

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, Command, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

/// This process's children that run `… worker`.
fn workers() -> usize {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| {
            let dir = e.path();
            let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
            // pid (comm) state ppid …: the fields after the command's closing bracket.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .map(str::to_owned);
            let cmdline = std::fs::read(dir.join("cmdline")).unwrap_or_default();
            let worker = cmdline.split(|&b| b == 0).any(|arg| arg == b"worker");
            ppid.as_deref() == Some(me.as_str()) && worker
        })
        .count()
}

#[test]
#[cfg(target_os = "linux")]
fn an_online_game_at_the_app_runs_one_worker() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut app = TavolaApp::new(
        PluginDirs(vec![PluginDir {
            path: dir.path().to_path_buf(),
            source: DirSource::CommandLine,
        }]),
        AppConfig {
            data_dir: Some(data.path().to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.online_form_mut().listen = Some("127.0.0.1:0".parse().unwrap());
    app.online_form_mut().lan = false;
    app.online_form_mut().game = Some("kalah".into());
    let mut h = Harness::builder()
        .with_max_steps(8)
        .with_size([1200.0, 900.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app);
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::PlayOnline, &ctx);
    h.step();
    assert_eq!(h.state().screen(), Screen::Online);
    assert_eq!(workers(), 0, "a worker before the game");
    h.get_by_label("Offer").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    let invite = loop {
        h.step();
        if let Some(i) = h.state().online().and_then(|o| o.invite.clone()) {
            break i;
        }
        assert!(Instant::now() < deadline, "no invite");
        std::thread::sleep(Duration::from_millis(20));
    };
    let guest = net::join(dir.path(), &invite, &["--bot", "random"]);
    // The table open and a few moves played by both sides.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        h.step();
        let moves = h
            .state()
            .online()
            .and_then(|o| o.table())
            .map_or(0, |t| t.session().moves().len());
        let my_turn = h.state().enabled(Command::Resign);
        if moves >= 1 && my_turn {
            break;
        }
        if moves == 0 && my_turn {
            // The person opens: the first legal move, by its key.
            let key = h
                .state()
                .online()
                .and_then(|o| o.table())
                .and_then(|t| t.legal_moves().first().and_then(|m| m.key.clone()))
                .and_then(|k| egui::Key::from_name(&k))
                .expect("a move with a key");
            h.key_press(key);
        }
        assert!(Instant::now() < deadline, "the game did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let counted = workers();
    println!("worker processes of the app during the online game: {counted}");
    assert_eq!(
        counted, 1,
        "the game is held in {counted} workers, not once"
    );
    drop(h);
    let _ = guest.finish(Duration::from_secs(5));
}
