//! `game_api::testing` on a small game: the helpers, and the conformance suite catching
//! each kind of broken game.

use game_api::{
    Effect, Effects, Game, GameError, Layout, Manifest, MoveId, MoveInfo, OptionSpec, Options,
    Outcome, Piece, Shape, Site, SiteContent, SiteId, Turn, View,
    testing::{
        self,
        conformance::{self, Conformance},
    },
};
use serde::{Deserialize, Serialize};

/// Take one to three stones; the last stone wins. `BUG` breaks one rule of the contract:
/// 1 accepts taking four, 2 writes a notation that does not read back, 3 names a site
/// the layout lacks in its effects, 4 never ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Nim<const BUG: u8> {
    heap: u32,
    to_move: u8,
}

impl<const BUG: u8> Game for Nim<BUG> {
    fn manifest() -> Manifest {
        Manifest::new("nim", "Nim", "1.0.0")
            .with_options(vec![OptionSpec::integer("stones", "Stones", 3, 9, 5)])
            .with_chance(false)
    }
    fn new(options: &Options) -> Result<Self, GameError> {
        Ok(Nim {
            heap: options.int("stones").unwrap_or(5) as u32,
            to_move: 0,
        })
    }
    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let (heap, side) = notation
            .split_once(' ')
            .ok_or_else(|| GameError::notation(notation, "expected `HEAP SIDE`"))?;
        let mut game = Self::new(options)?;
        game.heap = heap
            .parse()
            .map_err(|_| GameError::notation(notation, "not a number"))?;
        game.to_move = if side == "2" { 1 } else { 0 };
        Ok(game)
    }
    fn notation(&self) -> String {
        let side = if BUG == 2 && self.heap == 1 {
            3
        } else {
            self.to_move + 1
        };
        format!("{} {side}", self.heap)
    }
    fn seat_count(&self) -> u8 {
        2
    }
    fn layout(&self) -> Layout {
        Layout {
            size: [2.0, 2.0],
            sites: vec![Site {
                id: SiteId(0),
                shape: Shape::Pit,
                center: [1.0, 1.0],
                size: [1.0, 1.0],
                owner: None,
                label: String::new(),
                style: String::new(),
            }],
            ..Layout::default()
        }
    }
    fn view(&self) -> View {
        View {
            sites: vec![(
                SiteId(0),
                SiteContent::Count {
                    piece: Piece::new("stone"),
                    count: self.heap,
                },
            )],
            ..View::default()
        }
    }
    fn turn(&self) -> Turn {
        match self.heap {
            0 if BUG != 4 => Turn::Over {
                outcome: Outcome::from_scores(&if self.to_move == 1 { [1, 0] } else { [0, 1] }),
            },
            _ => Turn::Seat { seat: self.to_move },
        }
    }
    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        if BUG == 4 && self.heap == 0 {
            moves.push(MoveId(0));
        }
        moves.extend((1..=self.heap.min(3)).map(MoveId));
    }
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        Ok(MoveInfo::new(mv, vec![SiteId(0)], format!("take{}", mv.0)))
    }
    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        let most = if BUG == 1 { 4 } else { 3 };
        let zero_ok = BUG == 4 && self.heap == 0 && mv.0 == 0;
        if !zero_ok && (mv.0 == 0 || mv.0 > self.heap.min(most)) {
            return Err(GameError::illegal(mv, "take one to three stones"));
        }
        let mut fx = Effects::new(effects);
        fx.capture(SiteId(0), (BUG == 3).then_some(SiteId(7)), mv.0);
        self.heap -= mv.0;
        self.to_move = 1 - self.to_move;
        Ok(())
    }
}

fn failures<G: Game>() -> String {
    let report = conformance::check::<G>(&Conformance {
        games_per_set: 3,
        max_actions: 200,
        ..Conformance::default()
    });
    assert_eq!(
        report.option_sets, 3,
        "the default and both ends of `stones`"
    );
    report.failures.join("\n")
}

#[test]
fn a_sound_game_passes_and_each_broken_rule_is_named() {
    let report = conformance::assert_conforms::<Nim<0>>(&Conformance::default());
    assert_eq!(report.games, 30);
    assert!(report.actions > 30, "{report:?}");
    let f = failures::<Nim<1>>();
    assert!(f.contains("illegal move #4 is accepted"), "{f}");
    let f = failures::<Nim<2>>();
    assert!(
        f.contains("at `1 3`: the position read from the notation has another turn"),
        "{f}"
    );
    let f = failures::<Nim<3>>();
    assert!(f.contains("names site 7 that the layout lacks"), "{f}");
    let f = failures::<Nim<4>>();
    assert!(f.contains("did not end within"), "{f}");
}

#[test]
#[should_panic(expected = "nim failed the conformance suite")]
fn assert_conforms_panics_with_the_failures() {
    conformance::assert_conforms::<Nim<1>>(&Conformance::default());
}

#[test]
fn helpers_play_count_and_randomise() {
    let mut game: Nim<0> = testing::position(&["stones=9"], "4 2");
    assert_eq!(testing::legal_notations(&game), ["take1", "take2", "take3"]);
    let effects = testing::play(&mut game, "take3").unwrap();
    assert_eq!(
        effects,
        [Effect::Capture {
            from: SiteId(0),
            to: None,
            count: 3
        }]
    );
    assert_eq!(game.notation(), "1 1");
    let err = testing::play(&mut game, "take2").unwrap_err();
    assert!(err.contains("legal: take1"), "{err}");
    let start: Nim<0> = testing::position(&[], "5 1");
    assert_eq!(
        (1..=4)
            .map(|d| testing::perft(&start, d))
            .collect::<Vec<_>>(),
        [3, 8, 10, 5]
    );
    let options = testing::options::<Nim<0>>(&["stones=9"]);
    let a: Nim<0> = testing::random_game(&options, 5, 2).unwrap();
    let b: Nim<0> = testing::random_game(&options, 5, 2).unwrap();
    assert_eq!(a, b, "a seed gives one game");
    assert!((3..=7).contains(&a.heap), "{a:?}");
    let over: Nim<0> = testing::random_game(&options, 5, 1000).unwrap();
    assert!(matches!(over.turn(), Turn::Over { .. }));
}

#[test]
#[should_panic(expected = "options [\"stones=99\"] for nim")]
fn options_out_of_range_panic_with_the_reason() {
    testing::options::<Nim<0>>(&["stones=99"]);
}

#[test]
fn the_sink_records_only_when_asked() {
    let mut list = Vec::new();
    let mut fx = Effects::new(Some(&mut list));
    assert!(fx.is_on());
    fx.lift(SiteId(1), 4);
    fx.reborrow().drop_on(SiteId(2), 1);
    fx.relay(SiteId(2), 3);
    fx.place(SiteId(3), Piece::new("pig"));
    fx.remove(SiteId(3));
    fx.flip(SiteId(4), "lying");
    fx.extra_turn(1);
    fx.message("done");
    fx.push_with(|| Effect::Move {
        from: SiteId(0),
        to: SiteId(1),
    });
    assert_eq!(list.len(), 9);
    assert_eq!(
        list[5],
        Effect::Flip {
            site: SiteId(4),
            state: "lying".into()
        }
    );
    let mut off = Effects::off();
    let mut built = false;
    off.push_with(|| {
        built = true;
        Effect::ExtraTurn { seat: 0 }
    });
    assert!(!built && !off.is_on(), "nothing is built on the fast path");
}
