//! How the pieces look: storks ringed in their side's colour, the coins of a throw
//! (heads or tails) and the pips of a die.

use game_api::{Colour, Part, PieceStyle};

const OUTLINE: Colour = Colour::rgba(0, 0, 0, 140);

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
        PieceStyle::new(
            "stork",
            vec![
                Part::circle(1.0)
                    .fill(Colour::rgb(245, 245, 245))
                    .stroke(Colour::Owner, 0.3),
                Part::polygon(vec![[0.2, -0.15], [0.95, 0.0], [0.2, 0.15]])
                    .fill(Colour::rgb(220, 90, 40)),
                Part::circle(0.12)
                    .at(-0.1, -0.25)
                    .fill(Colour::rgb(0, 0, 0)),
            ],
        )
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
