//! One record per side (issue 48 part 2): two apps play Kalah over the loopback
//! interface, the guest's app closed mid-game and resumed from its saved file, to the
//! end. Judged from the files on disk: each app's data folder holds exactly one record of
//! the game, whose moves are the ones its table shows, the same on both sides, with the
//! result; the guest's resumed game went on in that same file. And the record is held
//! once a side: a move the host's network side received and saved is in its table's
//! record before the host's app has run a single frame since (no copy made in step).

mod common;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
#[allow(dead_code)]
mod run_common;

use std::{
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use common::plugins_of;
use egui_kittest::{Harness, kittest::Queryable};
use tavola::{
    app::{AppConfig, Command, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    record::Record,
};

/// The app on the *Play online* screen, listening on the loopback interface only.
fn online_app(
    dir: &Path,
    data: &Path,
    setup: impl FnOnce(&mut TavolaApp),
) -> Harness<'static, TavolaApp> {
    let mut app = TavolaApp::new(
        PluginDirs(vec![PluginDir {
            path: dir.to_path_buf(),
            source: DirSource::CommandLine,
        }]),
        AppConfig {
            data_dir: Some(data.to_path_buf()),
            worker_exe: Some(env!("CARGO_BIN_EXE_tavola").into()),
            language: Some("en".into()),
            ..AppConfig::default()
        },
    );
    app.online_form_mut().listen = Some("127.0.0.1:0".parse().unwrap());
    app.online_form_mut().lan = false;
    setup(&mut app);
    let mut h = Harness::builder()
        .with_max_steps(8)
        .with_size([1200.0, 900.0])
        .build_ui_state(|ui, app: &mut TavolaApp| app.app_ui(ui), app);
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::PlayOnline, &ctx);
    h.step();
    assert_eq!(h.state().screen(), Screen::Online);
    h
}

/// Every file under `dir` that reads as a game record.
fn records_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if Record::read(&path).is_ok() {
                found.push(path);
            }
        }
    }
    found
}

/// The one record of the data folder `data` (the test fails if there are more).
fn the_one_record(data: &Path) -> PathBuf {
    let found = records_under(data);
    assert_eq!(
        found.len(),
        1,
        "not one record in {}: {found:?}",
        data.display()
    );
    found[0].clone()
}

/// The moves of a record as both sides must agree on them.
fn moves(r: &Record) -> Vec<(u32, String, Option<u8>, Option<String>)> {
    r.moves
        .iter()
        .map(|m| (m.id, m.notation.clone(), m.seat, m.check.clone()))
        .collect()
}

/// The record the app's table holds (its session's).
fn table_record(h: &Harness<'static, TavolaApp>) -> Record {
    h.state()
        .online()
        .and_then(|o| o.table())
        .expect("the table is open")
        .session()
        .record()
}

/// Whether the app's person is to move (the network side says so and the table shows
/// the game as it is).
fn to_move(h: &Harness<'static, TavolaApp>) -> bool {
    h.state().online().is_some_and(|o| o.your_turn) && h.state().enabled(Command::Resign)
}

/// Plays the first legal move at the table of `h`, by its key.
fn play_first(h: &mut Harness<'static, TavolaApp>) {
    let key = h
        .state()
        .online()
        .and_then(|o| o.table())
        .and_then(|t| t.legal_moves().first().and_then(|m| m.key.clone()))
        .and_then(|k| egui::Key::from_name(&k))
        .expect("a move with a key");
    h.key_press(key);
    h.step();
}

fn finished(h: &Harness<'static, TavolaApp>) -> bool {
    h.state().online().is_some_and(|o| o.finished.is_some())
}

/// Steps both apps, each person playing its first legal move in its turn, until `done`
/// (within 120 s).
fn play_both(
    a: &mut Harness<'static, TavolaApp>,
    b: &mut Harness<'static, TavolaApp>,
    what: &str,
    done: impl Fn(&Harness<'static, TavolaApp>, &Harness<'static, TavolaApp>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(Instant::now() < deadline, "{what}");
        a.step();
        b.step();
        if done(a, b) {
            return;
        }
        for h in [&mut *a, &mut *b] {
            if to_move(h) && !finished(h) {
                play_first(h);
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn an_online_game_between_two_apps_leaves_one_record_a_side_and_resumes_from_it() {
    let dir = plugins_of(&["kalah"]);
    let (data_a, data_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut a = online_app(dir.path(), data_a.path(), |app| {
        app.online_form_mut().game = Some("kalah".into());
    });
    a.get_by_label("Offer").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    let invite = loop {
        a.step();
        if let Some(i) = a.state().online().and_then(|o| o.invite.clone()) {
            break i;
        }
        assert!(Instant::now() < deadline, "no invite");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut b = online_app(dir.path(), data_b.path(), |app| {
        app.online_form_mut().invite = invite.clone();
    });
    b.get_by_label("Join").click();
    // A few moves each, then the guest's app is closed in its turn (its network side
    // stops there; the host waits for it to come back).
    play_both(&mut a, &mut b, "the game did not get going", |a, b| {
        let len = |h: &Harness<'static, TavolaApp>| {
            h.state()
                .online()
                .and_then(|o| o.table())
                .map_or(0, |t| t.session().moves().len())
        };
        (len(a) >= 4 && to_move(b)) || finished(a) || finished(b)
    });
    let said = |h: &Harness<'static, TavolaApp>| {
        h.state()
            .online()
            .map(|o| format!("{:?} {:?}", o.finished, o.reports))
    };
    assert!(
        !finished(&a) && !finished(&b),
        "the game ended too soon: host {:?}, guest {:?}",
        said(&a),
        said(&b)
    );
    one_record_in_memory(&a, &mut b, &the_one_record(data_a.path()));
    play_both(
        &mut a,
        &mut b,
        "the guest's turn did not come back",
        |_, b| to_move(b) || finished(b),
    );
    assert!(!finished(&a) && !finished(&b), "the game ended too soon");
    let guest_file = the_one_record(data_b.path());
    drop(b);
    // The guest's network side stops (standard lines closed): its last save stays.
    std::thread::sleep(Duration::from_secs(1));
    let stopped = net::read_record(&guest_file);
    assert!(stopped.result.is_none(), "the guest's record says it ended");
    assert!(
        stopped.net.is_some(),
        "the guest's record has no network section"
    );
    assert!(
        stopped.moves.len() >= 4,
        "{} moves saved",
        stopped.moves.len()
    );
    // Resumed from that file in a new app on the same data folder, played to the end.
    let mut c = online_app(dir.path(), data_b.path(), |_| {});
    c.get_by_label("Resume").click();
    play_both(&mut a, &mut c, "the resumed game did not end", |a, c| {
        finished(a) && finished(c)
    });
    for h in [&a, &c] {
        let result = h.state().online().unwrap().finished.clone().unwrap();
        assert!(result.is_ok(), "{result:?}");
    }
    // The tables catch up with the last step of the network side.
    let deadline = Instant::now() + Duration::from_secs(30);
    let host_file = the_one_record(data_a.path());
    while moves(&table_record(&a)) != moves(&net::read_record(&host_file))
        || moves(&table_record(&c)) != moves(&net::read_record(&guest_file))
    {
        assert!(Instant::now() < deadline, "a table never showed its record");
        a.step();
        c.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    // One record a side, still: the guest's resumed game went on in its one file.
    assert_eq!(the_one_record(data_a.path()), host_file);
    assert_eq!(the_one_record(data_b.path()), guest_file);
    let (host, guest) = (net::read_record(&host_file), net::read_record(&guest_file));
    println!(
        "host {}: {} moves; guest {}: {} moves ({} before the guest's app closed)",
        host_file.display(),
        host.moves.len(),
        guest_file.display(),
        guest.moves.len(),
        stopped.moves.len()
    );
    assert_eq!(moves(&host), moves(&guest), "the two sides' records differ");
    assert!(guest.moves.len() > stopped.moves.len());
    assert_eq!(moves(&guest)[..stopped.moves.len()], moves(&stopped)[..]);
    assert!(
        host.result.is_some() && guest.result.is_some(),
        "no result saved"
    );
    assert_eq!(host.result, guest.result);
    assert_eq!(host.net.as_ref().unwrap().role, "host");
    assert_eq!(guest.net.as_ref().unwrap().role, "guest");
    // Over, the secrets to come back are no longer kept.
    assert!(guest.net.as_ref().unwrap().token.is_none());
    assert!(host.net.as_ref().unwrap().host_secrets.is_none());
}

/// A side's table and its network side hold one record: the guest plays a move while
/// the host's app runs no frame (so no code of its table runs); once the host's network
/// side has saved that move, the host's table's record has it already, its cursor (what
/// the board shows) still before it.
fn one_record_in_memory(
    a: &Harness<'static, TavolaApp>,
    b: &mut Harness<'static, TavolaApp>,
    host_file: &Path,
) {
    let table_moves = |h: &Harness<'static, TavolaApp>| {
        let table = h.state().online().and_then(|o| o.table()).expect("a table");
        (table.session().record_len(), table.session().cursor())
    };
    let (before, shown) = table_moves(a);
    assert_eq!(
        net::read_record(host_file).moves.len(),
        before,
        "the host's file and table differ before the move"
    );
    assert!(to_move(b), "not the guest's turn");
    play_first(b);
    let deadline = Instant::now() + Duration::from_secs(60);
    while net::read_record(host_file).moves.len() == before {
        assert!(
            Instant::now() < deadline,
            "the host's network side never saved the guest's move"
        );
        b.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    let (after, still_shown) = table_moves(a);
    println!("host's table: {before} moves before, {after} after, the board at {still_shown}");
    assert_eq!(
        after,
        before + 1,
        "the host's table does not read the record its network side wrote"
    );
    assert_eq!(still_shown, shown, "the host's table moved without a frame");
    let saved = net::read_record(host_file);
    let table = a.state().online().and_then(|o| o.table()).unwrap();
    let followed = table
        .session()
        .followed()
        .expect("the table follows a record");
    assert_eq!(
        moves(&followed.get())[..after],
        moves(&saved)[..after],
        "the host's table and file differ"
    );
    assert_eq!(
        table.session().moves().len(),
        shown,
        "a move listed before it is shown"
    );
}
