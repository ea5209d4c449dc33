//! Drawing any game's board from its layout and view, and turning clicks on it into
//! site ids. Nothing here knows a game: shapes, pieces and owners come from the plugin.

use std::collections::{BTreeMap, HashSet};

use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Vec2,
    emath::RectTransform,
};
use game_api::{Facing, Layout, LinkKind, SiteContent, SiteId, View};

use super::site_contents::paint_content;

/// The colour of each seat, in seat order.
pub const SEAT_COLOURS: [Color32; 4] = [
    Color32::from_rgb(214, 124, 58),
    Color32::from_rgb(66, 118, 196),
    Color32::from_rgb(76, 160, 90),
    Color32::from_rgb(160, 80, 170),
];

/// The colour of seat `seat`.
pub fn seat_colour(seat: u8) -> Color32 {
    SEAT_COLOURS[usize::from(seat) % SEAT_COLOURS.len()]
}

/// What stands on each site, by site id.
pub type Contents = BTreeMap<SiteId, SiteContent>;

/// The contents of a view, by site id.
pub fn contents_of(view: &View) -> Contents {
    view.sites.iter().cloned().collect()
}

/// How to mark sites on the board.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// Sites that continue a legal move (clickable).
    pub targets: HashSet<SiteId>,
    /// Sites clicked so far in the move being made.
    pub selected: Vec<SiteId>,
    /// The sites of the last move.
    pub last_move: Vec<SiteId>,
    /// The site an animation step is at.
    pub active: Option<SiteId>,
    /// The sites of the suggested move.
    pub hint: Vec<SiteId>,
    /// The key that plays the move of a site, shown on it.
    pub keys: Vec<(SiteId, String)>,
    /// The site the keyboard is on (the arrows move it, Enter plays it).
    pub focus: Option<SiteId>,
}

/// What happened on the board this frame.
#[derive(Debug, Clone, Default)]
pub struct BoardResponse {
    /// The site clicked, if any.
    pub clicked: Option<SiteId>,
    /// The site the person points at: under the mouse, or focused by key.
    pub pointed: Option<SiteId>,
    /// Where each site was drawn, by site index, in screen points.
    pub rects: Vec<Rect>,
}

/// Draws boards: holds only the presentation settings.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardView {
    /// Turn the board by half a turn (the second seat at the bottom).
    pub flipped: bool,
}

impl BoardView {
    /// Draws the board into the space left in `ui`, keeping its aspect ratio; returns the
    /// site clicked, if any, and where each site was drawn. Every site is an accessible
    /// button named after its label and contents ("c: 4 seed").
    pub fn ui(
        &self,
        ui: &mut egui::Ui,
        layout: &Layout,
        contents: &Contents,
        marks: &Marks,
    ) -> BoardResponse {
        let available = ui.available_size();
        // Room for the board's wooden frame (0.08 board units each side) and the marks
        // outside the edge sites, so that none is cut off.
        const FRAME: f32 = 0.2;
        let scale = (available.x / (layout.size[0] + FRAME))
            .min(available.y / (layout.size[1] + FRAME))
            .max(1.0);
        let size = Vec2::new(layout.size[0], layout.size[1]) * scale;
        let (outer, _) = ui.allocate_exact_size(available, Sense::hover());
        let rect = Rect::from_center_size(outer.center(), size);
        let screen_from_board = self.screen_from_board(layout, rect);
        let painter = ui.painter_at(outer);
        paint_board(
            &painter,
            layout,
            contents,
            marks,
            &screen_from_board,
            self.flipped,
            true,
        );

        let mut clicked = None;
        let mut pointed = None;
        let mut rects = Vec::with_capacity(layout.sites.len());
        for site in &layout.sites {
            let site_rect = site_rect(site, &screen_from_board, self.flipped);
            rects.push(site_rect);
            let id = ui.scope_id().with(("site", site.id.0));
            let response = ui.interact(site_rect, id, Sense::click());
            let content = contents.get(&site.id);
            let name = accessible_name(site, content, &layout.pieces);
            let enabled = marks.targets.contains(&site.id);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
            // A count such as `1+3` (a big stone and three seeds) is said in words when
            // the site is pointed at.
            let response = match content {
                Some(SiteContent::Groups { groups }) if groups.len() > 1 => {
                    response.on_hover_text(&name)
                }
                _ => response,
            };
            if response.clicked() {
                clicked = Some(site.id);
            }
            if enabled && response.hovered() {
                ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
            }
            if response.hovered() || (response.has_focus() && pointed.is_none()) {
                pointed = Some(site.id);
            }
        }
        BoardResponse {
            clicked,
            pointed,
            rects,
        }
    }

    /// The transform from board units to screen points for a board drawn in `rect`.
    pub fn screen_from_board(&self, layout: &Layout, rect: Rect) -> RectTransform {
        RectTransform::from_to(
            Rect::from_min_size(Pos2::ZERO, Vec2::new(layout.size[0], layout.size[1])),
            rect,
        )
    }
}

/// Paints a small, non-interactive picture of a board (for the game chooser).
pub fn paint_thumbnail(painter: &egui::Painter, rect: Rect, layout: &Layout, contents: &Contents) {
    let scale = (rect.width() / layout.size[0]).min(rect.height() / layout.size[1]);
    let board = Rect::from_center_size(
        rect.center(),
        Vec2::new(layout.size[0], layout.size[1]) * scale,
    );
    let transform = BoardView::default().screen_from_board(layout, board);
    paint_board(
        painter,
        layout,
        contents,
        &Marks::default(),
        &transform,
        false,
        false,
    );
}

fn board_pos(layout_point: [f32; 2], t: &RectTransform, flipped: bool) -> Pos2 {
    let size = t.from().size();
    let p = if flipped {
        Pos2::new(size.x - layout_point[0], size.y - layout_point[1])
    } else {
        Pos2::new(layout_point[0], layout_point[1])
    };
    t.transform_pos(p)
}

fn site_rect(site: &game_api::Site, t: &RectTransform, flipped: bool) -> Rect {
    let centre = board_pos(site.center, t, flipped);
    let scale = t.scale();
    Rect::from_center_size(
        centre,
        Vec2::new(site.size[0] * scale.x, site.size[1] * scale.y),
    )
}

/// What a screen reader says of a site, in the player's language: its label (from the
/// plugin, in the game's language) and what stands on it, counted with the pieces' names
/// the plugin gives ([`PieceStyle::names`](game_api::PieceStyle::names), the kind's id
/// without them) and the language's plural rules: `c: 4 seeds`, `c: 1 seme`.
fn accessible_name(
    site: &game_api::Site,
    content: Option<&SiteContent>,
    styles: &[game_api::PieceStyle],
) -> String {
    let label = if site.label.is_empty() {
        crate::tr!("board-site-unnamed", id = site.id.0)
    } else {
        site.label.clone()
    };
    let counted = |kind: &str, count: u64| {
        let style = styles.iter().find(|s| s.kind == kind);
        let name = |i: usize| {
            style
                .and_then(|s| s.names.get(i).or(s.names.first()))
                .map_or_else(|| kind.to_owned(), Clone::clone)
        };
        crate::tr!(
            "board-pieces",
            count = count,
            one = name(0),
            other = name(1)
        )
    };
    let contents = match content {
        Some(SiteContent::Count { piece, count }) => counted(&piece.kind, u64::from(*count)),
        Some(SiteContent::Groups { groups }) if !groups.is_empty() => groups
            .iter()
            .map(|g| counted(&g.piece.kind, u64::from(g.count)))
            .collect::<Vec<_>>()
            .join(", "),
        Some(SiteContent::Stack { pieces }) if !pieces.is_empty() => pieces
            .iter()
            .map(|p| {
                let name = styles
                    .iter()
                    .find(|s| s.kind == p.kind)
                    .and_then(|s| s.names.first())
                    .unwrap_or(&p.kind)
                    .clone();
                if p.state.is_empty() {
                    name
                } else {
                    format!("{name} ({})", p.state)
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => return crate::tr!("board-site-empty", label = label),
    };
    crate::tr!("board-site", label = label, contents = contents)
}

fn paint_board(
    painter: &egui::Painter,
    layout: &Layout,
    contents: &Contents,
    marks: &Marks,
    t: &RectTransform,
    flipped: bool,
    labels: bool,
) {
    let board = *t.to();
    let scale = t.scale().x;
    paint_wood(painter, board, scale);
    for link in &layout.links {
        paint_link(painter, layout, link, t, flipped);
    }
    // When most of the board can be played (placing a piece on any empty square), a
    // ring round each playable site says nothing and hides the board: a dot marks them.
    let crowded = marks.targets.len() > 12 && marks.targets.len() * 2 > layout.sites.len();
    for site in &layout.sites {
        let rect = site_rect(site, t, flipped);
        let fill = site_fill(site);
        let edge = Stroke::new((scale * 0.03).max(1.0), Color32::from_rgb(90, 60, 34));
        paint_shape(painter, site, rect, fill, edge, scale);
        paint_marks(painter, site, rect, marks, crowded);
        if let Some(content) = contents.get(&site.id) {
            paint_content(painter, layout, site, rect, content, (scale, labels));
        }
        if let Some((_, key)) = marks.keys.iter().find(|(s, _)| *s == site.id) {
            paint_key(painter, rect, key, scale);
        }
        if marks.last_move.contains(&site.id) {
            paint_last_move(painter, rect, scale);
        }
        if labels
            && !site.label.is_empty()
            && (site.label.chars().count() <= 3 || site.style == "special")
        {
            paint_label(painter, site, rect, board, fill, scale);
        }
    }
}

/// The board's wood: a frame and the board inside it.
fn paint_wood(painter: &egui::Painter, board: Rect, scale: f32) {
    painter.rect_filled(
        board.expand(scale * 0.08),
        CornerRadius::same((scale * 0.25).min(40.0) as u8),
        Color32::from_rgb(150, 104, 62),
    );
    painter.rect_filled(
        board,
        CornerRadius::same((scale * 0.2).min(32.0) as u8),
        Color32::from_rgb(186, 140, 90),
    );
}

/// A path or an arrow between two sites (an arrow from the edge of one to the edge of
/// the other).
fn paint_link(
    painter: &egui::Painter,
    layout: &Layout,
    link: &game_api::Link,
    t: &RectTransform,
    flipped: bool,
) {
    let (Some(a), Some(b)) = (layout.site(link.from), layout.site(link.to)) else {
        return;
    };
    let scale = t.scale().x;
    let (pa, pb) = (
        board_pos(a.center, t, flipped),
        board_pos(b.center, t, flipped),
    );
    let stroke = Stroke::new((scale * 0.04).max(1.5), Color32::from_rgb(70, 50, 30));
    match link.kind {
        LinkKind::Path => {
            painter.line_segment([pa, pb], stroke);
        }
        LinkKind::Arrow => {
            let dir = (pb - pa).normalized();
            let exit = |size: [f32; 2]| {
                let (hw, hh) = (size[0] * scale * 0.5, size[1] * scale * 0.5);
                let tx = if dir.x.abs() > 1e-6 {
                    hw / dir.x.abs()
                } else {
                    f32::INFINITY
                };
                let ty = if dir.y.abs() > 1e-6 {
                    hh / dir.y.abs()
                } else {
                    f32::INFINITY
                };
                tx.min(ty)
            };
            let start = pa + dir * exit(a.size);
            let end = pb - dir * exit(b.size);
            if (end - start).dot(dir) > 0.0 {
                painter.arrow(start, end - start, stroke);
            }
        }
    }
}

/// A site's colour: its style's, tinted with its owner's seat colour.
fn site_fill(site: &game_api::Site) -> Color32 {
    let base = match site.style.as_str() {
        "dark" => Color32::from_rgb(120, 84, 50),
        "light" => Color32::from_rgb(226, 196, 150),
        "special" => Color32::from_rgb(220, 200, 110),
        _ => Color32::from_rgb(134, 92, 54),
    };
    site.owner
        .map(seat_colour)
        .map_or(base, |c| base.lerp_to_gamma(c, 0.12))
}

/// The rings of a site: hinted, a target (a dot when most sites are, `crowded`),
/// selected, active.
fn paint_marks(
    painter: &egui::Painter,
    site: &game_api::Site,
    rect: Rect,
    marks: &Marks,
    crowded: bool,
) {
    let round = match site.shape {
        game_api::Shape::Pit | game_api::Shape::Store => rect.width().min(rect.height()) * 0.5,
        _ => 4.0,
    };
    let mark_at = |gap: f32, colour: Color32, width: f32| {
        painter.rect_stroke(
            rect.expand(gap),
            CornerRadius::same(round.min(255.0) as u8),
            Stroke::new(width, colour),
            StrokeKind::Outside,
        );
    };
    let mark = |colour: Color32, width: f32| mark_at(2.0, colour, width);
    if marks.hint.contains(&site.id) {
        // Filled as well as ringed, outside the other marks: a hinted site is usually
        // a target too, and must not look like one.
        painter.rect_filled(
            rect,
            CornerRadius::same(round.min(255.0) as u8),
            Color32::from_rgba_unmultiplied(80, 220, 120, 70),
        );
        mark_at(6.0, Color32::from_rgb(80, 220, 120), 3.0);
    }
    if marks.targets.contains(&site.id) && crowded {
        painter.circle_filled(
            rect.center(),
            rect.width().min(rect.height()) * 0.09,
            Color32::from_rgba_unmultiplied(255, 214, 64, 200),
        );
    } else if marks.targets.contains(&site.id) {
        if !matches!(
            site.shape,
            game_api::Shape::Square | game_api::Shape::TrackCell
        ) {
            mark(Color32::from_rgb(255, 214, 64), 3.0);
        } else {
            // Squares touch their neighbours: a ring outside would merge with the
            // next one's, and a grid where every square can be played would turn
            // into one yellow block. Inside, each square keeps its own edge.
            mark_at(-4.0, Color32::from_rgb(255, 214, 64), 2.5);
        }
    }
    if marks.selected.contains(&site.id) {
        mark(Color32::from_rgb(90, 170, 255), 3.5);
    }
    if marks.active == Some(site.id) {
        mark(Color32::from_rgb(255, 120, 60), 3.5);
    }
    if marks.focus == Some(site.id) {
        paint_focus(painter, rect);
    }
}

/// The keyboard's focus: a thick dashed white-and-black frame around the site, apart
/// from the rings (a target's, the selection's), seen on light and dark sites alike.
fn paint_focus(painter: &egui::Painter, rect: Rect) {
    let frame = rect.expand(5.0);
    let corners = [
        frame.left_top(),
        frame.right_top(),
        frame.right_bottom(),
        frame.left_bottom(),
        frame.left_top(),
    ];
    painter.add(Shape::line(
        corners.to_vec(),
        Stroke::new(5.0, Color32::BLACK),
    ));
    painter.extend(Shape::dashed_line(
        &corners,
        Stroke::new(3.0, Color32::WHITE),
        8.0,
        5.0,
    ));
}

/// A move's key, in a small box at the site's lower left.
fn paint_key(painter: &egui::Painter, rect: Rect, key: &str, scale: f32) {
    let size = (scale * 0.16).clamp(9.0, 14.0);
    let at = rect.left_bottom() + Vec2::new(size * 0.2, -size * 0.2);
    let galley = painter.layout_no_wrap(
        key.to_owned(),
        egui::FontId::monospace(size),
        Color32::from_rgb(30, 30, 30),
    );
    let boxed = egui::Rect::from_min_size(
        at - Vec2::new(0.0, galley.size().y + 2.0),
        galley.size() + Vec2::splat(4.0),
    );
    painter.rect_filled(boxed, 3, Color32::from_rgb(255, 214, 64));
    painter.galley(boxed.min + Vec2::splat(2.0), galley, Color32::BLACK);
}

/// The last move's badge: a badge, not a ring (the rings say what can be played now),
/// in the top right corner (a square's label is in its top left, a pit's key and count
/// along its foot).
fn paint_last_move(painter: &egui::Painter, rect: Rect, scale: f32) {
    let r = (scale * 0.09).clamp(4.0, 9.0);
    let at = rect.right_top() + Vec2::new(-r * 0.9, r * 0.9);
    painter.circle(
        at,
        r,
        Color32::from_rgb(250, 250, 250),
        Stroke::new(1.5, Color32::from_rgb(40, 40, 40)),
    );
}

/// A site's label. Squares (a grid) carry it inside, in a corner; other sites outside
/// the board's middle: above the upper half's, below the lower's.
fn paint_label(
    painter: &egui::Painter,
    site: &game_api::Site,
    rect: Rect,
    board: Rect,
    fill: Color32,
    scale: f32,
) {
    let (pos, anchor) = if matches!(site.shape, game_api::Shape::Square) {
        (rect.left_top() + Vec2::splat(2.0), Align2::LEFT_TOP)
    } else if matches!(site.shape, game_api::Shape::Stick { .. }) {
        // Beside a stick's foot: arrows come in at its top and leave at its foot.
        (
            Pos2::new(rect.min.x - 2.0, rect.max.y),
            Align2::RIGHT_BOTTOM,
        )
    } else if rect.center().y < board.center().y {
        (
            Pos2::new(rect.center().x, rect.min.y - 1.0),
            Align2::CENTER_BOTTOM,
        )
    } else {
        (
            Pos2::new(rect.center().x, rect.max.y + 1.0),
            Align2::CENTER_TOP,
        )
    };
    // Inside a dark square, a light label; elsewhere it is on the board's wood.
    let [r, g, b, _] = fill.to_array();
    let dark = u32::from(r) * 299 + u32::from(g) * 587 + u32::from(b) * 114 < 140_000;
    let ink = if dark && matches!(site.shape, game_api::Shape::Square) {
        Color32::from_rgb(245, 232, 208)
    } else {
        Color32::from_rgb(60, 40, 20)
    };
    painter.text(
        pos,
        anchor,
        &site.label,
        FontId::proportional((scale * 0.18).clamp(9.0, 16.0)),
        ink,
    );
}

fn paint_shape(
    painter: &egui::Painter,
    site: &game_api::Site,
    rect: Rect,
    fill: Color32,
    edge: Stroke,
    scale: f32,
) {
    use game_api::Shape as S;
    match site.shape {
        S::Square => {
            painter.rect_filled(rect, CornerRadius::same(2), fill);
            painter.rect_stroke(rect, CornerRadius::same(2), edge, StrokeKind::Inside);
        }
        S::TrackCell => {
            let r = CornerRadius::same((rect.width().min(rect.height()) * 0.2) as u8);
            painter.rect_filled(rect.shrink(1.0), r, fill);
            painter.rect_stroke(rect.shrink(1.0), r, edge, StrokeKind::Inside);
        }
        S::Pit => {
            let radius = rect.width().min(rect.height()) * 0.5;
            painter.circle_filled(rect.center(), radius, fill.gamma_multiply(0.85));
            painter.circle_stroke(rect.center(), radius, edge);
        }
        S::Store => {
            let r = CornerRadius::same((rect.width().min(rect.height()) * 0.5).min(120.0) as u8);
            painter.rect_filled(rect, r, fill.gamma_multiply(0.85));
            painter.rect_stroke(rect, r, edge, StrokeKind::Inside);
        }
        S::Semicircle { facing } => {
            // The flat side faces the board, the round side faces `facing`.
            let (centre, start) = match facing {
                Facing::Right => (rect.left_center(), -std::f32::consts::FRAC_PI_2),
                Facing::Left => (rect.right_center(), std::f32::consts::FRAC_PI_2),
                Facing::Up => (rect.center_bottom(), std::f32::consts::PI),
                Facing::Down => (rect.center_top(), 0.0),
            };
            let radius = match facing {
                Facing::Left | Facing::Right => rect.width().min(rect.height() * 0.5),
                Facing::Up | Facing::Down => rect.height().min(rect.width() * 0.5),
            };
            let points: Vec<Pos2> = (0..=32)
                .map(|i| {
                    let a = start + std::f32::consts::PI * i as f32 / 32.0;
                    centre + Vec2::new(a.cos(), a.sin()) * radius
                })
                .collect();
            painter.add(Shape::convex_polygon(
                points,
                fill.gamma_multiply(0.9),
                edge,
            ));
        }
        S::Stick { capacity } => {
            let width = (scale * 0.08).max(3.0);
            let height = rect.height();
            let stick = Rect::from_center_size(rect.center(), Vec2::new(width, height));
            painter.rect_filled(stick, CornerRadius::same(2), Color32::from_rgb(96, 64, 36));
            painter.rect_filled(
                Rect::from_center_size(rect.center_bottom(), Vec2::new(rect.width(), width)),
                CornerRadius::same(2),
                Color32::from_rgb(96, 64, 36),
            );
            let _ = capacity;
        }
    }
}
