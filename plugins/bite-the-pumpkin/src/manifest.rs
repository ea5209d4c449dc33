//! What the host shows before a game starts, and the start position of the options.

use game_api::{
    BotSpec, GameError, Manifest, OptionSpec, Options, RulesText, SearchHints, SeatRange,
    SoundEvent, SoundSpec, Tone, Wave,
};

use crate::{BiteModel, BiteThePumpkin, EndRule, Phase, board::Field};

/// The game's own sounds: a bite crunches (a vegetable taken off), a pig lies down with
/// a thump; the host plays its own for the rest.
fn sounds() -> Vec<SoundSpec> {
    vec![
        SoundSpec {
            event: SoundEvent::Remove,
            tones: vec![
                Tone::new(900.0, 45).with_wave(Wave::Noise).with_gain(0.7),
                Tone::new(350.0, 80).with_wave(Wave::Noise).with_gain(0.6),
            ],
        },
        SoundSpec {
            event: SoundEvent::Flip,
            tones: vec![
                Tone::new(110.0, 120)
                    .with_wave(Wave::Triangle)
                    .with_gain(0.6),
            ],
        },
    ]
}

/// The manifest: name, seats, rules text, options and the author's bots.
pub(crate) fn manifest() -> Manifest {
    Manifest {
        data_files: None,
        sounds: sounds(),
        warnings: Vec::new(),
        score_unit: None,
        id: "bite-the-pumpkin".into(),
        name: "Bite the Pumpkin!".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        authors: vec!["The Tavola developers".into(), "Game: Azzanna la Zucca!".into()],
        description: "Five hungry pigs against a Farmer's pumpkins: bite, run, digest — \
                      or plant all twenty first."
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
        seats: SeatRange { min: 2, max: 3 },
        seat_names: vec!["Herd".into(), "Farmer".into(), "Broccoli Farmer".into()],
        tags: vec!["asymmetric".into(), "abstract".into()],
        options: vec![
            OptionSpec::integer("players", "Players", 2, 3, 2)
                .describe("Three players adds a second Farmer with 18 broccoli."),
            OptionSpec::integer("beginner_extra", "Extra pumpkins at setup (beginners)", 0, 2, 0),
            OptionSpec::boolean("custom_trees", "The Farmer moves the trees first (experts)", false),
            OptionSpec::choice(
                "bite_model",
                "Bites",
                &[("rules", "The Herd chooses (rules)"), ("simulator", "No choice (the author's simulator)")],
                "rules",
            ),
            OptionSpec::choice(
                "end_rule",
                "End",
                &[
                    ("rules", "The Herd plays its 16th turn (rules)"),
                    (
                    "simulator",
                    "The author's simulator: tested after each placement, 20 placed first, \
                     then its score (two players)",
                ),
                ],
                "rules",
            ),
        ],
        presets: Vec::new(),
        bots: vec![
            BotSpec {
                name: "herd-author".into(),
                description: "The author's Herd: pigs out of each other's sight, runs that threaten most pumpkins.".into(),
                seats: vec![crate::HERD],
                // The author's bots play the two-player game only.
                seat_counts: vec![2],
            },
            BotSpec {
                name: "farmer-author".into(),
                description: "The author's Farmer: pumpkins out of reach and sight of the pigs.".into(),
                seats: vec![crate::FARMER],
                seat_counts: vec![2],
            },
        ],
        search: SearchHints::default(),
        chance: Some(false),
        aliases: vec!["Azzanna la Zucca!".into()],
        translations: [("it".to_string(), crate::i18n::italian())].into(),
    }
}

/// The start position for `options`.
pub(crate) fn new_game(options: &Options) -> Result<BiteThePumpkin, GameError> {
    let players = options.int("players").unwrap_or(2) as u8;
    let extra = options.int("beginner_extra").unwrap_or(0) as u8;
    Ok(BiteThePumpkin {
        field: Field::with_trees(),
        players,
        phase: if options.flag("custom_trees") == Some(true) {
            Phase::Trees(0)
        } else {
            Phase::Pigs
        },
        reserve: if players == 3 { [18, 18] } else { [20, 0] },
        eliminated: [false, players == 2],
        herd_turns: 0,
        beginner_extra: extra,
        bite_model: if options.choice("bite_model") == Some("simulator") {
            BiteModel::Simulator
        } else {
            BiteModel::Rules
        },
        end_rule: if options.choice("end_rule") == Some("simulator") {
            EndRule::Simulator
        } else {
            EndRule::Rules
        },
        last: Vec::new(),
        score: 0,
        order: Vec::new(),
        italian: false,
    })
}
