//! The menu bar: the Game, Play and View menus from the one list of [`Command`]s (with
//! what each needs to be enabled), the screen tabs, and the language choice; the
//! commands' keyboard shortcuts.

use super::{Command, Screen, TavolaApp};

/// The plain keys that walk the history (see [`Command::Back`] and the next ones).
const HISTORY_KEYS: [egui::Key; 4] = [
    egui::Key::ArrowLeft,
    egui::Key::ArrowRight,
    egui::Key::Home,
    egui::Key::End,
];

impl TavolaApp {
    /// Carries out the commands whose shortcuts were pressed. Behind an open dialog the
    /// shortcuts rest (Esc, for one, closes the dialog); Esc closes an open menu or
    /// popup (egui's, or the board's own) before it skips an animation.
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        if self.dialog_open() {
            return;
        }
        let mut left_alone = Vec::new();
        if egui::Popup::is_any_open(ctx) {
            // Esc closes the open menu (egui's own), not the animation.
            left_alone.push(egui::Key::Escape);
        } else if self.screens.screen == Screen::Play
            && let Some(play) = &mut self.screens.play
            && play.esc_closes()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            // The board's own popups: the choices of a move begun, the summary.
            play.close_on_esc();
        }
        if self.screens.screen != Screen::Play || ctx.egui_wants_keyboard_input() {
            // The history keys belong to the board, and to no text field.
            left_alone.extend(HISTORY_KEYS);
        } else if let Some(play) = &self.screens.play {
            left_alone.extend(play.keys_claimed());
        }
        // A disabled command's shortcut does nothing, as its menu entry would.
        for command in Command::pressed(ctx, &left_alone) {
            self.run_command(command, ctx);
        }
    }

    /// Draws the menu bar and carries out the command chosen.
    pub(super) fn menu_ui(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        let playing = self.screens.play.is_some();
        // A network game's board: the *Board* tab when no game is played here, a tab of
        // its own beside it otherwise.
        let online = self
            .screens
            .online
            .game
            .as_ref()
            .is_some_and(|o| o.table().is_some());
        let mut chosen = None;
        egui::MenuBar::new().ui(ui, |ui| {
            for menu in ["Game", "Play", "View"] {
                ui.menu_button(Command::menu_title(menu), |ui| {
                    for command in Command::ALL.into_iter().filter(|c| c.menu() == menu) {
                        let enabled = self.enabled(command);
                        if command == Command::EvalBar {
                            // A setting: its entry shows whether it is on, and its key.
                            if command.toggle_item(ui, self.settings.eval_bar) {
                                chosen = Some(command);
                            }
                        } else if command.menu_item(ui, enabled) {
                            chosen = Some(command);
                        }
                    }
                    if menu == "View" {
                        ui.separator();
                        let label = ui.label(crate::tr!("animation-speed"));
                        ui.add(
                            egui::Slider::new(&mut self.settings.step_seconds, 0.0..=0.6)
                                .suffix(crate::tr!("seconds-per-step-suffix")),
                        )
                        .labelled_by(label.id);
                        ui.separator();
                        self.sound_menu(ui);
                        ui.separator();
                        self.language_menu(ui);
                    }
                });
            }
            ui.separator();
            let mut tabs = vec![(Screen::Chooser, crate::tr!("tab-games"))];
            if playing {
                tabs.push((Screen::Play, crate::tr!("tab-board")));
            }
            if online {
                let label = if playing {
                    crate::tr!("tab-online-board")
                } else {
                    crate::tr!("tab-board")
                };
                tabs.push((Screen::Online, label));
            }
            tabs.push((Screen::Trainer, crate::tr!("tab-puzzles")));
            if self.screens.analysis.is_some() {
                tabs.push((Screen::Analysis, crate::tr!("tab-analysis")));
            }
            tabs.push((Screen::Plugins, crate::tr!("cmd-plugins")));
            for (screen, label) in tabs {
                if ui
                    .selectable_label(self.screens.screen == screen, label)
                    .clicked()
                {
                    self.screens.screen = screen;
                }
            }
            if self.at_table()
                && ui
                    .selectable_label(self.screens.rules_open, crate::tr!("cmd-rules"))
                    .clicked()
            {
                self.screens.rules_open = !self.screens.rules_open;
            }
        });
        if let Some(c) = chosen {
            self.run_command(c, ctx);
        }
    }

    /// The sound's mute and volume in the View menu; a change is remembered in the
    /// settings and heard at once.
    fn sound_menu(&mut self, ui: &mut egui::Ui) {
        let mut changed = ui
            .checkbox(&mut self.settings.muted, crate::tr!("sound-mute"))
            .changed();
        let label = ui.label(crate::tr!("sound-volume"));
        let mut percent = (self.settings.volume * 100.0).round();
        let slider = ui
            .add_enabled(
                !self.settings.muted,
                egui::Slider::new(&mut percent, 0.0..=100.0).suffix(" %"),
            )
            .labelled_by(label.id);
        if slider.changed() {
            self.settings.volume = percent / 100.0;
            changed = true;
        }
        let status = crate::sound::status();
        if status.starts_with("no sound") {
            ui.weak(crate::tr!("sound-no-device"));
        }
        if changed {
            crate::sound::set_muted(self.settings.muted);
            crate::sound::set_volume(self.settings.volume);
            // A sample of the new volume (once a drag ends).
            if !self.settings.muted && !slider.dragged() {
                crate::sound::play(game_api::SoundEvent::Drop);
            }
            self.save_settings();
        }
    }

    /// The language choice of the View menu; a choice is remembered in the settings.
    fn language_menu(&mut self, ui: &mut egui::Ui) {
        ui.label(crate::tr!("language"));
        let current = crate::i18n::current();
        for (tag, name) in crate::i18n::LANGUAGES {
            if ui.radio(current == tag, name).clicked() && current != tag {
                self.set_language(tag);
            }
        }
    }

    /// Speaks `lang` from now on (the app and the games), and remembers it.
    pub fn set_language(&mut self, lang: &str) {
        crate::i18n::set_language(lang);
        self.settings.language = Some(crate::i18n::current().to_owned());
        self.screens.chooser.reset();
        // The game in progress speaks the new language at once (board, status, moves).
        if let Some(play) = &mut self.screens.play {
            play.relabel();
        }
        // The analysis board's position too (a finished game's result, its panels).
        if let Some(board) = &mut self.screens.analysis {
            board.relabel();
        }
        self.save_settings();
    }
}
