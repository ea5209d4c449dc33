//! Draws a move's events on the board (`crate::table::Callouts`): each in a small dark
//! label just above the site it concerns (over the board's middle when it concerns no
//! site), fading out in its last second. Several at one site stack upwards.

use egui::{Color32, CornerRadius, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};
use game_api::{Layout, SiteId};

use crate::table::Callout;

/// Draws `callouts` (each with its opacity) over the board whose sites were drawn at
/// `rects` (by site index in `layout`).
pub(super) fn paint_callouts<'a>(
    ui: &egui::Ui,
    layout: &Layout,
    rects: &[Rect],
    callouts: impl Iterator<Item = (&'a Callout, f32)>,
) {
    let Some(board) = rects.iter().copied().reduce(|a, b| a.union(b)) else {
        return;
    };
    let painter = ui.painter();
    let font = FontId::proportional(15.0);
    // How many labels are already stacked at each place.
    let mut stacked: Vec<(Option<SiteId>, f32)> = Vec::new();
    for (callout, opacity) in callouts {
        let anchor = anchor_of(layout, rects, board, callout.site);
        let k = match stacked.iter().position(|(s, _)| *s == callout.site) {
            Some(k) => k,
            None => {
                stacked.push((callout.site, 0.0));
                stacked.len() - 1
            }
        };
        let lift = stacked[k].1;
        let galley = painter.layout(
            callout.text.clone(),
            font.clone(),
            Color32::WHITE.gamma_multiply(opacity),
            (board.width() * 0.6).max(120.0),
        );
        let size = galley.size() + Vec2::new(14.0, 8.0);
        let mut rect =
            Rect::from_center_size(Pos2::new(anchor.x, anchor.y - lift - size.y / 2.0), size);
        // Kept within the board's area, so that none is cut off at an edge.
        let screen = ui.clip_rect();
        rect = rect.translate(Vec2::new(
            (screen.left() - rect.left()).max(0.0) + (screen.right() - rect.right()).min(0.0),
            (screen.top() - rect.top()).max(0.0),
        ));
        stacked[k].1 += size.y + 3.0;
        painter.rect(
            rect,
            CornerRadius::same(6),
            Color32::from_rgba_unmultiplied(20, 20, 24, (225.0 * opacity) as u8),
            Stroke::new(1.5, Color32::from_rgb(240, 200, 90).gamma_multiply(opacity)),
            StrokeKind::Inside,
        );
        painter.galley(rect.center() - galley.size() / 2.0, galley, Color32::WHITE);
    }
}

/// Where a callout about `site` is drawn: just above the site's middle (its upper
/// third), or the board's middle for none or a site not drawn.
fn anchor_of(layout: &Layout, rects: &[Rect], board: Rect, site: Option<SiteId>) -> Pos2 {
    site.and_then(|id| layout.sites.iter().position(|s| s.id == id))
        .and_then(|i| rects.get(i))
        .map_or(board.center(), |r| {
            Pos2::new(r.center().x, r.top() + r.height() * 0.3)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_callout_is_anchored_at_its_site_or_the_board() {
        let site = |i: u16| game_api::Site {
            id: SiteId(i + 10),
            shape: game_api::Shape::Pit,
            center: [f32::from(i), 0.0],
            size: [1.0, 1.0],
            owner: None,
            label: String::new(),
            style: String::new(),
        };
        let layout = Layout {
            size: [2.0, 1.0],
            sites: vec![site(0), site(1)],
            links: Vec::new(),
            pieces: Vec::new(),
        };
        let rects = [
            Rect::from_min_size(Pos2::new(0.0, 0.0), Vec2::splat(100.0)),
            Rect::from_min_size(Pos2::new(100.0, 0.0), Vec2::splat(100.0)),
        ];
        let board = rects[0].union(rects[1]);
        // Just above the middle of the second site (f32: 100 × 0.3 is not exactly 30).
        let at = anchor_of(&layout, &rects, board, Some(SiteId(11)));
        assert!(at.distance(Pos2::new(150.0, 30.0)) < 1e-3, "{at:?}");
        assert_eq!(anchor_of(&layout, &rects, board, None), board.center());
        assert_eq!(
            anchor_of(&layout, &rects, board, Some(SiteId(99))),
            board.center()
        );
    }
}
