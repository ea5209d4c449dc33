//! Four Takes: a mancala variant written as an outside author would, with the kit's
//! family parameters only (no hook): a capture during sowing on both sides, a last-seed
//! capture on a set of counts chained across both rows, and the end "until the player
//! to move cannot move". Built as a plugin library by
//! `cargo build -p mancala-kit --example four_takes` (then
//! `tavola check <target>/debug/examples/libfour_takes.so`).
//!
//! The rules: two rows of seven houses with five seeds each, no stores. A player lifts
//! one of their houses and sows anticlockwise. Whenever a seed makes any house hold
//! four, the owner of that house takes them at once, and sowing goes on. If the last
//! seed makes a house on either side hold two or three, the mover takes it, and on
//! backward (by default) through both rows while houses hold two or three. The game ends
//! when the player to move cannot move (or a position repeats, each player then taking
//! the seeds on their side); the seeds left go as the `end` option says.

use game_api::{GameError, Manifest, OptionSpec, Options};
use mancala_kit::{
    Capture, Chain, Config, Counts, End, Mancala, Remaining, Sides, SowingCapture, Taker, Variant,
};

/// The rules of Four Takes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FourTakes;

/// A game of Four Takes.
pub type FourTakesGame = Mancala<FourTakes>;

impl Variant for FourTakes {
    fn manifest() -> Manifest {
        Manifest::new("four-takes", "Four Takes", "0.1.0")
            .with_authors(&["An outside author"])
            .with_description("Every house that reaches four goes to its owner.")
            .with_rules("en", RULES)
            .with_seats(&["South", "North"])
            .with_tags(&["mancala"])
            .with_options(vec![
                OptionSpec::choice(
                    "end",
                    "Seeds left at the end",
                    &[
                        ("owner", "To the owner of their house"),
                        ("stuck", "To the player who cannot move"),
                        ("other", "To the player who moved last"),
                        ("left", "Left on the board"),
                    ],
                    "owner",
                ),
                OptionSpec::choice(
                    "chain",
                    "Chained captures",
                    &[
                        ("backward", "Backward"),
                        ("forward", "Forward"),
                        ("none", "None"),
                    ],
                    "backward",
                ),
            ])
    }

    fn config(options: &Options) -> Result<Config, GameError> {
        let remaining = match options.choice("end").unwrap_or("owner") {
            "stuck" => Remaining::Stuck,
            "other" => Remaining::Other,
            "left" => Remaining::Left,
            _ => Remaining::Owner,
        };
        let chain = match options.choice("chain").unwrap_or("backward") {
            "forward" => Chain::Forward,
            "none" => Chain::None,
            _ => Chain::Backward,
        };
        let counts = |text: &str| {
            text.parse::<Counts>()
                .map_err(|e| GameError::Internal(e.to_string()))
        };
        Ok(Config {
            sowing_capture: Some(SowingCapture {
                counts: counts("4")?,
                sides: Sides::Both,
                taker: Taker::Owner,
            }),
            capture: Capture::Count {
                counts: counts("2,3")?,
                sides: Sides::Both,
                chain,
            },
            end: End::NoMove { remaining },
            cycle_ends_game: true,
            ..Config::base(7, 5)
        })
    }
}

game_api::export_game!(FourTakesGame);

const RULES: &str = "# Four Takes

Two rows of seven houses with five seeds each. South moves first.

1. Lift all the seeds of one of your houses and sow them anticlockwise, one per house.
2. Whenever a seed makes a house (on either side) hold four, the owner of that house
   takes the four at once; sowing goes on.
3. If the last seed makes a house on either side hold two or three, you take it, and
   the house before it, and so on back through both rows, while they hold two or three.
4. The game ends when the player to move cannot move: the seeds left go to the owners
   of their houses (or as the game's options say). A position that repeats also ends
   the game, each player taking the seeds on their side.
";
