//! The menu bar: the Game, Play and View menus from the one list of [`Command`]s (with
//! what each needs to be enabled), the screen tabs, and the language choice.

use super::{Command, Screen, TavolaApp};

impl TavolaApp {
    /// Draws the menu bar and carries out the command chosen.
    pub(super) fn menu_ui(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        let playing = self.play.is_some();
        let mut chosen = None;
        egui::MenuBar::new().ui(ui, |ui| {
            for menu in ["Game", "Play", "View"] {
                ui.menu_button(Command::menu_title(menu), |ui| {
                    for command in Command::ALL.into_iter().filter(|c| c.menu() == menu) {
                        let enabled = match command {
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
                            | Command::FlipBoard => playing,
                            Command::Recover => self.data_dir.is_some(),
                            Command::Resign | Command::OfferDraw => self
                                .play
                                .as_ref()
                                .is_some_and(|p| p.person_seat().is_some()),
                            _ => true,
                        };
                        if command.menu_item(ui, enabled) {
                            chosen = Some(command);
                        }
                    }
                    if menu == "View" {
                        ui.separator();
                        ui.label(crate::tr!("animation-speed"));
                        ui.add(
                            egui::Slider::new(&mut self.settings.step_seconds, 0.0..=0.6)
                                .suffix(crate::tr!("seconds-per-step-suffix")),
                        );
                        ui.separator();
                        self.language_menu(ui);
                    }
                });
            }
            ui.separator();
            for (screen, label) in [
                (Screen::Chooser, crate::tr!("tab-games")),
                (Screen::Play, crate::tr!("tab-board")),
                (Screen::Plugins, crate::tr!("cmd-plugins")),
            ] {
                if (screen != Screen::Play || playing)
                    && ui.selectable_label(self.screen == screen, label).clicked()
                {
                    self.screen = screen;
                }
            }
            if playing
                && ui
                    .selectable_label(self.rules_open, crate::tr!("cmd-rules"))
                    .clicked()
            {
                self.rules_open = !self.rules_open;
            }
        });
        if let Some(c) = chosen {
            self.run_command(c, ctx);
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
        self.chooser.reset();
        // The game in progress speaks the new language at once (board, status, moves).
        if let Some(play) = &mut self.play {
            play.relabel();
        }
        self.save_settings();
    }
}
