//! Drawing one piece from the [`PieceStyle`] its plugin gave in the layout. Nothing here
//! knows a piece: a kind no style describes is drawn with [`PieceStyle::fallback`].

use egui::{Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2};
use game_api::{Colour, Layout, Part, PartShape, Piece, PieceStyle};

use super::board::seat_colour;

/// The style of `piece` in `layout`: the plugin's, or the documented fallback.
pub fn style_of<'a>(layout: &'a Layout, piece: &Piece) -> std::borrow::Cow<'a, PieceStyle> {
    match layout.piece_style(&piece.kind) {
        Some(style) => std::borrow::Cow::Borrowed(style),
        None => std::borrow::Cow::Owned(PieceStyle::fallback(&piece.kind, &piece.state)),
    }
}

/// Draws `piece` centred on `p` with the host's radius `r` for its site, from `style`.
pub fn paint_piece(painter: &egui::Painter, p: Pos2, r: f32, piece: &Piece, style: &PieceStyle) {
    for shape in piece_shapes(painter, p, r, piece, style) {
        painter.add(shape);
    }
}

/// The shapes that draw `piece` centred on `p` with radius `r` (before the style's own
/// size): its style's parts for its state, in order, the first at the bottom.
pub fn piece_shapes(
    painter: &egui::Painter,
    p: Pos2,
    r: f32,
    piece: &Piece,
    style: &PieceStyle,
) -> Vec<Shape> {
    let r = r * style.size;
    let owner = piece.owner.map(seat_colour);
    let colour = |c: Option<Colour>| match c? {
        Colour::Rgba([red, g, b, a]) => Some(Color32::from_rgba_unmultiplied(red, g, b, a)),
        Colour::Owner => owner,
    };
    let mut shapes = Vec::new();
    if !style.svg.is_empty()
        && let Some(image) = svg_image(painter, p, r, &style.svg)
    {
        shapes.push(image);
    }
    for part in style.parts_for(&piece.state) {
        let fill = colour(part.fill);
        let stroke = part
            .stroke
            .and_then(|l| Some(Stroke::new((l.width * r).max(0.5), colour(Some(l.colour))?)));
        if fill.is_none() && stroke.is_none() {
            continue;
        }
        part_shapes(painter, &mut shapes, p, r, part, fill, stroke);
    }
    shapes
}

/// The SVG image `svg` fitted into the square of side `2 r` around `p`, rasterised by
/// egui's SVG loader once per document and size bucket (a power of two of pixels) and
/// cached there; `None` while it cannot be drawn (an unreadable document: the checks at
/// the boundary refuse those, so only the parts show).
fn svg_image(painter: &egui::Painter, p: Pos2, r: f32, svg: &str) -> Option<Shape> {
    use std::hash::{Hash, Hasher};
    let ctx = painter.ctx();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    svg.hash(&mut hasher);
    let key = hasher.finish();
    let uri = format!("bytes://tavola-piece-{key:016x}.svg");
    let new = ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<std::collections::HashSet<u64>>(egui::Id::unique(
            "tavola-piece-svgs",
        ))
        .insert(key)
    });
    if new {
        egui_extras::install_image_loaders(ctx);
        ctx.include_bytes(uri.clone(), svg.as_bytes().to_vec());
    }
    let pixels = (2.0 * r * ctx.pixels_per_point()).ceil().clamp(8.0, 512.0) as u32;
    let bucket = pixels.next_power_of_two();
    let hint = egui::SizeHint::Size {
        width: bucket,
        height: bucket,
        maintain_aspect_ratio: true,
    };
    let Ok(egui::load::TexturePoll::Ready { texture }) =
        ctx.try_load_texture(&uri, egui::TextureOptions::LINEAR, hint)
    else {
        return None;
    };
    let [w, h] = [texture.size.x.max(1.0), texture.size.y.max(1.0)];
    let fit = 2.0 * r / w.max(h);
    let rect = Rect::from_center_size(p, Vec2::new(w, h) * fit);
    Some(Shape::image(
        texture.id,
        rect,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::WHITE,
    ))
}

fn part_shapes(
    painter: &egui::Painter,
    shapes: &mut Vec<Shape>,
    p: Pos2,
    r: f32,
    part: &Part,
    fill: Option<Color32>,
    stroke: Option<Stroke>,
) {
    let c = p + Vec2::new(part.at[0], part.at[1]) * r;
    let at = |q: [f32; 2]| c + Vec2::new(q[0], q[1]) * r;
    let fill_or_none = fill.unwrap_or(Color32::TRANSPARENT);
    let stroke_or_none = stroke.unwrap_or(Stroke::NONE);
    match &part.shape {
        PartShape::Circle { radius } => {
            shapes.push(Shape::Circle(egui::epaint::CircleShape {
                center: c,
                radius: radius * r,
                fill: fill_or_none,
                stroke: stroke_or_none,
            }));
        }
        PartShape::Ellipse { radii } => {
            shapes.push(Shape::Ellipse(egui::epaint::EllipseShape {
                center: c,
                radius: Vec2::new(radii[0], radii[1]) * r,
                angle: 0.0,
                fill: fill_or_none,
                stroke: stroke_or_none,
            }));
        }
        PartShape::RoundedSquare { half, corner } => {
            let rect = Rect::from_center_size(c, Vec2::splat(2.0 * half * r));
            let round = CornerRadius::same((corner * r).clamp(0.0, 255.0) as u8);
            shapes.push(Shape::rect_filled(rect, round, fill_or_none));
            if let Some(s) = stroke {
                shapes.push(Shape::rect_stroke(rect, round, s, StrokeKind::Inside));
            }
        }
        PartShape::Polygon { points } => {
            let points: Vec<Pos2> = points.iter().map(|&q| at(q)).collect();
            match fill {
                Some(f) => shapes.push(Shape::convex_polygon(points, f, stroke_or_none)),
                None => shapes.push(Shape::closed_line(points, stroke_or_none)),
            }
        }
        PartShape::Cross { half } => {
            let s = stroke.unwrap_or_else(|| Stroke::new(r * 0.25, fill_or_none));
            let h = half * r;
            shapes.push(Shape::line_segment(
                [c - Vec2::splat(h), c + Vec2::splat(h)],
                s,
            ));
            shapes.push(Shape::line_segment(
                [c + Vec2::new(-h, h), c + Vec2::new(h, -h)],
                s,
            ));
        }
        PartShape::Line { from, to } => {
            let s = stroke.unwrap_or_else(|| Stroke::new(r * 0.1, fill_or_none));
            shapes.push(Shape::line_segment([at(*from), at(*to)], s));
        }
        PartShape::Text { text, height } => {
            let colour = fill.or(stroke.map(|s| s.color)).unwrap_or(Color32::BLACK);
            let galley = painter.layout_no_wrap(
                text.clone(),
                FontId::proportional((height * r).max(1.0)),
                colour,
            );
            let pos = c - galley.size() * 0.5;
            shapes.push(Shape::galley(pos, galley, colour));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Part;

    fn with_painter(f: impl FnOnce(&egui::Painter)) {
        let ctx = egui::Context::default();
        let mut f = Some(f);
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter().clone();
            if let Some(f) = f.take() {
                f(&painter);
            }
        });
        output.textures_delta.clear();
    }

    #[test]
    fn a_described_piece_is_drawn_from_its_parts() {
        let style = PieceStyle::new(
            "bead",
            vec![
                Part::circle(1.0)
                    .fill(Colour::rgb(10, 20, 30))
                    .stroke(Colour::Owner, 0.2),
                Part::ellipse(0.5, 0.25)
                    .at(0.0, 1.0)
                    .fill(Colour::rgb(1, 2, 3)),
            ],
        )
        .with_size(2.0);
        let mut piece = Piece::new("bead");
        piece.owner = Some(1);
        with_painter(|painter| {
            let shapes = piece_shapes(painter, Pos2::new(100.0, 100.0), 10.0, &piece, &style);
            assert_eq!(shapes.len(), 2);
            let Shape::Circle(disc) = &shapes[0] else {
                panic!("first part: {:?}", shapes[0]);
            };
            assert_eq!(disc.radius, 20.0, "the style's size doubles the radius");
            assert_eq!(disc.fill, Color32::from_rgb(10, 20, 30));
            assert_eq!(disc.stroke.color, seat_colour(1), "the owner's colour");
            assert_eq!(disc.stroke.width, 4.0);
            let Shape::Ellipse(e) = &shapes[1] else {
                panic!("second part: {:?}", shapes[1]);
            };
            assert_eq!(e.center, Pos2::new(100.0, 120.0), "offset in radii");
            assert_eq!(e.radius, Vec2::new(10.0, 5.0));
        });
    }

    #[test]
    fn an_svg_image_is_drawn_under_the_parts() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
            <rect width="20" height="10" fill="red"/></svg>"#;
        let style = PieceStyle::new("flag", vec![Part::circle(0.2).fill(Colour::rgb(0, 0, 0))])
            .with_svg(svg);
        with_painter(|painter| {
            let shapes = piece_shapes(
                painter,
                Pos2::new(50.0, 50.0),
                10.0,
                &Piece::new("flag"),
                &style,
            );
            assert_eq!(shapes.len(), 2, "{shapes:?}");
            let Shape::Mesh(image) = &shapes[0] else {
                panic!("the image first: {:?}", shapes[0]);
            };
            let bounds = image.calc_bounds();
            // 20 by 10 fitted into the piece's 20-point square, centred.
            assert_eq!(
                bounds,
                Rect::from_center_size(Pos2::new(50.0, 50.0), Vec2::new(20.0, 10.0))
            );
            assert!(matches!(shapes[1], Shape::Circle(_)));
        });
    }

    #[test]
    fn owner_coloured_parts_of_an_unowned_piece_are_left_out() {
        let style = PieceStyle::new(
            "ring",
            vec![
                Part::ring(1.0).stroke(Colour::Owner, 0.3),
                Part::cross(0.8).stroke(Colour::rgb(0, 0, 0), 0.2),
            ],
        );
        with_painter(|painter| {
            let shapes = piece_shapes(painter, Pos2::ZERO, 10.0, &Piece::new("ring"), &style);
            assert_eq!(shapes.len(), 2, "only the cross's two strokes: {shapes:?}");
            assert!(
                shapes
                    .iter()
                    .all(|s| matches!(s, Shape::LineSegment { .. }))
            );
        });
    }

    #[test]
    fn a_state_draws_its_own_parts() {
        let style = PieceStyle::new("bead", vec![Part::circle(1.0).fill(Colour::rgb(1, 1, 1))])
            .with_state(
                "lying",
                vec![Part::ellipse(1.2, 0.6).fill(Colour::rgb(1, 1, 1))],
            );
        let mut lying = Piece::new("bead");
        lying.state = "lying".into();
        with_painter(|painter| {
            let shapes = piece_shapes(painter, Pos2::ZERO, 10.0, &lying, &style);
            assert!(matches!(shapes[..], [Shape::Ellipse(_)]), "{shapes:?}");
        });
    }

    #[test]
    fn an_undescribed_kind_draws_the_fallback_with_its_initial() {
        let layout = Layout::default();
        let piece = Piece::new("farmer");
        let style = style_of(&layout, &piece);
        assert_eq!(*style, PieceStyle::fallback("farmer", ""));
        with_painter(|painter| {
            let shapes = piece_shapes(painter, Pos2::ZERO, 10.0, &piece, &style);
            // The light disc, the outline, and the letter (no owner: no owner's disc).
            assert_eq!(shapes.len(), 3, "{shapes:?}");
            let Shape::Text(text) = &shapes[2] else {
                panic!("{:?}", shapes[2]);
            };
            assert_eq!(text.galley.text(), "F");
        });
    }

    #[test]
    fn a_layout_from_before_styles_reads_and_draws_every_piece_with_the_fallback() {
        // What a plugin built before piece styles sends: no `pieces` at all.
        let old = r#"{"size":[2.0,1.0],"sites":[{"id":0,"shape":{"shape":"pit"},
            "center":[0.5,0.5],"size":[1.0,1.0]}]}"#;
        let layout: Layout = serde_json::from_str(old).unwrap();
        assert!(layout.pieces.is_empty());
        let mut seed = Piece::new("seed");
        seed.owner = Some(0);
        let style = style_of(&layout, &seed);
        assert_eq!(*style, PieceStyle::fallback("seed", ""));
        with_painter(|painter| {
            let shapes = piece_shapes(painter, Pos2::ZERO, 10.0, &seed, &style);
            let Shape::Circle(owned) = &shapes[1] else {
                panic!("{:?}", shapes[1]);
            };
            assert_eq!(owned.fill, seat_colour(0), "a disc in its owner's colour");
        });
    }
}
