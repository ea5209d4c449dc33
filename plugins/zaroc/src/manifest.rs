//! The manifest: name, rules text, options.

use game_api::{Manifest, OptionSpec, RulesText, SearchHints, SeatRange};

use crate::Zaroc;

impl Zaroc {
    pub(crate) fn manifest_now() -> Manifest {
        Manifest {
            data_files: None,
            sounds: Vec::new(),
            warnings: Vec::new(),
            score_unit: None,
            id: "zaroc".into(),
            name: "Zaroc".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            authors: vec!["The Tavola developers".into()],
            description: "A Thai stacking race: two moves a turn with either colour, down \
                          three rows of sticks to the finish."
                .into(),
            rules: vec![
                RulesText {
                    lang: "en".into(),
                    markdown: include_str!("../rules.md").into(),
                },
                RulesText {
                    lang: "it".into(),
                    markdown: crate::i18n::RULES_IT.into(),
                },
            ],
            seats: SeatRange { min: 2, max: 2 },
            seat_names: vec!["Player 1".into(), "Player 2".into()],
            tags: vec!["race".into(), "stacking".into()],
            options: vec![
                OptionSpec::boolean("diagonal_a", "Diagonal arrows from row A", false)
                    .describe("Pieces may also descend from A(i) to B(i-1) and B(i+1)."),
                OptionSpec::choice(
                    "first",
                    "Who starts (and plays Light)",
                    &[("first", "Player 1"), ("second", "Player 2")],
                    "first",
                ),
            ],
            presets: Vec::new(),
            bots: Vec::new(),
            search: SearchHints::default(),
            chance: Some(false),
            aliases: Vec::new(),
            translations: [("it".to_string(), crate::i18n::italian())].into(),
        }
    }
}
