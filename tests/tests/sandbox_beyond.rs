//! The attacks a list of forbidden calls did not name (the sandbox by allow-list): each
//! tried by the `attacker` plugin in every kind of process that runs plugin code — the
//! inspecting child (`tavola list`), the worker (`tavola worker`, driven as the app
//! drives it) and a command's own process (`tavola play`) — and judged from outside: the
//! key file's mode, times and attributes, the victim process's priority, policy and
//! processors, the System V objects of the machine, the bytes on the terminal, how long
//! the run took, what the host (not the plugin) said. The same attacks with the sandbox
//! off show that each really works where it is not stopped.

mod attack_support;

use std::{
    collections::BTreeSet,
    os::unix::fs::MetadataExt,
    process::{Child, Command},
    time::Duration,
};

use attack_support::{
    ATTACKER, Home, Outcome, attempt,
    worker::{WHOLE_GAME, game_script},
};

/// Whether the plugins are sandboxed here (`tavola list` says so).
fn sandboxed_here() -> bool {
    let home = Home::new(&[ATTACKER]);
    let out = attempt(&home, None, true).tavola(&["list"]);
    let here = !out.run.output().contains("not sandboxed on this system");
    if !here {
        eprintln!("NOTE: not sandboxed on this system: the attacks are not asserted");
    }
    here
}

/// Where an attack is tried, and how.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// `tavola list`: the inspecting child, attack at `WHERE`.
    List(&'static str),
    /// The worker on a whole game, attack at `WHERE`.
    Worker(&'static str),
    /// `tavola play`: the command's detached process, attack in `apply`.
    Play,
}

fn run(home: &Home, attack: &str, place: Place, sandbox: bool) -> Outcome {
    let at = match place {
        Place::List(at) | Place::Worker(at) => at,
        Place::Play => "apply",
    };
    let spec = format!("{at}:{attack}");
    let trial = attempt(home, Some(&spec), sandbox);
    match place {
        Place::List(_) => trial.tavola(&["list"]),
        Place::Worker(_) => trial.worker(&game_script(&trial, WHOLE_GAME)),
        Place::Play => trial.tavola(&[
            "play", "attacker", "--seat", "random", "--seat", "random", "--seed", "1",
        ]),
    }
}

/// Every place an attack is tried in.
const PLACES: [Place; 5] = [
    Place::List("load"),
    Place::List("manifest"),
    Place::Worker("new"),
    Place::Worker("apply"),
    Place::Play,
];

/// Whether the host (its own words, not the plugin's) reported a blocked call.
fn host_reported_block(out: &Outcome) -> bool {
    let text = out.run.output();
    text.contains("blocked by the sandbox") || text.contains("tavola-sandbox: blocked")
}

/// The key file's mode, modification time and whether it has the attacker's attribute.
fn key_state(home: &Home) -> (u32, i64, bool) {
    let meta = std::fs::metadata(home.key_file()).expect("the key file");
    let path = std::ffi::CString::new(home.key_file().display().to_string()).unwrap();
    let mut value = [0u8; 8];
    // SAFETY: getxattr into a buffer of its size.
    let has = unsafe {
        libc::getxattr(
            path.as_ptr(),
            c"user.attacker".as_ptr(),
            value.as_mut_ptr().cast(),
            value.len(),
        )
    } >= 0;
    (meta.mode() & 0o7777, meta.mtime(), has)
}

fn assert_key_untouched(attacks: &[&str]) {
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for &attack in attacks {
        for place in PLACES {
            let home = Home::new(&[ATTACKER]);
            let before = key_state(&home);
            let out = run(&home, attack, place, true);
            let after = key_state(&home);
            if before != after {
                found.push(format!(
                    "{attack} in {place:?}: the key file went from {before:?} to {after:?}\n    {}",
                    tail(&out)
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

fn tail(out: &Outcome) -> String {
    let lines: Vec<&str> = out.run.stderr.lines().rev().take(3).collect();
    lines.into_iter().rev().collect::<Vec<_>>().join(" | ")
}

#[test]
fn metadata_cannot_be_changed_by_any_interface() {
    assert_key_untouched(&["chmod", "x32", "i386"]);
}

#[test]
fn with_the_sandbox_off_chmod_really_changes_the_key_file() {
    let home = Home::new(&[ATTACKER]);
    let before = key_state(&home);
    let _ = run(&home, "chmod", Place::Play, false);
    let after = key_state(&home);
    assert_ne!(before.0, after.0, "the attack did nothing even unconfined");
}

/// A sleeping process standing for the user's shell.
struct Victim(Child);

impl Victim {
    fn start() -> Victim {
        Victim(
            Command::new("sleep")
                .arg("120")
                .spawn()
                .expect("sleep runs"),
        )
    }

    fn pid(&self) -> u32 {
        self.0.id()
    }

    fn alive(&mut self) -> bool {
        self.0.try_wait().ok().flatten().is_none()
    }

    /// Its nice value, scheduling policy, allowed processors and disk priority.
    fn scheduling(&self) -> (String, String, String, i64) {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap();
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..]
            .split_whitespace()
            .collect();
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        let cpus = status
            .lines()
            .find(|l| l.starts_with("Cpus_allowed_list"))
            .unwrap_or_default()
            .to_owned();
        // SAFETY: ioprio_get(IOPRIO_WHO_PROCESS, pid).
        let io = unsafe { libc::syscall(libc::SYS_ioprio_get, 1, self.pid()) };
        (fields[16].to_owned(), fields[38].to_owned(), cpus, io)
    }
}

impl Drop for Victim {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn other_processes_keep_their_scheduling_and_signals() {
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for attack in ["renice", "setown"] {
        for place in PLACES {
            let home = Home::new(&[ATTACKER]);
            let mut victim = Victim::start();
            home.extra
                .lock()
                .unwrap()
                .push(("TAVOLA_ATTACK_VICTIM".into(), victim.pid().to_string()));
            let before = victim.scheduling();
            let out = run(&home, attack, place, true);
            std::thread::sleep(Duration::from_millis(100));
            if !victim.alive() {
                found.push(format!("{attack} in {place:?}: the victim was killed"));
                continue;
            }
            let after = victim.scheduling();
            if before != after {
                found.push(format!(
                    "{attack} in {place:?}: the victim went from {before:?} to {after:?}\n    {}",
                    tail(&out)
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn with_the_sandbox_off_renice_really_reaches_the_victim() {
    let home = Home::new(&[ATTACKER]);
    let victim = Victim::start();
    home.extra
        .lock()
        .unwrap()
        .push(("TAVOLA_ATTACK_VICTIM".into(), victim.pid().to_string()));
    let before = victim.scheduling();
    let _ = run(&home, "renice", Place::Play, false);
    assert_ne!(
        before,
        victim.scheduling(),
        "the attack did nothing even unconfined"
    );
}

/// The ids of the machine's System V objects.
fn sysv_ids() -> BTreeSet<String> {
    ["shm", "msg", "sem"]
        .iter()
        .flat_map(|kind| {
            std::fs::read_to_string(format!("/proc/sysvipc/{kind}"))
                .unwrap_or_default()
                .lines()
                .skip(1)
                .filter_map(|l| l.split_whitespace().nth(1).map(|id| format!("{kind} {id}")))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn no_memory_outside_the_limit_and_nothing_left_behind() {
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for attack in ["memfd", "sysv"] {
        for place in PLACES {
            let home = Home::new(&[ATTACKER]);
            home.extra
                .lock()
                .unwrap()
                .push(("TAVOLA_ATTACK_MIB".into(), "1024".into()));
            let before = sysv_ids();
            let out = run(&home, attack, place, true);
            let left: Vec<_> = sysv_ids().difference(&before).cloned().collect();
            if !left.is_empty() {
                found.push(format!("{attack} in {place:?}: left {left:?}"));
            }
            if !host_reported_block(&out) {
                found.push(format!(
                    "{attack} in {place:?}: the host did not report a block\n    {}",
                    tail(&out)
                ));
            }
            if !out.run.leftovers.is_empty() {
                found.push(format!("{attack} in {place:?}: processes outlived the run"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn watching_files_and_executable_memory_are_refused() {
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for (attack, places) in [
        ("inotify", &PLACES[..]),
        // At `load` the library is still being loaded: its own code may be mapped then.
        ("exec-memory", &PLACES[1..]),
    ] {
        for &place in places {
            let home = Home::new(&[ATTACKER]);
            let out = run(&home, attack, place, true);
            if !host_reported_block(&out) {
                found.push(format!(
                    "{attack} in {place:?}: the host did not report a block\n    {}",
                    tail(&out)
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn too_many_threads_end_the_process_with_a_reason() {
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for place in [Place::List("manifest"), Place::Play] {
        let home = Home::new(&[ATTACKER]);
        let out = run(&home, "threads", place, true);
        let text = out.run.output();
        if !text.contains("threads (the limit is") {
            found.push(format!(
                "{place:?}: no word of the thread limit\n    {}",
                tail(&out)
            ));
        }
        if out.run.elapsed > Duration::from_secs(20) || !out.run.leftovers.is_empty() {
            found.push(format!(
                "{place:?}: took {:?}, left {:?}",
                out.run.elapsed, out.run.leftovers
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_plugin_cannot_write_escape_sequences_to_the_terminal() {
    let mut found = Vec::new();
    for place in [Place::List("manifest"), Place::Play] {
        let home = Home::new(&[ATTACKER]);
        let out = run(&home, "escape", place, true);
        let text = out.run.output();
        let escapes = text
            .chars()
            .filter(|&c| c == '\u{1b}' || c == '\u{9b}' || c == '\u{7}')
            .count();
        if escapes > 0 {
            found.push(format!(
                "{place:?}: {escapes} escape characters reached the output"
            ));
        }
        if !text.contains("fake line") && matches!(place, Place::Play) {
            found.push(format!(
                "{place:?}: the plugin's text was not relayed at all"
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn an_inspecting_child_that_answered_is_not_waited_for() {
    let home = Home::new(&[ATTACKER]);
    let out = run(&home, "linger", Place::List("manifest"), true);
    assert!(out.run.stdout.contains("loaded"), "{}", out.run.output());
    assert!(
        out.run.elapsed < Duration::from_secs(5),
        "`tavola list` took {:?} (the child lingers after answering)",
        out.run.elapsed
    );
}

#[test]
fn only_named_variables_reach_a_commands_plugin() {
    let play = ["play", "attacker", "--seat", "random", "--seat", "random"];
    let home = Home::new(&[ATTACKER]);
    let out = attempt(&home, Some("new:environ"), true).tavola(&play);
    assert!(
        out.run.stdout.contains("stones left"),
        "{}",
        out.run.output()
    );
    assert!(
        !out.run.output().contains(&home.parent_secret),
        "the parent's secret reached the plugin:\n{}",
        out.run.output()
    );
    // Unconfined, the plugin runs in the user's process and sees it all.
    let out = attempt(&home, Some("new:environ"), false).tavola(&play);
    assert!(
        out.run.output().contains(&home.parent_secret),
        "{}",
        out.run.output()
    );
}

/// Runs `tavola ARGS` on a new pseudo-terminal, its controlling terminal, and returns how
/// many bytes were left typed on the terminal's input once it ended.
fn typed_on_a_terminal(home: &Home, attack: &str, sandbox: bool, args: &[&str]) -> usize {
    use std::os::unix::process::CommandExt;
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty fills two descriptors.
    let made = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "a pseudo-terminal");
    let trial = attempt(home, Some(attack), sandbox);
    let program = attack_support::tavola_args(home, sandbox, args);
    let mut command = Command::new(&program[0]);
    command.args(&program[1..]).env_clear().envs(trial.env(0));
    // SAFETY: in the child: a new session whose controlling terminal is the slave, on
    // every standard stream.
    unsafe {
        command.pre_exec(move || {
            libc::setsid();
            libc::ioctl(slave, libc::TIOCSCTTY, 0);
            for fd in 0..3 {
                libc::dup2(slave, fd);
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("tavola runs");
    // Drain what it prints, so that it never blocks on a full terminal.
    // SAFETY: a duplicate of the master descriptor, owned by the File.
    let reader = unsafe {
        use std::os::fd::FromRawFd;
        std::fs::File::from_raw_fd(libc::dup(master))
    };
    let drain = std::thread::spawn(move || {
        use std::io::Read;
        let mut sink = Vec::new();
        let _ = reader.take(1 << 20).read_to_end(&mut sink);
    });
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(40) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut queued: libc::c_int = 0;
    // SAFETY: FIONREAD into an int, then closing our descriptors.
    unsafe {
        libc::ioctl(slave, libc::FIONREAD, &mut queued);
        libc::close(slave);
        libc::close(master);
    }
    let _ = drain.join();
    queued as usize
}

#[test]
fn nothing_is_typed_into_the_users_terminal() {
    let play = ["play", "attacker", "--seat", "random", "--seat", "random"];
    let mut found = Vec::new();
    for (attack, args) in [
        ("apply:tiocsti", &play[..]),
        ("new:tiocsti", &play[..]),
        ("apply:tiocsti", &["moves", "attacker"][..]),
        ("apply:tiocsti", &["perft", "attacker", "2"][..]),
        ("load:tiocsti", &["list"][..]),
    ] {
        let home = Home::new(&[ATTACKER]);
        let typed = typed_on_a_terminal(&home, attack, true, args);
        if typed > 0 {
            found.push(format!("{attack} in {args:?}: {typed} bytes typed"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn with_the_sandbox_off_tiocsti_really_types() {
    let home = Home::new(&[ATTACKER]);
    let play = ["play", "attacker", "--seat", "random", "--seat", "random"];
    let typed = typed_on_a_terminal(&home, "apply:tiocsti", false, &play);
    let legacy =
        std::fs::read_to_string("/proc/sys/dev/tty/legacy_tiocsti").is_ok_and(|v| v.trim() == "1");
    if legacy {
        assert!(typed > 0, "the attack typed nothing even unconfined");
    }
}

#[test]
fn as_an_unprivileged_user_metadata_and_the_terminal_stay_safe_too() {
    let uid = match attack_support::unprivileged_user() {
        Ok(uid) => uid,
        Err(why) => {
            eprintln!("NOTE: not run as another user: {why}");
            return;
        }
    };
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for attack in ["chmod", "x32", "i386"] {
        for (at, args) in [
            ("load", &["list"][..]),
            (
                "apply",
                &["play", "attacker", "--seat", "random", "--seat", "random"][..],
            ),
        ] {
            let home = Home::new(&[ATTACKER]);
            let spec = format!("{at}:{attack}");
            let trial = attack_support::Attempt {
                user: Some(uid),
                ..attempt(&home, Some(&spec), true)
            };
            let (before, _, _) = key_state(&home);
            let out = trial.tavola(args);
            let (mode, _, attribute) = key_state(&home);
            if mode != before || attribute {
                found.push(format!(
                    "{spec} in {args:?} as {uid}: mode {mode:o}, attribute {attribute}\n    {}",
                    tail(&out)
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The other command-line paths that run plugin code in their own process.
const COMMANDS: [&[&str]; 6] = [
    &["moves", "attacker"],
    &["perft", "attacker", "3"],
    &["check", "attacker", "--games", "2"],
    &["hint", "attacker", "--level", "mcts:50"],
    &["match", "attacker", "random", "random", "--games", "2"],
    &["bench", "attacker", "--seconds", "0.1"],
];

#[test]
fn every_command_line_path_keeps_metadata_and_the_terminal_safe() {
    if !sandboxed_here() {
        return;
    }
    let mut found = Vec::new();
    for args in COMMANDS {
        for attack in ["chmod", "x32"] {
            let home = Home::new(&[ATTACKER]);
            let before = key_state(&home);
            let spec = format!("apply:{attack}");
            let out = attempt(&home, Some(&spec), true).tavola(args);
            if key_state(&home) != before {
                found.push(format!(
                    "{spec} in {args:?}: the key file changed\n    {}",
                    tail(&out)
                ));
            }
        }
        let home = Home::new(&[ATTACKER]);
        let typed = typed_on_a_terminal(&home, "apply:tiocsti", true, args);
        if typed > 0 {
            found.push(format!("tiocsti in {args:?}: {typed} bytes typed"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Whether a run's output shows that the plugin found the key file or its marker.
fn found_by_stat(out: &Outcome) -> bool {
    out.run.output().contains("found:id_rsa")
}

#[test]
fn a_plugin_cannot_even_learn_whether_a_path_exists() {
    let mut found = Vec::new();
    for (at, args) in [
        ("manifest", &["list"][..]),
        (
            "new",
            &["play", "attacker", "--seat", "random", "--seat", "random"][..],
        ),
    ] {
        let home = Home::new(&[ATTACKER]);
        std::fs::write(home.mark(".present"), "x").unwrap();
        let spec = format!("{at}:stat");
        let out = attempt(&home, Some(&spec), true).tavola(args);
        if !out.run.stdout.contains("loaded") && !out.run.stdout.contains("stones left") {
            found.push(format!(
                "{spec} in {args:?}: the plugin did not run: {}",
                tail(&out)
            ));
        }
        if found_by_stat(&out) {
            found.push(format!("{spec} in {args:?}: the plugin saw the key file"));
        }
        // Unconfined it sees them (the attack works); a new home: no cached inspection.
        let home = Home::new(&[ATTACKER]);
        let out = attempt(&home, Some(&spec), false).tavola(args);
        if !found_by_stat(&out) {
            found.push(format!(
                "{spec} in {args:?}: even unconfined it saw nothing"
            ));
        }
    }
    let home = Home::new(&[ATTACKER]);
    let trial = attempt(&home, Some("new:stat"), true);
    let out = trial.worker(&game_script(&trial, 1));
    if found_by_stat(&out) {
        found.push("new:stat in the worker: the plugin saw the key file".into());
    }
    if !attack_support::worker::game_answers_ok(&out.run.stdout, 3) {
        found.push(format!("the worker did not play: {}", tail(&out)));
    }
    if let Ok(uid) = attack_support::unprivileged_user() {
        let home = Home::new(&[ATTACKER]);
        let trial = attack_support::Attempt {
            user: Some(uid),
            ..attempt(&home, Some("new:stat"), true)
        };
        let out = trial.tavola(&["play", "attacker", "--seat", "random", "--seat", "random"]);
        if found_by_stat(&out) {
            found.push(format!(
                "new:stat as user {uid}: the plugin saw the key file"
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
