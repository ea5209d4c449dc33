//! The kinds of piece the kit shows and how they look. A [`Variant`](crate::Variant)
//! may restyle any of them or describe more with
//! [`Variant::pieces`](crate::Variant::pieces).

use game_api::{Colour, Part, PieceStyle};

/// A seed (a stone, a shell): the pieces that are sown.
pub const SEED: &str = "seed";
/// A big stone (a mandarin's stone, [`Mandarin::big_stone`](crate::Mandarin)), worth
/// several seeds.
pub const BIG_STONE: &str = "big-stone";
/// The mark on a burnt house ([`Special::Burnt`](crate::Special)).
pub const BURNT: &str = "burnt";
/// The mark on a sink house ([`Special::Sink`](crate::Special)), owned by the side that
/// banks what is sown into it.
pub const SINK: &str = "sink";
/// The mark on a house held by the side across the board
/// ([`Board::held`](crate::Board::held)), in its owner's colour, drawn with the seeds
/// the house holds.
pub const HELD: &str = "held";

/// How the kit draws its pieces: cream seeds, a grey big stone about three seeds wide
/// drawn over the seeds around it, a dark cross on a burnt house, a ring in its
/// owner's colour on a sink, and a small disc in its owner's colour on a held house.
///
/// ```
/// let styles = mancala_kit::piece_styles();
/// assert!(styles.iter().any(|s| s.kind == mancala_kit::pieces::SEED));
/// ```
pub fn piece_styles() -> Vec<PieceStyle> {
    vec![
        PieceStyle::new(
            SEED,
            vec![
                Part::circle(1.0)
                    .fill(Colour::rgb(238, 226, 200))
                    .stroke(Colour::rgb(120, 100, 70), 0.12),
                // A glint, so that seeds read as round stones.
                Part::circle(0.3)
                    .at(-0.3, -0.3)
                    .fill(Colour::rgba(255, 255, 255, 150)),
            ],
        )
        .with_names("seed", "seeds"),
        PieceStyle::new(
            BIG_STONE,
            vec![
                Part::circle(1.0)
                    .fill(Colour::rgb(110, 110, 118))
                    .stroke(Colour::rgba(0, 0, 0, 140), 0.06),
                Part::circle(0.3)
                    .at(-0.35, -0.35)
                    .fill(Colour::rgba(255, 255, 255, 70)),
            ],
        )
        .with_size(2.6)
        .with_layer(1)
        .with_names("big stone", "big stones"),
        PieceStyle::new(
            BURNT,
            vec![Part::cross(1.0).stroke(Colour::rgb(40, 20, 10), 0.25)],
        )
        .with_names("burnt mark", "burnt marks"),
        PieceStyle::new(SINK, vec![Part::ring(1.0).stroke(Colour::Owner, 0.3)]),
        PieceStyle::new(
            HELD,
            vec![
                Part::circle(1.0)
                    .fill(Colour::Owner)
                    .stroke(Colour::rgb(40, 20, 10), 0.15),
            ],
        )
        .with_layer(1)
        .with_names("held house", "held houses"),
    ]
}

/// The kit's styles with a variant's `own` merged in: a style of `own` for a kind the
/// kit describes replaces the kit's, any other is added.
pub(crate) fn merged(own: Vec<PieceStyle>) -> Vec<PieceStyle> {
    let mut styles = piece_styles();
    for style in own {
        match styles.iter_mut().find(|s| s.kind == style.kind) {
            Some(s) => *s = style,
            None => styles.push(style),
        }
    }
    styles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variants_style_replaces_the_kits_for_its_kind_and_adds_new_kinds() {
        let own = vec![
            PieceStyle::new(SINK, vec![Part::circle(0.5).fill(Colour::Owner)]),
            PieceStyle::new("shell", vec![Part::ellipse(1.0, 0.6)]),
        ];
        let styles = merged(own.clone());
        let kinds: Vec<&str> = styles.iter().map(|s| s.kind.as_str()).collect();
        assert_eq!(kinds, [SEED, BIG_STONE, BURNT, SINK, HELD, "shell"]);
        assert_eq!(styles[3], own[0]);
        assert_eq!(styles[0], piece_styles()[0], "the kit's seed stays");
        assert_eq!(merged(Vec::new()), piece_styles());
    }
}
