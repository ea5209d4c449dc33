//! The checks on the piece styles of a layout ([`Layout::pieces`]): each kind described
//! once, sizes and offsets finite and within [`MAX_PIECE_SCALE`], bounded part, point and
//! text counts, SVG images at most [`MAX_PIECE_SVG_BYTES`] long and readable. A style that breaks one is refused with a message naming the piece, the
//! part and the field.

use game_api::{Layout, Part, PartShape, PieceStyle};

use super::{
    error::{CallError, Rule},
    limits::{
        MAX_PIECE_PARTS, MAX_PIECE_SCALE, MAX_PIECE_STYLES, MAX_PIECE_SVG_BYTES,
        MAX_PIECE_TEXT_BYTES, MAX_POLYGON_POINTS, MAX_TEXT_BYTES,
    },
};

/// Checks every piece style of `layout`.
pub(super) fn check(plugin: &str, layout: &Layout) -> Result<(), CallError> {
    if layout.pieces.len() > MAX_PIECE_STYLES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "the layout describes {} kinds of piece; the host allows {MAX_PIECE_STYLES}",
                layout.pieces.len()
            ),
        ));
    }
    let svg_bytes: usize = layout.pieces.iter().map(|s| s.svg.len()).sum();
    if svg_bytes > 16 * MAX_PIECE_SVG_BYTES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "the layout's SVG images take {svg_bytes} bytes; the host allows {} in all",
                16 * MAX_PIECE_SVG_BYTES
            ),
        ));
    }
    for (i, style) in layout.pieces.iter().enumerate() {
        if layout.pieces[..i].iter().any(|s| s.kind == style.kind) {
            return Err(CallError::contract(
                plugin,
                Rule::Readable,
                format!("piece `{}` is described twice", style.kind),
            ));
        }
        style_ok(style).map_err(|(rule, e)| {
            CallError::contract(plugin, rule, format!("piece `{}`: {e}", short(&style.kind)))
        })?;
    }
    Ok(())
}

type Refusal = (Rule, String);

fn short(kind: &str) -> &str {
    match kind.char_indices().nth(40) {
        Some((i, _)) => &kind[..i],
        None => kind,
    }
}

fn style_ok(style: &PieceStyle) -> Result<(), Refusal> {
    if style.kind.is_empty() || style.kind.len() > MAX_TEXT_BYTES {
        return Err((
            Rule::WithinLimits,
            format!("`kind` is {} bytes long", style.kind.len()),
        ));
    }
    scale("`size`", style.size, true)?;
    if style.names.len() > 2 || style.names.iter().any(|n| n.len() > MAX_TEXT_BYTES) {
        return Err((
            Rule::WithinLimits,
            format!(
                "`names` holds {} names (at most 2: one piece, several) or one longer than \
                 {MAX_TEXT_BYTES} bytes",
                style.names.len()
            ),
        ));
    }
    let parts = style.parts.len() + style.states.iter().map(|s| s.parts.len()).sum::<usize>();
    if parts > MAX_PIECE_PARTS {
        return Err((
            Rule::WithinLimits,
            format!("{parts} parts; the host allows {MAX_PIECE_PARTS}"),
        ));
    }
    svg_ok(&style.svg)?;
    for (i, part) in style.parts.iter().enumerate() {
        part_ok(part).map_err(|(r, e)| (r, format!("part {}: {e}", i + 1)))?;
    }
    for state in &style.states {
        if state.state.len() > MAX_TEXT_BYTES {
            return Err((Rule::WithinLimits, "a state's name is too long".into()));
        }
        for (i, part) in state.parts.iter().enumerate() {
            part_ok(part)
                .map_err(|(r, e)| (r, format!("state `{}`, part {}: {e}", state.state, i + 1)))?;
        }
    }
    Ok(())
}

/// An SVG image: none, or a readable document of at most [`MAX_PIECE_SVG_BYTES`] with
/// a size.
fn svg_ok(svg: &str) -> Result<(), Refusal> {
    if svg.is_empty() {
        return Ok(());
    }
    if svg.len() > MAX_PIECE_SVG_BYTES {
        return Err((
            Rule::WithinLimits,
            format!(
                "`svg` is {} bytes long; the host allows {MAX_PIECE_SVG_BYTES}",
                svg.len()
            ),
        ));
    }
    match resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()) {
        Ok(_) => Ok(()),
        Err(e) => Err((
            Rule::Readable,
            format!("`svg` is not a readable SVG image: {e}"),
        )),
    }
}

/// A length or an offset: finite and within [`MAX_PIECE_SCALE`] (a size also above 0).
fn scale(field: &str, v: f32, positive: bool) -> Result<(), Refusal> {
    if !v.is_finite() {
        return Err((
            Rule::FiniteValues,
            format!("{field} is not a finite number"),
        ));
    }
    if v.abs() > MAX_PIECE_SCALE || (positive && v <= 0.0) {
        return Err((
            Rule::WithinLimits,
            format!(
                "{field} is {v}; it must be {} {MAX_PIECE_SCALE} radii",
                if positive {
                    "above 0 and at most"
                } else {
                    "within"
                }
            ),
        ));
    }
    Ok(())
}

fn point(field: &str, p: [f32; 2]) -> Result<(), Refusal> {
    scale(field, p[0], false)?;
    scale(field, p[1], false)
}

fn part_ok(part: &Part) -> Result<(), Refusal> {
    point("`at`", part.at)?;
    if let Some(line) = part.stroke {
        scale("the stroke's `width`", line.width, true)?;
    }
    match &part.shape {
        PartShape::Circle { radius } => scale("`radius`", *radius, true),
        PartShape::Ellipse { radii } => {
            scale("`radii`", radii[0], true)?;
            scale("`radii`", radii[1], true)
        }
        PartShape::RoundedSquare { half, corner } => {
            scale("`half`", *half, true)?;
            scale("`corner`", *corner, false)
        }
        PartShape::Cross { half } => scale("`half`", *half, true),
        PartShape::Line { from, to } => {
            point("`from`", *from)?;
            point("`to`", *to)
        }
        PartShape::Polygon { points } => {
            if points.len() < 3 || points.len() > MAX_POLYGON_POINTS {
                return Err((
                    Rule::WithinLimits,
                    format!(
                        "a polygon of {} points; it needs 3 to {MAX_POLYGON_POINTS}",
                        points.len()
                    ),
                ));
            }
            points.iter().try_for_each(|&p| point("`points`", p))
        }
        PartShape::Text { text, height } => {
            if text.len() > MAX_PIECE_TEXT_BYTES {
                return Err((
                    Rule::WithinLimits,
                    format!(
                        "`text` is {} bytes long; the host allows {MAX_PIECE_TEXT_BYTES}",
                        text.len()
                    ),
                ));
            }
            scale("`height`", *height, true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Colour;

    fn layout(pieces: Vec<PieceStyle>) -> Layout {
        Layout {
            size: [1.0, 1.0],
            pieces,
            ..Layout::default()
        }
    }

    fn refusal(pieces: Vec<PieceStyle>) -> (Option<Rule>, String) {
        let e = check("p", &layout(pieces)).unwrap_err();
        (e.rule(), e.to_string())
    }

    fn disc() -> Part {
        Part::circle(1.0).fill(Colour::rgb(1, 2, 3))
    }

    #[test]
    fn good_styles_and_none_at_all_pass() {
        assert_eq!(check("p", &layout(Vec::new())), Ok(()));
        let good = PieceStyle::new("bead", vec![disc(), Part::text("B", 1.0)])
            .with_state("lying", vec![Part::ellipse(1.2, 0.6)])
            .with_svg(r#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#);
        assert_eq!(check("p", &layout(vec![good])), Ok(()));
    }

    #[test]
    fn bad_styles_are_refused_naming_the_piece_and_field() {
        let (rule, msg) = refusal(vec![PieceStyle::new("bead", vec![disc()]).with_size(0.0)]);
        assert_eq!(rule, Some(Rule::WithinLimits));
        assert!(
            msg.contains("piece `bead`") && msg.contains("`size`"),
            "{msg}"
        );

        let (rule, msg) = refusal(vec![PieceStyle::new(
            "bead",
            vec![disc(), Part::circle(f32::NAN)],
        )]);
        assert_eq!(rule, Some(Rule::FiniteValues));
        assert!(msg.contains("piece `bead`: part 2: `radius`"), "{msg}");

        let (_, msg) = refusal(vec![PieceStyle::new("bead", vec![disc().at(50.0, 0.0)])]);
        let mut named = PieceStyle::new("bead", vec![disc()]).with_names("bead", "beads");
        named.names.push("a third".into());
        let (rule, names) = refusal(vec![named]);
        assert_eq!(rule, Some(Rule::WithinLimits));
        assert!(names.contains("`names` holds 3 names"), "{names}");
        assert!(msg.contains("`at` is 50"), "{msg}");

        let (_, msg) = refusal(vec![
            PieceStyle::new("bead", vec![disc()])
                .with_state("lying", vec![Part::polygon(vec![[0.0, 0.0]; 2])]),
        ]);
        assert!(
            msg.contains("state `lying`, part 1: a polygon of 2 points"),
            "{msg}"
        );

        let (_, msg) = refusal(vec![PieceStyle::new(
            "bead",
            vec![disc(); MAX_PIECE_PARTS + 1],
        )]);
        assert!(msg.contains("65 parts"), "{msg}");

        let (_, msg) = refusal(vec![PieceStyle::new(
            "bead",
            vec![Part::text(&"x".repeat(MAX_PIECE_TEXT_BYTES + 1), 1.0)],
        )]);
        assert!(msg.contains("`text` is 33 bytes"), "{msg}");

        let (rule, msg) = refusal(vec![
            PieceStyle::new("bead", vec![disc()]),
            PieceStyle::new("bead", vec![disc()]),
        ]);
        assert_eq!(rule, Some(Rule::Readable));
        assert!(msg.contains("piece `bead` is described twice"), "{msg}");

        let (_, msg) = refusal(vec![PieceStyle::new(
            "bead",
            vec![Part::ring(1.0).stroke(Colour::Owner, -1.0)],
        )]);
        assert!(msg.contains("the stroke's `width`"), "{msg}");

        let (rule, msg) = refusal(vec![PieceStyle::new("bead", vec![]).with_svg("<svg")]);
        assert_eq!(rule, Some(Rule::Readable));
        assert!(
            msg.contains("piece `bead`: `svg` is not a readable SVG image"),
            "{msg}"
        );

        let long = format!("<svg>{}</svg>", " ".repeat(MAX_PIECE_SVG_BYTES));
        let (_, msg) = refusal(vec![PieceStyle::new("bead", vec![]).with_svg(&long)]);
        assert!(msg.contains("`svg` is 65547 bytes long"), "{msg}");
    }
}
