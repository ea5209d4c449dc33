//! An analysis deepening on a thread of its own, off the caller's (the UI's): each
//! finished depth replaces the last as the snapshot the caller polls, and the lines are
//! proven exact where they can be once the deepening ends.

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use super::{Analysis, AnalysisConfig, Engine, lines};
use crate::{
    ai::mcts::MctsConfig,
    plugins::{CallError, GameHandle},
};

/// What the analysis has found so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    /// The lines of the deepest finished iteration.
    pub analysis: Analysis,
    /// Whether the analysis has ended (every depth searched, the time spent, or
    /// stopped) and its lines are proven where they could be.
    pub done: bool,
}

/// An analysis running on its own thread.
///
/// ```no_run
/// # fn demo(game: tavola_core::plugins::GameHandle) {
/// use std::time::Duration;
/// use tavola_core::analysis::{AnalysisConfig, Analyser};
/// let analyser = Analyser::start(game, Vec::new(), AnalysisConfig::default(),
///                                Some(Duration::from_secs(2)), Default::default());
/// while !analyser.poll().is_some_and(|u| u.done) {
///     std::thread::sleep(Duration::from_millis(100)); // a frame
/// }
/// # }
/// ```
pub struct Analyser {
    latest: Arc<Mutex<Option<Update>>>,
    stop: Arc<AtomicBool>,
    /// The thread, or why it could not start; `None` once joined.
    thread: Option<Result<JoinHandle<Result<(), CallError>>, std::io::Error>>,
}

impl Analyser {
    /// Starts analysing `game` (`history`: the state hashes of its earlier positions)
    /// to `config.max_depth`, for `time` at most (a depth it cuts is dropped, the
    /// deepest finished one kept), then proving the lines where it can; games the
    /// plugin's engine cannot search are analysed by MCTS (`mcts`'s settings, for
    /// `config.mcts_time`).
    pub fn start(
        game: GameHandle,
        history: Vec<u64>,
        config: AnalysisConfig,
        time: Option<Duration>,
        mcts: MctsConfig,
    ) -> Self {
        let latest = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (latest, stop) = (latest.clone(), stop.clone());
            std::thread::Builder::new()
                .name("tavola-analysis".into())
                .spawn(move || deepen(&game, &history, &config, time, &mcts, &stop, &latest))
        };
        Analyser {
            latest,
            stop,
            thread: Some(thread),
        }
    }

    /// The latest snapshot, if a depth has finished.
    pub fn poll(&self) -> Option<Update> {
        self.latest.lock().ok()?.clone()
    }

    /// Whether the thread has ended (its last snapshot is then [`Analyser::poll`]'s).
    pub fn finished(&self) -> bool {
        match &self.thread {
            Some(Ok(thread)) => thread.is_finished(),
            _ => true,
        }
    }

    /// Asks the search to stop soon; the last finished depth stays the answer.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Waits for the analysis to end; its last snapshot, or the plugin's error.
    pub fn wait(mut self) -> Result<Option<Update>, CallError> {
        let failed = |what: String| CallError::host(crate::plugins::ErrorKind::PluginFailed, what);
        match self.thread.take() {
            Some(Ok(thread)) => match thread.join() {
                Ok(r) => r?,
                Err(_) => return Err(failed("the analysis thread panicked".into())),
            },
            Some(Err(why)) => return Err(failed(format!("the analysis thread: {why}"))),
            None => {}
        }
        Ok(self.poll())
    }
}

impl Drop for Analyser {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Makes `analysis` the snapshot, its lines best first ([`lines::sort`], the order of
/// the final answer, so that every update shown agrees with it).
fn publish(latest: &Mutex<Option<Update>>, mut analysis: Analysis, done: bool) {
    lines::sort(&mut analysis.lines);
    if let Ok(mut l) = latest.lock() {
        *l = Some(Update { analysis, done });
    }
}

fn deepen(
    game: &GameHandle,
    history: &[u64],
    config: &AnalysisConfig,
    time: Option<Duration>,
    mcts: &MctsConfig,
    stop: &AtomicBool,
    latest: &Mutex<Option<Update>>,
) -> Result<(), CallError> {
    let deadline = time.map(|t| Instant::now() + t);
    let shallow = AnalysisConfig {
        solve_nodes: 0,
        ..*config
    };
    let mut last = None;
    for depth in 1..=config.max_depth.max(1) {
        // The first depth whatever the time, so that there is an answer.
        let until = deadline.filter(|_| depth > 1);
        let Some(found) = lines::engine_lines(game, history, &shallow, depth, until, stop)? else {
            let found = lines::mcts_lines(game, config, mcts, 1)?;
            publish(latest, found, true);
            return Ok(());
        };
        if !found.complete {
            break;
        }
        publish(latest, found.clone(), false);
        let decided = found.lines.iter().all(|l| l.value.result().is_some())
            && found
                .lines
                .iter()
                .all(|l| l.line.len() + 2 < depth as usize);
        last = Some(found);
        if decided || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
    }
    let Some(mut found) = last else {
        return Ok(());
    };
    // The proofs, at the depth reached (they end on `stop` too).
    let depth = found.depth.unwrap_or(1);
    if config.solve_nodes > 0 && found.engine == Engine::AlphaBeta {
        for line in &mut found.lines {
            if stop.load(Ordering::Relaxed) || line.value.is_exact() {
                continue;
            }
            if let Some(v) = lines::prove(
                game,
                history,
                line.mv,
                config.solve_nodes,
                config.table_kib,
                stop,
            )? {
                line.value = v;
            }
        }
    }
    found.depth = Some(depth);
    publish(latest, found, true);
    Ok(())
}

#[cfg(test)]
mod tests {
    use game_api::MoveId;

    use super::*;
    use crate::analysis::{Line, Value};

    fn line(mv: u32, value: Value) -> Line {
        Line {
            mv: MoveId(mv),
            value,
            line: vec![MoveId(mv)],
        }
    }

    /// A deepening's update lists its lines best first, as the final answer does: the
    /// searches by exclusion can find "at least 16" before "at least 24".
    #[test]
    fn every_update_is_published_best_first() {
        let latest = Mutex::new(None);
        let found = Analysis {
            lines: vec![
                line(0, Value::Proven(16)),
                line(1, Value::Proven(24)),
                line(2, Value::Estimate(20.5)),
                line(3, Value::Exact(16)),
            ],
            engine: Engine::AlphaBeta,
            depth: Some(26),
            nodes: 1,
            complete: true,
        };
        publish(&latest, found, false);
        let shown = latest.lock().unwrap().clone().unwrap();
        let order: Vec<u32> = shown.analysis.lines.iter().map(|l| l.mv.0).collect();
        assert_eq!(order, [1, 2, 0, 3]);
        assert!(!shown.done);
    }
}
