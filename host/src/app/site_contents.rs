//! What a site holds, drawn inside it: counted pieces along a spiral with their count,
//! several counted groups (a mandarin's big stone and its seeds: `1+6`), a stack (on a
//! stick, or a cluster). Nothing here knows a game: the pieces' looks come from the
//! layout's styles.

use egui::{Align2, Color32, FontId, Pos2, Rect, Vec2};
use game_api::{Layout, Piece, SiteContent};

use super::pieces::{paint_piece, style_of};

/// Draws `content` inside `site`'s `rect` (the board drawn at `scale` points a unit).
/// Without `words` (a chooser's thumbnail, made once in the fallback language) a site of
/// several groups gets no count: it would name its pieces in that language, whatever
/// the app's, and would not fit a thumbnail's site anyway; its pieces are drawn.
pub(super) fn paint_content(
    painter: &egui::Painter,
    layout: &Layout,
    site: &game_api::Site,
    rect: Rect,
    content: &SiteContent,
    (scale, words): (f32, bool),
) {
    let small = (rect.width().min(rect.height()) * 0.09).max(2.0);
    match content {
        SiteContent::Count { piece, count } => {
            let style = style_of(layout, piece);
            let (shown, r) = spread(rect, *count as usize, small);
            for i in 0..shown {
                paint_piece(painter, spiral(rect, i, shown), r, piece, &style);
            }
            if !matches!(
                site.shape,
                game_api::Shape::Square | game_api::Shape::TrackCell
            ) || *count > 0
            {
                paint_count(painter, rect, scale, count.to_string());
            }
        }
        SiteContent::Groups { groups } => {
            paint_groups(painter, layout, rect, groups, small, scale, words);
        }
        SiteContent::Stack { pieces } => {
            let capacity = match site.shape {
                game_api::Shape::Stick { capacity } => {
                    Some(usize::from(capacity).max(pieces.len()))
                }
                _ => None,
            };
            let stick = capacity.is_some();
            let r = if let Some(c) = capacity {
                (rect.width() * 0.4).min(rect.height() / (2.2 * c.max(1) as f32))
            } else if pieces.len() > 4 {
                small * 1.2
            } else {
                rect.width().min(rect.height()) * if pieces.len() > 1 { 0.28 } else { 0.36 }
            };
            for (i, piece) in pieces.iter().enumerate() {
                let p = if stick {
                    Pos2::new(rect.center().x, rect.max.y - r * (1.1 + 2.1 * i as f32))
                } else if pieces.len() > 4 {
                    // Many pieces: a compact cluster.
                    spiral(rect, i, pieces.len())
                } else {
                    rect.center() + Vec2::new(0.0, -r * 0.35 * i as f32)
                };
                paint_piece(painter, p, r, piece, &style_of(layout, piece));
            }
        }
    }
}

/// Several counted groups on one site: every piece along one spiral, higher layers
/// nearer the middle and drawn last (on top), and the count ([`groups_label`]).
fn paint_groups(
    painter: &egui::Painter,
    layout: &Layout,
    rect: Rect,
    groups: &[game_api::Group],
    r: f32,
    scale: f32,
    words: bool,
) {
    let total: usize = groups.iter().map(|g| g.count as usize).sum();
    let (most, r) = spread(rect, total, r);
    let mut pieces: Vec<(&Piece, std::borrow::Cow<'_, game_api::PieceStyle>)> = Vec::new();
    for g in groups {
        let style = style_of(layout, &g.piece);
        // Each kind keeps its share of the pieces drawn (a big stone is never left out).
        let share = if total <= most {
            g.count as usize
        } else {
            (g.count as usize * most / total.max(1)).max(usize::from(g.count > 0))
        };
        for _ in 0..share {
            pieces.push((&g.piece, style.clone()));
        }
    }
    pieces.sort_by_key(|(_, style)| std::cmp::Reverse(style.layer));
    let n = pieces.len();
    let mut placed: Vec<_> = pieces
        .into_iter()
        .enumerate()
        .map(|(i, (piece, style))| (spiral(rect, i, n), piece, style))
        .collect();
    placed.sort_by_key(|(_, _, style)| style.layer);
    for (p, piece, style) in &placed {
        paint_piece(painter, *p, r, piece, style);
    }
    if !words {
        return;
    }
    let text = groups_label(groups, |piece, count| {
        let style = style_of(layout, piece);
        let name = if count == 1 {
            style.names.first()
        } else {
            style.names.get(1).or(style.names.first())
        };
        name.cloned().unwrap_or_else(|| piece.kind.clone())
    });
    paint_count(painter, rect, scale, text);
}

/// The count written on a site of several groups: the last group (the common pieces) by
/// its number alone, every other group present by its number and name, so that a big
/// stone is never read as a small one: `1 big stone + 2`, `1 big stone`, `5`; nothing
/// but zeros reads `0`. `name` names `count` pieces of a kind.
fn groups_label(groups: &[game_api::Group], name: impl Fn(&Piece, u32) -> String) -> String {
    let last = groups.len().saturating_sub(1);
    let parts: Vec<String> = groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.count > 0)
        .map(|(i, g)| {
            if i == last {
                g.count.to_string()
            } else {
                format!("{} {}", g.count, name(&g.piece, g.count))
            }
        })
        .collect();
    if parts.is_empty() {
        "0".to_owned()
    } else {
        parts.join(" + ")
    }
}

/// Pieces a site draws at most, however many it holds (its count says the rest).
const MOST_DRAWN: usize = 400;

/// How many of `count` pieces a site of `rect` draws, and their radius (`r` at most):
/// every piece while they fit (a store's long tray holds far more than a pit), smaller
/// as they crowd, down to half the radius; past that, as many as fit at half the radius
/// (the count written on the site says how many there are), and never more than
/// [`MOST_DRAWN`].
fn spread(rect: Rect, count: usize, r: f32) -> (usize, f32) {
    let area = rect.shrink(rect.width().min(rect.height()) * 0.18);
    // A piece of radius `r` takes about a square of side 2.2 r along the spiral.
    let fits = |r: f32| {
        ((area.width() + 2.0 * r) * (area.height() + 2.0 * r) / (2.2 * r).powi(2)) as usize
    };
    let at_full = fits(r).max(24);
    if count <= at_full {
        return (count, r);
    }
    let smaller = (r * (at_full as f32 / count as f32).sqrt()).max(r * 0.5);
    (
        count.min(fits(smaller).max(at_full)).min(MOST_DRAWN),
        smaller,
    )
}

/// The place of piece `i` of `n` spread over `rect`: a sunflower spiral, evenly spaced
/// for any count, the first pieces in the middle.
fn spiral(rect: Rect, i: usize, n: usize) -> Pos2 {
    let area = rect.shrink(rect.width().min(rect.height()) * 0.18);
    let f = (i as f32 + 0.5) / n.max(1) as f32;
    let a = i as f32 * 2.399_963;
    let d = f.sqrt();
    area.center() + Vec2::new(a.cos() * area.width() * 0.5, a.sin() * area.height() * 0.5) * d
}

/// A site's count, white on a black shadow in its lower right corner; a long one (a
/// mandarin's `1 big stone + 2` on its narrow half-disc) made smaller to stay inside the
/// site rather than run over the next site's count (read as `8 big stone + 2`).
fn paint_count(painter: &egui::Painter, rect: Rect, scale: f32, text: String) {
    let size = (scale * 0.22).clamp(10.0, 20.0);
    let width = painter
        .layout_no_wrap(text.clone(), FontId::proportional(size), Color32::WHITE)
        .size()
        .x;
    let font = FontId::proportional(fitted_size(size, width, rect.width() - 4.0));
    let pos = Pos2::new(rect.max.x - 2.0, rect.max.y - 2.0);
    painter.text(
        pos + Vec2::splat(1.0),
        Align2::RIGHT_BOTTOM,
        &text,
        font.clone(),
        Color32::BLACK,
    );
    painter.text(pos, Align2::RIGHT_BOTTOM, text, font, Color32::WHITE);
}

/// The font size at which a label `width` points wide at `size` fits in `room` points:
/// `size` when it fits, else smaller in proportion, never under 8 points.
fn fitted_size(size: f32, width: f32, room: f32) -> f32 {
    if width <= room || width <= 0.0 {
        size
    } else {
        (size * room.max(0.0) / width).clamp(8.0, size)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_label_wider_than_its_site_is_made_smaller_to_fit() {
        // A count that fits keeps its size.
        assert_eq!(super::fitted_size(20.0, 30.0, 100.0), 20.0);
        // `1 big stone + 2` 125 points wide at 20 on a 100-point half-disc: 16.
        assert_eq!(super::fitted_size(20.0, 125.0, 100.0), 16.0);
        // Never unreadable: 8 points at least, whatever the room.
        assert_eq!(super::fitted_size(20.0, 400.0, 50.0), 8.0);
        assert_eq!(super::fitted_size(20.0, 400.0, -3.0), 8.0);
    }

    use super::*;

    fn group(kind: &str, count: u32) -> game_api::Group {
        game_api::Group {
            piece: Piece {
                kind: kind.into(),
                owner: None,
                state: String::new(),
            },
            count,
        }
    }

    #[test]
    fn a_long_tray_draws_every_seed_a_pit_its_fill() {
        let r = 8.0;
        let pit = Rect::from_min_size(Pos2::ZERO, Vec2::splat(110.0));
        let tray = Rect::from_min_size(Pos2::ZERO, Vec2::new(690.0, 90.0));
        // The old cap was 24: a tray of 34 or 48 seeds draws them all.
        assert_eq!(spread(tray, 34, r), (34, r));
        assert_eq!(spread(tray, 48, r).0, 48);
        // A pit of 24 or fewer draws them all at full size.
        assert_eq!(spread(pit, 20, r), (20, r));
        // Crowded: smaller, never below half size, never past the bound.
        let (n, small) = spread(pit, 60, r);
        assert!(small < r && small >= r * 0.5, "{small}");
        assert!((24..=60).contains(&n), "{n}");
        assert_eq!(spread(tray, 100_000, r).0, MOST_DRAWN);
    }

    #[test]
    fn a_big_stone_is_named_and_the_seeds_counted() {
        let name = |p: &Piece, n: u32| format!("{}{}", p.kind, if n == 1 { "" } else { "s" });
        let label = |a, b| groups_label(&[group("big stone", a), group("seed", b)], name);
        assert_eq!(label(1, 2), "1 big stone + 2");
        assert_eq!(label(1, 0), "1 big stone");
        assert_eq!(label(0, 5), "5");
        assert_eq!(label(0, 0), "0");
    }
}
