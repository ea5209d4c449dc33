//! Discoveries running at the same time over one plugin cache, as two Tavola processes
//! started together (the app and the command line, or tests side by side) do: each
//! writes the private copies it finds missing, while the other's confined children may
//! already be mapping them. A copy put in place by one must never be replaced under the
//! other (a child's sandbox allows it that very file alone): every plugin loads in every
//! process. Before the fix, about one run in fifty lost a plugin this way ("not a
//! loadable library: /proc/self/fd/4: … Permission denied"), and the refusal was cached.

mod common;

use common::plugins_of;

/// How many processes share each fresh cache, and how many fresh caches are tried.
const PROCESSES: usize = 6;
const ROUNDS: usize = 12;

#[test]
fn processes_discovering_together_over_one_fresh_cache_all_load_every_plugin() {
    let names = ["kalah", "oware", "congkak", "zaroc"];
    let plugins = plugins_of(&names);
    for round in 0..ROUNDS {
        let cache = tempfile::tempdir().unwrap();
        let children: Vec<_> = (0..PROCESSES)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_tavola"))
                    .args(["--lang", "en", "--no-default-plugins", "--plugins"])
                    .arg(plugins.path())
                    .arg("list")
                    .env("TAVOLA_CACHE_DIR", cache.path())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "round {round}: {text}");
            for name in names {
                let line = text
                    .lines()
                    .find(|l| l.contains(&format!("lib{name}.")))
                    .unwrap_or_else(|| panic!("round {round}: {name} not listed:\n{text}"));
                assert!(line.contains("loaded"), "round {round}: {name}:\n{text}");
            }
        }
        // What was written is whole: the copies and no temporary left behind.
        let left: Vec<String> = std::fs::read_dir(cache.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(left.is_empty(), "round {round}: temporaries left: {left:?}");
    }
}
