use std::marker::PhantomData;

use arrayvec::ArrayVec;

use game_api::{
    Effect, Game, GameError, Group, Layout, Manifest, MoveId, MoveInfo, Options, Outcome, Panel,
    PanelEntry, Piece, PieceStyle, SiteContent, Turn, View,
};
use serde::{Deserialize, Serialize};

use crate::{
    Board, Config, Direction, Effects, GrandSlam, History, Rules, Side, board::Special, pieces, sow,
};

/// A mancala variant: what a mancala plugin writes. Everything else comes from the kit.
pub trait Variant:
    std::fmt::Debug + Clone + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The game's manifest (id, name, options, rules text).
    fn manifest() -> Manifest;

    /// The rules for these (already checked) options.
    fn config(options: &Options) -> Result<Config, GameError>;

    /// A hook called when the last seed of a turn has landed in `last` (after any relay
    /// and before the standard capture), for rules no parameter covers. Return `true`
    /// when the hook has dealt with the landing, to skip the standard capture.
    fn after_sowing(board: &mut Board, side: Side, last: usize, fx: &mut Effects<'_>) -> bool {
        let _ = (board, side, last, fx);
        false
    }

    /// The per-seed hook: called after every seed sown (the seeds of relays
    /// included), with the move's origin, the pit just sown, the seeds still in hand,
    /// the lap, the board, the mover and the effects, to capture (see
    /// [`SeedContext::take`](crate::SeedContext::take)) or stop the sowing
    /// ([`SeedAction`](crate::SeedAction)). It runs after the seed has gone into its
    /// pit (or a sink) and after any [`SowingCapture`](crate::SowingCapture), before
    /// the relay decision; [`Variant::after_sowing`] and the standard capture come after
    /// the turn's last seed. The default, `None`, has none, and lets unwatched sowing
    /// drop whole laps at once. The seed put back in the origin under
    /// [`Config::first_seed_in_origin`] is not sown: no per-seed rule sees it.
    /// The kit also sows moves on copies of the board to decide which are legal
    /// (feeding, grand slams): a hook must depend only on what it is given.
    ///
    /// An example is at [`SeedHook`](crate::SeedHook).
    fn seed_hook() -> Option<crate::SeedHook> {
        None
    }

    /// What the players call a sink house ([`Special::Sink`]) in this variant, for
    /// messages ("house c is a …"). The default: `sink`.
    const SINK_NAME: &'static str = "sink";

    /// What `game` is worth to its side to move, in hundredths of a seed, for the
    /// search engine. The default, [`crate::eval::evaluate`], weighs the score, the
    /// seeds on each side, mobility, houses of 1–2 seeds, full-lap houses and empty
    /// houses (its rustdoc has the table and the weights); a variant overrides it to
    /// add what its own rules reward.
    fn evaluate(game: &Mancala<Self>) -> i32 {
        crate::eval::evaluate(game)
    }

    /// Checks the sinks ([`Special::Sink`]) of a position read from a notation or a
    /// saved state, for a variant whose hook makes them; the reason says what is wrong
    /// and where. The default: the game has none.
    fn check_marks(board: &Board) -> Result<(), String> {
        match (0..board.ring_len()).find(|&p| matches!(board.mark(p), Special::Sink(_))) {
            Some(pit) => Err(format!(
                "{} is a {}, and this game has none",
                crate::validate::pit_name(board, pit),
                Self::SINK_NAME
            )),
            None => Ok(()),
        }
    }

    /// How this variant's pieces look, merged into the kit's [`piece_styles`]: a style
    /// for a kind the kit describes ([`pieces::SEED`], [`pieces::BIG_STONE`],
    /// [`pieces::BURNT`], [`pieces::SINK`]) replaces the kit's. The default: the kit's
    /// looks as they are.
    ///
    /// [`piece_styles`]: crate::piece_styles
    fn pieces() -> Vec<PieceStyle> {
        Vec::new()
    }

    /// Whether the kit builds endgame tables for this variant ([`crate::endgame`]): a
    /// variant opts in when no hook of its own changes the sowing. The default: no.
    fn endgame_tables() -> bool {
        false
    }

    /// The variant's stored opening solution for a game of `config`'s rules, if it has
    /// one ([`OpeningBook`](crate::OpeningBook)): the kit answers
    /// [`Game::opening_move`](game_api::Game::opening_move) from it, so the search plays
    /// the book's move there. A book is solved for one set of rules: give it only for
    /// those. The default: none.
    fn opening_book(config: &Config) -> Option<&'static crate::OpeningBook> {
        let _ = config;
        None
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Normal play.
    Play,
    /// Congkak's simultaneous opening: each player secretly chooses a house; South's
    /// choice, once made, waits here for North's.
    Opening {
        /// South's chosen house, once chosen.
        south: Option<usize>,
    },
    /// The game is over.
    Over,
}

/// A game of mancala variant `V`: the board, the side to move and the rules. Implements
/// [`Game`], so `game_api::export_game!(Mancala<MyVariant>)` makes a plugin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = "V: Variant"))]
pub struct Mancala<V> {
    /// The rules in force: the config, read through [`Rules`] (which holds the fast
    /// paths chosen once from it).
    pub config: Rules<V>,
    /// The seeds.
    pub board: Board,
    /// The side to move (after the game ends: the side that would have moved).
    pub to_move: Side,
    /// Where the game stands.
    pub phase: Phase,
    /// The round (Congkak's multi-round play), from 1.
    #[serde(default = "first_round")]
    pub round: u32,
    /// The rounds each side (South, North) has won in a match of rounds
    /// ([`Config::rounds`]): shown in the panels, saved with the state, left out of the
    /// notation (so that the positions of old records read the same) and of the
    /// position keys (it decides nothing). A position read from a notation starts it
    /// at 0-0; a record's replay counts it again.
    #[serde(default)]
    pub rounds_won: [u32; 2],
    /// The pits the last move was sown from.
    #[serde(default)]
    pub last_move: ArrayVec<usize, 2>,
    /// The positions seen since seeds were last banked, for the cycle rule.
    #[serde(default)]
    pub history: History,
    #[serde(skip)]
    variant: PhantomData<V>,
    /// The language of its texts ([`Game::set_language`]); not part of the position.
    #[serde(skip)]
    lang: crate::Lang,
    /// Whether the search evaluates with the threats ([`crate::eval::THREATS_FROM`]),
    /// set by [`Game::prepare_search`] on the search's copy; not part of the position.
    #[serde(skip)]
    pub(crate) long_search: bool,
}

/// The variant's rules for `options`, refused if the kit cannot lay out their board.
fn checked_config<V: Variant>(options: &Options) -> Result<Config, GameError> {
    fits(V::config(options)?)
}

/// `config`, refused if the kit cannot lay out its board.
fn fits(config: Config) -> Result<Config, GameError> {
    start_and_taker_fit(&config)?;
    match config.rows {
        1 => {}
        2 => return fits_four_rows(config),
        rows => {
            return Err(GameError::State(format!(
                "the rules ask for {rows} rows a side; the kit's boards have 1 or 2"
            )));
        }
    }
    let most = crate::board::MAX_HOUSES;
    if !(1..=most).contains(&config.houses) {
        return Err(GameError::State(format!(
            "the rules ask for {} houses a side; the kit's boards have 1 to {most}",
            config.houses
        )));
    }
    if config.capture == crate::Capture::Facing {
        return Err(GameError::State(
            "the facing capture reads four rows; these rules have two".into(),
        ));
    }
    holes_fit(&config)?;
    Ok(config)
}

/// Refuses the rules on where a move starts ([`Config::sow_from`], [`Config::min_sow`])
/// and directions by house ([`Direction::ByHouse`]) that the kit does not play together
/// (two rows only; directions by house and singletons last with the own row only, as
/// the simultaneous opening).
fn holes_fit(config: &Config) -> Result<(), GameError> {
    let refuse = |why: &str| Err(GameError::State(why.into()));
    if config.min_sow == 0 {
        return refuse("a house must hold at least one seed to be sown (`min_sow` 0)");
    }
    let by_house = matches!(config.direction, Direction::ByHouse(_));
    if config.sow_from != crate::SowFrom::Own
        && (by_house || config.singletons_last || config.simultaneous_opening)
    {
        return refuse(
            "sowing from the opponent's houses is not played with directions by house, \
             singletons last or a simultaneous opening",
        );
    }
    Ok(())
}

/// Refuses an uneven start ([`Config::start`]) that does not give one count to each
/// house, or that comes with rounds, and a capture for the owner
/// ([`Config::capture_taker`]) under a capture other than [`crate::Capture::Count`].
fn start_and_taker_fit(config: &Config) -> Result<(), GameError> {
    rounds_fit(config)?;
    if let Some(start) = &config.start {
        if start.counts().len() != config.houses {
            return Err(GameError::State(format!(
                "the start gives {} houses their seeds; a side has {}",
                start.counts().len(),
                config.houses
            )));
        }
        if config.rounds {
            return Err(GameError::State(
                "an uneven start is played in one round (rounds refill every house alike)".into(),
            ));
        }
        if start.per_side() == 0 {
            return Err(GameError::State(
                "the start puts no seeds on the board".into(),
            ));
        }
    }
    if config.capture_before_relay
        && !(config.relay == crate::Relay::Landing
            && matches!(config.capture, crate::Capture::Count { .. }))
    {
        return Err(GameError::State(
            "a capture before the relay is played with relays from the last seed's house and \
             the count capture only"
                .into(),
        ));
    }
    if config.capture_taker == crate::Taker::Owner
        && !matches!(config.capture, crate::Capture::Count { .. })
    {
        return Err(GameError::State(
            "a capture for the house's owner is played with the count capture only".into(),
        ));
    }
    Ok(())
}

/// Refuses rounds ([`Config::rounds`]) with rules a round cannot follow: refills (a
/// round refills the houses itself), mandarin squares (their stones belong to no one)
/// and seeds left to no one at the end (a round gives them to the houses' owners).
fn rounds_fit(config: &Config) -> Result<(), GameError> {
    if !config.rounds {
        if config.rounds_pass {
            return Err(GameError::State(
                "houses pass between rounds only in a match of rounds (`rounds`)".into(),
            ));
        }
        return Ok(());
    }
    if config.rounds_pass {
        pass_fits(config)?;
    }
    let why = if config.refill {
        "refills between turns (a round refills the houses itself)"
    } else if matches!(config.ends, crate::Ends::Mandarins(_)) {
        "mandarin squares (their stones belong to no one when a round ends)"
    } else if config.end
        == (crate::End::NoMove {
            remaining: crate::Remaining::Left,
        })
    {
        "seeds left to no one at the end (a round ends with each side taking its own)"
    } else {
        return Ok(());
    };
    Err(GameError::State(format!(
        "rounds are not played with {why}"
    )))
}

/// Refuses houses that pass between rounds ([`Config::rounds_pass`]) with rules that
/// read a house's owner from its row: moves from other holes than the mover's own
/// (`sow_from`), the opposite capture (its arithmetic is along the mover's
/// row) and four-row boards.
fn pass_fits(config: &Config) -> Result<(), GameError> {
    let why = if config.sow_from != crate::SowFrom::Own {
        "moves from other holes than the mover's own (`sow_from`)"
    } else if matches!(config.capture, crate::Capture::Opposite { .. }) {
        "the opposite capture (`capture = \"opposite\"`)"
    } else if config.rows != 1 {
        "four-row boards (`rows = 2`)"
    } else {
        return Ok(());
    };
    Err(GameError::State(format!(
        "houses that pass between rounds (`rounds = \"pass\"`) are not played with {why}"
    )))
}

/// A four-row `config` ([`Config::rows`] 2), refused unless its board and rules are
/// ones the kit plays on four rows.
fn fits_four_rows(config: Config) -> Result<Config, GameError> {
    let most = crate::board::MAX_FOUR_ROW_HOUSES;
    let refuse = |why: &str| Err(GameError::State(format!("four rows: {why}")));
    if !(2..=most).contains(&config.houses) || !config.houses.is_multiple_of(2) {
        return Err(GameError::State(format!(
            "the rules ask for {} houses a side on two rows; the kit's four-row boards \
             have 1 to {} houses a row",
            config.houses,
            most / 2
        )));
    }
    if config.ends != crate::Ends::None {
        return refuse("the board has no stores or end squares");
    }
    if !matches!(
        config.capture,
        crate::Capture::None | crate::Capture::Facing
    ) {
        return refuse("the captures are the facing capture or none");
    }
    if config.sowing_capture.is_some() {
        return refuse("no capture as seeds are sown");
    }
    if config.end == crate::End::MandarinsEmpty {
        return refuse("no mandarin squares, so no end on them");
    }
    if config.refill || config.rounds || config.simultaneous_opening {
        return refuse("no refills, rounds or simultaneous opening");
    }
    if matches!(config.direction, Direction::ByHouse(_)) || config.sow_from != crate::SowFrom::Own {
        return refuse("moves start in one's own houses, in one direction or a chosen one");
    }
    holes_fit(&config)?;
    Ok(config)
}

fn first_round() -> u32 {
    1
}

/// The most rounds a multi-round game plays before it is decided on the stores.
pub const MAX_ROUNDS: u32 = 50;

impl<V: Variant> Mancala<V> {
    /// A position from its parts, checked, with the end rules applied (a parsed position
    /// in which the game is over is over).
    pub fn from_parts(
        config: Config,
        board: Board,
        to_move: Side,
        phase: Phase,
        round: u32,
    ) -> Result<Self, GameError> {
        let mut game = Mancala {
            config: Rules::new(config),
            board,
            to_move,
            phase,
            round,
            rounds_won: [0, 0],
            last_move: ArrayVec::new(),
            history: History::default(),
            variant: PhantomData,
            lang: crate::Lang::En,
            long_search: false,
        };
        game.check()?;
        if game.phase == Phase::Play && game.match_over() {
            game.phase = Phase::Over;
        } else if game.phase == Phase::Play {
            let mut fx = Effects(None);
            if game.settle(true, &mut fx) {
                game.end_if_stuck(&mut fx);
            }
        }
        Ok(game)
    }

    /// Whether `other` is the same game state: every field but those not saved (the
    /// language of the texts, the search's choice of evaluation).
    pub(crate) fn same_state(&self, other: &Self) -> bool {
        let mut other = other.clone();
        other.lang = self.lang;
        other.long_search = self.long_search;
        *self == other
    }

    /// An empty board of `config` in normal play, South to move, unchecked: the
    /// endgame builder's scratch position.
    pub(crate) fn from_config_unchecked(config: Config) -> Self {
        Mancala {
            board: Board::of(&config),
            config: Rules::new(config),
            to_move: Side::South,
            phase: Phase::Play,
            round: 1,
            rounds_won: [0, 0],
            last_move: ArrayVec::new(),
            history: History::default(),
            variant: PhantomData,
            lang: crate::Lang::En,
            long_search: false,
        }
    }

    /// A new game under `config` (rules that need no option of a variant's manifest:
    /// the mancala-data loader's, read from a file), refused if the kit cannot lay out
    /// its board.
    pub fn with_config(config: Config) -> Result<Self, GameError> {
        let config = fits(config)?;
        let board = Board::start(&config);
        let phase = if config.simultaneous_opening {
            Phase::Opening { south: None }
        } else {
            Phase::Play
        };
        Self::from_parts(config, board, Side::South, phase, 1)
    }

    /// A game under `config` from a position notation (see the crate's notation), as
    /// [`Game::from_notation`] reads it for a variant's options.
    pub fn from_notation_with(config: Config, notation: &str) -> Result<Self, GameError> {
        let config = fits(config)?;
        let parsed = crate::notation::parse(&config, notation)?;
        let bad = |reason: String| GameError::notation(notation, reason);
        crate::validate::position::<V>(
            &config,
            &parsed.board,
            parsed.to_move,
            parsed.phase,
            parsed.round,
        )
        .map_err(bad)?;
        let game = Self::from_parts(
            config,
            parsed.board.clone(),
            parsed.to_move,
            parsed.phase,
            parsed.round,
        )?;
        // A position the game reaches is one its rules leave as it is: an empty row
        // that would have ended the game, houses that would have been refilled, a round
        // that would have begun cannot be written.
        if game.board != parsed.board
            || game.to_move != parsed.to_move
            || game.round != parsed.round
        {
            return Err(bad(format!(
                "this position cannot arise: the rules would already have made it `{}`",
                game.notation()
            )));
        }
        Ok(game)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The panel entries naming the houses `side` has made its sinks (a tuzdyk), by
    /// the house's label on the board: `Tuzdyk: e`.
    fn sink_entries(&self, side: Side) -> Vec<PanelEntry> {
        let mut name = V::SINK_NAME.to_owned();
        if let Some(first) = name.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        (0..self.board.ring_len())
            .filter(|&pit| self.board.mark(pit) == Special::Sink(side))
            .filter_map(|pit| match self.board.pit(pit) {
                crate::board::Pit::House(row, i) => {
                    Some(PanelEntry::new(&name, Self::house_name(row, i)))
                }
                _ => None,
            })
            .collect()
    }

    /// How many of `side`'s houses are burnt (out of play for the round).
    fn burnt_houses(&self, side: Side) -> u32 {
        (0..self.board.houses)
            .filter(|&i| self.board.mark(self.board.house(side, i)) == Special::Burnt)
            .count() as u32
    }

    /// The name of `side`'s house `i`: `a`, `b`… for South, `A`, `B`… for North.
    pub fn house_name(side: Side, i: usize) -> String {
        crate::notation::house_name(side, i)
    }

    /// `side`'s houses it may sow from before the feeding and grand-slam rules, one
    /// bit per house in its sowing order: the playable ones, and under
    /// [`Config::singletons_last`] those holding more than one seed if any does.
    #[inline]
    pub(crate) fn movable_mask(&self, side: Side) -> u32 {
        let houses = if self.plain_holes() {
            self.board.playable_mask(side)
        } else {
            self.hole_mask(side, |s| self.board.playable_mask(s))
        };
        if self.config.singletons_last {
            self.singletons_last(side, houses)
        } else {
            houses
        }
    }

    /// [`Mancala::movable_mask`] under [`Config::singletons_last`], out of line: the
    /// two-row games' search never comes here.
    #[cold]
    #[inline(never)]
    fn singletons_last(&self, side: Side, houses: u32) -> u32 {
        crate::board::plural_first(houses, self.board.plural_mask(side))
    }

    /// Writes the moves `side` could make before the feeding and grand-slam rules.
    fn candidates_into(&self, side: Side, moves: &mut Vec<MoveId>) {
        let mut houses = self.movable_mask(side);
        let chosen = self.per_hole() == 2;
        while houses != 0 {
            let i = houses.trailing_zeros();
            houses &= houses - 1;
            if chosen {
                for (k, forward) in [(0, true), (1, false)] {
                    if self.direction_allowed(side, i as usize, forward) {
                        moves.push(MoveId(2 * i + k));
                    }
                }
            } else {
                moves.push(MoveId(i));
            }
        }
    }

    /// Whether the feeding or grand-slam rule may remove candidate moves here (they need
    /// the moves played out to decide).
    pub(crate) fn filtered(&self) -> bool {
        self.phase == Phase::Play
            && ((self.config.must_feed && self.board.seeds_on_side(self.to_move.other()) == 0)
                || self.config.grand_slam == GrandSlam::Forbidden)
    }

    /// Writes the legal moves into `moves` (appending).
    pub(crate) fn legal_into(&self, moves: &mut Vec<MoveId>) {
        if self.phase == Phase::Over {
            return;
        }
        let start = moves.len();
        let side = self.to_move;
        self.candidates_into(side, moves);
        if !self.filtered() {
            return;
        }
        if self.config.must_feed && self.board.seeds_on_side(side.other()) == 0 {
            let mut i = start;
            while i < moves.len() {
                let mut next = self.board.clone();
                self.sow_on(&mut next, moves[i], &mut Effects(None));
                if next.seeds_on_side(side.other()) > 0 {
                    i += 1;
                } else {
                    moves.remove(i);
                }
            }
        }
        if self.config.grand_slam == GrandSlam::Forbidden {
            let fair: Vec<MoveId> = moves[start..]
                .iter()
                .copied()
                .filter(|&m| {
                    !self
                        .sow_on(&mut self.board.clone(), m, &mut Effects(None))
                        .grand_slam
                })
                .collect();
            if !fair.is_empty() {
                moves.truncate(start);
                moves.extend(fair);
            }
        }
    }

    fn legal(&self) -> Vec<MoveId> {
        let mut moves = Vec::new();
        self.legal_into(&mut moves);
        moves
    }

    /// Whether `mv` is legal, without listing the moves when no rule filters them.
    fn is_legal(&self, mv: MoveId) -> bool {
        self.is_playable(mv) && (!self.filtered() || self.legal().contains(&mv))
    }

    /// Whether `mv` sows from a house of the side to move that can be sown from, before
    /// the feeding and grand-slam rules.
    #[inline]
    fn is_playable(&self, mv: MoveId) -> bool {
        if !self.plain_holes() {
            return self.hole_playable(mv);
        }
        if self.phase == Phase::Over {
            return false;
        }
        let limit = match self.config.direction {
            Direction::Anticlockwise => self.config.houses,
            Direction::Chosen | Direction::ByHouse(_) => 2 * self.config.houses,
        };
        if mv.0 as usize >= limit {
            return false;
        }
        let (i, _) = self.decode(mv);
        if self.config.singletons_last {
            let houses = self.board.playable_mask(self.to_move);
            return self.singletons_last(self.to_move, houses) & (1 << i) != 0;
        }
        // One house's test, not the row's mask: search asks this at every node.
        self.board.playable(self.board.house(self.to_move, i))
    }

    /// [`Mancala::is_playable`] under the rules on where a move starts and which way it
    /// sows that the one-house test does not play ([`Mancala::plain_holes`]).
    #[inline(never)]
    fn hole_playable(&self, mv: MoveId) -> bool {
        if self.phase == Phase::Over || mv.0 as usize >= self.holes() * self.per_hole() {
            return false;
        }
        let (i, forward) = self.decode(mv);
        self.direction_allowed(self.to_move, i, forward)
            && self.movable_mask(self.to_move) & (1 << i) != 0
    }

    /// Whether the side to move has a legal move.
    pub(crate) fn has_legal(&self) -> bool {
        if self.phase == Phase::Over {
            return false;
        }
        if self.filtered() {
            return !self.legal().is_empty();
        }
        self.movable_mask(self.to_move) != 0
    }

    /// The move a random playout draws: the same draw from the same list as the generic
    /// playout, without writing the list out when no rule filters it.
    #[inline]
    pub(crate) fn random_move(
        &self,
        rng: &mut game_api::Rng,
        moves: &mut Vec<MoveId>,
    ) -> Option<MoveId> {
        // Under directions set by the house, holes give one move or two: the list.
        if self.filtered() || matches!(self.config.direction, Direction::ByHouse(_)) {
            moves.clear();
            self.legal_into(moves);
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
        }
        let per_house = self.per_hole();
        let houses = self.movable_mask(self.to_move);
        let count = houses.count_ones() as usize * per_house;
        if count == 0 {
            return None;
        }
        let k = rng.below(count);
        let i = crate::board::nth_set_bit(houses, (k / per_house) as u32) as usize;
        Some(MoveId((i * per_house + k % per_house) as u32))
    }

    /// Plays a move known to be legal and applies every rule after it but the last:
    /// returns whether the side to move must still be checked for a legal move
    /// ([`Mancala::end_if_stuck`]). The random playout leaves that check to its own
    /// move draw, which finds the same thing.
    pub(crate) fn play_legal(&mut self, mv: MoveId, fx: &mut Effects<'_>) -> bool {
        let side = self.to_move;
        let (i, _) = self.decode(mv);
        let origin = if self.plain_holes() {
            self.board.house(side, i)
        } else {
            self.hole_pit(side, i)
        };
        match self.phase {
            Phase::Opening { south: None } => {
                self.phase = Phase::Opening { south: Some(i) };
                self.to_move = Side::North;
                self.last_move.clear();
                self.last_move.push(origin);
                return false;
            }
            Phase::Opening { south: Some(s) } => {
                let origins = [self.board.house(Side::South, s), origin];
                self.last_move = origins.into_iter().collect();
                self.to_move =
                    sow::sow_simultaneous::<V>(&mut self.board, &self.config, origins, fx);
                self.phase = Phase::Play;
                return self.settle(true, fx);
            }
            Phase::Play | Phase::Over => {}
        }
        self.last_move.clear();
        self.last_move.push(origin);
        let before = self.banked();
        let sown = self.sow_on_self(mv, fx);
        if !sown.extra_turn {
            self.to_move = side.other();
        }
        let banked = before != self.banked();
        // A position repeats only with the same scores, and scores only grow (without
        // refills): once seeds are banked no earlier position can come back, so the
        // cycle history starts afresh. This keeps it short and copies cheap.
        if banked && !self.config.refill {
            self.history.clear();
        }
        self.settle(banked, fx)
    }

    fn banked(&self) -> [u32; 2] {
        Side::BOTH.map(|s| self.board.bank_of(s))
    }

    fn sow_on(&self, board: &mut Board, mv: MoveId, fx: &mut Effects<'_>) -> sow::Sown {
        let (i, forward) = self.decode(mv);
        let (owner, i) = self.hole(self.to_move, i);
        let origin = board.house(owner, i);
        sow::sow_turn::<V>(board, &self.config, self.to_move, origin, forward, fx)
    }

    fn status(&self) -> String {
        match self.turn() {
            Turn::Over { outcome } => {
                let [s, n] = [outcome.seats[0].score, outcome.seats[1].score];
                match s.cmp(&n) {
                    std::cmp::Ordering::Greater => format!("South wins {s}–{n}"),
                    std::cmp::Ordering::Less => format!("North wins {n}–{s}"),
                    std::cmp::Ordering::Equal => format!("Draw {s}–{n}"),
                }
            }
            _ => {
                let round = if self.config.rounds {
                    format!("Round {}: ", self.round)
                } else {
                    String::new()
                };
                match self.phase {
                    Phase::Opening { south: None } => {
                        format!("{round}Opening: South chooses a house")
                    }
                    Phase::Opening { south: Some(_) } => {
                        format!("{round}Opening: North chooses a house")
                    }
                    _ => format!("{round}{} to move", self.to_move.name()),
                }
            }
        }
    }
}

impl<V: Variant> Game for Mancala<V> {
    /// The variant's manifest, promising no chance events unless the variant says
    /// otherwise: sowing has none.
    fn manifest() -> Manifest {
        let manifest = V::manifest();
        match manifest.chance {
            Some(_) => manifest,
            None => manifest.with_chance(false),
        }
    }

    fn new(options: &Options) -> Result<Self, GameError> {
        Self::with_config(checked_config::<V>(options)?)
    }

    fn from_notation(options: &Options, notation: &str) -> Result<Self, GameError> {
        Self::from_notation_with(checked_config::<V>(options)?, notation)
    }

    fn notation(&self) -> String {
        crate::notation::write(
            &self.config,
            &self.board,
            self.to_move,
            self.phase,
            self.round,
        )
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn layout(&self) -> Layout {
        self.lang.layout(Layout {
            pieces: crate::pieces::merged(V::pieces()),
            ..crate::layout::layout(&self.board)
        })
    }

    fn view(&self) -> View {
        let seed = Piece::new(pieces::SEED);
        let big = Piece::new(pieces::BIG_STONE);
        // Big stones and seeds on one site: each group with its count.
        let with_big = |big_stones: u32, seeds: u32| -> SiteContent {
            if big_stones == 0 {
                SiteContent::Count {
                    piece: seed.clone(),
                    count: seeds,
                }
            } else {
                SiteContent::Groups {
                    groups: vec![
                        Group::new(big.clone(), big_stones),
                        Group::new(seed.clone(), seeds),
                    ],
                }
            }
        };
        let content = |pit: usize| -> SiteContent {
            let b = &self.board;
            match b.mark(pit) {
                Special::Burnt => SiteContent::Stack {
                    pieces: vec![Piece::new(pieces::BURNT)],
                },
                Special::Sink(owner) => SiteContent::Stack {
                    pieces: vec![Piece {
                        owner: Some(owner.seat()),
                        ..Piece::new(pieces::SINK)
                    }],
                },
                Special::Normal if b.held() & (1 << pit) != 0 => SiteContent::Groups {
                    groups: vec![
                        Group::new(
                            Piece {
                                owner: b.house_owner(pit).map(Side::seat),
                                ..Piece::new(pieces::HELD)
                            },
                            1,
                        ),
                        Group::new(seed.clone(), b.pits[pit]),
                    ],
                },
                Special::Normal => with_big(b.big[pit], b.pits[pit]),
            }
        };
        let mut sites: Vec<_> = (0..self.board.ring_len())
            .map(|pit| (sow::site(pit), content(pit)))
            .collect();
        if self.board.store(Side::South).is_none() {
            for s in Side::BOTH {
                sites.push((
                    sow::score_site(&self.board, s),
                    with_big(
                        self.board.captured_big[s.index()],
                        self.board.captured[s.index()],
                    ),
                ));
            }
        }
        let over = self.is_over();
        let panels = Side::BOTH
            .map(|s| {
                let i = s.index();
                let mut entries = vec![
                    PanelEntry::new(
                        if self.board.store(s).is_some() {
                            "Store"
                        } else {
                            "Captured"
                        },
                        self.board.bank_of(s),
                    ),
                    PanelEntry::new("In houses", self.board.seeds_on_side(s)),
                ];
                entries.extend(self.sink_entries(s));
                if self.board.big_value() > 0 {
                    entries.push(PanelEntry::new("Mandarins", self.board.captured_big[i]));
                }
                if self.config.rounds {
                    entries.push(PanelEntry::new("Rounds won", self.rounds_won[i]));
                    if self.config.rounds_pass {
                        let owned = self.board.owned_mask(s).count_ones();
                        entries.push(PanelEntry::new("Houses owned", owned));
                    } else {
                        entries.push(PanelEntry::new("Houses out of play", self.burnt_houses(s)));
                    }
                }
                if self.board.loans.iter().any(|&l| l > 0) {
                    entries.push(PanelEntry::new("Borrowed", self.board.loans[i]));
                }
                // The score, in games where it is more than the store (big stones,
                // loans); elsewhere the store says it already.
                if self.board.big_value() > 0 || self.board.loans.iter().any(|&l| l > 0) {
                    entries.push(PanelEntry::new("Score", self.board.score(s)));
                }
                Panel {
                    seat: s.name().into(),
                    to_move: !over && s == self.to_move,
                    entries,
                }
            })
            .into();
        self.lang.view(View {
            sites,
            panels,
            last_move: self.last_move.iter().map(|&p| sow::site(p)).collect(),
            status: self.status(),
        })
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over {
                outcome: Outcome::from_scores(&self.final_scores()),
            }
        } else {
            Turn::Seat {
                seat: self.to_move.seat(),
            }
        }
    }

    fn legal_moves(&self, moves: &mut Vec<MoveId>) {
        self.legal_into(moves);
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        if !self.is_legal(mv) {
            return Err(self.refusal(mv));
        }
        let (j, forward) = self.decode(mv);
        let (owner, i) = self.hole(self.to_move, j);
        let name = Self::house_name(owner, i);
        let pit = self.board.house(owner, i);
        let mut info = MoveInfo::new(mv, vec![sow::site(pit)], name.clone());
        // A digit for the mover's own houses; the opponent's have none.
        info.key = (owner == self.to_move).then(|| (i + 1).to_string());
        let chosen = match self.config.direction {
            Direction::Anticlockwise => false,
            Direction::Chosen => true,
            Direction::ByHouse(dirs) => dirs.of(i) == crate::HouseDirection::Chosen,
        };
        if chosen {
            // Anticlockwise is to the mover's right along their own row.
            let (label, arrow, suffix) = match (forward, self.to_move) {
                (true, Side::South) => ("anticlockwise", "ArrowRight", ">"),
                (false, Side::South) => ("clockwise", "ArrowLeft", "<"),
                (true, Side::North) => ("anticlockwise", "ArrowLeft", ">"),
                (false, Side::North) => ("clockwise", "ArrowRight", "<"),
            };
            info.choice = Some(self.lang.text(label));
            info.key = Some(arrow.into());
            info.notation = format!("{name}{suffix}");
        }
        Ok(info)
    }

    fn apply(&mut self, mv: MoveId, effects: Option<&mut Vec<Effect>>) -> Result<(), GameError> {
        if !self.is_legal(mv) {
            return Err(self.refusal(mv));
        }
        let mut fx = Effects(effects);
        if self.play_legal(mv, &mut fx) {
            self.end_if_stuck(&mut fx);
        }
        if let Some(effects) = fx.0 {
            self.lang.effects(effects);
        }
        Ok(())
    }

    /// [`Game::apply`] without deciding again whether the feeding and grand-slam rules
    /// allow the move (which sows the moves out on copies): only that the house can be
    /// sown from.
    fn apply_legal(&mut self, mv: MoveId) -> Result<(), GameError> {
        if !self.is_playable(mv) {
            return Err(self.refusal(mv));
        }
        debug_assert!(
            self.is_legal(mv),
            "{mv} is not legal in {}",
            self.notation()
        );
        let mut fx = Effects(None);
        if self.play_legal(mv, &mut fx) {
            self.end_if_stuck(&mut fx);
        }
        Ok(())
    }

    fn set_language(&mut self, lang: &str) {
        self.lang = crate::Lang::from_tag(lang);
    }

    /// The random playout without the per-move checks of the generic one (the moves
    /// come from the legal list), making exactly the same draws (`playout.rs`).
    fn playout(&mut self, rng: &mut game_api::Rng) -> Result<Outcome, GameError> {
        self.random_playout(rng)
    }

    fn check(&self) -> Result<(), GameError> {
        let c = &self.config;
        let b = &self.board;
        let expected = 2 * c.houses + if c.ends == crate::Ends::None { 0 } else { 2 };
        // Rules read from a saved state: ones the kit plays on its boards.
        fits(c.config().clone())?;
        if b.rows != c.rows {
            return Err(GameError::State(format!(
                "the board has {} rows a side, the rules {}",
                b.rows, c.rows
            )));
        }
        if b.houses != c.houses || b.ends != c.ends || b.pits.len() != expected {
            return Err(GameError::State(format!(
                "the board ({} houses a side, {} pits) does not fit the rules ({} houses a side, {expected} pits)",
                b.houses,
                b.pits.len(),
                c.houses
            )));
        }
        if b.big.len() != expected || !b.marks_fit() {
            return Err(GameError::State(
                "the board's marks do not cover every pit".into(),
            ));
        }
        if let Some(&pit) = self.last_move.iter().find(|&&p| p >= b.ring_len()) {
            return Err(GameError::State(format!("the last move names pit {pit}")));
        }
        if let Phase::Opening { south: Some(i) } = self.phase
            && i >= c.houses
        {
            return Err(GameError::State(format!("the opening names house {i}")));
        }
        crate::validate::position::<V>(c, b, self.to_move, self.phase, self.round)
            .map_err(GameError::State)?;
        crate::validate::rounds_won(c, self.round, self.rounds_won).map_err(GameError::State)
    }

    /// The variant's search heuristic ([`Variant::evaluate`]: the seeds captured or
    /// banked first, then the board), as a share of the game's seeds for each seat,
    /// within −1 to 1. The host's greedy bot plays by it, looking at the position a
    /// move leaves: its captures, relays and sowing captures are all in it. (The final
    /// scores it replaces, each side's score plus its own row, saw no capture from the
    /// capturer's own row and no sowing capture for a hole's owner: greedy played
    /// Pallanguzhi's rules no better than random.)
    fn evaluate(&self) -> Option<Vec<f64>> {
        let total = f64::from(self.config.total_seeds().max(1));
        let scale = f64::from(game_api::search::EVAL_SCALE) * total;
        let mover = f64::from(V::evaluate(self)) / scale;
        let south = match self.to_move {
            Side::South => mover,
            Side::North => -mover,
        }
        .clamp(-1.0, 1.0);
        Some(vec![south, -south])
    }

    /// From the variant's opening book ([`Variant::opening_book`]), where it holds the
    /// position and its move is legal here.
    fn opening_move(&self) -> Option<(MoveId, i32)> {
        let book = V::opening_book(&self.config)?;
        let entry = book.get(&self.notation())?;
        let mut moves = Vec::new();
        self.legal_into(&mut moves);
        let mv = moves.into_iter().find(|&m| {
            self.move_info(m)
                .is_ok_and(|info| info.notation == entry.mv)
        })?;
        Some((mv, entry.value))
    }

    /// From the kit's endgame tables, once loaded ([`crate::endgame`]).
    fn exact_value(&self) -> Option<i32> {
        crate::endgame::exact_value(self)
    }

    fn endgame_tables(&self, request: &str) -> Result<String, GameError> {
        crate::endgame::request(self, request)
    }

    /// The game's whole value (its seeds, each big stone at its worth) less what both
    /// sides have banked: the seeds and big stones still on the board.
    fn value_in_play(&self) -> Option<u32> {
        let big = match self.config.ends {
            crate::Ends::Mandarins(m) => 2 * m.big_stone,
            _ => 0,
        };
        let total = i64::from(self.config.total_seeds() + big);
        let banked = self.board.score(Side::South) + self.board.score(Side::North);
        u32::try_from((total - banked).max(0)).ok()
    }

    fn search_eval(&self) -> Option<i32> {
        Some(crate::search::search_eval(self))
    }

    /// The threats are counted in searches of [`crate::eval::THREATS_FROM`] or more.
    fn prepare_search(&mut self, time: Option<std::time::Duration>) {
        self.long_search = time.is_some_and(|t| t >= crate::eval::THREATS_FROM);
    }

    fn final_margin(&self, seat: u8) -> Option<i32> {
        crate::search::final_margin(self, seat)
    }

    fn score_bounds(&self) -> Option<(i32, i32)> {
        crate::search::score_bounds(self)
    }

    fn move_order_hint(&self, mv: MoveId) -> i32 {
        crate::search::move_order_hint(self, mv)
    }

    /// The move's id: with anticlockwise sowing, the house nearest the store first.
    fn solve_order_hint(&self, mv: MoveId) -> i32 {
        mv.0 as i32
    }

    fn solve_key(&self) -> Option<(u64, i32)> {
        crate::search::solve_key(self)
    }

    /// The cycle rule's key of the houses, scores and side to move ([`History::key`]:
    /// one multiply-add per number), with the rarer state (big stones, loans, marks,
    /// the phase, the round) added only where there is some, spread over all 64 bits.
    /// Under the cycle rule it also covers the positions seen since the last capture
    /// (as a set, [`History::fingerprint`]) once there is more than the current one:
    /// they decide which moves end the game by repetition, so the same board with
    /// another record is another position for the exact solver's table (else a value
    /// found where a move repeated would be reused where it does not).
    fn state_hash(&self) -> u64 {
        let mut key = self.board_key();
        if self.history.len() > 1 {
            key ^= self.history.fingerprint();
        }
        game_api::search::mix(key)
    }

    /// [`Game::state_hash`] without the cycle record: the heuristic search shares what
    /// it learnt about a board between the histories that reach it. Keyed on the record
    /// too, almost no position of a capture-free stretch of Oware is met twice, and the
    /// search of the small endgames where cycles end the game stays shallow (the record
    /// of the match that showed it: `docs/benchmarks/aalina.md`, session 9).
    fn search_hash(&self) -> u64 {
        game_api::search::mix(self.board_key())
    }
}

impl<V: Variant> Mancala<V> {
    /// The key of the board, the side to move and the rarer state, before mixing
    /// ([`Game::state_hash`], [`Game::search_hash`]).
    #[inline]
    fn board_key(&self) -> u64 {
        let mut key = History::key(&self.board, self.to_move);
        let phase = match self.phase {
            Phase::Play => 0,
            Phase::Over => 1,
            Phase::Opening { south: None } => 2,
            Phase::Opening { south: Some(i) } => 3 + i as u64,
        };
        let rest = self.board.rare_key() ^ phase ^ (u64::from(self.round) << 40);
        if rest != 1 << 40 {
            key ^= game_api::search::mix(rest.wrapping_add(0x5851_f42d_4c95_7f2d));
        }
        key
    }

    fn sow_on_self(&mut self, mv: MoveId, fx: &mut Effects<'_>) -> sow::Sown {
        let (i, forward) = self.decode(mv);
        let origin = self.hole_pit(self.to_move, i);
        sow::sow_turn::<V>(
            &mut self.board,
            &self.config,
            self.to_move,
            origin,
            forward,
            fx,
        )
    }

    fn refusal(&self, mv: MoveId) -> GameError {
        if self.is_over() {
            return GameError::GameOver;
        }
        let (j, forward) = self.decode(mv);
        if j >= self.holes() {
            let reason = format!("there are only {} houses", self.holes());
            return GameError::illegal(mv, self.lang.text(&reason));
        }
        let (owner, i) = self.hole(self.to_move, j);
        let pit = self.board.house(owner, i);
        let name = Self::house_name(owner, i);
        let min_sow = self.config.min_sow;
        let reason = match self.board.mark(pit) {
            Special::Burnt => format!("house {name} is burnt"),
            Special::Sink(_) => format!("house {name} is a {}", V::SINK_NAME),
            Special::Normal if self.board.pits[pit] == 0 => format!("house {name} is empty"),
            Special::Normal if self.board.pits[pit] < min_sow => {
                format!("house {name} holds fewer than {min_sow} seeds")
            }
            Special::Normal if !self.direction_allowed(self.to_move, j, forward) => {
                let way = if forward {
                    "anticlockwise"
                } else {
                    "clockwise"
                };
                format!("house {name} does not sow {way}")
            }
            Special::Normal
                if self.config.must_feed && self.board.seeds_on_side(self.to_move.other()) == 0 =>
            {
                format!("house {name} does not give the opponent any seeds")
            }
            Special::Normal => format!("house {name} would capture every seed of the opponent"),
        };
        GameError::illegal(mv, self.lang.text(&reason))
    }
}
