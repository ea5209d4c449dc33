//! How the pieces look: pigs (standing or lying), pumpkins, broccoli and trees, each
//! owned piece ringed in its seat's colour.

use game_api::{Colour, Part, PieceStyle};

const PINK: Colour = Colour::rgb(240, 160, 170);
const SNOUT: Colour = Colour::rgb(200, 110, 120);
const DARK: Colour = Colour::rgb(40, 30, 30);
const OUTLINE: Colour = Colour::rgba(0, 0, 0, 140);

/// The owner's ring around a piece.
fn ring() -> Part {
    Part::ring(1.05).stroke(Colour::Owner, 0.18)
}

/// The styles of the game's pieces, for the layout.
pub(crate) fn styles() -> Vec<PieceStyle> {
    vec![
        pig(),
        pumpkin().with_names("pumpkin", "pumpkins"),
        broccoli().with_names("broccoli", "broccoli"),
        tree().with_names("tree", "trees"),
    ]
}

fn pig() -> PieceStyle {
    let standing = vec![
        Part::circle(0.3)
            .at(-0.6, -0.8)
            .fill(PINK)
            .stroke(SNOUT, 0.05),
        Part::circle(0.3)
            .at(0.6, -0.8)
            .fill(PINK)
            .stroke(SNOUT, 0.05),
        Part::circle(1.0).fill(PINK),
        Part::circle(0.1).at(-0.35, -0.25).fill(DARK),
        Part::circle(0.1).at(0.35, -0.25).fill(DARK),
        Part::ellipse(0.32, 0.24).at(0.0, 0.25).fill(SNOUT),
        Part::circle(0.06).at(-0.1, 0.25).fill(DARK),
        Part::circle(0.06).at(0.1, 0.25).fill(DARK),
        ring(),
    ];
    // Lying down: flat on its side, eyes shut.
    let lying = vec![
        Part::ellipse(1.2, 0.6).fill(PINK),
        Part::line([-0.5, -0.15], [-0.2, -0.15]).stroke(DARK, 0.07),
        Part::line([0.2, -0.15], [0.5, -0.15]).stroke(DARK, 0.07),
        Part::ellipse(0.3, 0.2).at(0.0, 0.2).fill(SNOUT),
        Part::ellipse(1.25, 0.65).stroke(Colour::Owner, 0.18),
    ];
    PieceStyle::new("pig", standing)
        .with_state("lying", lying)
        .with_names("pig", "pigs")
}

fn pumpkin() -> PieceStyle {
    let orange = Colour::rgb(240, 140, 30);
    let rib = Colour::rgb(200, 100, 20);
    PieceStyle::new(
        "pumpkin",
        vec![
            Part::circle(1.0).fill(orange),
            Part::ellipse(0.55, 0.95).stroke(rib, 0.07),
            Part::ellipse(0.2, 0.95).stroke(rib, 0.07),
            Part::line([0.0, -1.0], [0.1, -1.35]).stroke(Colour::rgb(60, 110, 40), 0.22),
            ring(),
        ],
    )
}

fn broccoli() -> PieceStyle {
    let floret = Colour::rgb(70, 150, 60);
    let shade = Colour::rgb(45, 110, 40);
    PieceStyle::new(
        "broccoli",
        vec![
            Part::circle(1.0).fill(Colour::rgba(70, 150, 60, 60)),
            Part::polygon(vec![[-0.2, 0.0], [0.2, 0.0], [0.3, 0.8], [-0.3, 0.8]])
                .fill(Colour::rgb(150, 200, 110)),
            Part::circle(0.45)
                .at(-0.4, -0.1)
                .fill(floret)
                .stroke(shade, 0.06),
            Part::circle(0.45)
                .at(0.4, -0.1)
                .fill(floret)
                .stroke(shade, 0.06),
            Part::circle(0.5)
                .at(0.0, -0.45)
                .fill(floret)
                .stroke(shade, 0.06),
            ring(),
        ],
    )
}

fn tree() -> PieceStyle {
    PieceStyle::new(
        "tree",
        vec![
            Part::circle(1.1)
                .fill(Colour::rgb(40, 110, 50))
                .stroke(OUTLINE, 0.05),
            Part::circle(0.55)
                .at(-0.25, -0.25)
                .fill(Colour::rgb(60, 140, 65)),
            Part::circle(0.3)
                .at(0.35, 0.3)
                .fill(Colour::rgb(55, 130, 60)),
        ],
    )
}
