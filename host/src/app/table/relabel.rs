//! A game in progress changes language: the worker makes it again in the player's new
//! language (see [`Request::Language`](crate::worker::Request::Language)), and the
//! board, status, move names and the last move's event are shown in it at once.

use game_api::Effect;

use super::{FRAME_WAIT, Pending, Table};
use crate::worker::{RemoteGame, Snapshot};

impl Table {
    /// Re-labels the game in the language now chosen: at once, or as soon as the
    /// position change on its way (a move, a jump in the history) has come back.
    pub fn relabel(&mut self) {
        self.link.relabel_due = true;
        self.relabel_now();
    }

    /// Re-labels the game unless a position change is on its way. A worker that failed
    /// is left alone: starting the plugin again starts it in the new language.
    pub(super) fn relabel_now(&mut self) {
        if self.pending.is_some() {
            return;
        }
        self.link.relabel_due = false;
        // The game is made again: a bot thinking stops (and thinks again after it).
        self.cancel_bot();
        self.skip_animation();
        self.shown.view_before = None;
        let moves = self.session.played_ids();
        let Some(remote) = self.remote() else { return };
        // Asked like a move: the window does not wait for the answer (see `settle`).
        match remote.send(RemoteGame::relabel_request(&moves)) {
            Ok(id) => {
                self.pending = Some(Pending::Relabel { id });
                self.settle(0.0, FRAME_WAIT);
            }
            Err(f) => self.lost_worker(f),
        }
    }

    /// The game, made again in the new language, is shown in it: the position, the
    /// last move's event and the move list's.
    pub(super) fn relabelled(&mut self, effects: Option<Vec<Effect>>, snapshot: Snapshot) {
        self.show(snapshot);
        self.reword_move_events();
        let cursor = self.session.cursor();
        let last = cursor
            .checked_sub(1)
            .and_then(|i| self.session.moves().get(i).cloned());
        if let (Some(effects), Some(last), Some(_)) = (effects, last, &self.notes.event) {
            let (seat, notation) = (last.seat, last.notation.clone());
            let over = matches!(self.position.turn, game_api::Turn::Over { .. });
            self.notes.event = self.event_text(seat, &notation, &effects, over);
        }
        self.dirty = true;
    }

    /// What `effects` of a move by `seat` (none: chance) tell, in words (see
    /// [`events::describe`](crate::app::events::describe)).
    pub(in crate::app) fn happened(&self, seat: Option<u8>, effects: &[Effect]) -> Option<String> {
        let names: Vec<String> = self
            .position
            .view
            .panels
            .iter()
            .map(|p| p.seat.clone())
            .collect();
        let owner = |site: game_api::SiteId| {
            self.position
                .layout
                .sites
                .iter()
                .find(|s| s.id == site)
                .and_then(|s| s.owner)
        };
        crate::app::events::describe(effects, &names, seat, &owner)
    }

    /// What `effects` of a move by `seat` made happen, in words; `over`: the move ended
    /// the game, which gives nobody another turn, whatever the plugin said.
    pub(in crate::app) fn happened_in(
        &self,
        seat: Option<u8>,
        effects: &[Effect],
        over: bool,
    ) -> Option<String> {
        let effects: Vec<Effect> = effects
            .iter()
            .filter(|e| !(over && matches!(e, Effect::ExtraTurn { .. })))
            .cloned()
            .collect();
        self.happened(seat, &effects)
    }

    /// What a person reads of a move just played: the chance outcome, or the seat, the
    /// move and what happened (nothing for a seat's move that did nothing worth saying).
    pub(super) fn event_text(
        &self,
        seat: Option<u8>,
        notation: &str,
        effects: &[Effect],
        over: bool,
    ) -> Option<String> {
        let names: Vec<String> = self
            .position
            .view
            .panels
            .iter()
            .map(|p| p.seat.clone())
            .collect();
        let happened = self.happened_in(seat, effects, over);
        match (seat, happened) {
            (None, Some(h)) => Some(crate::tr!(
                "play-chance-event",
                notation = notation.to_owned(),
                happened = h
            )),
            (None, None) => Some(crate::tr!(
                "play-chance-move",
                notation = notation.to_owned()
            )),
            (Some(s), Some(h)) => Some(format!(
                "{} {notation}: {h}",
                names.get(usize::from(s)).map_or("", String::as_str)
            )),
            (Some(_), None) => None,
        }
    }
}
