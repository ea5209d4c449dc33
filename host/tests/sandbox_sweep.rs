//! The sweep: every system call number, through every interface (x86-64, x32, i386),
//! made in the sandbox of every kind of process that runs plugin code — one child per
//! number (`tavola sandbox-probe`), judged by how the child ended:
//!
//! - a number on no list (and every x32 or i386 number) must trap: the child ends with
//!   the sandbox's exit status and a report line naming the call (by its name, or
//!   `x32-N` / `i386-N`);
//! - a number the allow-list refuses with an error number must return that error;
//! - any other number on the allow-list must not trap.
//!
//! None is skipped: the numbers run from 0 past the highest the kernel knows. Where the
//! kernel headers are installed, the report's name of each native number is checked
//! against them too.

use std::{
    collections::BTreeMap,
    process::{Command, Stdio},
    sync::Mutex,
    time::{Duration, Instant},
};

use serde::Deserialize;

/// The sandbox's exit status (`tavola::sandbox::BLOCKED_EXIT`).
const BLOCKED: i32 = 86;

/// Past the highest x86-64 number (x32's own calls end at 547).
const HIGHEST: i64 = 560;

/// How long a probe may take: an allowed call may wait (it is then killed, which is
/// fine); a refused one ends at once.
const LIMIT: Duration = Duration::from_secs(5);

#[derive(Debug, Deserialize)]
struct Listed {
    nr: i64,
    name: String,
    errno: Option<i32>,
    conditional: bool,
    checked: bool,
}

/// The calls the kernel itself lets past every seccomp filter (Linux 6.11+): the uprobe
/// trampolines' own, which do nothing outside one — `uretprobe` ends the caller with
/// `SIGILL`, `uprobe` fails with `ENXIO`.
const KERNEL_EXEMPT: [(i64, &str); 2] = [(335, "uretprobe"), (336, "uprobe")];

#[derive(Debug, Clone, PartialEq)]
enum Ended {
    /// The call returned: its value and errno.
    Returned(i64, i32),
    /// Trapped: the report line's call name.
    Trapped(String),
    /// Killed by a signal.
    Signal(i32),
    /// Exited with another status.
    Exit(i32),
    /// Still running at the limit (killed).
    Hung,
}

fn tavola() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavola"))
}

fn allow_list() -> Vec<Listed> {
    let out = tavola()
        .args(["sandbox-probe", "--list"])
        .output()
        .expect("tavola runs");
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).expect("the list is JSON")
}

/// Whether this kernel has seccomp filters (else the sweep has nothing to show).
fn seccomp_here() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| s.contains("Seccomp:"))
}

/// The native names the kernel headers give, if installed.
fn header_names() -> BTreeMap<i64, String> {
    let text = std::fs::read_to_string("/usr/include/x86_64-linux-gnu/asm/unistd_64.h")
        .or_else(|_| std::fs::read_to_string("/usr/include/asm/unistd_64.h"))
        .unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("#define __NR_")?;
            let (name, nr) = rest.split_once(char::is_whitespace)?;
            Some((nr.trim().parse().ok()?, name.to_owned()))
        })
        .collect()
}

fn probe(kind: &str, abi: &str, nr: i64, scratch: &std::path::Path) -> Ended {
    use std::os::unix::process::ExitStatusExt;
    let mut child = tavola()
        .args(["sandbox-probe", "--kind", kind, "--abi", abi, "--nr"])
        .arg(nr.to_string())
        .arg("--scratch")
        .arg(scratch)
        .env("LANG", "C")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tavola runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let out = child.wait_with_output().expect("output");
    let Some(status) = status else {
        return Ended::Hung;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match (status.code(), status.signal()) {
        (Some(0), _) => {
            let words: Vec<&str> = stdout.split_whitespace().collect();
            match words.as_slice() {
                ["returned", value, "errno", errno] => {
                    Ended::Returned(value.parse().unwrap(), errno.parse().unwrap())
                }
                _ => Ended::Exit(0),
            }
        }
        (Some(BLOCKED), _) => {
            let name = stderr
                .rfind('(')
                .and_then(|at| {
                    let rest = &stderr[at + 1..];
                    Some(rest[..rest.find(')')?].to_owned())
                })
                .unwrap_or_default();
            Ended::Trapped(name)
        }
        (Some(code), _) => Ended::Exit(code),
        (None, Some(signal)) => Ended::Signal(signal),
        (None, None) => Ended::Exit(-1),
    }
}

/// What is wrong with `ended` for number `nr` through `abi`, if anything.
fn judge(
    abi: &str,
    nr: i64,
    ended: &Ended,
    listed: &BTreeMap<i64, &Listed>,
    headers: &BTreeMap<i64, String>,
) -> Option<String> {
    let entry = (abi == "native").then(|| listed.get(&nr)).flatten();
    if abi == "native" && KERNEL_EXEMPT.iter().any(|(n, _)| *n == nr) {
        return match ended {
            Ended::Signal(libc::SIGILL) | Ended::Returned(-1, libc::ENXIO) | Ended::Trapped(_) => {
                None
            }
            Ended::Returned(-1, libc::ENOSYS) => None,
            other => Some(format!("exempt by the kernel, yet {other:?}")),
        };
    }
    match entry {
        None => {
            let expected = match abi {
                "x32" => Some(format!("x32-{nr}")),
                "i386" => Some(format!("i386-{nr}")),
                _ => headers.get(&nr).cloned(),
            };
            match ended {
                Ended::Trapped(name) if name.is_empty() => {
                    Some("trapped without a report naming the call".into())
                }
                // Numbers the headers do not know: reported by the sandbox's own table's
                // name (newer calls) or as `call-N`.
                Ended::Trapped(name) => match &expected {
                    Some(e) if e != name => Some(format!("trapped, reported as {name}, not {e}")),
                    _ => None,
                },
                other => Some(format!("not on the list, yet {other:?}")),
            }
        }
        Some(l) => match (l.errno, l.conditional, ended) {
            (Some(errno), false, Ended::Returned(-1, e)) if *e == errno => None,
            (Some(errno), false, other) => Some(format!(
                "{} must fail with errno {errno}, got {other:?}",
                l.name
            )),
            // Allowed with some arguments only: the probe's harmless ones (−1, 0…) are not
            // among them (a signal to process −1, `clone` with every flag), and the
            // documented action is the trap.
            (_, _, Ended::Trapped(name)) if l.checked && name == &l.name => None,
            (_, _, Ended::Trapped(name)) => {
                Some(format!("{} is allowed, yet trapped ({name})", l.name))
            }
            (_, _, Ended::Signal(libc::SIGSYS)) => {
                Some(format!("{} is allowed, yet killed by SIGSYS", l.name))
            }
            _ => None,
        },
    }
}

#[test]
fn every_system_call_number_gets_exactly_its_documented_action_in_every_process_kind() {
    if !seccomp_here() {
        eprintln!("NOTE: this kernel has no seccomp: nothing to sweep");
        return;
    }
    let list = allow_list();
    assert!(
        (60..=140).contains(&list.len()),
        "the allow-list has {} calls",
        list.len()
    );
    let listed: BTreeMap<i64, &Listed> = list.iter().map(|l| (l.nr, l)).collect();
    let headers = header_names();
    let scratch = tempfile::tempdir().expect("a folder");
    let mut trials = Vec::new();
    for kind in ["worker", "inspect", "command"] {
        for abi in ["native", "x32", "i386"] {
            for nr in 0..=HIGHEST {
                trials.push((kind, abi, nr));
            }
        }
    }
    let total = trials.len();
    let queue = Mutex::new(trials);
    let faults = Mutex::new(Vec::new());
    let counts = Mutex::new(BTreeMap::<&str, usize>::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                loop {
                    let Some((kind, abi, nr)) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    let ended = probe(kind, abi, nr, scratch.path());
                    let key = match &ended {
                        Ended::Trapped(_) => "trapped",
                        Ended::Returned(..) => "returned",
                        _ => "other",
                    };
                    *counts.lock().unwrap().entry(key).or_default() += 1;
                    if let Some(fault) = judge(abi, nr, &ended, &listed, &headers) {
                        faults
                            .lock()
                            .unwrap()
                            .push(format!("{kind} {abi} {nr}: {fault}"));
                    }
                }
            });
        }
    });
    let faults = faults.into_inner().unwrap();
    eprintln!(
        "swept {total} calls in {:.1} s: {:?}; {} on the allow-list",
        started.elapsed().as_secs_f64(),
        counts.into_inner().unwrap(),
        list.len()
    );
    assert!(
        faults.is_empty(),
        "{} of {total} calls broke the documented list:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
