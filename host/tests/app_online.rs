//! *Play online* in the app, driven through egui_kittest: the app offers Kalah, a
//! `tavola net join` bot joins on the loopback interface, the remote moves arrive on the
//! board and the person's moves go back, to the end of the game.

mod common;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::time::{Duration, Instant};

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, Command, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
};

#[test]
fn the_app_offers_a_game_and_plays_it_against_a_remote_bot() {
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
    app.online_form_mut().game = Some("kalah".into());
    let mut h = Harness::builder()
        .with_max_steps(8)
        .with_size([1200.0, 800.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app);
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::PlayOnline, &ctx);
    h.run();
    assert_eq!(h.state().screen(), Screen::Online);
    h.get_by_label("Offer").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    let invite = loop {
        h.run();
        if let Some(i) = h.state().online().and_then(|o| o.invite.clone()) {
            break i;
        }
        assert!(Instant::now() < deadline, "no invite");
        std::thread::sleep(Duration::from_millis(20));
    };
    h.get_by_label("Copy");
    let guest_record = data.path().join("guest.json");
    let guest = net::join(
        dir.path(),
        &invite,
        &[
            "--bot",
            "random",
            "--record",
            guest_record.to_str().unwrap(),
        ],
    );
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut played = 0;
    loop {
        h.run();
        let online = h.state().online().expect("the game is on");
        if let Some(result) = online.finished.clone() {
            assert!(result.is_ok(), "{result:?}");
            break;
        }
        if online.your_turn {
            // The first legal move's button (its notation), as a person would click it.
            let first = ["a", "b", "c", "d", "e", "f"]
                .into_iter()
                .find(|n| h.query_by_label(n).is_some());
            if let Some(n) = first {
                h.get_by_label(n).click();
                played += 1;
            }
        }
        assert!(Instant::now() < deadline, "the game did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(played > 0, "the person never moved");
    let joined = guest.finish(Duration::from_secs(30));
    assert!(joined.ok, "{}", joined.stderr);
    assert!(joined.stdout.contains("Result:"), "{}", joined.stdout);
    // Both sides saved the game, move by move the same.
    let saved: Vec<_> = std::fs::read_dir(data.path().join("online"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let ours = net::read_record(&saved[0]);
    let theirs = net::read_record(&guest_record);
    assert!(ours.result.is_some());
    let key =
        |m: &tavola::record::RecordedMove| (m.id, m.notation.clone(), m.seat, m.check.clone());
    assert_eq!(
        ours.moves.iter().map(key).collect::<Vec<_>>(),
        theirs.moves.iter().map(key).collect::<Vec<_>>()
    );
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().online().is_none());
}
