//! The processes a test started.

/// The game workers this test process started: its children running `tavola worker`.
pub fn workers() -> Vec<i32> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // The parent is the fourth field, after the name in parentheses.
        let parent = stat
            .rsplit_once(") ")
            .and_then(|(_, rest)| rest.split_whitespace().nth(1).map(str::to_owned));
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let worker = cmdline.split(|&b| b == 0).any(|arg| arg == b"worker");
        if parent.as_deref() == Some(me.as_str()) && worker {
            found.push(pid);
        }
    }
    found
}
