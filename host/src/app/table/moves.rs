//! Moves on the board: a move asked of the worker, its answer waited for (a moment, then
//! frame by frame), and a move played — recorded in the session, its events told, the
//! clock, the bots woken or held, the turn's sites, the animation started.

use game_api::{Effect, MoveId, MoveInfo, Turn};

use super::{FRAME_WAIT, Pending, Table};
use crate::app::replay_notes::ReplayedMove;
use crate::{
    session::SeatKind,
    worker::{Poll, RemoteGame, Request, Snapshot},
};

impl Table {
    /// Plays `mv`, animating it over `step_seconds` per step. The worker's answer is
    /// waited for a moment; if it takes longer, the game waits for it frame by frame.
    /// At a network game's table the move goes to the network side instead, and is
    /// played here once it comes back in the record (see `follow`).
    pub fn play(&mut self, mv: MoveId, now: f64, step_seconds: f64) {
        let notation = self
            .position
            .moves
            .iter()
            .find(|m| m.id == mv)
            .map(|m| m.notation.clone());
        // The referee decides whether the move counts at once; at a network game's
        // table it goes to the network side, and comes back in the record.
        if let Some(notation) = notation
            && !self.referee.move_chosen(&notation)
        {
            self.input.path.clear();
            return;
        }
        self.play_now(mv, now, step_seconds);
    }

    /// Plays `mv` in the table's worker (see [`Table::play`]).
    pub(super) fn play_now(&mut self, mv: MoveId, now: f64, step_seconds: f64) {
        // A finished game is read-only: only its recorded moves are replayed (Redo).
        if self.pending.is_some()
            || (self.session.finished() && self.session.next_redo() != Some(mv))
        {
            return;
        }
        self.cancel_bot();
        let Some(info) = self.position.moves.iter().find(|m| m.id == mv).cloned() else {
            self.notes.error = Some(crate::tr!("play-move-not-legal", number = mv.0));
            return;
        };
        let seat = match self.position.turn {
            Turn::Seat { seat } => Some(seat),
            _ => None,
        };
        let Some(remote) = self.remote() else { return };
        match remote.send(Request::Play { mv: mv.0 }) {
            Ok(id) => {
                self.pending = Some(Pending::Play {
                    id,
                    mv,
                    info,
                    seat,
                    step_seconds,
                });
                self.settle(now, FRAME_WAIT);
            }
            Err(f) => self.lost_worker(f),
        }
    }

    /// Whether a move or a jump is waiting for the worker's answer.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Takes the answer to the pending position change if it comes within `wait`.
    pub(super) fn settle(&mut self, now: f64, wait: std::time::Duration) {
        let Some(pending) = &self.pending else { return };
        let id = match pending {
            Pending::Play { id, .. } | Pending::Goto { id } | Pending::Relabel { id } => *id,
        };
        let Some(remote) = self.link.remote.as_deref_mut() else {
            self.pending = None;
            return;
        };
        let Poll::Ready(answer) = remote.wait(id, wait) else {
            return;
        };
        match self.pending.take() {
            Some(Pending::Play {
                mv,
                info,
                seat,
                step_seconds,
                ..
            }) => match answer.and_then(RemoteGame::played) {
                Ok((effects, snapshot)) => {
                    self.played(mv, info, seat, effects, snapshot, now, step_seconds);
                }
                Err(e) => self.failed(e),
            },
            Some(Pending::Goto { .. }) => match answer.and_then(RemoteGame::position_of) {
                Ok(snapshot) => {
                    self.shown.callouts.clear();
                    self.show(snapshot);
                    self.dirty = true;
                }
                Err(e) => self.failed(e),
            },
            Some(Pending::Relabel { .. }) => match answer.and_then(RemoteGame::relabelled) {
                Ok((effects, snapshot)) => self.relabelled(effects, snapshot),
                Err(e) => self.failed(e),
            },
            None => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn played(
        &mut self,
        mv: MoveId,
        info: MoveInfo,
        seat: Option<u8>,
        effects: Vec<Effect>,
        snapshot: Snapshot,
        now: f64,
        step_seconds: f64,
    ) {
        let over = matches!(snapshot.turn, Turn::Over { .. });
        // The plugin's words for the move where it gives them, as in the move list.
        let said = info.words.as_deref().unwrap_or(&info.notation);
        self.notes.event = self.event_text(seat, said, &effects, over);
        let happened = self.happened_in(seat, &effects, over);
        let at = self.session.cursor();
        let redone = self.session.next_redo() == Some(mv);
        let played = info.notation.clone();
        let dropped = self
            .session
            .record_played(mv, info.notation, seat, &snapshot.notation);
        self.note_branch(at, &played, dropped);
        if let (Some(words), Some(check)) = (
            info.words,
            self.session.moves().get(at).and_then(|m| m.check.clone()),
        ) {
            self.shown.move_words.insert((at, check), words);
        }
        if let (Some(text), Some(check)) = (
            happened,
            self.session.moves().get(at).and_then(|m| m.check.clone()),
        ) {
            let event = MoveEvent {
                seat,
                effects: effects.clone(),
                over,
                text,
            };
            self.shown.move_events.insert((at, check), event);
        }
        if let Some(s) = seat
            && !redone
            && !self.flow.replaying
            && !self.session.can_redo()
        {
            self.clock_after_move(s);
        }
        self.notes.error = None;
        self.dirty = true;
        // A person's new move (from the end, or from an earlier point of the game) goes
        // on with the game: the bots answer. A recorded move played again (Redo, the
        // replay, the same move clicked) leaves the game as it was: held.
        if !redone
            && seat.is_some_and(|s| {
                self.session.seats().get(usize::from(s)) == Some(&SeatKind::Person)
            })
        {
            self.flow.go_on();
        }
        if seat.is_some() {
            if self.shown.turn_sites.0 == seat {
                self.shown.turn_sites.1.extend(info.sites.iter().copied());
            } else {
                self.shown.turn_sites = (seat, info.sites.clone());
            }
        }
        let before = self.shown.contents.clone();
        let view_before = self.position.view.clone();
        // The move before has been shown whole (its animation ended or was skipped):
        // its events still waiting appear; this move's wait for the board.
        self.shown.callouts.reveal(usize::MAX, now);
        let callouts = crate::app::events::callouts(&effects, &self.seat_names(), over);
        self.shown.callouts.start(callouts);
        self.show(snapshot);
        self.shown.last_marks = Some(crate::app::move_preview::PreviewMarks::of(&effects).taken());
        self.start_animation(effects, before, now, step_seconds);
        self.shown.view_before = self.shown.animation.is_some().then_some(view_before);
    }
}

/// What a move played here made happen, for the move list: its words, and what they
/// were said from (so that they can be said again in another language).
#[derive(Debug, Clone)]
pub(in crate::app) struct MoveEvent {
    /// The seat that moved (none: chance).
    pub seat: Option<u8>,
    /// What the move did.
    pub effects: Vec<Effect>,
    /// Whether it ended the game.
    pub over: bool,
    /// In words, in the language of the texts.
    pub text: String,
}

impl Table {
    /// Tells again, in the move list, what each move of a game opened again made happen:
    /// `effects` are the record's moves' (and its undone ones'), in order, each with
    /// whether it ended the game (see `app::replay_notes`).
    pub(in crate::app) fn restore_move_events(&mut self, moves: &[ReplayedMove]) {
        for (
            i,
            ReplayedMove {
                effects,
                over,
                words,
            },
        ) in moves.iter().enumerate()
        {
            let Some(m) = self.session.moves().get(i).cloned() else {
                break;
            };
            let (seat, check) = (m.seat, m.check.clone());
            if let (Some(words), Some(check)) = (words, &check) {
                self.shown
                    .move_words
                    .insert((i, check.clone()), words.clone());
            }
            if let (Some(text), Some(check)) = (self.happened_in(seat, effects, *over), check) {
                let event = MoveEvent {
                    seat,
                    effects: effects.clone(),
                    over: *over,
                    text,
                };
                self.shown.move_events.insert((i, check), event);
            }
        }
    }

    /// Says the move list's events again, in the language now chosen.
    pub(super) fn reword_move_events(&mut self) {
        let texts: Vec<((usize, String), Option<String>)> = self
            .shown
            .move_events
            .iter()
            .map(|(key, e)| (key.clone(), self.happened_in(e.seat, &e.effects, e.over)))
            .collect();
        for (key, text) in texts {
            match text {
                Some(text) => {
                    if let Some(event) = self.shown.move_events.get_mut(&key) {
                        event.text = text;
                    }
                }
                None => {
                    self.shown.move_events.remove(&key);
                }
            }
        }
    }
}
