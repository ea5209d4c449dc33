//! The Storks' Migration for Tavola (docs/rules/stork-migration.md): a race of
//! chance and blocking. Every throw is a chance event with its exact probability.
//!
//! Option: `randomiser` = `coins` (four coins) | `die`.

mod i18n;
use game_api::{
    ChanceOutcome, Effect, Game, GameError, GameResult, Layout, Link, LinkKind, Manifest, MoveId,
    MoveInfo, OptionSpec, Options, Outcome, Panel, PanelEntry, Piece, Probability, RulesText,
    SearchHints, SeatOutcome, SeatRange, Shape, Site, SiteContent, SiteId, Turn, View,
};
use serde::{Deserialize, Serialize};

pub mod race;

/// Random playouts are cut after this many actions in search (see `SearchHints`).
const PLAYOUT_CUTOFF: u32 = 4;

/// A lead of this many turns scores tanh(1) ≈ 0.76 in `evaluate`. Sharper than the
/// odds (equal players' games are close to even for longer): against greedy, MCTS won
/// 65 of 100 games with 5 and 57 with 20.
const LEAD_SCALE: f64 = 5.0;

/// Africa, the goal.
pub const AFRICA: u8 = 33;
/// The squares with high-voltage cables.
pub const CABLES: [u8; 2] = [17, 29];
/// The favourable wind.
pub const WIND: u8 = 28;
/// Storks per player.
pub const STORKS: usize = 6;

/// First chance move id: coins `COINS + heads`, die `DIE + face`.
const COINS: u32 = 100;
const DIE: u32 = 110;
/// First re-entry move id: `ENTRY + square`.
const ENTRY: u32 = 50;

/// How throws are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Randomiser {
    /// Four fair coins.
    Coins,
    /// One die; 6 counts as 0.
    Die,
}

impl Randomiser {
    /// Squares moved for a throw showing `t` (heads, or the die's face).
    pub fn steps(self, t: u8) -> u8 {
        match (self, t) {
            (Randomiser::Coins, 4) => 5,
            (Randomiser::Die, 6) => 0,
            (_, t) => t,
        }
    }

    /// The chance outcomes of a throw, with their exact probabilities.
    pub fn outcomes(self) -> Vec<ChanceOutcome> {
        match self {
            Randomiser::Coins => [1, 4, 6, 4, 1]
                .iter()
                .enumerate()
                .map(|(h, &n)| ChanceOutcome {
                    mv: MoveId(COINS + h as u32),
                    probability: Probability::new(n, 16),
                })
                .collect(),
            Randomiser::Die => (1..=6)
                .map(|f| ChanceOutcome {
                    mv: MoveId(DIE + f),
                    probability: Probability::new(1, 6),
                })
                .collect(),
        }
    }

    fn throw_of(self, mv: MoveId) -> Option<u8> {
        match self {
            Randomiser::Coins if (COINS..=COINS + 4).contains(&mv.0) => Some((mv.0 - COINS) as u8),
            Randomiser::Die if (DIE + 1..=DIE + 6).contains(&mv.0) => Some((mv.0 - DIE) as u8),
            _ => None,
        }
    }

    fn describe(self, t: u8) -> String {
        match self {
            Randomiser::Coins => format!("{t} heads"),
            Randomiser::Die => format!("die {t}"),
        }
    }
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The player to move throws (a chance event).
    Throw,
    /// The player to move chooses a move for a throw showing this (heads or face).
    Choose(u8),
    /// The stork on 28 is carried by the wind: a re-throw (a chance event).
    Wind,
}

/// A game of The Storks' Migration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Storks {
    /// Each player's storks (Yellow, Blue): a square 1..33, or 0 off the board.
    pub storks: [[u8; STORKS]; 2],
    /// The player to move: 0 Yellow, 1 Blue.
    pub to_move: u8,
    /// Where the turn stands.
    pub phase: Phase,
    /// How throws are made.
    pub randomiser: Randomiser,
    /// The last throw, for the view.
    #[serde(default)]
    pub last_throw: Option<u8>,
    /// The last move (from, to) as layout sites.
    #[serde(default)]
    pub last: Option<(u16, u16)>,
    /// Whether the texts are in Italian ([`Game::set_language`]); not part of the position.
    #[serde(skip)]
    italian: bool,
}

/// What a move would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Landing {
    /// The square the stork ends on.
    square: u8,
    /// An isolated opponent stork swapped back to the origin.
    swap: bool,
}

fn side_name(p: u8) -> &'static str {
    if p == 0 { "Yellow" } else { "Blue" }
}

impl Storks {
    fn occupied_by(&self, player: u8, square: u8) -> bool {
        self.storks[usize::from(player)].contains(&square)
    }

    fn occupied(&self, square: u8) -> bool {
        self.occupied_by(0, square) || self.occupied_by(1, square)
    }

    /// Whether `square` holds a stork of `player` in a row of three or more consecutive
    /// storks of that player (33 never counts).
    fn in_row_of_three(&self, player: u8, square: u8) -> bool {
        if square == 0 || square >= AFRICA || !self.occupied_by(player, square) {
            return false;
        }
        let mut start = square;
        while start > 1 && self.occupied_by(player, start - 1) {
            start -= 1;
        }
        let mut end = square;
        while end + 1 < AFRICA && self.occupied_by(player, end + 1) {
            end += 1;
        }
        end - start + 1 >= 3
    }

    /// Where `player`'s stork on `from` lands moving `steps`, if that is legal.
    fn landing(&self, player: u8, from: u8, steps: u8) -> Option<Landing> {
        let opponent = 1 - player;
        let to = from + steps;
        if steps == 0 || to > AFRICA {
            return None;
        }
        if (from + 1..=to).any(|sq| self.in_row_of_three(opponent, sq)) {
            return None;
        }
        if to == AFRICA {
            return Some(Landing {
                square: to,
                swap: false,
            });
        }
        if self.occupied_by(player, to) {
            return None;
        }
        if !self.occupied_by(opponent, to) {
            return Some(Landing {
                square: to,
                swap: false,
            });
        }
        let before = to > 1 && self.occupied_by(opponent, to - 1);
        let after = to + 1 < AFRICA && self.occupied_by(opponent, to + 1);
        if !before && !after {
            return Some(Landing {
                square: to,
                swap: true,
            });
        }
        // A pair (a, a+1): jump to a+2 if it is free or is Africa.
        let a = if after { to } else { to - 1 };
        let dest = a + 2;
        if dest > AFRICA || (dest < AFRICA && self.occupied(dest)) {
            return None;
        }
        Some(Landing {
            square: dest,
            swap: false,
        })
    }

    /// The legal moves for a throw showing `t`: stork moves by origin square, and
    /// re-entries.
    fn options(&self, t: u8) -> Vec<MoveId> {
        let player = self.to_move;
        let steps = self.randomiser.steps(t);
        let mut moves: Vec<MoveId> = Vec::new();
        let mut squares: Vec<u8> = self.storks[usize::from(player)]
            .iter()
            .copied()
            .filter(|s| (1..AFRICA).contains(s))
            .collect();
        squares.sort_unstable();
        squares.dedup();
        for s in squares {
            if self.landing(player, s, steps).is_some() {
                moves.push(MoveId(u32::from(s)));
            }
        }
        let off_board = self.storks[usize::from(player)].contains(&0);
        if off_board && (1..=4).contains(&t) && !self.occupied(t) {
            moves.push(MoveId(ENTRY + u32::from(t)));
        }
        moves
    }

    fn winner(&self) -> Option<u8> {
        (0..2u8).find(|&p| self.storks[usize::from(p)].iter().all(|&s| s == AFRICA))
    }

    fn square_site(square: u8) -> SiteId {
        SiteId(u16::from(square) - 1)
    }

    fn cables_site(player: u8) -> SiteId {
        SiteId(33 + u16::from(player))
    }

    fn end_turn(&mut self) {
        self.to_move = 1 - self.to_move;
        self.phase = Phase::Throw;
    }

    fn msg(fx: &mut Option<&mut Vec<Effect>>, text: String) {
        if let Some(e) = fx.as_deref_mut() {
            e.push(Effect::Message { text });
        }
    }

    fn moved(fx: &mut Option<&mut Vec<Effect>>, from: SiteId, to: SiteId) {
        if let Some(e) = fx.as_deref_mut() {
            e.push(Effect::Move { from, to });
        }
    }

    /// Moves `player`'s stork from `from` as `landing` says, with the swap and the
    /// special square's effect; returns whether the wind takes it.
    fn resolve(
        &mut self,
        player: u8,
        from: u8,
        landing: Landing,
        fx: &mut Option<&mut Vec<Effect>>,
    ) -> bool {
        let p = usize::from(player);
        let i = self.storks[p]
            .iter()
            .position(|&s| s == from)
            .expect("the stork is there");
        if landing.swap {
            let o = 1 - p;
            let j = self.storks[o]
                .iter()
                .position(|&s| s == landing.square)
                .expect("the opponent is there");
            self.storks[o][j] = from;
            Self::moved(
                fx,
                Self::square_site(landing.square),
                Self::square_site(from),
            );
        }
        self.storks[p][i] = landing.square;
        Self::moved(
            fx,
            Self::square_site(from),
            Self::square_site(landing.square),
        );
        self.last = Some((
            Self::square_site(from).0,
            Self::square_site(landing.square).0,
        ));
        match landing.square {
            sq if CABLES.contains(&sq) => {
                self.storks[p][i] = 0;
                Self::moved(fx, Self::square_site(sq), Self::cables_site(player));
                Self::msg(
                    fx,
                    format!("{}'s stork falls on the cables", side_name(player)),
                );
                false
            }
            WIND => {
                Self::msg(
                    fx,
                    format!(
                        "The wind carries {}'s stork: throw again",
                        side_name(player)
                    ),
                );
                true
            }
            _ => false,
        }
    }

    fn check(&self) -> Result<(), GameError> {
        for p in 0..2u8 {
            let mut seen = Vec::new();
            for &s in &self.storks[usize::from(p)] {
                if s > AFRICA {
                    return Err(GameError::State(format!("a stork on square {s}")));
                }
                if CABLES.contains(&s) {
                    return Err(GameError::State(format!(
                        "a stork cannot stay on the cables square {s}"
                    )));
                }
                if s != 0 && s != AFRICA && seen.contains(&s) {
                    return Err(GameError::State(format!(
                        "two {} storks on square {s}",
                        side_name(p)
                    )));
                }
                seen.push(s);
            }
        }
        for s in 1..AFRICA {
            if self.occupied_by(0, s) && self.occupied_by(1, s) {
                return Err(GameError::State(format!(
                    "storks of both colours on square {s}"
                )));
            }
        }
        if self.phase == Phase::Wind && !self.occupied_by(self.to_move, WIND) {
            return Err(GameError::State(
                "the wind blows but no stork of the mover is on 28".into(),
            ));
        }
        self.check_turn().map_err(GameError::State)
    }

    /// Checks that the turn is one the game reaches: a finished race ends with the
    /// winner's move (so the other player is to throw), only one player can have
    /// finished, and a throw waiting for a choice shows a number that moves and has a
    /// legal move (a throw without one passes the turn at once).
    fn check_turn(&self) -> Result<(), String> {
        let home = |p: usize| self.storks[p].iter().all(|&s| s == AFRICA);
        if home(0) && home(1) {
            return Err(
                "both players have all six storks in Africa: the first to do so won".into(),
            );
        }
        if let Some(w) = self.winner()
            && (self.to_move == w || self.phase != Phase::Throw)
        {
            return Err(format!(
                "{} has won, so the race ended with its move: {} is to throw",
                side_name(w),
                side_name(1 - w)
            ));
        }
        if let Phase::Choose(t) = self.phase {
            let max = match self.randomiser {
                Randomiser::Coins => 4,
                Randomiser::Die => 6,
            };
            if t == 0 || t > max || self.randomiser.steps(t) == 0 {
                return Err(format!("a throw of {t} leaves nothing to choose"));
            }
            if self.options(t).is_empty() {
                return Err(format!(
                    "{} has no legal move for a throw of {t}: the turn would have passed",
                    side_name(self.to_move)
                ));
            }
        }
        Ok(())
    }
}

impl Storks {
    /// [`Game::apply`], its messages in English.
    fn apply_in_english(
        &mut self,
        mv: MoveId,
        effects: Option<&mut Vec<Effect>>,
    ) -> Result<(), GameError> {
        if self.winner().is_some() {
            return Err(GameError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(GameError::illegal(mv, "not legal here"));
        }
        let mut fx = effects;
        let player = self.to_move;
        match self.phase {
            Phase::Throw => {
                let t = self.randomiser.throw_of(mv).expect("a throw");
                self.last_throw = Some(t);
                Self::msg(
                    &mut fx,
                    format!(
                        "{} throws {}",
                        side_name(player),
                        self.randomiser.describe(t)
                    ),
                );
                if self.randomiser.steps(t) == 0 {
                    Self::msg(&mut fx, "Nothing to move: the turn passes".into());
                    self.end_turn();
                } else if self.options(t).is_empty() {
                    Self::msg(&mut fx, "No legal move: the turn passes".into());
                    self.end_turn();
                } else {
                    self.phase = Phase::Choose(t);
                }
            }
            Phase::Wind => {
                let t = self.randomiser.throw_of(mv).expect("a throw");
                self.last_throw = Some(t);
                let steps = self.randomiser.steps(t);
                Self::msg(
                    &mut fx,
                    format!("The wind: {}", self.randomiser.describe(t)),
                );
                if steps == 0 {
                    self.end_turn();
                } else if let Some(landing) = self.landing(player, WIND, steps) {
                    let again = self.resolve(player, WIND, landing, &mut fx);
                    debug_assert!(!again, "the wind cannot land on 28 again");
                    self.end_turn();
                } else {
                    Self::msg(
                        &mut fx,
                        "Illegal for the stork on 28: the wind throws again".into(),
                    );
                }
            }
            Phase::Choose(t) => {
                if mv.0 > ENTRY {
                    let square = (mv.0 - ENTRY) as u8;
                    let p = usize::from(player);
                    let i = self.storks[p]
                        .iter()
                        .position(|&s| s == 0)
                        .expect("a stork off the board");
                    self.storks[p][i] = square;
                    Self::moved(
                        &mut fx,
                        Self::cables_site(player),
                        Self::square_site(square),
                    );
                    self.last = Some((Self::cables_site(player).0, Self::square_site(square).0));
                    self.end_turn();
                } else {
                    let from = mv.0 as u8;
                    let landing = self
                        .landing(player, from, self.randomiser.steps(t))
                        .expect("a legal move lands");
                    if self.resolve(player, from, landing, &mut fx) {
                        self.phase = Phase::Wind;
                    } else {
                        self.end_turn();
                    }
                }
            }
        }
        if let Some(w) = self.winner() {
            Self::msg(&mut fx, format!("{} wins", side_name(w)));
        }
        Ok(())
    }
}

impl Game for Storks {
    fn manifest() -> Manifest {
        Manifest {
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
                    markdown: i18n::RULES_IT.into(),
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
            translations: [("it".to_string(), i18n::italian())].into(),
        }
    }

    fn new(options: &Options) -> Result<Self, GameError> {
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

    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        let bad = |reason: String| GameError::notation(notation, reason);
        let fields: Vec<&str> = notation.split_whitespace().collect();
        let [yellow, blue, side, phase] = fields[..] else {
            return Err(bad("expected `Y:… B:… SIDE PHASE`".into()));
        };
        let mut game = Self::new(options)?;
        for (p, (field, prefix)) in [(yellow, "Y:"), (blue, "B:")].into_iter().enumerate() {
            let list = field
                .strip_prefix(prefix)
                .ok_or_else(|| bad(format!("`{field}` should start with {prefix}")))?;
            let squares: Vec<u8> = list
                .split(',')
                .map(|s| {
                    s.parse::<u8>()
                        .map_err(|_| bad(format!("`{s}` is not a square")))
                })
                .collect::<Result<_, _>>()?;
            game.storks[p] = squares.try_into().map_err(|v: Vec<u8>| {
                bad(format!(
                    "{} storks for {}, expected 6",
                    v.len(),
                    side_name(p as u8)
                ))
            })?;
        }
        game.to_move = match side {
            "Y" => 0,
            "B" => 1,
            other => {
                return Err(bad(format!(
                    "the side to move is `{other}`, expected Y or B"
                )));
            }
        };
        game.phase = match phase.split_once(':') {
            None if phase == "throw" => Phase::Throw,
            None if phase == "wind" => Phase::Wind,
            Some(("choose", t)) => {
                let t: u8 = t
                    .parse()
                    .map_err(|_| bad(format!("`{t}` is not a throw")))?;
                let max = if game.randomiser == Randomiser::Coins {
                    4
                } else {
                    6
                };
                if t == 0 || t > max || game.randomiser.steps(t) == 0 {
                    return Err(bad(format!("a throw of {t} leaves nothing to choose")));
                }
                Phase::Choose(t)
            }
            _ => {
                return Err(bad(format!(
                    "the phase `{phase}` is throw, choose:N or wind"
                )));
            }
        };
        if let Phase::Choose(t) = game.phase {
            game.last_throw = Some(t);
        }
        game.check().map_err(|e| bad(e.to_string()))?;
        Ok(game)
    }

    fn notation(&self) -> String {
        let list = |p: usize| {
            let mut s = self.storks[p];
            s.sort_unstable();
            s.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
        };
        let phase = match self.phase {
            Phase::Throw => "throw".to_owned(),
            Phase::Choose(t) => format!("choose:{t}"),
            Phase::Wind => "wind".to_owned(),
        };
        format!(
            "Y:{} B:{} {} {phase}",
            list(0),
            list(1),
            if self.to_move == 0 { "Y" } else { "B" }
        )
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn layout(&self) -> Layout {
        let cell = 1.0;
        let gap = 1.12;
        let mut sites: Vec<Site> = (1..=AFRICA)
            .map(|sq| {
                let k = sq - 1;
                let row = k / 11;
                let col = if row == 1 { 10 - k % 11 } else { k % 11 };
                let (label, style) = match sq {
                    17 | 29 => (format!("{sq} cables"), "special"),
                    WIND => ("28 wind".to_owned(), "special"),
                    AFRICA => ("Africa".to_owned(), "special"),
                    _ => (sq.to_string(), "light"),
                };
                Site {
                    id: Self::square_site(sq),
                    shape: Shape::TrackCell,
                    center: [0.8 + f32::from(col) * gap, 1.0 + f32::from(row) * 1.5],
                    size: [cell, cell],
                    owner: None,
                    label,
                    style: style.into(),
                }
            })
            .collect();
        for p in 0..2u8 {
            sites.push(Site {
                id: Self::cables_site(p),
                shape: Shape::Store,
                center: [13.4, 1.0 + f32::from(p) * 3.0],
                size: [1.6, 1.2],
                owner: Some(p),
                label: format!("{} off the board", side_name(p)),
                style: String::new(),
            });
        }
        let dice = match self.randomiser {
            Randomiser::Coins => 4,
            Randomiser::Die => 1,
        };
        for d in 0..dice {
            sites.push(Site {
                id: SiteId(35 + d),
                shape: Shape::Pit,
                center: [3.5 + f32::from(d) * 1.1, 5.6],
                size: [0.8, 0.8],
                owner: None,
                label: if dice == 1 {
                    "die".into()
                } else {
                    format!("coin {}", d + 1)
                },
                style: String::new(),
            });
        }
        let links = (1..AFRICA)
            .map(|sq| Link {
                from: Self::square_site(sq),
                to: Self::square_site(sq + 1),
                kind: LinkKind::Path,
                label: String::new(),
            })
            .collect();
        let layout = Layout {
            size: [14.5, 6.4],
            sites,
            links,
        };
        if self.italian {
            i18n::IT.layout(layout)
        } else {
            layout
        }
    }

    fn view(&self) -> View {
        let mut sites = Vec::new();
        for sq in 1..=AFRICA {
            let mut pieces = Vec::new();
            for p in 0..2u8 {
                for _ in self.storks[usize::from(p)].iter().filter(|&&s| s == sq) {
                    pieces.push(Piece {
                        kind: "stork".into(),
                        owner: Some(p),
                        state: String::new(),
                    });
                }
            }
            if !pieces.is_empty() {
                sites.push((Self::square_site(sq), SiteContent::Stack { pieces }));
            }
        }
        for p in 0..2u8 {
            let off = self.storks[usize::from(p)]
                .iter()
                .filter(|&&s| s == 0)
                .count() as u32;
            sites.push((
                Self::cables_site(p),
                SiteContent::Count {
                    piece: Piece {
                        kind: "stork".into(),
                        owner: Some(p),
                        state: String::new(),
                    },
                    count: off,
                },
            ));
        }
        if let Some(t) = self.last_throw {
            match self.randomiser {
                Randomiser::Coins => {
                    for c in 0..4u8 {
                        let state = if c < t { "heads" } else { "tails" };
                        sites.push((
                            SiteId(35 + u16::from(c)),
                            SiteContent::Stack {
                                pieces: vec![Piece {
                                    kind: "coin".into(),
                                    owner: None,
                                    state: state.into(),
                                }],
                            },
                        ));
                    }
                }
                Randomiser::Die => sites.push((
                    SiteId(35),
                    SiteContent::Count {
                        piece: Piece::new("pip"),
                        count: u32::from(t),
                    },
                )),
            }
        }
        let over = self.winner().is_some();
        let panels = (0..2u8)
            .map(|p| {
                let storks = &self.storks[usize::from(p)];
                Panel {
                    seat: side_name(p).into(),
                    to_move: !over && p == self.to_move,
                    entries: vec![
                        PanelEntry::new(
                            "In Africa",
                            storks.iter().filter(|&&s| s == AFRICA).count(),
                        ),
                        PanelEntry::new(
                            "Off the board",
                            storks.iter().filter(|&&s| s == 0).count(),
                        ),
                    ],
                }
            })
            .collect();
        let status = match (self.winner(), self.phase) {
            (Some(w), _) => format!("{} wins: all six storks are in Africa", side_name(w)),
            (None, Phase::Throw) => format!("{} throws", side_name(self.to_move)),
            (None, Phase::Choose(t)) => format!(
                "{} moves {} ({})",
                side_name(self.to_move),
                self.randomiser.steps(t),
                self.randomiser.describe(t)
            ),
            (None, Phase::Wind) => format!("The wind: {} throws again", side_name(self.to_move)),
        };
        let view = View {
            sites,
            panels,
            last_move: self
                .last
                .map(|(a, b)| vec![SiteId(a), SiteId(b)])
                .unwrap_or_default(),
            status,
        };
        if self.italian {
            i18n::IT.view(view)
        } else {
            view
        }
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() {
            let scores =
                [0usize, 1].map(|p| self.storks[p].iter().filter(|&&s| s == AFRICA).count() as i64);
            let w = self.winner();
            return Turn::Over {
                outcome: Outcome {
                    seats: (0..2u8)
                        .map(|p| SeatOutcome {
                            result: if w == Some(p) {
                                GameResult::Win
                            } else {
                                GameResult::Loss
                            },
                            score: scores[usize::from(p)],
                        })
                        .collect(),
                },
            };
        }
        match self.phase {
            Phase::Throw | Phase::Wind => Turn::Chance {
                outcomes: self.randomiser.outcomes(),
            },
            Phase::Choose(_) => Turn::Seat { seat: self.to_move },
        }
    }

    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        if self.winner().is_some() {
            return;
        }
        match self.phase {
            Phase::Throw | Phase::Wind => {
                moves.extend(self.randomiser.outcomes().iter().map(|o| o.mv))
            }
            Phase::Choose(t) => moves.extend(self.options(t)),
        }
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(GameError::illegal(mv, "not legal here"));
        }
        if let Some(t) = self.randomiser.throw_of(mv) {
            return Ok(MoveInfo::new(mv, vec![], self.randomiser.describe(t)));
        }
        let Phase::Choose(t) = self.phase else {
            return Err(GameError::illegal(mv, "not legal here"));
        };
        if mv.0 > ENTRY {
            let square = (mv.0 - ENTRY) as u8;
            return Ok(MoveInfo::new(
                mv,
                vec![Self::cables_site(self.to_move)],
                format!("in{square}"),
            ));
        }
        let from = mv.0 as u8;
        let landing = self
            .landing(self.to_move, from, self.randomiser.steps(t))
            .ok_or_else(|| GameError::illegal(mv, "not legal here"))?;
        Ok(MoveInfo::new(
            mv,
            vec![Self::square_site(from)],
            format!("{from}-{}", landing.square),
        ))
    }

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        let mut effects = effects;
        let from = effects.as_ref().map_or(0, |e| e.len());
        let played = self.apply_in_english(mv, effects.as_deref_mut());
        if let (true, Some(e)) = (self.italian, effects) {
            i18n::IT.effects(&mut e[from..]);
        }
        played
    }

    fn set_language(&mut self, lang: &str) {
        self.italian = game_api::i18n::primary_language(lang) == "it";
    }

    fn check(&self) -> Result<(), GameError> {
        Storks::check(self)
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        // The lead in turns still needed, squashed into an estimate of the return.
        let needed = |p: usize| -> f64 {
            let travelling = self.storks[p].iter().filter(|&&s| s != AFRICA).count();
            let table = race::expected_turns(self.randomiser, travelling == 1);
            self.storks[p].iter().map(|&s| table[usize::from(s)]).sum()
        };
        let d = ((needed(1) - needed(0)) / LEAD_SCALE).tanh();
        Some(vec![d, -d])
    }
}

game_api::export_game!(Storks);
