//! [`ScriptedLink`]: a [`Link`] with no process behind it. Each request is answered by a
//! function (the script's game) when it is sent, in order, as a worker would; the answer
//! is handed over at once, or held until the test releases it (a slow worker, a bot
//! still thinking). The test keeps a [`Script`] to see what was asked and to steer.

use std::{
    collections::{BTreeMap, HashMap},
    path::Path,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use super::Link;
use crate::{
    ai::HintBudget,
    plugins::Plugin,
    worker::{Poll, Reply, Request, Slow, WorkerError, WorkerFailure},
};

/// How the script's game answers a request (`None`: no answer ever, as a request the
/// game does not know).
pub type Answerer = Box<dyn FnMut(&Request) -> Option<Result<Reply, WorkerError>> + Send>;

/// A link whose answers come from a script (see the module).
pub struct ScriptedLink {
    plugin: Plugin,
    script: Script,
}

/// The test's hold on a [`ScriptedLink`]: what was sent, and the steering (hold the
/// answers, release them, kill the worker). Clones share the link.
#[derive(Clone)]
pub struct Script(Arc<Mutex<State>>);

struct State {
    next: u64,
    sent: Vec<(u64, Request)>,
    answerer: Answerer,
    /// Answers handed over (`poll`, `wait` take them).
    ready: HashMap<u64, Result<Reply, WorkerError>>,
    /// Answers made but not handed over yet, by id.
    held: BTreeMap<u64, Result<Reply, WorkerError>>,
    /// Whether new answers are held.
    holding: bool,
    cancelled: Vec<u64>,
    dead: Option<WorkerFailure>,
}

impl ScriptedLink {
    /// A link to `plugin`'s game as `answerer` plays it; the [`Script`] steers it.
    pub fn new(plugin: Plugin, answerer: Answerer) -> (Self, Script) {
        let script = Script(Arc::new(Mutex::new(State {
            next: 1,
            sent: Vec::new(),
            answerer,
            ready: HashMap::new(),
            held: BTreeMap::new(),
            holding: false,
            cancelled: Vec::new(),
            dead: None,
        })));
        let link = ScriptedLink {
            plugin,
            script: script.clone(),
        };
        (link, script)
    }

    fn answer(&mut self, id: u64) -> Poll {
        let mut s = self.script.state();
        if let Some(answer) = s.ready.remove(&id) {
            return Poll::Ready(answer);
        }
        match s.dead.clone() {
            Some(f) if s.held.remove(&id).is_some() => Poll::Ready(Err(WorkerError::Failed(f))),
            _ => Poll::Pending,
        }
    }
}

impl Script {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every request sent so far, in order.
    pub fn sent(&self) -> Vec<Request> {
        self.state().sent.iter().map(|(_, r)| r.clone()).collect()
    }

    /// The moves sent to be played so far (`Request::Play`), in order.
    pub fn played(&self) -> Vec<u32> {
        self.state()
            .sent
            .iter()
            .filter_map(|(_, r)| match r {
                Request::Play { mv } => Some(*mv),
                _ => None,
            })
            .collect()
    }

    /// How many requests were sent so far.
    pub fn sent_count(&self) -> usize {
        self.state().sent.len()
    }

    /// From now on, answers are made when asked but handed over only on
    /// [`Script::release`] (`true`), or at once again (`false`).
    pub fn hold(&self, on: bool) {
        self.state().holding = on;
    }

    /// Hands over every answer held.
    pub fn release(&self) {
        let mut s = self.state();
        let held = std::mem::take(&mut s.held);
        s.ready.extend(held);
    }

    /// The ids of the requests cancelled so far.
    pub fn cancelled(&self) -> Vec<u64> {
        self.state().cancelled.clone()
    }

    /// The worker dies with `failure`: requests sent after fail, answers not handed
    /// over yet come as the failure.
    pub fn kill(&self, failure: WorkerFailure) {
        self.state().dead = Some(failure);
    }
}

impl Link for ScriptedLink {
    fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    fn tables_dir(&self) -> Option<&Path> {
        None
    }

    fn slow(&self) -> Option<&Slow> {
        None
    }

    fn set_waker(&self, _waker: Arc<dyn Fn() + Send + Sync>) {}

    fn failure(&mut self) -> Option<WorkerFailure> {
        self.script.state().dead.clone()
    }

    fn send(&mut self, request: Request) -> Result<u64, WorkerFailure> {
        let mut s = self.script.state();
        if let Some(f) = &s.dead {
            return Err(f.clone());
        }
        let id = s.next;
        s.next += 1;
        s.sent.push((id, request.clone()));
        if let Some(answer) = (s.answerer)(&request) {
            if s.holding {
                s.held.insert(id, answer);
            } else {
                s.ready.insert(id, answer);
            }
        }
        Ok(id)
    }

    fn reset_to(&mut self, moves: &[u32]) -> Result<(), WorkerFailure> {
        let id = self.send(Request::Goto {
            moves: moves.to_vec(),
        })?;
        let mut s = self.script.state();
        s.ready.remove(&id);
        s.held.remove(&id);
        Ok(())
    }

    fn start_bot_move(&mut self, name: &str, seed: u64) -> Result<u64, WorkerFailure> {
        self.send(Request::BotMove {
            name: name.to_owned(),
            seed,
        })
    }

    fn start_preview(&mut self, mv: u32) -> Result<u64, WorkerFailure> {
        self.send(Request::Preview { mv })
    }

    fn start_hint(&mut self, seed: u64, budget: HintBudget) -> Result<u64, WorkerFailure> {
        self.send(crate::worker::hint_request(seed, budget))
    }

    fn wait(&mut self, id: u64, _limit: Duration) -> Poll {
        self.answer(id)
    }

    fn poll(&mut self, id: u64) -> Poll {
        self.answer(id)
    }

    fn cancel(&mut self, id: u64) {
        let mut s = self.script.state();
        s.cancelled.push(id);
        s.ready.remove(&id);
        s.held.remove(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn echo() -> (ScriptedLink, Script) {
        ScriptedLink::new(
            crate::table::pile::plugin(),
            Box::new(|r| match r {
                Request::Preview { mv } => Some(Ok(Reply::Preview {
                    mv: *mv,
                    effects: Vec::new(),
                })),
                _ => None,
            }),
        )
    }

    #[test]
    fn answers_come_once_in_the_order_asked_and_can_be_held() {
        let (mut link, script) = echo();
        let a = link.start_preview(1).unwrap();
        assert!(matches!(
            link.poll(a),
            Poll::Ready(Ok(Reply::Preview { mv: 1, .. }))
        ));
        assert!(
            matches!(link.poll(a), Poll::Pending),
            "an answer taken twice"
        );
        script.hold(true);
        let b = link.start_preview(2).unwrap();
        assert!(matches!(link.wait(b, Duration::ZERO), Poll::Pending));
        script.release();
        assert!(matches!(link.wait(b, Duration::ZERO), Poll::Ready(Ok(_))));
        assert_eq!(script.sent_count(), 2);
    }

    #[test]
    fn a_killed_worker_fails_what_is_asked_and_what_was_waited_for() {
        let (mut link, script) = echo();
        script.hold(true);
        let a = link.start_preview(1).unwrap();
        let unknown = link
            .start_hint(1, HintBudget::Time(Duration::from_secs(1)))
            .unwrap();
        script.kill(WorkerFailure::Protocol("gone".into()));
        assert!(matches!(
            link.poll(a),
            Poll::Ready(Err(WorkerError::Failed(_)))
        ));
        assert!(matches!(link.poll(unknown), Poll::Pending));
        assert!(link.start_preview(2).is_err());
        assert!(link.failure().is_some());
    }

    #[test]
    fn a_cancelled_request_is_never_answered_and_a_reset_answers_nothing() {
        let (mut link, script) = echo();
        let a = link.start_preview(1).unwrap();
        link.cancel(a);
        assert!(matches!(link.poll(a), Poll::Pending));
        assert_eq!(script.cancelled(), vec![a]);
        link.reset_to(&[1, 2]).unwrap();
        assert!(matches!(
            script.sent().last(),
            Some(Request::Goto { moves }) if moves == &[1, 2]
        ));
    }
}
