//! The one place the app's [`Command`]s are judged and carried out: whether one can run
//! now ([`TavolaApp::enabled`], which the menus, the side panel's buttons and the
//! shortcuts all ask) and what it does ([`TavolaApp::run_command`]).

use super::{Command, RecoverWindow, Screen, Table, TavolaApp};

impl TavolaApp {
    /// Whether `command` can be carried out now: the one answer the menus, the buttons
    /// and the shortcuts share (the game's own commands are the controller's to judge:
    /// [`Table::enabled`]).
    pub fn enabled(&self, command: Command) -> bool {
        let play = self.table();
        match command {
            Command::Restart
            | Command::Rematch
            | Command::Save
            | Command::Undo
            | Command::Redo
            | Command::Back
            | Command::Forward
            | Command::ToStart
            | Command::ToEnd
            | Command::Hint
            | Command::PauseResume
            | Command::Replay
            | Command::SkipAnimation
            | Command::FlipBoard
            | Command::Resign
            | Command::OfferDraw => play.is_some_and(|p| p.enabled(command)),
            Command::Recover => self.data_dir.is_some(),
            Command::Rules => self.at_table(),
            Command::Analyse => play.is_some(),
            // The game at this computer, with moves to review.
            Command::Review => {
                self.screens.screen == Screen::Play
                    && self.screens.play.as_ref().is_some_and(|p| {
                        p.failure().is_none() && !p.session().record().moves.is_empty()
                    })
            }
            // A drill shown (Next: not while an answer is being judged), as its buttons;
            // only on the board (the review is kept, hidden, while another tab shows).
            Command::DrillNext => {
                self.screens.screen == Screen::Play
                    && self.screens.review.as_ref().is_some_and(|r| {
                        r.drill
                            .as_ref()
                            .is_some_and(|d| d.judging.is_none() && d.at < d.numbers.len())
                    })
            }
            Command::DrillBack => {
                self.screens.screen == Screen::Play
                    && self
                        .screens
                        .review
                        .as_ref()
                        .is_some_and(|r| r.drill.is_some())
            }
            _ => true,
        }
    }

    /// Carries out a command, if it can be carried out now ([`enabled`](Self::enabled)).
    pub fn run_command(&mut self, command: Command, ctx: &egui::Context) {
        if !self.enabled(command) {
            return;
        }
        let now = ctx.input(|i| i.time);
        let step = self.settings.step_seconds;
        match command {
            Command::NewGame => self.show_chooser(),
            Command::PlayOnline => self.screens.screen = Screen::Online,
            Command::Restart => self.dialogs.confirm_restart = self.screens.play.is_some(),
            Command::Rematch => self.rematch(),
            Command::Undo => self.with_play(|p| p.undo()),
            Command::Redo => self.with_play(|p| p.redo(now, step)),
            Command::Back => self.with_play(Table::step_back),
            Command::Forward => self.with_play(|p| p.step_forward(now, step)),
            Command::ToStart => self.with_play(|p| p.goto(0)),
            Command::ToEnd => self.with_play(Table::to_end),
            Command::Hint => self.with_play(|p| p.hint()),
            Command::Analyse => self.analyse(),
            Command::Resign => self.with_play(|p| p.ask_resign()),
            Command::OfferDraw => self.with_play(|p| p.offer_draw()),
            Command::PauseResume => self.with_play(|p| p.pause_resume()),
            Command::Replay => self.with_play(|p| p.replay(now)),
            Command::SkipAnimation => self.with_play(|p| p.skip_animation()),
            Command::FlipBoard => self.with_play(flip_board),
            Command::Review => self.open_review(),
            Command::DrillNext => {
                self.review_actions(vec![super::review::ReviewAction::Next], now, step);
            }
            Command::DrillBack => {
                self.review_actions(vec![super::review::ReviewAction::EndDrill], now, step);
            }
            Command::AnalysisBoard => self.analysis_board(),
            Command::AnalyseFile => {
                self.ask_learn_file(super::analysis::FilePurpose::AnalyseRecord);
            }
            Command::ReviewFile => self.ask_learn_file(super::analysis::FilePurpose::Review),
            Command::Save => self.ask_save(),
            Command::Load => self.ask_load(),
            Command::Recover => self.open_recover(),
            Command::Fullscreen => self.toggle_fullscreen(ctx),
            Command::Rules => self.screens.rules_open = !self.screens.rules_open,
            Command::Plugins => self.toggle_plugins(),
            Command::ToggleTheme => self.settings.dark = !self.settings.dark,
            Command::EvalBar => self.settings.eval_bar = !self.settings.eval_bar,
            Command::Quit => self.quit(ctx),
        }
    }

    /// The chooser, its search box focused.
    fn show_chooser(&mut self) {
        self.screens.screen = Screen::Chooser;
        self.screens.chooser.focus_search();
    }

    /// The analysis of the game in progress; what goes wrong is said in a message.
    fn analyse(&mut self) {
        if let Err(e) = self.open_analysis() {
            self.dialogs.message = Some(format!("{e:#}"));
        }
    }

    /// The analysis board's entry form, on the game in progress if any.
    fn analysis_board(&mut self) {
        let game = self
            .screens
            .play
            .as_ref()
            .map(|p| p.session().plugin().id().to_owned());
        self.open_entry_form(game.as_deref());
    }

    /// The window of the games that may be recovered (when the app keeps its data).
    fn open_recover(&mut self) {
        if let Some(dir) = &self.data_dir {
            self.dialogs.recover = Some(RecoverWindow::new(dir));
        }
    }

    /// Fullscreen on or off.
    fn toggle_fullscreen(&mut self, ctx: &egui::Context) {
        self.fullscreen = !self.fullscreen;
        ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.fullscreen));
    }

    /// The plugins panel; F2 again closes it: back to the board of a game in progress,
    /// else to the chooser.
    fn toggle_plugins(&mut self) {
        self.screens.screen = if self.screens.screen != Screen::Plugins {
            Screen::Plugins
        } else if self.screens.play.is_some() {
            Screen::Play
        } else {
            Screen::Chooser
        };
    }

    /// Closes the app; leaving a network game in progress is asked first
    /// (`dialogs.rs`).
    fn quit(&mut self, ctx: &egui::Context) {
        let in_progress = self
            .screens
            .online
            .game
            .as_ref()
            .is_some_and(|o| o.in_progress());
        if in_progress {
            self.dialogs.confirm_quit = true;
        } else {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn with_play(&mut self, f: impl FnOnce(&mut Table)) {
        if let Some(p) = self.table_mut() {
            f(p);
        }
    }

    /// Whether the screen shows a game's board (here or on the network): the rules
    /// panel belongs to that board and shows only there — not over the chooser, the
    /// puzzles, the analysis board or the Plugins screen, where another game may be in
    /// view; back at the board it is as it was left.
    pub(super) fn at_table(&self) -> bool {
        matches!(self.screens.screen, Screen::Play | Screen::Online) && self.table().is_some()
    }

    /// The table the game commands act on: the network game's on the *Play online*
    /// screen, else the game at this computer.
    pub fn table(&self) -> Option<&Table> {
        match self.screens.screen {
            Screen::Online => self.screens.online.game.as_ref().and_then(|o| o.table()),
            _ => self.screens.play.as_ref(),
        }
    }

    fn table_mut(&mut self) -> Option<&mut Table> {
        match self.screens.screen {
            Screen::Online => self
                .screens
                .online
                .game
                .as_mut()
                .and_then(|o| o.table_mut()),
            _ => self.screens.play.as_mut(),
        }
    }
}

/// Turns the board shown around.
fn flip_board(table: &mut Table) {
    let board = table.board_mut();
    board.flipped = !board.flipped;
}
