//! *Play online* in the app, driven through egui_kittest: the app offers Kalah (with
//! options), a `tavola net join` bot joins on the loopback interface, the remote moves
//! arrive on the board and the person's moves go back, to the end of the game; and a
//! guest killed mid-game is resumed from the app's list of stopped games.

mod common;
#[path = "common/net.rs"]
mod net;
#[path = "common/cli.rs"]
mod run_common;

use std::{
    path::Path,
    time::{Duration, Instant},
};

use common::plugins_of;
use egui_kittest::{
    Harness,
    kittest::{NodeT, Queryable},
};
use game_api::OptionValue;
use tavola::{
    app::{AppConfig, Command, Screen, TavolaApp},
    plugins::{DirSource, PluginDir, PluginDirs},
    session::SeatKind,
};

/// The app on the *Play online* screen, with the plugins of `dir` and its data in
/// `data`, listening on the loopback interface only.
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
    // No multicast here: the game offered is not listed on the local network.
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

/// Plays the person's turns until the game is over, as a person would at the table:
/// the key of the first legal move written as one of `letters`; returns the moves played
/// (each counted once the table sent it to the network side).
fn play_to_the_end(h: &mut Harness<'static, TavolaApp>, letters: &[&str]) -> usize {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut played = 0;
    loop {
        h.step();
        let online = h.state().online().expect("the game is on");
        if let Some(result) = online.finished.clone() {
            assert!(result.is_ok(), "{result:?}");
            return played;
        }
        if online.your_turn
            && let Some(key) = online.table().and_then(|t| {
                t.legal_moves()
                    .iter()
                    .find(|m| letters.contains(&m.notation.as_str()))
                    .and_then(|m| m.key.clone())
            })
        {
            h.key_press(egui::Key::from_name(&key).expect("a key"));
            h.step();
            played += usize::from(!h.state().online().unwrap().your_turn);
        }
        assert!(Instant::now() < deadline, "the game did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The moves the table shows, as the network side's record has them.
fn table_moves(h: &Harness<'static, TavolaApp>) -> tavola::record::Record {
    h.state()
        .online()
        .and_then(|o| o.table())
        .expect("the table is open")
        .session()
        .record()
}

/// Presses *Offer* and returns the invite the app then shows (within 30 s).
fn offer(h: &mut Harness<'static, TavolaApp>) -> String {
    h.get_by_label("Offer").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        h.step();
        if let Some(i) = h.state().online().and_then(|o| o.invite.clone()) {
            return i;
        }
        assert!(Instant::now() < deadline, "no invite");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The app offering `game` (of the plugin crate `lib`) with its default options: the
/// plugins' folder, the app's data folder, the app and the invite it shows.
fn offering(
    lib: &str,
    game: &str,
) -> (
    tempfile::TempDir,
    tempfile::TempDir,
    Harness<'static, TavolaApp>,
    String,
) {
    let dir = plugins_of(&[lib]);
    let data = tempfile::tempdir().unwrap();
    let mut h = online_app(dir.path(), data.path(), |app| {
        app.online_form_mut().game = Some(game.into());
    });
    let invite = offer(&mut h);
    (dir, data, h, invite)
}

/// A `tavola net host` offering `game` (of the plugin crate `lib`) with `options`,
/// played by a random bot: the plugins' folder, a data folder, the host's record file,
/// the host and its invite.
fn hosted_by_bot(
    lib: &str,
    game: &str,
    options: &[&str],
) -> (
    tempfile::TempDir,
    tempfile::TempDir,
    std::path::PathBuf,
    net::Side,
    String,
) {
    let dir = plugins_of(&[lib]);
    let data = tempfile::tempdir().unwrap();
    let host_record = data.path().join("host.json");
    let record = host_record.to_str().unwrap().to_owned();
    let args = [&[game, "--bot", "random", "--record", &record], options].concat();
    let (host_side, invite) = net::host(dir.path(), &args);
    (dir, data, host_record, host_side, invite)
}

fn the_saved_game(data: &Path) -> tavola::record::Record {
    let saved: Vec<_> = std::fs::read_dir(data.join("online"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    net::read_record(&saved[0])
}

fn same_moves(a: &tavola::record::Record, b: &tavola::record::Record) {
    let key =
        |m: &tavola::record::RecordedMove| (m.id, m.notation.clone(), m.seat, m.check.clone());
    assert_eq!(
        a.moves.iter().map(key).collect::<Vec<_>>(),
        b.moves.iter().map(key).collect::<Vec<_>>()
    );
}

#[test]
fn the_app_offers_a_game_with_its_options_and_plays_it_against_a_remote_bot() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = online_app(dir.path(), data.path(), |app| {
        let form = app.online_form_mut();
        form.game = Some("kalah".into());
        // As the options grid's slider sets it: four houses a side.
        form.values.insert("houses".into(), OptionValue::Int(4));
        // Clocks on: five minutes a seat, two seconds a move.
        form.clock = (true, 5, 2);
    });
    // The label and the slider it labels.
    assert!(
        h.query_all_by_label("Houses per side").next().is_some(),
        "no options shown"
    );
    let invite = offer(&mut h);
    h.get_by_label("Copy");
    h.get_by_label("The same invite as a QR code, for a phone's camera.");
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
    let deadline = Instant::now() + Duration::from_secs(30);
    while h.query_by_label_contains("South: ").is_none()
        || h.state().online().and_then(|o| o.table()).is_none()
    {
        assert!(Instant::now() < deadline, "no clocks or no table shown");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    // The table: the person's seat and a remote one, treated as a bot's (waited for);
    // the history is the network side's, so only a takeback request, a resignation and
    // a draw offer are offered.
    let table = h
        .state()
        .online()
        .unwrap()
        .table()
        .expect("the table is open");
    assert_eq!(
        table.session().seats(),
        [SeatKind::Person, SeatKind::Remote]
    );
    assert!(!table.history_here(), "the table is not the network game's");
    for command in [
        Command::Redo,
        Command::Back,
        Command::ToStart,
        Command::Hint,
    ] {
        assert!(!h.state().enabled(command), "{command:?} is enabled");
    }
    // Resigning needs the person's turn as the network side says it and the table caught
    // up with it: both come on their own frames, so wait for them (bounded).
    let deadline = Instant::now() + Duration::from_secs(30);
    while !h.state().enabled(Command::Resign) {
        assert!(Instant::now() < deadline, "Resign never became possible");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let played = play_to_the_end(&mut h, &["a", "b", "c", "d"]);
    assert!(played > 0, "the person never moved");
    // Every move the network side recorded is played again at the table, and the game
    // over shows there too.
    // The game's time is the game's (the summary says it), not the table's.
    let times = |r: &tavola::record::Record| r.moves.iter().map(|m| m.at_ms).collect::<Vec<_>>();
    let saved = the_saved_game(data.path());
    let deadline = Instant::now() + Duration::from_secs(30);
    while times(&table_moves(&h)) != times(&saved) {
        assert!(Instant::now() < deadline, "the table did not catch up");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    let shown = table_moves(&h);
    let table = h.state().online().unwrap().table().unwrap();
    assert!(table.is_over(), "the table does not show the end");
    let joined = guest.finish(Duration::from_secs(30));
    assert!(joined.ok, "{}", joined.stderr);
    assert!(joined.stdout.contains("Result:"), "{}", joined.stdout);
    // Both sides saved the game, move by move the same, with the options offered.
    let ours = the_saved_game(data.path());
    let theirs = net::read_record(&guest_record);
    assert!(ours.result.is_some());
    same_moves(&ours, &theirs);
    same_moves(&ours, &shown);
    assert_eq!(theirs.options.get("houses"), Some(&OptionValue::Int(4)));
    let clock = theirs
        .clock
        .clone()
        .expect("the clocks travelled with the offer");
    assert_eq!((clock.per_game_ms, clock.increment_ms), (300_000, 2_000));
    assert!(ours.moves.iter().all(|m| !"efEF".contains(&m.notation)));
    h.get_by_label("Close").click();
    h.step();
    assert!(h.state().online().is_none());
}

#[test]
fn a_guest_killed_mid_game_is_resumed_from_the_apps_list() {
    let dir = plugins_of(&["oware"]);
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().join("online");
    std::fs::create_dir_all(&folder).unwrap();
    let stopped = folder.join("oware-1.json");
    let host_record = data.path().join("host.json");
    let (host_side, invite) = net::host(
        dir.path(),
        &[
            "oware",
            "--bot",
            "random",
            "--record",
            host_record.to_str().unwrap(),
            "--reconnect",
            "60",
        ],
    );
    // The guest as the app's data folder keeps it, killed hard after a few moves.
    let mut guest = net::join(
        dir.path(),
        &invite,
        &["--bot", "random", "--record", stopped.to_str().unwrap()],
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while net::read_record_lines(&stopped) <= 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    guest.kill();
    let before = net::read_record(&stopped);
    assert!(before.result.is_none(), "the game ended before the kill");
    let mut h = online_app(dir.path(), data.path(), |_| {});
    h.get_by_label("Resume").click();
    // Back in the game: the board is drawn at once (the record was replayed first) and
    // faces North, the seat this side plays.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !h.state().online().is_some_and(|o| o.shows_board()) {
        assert!(Instant::now() < deadline, "no board after resuming");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(h.state().online().unwrap().turned());
    let played = play_to_the_end(
        &mut h,
        &["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
    );
    assert!(played > 0, "the person never moved after coming back");
    let hosted = host_side.finish(Duration::from_secs(60));
    assert!(hosted.ok, "the host failed:\n{}", hosted.stderr);
    assert!(hosted.stderr.contains("back"), "{}", hosted.stderr);
    let ours = net::read_record(&stopped);
    let theirs = net::read_record(&host_record);
    assert!(ours.result.is_some() && theirs.result.is_some());
    same_moves(&ours, &theirs);
    assert!(ours.moves.len() > before.moves.len());
    // Over, it is no longer offered for resuming.
    h.get_by_label("Close").click();
    h.step();
    assert!(h.query_by_label("Resume").is_none());
}

#[test]
fn the_app_waits_for_a_guest_that_drops_and_plays_on_when_it_is_back() {
    let (dir, data, mut h, invite) = offering("oware", "oware");
    let guest_record = data.path().join("guest.json");
    let mut guest = net::join(
        dir.path(),
        &invite,
        &[
            "--bot",
            "random",
            "--record",
            guest_record.to_str().unwrap(),
        ],
    );
    // A few moves, then the guest's process dies mid-game.
    let letters = ["a", "b", "c", "d", "e", "f"];
    let deadline = Instant::now() + Duration::from_secs(60);
    while net::read_record_lines(&guest_record) <= 4 {
        h.step();
        let key = h.state().online().filter(|o| o.your_turn).and_then(|o| {
            o.table()?
                .legal_moves()
                .iter()
                .find(|m| letters.contains(&m.notation.as_str()))?
                .key
                .clone()
        });
        if let Some(key) = key {
            h.key_press(egui::Key::from_name(&key).expect("a key"));
        }
        assert!(Instant::now() < deadline, "the game did not get going");
        std::thread::sleep(Duration::from_millis(10));
    }
    guest.kill();
    let said = |h: &Harness<'static, TavolaApp>, text: &str| {
        h.state()
            .online()
            .is_some_and(|o| o.reports.iter().any(|r| r.contains(text)))
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while !said(&h, "left") {
        assert!(
            Instant::now() < deadline,
            "the app did not notice the guest leave"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        h.state().online().unwrap().finished.is_none(),
        "the game must wait"
    );
    // The guest comes back from its record, and the game goes on to its end.
    let back = net::join(
        dir.path(),
        "",
        &[
            "--resume",
            guest_record.to_str().unwrap(),
            "--bot",
            "random",
        ],
    );
    play_to_the_end(&mut h, &letters);
    assert!(said(&h, "back"));
    let joined = back.finish(Duration::from_secs(30));
    assert!(joined.ok, "{}", joined.stderr);
    same_moves(
        &the_saved_game(data.path()),
        &net::read_record(&guest_record),
    );
}

#[test]
fn a_game_offered_on_the_local_network_is_joined_with_a_click() {
    use tavola::net::{
        Invite,
        lan::{LanGame, announcement},
    };
    let (dir, data, host_record, host_side, invite) = hosted_by_bot("kalah", "kalah", &[]);
    // The game as the local network's search would find it: its announcement read back
    // at the address the host listens on (loopback; no multicast is sent here).
    let offered = Invite::parse(&invite).unwrap();
    let addrs: Vec<std::net::SocketAddr> = offered.endpoint.ip_addrs().copied().collect();
    let found = LanGame::from_service(
        "Kalah (pc)._tavola._udp.local.",
        "pc.local.",
        &addrs,
        &announcement(&offered),
    )
    .unwrap();
    let mut h = online_app(dir.path(), data.path(), |_| {});
    h.state_mut().lan_list_mut().show_games(vec![found]);
    h.step();
    h.get_by_label("Kalah, on pc");
    // The list's Join (the pasted-invite one is disabled: nothing is pasted).
    let join = h
        .query_all_by_label("Join")
        .find(|n| !n.accesskit_node().is_disabled())
        .expect("the listed game's Join");
    join.click();
    h.step();
    let played = play_to_the_end(&mut h, &["A", "B", "C", "D", "E", "F"]);
    assert!(played > 0, "the person never moved");
    let hosted = host_side.finish(Duration::from_secs(30));
    assert!(hosted.ok, "{}", hosted.stderr);
    same_moves(
        &the_saved_game(data.path()),
        &net::read_record(&host_record),
    );
}

/// Waits until the typing side `side` is asked for a move; returns its first legal move.
fn asked_to_move(side: &mut net::Side) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    while let Some(line) = side.line(deadline.saturating_duration_since(Instant::now())) {
        if let Some(legal) = line.split("legal: ").nth(1) {
            return legal
                .split_whitespace()
                .next()
                .expect("a legal move")
                .to_owned();
        }
    }
    panic!("the typing side was never asked to move");
}

/// Steps the app until `done` holds (within 30 s).
fn until(h: &mut Harness<'static, TavolaApp>, what: &str, done: impl Fn(&TavolaApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(h.state()) {
        assert!(Instant::now() < deadline, "{what}");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The key of the move written `notation` at the table.
fn key_of(h: &Harness<'static, TavolaApp>, notation: &str) -> egui::Key {
    let table = h
        .state()
        .online()
        .and_then(|o| o.table())
        .expect("the table");
    let key = table
        .legal_moves()
        .iter()
        .find(|m| m.notation == notation)
        .and_then(|m| m.key.clone())
        .unwrap_or_else(|| panic!("no key for {notation}"));
    egui::Key::from_name(&key).expect("a key")
}

/// Presses the key of the move written `notation` at the table.
fn press_move(h: &mut Harness<'static, TavolaApp>, notation: &str) {
    let key = key_of(h, notation);
    h.key_press(key);
    h.step();
    assert!(
        !h.state().online().unwrap().your_turn,
        "the move {notation} was not sent"
    );
}

fn table_len(app: &TavolaApp) -> usize {
    app.online()
        .and_then(|o| o.table())
        .map_or(0, |t| t.session().moves().len())
}

#[test]
fn a_takeback_and_a_draw_offer_cross_the_network_at_the_table() {
    let (dir, data, mut h, invite) = offering("kalah", "kalah");
    let guest_record = data.path().join("guest.json");
    let mut guest = net::join_typing(
        dir.path(),
        &invite,
        &["--record", guest_record.to_str().unwrap()],
    );
    until(&mut h, "the person is never to move", |app| {
        app.online().is_some_and(|o| o.your_turn) && app.enabled(Command::Resign)
    });
    // The person's move `a` (no extra turn), by its key; a second key at once (`b`)
    // is no second move; nor can a takeback, a draw or a resignation be asked while the
    // other side is to move (the network side would read them in a later turn).
    let b = key_of(&h, "b");
    press_move(&mut h, "a");
    h.key_press(b);
    h.step();
    for command in [Command::Undo, Command::OfferDraw, Command::Resign] {
        assert!(
            !h.state().enabled(command),
            "{command:?} in the other's turn"
        );
    }
    let reply = asked_to_move(&mut guest);
    guest.type_line(&reply);
    until(&mut h, "the guest's move never reached the table", |app| {
        table_len(app) == 2 && app.enabled(Command::Undo)
    });
    // Still the person's turn, two moves played: the second key was not kept for later.
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(table_len(h.state()), 2);
    // Undo asks the other side to take back; the guest agrees, and the table goes back
    // to before the person's move (the guest's reply with it).
    let ctx = h.ctx.clone();
    assert!(h.state().enabled(Command::Undo));
    h.state_mut().run_command(Command::Undo, &ctx);
    h.step();
    assert!(
        guest.wait_for("yes/no", Duration::from_secs(30)),
        "the guest was not asked"
    );
    guest.type_line("yes");
    until(&mut h, "the takeback never reached the table", |app| {
        table_len(app) == 0 && app.enabled(Command::Resign)
    });
    assert!(
        !h.state().enabled(Command::Undo),
        "nothing is left to take back"
    );
    // The person plays again; the guest offers a draw instead of moving, and the person
    // accepts it from the bar: the game ends so at the table too.
    press_move(&mut h, "a");
    asked_to_move(&mut guest);
    guest.type_line("draw");
    until(&mut h, "the draw offer never came", |app| {
        app.online().is_some_and(|o| o.question.is_some())
    });
    h.get_by_label("Yes").click();
    h.step();
    until(&mut h, "the game did not end", |app| {
        app.online().is_some_and(|o| o.finished.is_some())
            && app.online().unwrap().table().unwrap().is_over()
    });
    let table = h.state().online().unwrap().table().unwrap();
    assert_eq!(
        table.final_result().and_then(|(_, ending)| ending),
        Some(tavola::ending::Ending::AgreedDraw)
    );
    let joined = guest.finish(Duration::from_secs(30));
    assert!(joined.ok, "{}", joined.stderr);
    let theirs = net::read_record(&guest_record);
    assert_eq!(theirs.ending, Some(tavola::ending::Ending::AgreedDraw));
    same_moves(&the_saved_game(data.path()), &theirs);
    assert_eq!(
        theirs.moves.len(),
        1,
        "the moves taken back stay out of the record"
    );
}

#[test]
fn resigning_at_the_table_ends_the_game_on_both_sides() {
    let (dir, data, mut h, invite) = offering("kalah", "kalah");
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
    until(&mut h, "the person is never to move", |app| {
        app.online().is_some_and(|o| o.your_turn) && app.enabled(Command::Resign)
    });
    // Resign, confirmed as at any table: the network side resigns the seat.
    let ctx = h.ctx.clone();
    assert!(h.state().enabled(Command::Resign));
    h.state_mut().run_command(Command::Resign, &ctx);
    h.run_steps(3);
    h.get_by_label("Yes, resign").click();
    h.step();
    until(&mut h, "the resignation did not end the game", |app| {
        app.online()
            .is_some_and(|o| o.finished.is_some() && o.table().is_some_and(|t| t.is_over()))
    });
    let ending = Some(tavola::ending::Ending::Resigned { seat: 0 });
    let table = h.state().online().unwrap().table().unwrap();
    assert_eq!(table.final_result().and_then(|(_, e)| e), ending);
    assert!(guest.finish(Duration::from_secs(30)).ok);
    assert_eq!(net::read_record(&guest_record).ending, ending);
    assert_eq!(the_saved_game(data.path()).ending, ending);
}

/// The app watches `game` (of the plugin crate `lib`) played by bots on the network to
/// its end: the table follows every move, chance outcomes included, and every seat is
/// someone else's.
fn watch_to_the_end(lib: &str, game: &str, options: &[&str]) {
    let (dir, data, host_record, host_side, invite) = hosted_by_bot(lib, game, options);
    let mut h = online_app(dir.path(), data.path(), |app| {
        let form = app.online_form_mut();
        form.invite = invite.clone();
        form.watch = true;
    });
    h.get_by_label("Watch").click();
    // Let the spectator say hello before the players come.
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let guests_count = host_side.open_seats;
    let guests: Vec<net::Side> = (0..host_side.open_seats)
        .map(|_| net::join(dir.path(), &invite, &["--bot", "random"]))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while h.state().online().unwrap().finished.is_none() {
        assert!(Instant::now() < deadline, "{game}: the game did not end");
        assert!(
            !h.state().online().unwrap().your_turn,
            "a spectator is never to move"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        host_side.finish(Duration::from_secs(30)).ok,
        "{game}: the host failed"
    );
    for g in guests {
        assert!(
            g.finish(Duration::from_secs(30)).ok,
            "{game}: a guest failed"
        );
    }
    let hosted = net::read_record(&host_record);
    assert!(
        hosted.moves.iter().any(|m| m.seat.is_none()) || game != "stork-migration",
        "{game}: no chance outcome was played"
    );
    until(&mut h, "the table did not catch up", |app| {
        table_len(app) == hosted.moves.len()
    });
    let table = h.state().online().unwrap().table().unwrap();
    assert!(
        table
            .session()
            .seats()
            .iter()
            .all(|s| *s == SeatKind::Remote),
        "{game}: a spectator plays no seat"
    );
    assert!(table.is_over(), "{game}: the table does not show the end");
    assert_eq!(table.session().seats().len(), 1 + guests_count);
    same_moves(&table.session().record(), &hosted);
}

#[test]
fn a_spectator_follows_kalah_a_dice_game_and_a_three_seat_game_at_the_table() {
    watch_to_the_end("kalah", "kalah", &[]);
    watch_to_the_end("stork_migration", "stork-migration", &[]);
    // Three seats: the host and two players on other computers.
    watch_to_the_end(
        "bite_the_pumpkin",
        "bite-the-pumpkin",
        &["--option", "players=3"],
    );
}

#[test]
fn the_local_network_list_stops_when_the_form_is_left() {
    let dir = plugins_of(&["kalah"]);
    let data = tempfile::tempdir().unwrap();
    let mut h = online_app(dir.path(), data.path(), |_| {});
    // A list shown (as a search would show it; no multicast here), then another screen.
    h.state_mut().lan_list_mut().show_games(Vec::new());
    h.step();
    assert!(h.state_mut().lan_list_mut().looking());
    h.get_by_label("None found yet (a game is listed while it waits for players, if its host lets it be listed).");
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::NewGame, &ctx);
    h.step();
    assert!(!h.state_mut().lan_list_mut().looking(), "still searching");
}

#[test]
fn an_offer_is_cancelled_while_waiting_and_its_port_is_given_back() {
    let (_dir, _data, mut h, invite) = offering("kalah", "kalah");
    let offered = tavola::net::Invite::parse(&invite).unwrap();
    let port = offered
        .endpoint
        .ip_addrs()
        .next()
        .expect("an address")
        .port();
    // The port is the offer's while it waits.
    assert!(std::net::UdpSocket::bind(("127.0.0.1", port)).is_err());
    h.get_by_label("Cancel").click();
    h.step();
    assert!(h.state().online().is_none(), "the offer is still shown");
    // The network side stops: its port is free again (within a few seconds).
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::UdpSocket::bind(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "the offer still listens on {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_guest_has_the_board_tab_and_the_rules_and_quit_asks_first() {
    let (dir, data, _host_record, host_side, invite) = hosted_by_bot("kalah", "kalah", &[]);
    let mut h = online_app(dir.path(), data.path(), |app| {
        app.online_form_mut().invite = invite.clone();
    });
    h.get_by_label("Join").click();
    until(&mut h, "the table never opened", |app| {
        app.online().is_some_and(|o| o.table().is_some())
    });
    // The guest moves and the host replies: at the guest's turn again, with a move of
    // its own in the record, Undo asks for a takeback.
    let turn =
        |app: &TavolaApp| app.online().is_some_and(|o| o.your_turn) && app.enabled(Command::Resign);
    until(&mut h, "never the guest's turn", turn);
    let first = h.state().online().unwrap().table().unwrap().legal_moves()[0]
        .notation
        .clone();
    let before = table_len(h.state());
    press_move(&mut h, &first);
    until(&mut h, "the guest's turn never came back", |app| {
        table_len(app) > before && turn(app)
    });
    assert!(
        h.state().enabled(Command::Undo),
        "the guest cannot ask for a takeback"
    );
    // No game at this computer: the network game's board is the *Board* tab.
    assert!(
        h.query_all_by_label("Board").next().is_some(),
        "no Board tab"
    );
    h.get_by_label("Rules").click();
    h.step();
    h.get_by_label("Hide the rules");
    // The texts speak of the seats by their names, never their numbers.
    for said in &h.state().online().unwrap().reports {
        assert!(!said.contains("seat"), "a seat number: {said}");
    }
    // Quit during the game asks first; Cancel leaves the game as it was.
    let ctx = h.ctx.clone();
    h.state_mut().run_command(Command::Quit, &ctx);
    // A modal is sized on its first frame and shown on the next.
    h.step();
    h.step();
    h.get_by_label_contains("leave the online game?");
    h.get_by_label("Cancel").click();
    // The modal fades out over a few frames.
    for _ in 0..30 {
        h.step();
        if h.query_by_label_contains("leave the online game?")
            .is_none()
        {
            break;
        }
    }
    assert!(
        h.query_by_label_contains("leave the online game?")
            .is_none(),
        "still asked"
    );
    assert!(h.state().online().is_some_and(|o| o.finished.is_none()));
    drop(host_side);
}
