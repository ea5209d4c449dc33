//! The host trusts no child: answers forged on a worker's pipe or an inspecting child's,
//! and a forged cached inspection, are refused in the app's process with what is wrong,
//! and nothing of them is used. The "worker" here is a shell script that answers each
//! request with the next of a list of forged answers, as plugin code writing on the
//! worker's protocol pipe could.

#![cfg(unix)]

mod common;

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use game_api::{
    Effect, Layout, Manifest, MoveId, MoveInfo, Piece, Shape, Site, SiteContent, SiteId, Turn, View,
};
use tavola::{
    plugins::{Inspection, Inspector, LoadError, Thumbnail},
    worker::{
        Reply, Request, Snapshot, Worker, WorkerError, WorkerFailure,
        protocol::{Answer, write_frame},
    },
};

const WAIT: Duration = Duration::from_secs(10);

fn manifest() -> Manifest {
    Manifest::new("nim", "Nim", "1.0.0")
}

fn layout(sites: u16) -> Layout {
    Layout {
        size: [100.0, 50.0],
        sites: (0..sites)
            .map(|i| Site {
                id: SiteId(i),
                shape: Shape::Pit,
                center: [10.0 + 20.0 * f32::from(i), 25.0],
                size: [10.0, 10.0],
                owner: None,
                label: String::new(),
                style: String::new(),
            })
            .collect(),
        ..Layout::default()
    }
}

fn counts(counts: &[u32]) -> View {
    View {
        sites: (0u16..)
            .zip(counts)
            .map(|(i, &count)| {
                let piece = Piece::new("seed");
                (SiteId(i), SiteContent::Count { piece, count })
            })
            .collect(),
        ..View::default()
    }
}

/// A proper position of a two-site game: seat 0 to move, moves 0 and 1.
fn snapshot(with_layout: bool) -> Snapshot {
    Snapshot {
        layout: with_layout.then(|| layout(2)),
        view: counts(&[3, 0]),
        turn: Turn::Seat { seat: 0 },
        moves: vec![
            MoveInfo::new(MoveId(0), vec![SiteId(0)], "a"),
            MoveInfo::new(MoveId(1), vec![SiteId(1)], "b"),
        ],
        notation: "3,0".into(),
        seat_count: 2,
    }
}

fn answer(id: u64, reply: Reply) -> Answer {
    Answer {
        id,
        reply: Ok(reply),
    }
}

fn loaded() -> Answer {
    answer(
        1,
        Reply::Loaded {
            manifest: Box::new(manifest()),
        },
    )
}

fn position(id: u64, snapshot: Snapshot) -> Answer {
    answer(
        id,
        Reply::Position {
            snapshot: Box::new(snapshot),
            warnings: vec![],
        },
    )
}

/// A fake worker in `dir`: writes its pid and its grandchild's to files, then answers
/// each request it reads with the next of `answers`, then stays (as a hung plugin would).
fn fake_worker(dir: &Path, answers: &[Answer]) -> PathBuf {
    for (i, a) in answers.iter().enumerate() {
        let mut line = Vec::new();
        write_frame(&mut line, a).unwrap();
        std::fs::write(dir.join(format!("answer-{i:03}")), line).unwrap();
    }
    let script = dir.join("worker.sh");
    let d = dir.display();
    write_script(
        &script,
        &format!(
            "#!/bin/sh\n\
             echo $$ > '{d}/pid'\n\
             sleep 30 &\n\
             echo $! > '{d}/grandchild'\n\
             for answer in '{d}'/answer-*; do\n\
               IFS= read -r request || exit 0\n\
               cat \"$answer\"\n\
             done\n\
             sleep 30\n"
        ),
    );
    script
}

/// Writes an executable script at `path`. The file is written by a child process
/// (`install`): were it written here, a child forked meanwhile by another test's thread
/// would hold it open for writing until its exec, and running the script would fail
/// with "Text file busy".
fn write_script(path: &Path, text: &str) {
    let source = path.with_extension("txt");
    std::fs::write(&source, text).unwrap();
    let status = std::process::Command::new("install")
        .args(["-m", "755"])
        .arg(&source)
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success(), "install {}", path.display());
}

fn start() -> Request {
    Request::Start {
        options: game_api::Options::default(),
        position: None,
        moves: vec![],
        language: String::new(),
    }
}

fn load() -> Request {
    Request::Load {
        copy: "nim.so".into(),
        tables_dir: None,
        language: String::new(),
        data: None,
    }
}

/// Whether process `pid` is gone (a zombie no one reaps runs no more either).
fn gone(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    if unsafe { libc::kill(pid, 0) } != 0 {
        return true;
    }
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit(')')
            .next()
            .unwrap_or("")
            .trim()
            .starts_with('Z')
    })
}

/// Whether process `pid` is gone within a moment (a SIGKILL takes effect soon, not at
/// once).
fn gone_soon(pid: i32) -> bool {
    let until = std::time::Instant::now() + Duration::from_secs(3);
    while !gone(pid) && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    gone(pid)
}

fn pid_in(file: &Path) -> i32 {
    std::fs::read_to_string(file)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Runs `requests` against a fake worker answering `answers`: every request but the
/// last must succeed, the last must end the worker as an invalid answer, whose text is
/// returned. The fake worker and its grandchild must be gone afterwards.
fn refused(answers: &[Answer], requests: Vec<Request>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let exe = fake_worker(dir.path(), answers);
    let mut worker = Worker::spawn(&exe).unwrap();
    let last = requests.len() - 1;
    let mut failure = None;
    for (i, request) in requests.into_iter().enumerate() {
        let got = worker.call(request, WAIT);
        if i < last {
            got.unwrap_or_else(|e| panic!("request {i}: {e}"));
        } else {
            failure = Some(got.expect_err("the forged answer was taken"));
        }
    }
    let text = match failure.unwrap() {
        WorkerError::Failed(WorkerFailure::Invalid(what)) => {
            let shown = WorkerFailure::Invalid(what.clone()).to_string();
            assert!(
                shown.starts_with("the plugin sent an invalid answer: "),
                "{shown}"
            );
            what
        }
        other => panic!("not refused as an invalid answer: {other:?}"),
    };
    // The worker is dead and stays so: the next request gets the same failure.
    assert!(matches!(
        worker.call(Request::Goto { moves: vec![] }, WAIT),
        Err(WorkerError::Failed(WorkerFailure::Invalid(_)))
    ));
    assert!(
        gone(pid_in(&dir.path().join("pid"))),
        "the worker was killed"
    );
    assert!(
        gone_soon(pid_in(&dir.path().join("grandchild"))),
        "its process group was killed"
    );
    text
}

#[test]
fn a_proper_conversation_passes_the_checks() {
    let dir = tempfile::tempdir().unwrap();
    let after = Snapshot {
        view: counts(&[0, 3]),
        ..snapshot(false)
    };
    let sow = vec![
        Effect::Lift {
            site: SiteId(0),
            count: 3,
        },
        Effect::Drop {
            site: SiteId(1),
            count: 3,
        },
    ];
    let answers = [
        loaded(),
        position(2, snapshot(true)),
        answer(
            3,
            Reply::Played {
                effects: sow.clone(),
                snapshot: Box::new(after.clone()),
            },
        ),
        answer(4, Reply::Chosen { mv: 1 }),
    ];
    let exe = fake_worker(dir.path(), &answers);
    let mut worker = Worker::spawn(&exe).unwrap();
    worker.call(load(), WAIT).unwrap();
    worker.call(start(), WAIT).unwrap();
    match worker.call(Request::Play { mv: 0 }, WAIT).unwrap() {
        Reply::Played { effects, snapshot } => {
            assert_eq!(effects, sow);
            assert_eq!(*snapshot, after);
        }
        other => panic!("{other:?}"),
    }
    let bot = Request::Bot {
        name: "random".into(),
        seed: 1,
    };
    assert!(matches!(
        worker.call(bot, WAIT).unwrap(),
        Reply::Chosen { mv: 1 }
    ));
    drop(worker);
    assert!(gone_soon(pid_in(&dir.path().join("grandchild"))));
}

#[test]
fn a_board_naming_a_site_outside_the_layout_is_refused() {
    let mut bad = snapshot(true);
    bad.view.sites.push((
        SiteId(99),
        SiteContent::Count {
            piece: Piece::new("seed"),
            count: 1,
        },
    ));
    let text = refused(&[loaded(), position(2, bad)], vec![load(), start()]);
    assert!(text.contains("site 99"), "{text}");
}

#[test]
fn a_million_pieces_a_wrong_seat_and_bad_chances_are_refused() {
    let mut many = snapshot(true);
    many.view = counts(&[1_000_000, 0]);
    let text = refused(&[loaded(), position(2, many)], vec![load(), start()]);
    assert!(text.contains("more than 100000 pieces"), "{text}");

    let mut seat = snapshot(true);
    seat.turn = Turn::Seat { seat: 5 };
    let text = refused(&[loaded(), position(2, seat)], vec![load(), start()]);
    assert!(text.contains("seat 5"), "{text}");

    let mut chance = snapshot(true);
    chance.turn = Turn::Chance {
        outcomes: vec![
            game_api::ChanceOutcome {
                mv: MoveId(0),
                probability: game_api::Probability::new(1, 2),
            },
            game_api::ChanceOutcome {
                mv: MoveId(1),
                probability: game_api::Probability::new(1, 3),
            },
        ],
    };
    let text = refused(&[loaded(), position(2, chance)], vec![load(), start()]);
    assert!(text.contains("sum to 5/6"), "{text}");

    let mut seats = snapshot(true);
    seats.seat_count = 40;
    let text = refused(&[loaded(), position(2, seats)], vec![load(), start()]);
    assert!(text.contains("40 seats"), "{text}");
}

#[test]
fn huge_or_impossible_effects_are_refused() {
    let played = |effects: Vec<Effect>| {
        answer(
            3,
            Reply::Played {
                effects,
                snapshot: Box::new(snapshot(false)),
            },
        )
    };
    let requests = || vec![load(), start(), Request::Play { mv: 0 }];
    let drop_all = vec![Effect::Drop {
        site: SiteId(1),
        count: u32::MAX,
    }];
    let text = refused(
        &[loaded(), position(2, snapshot(true)), played(drop_all)],
        requests(),
    );
    assert!(text.contains("puts down more than"), "{text}");

    let lift_more = vec![Effect::Lift {
        site: SiteId(0),
        count: 4,
    }];
    let text = refused(
        &[loaded(), position(2, snapshot(true)), played(lift_more)],
        requests(),
    );
    assert!(text.contains("more than the 3 pieces there"), "{text}");

    let flood = vec![Effect::Message { text: "x".into() }; 100_001];
    let text = refused(
        &[loaded(), position(2, snapshot(true)), played(flood)],
        requests(),
    );
    assert!(text.contains("100001 effects"), "{text}");
}

#[test]
fn answers_to_no_request_of_the_wrong_kind_or_with_illegal_moves_are_refused() {
    // An answer under an id no request has.
    let mut stray = loaded();
    stray.id = 7;
    let text = refused(&[stray], vec![load()]);
    assert!(text.contains("request 7, which is not waiting"), "{text}");

    // A position where a seat count was asked.
    let text = refused(&[position(1, snapshot(true))], vec![load()]);
    assert!(text.contains("a position in answer to loading"), "{text}");

    // A bot's move that is not legal in the position it searched.
    let bot = Request::Bot {
        name: "random".into(),
        seed: 1,
    };
    let text = refused(
        &[
            loaded(),
            position(2, snapshot(true)),
            answer(3, Reply::Chosen { mv: 0x7777 }),
        ],
        vec![load(), start(), bot],
    );
    assert!(text.contains("not legal there"), "{text}");

    // A position with no board ever sent.
    let text = refused(
        &[loaded(), position(2, snapshot(false))],
        vec![load(), start()],
    );
    assert!(text.contains("without a board"), "{text}");

    // A manifest over the host's limits.
    let mut nine = manifest();
    nine.seats.max = 9;
    nine.seat_names = (0..9).map(|i| format!("P{i}")).collect();
    let text = refused(
        &[answer(
            1,
            Reply::Loaded {
                manifest: Box::new(nine),
            },
        )],
        vec![load()],
    );
    assert!(text.contains("at most 8"), "{text}");

    // A hint whose evaluation is outside 0 to 1: the bar would draw past its ends. (A
    // NaN cannot be forged: JSON has none, and it arrives as no evaluation.)
    let hint = Request::Hint {
        seed: 1,
        millis: 10,
        depth: None,
    };
    for share in [1.5, -0.25] {
        let text = refused(
            &[
                loaded(),
                position(2, snapshot(true)),
                answer(
                    3,
                    Reply::Hint {
                        mv: 0,
                        text: "a".into(),
                        share: Some(share),
                    },
                ),
            ],
            vec![load(), start(), hint.clone()],
        );
        assert!(text.contains("outside 0 to 1"), "{share}: {text}");
    }
}

/// A thumbnail of `pieces` pieces on one site: over a megabyte of JSON per 60,000.
fn huge_inspection(pieces: usize) -> Inspection {
    Inspection {
        manifest: manifest(),
        api_level: game_api::API_LEVEL,
        api_version: "1.0.0".into(),
        thumbnail: Some(Thumbnail {
            layout: layout(2),
            view: View {
                sites: vec![(
                    SiteId(0),
                    SiteContent::Stack {
                        pieces: vec![Piece::new("seed"); pieces],
                    },
                )],
                ..View::default()
            },
        }),
    }
}

#[test]
fn a_forged_inspection_on_the_childs_pipe_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let forged: Result<Inspection, LoadError> = Ok(huge_inspection(1_000_000));
    let text = serde_json::to_vec(&forged).unwrap();
    assert!(text.len() > 13 << 20, "{} bytes", text.len());
    std::fs::write(dir.path().join("answer.json"), &text).unwrap();
    let script = dir.path().join("inspect.sh");
    write_script(
        &script,
        &format!("#!/bin/sh\ncat '{}/answer.json'\n", dir.path().display()),
    );
    let copy = dir.path().join("abc.so");
    std::fs::write(&copy, b"not looked at").unwrap();
    // A generous time limit: 13 MB of answer read and checked by a debug build on a
    // loaded machine; what is judged is the refusal, not the speed.
    let found = Inspector::Child {
        exe: script,
        timeout: std::time::Duration::from_secs(120),
    }
    .inspect(&copy, "abc");
    match found {
        Err(LoadError::Broken(why)) => {
            assert!(
                why.starts_with("the plugin sent an invalid answer"),
                "{why}"
            );
            assert!(why.contains("100000 pieces"), "{why}");
        }
        other => panic!(
            "the forged answer was taken: {:?}",
            other.map(|i| i.manifest.id)
        ),
    }
}

#[test]
fn a_forged_cached_inspection_is_refused_and_made_again() {
    let plugins = common::plugins_of(&["kalah"]);
    let lib = std::fs::read_dir(plugins.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let cache = tempfile::tempdir().unwrap();
    // A private copy, named by its content hash as the cache names it.
    let private = tavola::plugins::private_copy(&lib, cache.path()).unwrap();
    let (copy, hash) = (private.path, private.hash);
    let inspector = Inspector::child(env!("CARGO_BIN_EXE_tavola").into());
    let first = inspector.inspect(&copy, &hash).unwrap();
    assert_eq!(first.manifest.id, "kalah");
    let cached = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains(".inspection-"))
        .expect("the answer is cached");
    // Forged: Kalah's answer with a million pieces on its card, under the right hash.
    let mut forged = huge_inspection(1_000_000);
    forged.manifest = first.manifest.clone();
    forged.manifest.name = "Kalah (spoofed)".into();
    let forged = serde_json::json!({ "hash": hash.as_str(), "found": { "Ok": forged } });
    let text = serde_json::to_vec(&forged).unwrap();
    assert!(text.len() > 13 << 20);
    std::fs::write(&cached, &text).unwrap();
    let again = inspector.inspect(&copy, &hash).unwrap();
    assert_eq!(
        again, first,
        "inspected again, not read from the forged file"
    );
    assert!(
        std::fs::metadata(&cached).unwrap().len() < 1 << 20,
        "replaced"
    );
    // A well-formed answer kept for other content is not used either.
    let mut spoofed = first.clone();
    spoofed.manifest.name = "Kalah (spoofed)".into();
    let spoofed = serde_json::json!({ "hash": "ffff", "found": { "Ok": spoofed } });
    std::fs::write(&cached, serde_json::to_vec(&spoofed).unwrap()).unwrap();
    let again = inspector.inspect(&copy, &hash).unwrap();
    assert_eq!(again.manifest.name, first.manifest.name);
}

/// A bot's move played by the worker (`BotMove`): lifting the 3 seeds of site 0 and
/// dropping them on site 1, with the position after it.
fn bot_played(id: u64, mv: u32, drop_on: u16) -> Answer {
    let effects = vec![
        Effect::Lift {
            site: SiteId(0),
            count: 3,
        },
        Effect::Drop {
            site: SiteId(drop_on),
            count: 3,
        },
    ];
    answer(
        id,
        Reply::BotPlayed {
            mv,
            effects,
            snapshot: Box::new(Snapshot {
                view: counts(&[0, 3]),
                ..snapshot(false)
            }),
            bot: tavola::worker::BotTrace { serial: 1, told: 0 },
        },
    )
}

fn bot_move() -> Request {
    Request::BotMove {
        name: "random".into(),
        seed: 1,
    }
}

#[test]
fn a_bot_move_played_by_the_worker_is_checked_like_a_move() {
    // A proper one passes, and the game follows it.
    let dir = tempfile::tempdir().unwrap();
    let answers = [loaded(), position(2, snapshot(true)), bot_played(3, 0, 1)];
    let mut worker = Worker::spawn(&fake_worker(dir.path(), &answers)).unwrap();
    worker.call(load(), WAIT).unwrap();
    worker.call(start(), WAIT).unwrap();
    assert!(matches!(
        worker.call(bot_move(), WAIT).unwrap(),
        Reply::BotPlayed { mv: 0, .. }
    ));
    drop(worker);

    // Not legal where the bot searched.
    let forged = [
        loaded(),
        position(2, snapshot(true)),
        bot_played(3, 0x7777, 1),
    ];
    let text = refused(&forged, vec![load(), start(), bot_move()]);
    assert!(text.contains("not legal there"), "{text}");

    // Effects that do not replay over the position: seeds dropped on a site that is not
    // on the board.
    let forged = [loaded(), position(2, snapshot(true)), bot_played(3, 0, 99)];
    let text = refused(&forged, vec![load(), start(), bot_move()]);
    assert!(text.contains("99"), "{text}");
}

#[test]
fn a_bot_move_played_after_a_later_change_of_position_is_refused() {
    // The bot is asked (3), then a jump (4) is answered first: a worker plays a bot's
    // move only into the position it searched, answering before any later change.
    let dir = tempfile::tempdir().unwrap();
    let answers = [
        loaded(),
        position(2, snapshot(true)),
        position(4, snapshot(false)),
        bot_played(3, 0, 1),
    ];
    let mut worker = Worker::spawn(&fake_worker(dir.path(), &answers)).unwrap();
    worker.call(load(), WAIT).unwrap();
    worker.call(start(), WAIT).unwrap();
    let bot = worker.send(bot_move(), WAIT).unwrap();
    worker.call(Request::Goto { moves: vec![] }, WAIT).unwrap();
    let failure = loop {
        if let tavola::worker::Poll::Ready(answer) = worker.wait(bot, WAIT) {
            break answer.expect_err("the forged answer was taken");
        }
    };
    match failure {
        WorkerError::Failed(WorkerFailure::Invalid(what)) => {
            assert!(what.contains("after the game had moved on"), "{what}");
        }
        other => panic!("not refused as an invalid answer: {other:?}"),
    }
}

fn previewed(id: u64, mv: u32, effects: Vec<Effect>) -> Answer {
    answer(id, Reply::Preview { mv, effects })
}

#[test]
fn a_preview_is_checked_like_a_move_and_must_answer_the_move_asked() {
    let sow = || {
        vec![
            Effect::Lift {
                site: SiteId(0),
                count: 3,
            },
            Effect::Drop {
                site: SiteId(1),
                count: 3,
            },
        ]
    };
    let requests = |mv| vec![load(), start(), Request::Preview { mv }];
    // A proper preview passes, and the position it previews stays the worker's: a move
    // played after it is checked against the position before the preview.
    let dir = tempfile::tempdir().unwrap();
    let after = Snapshot {
        view: counts(&[0, 3]),
        ..snapshot(false)
    };
    let answers = [
        loaded(),
        position(2, snapshot(true)),
        previewed(3, 0, sow()),
        answer(
            4,
            Reply::Played {
                effects: sow(),
                snapshot: Box::new(after),
            },
        ),
    ];
    let exe = fake_worker(dir.path(), &answers);
    let mut worker = Worker::spawn(&exe).unwrap();
    worker.call(load(), WAIT).unwrap();
    worker.call(start(), WAIT).unwrap();
    match worker.call(Request::Preview { mv: 0 }, WAIT).unwrap() {
        Reply::Preview { mv, effects } => assert_eq!((mv, effects), (0, sow())),
        other => panic!("{other:?}"),
    }
    worker.call(Request::Play { mv: 0 }, WAIT).unwrap();
    drop(worker);

    // The effects of another move than the one asked about.
    let text = refused(
        &[
            loaded(),
            position(2, snapshot(true)),
            previewed(3, 1, sow()),
        ],
        requests(0),
    );
    assert!(
        text.contains("a preview of move #1, asked about #0"),
        "{text}"
    );
    // A move that is not legal there.
    let text = refused(
        &[
            loaded(),
            position(2, snapshot(true)),
            previewed(3, 7, sow()),
        ],
        requests(7),
    );
    assert!(text.contains("not legal there"), "{text}");
    // Effects that lift more than the site holds.
    let lift_more = vec![Effect::Lift {
        site: SiteId(0),
        count: 4,
    }];
    let text = refused(
        &[
            loaded(),
            position(2, snapshot(true)),
            previewed(3, 0, lift_more),
        ],
        requests(0),
    );
    assert!(text.contains("more than the 3 pieces there"), "{text}");
    // A preview in answer to a move.
    let text = refused(
        &[
            loaded(),
            position(2, snapshot(true)),
            previewed(3, 0, sow()),
        ],
        vec![load(), start(), Request::Play { mv: 0 }],
    );
    assert!(
        text.contains("a move's preview in answer to a move"),
        "{text}"
    );
}
