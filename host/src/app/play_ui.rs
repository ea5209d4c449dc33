//! Drawing the game being played: the board, the seat panels, the move list, the status
//! line and the failure banner. It reads the [`Table`] controller and hands back what
//! the person asked for (a move, a command); it calls no plugin.

use egui::{Color32, RichText};

use super::{Command, Intent, Table, board::seat_colour};

/// The least width the board keeps beside the side panel and the rules.
pub const BOARD_MIN: f32 = 460.0;
/// The least width of the side panel (seats, buttons, moves).
pub const SIDE_MIN: f32 = 210.0;

impl Table {
    /// Draws the play view; it only reads the controller, and returns what the person
    /// asked for (the app hands it to [`Table::apply`]).
    pub fn ui(&self, ui: &mut egui::Ui) -> Vec<Intent> {
        self.ui_with(ui, |_, _| {})
    }

    /// [`Table::ui`] with `under_board` drawn in the room under the board, beside the
    /// side panel (the review's panel: it then covers neither the board nor the move
    /// list, and the board gives it the room).
    pub fn ui_with(
        &self,
        ui: &mut egui::Ui,
        under_board: impl FnOnce(&mut egui::Ui, &Table),
    ) -> Vec<Intent> {
        let mut intents: Vec<Intent> = self.key_intents(ui.ctx());
        self.banners_ui(ui, &mut intents);
        // The side panel gives way to the board in a narrow window.
        let room = ui.available_width();
        let most = (room - BOARD_MIN).max(SIDE_MIN);
        egui::Panel::right("play_side")
            .default_size((room * 0.3).clamp(SIDE_MIN, 280.0).min(most))
            .size_range(SIDE_MIN..=most)
            .show(ui, |ui| {
                self.side_ui(ui, &mut intents);
            });
        under_board(ui, self);
        egui::Panel::bottom("status").show(ui, |ui| {
            self.status_ui(ui, &mut intents);
        });
        self.eval_bar_panel(ui);
        egui::CentralPanel::default().show(ui, |ui| self.board_ui(ui, &mut intents));
        self.asking_ui(ui.ctx(), &mut intents);
        intents
    }

    /// The banners above the table: the sandbox off, the plugin failed (with what can be
    /// done), the plugin slow.
    fn banners_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        if crate::sandbox::disabled() {
            egui::Panel::top("sandbox_off").show(ui, |ui| {
                ui.colored_label(
                    egui::Color32::from_rgb(220, 40, 40),
                    egui::RichText::new(crate::sandbox::SandboxState::Off.to_string()).strong(),
                );
            });
        }
        if self.notes.failure.is_some() {
            egui::Panel::top("plugin_failure").show(ui, |ui| self.failure_ui(ui, intents));
        } else if let Some(slow) = self.slow_plugin() {
            egui::Panel::top("plugin_slow").show(ui, |ui| {
                ui.colored_label(
                    egui::Color32::from_rgb(200, 140, 0),
                    crate::tr!(
                        "play-plugin-slow",
                        game = self.session.plugin().manifest().name.clone(),
                        seconds = format!("{:.1}", slow.took.as_secs_f64()),
                        what = slow.what.clone(),
                        limit = if slow.limit.subsec_millis() == 0 {
                            slow.limit.as_secs().to_string()
                        } else {
                            format!("{:.1}", slow.limit.as_secs_f64())
                        }
                    ),
                );
            });
        }
    }

    /// The evaluation bar beside the board, when shown.
    fn eval_bar_panel(&self, ui: &mut egui::Ui) {
        if self.searches.eval_bar {
            egui::Panel::left("eval_bar")
                .resizable(false)
                .exact_size(super::eval_bar::BAR_WIDTH + 12.0)
                .show(ui, |ui| {
                    let names: Vec<String> = (0..self.session.seats().len() as u8)
                        .map(|s| self.seat_name(s))
                        .collect();
                    let shown = self.evaluation();
                    super::eval_bar::eval_bar_ui(
                        ui,
                        shown.as_ref().or(self.searches.evaluation.as_ref()),
                        &names,
                        self.input.board.flipped,
                        self.evaluation_dimmed(),
                        seat_colour,
                    );
                });
        }
    }

    /// The board with the move choices, the preview and the game-over overlay.
    fn board_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let bar_choice = self.choices_ui(ui, intents);
        let marks = self.marks();
        let contents = self.shown_contents().clone();
        // The preview's line keeps its row below the board, so the board never moves.
        let line = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        let room = ui.available_size() - egui::vec2(0.0, line);
        let response = ui
            .allocate_ui(room, |ui| {
                self.input
                    .board
                    .ui(ui, &self.position.layout, &contents, &marks)
            })
            .inner;
        if let Some(site) = response.clicked {
            intents.push(Intent::ClickSite(site));
        }
        label_stores(ui, &self.position.layout, &response.rects);
        let side_choice = self.choices_beside_site_ui(ui, &response.rects, intents);
        let pointed = bar_choice
            .or(side_choice)
            .or_else(|| self.move_at(response.pointed.or(self.key_focus())));
        intents.push(Intent::Point {
            mv: pointed,
            position: self.position.count,
        });
        self.preview_ui(ui, &response.rects, line);
        let now = ui.input(|i| i.time);
        super::callouts::paint_callouts(
            ui,
            &self.position.layout,
            &response.rects,
            self.callouts(now),
        );
        let board = ui.min_rect();
        let drawn = response
            .rects
            .iter()
            .fold(egui::Rect::NOTHING, |a, r| a.union(*r));
        // Where the last move happened (its events' callouts are drawn there).
        let last = self
            .position
            .layout
            .sites
            .iter()
            .zip(&response.rects)
            .filter(|(site, _)| marks.last_move.contains(&site.id))
            .fold(egui::Rect::NOTHING, |a, (_, r)| a.union(*r));
        self.game_over_overlay(ui, board, (drawn, last), intents);
    }

    /// Where the position shown stands in the history, when it is not simply the end of a
    /// game in progress: a finished game reviewed, an earlier point, a hold.
    fn history_line(&self) -> Option<String> {
        let moves = self.session.moves();
        let cursor = self.session.cursor();
        let (n, total) = (
            super::table::move_count(&moves, cursor),
            super::table::move_count(&moves, moves.len()),
        );
        if self.input.drilling {
            // A review's drill: its keys, not the history's (the arrows move the focus
            // while it waits for an answer).
            Some(if self.input.keys_answer {
                crate::tr!("play-drill-asking")
            } else {
                crate::tr!("play-drill-answered")
            })
        } else if self.reviewing_finished() {
            Some(crate::tr!("play-reviewing-finished", n = n, total = total))
        } else if self.session.can_redo() {
            Some(crate::tr!(
                "play-earlier-point",
                n = n,
                total = total,
                later = moves.len() - cursor
            ))
        } else if self.held() && !self.is_over() {
            Some(crate::tr!("play-held"))
        } else {
            None
        }
    }

    fn status_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        ui.horizontal_wrapped(|ui| {
            let status = match self.session.ending() {
                Some(ending) => {
                    let names: Vec<String> = (0..self.session.seats().len() as u8)
                        .map(|s| self.seat_name(s))
                        .collect();
                    ending.describe(&names)
                }
                None => self.shown_view().status.clone(),
            };
            ui.label(RichText::new(status).strong());
            if let Some(line) = self.history_line() {
                ui.separator();
                ui.label(RichText::new(line).italics());
            }
            // What a move made happen is told once the board has shown it.
            if let Some(e) = self
                .notes
                .event
                .as_ref()
                .filter(|_| self.shown.animation.is_none())
            {
                ui.separator();
                ui.label(e);
            }
            let label = |count: usize| {
                if self.replaced_swapped() {
                    crate::tr!("play-swap-back", count = count)
                } else {
                    crate::tr!("play-bring-back", count = count)
                }
            };
            if let Some(count) = self.replaced_count()
                && ui
                    .button(label(count))
                    .on_hover_text(crate::tr!("play-bring-back-hint"))
                    .clicked()
            {
                intents.push(Intent::BringBack);
            }
            if let Some((_, n)) = &self.searches.hint {
                ui.separator();
                ui.label(
                    RichText::new(crate::tr!("play-hint", notation = n.clone()))
                        .color(Color32::from_rgb(80, 200, 120)),
                );
            } else if self.hint_pending() {
                ui.separator();
                ui.label(RichText::new(crate::tr!("play-hint-pending")).italics());
            }
            self.endgame_ui(ui, intents);
            if self.waiting() {
                ui.separator();
                ui.spinner();
                ui.label(crate::tr!("play-waiting"));
            }
            if self.flow.paused && !self.is_over() && !self.flow.replaying {
                ui.separator();
                ui.label(RichText::new(crate::tr!("play-paused")).italics());
            }
            if let Some(e) = &self.notes.error {
                ui.separator();
                ui.colored_label(Color32::from_rgb(230, 90, 90), e);
            }
        });
    }

    /// The endgame tables: the offer to build them (what they give, their size), or the
    /// build's progress — in a small window at the bottom right corner, over the table,
    /// so that the board does not move when it comes or goes.
    fn endgame_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let megabytes = |bytes: u64| (bytes as f64 / 1e6).max(1.0);
        let offer = self.searches.endgame.offer();
        let progress = self.searches.endgame.progress();
        if offer.is_none() && progress.is_none() {
            return;
        }
        egui::Window::new(crate::tr!("play-endgame-title"))
            .id(egui::Id::unique("endgame-offer"))
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -12.0))
            .collapsible(false)
            .resizable(false)
            .max_width(360.0)
            .show(ui.ctx(), |ui| {
                if let Some(bytes) = offer {
                    ui.label(crate::tr!(
                        "play-endgame-offer",
                        megabytes = megabytes(bytes)
                    ));
                    ui.horizontal(|ui| {
                        if ui
                            .button(crate::tr!("play-endgame-prepare"))
                            .on_hover_text(crate::tr!("play-endgame-prepare-hover"))
                            .clicked()
                        {
                            intents.push(Intent::PrepareTables);
                        }
                        if ui
                            .button(crate::tr!("play-endgame-not-now"))
                            .on_hover_text(crate::tr!("play-endgame-not-now-hover"))
                            .clicked()
                        {
                            intents.push(Intent::DeclineTables);
                        }
                        if ui
                            .button(crate::tr!("play-endgame-never"))
                            .on_hover_text(crate::tr!("play-endgame-never-hover"))
                            .clicked()
                        {
                            intents.push(Intent::NeverOfferTables);
                        }
                    });
                } else if let Some((share, bytes)) = progress {
                    let text = if bytes == 0 {
                        crate::tr!("play-endgame-loading")
                    } else {
                        crate::tr!(
                            "play-endgame-building",
                            share = f64::from(share),
                            megabytes = megabytes(bytes)
                        )
                    };
                    ui.add(
                        egui::ProgressBar::new(share)
                            .desired_width(320.0)
                            .text(text),
                    );
                }
            });
    }

    /// The banner shown when the plugin's process failed: which plugin, how, and what can
    /// be done; the game is kept up to its last move.
    fn failure_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let Some(failure) = &self.notes.failure else {
            return;
        };
        ui.add_space(4.0);
        // A process stopped from outside is told plainly, without blaming the plugin.
        let plugin = failure.plugin.clone();
        let (headline, colour) = if failure.counts {
            (
                crate::tr!("plugin-failed", plugin = plugin),
                Color32::from_rgb(230, 90, 90),
            )
        } else {
            (
                crate::tr!("plugin-stopped", plugin = plugin),
                Color32::from_rgb(230, 180, 80),
            )
        };
        ui.colored_label(colour, RichText::new(headline).strong());
        let mut what = super::shorten(&failure.what, 400);
        if let Some(first) = what.get(..1) {
            what.replace_range(..1, &first.to_uppercase());
        }
        ui.label(what);
        ui.label(crate::tr!(
            "plugin-failed-kept",
            moves = super::table::move_count(&self.session.moves(), self.session.cursor())
        ));
        ui.horizontal(|ui| {
            if self.restarting() {
                ui.weak(crate::tr!(
                    "plugin-restarting",
                    plugin = failure.plugin.clone()
                ));
            } else if ui.button(crate::tr!("plugin-restart")).clicked() {
                intents.push(Intent::RestartPlugin);
            }
            if ui.button(crate::tr!("back-to-games")).clicked() {
                intents.push(Intent::Command(Command::NewGame));
            }
        });
        ui.add_space(4.0);
    }
}

/// Writes whose each store or tray is beside it ("South store", "North captured"): the
/// layout names them, but names that long are not drawn on the board itself. The name
/// goes outside the board's middle, in its owner's colour.
fn label_stores(ui: &egui::Ui, layout: &game_api::Layout, rects: &[egui::Rect]) {
    let Some(board) = rects.iter().copied().reduce(|a, b| a.union(b)) else {
        return;
    };
    let painter = ui.painter();
    for site in &layout.sites {
        let Some(rect) = rects.get(usize::from(site.id.0)) else {
            continue;
        };
        if !matches!(site.shape, game_api::Shape::Store) || site.label.chars().count() <= 3 {
            continue;
        }
        let mut size = (rect.width().min(rect.height()) * 0.2).clamp(10.0, 14.0);
        let owner = |towards: Color32, t: f32| {
            site.owner
                .map_or(towards, |o| seat_colour(o).lerp_to_gamma(towards, t))
        };
        // A long tray along a row: inside, at its start (outside is off the board). A
        // store at a row's end: outside, on the board's wood, away from the middle.
        let tray = rect.width() > 2.0 * rect.height();
        let (pos, anchor, colour) = if tray {
            let at = rect.left_top() + egui::vec2(rect.height() * 0.3, rect.height() * 0.12);
            (at, egui::Align2::LEFT_TOP, owner(Color32::WHITE, 0.55))
        } else if rect.center().y < board.center().y {
            let at = rect.center_top() - egui::vec2(0.0, 1.0);
            (at, egui::Align2::CENTER_BOTTOM, owner(Color32::BLACK, 0.35))
        } else {
            let at = rect.center_bottom() + egui::vec2(0.0, 1.0);
            (at, egui::Align2::CENTER_TOP, owner(Color32::BLACK, 0.35))
        };
        // A long name (Italian's "Magazzino di Nord", say) never leaves the board: it
        // shrinks to fit the room it has (down to a readable least), then keeps inside.
        let room = if tray {
            rect.width() * 0.9
        } else {
            board.width() * 0.45
        };
        let width = painter
            .layout_no_wrap(site.label.clone(), egui::FontId::proportional(size), colour)
            .size()
            .x;
        if width > room {
            size = (size * room / width).max(8.0);
        }
        let galley =
            painter.layout_no_wrap(site.label.clone(), egui::FontId::proportional(size), colour);
        let mut at = anchor.anchor_size(pos, galley.size());
        let shift = (board.left() - at.left()).max(0.0) - (at.right() - board.right()).max(0.0);
        at = at.translate(egui::vec2(shift, 0.0));
        painter.galley(at.min, galley, colour);
    }
}

/// The game's options as people read them: "Seeds per house: 4", "Empty capture: no", the
/// label of a choice rather than its key; an option that does not matter with the others
/// chosen ([`OptionSpec::only_when`](game_api::OptionSpec::only_when)) left out.
pub fn options_summary(manifest: &game_api::Manifest, options: &game_api::Options) -> Vec<String> {
    use game_api::{OptionKind, OptionValue};
    manifest
        .options
        .iter()
        .filter(|spec| spec.matters(options))
        .filter_map(|spec| {
            let value = options.values().get(&spec.key)?;
            let shown = match (value, &spec.kind) {
                (OptionValue::Bool(true), _) => crate::tr!("yes"),
                (OptionValue::Bool(false), _) => crate::tr!("no"),
                (OptionValue::Int(i), _) => i.to_string(),
                (OptionValue::Choice(c), OptionKind::Choice { choices }) => choices
                    .iter()
                    .find(|x| &x.value == c)
                    .map_or_else(|| c.clone(), |x| x.label.clone()),
                (OptionValue::Choice(c), _) => c.clone(),
            };
            Some(format!("{}: {shown}", spec.label))
        })
        .collect()
}

/// A key as people call it: `Num3` is "3", `ArrowLeft` "left arrow", `A` "A".
pub fn key_label(name: &str) -> String {
    match name {
        "ArrowLeft" => crate::tr!("key-left"),
        "ArrowRight" => crate::tr!("key-right"),
        "ArrowUp" => crate::tr!("key-up"),
        "ArrowDown" => crate::tr!("key-down"),
        "Space" => crate::tr!("key-space"),
        "Enter" => crate::tr!("key-enter"),
        "Home" => crate::tr!("key-home"),
        "End" => crate::tr!("key-end"),
        "Escape" => crate::tr!("key-escape"),
        _ => name.strip_prefix("Num").unwrap_or(name).to_owned(),
    }
}
