//! Congkak for Tavola: a thin configuration of the mancala kit.
//!
//! Options: `houses` (5–9, with as many seeds per house), `capture`
//! (`opposite_and_last`, `opposite_only`, `last_even_if_opposite_empty`), `rounds`
//! (`one`, `many`) and `simultaneous_opening`.

mod i18n;

use std::collections::BTreeMap;

use game_api::{GameError, Manifest, OptionSpec, OptionValue, Options, Preset};
use mancala_kit::{Capture, Config, EmptyOpposite, Mancala, Variant};

/// Congkak's rules for the kit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CongkakRules;

/// A game of Congkak.
pub type Congkak = Mancala<CongkakRules>;

impl Variant for CongkakRules {
    fn manifest() -> Manifest {
        Manifest::new("congkak", "Congkak", env!("CARGO_PKG_VERSION"))
            .with_authors(&["The Tavola developers"])
            .with_description(
                "The Malay sowing race: relay your seeds round the board and land in your \
                 store to go again.",
            )
            .with_rules("en", include_str!("../rules.md"))
            .with_rules("it", i18n::RULES_IT)
            .with_seats(&["South", "North"])
            .with_aliases(&["Congklak", "Dakon", "Sungka"])
            .with_tags(&["mancala", "relay"])
            .with_options(vec![
                OptionSpec::integer("houses", "Houses per side (and seeds per house)", 5, 9, 7),
                OptionSpec::choice(
                    "capture",
                    "Capture",
                    &[
                        ("opposite_and_last", "The opposite house and the last seed"),
                        ("opposite_only", "The opposite house; the last seed stays"),
                        (
                            "last_even_if_opposite_empty",
                            "The last seed even when the opposite house is empty",
                        ),
                    ],
                    "opposite_and_last",
                ),
                OptionSpec::choice(
                    "rounds",
                    "Rounds",
                    &[
                        ("one", "One round"),
                        ("many", "Several rounds, with burnt houses"),
                    ],
                    "one",
                ),
                OptionSpec::boolean("simultaneous_opening", "Simultaneous opening", false)
                    .describe("Both players choose their first house; both sow in lock-step."),
            ])
            .with_presets(vec![Preset {
                name: "Traditional".into(),
                description: "Several rounds and the simultaneous opening.".into(),
                values: BTreeMap::from([
                    ("rounds".into(), OptionValue::Choice("many".into())),
                    ("simultaneous_opening".into(), OptionValue::Bool(true)),
                ]),
            }])
            .with_score_unit("seed", "seeds")
            .with_translation("it", i18n::italian())
    }

    fn config(options: &Options) -> Result<Config, GameError> {
        let mut config = Config::congkak(options.int("houses").unwrap_or(7) as usize);
        config.capture = match options.choice("capture").unwrap_or("opposite_and_last") {
            "opposite_only" => Capture::Opposite {
                empty_opposite: EmptyOpposite::NoCapture,
                keep_last: true,
            },
            "last_even_if_opposite_empty" => Capture::Opposite {
                empty_opposite: EmptyOpposite::CaptureLast,
                keep_last: false,
            },
            _ => Capture::Opposite {
                empty_opposite: EmptyOpposite::NoCapture,
                keep_last: false,
            },
        };
        config.rounds = options.choice("rounds") == Some("many");
        config.simultaneous_opening = options.flag("simultaneous_opening") == Some(true);
        Ok(config)
    }
}

game_api::export_game!(Congkak);
