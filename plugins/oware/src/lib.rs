//! Oware (Abapa rules) for Tavola: a thin configuration of the mancala kit.
//!
//! Options: `seeds` (4–6), `grand_slam` (`no_capture`, `forbidden`, `capture_all`) and
//! `rounds` (the traditional match of rounds: the loser's houses it cannot fill are out
//! of play in the next round, until a player cannot fill one) with `round_houses`
//! (`closed`, or `pass`: those houses pass to the player who can fill them, as Nam-Nam
//! and Oware in Ghana play).

mod i18n;

use std::collections::BTreeMap;

use game_api::{GameError, Manifest, OptionSpec, OptionValue, Options, Preset};
use mancala_kit::{Config, GrandSlam, Mancala, Variant};

/// Oware's rules for the kit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OwareRules;

/// A game of Oware.
pub type Oware = Mancala<OwareRules>;

impl Variant for OwareRules {
    fn manifest() -> Manifest {
        Manifest::new("oware", "Oware", env!("CARGO_PKG_VERSION"))
            .with_authors(&["The Tavola developers"])
            .with_description(
                "The West African classic (Abapa rules): capture twos and threes, and never \
                 starve your opponent.",
            )
            .with_rules("en", include_str!("../rules.md"))
            .with_rules("it", i18n::RULES_IT)
            .with_seats(&["South", "North"])
            .with_aliases(&["Awale", "Awalé", "Awari", "Ayo", "Wari", "Abapa"])
            .with_tags(&["mancala", "classic"])
            .with_options(vec![
                OptionSpec::integer("seeds", "Seeds per house", 4, 6, 4),
                OptionSpec::choice(
                    "grand_slam",
                    "Grand slam",
                    &[
                        ("no_capture", "Legal, captures nothing"),
                        ("forbidden", "Forbidden"),
                        ("capture_all", "Captures everything"),
                    ],
                    "no_capture",
                )
                .describe("A capture that would take every seed the opponent has on the board."),
                OptionSpec::boolean("rounds", "Play in rounds", false).describe(
                    "A match of rounds: each player refills their houses from their seeds; \
                     the houses a player cannot fill are out of play next round, and the \
                     match ends when a player cannot fill one.",
                ),
                OptionSpec::choice(
                    "round_houses",
                    "Unfilled houses",
                    &[
                        ("closed", "Closed (out of play)"),
                        ("pass", "Pass to the opponent"),
                    ],
                    "closed",
                )
                .matters_when("rounds", OptionValue::Bool(true))
                .describe(
                    "With “Play in rounds”: what becomes of the houses a player cannot fill. \
                     Closed, they are out of play next round; passed, they become the houses \
                     of the player who can fill more houses than they own.",
                ),
            ])
            .with_presets(vec![Preset {
                name: "Abapa".into(),
                description: "The tournament rules.".into(),
                values: BTreeMap::from([
                    ("seeds".into(), OptionValue::Int(4)),
                    (
                        "grand_slam".into(),
                        OptionValue::Choice("no_capture".into()),
                    ),
                ]),
            }])
            .with_score_unit("seed", "seeds")
            .with_translation("it", i18n::italian())
    }

    fn endgame_tables() -> bool {
        true
    }

    fn config(options: &Options) -> Result<Config, GameError> {
        let mut config = Config::oware(options.int("seeds").unwrap_or(4) as u32);
        config.grand_slam = match options.choice("grand_slam").unwrap_or("no_capture") {
            "forbidden" => GrandSlam::Forbidden,
            "capture_all" => GrandSlam::CaptureAll,
            _ => GrandSlam::NoCapture,
        };
        config.rounds = options.flag("rounds").unwrap_or(false);
        config.rounds_pass =
            config.rounds && options.choice("round_houses").unwrap_or("closed") == "pass";
        Ok(config)
    }
}

game_api::export_game!(Oware);
