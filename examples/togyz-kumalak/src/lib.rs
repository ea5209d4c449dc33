//! Togyz Kumalak (Kazakhstan) as a Tavola plugin, written the way an outside author
//! would: only `game-api` and `mancala-kit`, one file.
//!
//! Nine houses a side with nine stones each; stores (kazans) beside the board. The kit's
//! parameters cover the sowing (the first stone back into the house it came from), the
//! even capture and the end; one hook adds the tuzdyk.

use game_api::{
    Colour, GameError, Manifest, ManifestTexts, Options, Part, PieceStyle, RulesText, SeatRange,
};
use mancala_kit::{Board, Capture, Config, Effects, End, Mancala, Pit, Side, Special, Variant};

/// Togyz Kumalak's rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TogyzKumalak;

impl Variant for TogyzKumalak {
    const SINK_NAME: &'static str = "tuzdyk";

    /// A tuzdyk (the kit's sink) is drawn as a ring in its owner's colour around a
    /// smaller disc of the same colour, so that it reads as claimed.
    fn pieces() -> Vec<PieceStyle> {
        vec![PieceStyle::new(
            mancala_kit::pieces::SINK,
            vec![
                Part::ring(1.0).stroke(Colour::Owner, 0.3),
                Part::circle(0.45)
                    .fill(Colour::Owner)
                    .stroke(Colour::rgba(0, 0, 0, 120), 0.06),
            ],
        )]
    }

    fn manifest() -> Manifest {
        let mut m = Manifest::new("togyz-kumalak", "Togyz Kumalak", "0.1.0");
        m.authors = vec!["An outside author".into()];
        m.description = "Nine houses, nine stones: capture even houses and claim a tuzdyk.".into();
        m.seats = SeatRange { min: 2, max: 2 };
        m.seat_names = vec!["South".into(), "North".into()];
        m.tags = vec!["mancala".into()];
        m.rules = vec![RulesText {
            lang: "en".into(),
            markdown: RULES.into(),
        }];
        // The chooser's card and the seats in Italian (the rules stay in English).
        m.translations.insert(
            "it".into(),
            ManifestTexts::new()
                .name("Togyz Kumalak")
                .description("Nove case, nove sassi: cattura le case pari e conquista un tuzdyk.")
                .seats(&["Sud", "Nord"]),
        );
        m
    }

    fn config(_options: &Options) -> Result<Config, GameError> {
        Ok(Config {
            first_seed_in_origin: true,
            capture: Capture::Even,
            end: End::Majority,
            ..Config::base(9, 9)
        })
    }

    /// The tuzdyk: a last stone that makes an opponent's house hold exactly 3 claims it
    /// (its stones go to the store, and every stone later sown into it too) — unless the
    /// mover already has one, it is the opponent's ninth house, or it mirrors the
    /// opponent's tuzdyk.
    fn after_sowing(board: &mut Board, side: Side, last: usize, fx: &mut Effects<'_>) -> bool {
        let Pit::House(owner, index) = board.pit(last) else {
            return false;
        };
        let mirrors_theirs = board.mark(board.house(side, index)) == Special::Sink(side.other());
        if owner == side
            || board.pits[last] != 3
            || board.mark(last) != Special::Normal
            || board.has_sink(side)
            || index == 8
            || mirrors_theirs
        {
            return false;
        }
        board.pits[last] = 0;
        board.set_mark(last, Special::Sink(side));
        board.bank(side, 3);
        fx.capture(board, last, side, 3);
        fx.message(format!("{} claims a tuzdyk", side.name()));
        true
    }

    /// A position's tuzdyks are ones the rules above can make: at most one a player, in
    /// an opponent's house other than the ninth, not both with the same number.
    fn check_marks(board: &Board) -> Result<(), String> {
        let mut index = [None, None];
        for pit in 0..board.ring_len() {
            let Special::Sink(owner) = board.mark(pit) else {
                continue;
            };
            let Pit::House(side, i) = board.pit(pit) else {
                return Err(format!("pit {pit} is not a house"));
            };
            if side == owner {
                return Err(format!("{}'s tuzdyk is in its own row", owner.name()));
            }
            if i == 8 {
                return Err(format!("{}'s tuzdyk is the ninth house", owner.name()));
            }
            if index[owner.index()].replace(i).is_some() {
                return Err(format!("{} has two tuzdyks", owner.name()));
            }
        }
        match index {
            [Some(a), Some(b)] if a == b => Err(format!(
                "both are house number {}: a tuzdyk cannot mirror the other",
                a + 1
            )),
            _ => Ok(()),
        }
    }
}

/// A game of Togyz Kumalak.
pub type Game = Mancala<TogyzKumalak>;

game_api::export_game!(Game);

const RULES: &str = "# Togyz Kumalak

Two rows of nine houses with nine stones each; each player has a store (kazan) beside the
board. South moves first.

1. Take all stones from one of your houses (not a tuzdyk). Drop the first back into the
   same house and sow the rest anticlockwise, one per house; a single stone moves to the
   next house.
2. If the last stone makes an opponent's house hold an even number, capture it.
3. If it makes an opponent's house hold exactly 3, that house becomes your **tuzdyk** and
   its stones go to your store, unless you already have one, it is the opponent's ninth
   house, or it mirrors the opponent's tuzdyk. Every stone later sown into a tuzdyk goes
   to its owner's store.
4. The game ends when a player has 82 or more (81–81 is a draw), or when the player to
   move has no stones: the opponent then adds the stones on their side to their store.
";
