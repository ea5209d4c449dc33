//! Drawing the game being played: the board, the seat panels, the move list, the status
//! line and the failure banner. It reads the [`Table`] controller and hands back what
//! the person asked for (a move, a command); it calls no plugin.

use egui::{Color32, RichText};
use game_api::MoveId;

use super::{Command, Intent, Table, board::seat_colour};
use crate::session::SeatKind;

/// The least width the board keeps beside the side panel and the rules.
pub const BOARD_MIN: f32 = 460.0;
/// The least width of the side panel (seats, buttons, moves).
pub const SIDE_MIN: f32 = 210.0;

impl Table {
    /// Keyboard hints: the move whose key was pressed, when the key names exactly one of
    /// the moves still possible.
    fn key_move(&self, ctx: &egui::Context) -> Option<MoveId> {
        // Keys typed into a dialog or a text field never reach the board.
        if !self.person_to_move()
            || !self.input.keys_enabled
            || self.notes.asking.is_some()
            || ctx.memory(|m| m.focused().is_some())
        {
            return None;
        }
        let candidates: Vec<(MoveId, String)> = self
            .candidates()
            .iter()
            .filter_map(|m| m.key.clone().map(|k| (m.id, k)))
            .collect();
        let pressed: Vec<String> = ctx.input(|i| {
            candidates
                .iter()
                .map(|(_, k)| k.clone())
                .filter(|k| egui::Key::from_name(k).is_some_and(|key| i.key_pressed(key)))
                .collect()
        });
        pressed.into_iter().find_map(|key| {
            let matching: Vec<MoveId> = candidates
                .iter()
                .filter(|(_, k)| *k == key)
                .map(|(m, _)| *m)
                .collect();
            (matching.len() == 1).then(|| matching[0])
        })
    }

    /// The keys the board's moves answer to now (a direction on an arrow, say): those
    /// play the move rather than step through the history.
    pub fn keys_claimed(&self) -> Vec<egui::Key> {
        if !self.person_to_move() || !self.input.keys_enabled {
            return Vec::new();
        }
        self.candidates()
            .iter()
            .filter_map(|m| m.key.as_deref().and_then(egui::Key::from_name))
            .collect()
    }

    /// Draws the play view; it only reads the controller, and returns what the person
    /// asked for (the app hands it to [`Table::apply`]).
    pub fn ui(&self, ui: &mut egui::Ui) -> Vec<Intent> {
        let mut intents: Vec<Intent> = self
            .key_move(ui.ctx())
            .map(Intent::Play)
            .into_iter()
            .collect();
        if crate::sandbox::disabled() {
            egui::Panel::top("sandbox_off").show(ui, |ui| {
                ui.colored_label(
                    egui::Color32::from_rgb(220, 40, 40),
                    egui::RichText::new(crate::sandbox::SandboxState::Off.to_string()).strong(),
                );
            });
        }
        if self.notes.failure.is_some() {
            egui::Panel::top("plugin_failure").show(ui, |ui| self.failure_ui(ui, &mut intents));
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
        // The side panel gives way to the board in a narrow window.
        let room = ui.available_width();
        let most = (room - BOARD_MIN).max(SIDE_MIN);
        egui::Panel::right("play_side")
            .default_size((room * 0.3).clamp(SIDE_MIN, 280.0).min(most))
            .size_range(SIDE_MIN..=most)
            .show(ui, |ui| {
                self.side_ui(ui, &mut intents);
            });
        egui::Panel::bottom("status").show(ui, |ui| {
            self.status_ui(ui, &mut intents);
        });
        if self.searches.eval_bar {
            egui::Panel::left("eval_bar")
                .resizable(false)
                .exact_size(super::eval_bar::BAR_WIDTH + 12.0)
                .show(ui, |ui| {
                    let names: Vec<String> = (0..self.session.seats().len() as u8)
                        .map(|s| self.seat_name(s))
                        .collect();
                    let shown = self.evaluation();
                    let stale = shown.is_none();
                    super::eval_bar::eval_bar_ui(
                        ui,
                        shown.or(self.searches.evaluation.as_ref()),
                        &names,
                        self.input.board.flipped,
                        stale,
                        seat_colour,
                    );
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let bar_choice = self.choices_ui(ui, &mut intents);
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
            let side_choice = self.choices_beside_site_ui(ui, &response.rects, &mut intents);
            let pointed = bar_choice
                .or(side_choice)
                .or_else(|| self.move_at(response.pointed));
            intents.push(Intent::Point {
                mv: pointed,
                position: self.position.count,
            });
            self.preview_ui(ui, &response.rects, line);
            let board = ui.min_rect();
            self.game_over_overlay(ui, board, &mut intents);
        });
        self.asking_ui(ui.ctx(), &mut intents);
        intents
    }

    /// Where the position shown stands in the history, when it is not simply the end of a
    /// game in progress: a finished game reviewed, an earlier point, a hold.
    fn history_line(&self) -> Option<String> {
        let moves = self.session.moves();
        let cursor = self.session.cursor();
        let (n, total) = (
            super::table::move_count(moves, cursor),
            super::table::move_count(moves, moves.len()),
        );
        if self.reviewing_finished() {
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
            if let Some(count) = self.replaced_count()
                && ui
                    .button(crate::tr!("play-bring-back", count = count))
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
    /// build's progress.
    fn endgame_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let megabytes = |bytes: u64| (bytes as f64 / 1e6).max(1.0);
        if let Some(bytes) = self.searches.endgame.offer() {
            ui.separator();
            ui.label(crate::tr!(
                "play-endgame-offer",
                megabytes = megabytes(bytes)
            ));
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
        } else if let Some((share, bytes)) = self.searches.endgame.progress() {
            ui.separator();
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
    }

    fn side_ui(&self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        ui.heading(&self.session.plugin().manifest().name);
        for line in options_summary(self.session.plugin().manifest(), self.session.options()) {
            ui.label(RichText::new(line).weak());
        }
        ui.add_space(6.0);
        let bots = crate::bots::bot_choices_for(
            self.session.plugin().manifest(),
            self.session.seats().len() as u8,
        );
        let mut panels = self.shown_view().panels.clone();
        if self.session.ending().is_some() {
            // Ended by the players: no one is to move any more.
            panels.iter_mut().for_each(|p| p.to_move = false);
        }
        for (i, panel) in panels.iter().enumerate() {
            let colour = seat_colour(i as u8);
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(
                    if panel.to_move { 2.5 } else { 1.0 },
                    colour,
                ))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(&panel.seat).strong().color(colour));
                        if panel.to_move {
                            ui.label(crate::tr!("play-to-move"));
                        }
                        // Words, not a spinner: a spinner redraws the window all the time,
                        // and the bot needs the processor more than the window does.
                        if self.thinking_seat().is_some_and(|s| usize::from(s) == i) {
                            ui.label(RichText::new(crate::tr!("play-thinking")).italics());
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            self.clock_ui(ui, i);
                        });
                    });
                    let current = self
                        .session
                        .seats()
                        .get(i)
                        .cloned()
                        .unwrap_or(SeatKind::Person);
                    let mut selected = current.clone();
                    let seat_text = super::new_game::seat_label(&current);
                    if !self.referee.history_here() {
                        // A game played over the network: its seats are fixed.
                        ui.label(seat_text);
                    } else {
                        egui::ComboBox::from_id_salt(("seat", i))
                            .selected_text(seat_text)
                            .show_ui(ui, |ui| {
                                ui.selectable_value(
                                    &mut selected,
                                    SeatKind::Person,
                                    crate::tr!("seat-person"),
                                );
                                let here = bots
                                    .iter()
                                    .filter(|b| b.seats.is_empty() || b.seats.contains(&(i as u8)));
                                for b in here {
                                    ui.selectable_value(
                                        &mut selected,
                                        SeatKind::Bot(b.name.clone()),
                                        super::new_game::bot_label(&b.name),
                                    )
                                    .on_hover_text(&b.description);
                                }
                            })
                            .response
                            .on_hover_text(crate::tr!("who-plays", seat = panel.seat.clone()));
                    }
                    if selected != current {
                        intents.push(Intent::SetSeat(i, selected));
                    }
                    for entry in &panel.entries {
                        ui.horizontal(|ui| {
                            ui.label(format!("{}:", entry.label));
                            ui.label(RichText::new(&entry.value).strong());
                        });
                    }
                });
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            for command in [
                Command::Undo,
                Command::Redo,
                Command::Hint,
                Command::PauseResume,
                Command::Replay,
                Command::FlipBoard,
                Command::Resign,
                Command::OfferDraw,
            ] {
                let label = match command {
                    Command::PauseResume
                        if !self.flow.replaying && (self.flow.paused || self.held()) =>
                    {
                        crate::tr!("play-resume")
                    }
                    Command::PauseResume => crate::tr!("play-pause"),
                    Command::Replay => crate::tr!("play-replay"),
                    Command::Resign => crate::tr!("play-resign"),
                    Command::OfferDraw => crate::tr!("play-offer-draw"),
                    other => other.label(),
                };
                let enabled = self.enabled(command);
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    intents.push(Intent::Command(command));
                }
            }
            if self.shown.animation.is_some() && ui.button(crate::tr!("play-skip")).clicked() {
                intents.push(Intent::Command(Command::SkipAnimation));
            }
            if self.thinking() && ui.button(crate::tr!("play-stop-bot")).clicked() {
                intents.push(Intent::Command(Command::PauseResume));
            }
            if self.summary_hidden() && ui.button(crate::tr!("over-show")).clicked() {
                intents.push(Intent::ShowSummary);
            }
        });
        ui.add_space(6.0);
        ui.label(RichText::new(crate::tr!("play-moves")).strong());
        let cursor = self.session.cursor();
        let mut goto = None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if ui
                    .selectable_label(cursor == 0, crate::tr!("play-start"))
                    .clicked()
                {
                    goto = Some(0);
                }
                // Moves are numbered; chance throws are not moves: they go unnumbered.
                let mut number = 0;
                for (i, m) in self.session.moves().iter().enumerate() {
                    let text = match m.seat {
                        Some(s) => {
                            number += 1;
                            let who = panels
                                .get(usize::from(s))
                                .map_or(crate::tr!("play-seat", number = s), |p| p.seat.clone());
                            format!("{number:>3}. {who} {}", m.notation)
                        }
                        None => format!("     {} {}", crate::tr!("play-chance"), m.notation),
                    };
                    let event = m
                        .check
                        .clone()
                        .and_then(|check| self.shown.move_events.get(&(i, check)))
                        .map(|e| &e.text);
                    let text = move_line(ui, text, event, i < cursor);
                    if ui.selectable_label(i + 1 == cursor, text).clicked() {
                        goto = Some(i + 1);
                    }
                }
            });
        if let Some(n) = goto {
            intents.push(Intent::Goto(n));
        }
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
            moves = super::table::move_count(self.session.moves(), self.session.cursor())
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
/// A line of the move list: the move, then what it made happen (in smaller, weaker
/// text); a move past the position shown (Redo would replay it) in italics.
fn move_line(
    ui: &egui::Ui,
    text: String,
    event: Option<&String>,
    played: bool,
) -> egui::text::LayoutJob {
    let style = ui.style();
    let mut job = egui::text::LayoutJob::default();
    let main = if played {
        RichText::new(text)
    } else {
        RichText::new(text).weak().italics()
    };
    main.append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    if let Some(event) = event {
        RichText::new(format!("  {event}"))
            .small()
            .weak()
            .append_to(
                &mut job,
                style,
                egui::FontSelection::Default,
                egui::Align::Center,
            );
    }
    job
}

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
/// label of a choice rather than its key.
pub fn options_summary(manifest: &game_api::Manifest, options: &game_api::Options) -> Vec<String> {
    use game_api::{OptionKind, OptionValue};
    manifest
        .options
        .iter()
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
        _ => name.strip_prefix("Num").unwrap_or(name).to_owned(),
    }
}
