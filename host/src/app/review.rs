//! The review screen's controller: a finished game's (or any record's) review run off
//! the UI thread ([`ReviewRun`]), its result read ([`GameReview`]), the move the board
//! shows, and "learn from your mistakes" — each mistake of the chosen seat as a position
//! to find a better move in, the answer reviewed the same way and its verdict shown.
//! Drawing is in `review_ui`, which only reads this and returns [`ReviewAction`]s.

use std::path::PathBuf;

use game_api::SiteId;

use super::{
    Intent, Table, TavolaApp,
    review_data::{DrillAnswer, GameReview},
    review_run::{ReviewRun, RunError, RunPoll},
};
use crate::record::Record;

/// What the person asked of the review screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewAction {
    /// Show the position after the record's first `n` moves.
    Goto(usize),
    /// Start the drills of this seat.
    Drill(u8),
    /// Answer the drill shown with this move (its notation).
    Answer(String),
    /// The next drill.
    Next,
    /// Back from the drills to the review.
    EndDrill,
    /// Close the review.
    Close,
}

/// Where the review stands.
pub(super) enum ReviewState {
    /// Running: moves done, moves in all.
    Running(ReviewRun, usize, usize),
    /// Done.
    Ready(GameReview),
    /// Failed, in words.
    Failed(String),
}

/// The drills of one seat, and the one shown.
pub(super) struct Drill {
    /// The seat whose mistakes are drilled.
    pub seat: u8,
    /// The move numbers of its mistakes.
    pub numbers: Vec<usize>,
    /// The one shown (an index of `numbers`; `numbers.len()` when all are done).
    pub at: usize,
    /// The answer being judged, and its run.
    pub judging: Option<(String, ReviewRun)>,
    /// The verdict on the answer given, or why it could not be judged.
    pub answer: Option<Result<DrillAnswer, RunError>>,
    /// How many were answered right.
    pub right: usize,
    /// The move played in the game was given as the answer (it is no answer: the drill
    /// says so and still waits).
    pub played_again: bool,
}

/// The review screen.
pub struct ReviewPanel {
    pub(super) state: ReviewState,
    pub(super) drill: Option<Drill>,
    /// What runs `tavola review`, the plugins' folders, the language.
    exe: PathBuf,
    plugin_dirs: Vec<PathBuf>,
    extra: Vec<String>,
    /// The record reviewed.
    record: Record,
    /// The seats' names, in seat order.
    pub(super) names: Vec<String>,
}

impl ReviewPanel {
    /// Starts reviewing `record` with `exe review` (the plugins of `plugin_dirs` first;
    /// `extra` more arguments, e.g. the endgame tables).
    pub fn start(
        exe: PathBuf,
        plugin_dirs: Vec<PathBuf>,
        extra: Vec<String>,
        record: Record,
        names: Vec<String>,
    ) -> ReviewPanel {
        let state =
            match ReviewRun::start(&exe, &plugin_dirs, crate::i18n::current(), &record, &extra) {
                Ok(run) => ReviewState::Running(run, 0, record.moves.len()),
                Err(e) => ReviewState::Failed(e.to_string()),
            };
        ReviewPanel {
            state,
            drill: None,
            exe,
            plugin_dirs,
            extra,
            record,
            names,
        }
    }

    /// The review, once done.
    pub fn review(&self) -> Option<&GameReview> {
        match &self.state {
            ReviewState::Ready(r) => Some(r),
            _ => None,
        }
    }

    /// Whether something runs (the window repaints to show it).
    pub fn busy(&self) -> bool {
        matches!(self.state, ReviewState::Running(..))
            || self.drill.as_ref().is_some_and(|d| d.judging.is_some())
    }

    /// Reads what the runs have done (never waits).
    pub fn poll(&mut self) {
        if let ReviewState::Running(run, done, all) = &mut self.state {
            match run.poll() {
                RunPoll::Running(d, a) => {
                    if a > 0 {
                        (*done, *all) = (d, a);
                    }
                }
                RunPoll::Done(Ok(text)) => {
                    self.state = match GameReview::parse(&text) {
                        Ok(r) => ReviewState::Ready(r),
                        Err(e) => ReviewState::Failed(e.to_string()),
                    };
                }
                RunPoll::Done(Err(e)) => self.state = ReviewState::Failed(e.to_string()),
            }
        }
        let mistake = self
            .drill_number()
            .and_then(|n| self.review()?.move_numbered(n).cloned());
        if let Some(drill) = &mut self.drill
            && let Some((_, run)) = &mut drill.judging
            && let RunPoll::Done(result) = run.poll()
        {
            let answer = result
                .and_then(|text| Ok(DrillAnswer::parse(&text)?))
                .map(|a| match &mistake {
                    Some(m) => a.judged_against(m),
                    None => a,
                });
            if answer.as_ref().is_ok_and(|a| a.accepted) {
                drill.right += 1;
            }
            drill.answer = Some(answer);
            drill.judging = None;
        }
    }

    /// The answer given to the drill shown, if one was (being judged, or judged): its
    /// notation.
    pub fn drill_answer(&self) -> Option<String> {
        let drill = self.drill.as_ref()?;
        match (&drill.judging, &drill.answer) {
            (Some((notation, _)), _) => Some(notation.clone()),
            (None, Some(Ok(answer))) => Some(answer.notation.clone()),
            _ => None,
        }
    }

    /// The move number of the drill shown, if one is.
    pub fn drill_number(&self) -> Option<usize> {
        let drill = self.drill.as_ref()?;
        drill.numbers.get(drill.at).copied()
    }

    /// Carries out `action`; returns where the board goes, if anywhere.
    pub fn apply(&mut self, action: ReviewAction) -> Option<usize> {
        match action {
            ReviewAction::Goto(n) => return Some(n),
            ReviewAction::Drill(seat) => {
                let numbers = self
                    .review()?
                    .drills(seat)
                    .iter()
                    .map(|m| m.number)
                    .collect();
                self.drill = Some(Drill {
                    seat,
                    numbers,
                    at: 0,
                    judging: None,
                    answer: None,
                    right: 0,
                    played_again: false,
                });
                return self.drill_number().map(|n| n - 1);
            }
            ReviewAction::Answer(notation) => {
                let number = self.drill_number()?;
                let played = self.review()?.move_numbered(number)?.notation == notation;
                let drill = self.drill.as_mut()?;
                if drill.judging.is_some() || drill.answer.is_some() {
                    return None;
                }
                // The game's own move is what the drill asks to better: said, not judged.
                drill.played_again = played;
                if played {
                    return None;
                }
                let mut args = self.extra.clone();
                args.extend(["--instead".to_owned(), format!("{number}={notation}")]);
                match ReviewRun::start(
                    &self.exe,
                    &self.plugin_dirs,
                    crate::i18n::current(),
                    &self.record,
                    &args,
                ) {
                    Ok(run) => drill.judging = Some((notation, run)),
                    Err(e) => drill.answer = Some(Err(e)),
                }
            }
            ReviewAction::Next => {
                let drill = self.drill.as_mut()?;
                drill.at = (drill.at + 1).min(drill.numbers.len());
                drill.answer = None;
                drill.judging = None;
                drill.played_again = false;
                return self.drill_number().map(|n| n - 1);
            }
            ReviewAction::EndDrill => self.drill = None,
            ReviewAction::Close => {}
        }
        None
    }
}

/// Whether `intent` would play on the board (a move, a site clicked, a board key).
pub(super) fn plays(intent: &Intent) -> bool {
    matches!(
        intent,
        Intent::Play(_) | Intent::ClickSite(_) | Intent::Key(_)
    )
}

impl ReviewPanel {
    /// What the board asked during the review: a move played there (its button or key,
    /// or a click on the site that makes it alone) answers the drill shown, when the
    /// board is at its position and no answer is being judged; every other move is
    /// dropped, so the record is never branched. The rest is left for the table.
    pub(super) fn take_board_moves(&mut self, table: &Table, intents: Vec<Intent>) -> Vec<Intent> {
        let mut kept = Vec::new();
        let answering = self.awaits_answer(table);
        for intent in intents {
            // A key at the drill's position goes to the board, which keeps what it
            // names ([`Table::take_key_answers`]) and plays nothing.
            if answering && matches!(intent, Intent::Key(_)) {
                kept.push(intent);
                continue;
            }
            if !plays(&intent) {
                kept.push(intent);
                continue;
            }
            if let Some(notation) = self.drill_move(table, &intent) {
                self.apply(ReviewAction::Answer(notation));
            }
        }
        kept
    }

    /// What the board's keys named at the drill's position (a site, a move), taken as
    /// its answer as a click or a move button would be.
    pub(super) fn take_key_answers(&mut self, table: &Table, answered: Vec<Intent>) {
        for intent in answered {
            if let Some(notation) = self.drill_move(table, &intent) {
                self.apply(ReviewAction::Answer(notation));
            }
        }
    }

    /// Whether a drill is shown at the board's position, waiting for its answer (none
    /// asked yet, none being judged): the board's keys then answer it.
    pub(super) fn awaits_answer(&self, table: &Table) -> bool {
        let (Some(number), Some(drill)) = (self.drill_number(), self.drill.as_ref()) else {
            return false;
        };
        drill.judging.is_none() && drill.answer.is_none() && table.session().cursor() + 1 == number
    }

    /// The site of the move played in the game at the drill's position, while the drill
    /// waits for its answer (the board's keys are kept off it at first).
    pub(super) fn played_site(&self, table: &Table) -> Option<SiteId> {
        if !self.awaits_answer(table) {
            return None;
        }
        let mistake = self.review()?.move_numbered(self.drill_number()?)?;
        let mv = table
            .legal_moves()
            .iter()
            .find(|m| m.notation == mistake.notation)?;
        mv.sites.first().copied()
    }

    /// The notation of the move `intent` makes at the drill's position, if it answers
    /// the drill shown (nothing asked yet; the game's own move too, which
    /// [`ReviewAction::Answer`] refuses, saying why).
    fn drill_move(&self, table: &Table, intent: &Intent) -> Option<String> {
        let number = self.drill_number()?;
        let drill = self.drill.as_ref()?;
        if drill.judging.is_some() || drill.answer.is_some() {
            return None;
        }
        if table.session().cursor() + 1 != number {
            return None;
        }
        let legal = table.legal_moves();
        let mv = match intent {
            Intent::Play(id) => legal.iter().find(|m| m.id == *id)?,
            Intent::ClickSite(site) => {
                let starting: Vec<_> = legal
                    .iter()
                    .filter(|m| m.sites.first() == Some(site))
                    .collect();
                match starting[..] {
                    [one] => one,
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(mv.notation.clone())
    }
}

impl TavolaApp {
    /// Opens the review of the game on screen (its record as saved: a finished game
    /// whole, a game in progress up to the move shown).
    pub(super) fn open_review(&mut self) {
        // A game in progress would go on while its review runs (seconds, longer in a
        // debug build): between bots, the review listed 4 moves of a board's 11. It is
        // held where it is, so that the review lists every move the board shows (Resume
        // goes on); a finished game is reviewed whole.
        if let Some(play) = &mut self.screens.play
            && !play.session().finished()
        {
            play.goto(play.session().cursor());
        }
        let Some(play) = &self.screens.play else {
            return;
        };
        let record = play.session().record();
        let plugin = play.session().plugin();
        // The game's own folder first, then every folder the app searches: a data
        // file's loader (the mancala-data plugin) may sit in another folder than the
        // file, as with the README's `--plugins target/release --plugins
        // plugins/mancala-data/catalogue`.
        let mut plugin_dirs: Vec<PathBuf> = plugin
            .path()
            .parent()
            .map(PathBuf::from)
            .into_iter()
            .collect();
        for dir in &self.library.dirs.0 {
            if !plugin_dirs.contains(&dir.path) {
                plugin_dirs.push(dir.path.clone());
            }
        }
        let extra = super::analysis::search::tables_arguments(self.data_dir.as_deref(), plugin);
        let names = play
            .position
            .view
            .panels
            .iter()
            .map(|p| p.seat.clone())
            .collect();
        self.screens.review = Some(ReviewPanel::start(
            self.library.worker_exe.clone(),
            plugin_dirs,
            extra,
            record,
            names,
        ));
    }

    /// The review of the game on screen, while open.
    pub fn review_panel(&self) -> Option<&ReviewPanel> {
        self.screens.review.as_ref()
    }

    /// The review's answers taken, and the review closed when the game on screen is
    /// another; its panel is drawn by the play screen ([`ReviewPanel::dock`]).
    pub(super) fn review_check(&mut self, ctx: &egui::Context) {
        let Some(review) = &mut self.screens.review else {
            return;
        };
        review.poll();
        if review.busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let Some(play) = &self.screens.play else {
            return;
        };
        // Another game on screen (a new one, a rematch, one loaded): this review is not
        // of it.
        let record = play.session().record();
        if (record.created, &record.game) != (review.record.created, &review.record.game) {
            self.screens.review = None;
        }
    }
}

impl ReviewPanel {
    /// Draws the review's panel under the board of `play` (the play screen calls it,
    /// [`Table::ui_with`]); returns what was asked in it, which
    /// [`TavolaApp::review_actions`] carries out once the board is drawn.
    pub(super) fn dock(&self, ui: &mut egui::Ui, play: &Table) -> Vec<ReviewAction> {
        let cursor = play.session().cursor();
        let unit = play.session().plugin().manifest().score_unit.clone();
        let legal: Vec<String> = play
            .legal_moves()
            .iter()
            .map(|m| m.notation.clone())
            .collect();
        let view = super::review_ui::ReviewView {
            cursor,
            unit: unit.as_ref(),
            legal: &legal,
            person: {
                let people: Vec<usize> = (0..play.session().seats().len())
                    .filter(|&i| play.session().seats()[i] == crate::session::SeatKind::Person)
                    .collect();
                match people[..] {
                    [one] => one as u8,
                    _ => 0,
                }
            },
        };
        self.panel(ui, &view)
    }
}

impl TavolaApp {
    /// Carries out what was asked in the review's panel.
    pub(super) fn review_actions(&mut self, actions: Vec<ReviewAction>, now: f64, step: f64) {
        for action in actions {
            if action == ReviewAction::Close {
                self.screens.review = None;
                return;
            }
            let goto = self.screens.review.as_mut().and_then(|r| r.apply(action));
            if let (Some(n), Some(play)) = (goto, &mut self.screens.play) {
                play.apply(Intent::Goto(n), now, step);
            }
        }
    }
}
