//! How the pieces look: light and dark discs, each ringed in its owner's colour.

use game_api::{Colour, Part, PieceStyle};

/// The styles of the game's pieces, for the layout.
pub(crate) fn styles() -> Vec<PieceStyle> {
    let disc = |kind: &str, fill: Colour, rim: Colour| {
        let (one, several) = (format!("{kind} piece"), format!("{kind} pieces"));
        PieceStyle::new(
            kind,
            vec![
                Part::circle(1.0)
                    .fill(fill)
                    .stroke(Colour::rgba(0, 0, 0, 140), 0.06),
                Part::circle(0.72).stroke(rim, 0.07),
                Part::ring(1.05).stroke(Colour::Owner, 0.18),
            ],
        )
        .with_names(&one, &several)
    };
    vec![
        disc(
            "light",
            Colour::rgb(240, 228, 200),
            Colour::rgb(200, 185, 150),
        ),
        disc("dark", Colour::rgb(70, 46, 30), Colour::rgb(110, 80, 55)),
    ]
}
