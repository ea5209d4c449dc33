//! Files that cannot lie, and ids that cannot be taken (issue 46, parts 4 and 5): attacks
//! by files dropped into a plugins folder and by plugins claiming another game's id, each
//! judged from outside — what `tavola` printed (no secret, no raw control character), what
//! its cache holds and with which modes, which game `tavola play kalah` played, which
//! tables folder a worker was given, which files the record writer wrote.
//!
//! | row | the attack | judged by |
//! |---|---|---|
//! | data-link | `x.mancala.toml` → the user's key file (a symbolic link; a hard link) | the secret in no output of `list`, `list --json`, `check FILE`, in no cache file; refused as a link |
//! | data-secret | a regular `*.mancala.toml` whose first line is a secret | the line in no refusal |
//! | library-link | `libx.so` → a file outside the plugins folder | refused unread, nothing copied |
//! | cache-modes | the cache read by another user | folder `0700`, files `0600` (an old `0755`/`0644` cache closed again); `nobody` cannot read a copy |
//! | escape-name | a manifest name with `ESC]0;…BEL`, `ESC[2K`, U+009B | no ESC, BEL or C1 byte in `list`, `list --json`, `check` |
//! | kalah-impostor | a library and a data file declaring `kalah` 9.9.9 in the user's folder | `list` says which is kept and why; `play kalah` plays the first-party Kalah |
//! | kalah-data | a data file with no code declaring `kalah`, found before the library | the library is used |
//! | kalah-choice | the user's choice (`settings.json` `plugin_choices`) | `play kalah` plays the chosen file; `list` says "your choice" |
//! | kalah-tables | the impostor in a worker | never given `endgames/kalah`: its own hash-keyed folder |
//! | broker-size | a record over 16 MiB sent to the record writer | refused, the file at most 16 MiB |
//! | broker-names | records the command did not name (`game-9999.json`, another file) | refused, never written |

mod attack_support;

use std::{
    io::{BufRead, BufReader, Write},
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use attack_support::{ATTACKER, Home, RUN_LIMIT, attempt, run, tavola_args, tavola_exe};
use tavola::plugins::{DirSource, PluginDir, PluginDirs, PluginSet};
use tavola_tests::{copy_into, library};

/// `tavola ARGS` in `home` (its plugins folder only), with `extra` variables.
fn tavola(home: &Home, args: &[&str], extra: &[(&str, &str)]) -> attack_support::Run {
    let mut env = attempt(home, None, true).env(0);
    env.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let program = tavola_args(home, true, args);
    run(home.root.path(), &program, &env, b"", RUN_LIMIT)
}

/// Whether the run ended with status 0.
fn ok(run: &attack_support::Run) -> bool {
    run.code == Some(0)
}

/// Every file of the cache whose bytes contain `secret`.
fn cached_with(home: &Home, secret: &str) -> Vec<PathBuf> {
    home.cache_files()
        .into_iter()
        .filter(|(_, data)| String::from_utf8_lossy(data).contains(secret))
        .map(|(path, _)| path)
        .collect()
}

/// A valid mancala data file with this id and name.
fn data_file(id: &str, name: &str) -> String {
    include_str!("../../plugins/mancala-data/template.mancala.toml")
        .replacen("id = \"my-mancala\"", &format!("id = \"{id}\""), 1)
        .replacen("name = \"My Mancala\"", &format!("name = \"{name}\""), 1)
        .replacen("version = \"1.0.0\"", "version = \"9.9.9\"", 1)
}

#[test]
fn data_file_links_to_a_secret_are_never_read() {
    let home = Home::new(&["mancala_data"]);
    let plugins = home.plugins();
    std::os::unix::fs::symlink(home.key_file(), plugins.join("stolen.mancala.toml")).unwrap();
    std::fs::hard_link(home.key_file(), plugins.join("twin.mancala.toml")).unwrap();
    std::os::unix::fs::symlink(
        home.key_file(),
        plugins.join(format!("libstolen.{}", std::env::consts::DLL_EXTENSION)),
    )
    .unwrap();
    let stolen = plugins.join("stolen.mancala.toml");
    let twin = plugins.join("twin.mancala.toml");
    let mut printed = String::new();
    for args in [
        &["list"][..],
        &["list", "--json"],
        &["check", stolen.to_str().unwrap()],
        &["check", twin.to_str().unwrap()],
    ] {
        let out = tavola(&home, args, &[]);
        assert!(
            !out.output().contains(&home.secret),
            "data-link: `tavola {}` printed the secret:\n{}",
            args.join(" "),
            out.output()
        );
        printed.push_str(&out.output());
    }
    assert!(printed.contains("symbolic link"), "{printed}");
    assert!(printed.contains("hard link"), "{printed}");
    assert!(printed.contains("outside its plugins folder"), "{printed}");
    assert_eq!(
        cached_with(&home, &home.secret),
        Vec::<PathBuf>::new(),
        "data-link: the secret was copied into the cache (and so handed to the loader)"
    );
}

#[test]
fn a_refusal_never_quotes_a_line_of_the_file() {
    let home = Home::new(&["mancala_data"]);
    let secret_line = format!("mysql -u root -p{}", home.secret);
    std::fs::write(
        home.plugins().join("notes.mancala.toml"),
        format!("{secret_line}\nformat = \"tavola-mancala/1\"\n"),
    )
    .unwrap();
    std::fs::write(
        home.plugins().join("env.mancala.toml"),
        format!("TOKEN = \"{}\"\n", home.secret),
    )
    .unwrap();
    for args in [&["list"][..], &["list", "--json"]] {
        let out = tavola(&home, args, &[]);
        assert!(
            ok(&out) && out.output().contains("notes.mancala.toml"),
            "{}",
            out.output()
        );
        assert!(
            !out.output().contains(&home.secret),
            "data-secret: a refusal quoted the file:\n{}",
            out.output()
        );
    }
}

#[cfg(unix)]
#[test]
fn the_cache_is_closed_to_other_users() {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new(&[ATTACKER, "mancala_data"]);
    std::fs::write(
        home.plugins().join("mine.mancala.toml"),
        data_file("mine", "Mine"),
    )
    .unwrap();
    // A cache left open by an earlier version, in a home others may walk through.
    for dir in [home.root.path(), &home.cache()] {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let old = home.cache().join("0123456789abcdef0123456789abcdef.toml");
    std::fs::write(&old, "old").unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = tavola(&home, &["list"], &[]);
    assert!(out.output().contains("Mine"), "{}", out.output());
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&home.cache()), 0o700, "cache-modes: the folder");
    let files = home.cache_files();
    assert!(files.len() >= 3, "{files:?}");
    for path in files.keys() {
        assert_eq!(mode(path), 0o600, "cache-modes: {}", path.display());
    }
    // Another user: nothing of the cache can be read.
    if let Ok(uid) = attack_support::unprivileged_user() {
        for path in files.keys() {
            let read = Command::new(attack_support::SETPRIV)
                .arg(format!("--reuid={uid}"))
                .arg(format!("--regid={uid}"))
                .args(["--clear-groups", "--", "/bin/cat"])
                .arg(path)
                .output()
                .unwrap();
            assert!(
                !read.status.success() && read.stdout.is_empty(),
                "cache-modes: user {uid} read {}",
                path.display()
            );
        }
    }
}

/// The bytes a terminal acts on: ESC, BEL, CSI (U+009B) and the other C1 characters.
fn control_bytes(text: &str) -> usize {
    text.chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .count()
}

#[test]
fn a_plugin_name_with_terminal_escapes_never_reaches_the_terminal_raw() {
    let home = Home::new(&[ATTACKER]);
    let name = "Evil\u{1b}]0;owned\u{7}\u{1b}[2K\u{9b}2J\r Nim";
    let vars = [("TAVOLA_ATTACK_NAME", name)];
    let mut seen = false;
    for args in [
        &["list"][..],
        &["list", "--json"],
        &["check", "attacker", "--games", "1"],
    ] {
        let out = tavola(&home, args, &vars);
        let text = out.output();
        seen |= text.contains("Evil");
        assert_eq!(
            control_bytes(&text),
            0,
            "escape-name: `tavola {}` printed control characters:\n{text:?}",
            args.join(" ")
        );
    }
    assert!(seen, "the plugin's name was shown (without its escapes)");
}

/// A machine with Tavola installed: the `tavola` binary (a copy) with Kalah beside it
/// (first-party), and the user's plugins folder holding impostors of `kalah`: a library
/// (`fixture_kalah_next`, version 9.9.9) and a data file with no code (id `kalah`, 9.9.9).
struct Installed {
    home: Home,
    exe: PathBuf,
}

impl Installed {
    fn new() -> Installed {
        let home = Home::new(&[]);
        let bin = home.root.path().join("bin");
        std::fs::create_dir_all(bin.join("plugins")).unwrap();
        let exe = bin.join("tavola");
        if std::fs::hard_link(tavola_exe(), &exe).is_err() {
            std::fs::copy(tavola_exe(), &exe).unwrap();
        }
        copy_into(&library("kalah"), &bin.join("plugins"));
        let user = home.home().join(".local/share/tavola/plugins");
        std::fs::create_dir_all(&user).unwrap();
        copy_into(&library("fixture_kalah_next"), &user);
        copy_into(&library("mancala_data"), &user);
        std::fs::write(
            user.join("aaa-kalah.mancala.toml"),
            data_file("kalah", "Impostor Kalah"),
        )
        .unwrap();
        Installed { home, exe }
    }

    /// `tavola ARGS` as installed: the standard folders (beside the executable, the
    /// user's), no `--plugins`.
    fn tavola(&self, args: &[&str]) -> attack_support::Run {
        let env = attempt(&self.home, None, true).env(0);
        let mut program = vec![self.exe.display().to_string(), "--lang".into(), "en".into()];
        program.extend(args.iter().map(|a| a.to_string()));
        run(self.home.root.path(), &program, &env, b"", RUN_LIMIT)
    }

    /// The folders as the installed binary searches them.
    fn dirs(&self) -> PluginDirs {
        PluginDirs(vec![
            PluginDir {
                path: self.home.root.path().join("bin/plugins"),
                source: DirSource::BesideExecutable,
            },
            PluginDir {
                path: self.home.home().join(".local/share/tavola/plugins"),
                source: DirSource::UserData,
            },
        ])
    }
}

#[test]
fn a_kalah_impostor_does_not_take_kalahs_place() {
    let installed = Installed::new();
    let list = installed.tavola(&["list"]);
    let text = list.output();
    assert!(ok(&list), "{text}");
    // Both impostors are listed, not used, with the file kept and why.
    let shadowed = text.matches("not used: kalah is also offered by").count();
    assert_eq!(shadowed, 2, "kalah-impostor: {text}");
    assert!(text.contains("first-party"), "{text}");
    assert!(
        text.contains("kept for kalah") && text.contains("9.9.9"),
        "kalah-impostor: the file used says which others offer it:\n{text}"
    );
    let json = installed.tavola(&["list", "--json"]);
    let listed: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let kalah: Vec<&serde_json::Value> = listed["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["id"] == "kalah")
        .collect();
    assert_eq!(kalah.len(), 3, "{listed}");
    for p in &kalah {
        let first_party = p["path"].as_str().unwrap().contains("/bin/plugins/");
        let status = if first_party { "loaded" } else { "shadowed" };
        assert_eq!(p["status"], status, "kalah-impostor: {p}");
        assert_eq!(p["note"].is_string(), first_party, "{p}");
    }
    let play = installed.tavola(&[
        "play", "kalah", "--seat", "random", "--seat", "random", "--seed", "1",
    ]);
    assert!(ok(&play), "{}", play.output());
    let header = play.stdout.lines().next().unwrap_or("");
    assert!(
        header.contains("Kalah") && !header.contains("next") && !header.contains("Impostor"),
        "kalah-impostor: `tavola play kalah` played {header:?}"
    );
}

#[test]
fn the_users_choice_in_the_settings_is_what_play_uses() {
    let installed = Installed::new();
    let next = installed
        .home
        .home()
        .join(".local/share/tavola/plugins")
        .join(library("fixture_kalah_next").file_name().unwrap());
    std::fs::write(
        installed
            .home
            .home()
            .join(".local/share/tavola/settings.json"),
        serde_json::json!({ "plugin_choices": { "kalah": next } }).to_string(),
    )
    .unwrap();
    let play = installed.tavola(&[
        "play", "kalah", "--seat", "random", "--seat", "random", "--seed", "1",
    ]);
    assert!(ok(&play), "{}", play.output());
    let header = play.stdout.lines().next().unwrap_or("");
    assert!(header.contains("Kalah (next)"), "{header:?}");
    let list = installed.tavola(&["list"]);
    assert!(list.output().contains("your choice"), "{}", list.output());
}

#[test]
fn a_data_file_never_takes_a_librarys_place() {
    tavola::i18n::set_language("en");
    let early = tavola_tests::plugins_folder(&[library("mancala_data")]);
    std::fs::write(
        early.path().join("kalah.mancala.toml"),
        data_file("kalah", "Impostor Kalah"),
    )
    .unwrap();
    let late = tavola_tests::plugins_folder(&[library("kalah")]);
    let dirs = PluginDirs(
        [early.path(), late.path()]
            .iter()
            .map(|p| PluginDir {
                path: p.to_path_buf(),
                source: DirSource::CommandLine,
            })
            .collect(),
    );
    let set = PluginSet::discover(dirs);
    let kalah = set.game("kalah").unwrap();
    assert_eq!(
        kalah.manifest().name,
        "Kalah",
        "the library, though found later"
    );
    let data = set
        .files
        .iter()
        .find(|f| f.path.ends_with("kalah.mancala.toml"))
        .unwrap();
    assert_eq!(data.status_word(), "shadowed");
    assert!(
        data.reason()
            .unwrap()
            .contains("a data file never takes its place"),
        "{:?}",
        data.reason()
    );
}

#[test]
fn an_impostor_never_gets_kalahs_tables_folder() {
    let installed = Installed::new();
    // No choice of the user's (this test's own settings are not the installed home's).
    let set = PluginSet::discover_with(
        installed.dirs(),
        &tavola::plugins::Inspector::child(tavola_exe().to_path_buf()),
    )
    .with_choices(&Default::default());
    let root = installed.home.root.path().join("endgames");
    let kalah = set.game("kalah").expect("kalah");
    assert!(kalah.meta().first_party, "the first-party Kalah is used");
    let impostors: Vec<_> = set
        .files
        .iter()
        .filter_map(|f| f.plugin())
        .filter(|p| p.id() == "kalah" && !p.meta().first_party)
        .cloned()
        .collect();
    assert_eq!(impostors.len(), 2, "{:?}", set.files);
    for impostor in &impostors {
        let worker = tavola::worker::RemoteGame::spawn(tavola_exe(), impostor, Some(&root))
            .expect("the worker loads the impostor");
        let given = worker.tables_dir().unwrap().to_path_buf();
        assert_ne!(
            given,
            root.join("kalah"),
            "kalah-tables: {}",
            impostor.path().display()
        );
        assert!(given.starts_with(&root));
        assert!(
            given
                .file_name()
                .unwrap()
                .to_string_lossy()
                .contains(&impostor.meta().hash[..16])
        );
    }
    assert!(
        !root.join("kalah").exists(),
        "kalah-tables: Kalah's folder was made"
    );
    let worker = tavola::worker::RemoteGame::spawn(tavola_exe(), kalah, Some(&root)).unwrap();
    assert_eq!(
        worker.tables_dir(),
        Some(root.join("kalah").as_path()),
        "the first-party Kalah keeps its folder"
    );
}

/// The record writer (`tavola write-broker ARGS`), fed `requests` as a confined plugin
/// could write them on its pipe; its answers.
fn broker(args: &[&str], requests: &[serde_json::Value]) -> Vec<String> {
    let mut child = Command::new(tavola_exe())
        .arg("write-broker")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    for request in requests {
        let mut line = serde_json::to_vec(request).unwrap();
        line.push(b'\n');
        if to.write_all(&line).is_err() {
            break;
        }
        let mut answer = String::new();
        if from.read_line(&mut answer).unwrap_or(0) == 0 {
            break;
        }
        answers.push(answer.trim().to_owned());
    }
    drop(to);
    let _ = child.wait();
    answers
}

fn start(path: &Path, text: &str) -> serde_json::Value {
    serde_json::json!({"Start": {"path": path, "text": text}})
}

fn append(path: &Path, text: &str) -> serde_json::Value {
    serde_json::json!({"Append": {"path": path, "text": text, "flush": false}})
}

#[test]
fn the_record_writer_writes_only_the_records_named_and_no_larger_than_its_cap() {
    let dir = tempfile::tempdir().unwrap();
    let series = dir.path().join("series");
    std::fs::create_dir(&series).unwrap();
    let dir_arg = series.to_str().unwrap();
    let big = "x".repeat(16 << 20);
    let answers = broker(
        &["--dir", dir_arg, "--games", "2"],
        &[
            start(&series.join("game-0009.json"), "planted"),
            start(&series.join("game-9999.json"), "planted"),
            start(&series.join("game-1.json"), "planted"),
            start(&series.join("notes.txt"), "planted"),
            start(&series.join("game-0000.json"), &format!("{big}y")),
            start(&series.join("game-0001.json"), "head\n"),
            append(&series.join("game-0001.json"), &big),
            append(&series.join("game-0001.json"), "tail\n"),
        ],
    );
    assert_eq!(answers.len(), 8, "{answers:?}");
    for (i, answer) in answers.iter().enumerate() {
        let ok = i == 5 || i == 7;
        assert_eq!(answer == "ok", ok, "request {i}: {answer}");
    }
    assert!(answers[4].contains("16 MiB"), "{}", answers[4]);
    let mut written: Vec<String> = std::fs::read_dir(&series)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["game-0001.json"], "broker-names");
    let len = std::fs::metadata(series.join("game-0001.json"))
        .unwrap()
        .len();
    assert_eq!(
        len, 10,
        "broker-size: head and tail, not the 16 MiB between"
    );

    let file = dir.path().join("game.json");
    let answers = broker(
        &["--file", file.to_str().unwrap()],
        &[
            start(&dir.path().join("other.json"), "planted"),
            start(&file, "{}"),
        ],
    );
    assert_ne!(answers[0], "ok");
    assert_eq!(answers[1], "ok");
    assert!(!dir.path().join("other.json").exists(), "broker-names");
}

#[test]
fn a_match_writes_exactly_the_records_of_its_games() {
    let home = Home::new(&[ATTACKER]);
    let records = home.root.path().join("records");
    let out = tavola(
        &home,
        &[
            "match",
            "attacker",
            "random",
            "random",
            "--games",
            "3",
            "--record",
            records.to_str().unwrap(),
        ],
        &[],
    );
    assert!(ok(&out), "{}", out.output());
    let mut written: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        ["game-0000.json", "game-0001.json", "game-0002.json"]
    );
}
