//! Draws the analysis board from `&AnalysisBoard` only and returns what the person
//! asked for as [`AnalysisIntent`]s: the board (a click on a site plays its move, any
//! seat's), the legal moves as buttons, the best lines, the variation tree (a click on a
//! move goes there), the comment, and the buttons. ←/→/Home/End walk the tree.

use egui::{Key, RichText};
use game_api::{ScoreUnit, Turn};

use super::{
    AnalysisBoard, Note, Walk,
    search::{Found, FoundLine},
};
use crate::{
    analysis::Value,
    app::board::{BoardView, Marks, contents_of},
    record::RecordedMove,
    table::Step,
};

/// What the person asked for at the analysis board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisIntent {
    /// Play the legal move of this id.
    Play(u32),
    /// Walk the tree.
    Walk(Walk),
    /// Promote the variation the board is in.
    Promote,
    /// Delete the variation the board is in.
    Delete,
    /// Search this many best moves.
    Lines(usize),
    /// The comment was edited.
    Comment,
    /// Save the annotated record: the app's file dialog asks where.
    Save,
    /// Load an annotated record: the app's file dialog asks which.
    Load,
    /// Open the position editor.
    EditPosition,
    /// Leave the analysis board.
    Close,
}

/// A value as a signed number of the game's units ("+1.4", "−3"; "+1,4" in Italian),
/// or a percentage of expected return.
pub fn signed(found: &FoundLine) -> String {
    let (value, whole) = match found.value.units() {
        Some(u) => (u, u.fract() == 0.0),
        None => (found.value_share() * 100.0, true),
    };
    let rounded = if whole {
        value.round()
    } else {
        (value * 10.0).round() / 10.0
    };
    let sign = match rounded.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Greater) => "+",
        Some(std::cmp::Ordering::Less) => "−",
        _ => "",
    };
    let value = rounded.abs();
    match (found.value.units().is_some(), whole) {
        (false, _) => crate::tr!("analysis-signed-percent", sign = sign, value = value),
        (true, true) => crate::tr!("analysis-signed-whole", sign = sign, value = value),
        (true, false) => crate::tr!("analysis-signed", sign = sign, value = value),
    }
}

impl FoundLine {
    /// An expected return as a share (−1 to 1).
    fn value_share(&self) -> f64 {
        match self.value {
            crate::analysis::Value::Expected(v) => v,
            _ => 0.0,
        }
    }
}

/// The best lines: rank, move, value (signed, and in words saying exact or
/// estimated), the line; the depth reached and whether the search goes on.
pub fn lines_ui(ui: &mut egui::Ui, found: Option<&Found>, unit: Option<&ScoreUnit>, going: bool) {
    let Some(found) = found else {
        ui.label(if going {
            crate::tr!("analysis-thinking")
        } else {
            crate::tr!("analysis-no-lines")
        });
        return;
    };
    let depth = match found.depth {
        Some(d) => crate::tr!("analysis-depth", depth = d, nodes = found.nodes),
        None => crate::tr!("analysis-simulated", count = found.nodes),
    };
    let state = if found.done {
        crate::tr!("analysis-done")
    } else {
        crate::tr!("analysis-deepening")
    };
    ui.label(format!("{depth} · {state}"));
    egui::Grid::new("analysis_lines")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for (i, l) in found.lines.iter().enumerate() {
                ui.label(RichText::new(format!("{}. {}", i + 1, l.mv)).strong());
                // The value in the game's units, and under it how sure it is.
                ui.vertical(|ui| {
                    let kind = match l.value {
                        Value::Exact(_) => crate::tr!("analysis-kind-exact"),
                        Value::Proven(_) => crate::tr!("analysis-kind-proven"),
                        _ => crate::tr!("analysis-kind-estimated"),
                    };
                    let badge = RichText::new(signed(l)).monospace();
                    let kind = RichText::new(kind).small();
                    // Never wrapped: the column is as wide as they are (the words
                    // beside them wrap instead).
                    let (badge, kind) = if l.value.is_exact() {
                        (badge.strong(), kind.strong())
                    } else {
                        (badge, kind.weak())
                    };
                    ui.add(egui::Label::new(badge).extend());
                    ui.add(egui::Label::new(kind).extend());
                });
                // What the value says, wrapped in the room left (its kind is beside
                // it), two rows kept for it so that the panel keeps its height as the
                // values change; under it the line, one row cut at the panel's edge
                // (the whole on hover), so nothing below moves as it grows.
                ui.vertical(|ui| {
                    words_ui(ui, &l.value.outcome_in_words(unit));
                    let line = l.line.join(" ");
                    ui.add(egui::Label::new(RichText::new(&line).monospace().weak()).truncate())
                        .on_hover_text(&line);
                });
                ui.end_row();
            }
        });
}

/// Rows kept for a line's words: the words of a value fit in them at the side panel's
/// width (a longer text takes more rather than being cut).
const WORDS_ROWS: f32 = 2.0;

/// A line's words, wrapped, in at least [`WORDS_ROWS`] rows.
fn words_ui(ui: &mut egui::Ui, words: &str) {
    let top = ui.cursor().top();
    ui.add(egui::Label::new(words).wrap());
    let kept = WORDS_ROWS * ui.text_style_height(&egui::TextStyle::Body);
    let used = ui.cursor().top() - top - ui.spacing().item_spacing.y;
    if used < kept {
        ui.add_space(kept - used);
    }
}

/// The walking keys, when no text field has the keyboard.
fn key_intents(ctx: &egui::Context) -> Vec<AnalysisIntent> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    let mut out = Vec::new();
    ctx.input(|i| {
        for (key, walk) in [
            (Key::ArrowLeft, Walk::Back),
            (Key::ArrowRight, Walk::Forward),
            (Key::Home, Walk::Start),
            (Key::End, Walk::End),
        ] {
            if i.key_pressed(key) {
                out.push(AnalysisIntent::Walk(walk));
            }
        }
    });
    out
}

/// One line of the tree, inline, its variations in brackets after the move they
/// replace.
fn line_ui(
    ui: &mut egui::Ui,
    line: &[RecordedMove],
    path: &mut Vec<Step>,
    cursor: (&[Step], usize),
    out: &mut Vec<AnalysisIntent>,
) {
    for (i, m) in line.iter().enumerate() {
        let here = cursor.0 == path.as_slice() && cursor.1 == i + 1;
        let text = match &m.notes.comment {
            Some(_) => format!("{}*", m.notation),
            None => m.notation.clone(),
        };
        let response = ui.selectable_label(here, text);
        let response = match &m.notes.comment {
            Some(c) => response.on_hover_text(c),
            None => response,
        };
        if response.clicked() {
            out.push(AnalysisIntent::Walk(Walk::To(path.clone(), i + 1)));
        }
        for (v, variation) in m.notes.variations.iter().enumerate() {
            ui.label(RichText::new("(").weak());
            path.push((i, v));
            line_ui(ui, variation, path, cursor, out);
            path.pop();
            ui.label(RichText::new(")").weak());
        }
    }
}

impl AnalysisBoard {
    /// Draws the analysis board; what the person asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Vec<AnalysisIntent> {
        let mut out = key_intents(ui.ctx());
        egui::Panel::top("analysis_bar").show(ui, |ui| self.bar_ui(ui, &mut out));
        egui::Panel::right("analysis_side")
            .default_size(380.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.side_ui(ui, &mut out));
            });
        egui::CentralPanel::default().show(ui, |ui| self.board_ui(ui, &mut out));
        out
    }

    fn bar_ui(&mut self, ui: &mut egui::Ui, out: &mut Vec<AnalysisIntent>) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(crate::tr!(
                "analysis-title",
                game = self.plugin().manifest().name.clone()
            ));
            let in_variation = self.referee.tree.in_variation();
            for (label, walk) in [
                ("analysis-start", Walk::Start),
                ("analysis-back", Walk::Back),
                ("analysis-forward", Walk::Forward),
                ("analysis-end", Walk::End),
            ] {
                if ui.button(crate::i18n::text(label)).clicked() {
                    out.push(AnalysisIntent::Walk(walk));
                }
            }
            ui.separator();
            if ui
                .add_enabled(
                    in_variation,
                    egui::Button::new(crate::tr!("analysis-promote")),
                )
                .clicked()
            {
                out.push(AnalysisIntent::Promote);
            }
            if ui
                .add_enabled(
                    in_variation,
                    egui::Button::new(crate::tr!("analysis-delete")),
                )
                .clicked()
            {
                out.push(AnalysisIntent::Delete);
            }
            if ui.button(crate::tr!("analysis-edit-position")).clicked() {
                out.push(AnalysisIntent::EditPosition);
            }
            ui.separator();
            if ui.button(crate::tr!("analysis-save")).clicked() {
                out.push(AnalysisIntent::Save);
            }
            if ui.button(crate::tr!("analysis-load")).clicked() {
                out.push(AnalysisIntent::Load);
            }
            ui.separator();
            if ui.button(crate::tr!("analysis-close")).clicked() {
                out.push(AnalysisIntent::Close);
            }
        });
        self.note_ui(ui);
    }

    /// The note's line, kept whether or not there is a note, so that the board under
    /// the bar never moves when one comes or goes: one line, a longer note cut there
    /// (the whole of it in the pointer's tooltip).
    fn note_ui(&self, ui: &mut egui::Ui) {
        let line = ui.text_style_height(&egui::TextStyle::Body);
        let width = ui.available_width();
        // In the language of the moment (a note made before the language changed too).
        let (text, colour) = match &self.note {
            // A file saved or loaded is news, not a warning.
            Some(note) if note.warning => (note.text(), ui.visuals().warn_fg_color),
            Some(note) => (note.text(), ui.visuals().text_color()),
            None => (String::new(), ui.visuals().text_color()),
        };
        let (rect, _) = ui.allocate_exact_size(egui::vec2(width, line), egui::Sense::hover());
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(layout))
            .add(egui::Label::new(RichText::new(text).color(colour)).truncate());
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, out: &mut Vec<AnalysisIntent>) {
        ui.horizontal(|ui| {
            let label = ui.label(crate::tr!("analysis-lines"));
            let mut n = self.search.lines_wanted;
            let value = ui
                .add(egui::DragValue::new(&mut n).range(1..=16))
                .labelled_by(label.id);
            if value.changed() {
                out.push(AnalysisIntent::Lines(n));
            }
        });
        let unit = self.plugin().manifest().score_unit.clone();
        lines_ui(
            ui,
            self.search.found.as_ref(),
            unit.as_ref(),
            self.searching(),
        );
        ui.separator();
        ui.label(RichText::new(crate::tr!("analysis-moves")).strong());
        ui.label(RichText::new(crate::tr!("analysis-keys")).weak().small());
        let (path, ply) = self.referee.tree.cursor();
        let cursor = (path.to_vec(), ply);
        ui.horizontal_wrapped(|ui| {
            let start = cursor.0.is_empty() && cursor.1 == 0;
            if ui
                .selectable_label(start, crate::tr!("analysis-start-position"))
                .clicked()
            {
                out.push(AnalysisIntent::Walk(Walk::Start));
            }
            let mut path = Vec::new();
            line_ui(
                ui,
                self.referee.tree.main_line(),
                &mut path,
                (&cursor.0, cursor.1),
                out,
            );
        });
        ui.separator();
        let label = ui.label(RichText::new(crate::tr!("analysis-comment")).strong());
        let enabled = cursor.1 > 0;
        let edit = ui
            .add_enabled(
                enabled,
                egui::TextEdit::multiline(&mut self.comment)
                    .desired_rows(3)
                    .hint_text(crate::tr!("analysis-comment-hint")),
            )
            .labelled_by(label.id);
        if edit.changed() {
            out.push(AnalysisIntent::Comment);
        }
    }

    fn board_ui(&mut self, ui: &mut egui::Ui, out: &mut Vec<AnalysisIntent>) {
        let snapshot = self.snapshot();
        let to_move = match snapshot.turn {
            Turn::Seat { seat } => crate::tr!(
                "analysis-to-move",
                seat = self
                    .plugin()
                    .manifest()
                    .seat_names
                    .get(usize::from(seat))
                    .cloned()
                    .unwrap_or_default()
            ),
            Turn::Chance { .. } => crate::tr!("analysis-chance"),
            Turn::Over { .. } => snapshot.view.status.clone(),
        };
        ui.label(RichText::new(to_move).strong());
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::tr!("analysis-play"));
            for m in &snapshot.moves {
                let text = match &m.choice {
                    Some(c) => format!("{} ({c})", m.notation),
                    None => m.notation.clone(),
                };
                if ui
                    .add_enabled(!self.moving(), egui::Button::new(text))
                    .clicked()
                {
                    out.push(AnalysisIntent::Play(m.id.0));
                }
            }
        });
        let mut marks = Marks::default();
        for m in &snapshot.moves {
            if let Some(site) = m.sites.first() {
                marks.targets.insert(*site);
            }
        }
        if let Some(best) = self.search.found.as_ref().and_then(|f| f.lines.first())
            && let Some(m) = snapshot.moves.iter().find(|m| m.notation == best.mv)
        {
            marks.hint = m.sites.clone();
        }
        let contents = contents_of(&snapshot.view);
        let response = BoardView::default().ui(ui, self.layout(), &contents, &marks);
        if let Some(site) = response.clicked {
            let single: Vec<_> = snapshot
                .moves
                .iter()
                .filter(|m| m.sites == [site])
                .collect();
            if let [m] = single.as_slice() {
                out.push(AnalysisIntent::Play(m.id.0));
            }
        }
    }

    /// Carries out what the person asked; `true` when the board is to be closed.
    pub fn apply(&mut self, intent: AnalysisIntent) -> bool {
        let done: anyhow::Result<()> = match intent {
            AnalysisIntent::Play(id) => {
                self.keep_comment();
                self.play(id)
            }
            AnalysisIntent::Walk(walk) => {
                self.keep_comment();
                self.walk(walk)
            }
            AnalysisIntent::Promote => self.promote().map_err(Into::into),
            AnalysisIntent::Delete => self.delete(),
            AnalysisIntent::Lines(n) => {
                self.search.lines_wanted = n.clamp(1, 16);
                self.restart_search();
                Ok(())
            }
            AnalysisIntent::Comment => {
                self.keep_comment();
                Ok(())
            }
            // The file dialog is the app's (see `entry`): nothing to do here.
            AnalysisIntent::Save | AnalysisIntent::Load => Ok(()),
            AnalysisIntent::EditPosition => {
                self.edit_position();
                Ok(())
            }
            AnalysisIntent::Close => return true,
        };
        if let Err(e) = done {
            self.note = Some(Note::warning(format!("{e:#}")));
        }
        false
    }

    /// The position editor's window, if open, and its answer carried out.
    pub fn editor_ui(&mut self, ctx: &egui::Context) {
        let Some(editor) = &mut self.editor else {
            return;
        };
        match editor.ui(ctx) {
            Some(super::EditorAnswer::Cancel) => self.editor = None,
            Some(super::EditorAnswer::Open(notation)) if self.unsaved() => {
                self.pending = Some(super::Replacement::Position(notation));
            }
            Some(super::EditorAnswer::Open(notation)) => self.open_edited(&notation),
            None => {}
        }
    }

    /// Opens the editor's position `notation`, or shows the refusal in the editor.
    pub fn open_edited(&mut self, notation: &str) {
        let refused = match self.open_position(notation) {
            Ok(()) => self
                .editor
                .as_ref()
                .and_then(|e| e.read_back(self.snapshot()).err())
                .map(|e| e.to_string()),
            Err(e) => Some(format!("{e:#}")),
        };
        match refused {
            Some(why) => {
                if let Some(editor) = &mut self.editor {
                    editor.refusal = Some(why);
                }
            }
            None => {
                self.editor = None;
                self.note = Some(Note::info("editor-opened", &[]));
            }
        }
    }
}
