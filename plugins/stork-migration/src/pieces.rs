//! How the pieces look: storks ringed in their side's colour, the coins of a throw
//! (heads or tails) and the pips of a die.

use game_api::{Colour, Part, PieceStyle};

const OUTLINE: Colour = Colour::rgba(0, 0, 0, 140);

/// The state of a stork on square `sq`: it faces the way it flies along the track —
/// to the right on the first and third rows, to the left on the return row (squares
/// 12 to 22, drawn right to left).
pub(crate) fn facing_on(sq: u8) -> &'static str {
    if (12..=22).contains(&sq) { "left" } else { "" }
}

/// A stork drawn facing right, or mirrored to face left.
fn stork(left: bool) -> Vec<Part> {
    let x = if left { -1.0 } else { 1.0 };
    vec![
        Part::circle(1.0)
            .fill(Colour::rgb(245, 245, 245))
            .stroke(Colour::Owner, 0.3),
        Part::polygon(vec![[0.2 * x, -0.15], [0.95 * x, 0.0], [0.2 * x, 0.15]])
            .fill(Colour::rgb(220, 90, 40)),
        Part::circle(0.12)
            .at(-0.1 * x, -0.25)
            .fill(Colour::rgb(0, 0, 0)),
    ]
}

/// The styles of the game's pieces, for the layout.
pub(crate) fn styles() -> Vec<PieceStyle> {
    let coin = |fill: Colour, letter: &str| {
        vec![
            Part::circle(1.0).fill(fill).stroke(OUTLINE, 0.08),
            Part::circle(0.8).stroke(Colour::rgba(0, 0, 0, 60), 0.05),
            Part::text(letter, 1.0).fill(Colour::rgb(0, 0, 0)),
        ]
    };
    vec![
        PieceStyle::new("stork", stork(false))
            .with_state("left", stork(true))
            .with_names("stork", "storks"),
        PieceStyle::new("coin", coin(Colour::rgb(170, 170, 178), "T"))
            .with_state("tails", coin(Colour::rgb(170, 170, 178), "T"))
            .with_state("heads", coin(Colour::rgb(230, 190, 60), "H"))
            .with_names("coin", "coins"),
        PieceStyle::new(
            "pip",
            vec![
                Part::rounded_square(0.9, 0.25)
                    .fill(Colour::rgb(250, 250, 250))
                    .stroke(OUTLINE, 0.08),
                Part::circle(0.35).fill(Colour::rgb(20, 20, 20)),
            ],
        )
        .with_names("pip", "pips"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storks_face_the_way_their_row_is_drawn() {
        // Row one (1–11) and row three (23–33) are drawn left to right, the return row
        // (12–22) right to left.
        assert_eq!(facing_on(11), "");
        assert_eq!(facing_on(12), "left");
        assert_eq!(facing_on(22), "left");
        assert_eq!(facing_on(23), "");
        let styles = styles();
        let stork = styles.iter().find(|s| s.kind == "stork").unwrap();
        let beak_tip = |state: &str| match &stork.parts_for(state)[1].shape {
            game_api::PartShape::Polygon { points } => points[1][0],
            other => panic!("{other:?}"),
        };
        assert!(beak_tip("") > 0.0, "a stork on the way out faces right");
        assert!(
            beak_tip("left") < 0.0,
            "a stork on the return row faces left"
        );
    }
}
