//! The manifest and the starting position.

use game_api::{GameError, Manifest, OptionSpec, Options, RulesText, SearchHints, SeatRange};

use crate::{PLAYOUT_CUTOFF, Phase, Randomiser, Storks};

impl Storks {
    pub(crate) fn manifest_now() -> Manifest {
        Manifest {
            data_files: None,
            sounds: Vec::new(),
            warnings: Vec::new(),
            score_unit: None,
            id: "stork-migration".into(),
            name: "The Storks' Migration".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            authors: vec![
                "The Tavola developers".into(),
                "Game by Andrea Angiolino".into(),
            ],
            description: "Race your six storks to Africa: coin throws, swaps, blocking rows, \
                          high-voltage cables and a favourable wind."
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
            seat_names: vec!["Yellow".into(), "Blue".into()],
            tags: vec!["race".into(), "chance".into()],
            options: vec![OptionSpec::choice(
                "randomiser",
                "Throw with",
                &[("coins", "Four coins"), ("die", "One die (6 counts 0)")],
                "coins",
            )],
            presets: Vec::new(),
            bots: Vec::new(),
            search: SearchHints {
                // A random stork wanders for hundreds of throws: search looks a few
                // turns ahead, then asks evaluate() who is ahead in the race.
                playout_cutoff: Some(PLAYOUT_CUTOFF),
                exploration: None,
            },
            chance: Some(true),
            aliases: vec!["La migrazione delle cicogne".into()],
            translations: [("it".to_string(), crate::i18n::italian())].into(),
        }
    }

    pub(crate) fn new_game(options: &Options) -> Result<Self, GameError> {
        Ok(Storks {
            storks: [[1, 3, 5, 7, 9, 11], [2, 4, 6, 8, 10, 12]],
            to_move: 0,
            phase: Phase::Throw,
            randomiser: if options.choice("randomiser") == Some("die") {
                Randomiser::Die
            } else {
                Randomiser::Coins
            },
            last_throw: None,
            last: None,
            italian: false,
        })
    }
}
