//! The attack tests' machinery: a test home with a secret in it, a listener on
//! 127.0.0.1, the real `tavola` binary run under a watching shell, and what each run
//! left behind — judged from outside the plugin, never from its own report.

#![allow(dead_code)]

pub mod worker;

use std::{
    collections::BTreeMap,
    io::{Read, Write},
    net::TcpListener,
    os::unix::process::{CommandExt, ExitStatusExt},
    path::{Path, PathBuf},
    process::{Command, ExitStatus, Stdio},
    sync::{
        Arc, Mutex, OnceLock,
        atomic::{AtomicBool, Ordering},
        mpsc,
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use tempfile::TempDir;

/// The attack variables the children must get (see `TAVOLA_PASS_ENV`).
pub const ATTACK_VARS: [&str; 8] = [
    "TAVOLA_ATTACK",
    "TAVOLA_ATTACK_NAME",
    "TAVOLA_ATTACK_FILE",
    "TAVOLA_ATTACK_PORT",
    "TAVOLA_ATTACK_CACHE",
    "TAVOLA_ATTACK_DELAY_MS",
    "TAVOLA_ATTACK_VICTIM",
    "TAVOLA_ATTACK_MIB",
];

/// The variable holding the secret of the process that runs `tavola` (the attacker's
/// `ptrace` looks for it in its parent).
pub const PARENT_SECRET: &str = "TAVOLA_PARENT_SECRET";

/// How long any one run may take before it is killed and the test fails.
pub const RUN_LIMIT: Duration = Duration::from_secs(40);

/// The `tavola` binary of this build, built first if needed (the tests of this crate
/// cannot name another package's binary, so they build it as `cargo build` would).
pub fn tavola_exe() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let deps = tavola_tests::build_dir();
        let profile_dir = deps.parent().expect("deps is inside the profile folder");
        let target = profile_dir.parent().expect("the profile is inside target");
        let exe = profile_dir.join(format!("tavola{}", std::env::consts::EXE_SUFFIX));
        // `cargo test --workspace` has built it (the host's own tests need it).
        if exe.is_file() {
            return exe;
        }
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args(["build", "--quiet", "-p", "tavola", "--bin", "tavola"])
            .arg("--target-dir")
            .arg(target)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => {}
            Some("release") => {
                build.arg("--release");
            }
            Some(other) => {
                build.args(["--profile", other]);
            }
            None => {}
        }
        let status = build.status().expect("cargo can be run");
        assert!(status.success(), "`cargo build -p tavola` failed");
        assert!(exe.is_file(), "{} was not built", exe.display());
        exe
    })
}

/// A folder tree standing for a user's machine: a home with a secret key file, the
/// user's folders, the plugin cache and a plugins folder holding the attacker.
pub struct Home {
    /// The root of it all; every path of the run (and so every process it starts, by
    /// its command line) names it.
    pub root: TempDir,
    /// The secret in the key file.
    pub secret: String,
    /// The secret in the environment of the process that runs `tavola`.
    pub parent_secret: String,
    /// More variables for every run (e.g. the victim of the scheduling attacks).
    pub extra: Mutex<Vec<(String, String)>>,
}

impl Home {
    /// A new home; the plugins folder holds copies of the named libraries (crate names).
    pub fn new(plugins: &[&str]) -> Home {
        let root = tempfile::Builder::new()
            .prefix("tavola-attack-")
            .tempdir()
            .expect("a temporary folder");
        let stamp = format!(
            "{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        );
        let home = Home {
            root,
            secret: format!("KEYFILE-SECRET-{stamp}"),
            parent_secret: format!("PARENT-SECRET-{stamp}"),
            extra: Mutex::default(),
        };
        for dir in [
            "home/.ssh",
            "home/.config",
            "home/.local/share",
            "cache",
            "plugins",
        ] {
            std::fs::create_dir_all(home.root.path().join(dir)).unwrap();
        }
        std::fs::write(home.key_file(), home.key_content()).unwrap();
        for name in plugins {
            tavola_tests::copy_into(&tavola_tests::library(name), &home.plugins());
        }
        home
    }

    /// The user's home.
    pub fn home(&self) -> PathBuf {
        self.root.path().join("home")
    }

    /// The secret key file the attacks aim at.
    pub fn key_file(&self) -> PathBuf {
        self.home().join(".ssh/id_rsa")
    }

    /// What the key file holds.
    pub fn key_content(&self) -> String {
        format!("-----BEGIN KEY-----\n{}\n-----END KEY-----\n", self.secret)
    }

    /// The plugin cache (`TAVOLA_CACHE_DIR`).
    pub fn cache(&self) -> PathBuf {
        self.root.path().join("cache")
    }

    /// The plugins folder.
    pub fn plugins(&self) -> PathBuf {
        self.root.path().join("plugins")
    }

    /// `<key file><suffix>`: where `write`, `exec` and `daemon` leave their marks.
    pub fn mark(&self, suffix: &str) -> PathBuf {
        PathBuf::from(format!("{}{suffix}", self.key_file().display()))
    }

    /// The environment of a run: the user's folders and the cache in this home, the
    /// attack's variables (passed on to the children), and the parent's secret.
    pub fn env(&self, attack: Option<&str>, port: u16, delay: Duration) -> Vec<(String, String)> {
        let home = self.home();
        let path = |p: PathBuf| p.display().to_string();
        let mut env = vec![
            ("PATH".into(), "/usr/bin:/bin".into()),
            ("HOME".into(), path(home.clone())),
            ("XDG_CONFIG_HOME".into(), path(home.join(".config"))),
            ("XDG_DATA_HOME".into(), path(home.join(".local/share"))),
            ("XDG_CACHE_HOME".into(), path(home.join(".cache"))),
            ("XDG_STATE_HOME".into(), path(home.join(".local/state"))),
            ("TAVOLA_CACHE_DIR".into(), path(self.cache())),
            ("TAVOLA_INSPECT_TIMEOUT_MS".into(), "8000".into()),
            ("TAVOLA_PASS_ENV".into(), ATTACK_VARS.join(",")),
            (PARENT_SECRET.into(), self.parent_secret.clone()),
            ("TAVOLA_ATTACK_FILE".into(), path(self.key_file())),
            ("TAVOLA_ATTACK_PORT".into(), port.to_string()),
            ("TAVOLA_ATTACK_CACHE".into(), path(self.cache())),
            (
                "TAVOLA_ATTACK_DELAY_MS".into(),
                delay.as_millis().to_string(),
            ),
        ];
        if let Some(attack) = attack {
            env.push(("TAVOLA_ATTACK".into(), attack.into()));
        }
        env.extend(self.extra.lock().unwrap().iter().cloned());
        env
    }

    /// Every file of the cache with its content.
    pub fn cache_files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        let mut folders = vec![self.cache()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if let Ok(data) = std::fs::read(&path) {
                    files.insert(path, data);
                }
            }
        }
        files
    }
}

/// A TCP listener on 127.0.0.1 that counts connections and keeps what they send, on a
/// thread of its own, for a bounded time.
pub struct Listener {
    /// Its port.
    pub port: u16,
    stop: Arc<AtomicBool>,
    got: Arc<Mutex<(usize, Vec<u8>)>>,
    thread: Option<JoinHandle<()>>,
}

impl Listener {
    /// Listens on a free port of 127.0.0.1 for at most [`RUN_LIMIT`] and a bit.
    pub fn start() -> Listener {
        let socket = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
        socket.set_nonblocking(true).unwrap();
        let port = socket.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let got = Arc::new(Mutex::new((0, Vec::new())));
        let (stopped, kept) = (stop.clone(), got.clone());
        let thread = std::thread::spawn(move || {
            let deadline = Instant::now() + RUN_LIMIT + Duration::from_secs(20);
            while !stopped.load(Ordering::Relaxed) && Instant::now() < deadline {
                match socket.accept() {
                    Ok((mut stream, _)) => {
                        kept.lock().unwrap().0 += 1;
                        let _ = stream.set_nonblocking(false);
                        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
                        let mut data = Vec::new();
                        let _ = (&mut stream).take(1 << 20).read_to_end(&mut data);
                        kept.lock().unwrap().1.extend(data);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Listener {
            port,
            stop,
            got,
            thread: Some(thread),
        }
    }

    /// Stops listening; the connections made and the bytes received.
    pub fn finish(mut self) -> (usize, Vec<u8>) {
        // A connection made just before the end gets its moment.
        std::thread::sleep(Duration::from_millis(50));
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        std::mem::take(&mut *self.got.lock().unwrap())
    }
}

/// What one run of `tavola` did, seen from outside.
#[derive(Debug)]
pub struct Run {
    /// What was run, for messages.
    pub what: String,
    /// How the watching shell (the parent of the process under test) ended: killed by a
    /// signal if the plugin killed its parent.
    pub shell: Option<ExitStatus>,
    /// The exit status of the command under test as the shell saw it (`128 + N` after
    /// signal `N`), if the shell lived to say it.
    pub code: Option<i32>,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// How long it took.
    pub elapsed: Duration,
    /// Processes of this run still alive after it (a held pipe, a daemon); they were
    /// killed.
    pub leftovers: Vec<i32>,
}

impl Run {
    /// Both outputs, for searching.
    pub fn output(&self) -> String {
        format!("{}\n{}", self.stdout, self.stderr)
    }

    /// Whether the watching shell was killed by `SIGKILL`.
    pub fn shell_killed(&self) -> bool {
        self.shell.and_then(|s| s.signal()) == Some(libc::SIGKILL)
    }
}

/// The shell that runs the command under test and outlives it, so that a plugin that
/// signals "its parent" from the command's own process hits the shell (seen here), never
/// the test.
const WATCH: &str = r#""$@"; code=$?; echo "watch: exit $code" >&2; exit 0"#;

/// Runs `program args…` under the watching shell with exactly `env`, feeding it `input`
/// (then closing its standard input), killing it and everything it started after `limit`.
pub fn run(
    root: &Path,
    program: &[String],
    env: &[(String, String)],
    input: &[u8],
    limit: Duration,
) -> Run {
    run_as(None, root, program, env, input, limit)
}

/// [`run`] as the user `uid` (with its own group, no others) if given, through
/// `setpriv`.
pub fn run_as(
    uid: Option<u32>,
    root: &Path,
    program: &[String],
    env: &[(String, String)],
    input: &[u8],
    limit: Duration,
) -> Run {
    let mut command = match uid {
        Some(uid) => {
            let mut c = Command::new(SETPRIV);
            c.arg(format!("--reuid={uid}"))
                .arg(format!("--regid={uid}"))
                .args(["--clear-groups", "--", "/bin/sh"]);
            c
        }
        None => Command::new("/bin/sh"),
    };
    command
        .arg("-c")
        .arg(WATCH)
        .arg("sh")
        .args(program)
        .env_clear()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = command.spawn().expect("/bin/sh starts");
    let pgid = child.id() as i32;
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let read = |pipe: Box<dyn Read + Send>| {
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut data = Vec::new();
            let _ = pipe.take(16 << 20).read_to_end(&mut data);
            let _ = send.send(String::from_utf8_lossy(&data).into_owned());
        });
        receive
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let mut shell = None;
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            shell = Some(status);
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let elapsed = start.elapsed();
    // What is left of the run after its shell ended (or at the limit): the group, then
    // any process naming the run's folder (a daemon left the group).
    let leftovers = survivors(root);
    // SAFETY: signals the process group this test started.
    unsafe { libc::kill(-pgid, libc::SIGKILL) };
    for &pid in &leftovers {
        // SAFETY: a process of this run, found by its command line.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    if shell.is_none() {
        let _ = child.kill();
    }
    let _ = child.wait();
    let grace = Duration::from_secs(5);
    let stdout = stdout.recv_timeout(grace).unwrap_or_default();
    let stderr = stderr.recv_timeout(grace).unwrap_or_default();
    let code = stderr
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("watch: exit "))
        .and_then(|c| c.trim().parse().ok());
    Run {
        what: program.join(" "),
        shell,
        code,
        stdout,
        stderr,
        elapsed,
        leftovers,
    }
}

/// The tool that runs a command as another user.
pub const SETPRIV: &str = "/usr/bin/setpriv";

/// An unprivileged user to run the attacks as, when the tests run as root and the system
/// has `nobody` and `setpriv`; else why not.
pub fn unprivileged_user() -> Result<u32, String> {
    // SAFETY: a plain system call.
    if unsafe { libc::geteuid() } != 0 {
        return Err("the tests already run as an unprivileged user".into());
    }
    if !Path::new(SETPRIV).is_file() {
        return Err(format!("{SETPRIV} is missing"));
    }
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    passwd
        .lines()
        .find_map(|l| {
            let fields: Vec<&str> = l.split(':').collect();
            (fields.first() == Some(&"nobody")).then(|| fields.get(2)?.parse().ok())?
        })
        .ok_or_else(|| "the system has no user `nobody`".into())
}

/// Gives every file under `dir` to `uid` (and the group of the same number).
pub fn give_to(dir: &Path, uid: u32) {
    let mut todo = vec![dir.to_path_buf()];
    while let Some(path) = todo.pop() {
        std::os::unix::fs::lchown(&path, Some(uid), Some(uid)).expect("chown as root");
        if path.is_dir() && !path.is_symlink() {
            todo.extend(
                std::fs::read_dir(&path)
                    .unwrap()
                    .flatten()
                    .map(|e| e.path()),
            );
        }
    }
}

/// The processes alive (not zombies) whose command line names `root`.
pub fn survivors(root: &Path) -> Vec<i32> {
    let marker = root.as_os_str().as_encoded_bytes();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        if !cmdline.windows(marker.len()).any(|w| w == marker) {
            continue;
        }
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat
            .rsplit(')')
            .next()
            .and_then(|s| s.split_whitespace().next());
        if state != Some("Z") && pid != std::process::id() as i32 {
            found.push(pid);
        }
    }
    found
}

/// The `tavola` command line for `args`, English, searching only the home's plugins.
pub fn tavola_args(home: &Home, sandbox: bool, args: &[&str]) -> Vec<String> {
    let mut all = vec![
        tavola_exe().display().to_string(),
        "--lang".into(),
        "en".into(),
        "--no-default-plugins".into(),
        "--plugins".into(),
        home.plugins().display().to_string(),
    ];
    if !sandbox && no_sandbox_flag() {
        all.push("--no-sandbox".into());
    }
    all.extend(args.iter().map(|a| a.to_string()));
    all
}

/// Whether this `tavola` has the `--no-sandbox` flag (the sandbox's own switch).
pub fn no_sandbox_flag() -> bool {
    static FLAG: OnceLock<bool> = OnceLock::new();
    *FLAG.get_or_init(|| {
        Command::new(tavola_exe())
            .args(["--lang", "en", "--help"])
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("--no-sandbox"))
    })
}

/// One run of `tavola ARGS` in `home` with `attack`, the sandbox on or off, watched by
/// a listener.
pub struct Attempt<'a> {
    /// The home.
    pub home: &'a Home,
    /// `WHERE:WHAT`, or none for a well-behaved plugin.
    pub attack: Option<&'a str>,
    /// Whether the sandbox is on.
    pub sandbox: bool,
    /// How long `hold` and `daemon` sleep.
    pub delay: Duration,
    /// The user to run as (the home is given to it); none: the test's own.
    pub user: Option<u32>,
}

/// What an attempt left: the run, and what the listener got.
pub struct Outcome {
    /// The run.
    pub run: Run,
    /// Connections the listener accepted.
    pub connections: usize,
    /// The bytes it received.
    pub received: Vec<u8>,
}

impl Attempt<'_> {
    /// The attempt's environment.
    pub fn env(&self, port: u16) -> Vec<(String, String)> {
        let mut env = self.home.env(self.attack, port, self.delay);
        if !self.sandbox {
            env.push(("TAVOLA_NO_SANDBOX".into(), "1".into()));
        }
        env
    }

    /// Runs `tavola ARGS` under the watching shell.
    pub fn tavola(&self, args: &[&str]) -> Outcome {
        let listener = Listener::start();
        let env = self.env(listener.port);
        let program = tavola_args(self.home, self.sandbox, args);
        if let Some(uid) = self.user {
            give_to(self.home.root.path(), uid);
        }
        let root = self.home.root.path();
        let run = run_as(self.user, root, &program, &env, b"", RUN_LIMIT);
        let (connections, received) = listener.finish();
        Outcome {
            run,
            connections,
            received,
        }
    }
}

/// The library of the attacking plugin.
pub const ATTACKER: &str = "fixture_attacker";

/// How long `hold` and `daemon` sleep: a held pipe long enough to notice a host that
/// waits for it; a daemon short enough to see its mark appear while the test waits.
pub fn delay_for(attack: &str) -> Duration {
    if attack.ends_with("hold") {
        Duration::from_secs(30)
    } else {
        Duration::from_millis(300)
    }
}

/// An attempt of `attack` (none: a fair game) in `home`, the sandbox on or off.
pub fn attempt<'a>(home: &'a Home, attack: Option<&'a str>, sandbox: bool) -> Attempt<'a> {
    Attempt {
        home,
        attack,
        sandbox,
        delay: delay_for(attack.unwrap_or("")),
        user: None,
    }
}

/// A home whose cache already holds another plugin's private copy and inspection, for
/// the `cache` attack to aim at.
pub fn home_with_cache(attack: &str) -> Home {
    let home = Home::new(&[ATTACKER]);
    if attack.ends_with("cache") {
        let other = Home::new(&["fixture_hostile"]);
        let primed = Attempt {
            home: &other,
            ..attempt(&home, None, true)
        };
        let mut env = primed.env(0);
        env.retain(|(k, _)| k != "TAVOLA_CACHE_DIR");
        env.push((
            "TAVOLA_CACHE_DIR".into(),
            home.cache().display().to_string(),
        ));
        let program = tavola_args(&other, true, &["list"]);
        let run = run(other.root.path(), &program, &env, b"", RUN_LIMIT);
        assert!(run.stdout.contains("loaded"), "{}", run.stdout);
        assert!(!home.cache_files().is_empty());
    }
    home
}
