//! How each kind of piece looks: a small drawing vocabulary that travels in the
//! [`Layout`](crate::Layout), so that the host draws any game's pieces without knowing
//! their names.

use serde::{Deserialize, Serialize};

/// How one kind of piece looks, as listed in [`Layout::pieces`](crate::Layout::pieces).
///
/// A piece is drawn around its centre with a *radius* `r` that the host chooses from the
/// room on the site (smaller when many pieces share a site), times [`size`](Self::size).
/// Every length and offset of a [`Part`] is in units of that radius, `y` downwards. The
/// parts are drawn in order, the first at the bottom; [`states`](Self::states) replace
/// them for a piece in that state ([`Piece::state`](crate::Piece::state)).
///
/// A kind that no style describes is drawn with [`PieceStyle::fallback`]: a disc in its
/// owner's colour (light grey without an owner) with the kind's first letter, crossed by
/// a line in any state other than the normal one.
///
/// ```
/// use game_api::{Colour, Part, PartShape, PieceStyle};
///
/// // A pink pig with two ears and a snout, and a flat pink ellipse when it lies down.
/// let pink = Colour::rgb(240, 160, 170);
/// let pig = PieceStyle::new(
///     "pig",
///     vec![
///         Part::circle(1.0).fill(pink),
///         Part::circle(0.3).at(-0.6, -0.8).fill(pink),
///         Part::circle(0.3).at(0.6, -0.8).fill(pink),
///         Part::circle(0.25).at(0.0, 0.2).fill(Colour::rgb(200, 110, 120)),
///     ],
/// )
/// .with_state("lying", vec![Part::ellipse(1.2, 0.6).fill(pink)]);
/// assert_eq!(pig.parts_for("lying").len(), 1);
/// assert_eq!(pig.parts_for("").len(), 4);
/// // It travels as JSON in the layout; fields left out take their defaults.
/// let json = serde_json::to_string(&pig).unwrap();
/// let back: PieceStyle = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, pig);
/// let bare: PieceStyle = serde_json::from_str(r#"{"kind":"seed"}"#).unwrap();
/// assert_eq!(bare.size, 1.0);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PieceStyle {
    /// The kind of piece described ([`Piece::kind`](crate::Piece::kind)).
    pub kind: String,
    /// The piece's radius relative to the host's usual radius for the site (1 = usual;
    /// a big stone 1.6, a small seed 0.8).
    #[serde(default = "one")]
    pub size: f32,
    /// Where it is drawn among other kinds on the same site: lower layers first (under),
    /// and, when a site holds several kinds, nearer its middle.
    #[serde(default)]
    pub layer: i8,
    /// The parts drawn for the normal state, first at the bottom.
    #[serde(default)]
    pub parts: Vec<Part>,
    /// The parts drawn instead for a piece in a named state (`lying`, `heads`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<StateStyle>,
    /// An optional SVG image (the document's text, shipped inside the plugin), drawn
    /// under the parts, fitted into the piece's square (2 radii a side, keeping its
    /// aspect ratio), in every state. Text elements are not rendered: use a
    /// [`Part::text`] for letters. Empty for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub svg: String,
    /// What people call one piece of this kind and several, in the game's language
    /// (`["seed", "seeds"]`), for the board's labels read aloud by screen readers
    /// ("c: 4 seeds"); a [`Phrasebook`](crate::i18n::Phrasebook) translates them with
    /// the layout. Empty: the kind's id stands for both.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
}

fn one() -> f32 {
    1.0
}

impl PieceStyle {
    /// A style for `kind` drawn with `parts`, usual size, layer 0.
    pub fn new(kind: &str, parts: Vec<Part>) -> Self {
        PieceStyle {
            kind: kind.into(),
            size: 1.0,
            layer: 0,
            parts,
            states: Vec::new(),
            svg: String::new(),
            names: Vec::new(),
        }
    }

    /// The same style with the names of one piece and of several (see
    /// [`names`](Self::names)).
    ///
    /// ```
    /// use game_api::{Part, PieceStyle};
    /// let seed = PieceStyle::new("seed", vec![Part::circle(1.0)]).with_names("seed", "seeds");
    /// assert_eq!(seed.name(1), "seed");
    /// assert_eq!(seed.name(4), "seeds");
    /// assert_eq!(PieceStyle::new("bead", vec![]).name(2), "bead");
    /// ```
    pub fn with_names(mut self, one: &str, several: &str) -> Self {
        self.names = vec![one.into(), several.into()];
        self
    }

    /// The name of `count` pieces of this kind in English's way of counting (one, or
    /// several); the kind's id without [`names`](Self::names). A host that speaks
    /// another language picks among `names` by that language's plural rules.
    pub fn name(&self, count: u64) -> &str {
        let i = usize::from(count != 1);
        self.names
            .get(i)
            .or(self.names.first())
            .map_or(self.kind.as_str(), String::as_str)
    }

    /// The same style with an SVG image under its parts (see [`svg`](Self::svg)).
    pub fn with_svg(mut self, svg: &str) -> Self {
        self.svg = svg.into();
        self
    }

    /// The same style with a size relative to the usual radius.
    pub fn with_size(mut self, size: f32) -> Self {
        self.size = size;
        self
    }

    /// The same style on another layer.
    pub fn with_layer(mut self, layer: i8) -> Self {
        self.layer = layer;
        self
    }

    /// The same style with other parts for a piece in `state`.
    pub fn with_state(mut self, state: &str, parts: Vec<Part>) -> Self {
        self.states.push(StateStyle {
            state: state.into(),
            parts,
        });
        self
    }

    /// The parts to draw for a piece in `state`: those of that state if the style has
    /// them, else the normal ones.
    pub fn parts_for(&self, state: &str) -> &[Part] {
        self.states
            .iter()
            .find(|s| !state.is_empty() && s.state == state)
            .map_or(&self.parts, |s| &s.parts)
    }

    /// How the host draws a kind no style describes: a disc in its owner's colour (light
    /// grey without one) with a dark outline and the kind's first letter, upper case; in
    /// any state but the normal one, a line across it as well.
    pub fn fallback(kind: &str, state: &str) -> Self {
        let outline = Colour::rgba(0, 0, 0, 140);
        let mut parts = vec![
            // The light disc shows only for a piece without an owner: the owner's disc
            // covers it otherwise.
            Part::circle(1.0).fill(Colour::rgb(230, 230, 230)),
            Part::circle(1.0).fill(Colour::Owner),
            Part::ring(1.0).stroke(outline, 0.08),
        ];
        if !state.is_empty() {
            parts.push(Part::line([-1.0, 0.0], [1.0, 0.0]).stroke(outline, 0.08));
        }
        if let Some(c) = kind.chars().next() {
            parts.push(Part::text(&c.to_uppercase().to_string(), 1.1).fill(Colour::rgb(0, 0, 0)));
        }
        PieceStyle::new(kind, parts)
    }
}

/// The parts of a [`PieceStyle`] for one named state of its pieces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateStyle {
    /// The state ([`Piece::state`](crate::Piece::state)).
    pub state: String,
    /// The parts drawn in that state, first at the bottom.
    #[serde(default)]
    pub parts: Vec<Part>,
}

/// One shape of a piece's drawing, placed relative to the piece's centre in units of its
/// radius.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// What is drawn.
    #[serde(flatten)]
    pub shape: PartShape,
    /// Its centre's offset from the piece's centre, in radii (`[0.6, -0.8]`: right and up).
    #[serde(default, skip_serializing_if = "is_origin")]
    pub at: [f32; 2],
    /// Its inside, if filled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<Colour>,
    /// Its outline (or, for a line, the line itself), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stroke: Option<Line>,
}

fn is_origin(at: &[f32; 2]) -> bool {
    *at == [0.0, 0.0]
}

impl Part {
    fn of(shape: PartShape) -> Self {
        Part {
            shape,
            at: [0.0, 0.0],
            fill: None,
            stroke: None,
        }
    }

    /// A disc of `radius` radii.
    pub fn circle(radius: f32) -> Self {
        Part::of(PartShape::Circle { radius })
    }

    /// An ellipse with half-axes `rx` and `ry`, in radii.
    pub fn ellipse(rx: f32, ry: f32) -> Self {
        Part::of(PartShape::Ellipse { radii: [rx, ry] })
    }

    /// A square of half-side `half`, in radii, with corners rounded by `corner` radii.
    pub fn rounded_square(half: f32, corner: f32) -> Self {
        Part::of(PartShape::RoundedSquare { half, corner })
    }

    /// A polygon through `points` (in radii, from the part's centre).
    pub fn polygon(points: Vec<[f32; 2]>) -> Self {
        Part::of(PartShape::Polygon { points })
    }

    /// A ring of `radius` radii (a circle's outline: give it a stroke).
    pub fn ring(radius: f32) -> Self {
        Part::of(PartShape::Circle { radius })
    }

    /// A cross (×) whose arms reach `half` radii from the centre (give it a stroke).
    pub fn cross(half: f32) -> Self {
        Part::of(PartShape::Cross { half })
    }

    /// A straight line from `from` to `to`, in radii (give it a stroke).
    pub fn line(from: [f32; 2], to: [f32; 2]) -> Self {
        Part::of(PartShape::Line { from, to })
    }

    /// A short text (a glyph: `H`, `♛`) `height` radii high, in the fill colour.
    pub fn text(text: &str, height: f32) -> Self {
        Part::of(PartShape::Text {
            text: text.into(),
            height,
        })
    }

    /// The same part moved to `(x, y)` radii from the piece's centre.
    pub fn at(mut self, x: f32, y: f32) -> Self {
        self.at = [x, y];
        self
    }

    /// The same part filled with `colour`.
    pub fn fill(mut self, colour: Colour) -> Self {
        self.fill = Some(colour);
        self
    }

    /// The same part outlined in `colour`, `width` radii wide.
    pub fn stroke(mut self, colour: Colour, width: f32) -> Self {
        self.stroke = Some(Line::new(colour, width));
        self
    }
}

/// The shape of a [`Part`]; every length in radii of the piece.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum PartShape {
    /// A disc (filled) or a ring (stroked).
    Circle {
        /// Its radius.
        radius: f32,
    },
    /// An ellipse.
    Ellipse {
        /// Its horizontal and vertical half-axes.
        radii: [f32; 2],
    },
    /// A square with rounded corners.
    RoundedSquare {
        /// Half its side.
        half: f32,
        /// The radius of its corners.
        #[serde(default)]
        corner: f32,
    },
    /// A polygon (filled if convex; always outlined by its stroke).
    Polygon {
        /// Its corners, in order.
        points: Vec<[f32; 2]>,
    },
    /// A cross (×) of two strokes.
    Cross {
        /// How far each arm reaches from the centre.
        half: f32,
    },
    /// A straight line, drawn with the stroke.
    Line {
        /// Where it starts.
        from: [f32; 2],
        /// Where it ends.
        to: [f32; 2],
    },
    /// A short text, centred, drawn in the fill colour.
    Text {
        /// The text (a letter, a symbol).
        text: String,
        /// Its height.
        height: f32,
    },
}

/// An outline: a colour and a width in radii of the piece.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// Its colour.
    pub colour: Colour,
    /// Its width, in radii.
    pub width: f32,
}

impl Line {
    /// A line of `colour`, `width` radii wide.
    pub fn new(colour: Colour, width: f32) -> Self {
        Line { colour, width }
    }
}

/// A colour in a [`PieceStyle`]: fixed, or the colour of the piece's owner.
///
/// In JSON: `{"rgba": [240, 140, 30, 255]}` or `"owner"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Red, green, blue and opacity, 0 to 255 (not premultiplied).
    Rgba([u8; 4]),
    /// The colour of the piece owner's seat, as the host shows it; a part in this colour
    /// is not drawn for a piece without an owner.
    Owner,
}

impl Colour {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Colour::Rgba([r, g, b, 255])
    }

    /// A colour with opacity `a` (0 transparent, 255 opaque).
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Self {
        Colour::Rgba([r, g, b, a])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_form_is_short_and_round_trips() {
        let style = PieceStyle::new(
            "coin",
            vec![
                Part::circle(1.0)
                    .fill(Colour::rgb(170, 170, 178))
                    .stroke(Colour::Owner, 0.1),
            ],
        )
        .with_size(0.8)
        .with_layer(2)
        .with_state(
            "heads",
            vec![Part::text("H", 1.0).fill(Colour::rgb(0, 0, 0)).at(0.1, 0.0)],
        );
        let json = serde_json::to_value(&style).unwrap();
        assert_eq!(json["parts"][0]["shape"], "circle");
        assert_eq!(json["parts"][0]["stroke"]["colour"], "owner");
        assert_eq!(
            json["parts"][0]["fill"]["rgba"],
            serde_json::json!([170, 170, 178, 255])
        );
        assert!(json["parts"][0].get("at").is_none());
        let back: PieceStyle = serde_json::from_value(json).unwrap();
        assert_eq!(back, style);
    }

    #[test]
    fn a_state_without_parts_of_its_own_draws_the_normal_parts() {
        let style = PieceStyle::new("pig", vec![Part::circle(1.0)])
            .with_state("lying", vec![Part::ellipse(1.2, 0.6)]);
        assert_eq!(style.parts_for("standing"), style.parts.as_slice());
        assert_eq!(
            style.parts_for("lying")[0].shape,
            PartShape::Ellipse { radii: [1.2, 0.6] }
        );
    }

    #[test]
    fn the_fallback_shows_the_kinds_initial_and_marks_a_state() {
        let plain = PieceStyle::fallback("farmer", "");
        assert!(plain.parts.iter().any(|p| p.shape
            == PartShape::Text {
                text: "F".into(),
                height: 1.1
            }));
        let lying = PieceStyle::fallback("farmer", "lying");
        assert!(
            lying
                .parts
                .iter()
                .any(|p| matches!(p.shape, PartShape::Line { .. }))
        );
        assert!(
            !plain
                .parts
                .iter()
                .any(|p| matches!(p.shape, PartShape::Line { .. }))
        );
    }
}
