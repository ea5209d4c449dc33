//! The previews of the person's moves: which legal move the person points at, and what
//! it would do, asked of the worker once per move and position and kept until the
//! position changes.

use std::collections::HashMap;

use game_api::{Effect, MoveId, MoveInfo, SiteId};

use super::Table;
use crate::{
    app::move_preview::PreviewMarks,
    worker::{Poll, RemoteGame, WorkerError},
};

/// The previews of the position on the board.
#[derive(Debug, Default)]
pub(in crate::app) struct Previews {
    /// The position (see [`Table::position`]) the previews below are of.
    position: u64,
    /// The moves previewed there, with their effects and marks (none: the plugin
    /// refused to say, and is not asked again).
    known: HashMap<MoveId, Option<(Vec<Effect>, PreviewMarks)>>,
    /// The preview asked of the worker: its request, the move and the position.
    job: Option<(u64, MoveId, u64)>,
    /// The move pointed at, if any.
    pointed: Option<MoveId>,
}

impl Previews {
    /// Forgets the move pointed at (a new position: its moves are other moves).
    pub(in crate::app) fn forget_pointed(&mut self) {
        self.pointed = None;
    }
}

impl Table {
    /// The one legal move that pointing at `site` names, given the sites clicked so far:
    /// the move whose next site it is, if only one move goes on through it (a piece with
    /// several destinations names none until it is clicked).
    pub(in crate::app) fn move_at(&self, site: Option<SiteId>) -> Option<MoveId> {
        let site = site?;
        let depth = self.input.path.len();
        let mut through = self
            .candidates()
            .into_iter()
            .filter(|m| m.sites.get(depth) == Some(&site));
        let only = through.next()?;
        through.next().is_none().then_some(only.id)
    }

    /// Notes the move the person points at now (none: no preview). Asking the worker
    /// waits for [`logic`](Table::logic).
    pub(in crate::app) fn point_at(&mut self, mv: Option<MoveId>) {
        self.searches.previews.pointed = mv.filter(|_| self.person_to_move());
    }

    /// The move pointed at and what it would do, once the worker has said.
    pub fn preview(&self) -> Option<(&MoveInfo, &[Effect], &PreviewMarks)> {
        let mv = self.searches.previews.pointed?;
        if !self.person_to_move() || self.searches.previews.position != self.position.count {
            return None;
        }
        let (effects, marks) = self.searches.previews.known.get(&mv)?.as_ref()?;
        let info = self.position.moves.iter().find(|m| m.id == mv)?;
        Some((info, effects, marks))
    }

    /// Takes the worker's answer to the preview asked, and asks for the move pointed at
    /// if it is not known yet (one at a time: a preview takes the plugin well under a
    /// millisecond).
    pub(super) fn poll_preview(&mut self) {
        if self.searches.previews.position != self.position.count {
            self.searches.previews.known.clear();
            self.searches.previews.position = self.position.count;
        }
        let Some(remote) = self
            .link
            .remote
            .as_deref_mut()
            .filter(|_| self.notes.failure.is_none())
        else {
            return;
        };
        if let Some((id, asked, position)) = self.searches.previews.job {
            let Poll::Ready(answer) = remote.poll(id) else {
                return;
            };
            self.searches.previews.job = None;
            let current = position == self.position.count;
            match answer.and_then(RemoteGame::previewed) {
                Ok((mv, effects)) if current => {
                    let marks = PreviewMarks::of(&effects);
                    self.searches
                        .previews
                        .known
                        .insert(MoveId(mv), Some((effects, marks)));
                }
                Ok(_) => {}
                Err(WorkerError::Refused(e)) => {
                    if current {
                        self.searches.previews.known.insert(asked, None);
                    }
                    // A legal move the plugin will not play, even on a copy: its fault,
                    // told once.
                    return self.failed(WorkerError::Refused(e));
                }
                Err(e) => return self.failed(e),
            }
        }
        let Some(mv) = self
            .searches
            .previews
            .pointed
            .filter(|_| self.person_to_move())
        else {
            return;
        };
        if self.searches.previews.known.contains_key(&mv) {
            return;
        }
        let Some(remote) = self.remote() else {
            return;
        };
        match remote.start_preview(mv.0) {
            Ok(id) => self.searches.previews.job = Some((id, mv, self.position.count)),
            Err(f) => self.lost_worker(f),
        }
    }
}
