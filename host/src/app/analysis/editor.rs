//! The position editor, for any game, from its board description: the count on each
//! site of the layout and the seat to move, written into the game's own notation, which
//! the plugin then checks (it refuses with its reason, shown here) and reads back (the
//! position it read must have the counts and the seat asked for). Knowing no game, the
//! editor finds the counts in the notation as its numbers in the board's site order,
//! and the seat to move as the word that is a seat's initial; where a game's notation is
//! not so, its text is edited instead.

use game_api::{Layout, SiteContent, SiteId, Turn};

use crate::worker::Snapshot;

/// What the person did with the editor this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorAnswer {
    /// Check this notation and open it on the analysis board.
    Open(String),
    /// Close the editor.
    Cancel,
}

/// One numeric run of a notation: where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
}

/// The position being edited.
#[derive(Debug, Clone)]
pub struct PositionEditor {
    /// Each site: its id, its label, its count.
    pub sites: Vec<(SiteId, String, u32)>,
    /// The seat to move.
    pub seat: u8,
    /// The seats' names.
    pub seat_names: Vec<String>,
    /// The notation sent to the plugin (kept in step with the counts where the counts
    /// can be written into it; else edited as text).
    pub notation: String,
    /// Whether the counts and the seat can be written into the notation.
    pub by_counts: bool,
    /// The plugin's refusal of the last position asked for, shown.
    pub refusal: Option<String>,
    template: String,
    spans: Vec<Span>,
    /// The seat word's place and each seat's word (its initial in the case found).
    turn_word: Option<(Span, Vec<String>)>,
}

/// The total pieces on a site.
pub fn count_of(content: Option<&SiteContent>) -> u32 {
    match content {
        Some(SiteContent::Count { count, .. }) => *count,
        Some(SiteContent::Groups { groups }) => groups.iter().map(|g| g.count).sum(),
        Some(SiteContent::Stack { pieces }) => pieces.len() as u32,
        None => 0,
    }
}

fn numbers(text: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push(Span { start: s, end: i });
                start = None;
            }
            _ => {}
        }
    }
    spans
}

/// The word of `text` that is seat `seat`'s initial, and every seat's word in that case.
fn turn_word(text: &str, seat: u8, names: &[String]) -> Option<(Span, Vec<String>)> {
    let initial = |n: &String| n.chars().next().map(|c| c.to_uppercase().to_string());
    let words: Vec<String> = names.iter().filter_map(initial).collect();
    // The seats must have different initials for the word to say whose turn it is.
    let mut unique = words.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != names.len() || names.len() < 2 {
        return None;
    }
    let own = words.get(usize::from(seat))?;
    let mut offset = 0;
    let mut found = None;
    for word in text.split(' ') {
        if word.eq_ignore_ascii_case(own) {
            found = Some((
                Span {
                    start: offset,
                    end: offset + word.len(),
                },
                word.chars().all(|c| c.is_lowercase()),
            ));
        }
        offset += word.len() + 1;
    }
    let (span, lower) = found?;
    let words = words
        .into_iter()
        .map(|w| if lower { w.to_lowercase() } else { w })
        .collect();
    Some((span, words))
}

impl PositionEditor {
    /// The editor on the position `snapshot` of a game drawn by `layout`.
    pub fn new(layout: &Layout, snapshot: &Snapshot, seat_names: &[String]) -> Self {
        let sites: Vec<(SiteId, String, u32)> = layout
            .sites
            .iter()
            .map(|s| {
                let content = snapshot
                    .view
                    .sites
                    .iter()
                    .find(|(id, _)| *id == s.id)
                    .map(|(_, c)| c);
                (s.id, s.label.clone(), count_of(content))
            })
            .collect();
        let seat = match snapshot.turn {
            Turn::Seat { seat } => seat,
            _ => 0,
        };
        let template = snapshot.notation.clone();
        let spans = numbers(&template);
        let read: Vec<u32> = spans
            .iter()
            .map(|s| template[s.start..s.end].parse().unwrap_or(u32::MAX))
            .collect();
        let counts: Vec<u32> = sites.iter().map(|s| s.2).collect();
        let by_counts = read == counts;
        let turn_word = turn_word(&template, seat, seat_names);
        PositionEditor {
            sites,
            seat,
            seat_names: seat_names.to_vec(),
            notation: template.clone(),
            by_counts,
            refusal: None,
            template,
            spans,
            turn_word,
        }
    }

    /// Whether the seat to move can be chosen (its word found in the notation).
    pub fn seat_choosable(&self) -> bool {
        self.by_counts && self.turn_word.is_some()
    }

    /// The notation of the counts and the seat chosen (where they can be written).
    pub fn written(&self) -> String {
        if !self.by_counts {
            return self.notation.clone();
        }
        let mut edits: Vec<(Span, String)> = self
            .spans
            .iter()
            .zip(&self.sites)
            .map(|(span, site)| (*span, site.2.to_string()))
            .collect();
        if let Some((span, words)) = &self.turn_word
            && let Some(w) = words.get(usize::from(self.seat))
        {
            edits.push((*span, w.clone()));
        }
        edits.sort_by_key(|(s, _)| std::cmp::Reverse(s.start));
        let mut text = self.template.clone();
        for (span, with) in edits {
            text.replace_range(span.start..span.end, &with);
        }
        text
    }

    /// Whether the position the plugin read (`snapshot`) is the one asked for: the same
    /// counts on every site and the same seat to move; else what differs.
    pub fn read_back(&self, snapshot: &Snapshot) -> Result<(), ReadBack> {
        if !self.by_counts {
            return Ok(());
        }
        for (id, label, count) in &self.sites {
            let content = snapshot
                .view
                .sites
                .iter()
                .find(|(i, _)| i == id)
                .map(|(_, c)| c);
            let read = count_of(content);
            if read != *count {
                return Err(ReadBack::Count {
                    site: label.clone(),
                    asked: *count,
                    read,
                });
            }
        }
        if self.seat_choosable()
            && let Turn::Seat { seat } = snapshot.turn
            && seat != self.seat
        {
            return Err(ReadBack::Seat {
                seat: self
                    .seat_names
                    .get(usize::from(self.seat))
                    .cloned()
                    .unwrap_or_default(),
            });
        }
        Ok(())
    }

    /// Draws the editor in a window; what the person asked for.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<EditorAnswer> {
        let mut answer = None;
        let mut open = true;
        egui::Window::new(crate::tr!("editor-title"))
            .open(&mut open)
            .collapsible(false)
            .default_width(420.0)
            .show(ctx, |ui| answer = self.body_ui(ui));
        if !open {
            answer = Some(EditorAnswer::Cancel);
        }
        answer
    }

    /// The editor's contents: counts per site, the seat to move, the notation, the
    /// refusal, the buttons.
    pub fn body_ui(&mut self, ui: &mut egui::Ui) -> Option<EditorAnswer> {
        let mut answer = None;
        if self.by_counts {
            ui.label(crate::tr!("editor-counts"));
            let mut changed = false;
            egui::Grid::new("editor_sites")
                .num_columns(4)
                .show(ui, |ui| {
                    for (i, (_, label, count)) in self.sites.iter_mut().enumerate() {
                        let name = ui.label(label.as_str());
                        let value = ui
                            .add(egui::DragValue::new(count).range(0..=999))
                            .labelled_by(name.id);
                        changed |= value.changed();
                        if i % 2 == 1 {
                            ui.end_row();
                        }
                    }
                });
            if self.seat_choosable() {
                ui.horizontal(|ui| {
                    ui.label(crate::tr!("editor-to-move"));
                    for (i, name) in self.seat_names.iter().enumerate() {
                        let seat = i as u8;
                        changed |= ui.radio_value(&mut self.seat, seat, name).changed();
                    }
                });
            }
            if changed {
                self.notation = self.written();
                self.refusal = None;
            }
            ui.label(crate::tr!("editor-notation"));
            ui.label(egui::RichText::new(&self.notation).monospace());
        } else {
            let label = ui.label(crate::tr!("editor-as-text"));
            if ui
                .text_edit_singleline(&mut self.notation)
                .labelled_by(label.id)
                .changed()
            {
                self.refusal = None;
            }
        }
        if let Some(why) = &self.refusal {
            ui.colored_label(
                ui.visuals().error_fg_color,
                crate::tr!("editor-refused", reason = why.clone()),
            );
        }
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("editor-open")).clicked() {
                answer = Some(EditorAnswer::Open(self.notation.clone()));
            }
            if ui.button(crate::tr!("editor-cancel")).clicked() {
                answer = Some(EditorAnswer::Cancel);
            }
        });
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_the_seat_word_are_found_in_a_notation() {
        let text = "4,4,12/0,1,4 10-3 S";
        let spans = numbers(text);
        let read: Vec<&str> = spans.iter().map(|s| &text[s.start..s.end]).collect();
        assert_eq!(read, ["4", "4", "12", "0", "1", "4", "10", "3"]);
        let names = ["South".to_owned(), "North".to_owned()];
        let (span, words) = turn_word(text, 0, &names).unwrap();
        assert_eq!(&text[span.start..span.end], "S");
        assert_eq!(words, ["S", "N"]);
        assert!(turn_word(text, 1, &names).is_none(), "N is not in the text");
        let same = ["Sun".to_owned(), "Sky".to_owned()];
        assert!(turn_word(text, 0, &same).is_none(), "initials alike");
    }
}

/// How the position the plugin read differs from the one the editor asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadBack {
    /// A site holds another count than the one set.
    #[error("{}", crate::tr!("editor-read-back", site = site.clone(), asked = *asked, read = *read))]
    Count {
        /// The site's label.
        site: String,
        /// The count set in the editor.
        asked: u32,
        /// The count the plugin's position has there.
        read: u32,
    },
    /// Another seat is to move than the one chosen.
    #[error("{}", crate::tr!("editor-read-back-seat", seat = seat.clone()))]
    Seat {
        /// The seat chosen in the editor.
        seat: String,
    },
}
