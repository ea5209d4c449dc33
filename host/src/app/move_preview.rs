//! What a legal move would do, shown before it is played: while the person points at a
//! move (the mouse over its site or choice, or the site focused by key), the board marks
//! where it ends and what it takes, and the status line says it in words.
//!
//! The effects come from the plugin itself — the worker plays the move on a copy of the
//! game ([`Request::Preview`](crate::worker::Request::Preview)) — so the host knows no
//! rule: it reads the same [`Effect`]s it animates once a move is played.

use egui::{Color32, CornerRadius, FontId, Rect, Stroke, StrokeKind};
use game_api::{Effect, Layout, MoveInfo, Shape, SiteId};

/// The marks of a move's preview, read from its effects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PreviewMarks {
    /// Where the move ends: the last site a piece arrives on (the last seed's pit, a
    /// piece's destination), if any arrives.
    pub ends: Option<SiteId>,
    /// The pieces each site would lose to a capture or a removal, in the order first
    /// met.
    pub loses: Vec<(SiteId, u64)>,
    /// The pieces each site would gain from a capture (a store), in the order first met.
    pub gains: Vec<(SiteId, u64)>,
}

impl PreviewMarks {
    /// The marks of `effects`.
    ///
    /// ```
    /// use game_api::{Effect, SiteId};
    /// use tavola::app::move_preview::PreviewMarks;
    ///
    /// let effects = [
    ///     Effect::Lift { site: SiteId(0), count: 2 },
    ///     Effect::Drop { site: SiteId(1), count: 1 },
    ///     Effect::Drop { site: SiteId(2), count: 1 },
    ///     Effect::Capture { from: SiteId(9), to: Some(SiteId(6)), count: 4 },
    ///     Effect::Capture { from: SiteId(2), to: Some(SiteId(6)), count: 1 },
    /// ];
    /// let marks = PreviewMarks::of(&effects);
    /// assert_eq!(marks.ends, Some(SiteId(2)));
    /// assert_eq!(marks.loses, vec![(SiteId(9), 4), (SiteId(2), 1)]);
    /// assert_eq!(marks.gains, vec![(SiteId(6), 5)]);
    /// ```
    pub fn of(effects: &[Effect]) -> Self {
        let mut marks = PreviewMarks::default();
        let add = |list: &mut Vec<(SiteId, u64)>, site: SiteId, count: u64| match list
            .iter_mut()
            .find(|(s, _)| *s == site)
        {
            Some((_, n)) => *n += count,
            None => list.push((site, count)),
        };
        for effect in effects {
            match effect {
                Effect::Drop { site, .. } | Effect::Place { site, .. } => {
                    marks.ends = Some(*site);
                }
                Effect::Move { to, .. } => marks.ends = Some(*to),
                Effect::Capture { from, to, count } => {
                    add(&mut marks.loses, *from, u64::from(*count));
                    if let Some(to) = to {
                        add(&mut marks.gains, *to, u64::from(*count));
                    }
                }
                Effect::Remove { site } => add(&mut marks.loses, *site, 1),
                _ => {}
            }
        }
        marks
    }

    /// The marks worth showing for `info`'s move: where it ends only when that is not the
    /// site the person clicks last anyway (a piece placed, a slide's destination once
    /// clicked).
    pub fn beyond(&self, info: &MoveInfo) -> PreviewMarks {
        let mut marks = self.clone();
        if marks.ends.is_some() && marks.ends == info.sites.last().copied() {
            marks.ends = None;
        }
        marks
    }

    /// Only what the move takes and gives (where it ended is the last move's mark
    /// already).
    pub fn taken(mut self) -> PreviewMarks {
        self.ends = None;
        self
    }

    /// Whether there is nothing to mark.
    pub fn is_empty(&self) -> bool {
        self.ends.is_none() && self.loses.is_empty() && self.gains.is_empty()
    }
}

/// The preview in words, for the line below the board: "If played, f ends in b:
/// captured 6"; none when there is nothing to say. `happened` is the move's events told
/// as after a move (the app's `events::describe`).
pub fn describe(
    info: &MoveInfo,
    marks: &PreviewMarks,
    layout: &Layout,
    happened: Option<String>,
) -> Option<String> {
    let site = marks
        .ends
        .and_then(|id| layout.site(id))
        .map(|s| s.label.clone())
        .filter(|label| !label.is_empty());
    let notation = info.notation.clone();
    Some(match (site, happened) {
        (Some(site), Some(happened)) => crate::tr!(
            "play-preview-ends-and",
            notation = notation,
            site = site,
            happened = happened
        ),
        (Some(site), None) => crate::tr!("play-preview-ends", notation = notation, site = site),
        (None, Some(happened)) => {
            crate::tr!(
                "play-preview-does",
                notation = notation,
                happened = happened
            )
        }
        (None, None) => return None,
    })
}

/// The preview's colour (its ring and its line): apart from the marks of a legal target
/// (yellow), a site clicked (blue), a hint (green) and an animation step (orange).
pub const COLOUR: Color32 = Color32::from_rgb(205, 130, 255);

/// Paints `marks` over `layout`'s board, whose sites were drawn at `rects` (by site index): a
/// ring where the move ends, a red count of what a site loses, a green one of what it
/// gains.
pub fn paint(painter: &egui::Painter, marks: &PreviewMarks, layout: &Layout, rects: &[Rect]) {
    let rect_of = |site: SiteId| rects.get(usize::from(site.0)).copied();
    if let Some((end, rect)) = marks.ends.and_then(|e| Some((e, rect_of(e)?))) {
        let round = match layout.site(end).map(|s| s.shape) {
            Some(Shape::Pit | Shape::Store) => (rect.width().min(rect.height()) * 0.5).min(255.0),
            _ => 4.0,
        } as u8;
        // Inside the site's edge: the marks outside it (a legal target's) and its label
        // stay clear.
        painter.rect_stroke(
            rect.shrink(1.0),
            CornerRadius::same(round),
            Stroke::new(3.5, COLOUR),
            StrokeKind::Inside,
        );
    }
    let badge = |rect: Rect, text: String, fill: Color32| {
        let font = FontId::proportional((rect.height() * 0.22).clamp(11.0, 18.0));
        let galley = painter.layout_no_wrap(text, font, Color32::WHITE);
        let size = galley.size() + egui::vec2(8.0, 4.0);
        // Inside the site's top edge, clear of its label above.
        let at = Rect::from_center_size(
            rect.center_top() + egui::vec2(0.0, size.y * 0.5 + 4.0),
            size,
        );
        painter.rect_filled(at, CornerRadius::same(6), fill);
        painter.galley(at.center() - galley.size() * 0.5, galley, Color32::WHITE);
    };
    for (site, count) in &marks.loses {
        if let Some(rect) = rect_of(*site) {
            badge(rect, format!("-{count}"), Color32::from_rgb(190, 40, 40));
        }
    }
    for (site, count) in &marks.gains {
        if let Some(rect) = rect_of(*site) {
            badge(rect, format!("+{count}"), Color32::from_rgb(30, 130, 60));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Piece;

    #[test]
    fn a_slide_ends_at_its_destination_and_a_bite_loses_each_piece_removed() {
        let slide = [Effect::Move {
            from: SiteId(3),
            to: SiteId(11),
        }];
        assert_eq!(PreviewMarks::of(&slide).ends, Some(SiteId(11)));
        let bite = [
            Effect::Remove { site: SiteId(4) },
            Effect::Remove { site: SiteId(5) },
            Effect::Remove { site: SiteId(4) },
        ];
        let marks = PreviewMarks::of(&bite);
        assert_eq!(marks.ends, None);
        assert_eq!(marks.loses, vec![(SiteId(4), 2), (SiteId(5), 1)]);
        let place = [Effect::Place {
            site: SiteId(7),
            piece: Piece {
                kind: "stone".into(),
                owner: Some(0),
                state: String::new(),
            },
        }];
        assert_eq!(PreviewMarks::of(&place).ends, Some(SiteId(7)));
        assert!(PreviewMarks::of(&[Effect::ExtraTurn { seat: 0 }]).is_empty());
    }

    #[test]
    fn a_capture_off_the_board_loses_without_a_gain() {
        let effects = [Effect::Capture {
            from: SiteId(2),
            to: None,
            count: 3,
        }];
        let marks = PreviewMarks::of(&effects);
        assert_eq!(marks.loses, vec![(SiteId(2), 3)]);
        assert!(marks.gains.is_empty());
    }
}
