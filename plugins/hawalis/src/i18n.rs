//! The game's texts in Italian: the manifest's translation and the rules
//! (`rules.it.md`); the game's own texts during play are the kit's ([`mancala_kit::Lang`]).

use game_api::ManifestTexts;

/// The Italian rules, in Markdown.
pub const RULES_IT: &str = include_str!("../rules.it.md");

/// The manifest's texts in Italian.
pub fn italian() -> ManifestTexts {
    ManifestTexts::new()
        .score_unit("seme", "semi")
        .name("Hawalis")
        .description(
            "Il mancala a quattro file dell'Oman: semina a staffetta nelle tue due file e \
             cattura le case di fronte dalla tua fila interna.",
        )
        .seats(&["Sud", "Nord"])
}
