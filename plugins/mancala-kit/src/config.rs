use serde::{Deserialize, Serialize};

use crate::{Counts, HouseDirections, Side, SowFrom, Start};

/// The rules of a mancala variant, as data: every rule that differs between the games
/// of the family is one of these parameters. What no parameter covers goes into a
/// [`Variant`](crate::Variant) hook.
///
/// ```
/// let kalah = mancala_kit::Config::kalah(6, 4);
/// assert_eq!(kalah.total_seeds(), 48);
/// let oware = mancala_kit::Config::oware(4);
/// assert!(oware.skip_origin && oware.must_feed);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Houses per side (over all of a side's rows: 14 for Hawalis's two rows of 7).
    pub houses: usize,
    /// Rows per side: 1 for the two-row games, 2 for the four-row games (Hawalis, Bao,
    /// Omweso…), where each player sows round their own two rows only — the outer row
    /// from their left, the inner row back — and captures read the facing rows
    /// ([`Capture::Facing`]). A four-row board has no end pits, at most 8 houses a row,
    /// and takes the rules that read a ring of houses without stores: relays (sown
    /// round the mover's track), [`Capture::None`] or [`Capture::Facing`], no sowing
    /// capture, the end rules [`End::SideEmpty`], [`End::Majority`] and [`End::NoMove`],
    /// no refills, rounds or simultaneous opening.
    #[serde(default = "one_row")]
    pub rows: usize,
    /// Seeds per house at the start (unless [`Config::start`] gives each house its own
    /// count); also what a house is refilled with between rounds.
    pub seeds: u32,
    /// Uneven starts: the seeds each house holds at the start, house 1 first, the same
    /// on both sides (Pallanguzhi's 12 in each cup but 2 in the middle one). `None`:
    /// [`Config::seeds`] in every house. Its length is [`Config::houses`]; it is not
    /// played with [`Config::rounds`] (a round refills houses with `seeds`).
    #[serde(default)]
    pub start: Option<Start>,
    /// What stands at the two ends of the rows, inside the sowing ring.
    pub ends: Ends,
    /// Which way seeds are sown.
    pub direction: Direction,
    /// Sowing never drops a seed in the pit it started from (Oware with 12+ seeds).
    ///
    /// Under a [`Relay`], the pit skipped is the move's starting pit, for the whole
    /// turn: every relay's seeds pass over it too. A relay's own pit is never skipped:
    /// emptied when its seeds are lifted, it takes a seed like any other pit when the
    /// sowing comes round to it.
    pub skip_origin: bool,
    /// Sowing never drops a seed in the opponent's store.
    pub skip_opponent_store: bool,
    /// The first seed goes back into the house it was lifted from (Togyz Kumalak); a
    /// house holding a single seed moves it to the next house.
    pub first_seed_in_origin: bool,
    /// Whether and how sowing goes on after the last seed.
    ///
    /// A turn of relays always ends. Should a relay sowing never end by itself — the
    /// sowing comes to lift seeds from a pit it has already relayed from in this turn,
    /// with every pit holding what it held then, so that it would go round the same
    /// way for ever — the kit ends the turn there: the seeds stay where they were sown,
    /// the effects carry the message "The sowing came round to a position it had already
    /// reached: the turn ends", and nothing that follows a last seed applies (no extra
    /// turn, no [`Variant::after_sowing`](crate::Variant::after_sowing), no capture).
    /// Sowing captures and the seed hook made on the way stand. This guard is per turn
    /// only: a game that comes back to the same position turn after turn is ended by
    /// [`Config::cycle_ends_game`], not by it.
    pub relay: Relay,
    /// The last seed in one's own store gives another move.
    pub extra_turn_in_own_store: bool,
    /// What the last seed captures.
    pub capture: Capture,
    /// Who takes what [`Capture::Count`] captures: [`Taker::Mover`], the player sowing
    /// (the usual rule), or [`Taker::Owner`], the owner of each house taken (Enindji:
    /// a last seed that makes a house hold four gives them to that house's owner, who
    /// may be the mover's opponent). Read only with [`Capture::Count`].
    #[serde(default = "mover")]
    pub capture_taker: Taker,
    /// Capture before the relay (Whyo): under [`Relay::Landing`] and [`Capture::Count`],
    /// a last seed that makes its house hold a capturing count is captured there and
    /// the turn ends, instead of lifting that house and sowing on. Without it, a last
    /// seed in an occupied house always relays, and the capture is looked at only where
    /// the turn's last relay ends. Read only with those two rules.
    #[serde(default)]
    pub capture_before_relay: bool,
    /// What any seed captures as it is sown: a house it makes hold one of a set of
    /// counts is taken (Pallanguzhi's four). `None`: nothing.
    #[serde(default)]
    pub sowing_capture: Option<SowingCapture>,
    /// What happens when a capture would take every seed the opponent has.
    pub grand_slam: GrandSlam,
    /// A player whose opponent has no seeds must give them some if any move can.
    pub must_feed: bool,
    /// When the game ends.
    pub end: End,
    /// A repeated position (houses, scores, side to move) ends the game, each side
    /// taking the seeds on its own side (on a board of mandarin squares, also the square
    /// at the right-hand end of its row, big stone included). Loans do not count in the
    /// position: under [`Config::refill`] a player who borrows again and again to refill
    /// brings the same position back with a larger debt, and that too ends the game.
    ///
    /// The positions are recorded from the last time seeds were banked (a position
    /// with other scores cannot come back; under [`Config::refill`], which can lower a
    /// score, from the start), and the game ends at the first position reached a second
    /// time. Without it, the kit never ends a game for going round in
    /// circles: a variant in which the players can keep bringing back the same
    /// positions — late in a game, two lone seeds, one a side, chasing each other round
    /// the board while a feeding rule makes each player send theirs across in turn —
    /// must set it, or end such games by a rule of its own (a hook, an end rule). Random
    /// play often wanders off such a line; bots that play for a purpose keep to it.
    /// `tavola check` plays games between the host's bots (greedy, random, a short
    /// search) and refuses a variant whose game keeps coming back to a position, with
    /// the position, the line of play from it back to it, and a pointer here.
    pub cycle_ends_game: bool,
    /// A player whose houses are all empty at the start of their turn puts one seed
    /// from their captured stock in each, borrowing the shortfall (Ô Ăn Quan's thả cá).
    pub refill: bool,
    /// Play several rounds: after a round the players refill their houses from their
    /// stores (or captured stocks) and houses that cannot be filled are burnt (Congkak,
    /// Oware's match of rounds); the match ends when a player cannot fill one.
    pub rounds: bool,
    /// With [`Config::rounds`]: the houses a side cannot fill after a round are not
    /// burnt but pass to the other side, when it can fill more houses than it owns
    /// (Nam-Nam, Oware as played in Ghana: "those houses filled, on the opponent's side
    /// now become part of their territory"). The match ends when a side cannot fill one
    /// house. Moves are then numbered as under [`SowFrom::Both`](crate::SowFrom::Both)
    /// (the mover's row, then the other), a move from a held house taking that house's
    /// name; see [`Board::held`](crate::Board::held).
    pub rounds_pass: bool,
    /// Both players make their first move at the same time, sowing in lock-step
    /// (Congkak).
    pub simultaneous_opening: bool,
    /// Ô Ăn Quan's *quan non*: a mandarin square still holding its big stone and fewer
    /// than this many small stones cannot be captured.
    pub quan_non: Option<u32>,
    /// A house holding a single seed may be sown only when none of the mover's houses
    /// holds more (Hawalis).
    #[serde(default)]
    pub singletons_last: bool,
    /// Passing: a player who cannot move when their turn comes passes, and the other
    /// player moves again (Vai Lung Thlan); the game ends only when neither can move,
    /// the seeds left going as the end rule says. Without it, a player who cannot move
    /// ends the game ([`Mancala`](crate::Mancala)'s no-move end). The pass is not a
    /// move: the effects carry the message "South cannot move: the turn passes".
    #[serde(default)]
    pub pass_when_stuck: bool,
    /// Whose houses a move may start from: the mover's own ([`SowFrom::Own`], the usual
    /// rule), either player's ([`SowFrom::Both`]: Eson Khorgol's holes have no owner) or
    /// the opponent's only ([`SowFrom::Opponent`]: Tap Urdy). Two rows only.
    #[serde(default)]
    pub sow_from: SowFrom,
    /// The fewest seeds a house must hold to be sown from: 1, the usual rule; 2 when
    /// single seeds are never sown (Um el-Bagara). A player whose houses all hold fewer
    /// cannot move.
    #[serde(default = "one")]
    pub min_sow: u32,
    /// [`Capture::Forward`] and [`Capture::ForwardOnce`] only when the last seed fell
    /// into an occupied house (it now holds more than one): Eson Khorgol's "if the last
    /// ball is dropped into a non-empty hole and the following hole is empty". Read only
    /// with those captures.
    #[serde(default)]
    pub capture_from_occupied: bool,
}

fn one() -> u32 {
    1
}

fn mover() -> Taker {
    Taker::Mover
}

fn one_row() -> usize {
    1
}

impl Config {
    /// The common base: two rows of `houses` with `seeds` each, anticlockwise, no stores,
    /// no captures, one side emptied ends the game.
    pub fn base(houses: usize, seeds: u32) -> Self {
        Config {
            houses,
            rows: 1,
            seeds,
            start: None,
            ends: Ends::None,
            direction: Direction::Anticlockwise,
            skip_origin: false,
            skip_opponent_store: false,
            first_seed_in_origin: false,
            relay: Relay::None,
            extra_turn_in_own_store: false,
            capture: Capture::None,
            capture_taker: Taker::Mover,
            capture_before_relay: false,
            sowing_capture: None,
            grand_slam: GrandSlam::Allowed,
            must_feed: false,
            end: End::SideEmpty,
            cycle_ends_game: false,
            refill: false,
            rounds: false,
            rounds_pass: false,
            simultaneous_opening: false,
            quan_non: None,
            singletons_last: false,
            pass_when_stuck: false,
            sow_from: SowFrom::Own,
            min_sow: 1,
            capture_from_occupied: false,
        }
    }

    /// Kalah with `houses` houses and `seeds` seeds per house: stores in the ring, the
    /// opponent's store skipped, extra turns, the opposite capture.
    pub fn kalah(houses: usize, seeds: u32) -> Self {
        Config {
            ends: Ends::Stores,
            skip_opponent_store: true,
            extra_turn_in_own_store: true,
            capture: Capture::Opposite {
                empty_opposite: EmptyOpposite::NoCapture,
                keep_last: false,
            },
            ..Config::base(houses, seeds)
        }
    }

    /// Oware (Abapa) with `seeds` per house: origin skipped, 2–3 backward captures,
    /// grand slam captures nothing, feeding, majority and cycle ends.
    pub fn oware(seeds: u32) -> Self {
        Config {
            skip_origin: true,
            capture: Capture::Backward { min: 2, max: 3 },
            grand_slam: GrandSlam::NoCapture,
            must_feed: true,
            end: End::Majority,
            cycle_ends_game: true,
            ..Config::base(6, seeds)
        }
    }

    /// Congkak with `houses` houses of as many seeds: stores in the ring, relay sowing,
    /// extra turns, the opposite capture taking the last seed too.
    pub fn congkak(houses: usize) -> Self {
        Config {
            ends: Ends::Stores,
            skip_opponent_store: true,
            relay: Relay::Landing,
            extra_turn_in_own_store: true,
            capture: Capture::Opposite {
                empty_opposite: EmptyOpposite::NoCapture,
                keep_last: false,
            },
            ..Config::base(houses, houses as u32)
        }
    }

    /// Ô Ăn Quan: five citizen squares a side with 5 stones, a mandarin square at each
    /// end, direction chosen each turn, relay from the next square, forward captures,
    /// refills; a repeated position ends the game (a player borrowing to refill turn
    /// after turn can otherwise bring the same position back for ever, the debt growing).
    pub fn o_an_quan(mandarin: Mandarin) -> Self {
        Config {
            ends: Ends::Mandarins(mandarin),
            direction: Direction::Chosen,
            relay: Relay::Next,
            capture: Capture::Forward,
            end: End::MandarinsEmpty,
            refill: true,
            cycle_ends_game: true,
            ..Config::base(5, 5)
        }
    }

    /// Hawalis (Oman): four rows of 7, two seeds in each house, relay sowing round
    /// one's own two rows, the facing capture from the inner row, singletons sown last;
    /// the game ends when the player to move has no seeds, the captures deciding it.
    ///
    /// ```
    /// let hawalis = mancala_kit::Config::hawalis();
    /// assert_eq!((hawalis.rows, hawalis.houses, hawalis.total_seeds()), (2, 14, 56));
    /// ```
    pub fn hawalis() -> Self {
        Config {
            rows: 2,
            relay: Relay::Landing,
            capture: Capture::Facing,
            end: End::NoMove {
                remaining: Remaining::Left,
            },
            cycle_ends_game: true,
            singletons_last: true,
            ..Config::base(14, 2)
        }
    }

    /// All small seeds on the board at the start.
    pub fn total_seeds(&self) -> u32 {
        let mandarins = match self.ends {
            Ends::Mandarins(m) => 2 * m.small,
            _ => 0,
        };
        let per_side = match &self.start {
            Some(start) => start.per_side(),
            None => self.houses as u32 * self.seeds,
        };
        2 * per_side + mandarins
    }

    /// The seeds house `i` (from 0) of either side holds at the start.
    pub fn start_seeds(&self, i: usize) -> u32 {
        match &self.start {
            Some(start) => start.counts().get(i).copied().unwrap_or(0),
            None => self.seeds,
        }
    }
}

/// What stands at the ends of the two rows, inside the sowing ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ends {
    /// Nothing: the ring is the houses alone; captured seeds are kept beside the board.
    None,
    /// Each player's store, at the end of their row (sown into).
    Stores,
    /// An ownerless mandarin square at each end (Ô Ăn Quan); captured seeds are kept
    /// beside the board.
    Mandarins(Mandarin),
}

/// What a mandarin square holds at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mandarin {
    /// Small stones.
    pub small: u32,
    /// The points of its big stone; 0 for none.
    pub big_stone: u32,
}

/// Which way seeds are sown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Always anticlockwise: along one's own row to the right.
    Anticlockwise,
    /// Chosen by the mover each turn (clockwise or anticlockwise).
    Chosen,
    /// Set by the house sown from: each house of a row sows anticlockwise, clockwise
    /// or either way at the mover's choice, the same for both players from their own
    /// side (Um el-Bagara: clockwise from the two left houses, anticlockwise from the
    /// two right ones, either way from the middle one). Two rows only.
    ByHouse(HouseDirections),
}

/// Whether sowing goes on after the last seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Relay {
    /// Never: the turn ends.
    None,
    /// When the last seed lands in an occupied house (either side), lift that house,
    /// last seed included, and go on (Congkak).
    Landing,
    /// When the square after the last seed is an occupied house, lift it and go on from
    /// the square after it (Ô Ăn Quan).
    Next,
}

/// What the last seed of a sowing captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Capture {
    /// Nothing is ever captured.
    None,
    /// The last seed lands in one of the mover's own houses that was empty: the seeds of
    /// the opposite house (and the last seed, unless `keep_last`) go to the mover's score.
    Opposite {
        /// What happens when the opposite house is empty.
        empty_opposite: EmptyOpposite,
        /// The last seed stays in its house.
        keep_last: bool,
    },
    /// The last seed makes an opponent's house hold `min..=max`: capture it and, going
    /// backwards, every further opponent's house holding `min..=max` (Oware).
    Backward {
        /// Smallest capturing count.
        min: u32,
        /// Largest capturing count.
        max: u32,
    },
    /// The square after the last seed is empty and the next one holds something:
    /// capture it, and on along the ring while an empty square is followed by a full
    /// one (Ô Ăn Quan).
    Forward,
    /// The house after the last seed is empty and the next one holds something:
    /// capture it, and no more (Pallanguzhi's capture past an empty pit; [`Capture::Forward`]
    /// goes on along the ring).
    ForwardOnce,
    /// The last seed makes an opponent's house hold an even number: capture it
    /// (Togyz Kumalak).
    Even,
    /// The last seed makes a house of `sides` hold one of `counts`: capture it and,
    /// following `chain` from it, each further house of `sides` holding one of `counts`,
    /// up to the first that does not. Stores and mandarin squares are passed over (so
    /// a chain on [`Sides::Both`] crosses from one row to the other); marked houses
    /// end a chain; no house is taken twice. The grand-slam rule counts the seeds
    /// taken from the opponent's houses. With `counts` 2–3, the opponent's side and a
    /// backward chain, this is [`Capture::Backward`].
    ///
    /// ```
    /// use mancala_kit::{Capture, Chain, Counts, Sides};
    /// // 2, 4 or 6 on either side, chained backward across both rows.
    /// let capture = Capture::Count {
    ///     counts: "2,4,6".parse().unwrap(),
    ///     sides: Sides::Both,
    ///     chain: Chain::Backward,
    /// };
    /// # let _ = capture;
    /// ```
    Count {
        /// The counts that are captured.
        counts: Counts,
        /// Whose houses are captured.
        sides: Sides,
        /// Which way a capture goes on from the last seed's house.
        chain: Chain,
    },
    /// Four-row boards ([`Config::rows`] 2): the last seed lands in an empty house of
    /// the mover's inner row and the opponent's inner house facing it holds seeds:
    /// capture those and the seeds of the opponent's outer house behind it
    /// ([`Board::facing`](crate::Board::facing)); nothing when the facing inner house is
    /// empty (Hawalis).
    Facing,
}

/// Whose houses a capture rule takes, from the mover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sides {
    /// The mover's own houses.
    Mover,
    /// The opponent's houses.
    Opponent,
    /// Either player's houses.
    Both,
}

impl Sides {
    /// Whether a house of `owner` is one of these when `mover` moves.
    ///
    /// ```
    /// use mancala_kit::{Side, Sides};
    /// assert!(Sides::Opponent.includes(Side::South, Side::North));
    /// assert!(!Sides::Mover.includes(Side::South, Side::North));
    /// assert!(Sides::Both.includes(Side::North, Side::North));
    /// ```
    #[inline]
    pub fn includes(self, mover: Side, owner: Side) -> bool {
        match self {
            Sides::Mover => owner == mover,
            Sides::Opponent => owner != mover,
            Sides::Both => true,
        }
    }
}

/// Which way a capture goes on from the house of the last seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Chain {
    /// Only that house.
    None,
    /// Against the sowing, towards the pits sown before it (Oware).
    Backward,
    /// With the sowing, towards the pits after it.
    Forward,
}

/// A capture made by any seed as it is sown, the last one included: when a seed makes
/// a house of `sides` (unmarked) hold one of `counts`, `taker` takes its seeds at once
/// and sowing goes on. It comes before [`Variant::seed_hook`](crate::Variant::seed_hook)
/// and, for the last seed, before the relay and the standard [`Capture`].
///
/// ```
/// use mancala_kit::{Config, SowingCapture, Sides, Taker};
/// // Whenever a house reaches 4, its owner takes it.
/// let config = Config {
///     sowing_capture: Some(SowingCapture {
///         counts: "4".parse().unwrap(),
///         sides: Sides::Both,
///         taker: Taker::Owner,
///     }),
///     ..Config::base(6, 4)
/// };
/// # let _ = config;
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SowingCapture {
    /// The counts that are captured.
    pub counts: Counts,
    /// Whose houses are captured.
    pub sides: Sides,
    /// Who takes them.
    pub taker: Taker,
}

/// Who takes the seeds of a [`SowingCapture`], or of a [`Capture::Count`]
/// ([`Config::capture_taker`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Taker {
    /// The owner of the house.
    Owner,
    /// The player sowing.
    Mover,
}

/// The opposite capture when the opposite house is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EmptyOpposite {
    /// Nothing is captured; the last seed stays.
    NoCapture,
    /// The last seed alone goes to the store.
    CaptureLast,
}

/// A capture that would take every seed the opponent has on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GrandSlam {
    /// No special rule.
    Allowed,
    /// The move is legal but captures nothing.
    NoCapture,
    /// The move is illegal, unless every legal move is one.
    Forbidden,
    /// The move captures everything (an explicit choice of [`GrandSlam::Allowed`]).
    CaptureAll,
}

/// When the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// After any move that leaves either side's houses empty; each side banks the seeds
    /// left in its own houses (Kalah, Congkak).
    SideEmpty,
    /// When a player has captured more than half the seeds in the game, or the player
    /// to move has no legal move; the seeds left go to the side they are on (Oware,
    /// Togyz Kumalak).
    Majority,
    /// At the end of a turn in which both mandarin squares are empty; each side takes
    /// the stones on its own side (Ô Ăn Quan).
    MandarinsEmpty,
    /// Only when the player to move cannot move (no early end on a majority or an
    /// empty row); the seeds left on the board go as `remaining` says.
    ///
    /// ```
    /// use mancala_kit::{Config, End, Remaining};
    /// let config = Config {
    ///     end: End::NoMove { remaining: Remaining::Other },
    ///     ..Config::base(6, 4)
    /// };
    /// # let _ = config;
    /// ```
    NoMove {
        /// Where the seeds left on the board go.
        remaining: Remaining,
    },
}

/// Where the seeds left on the board go when the game ends under [`End::NoMove`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Remaining {
    /// Each player takes the seeds in their own houses.
    Owner,
    /// The player who cannot move takes them all.
    Stuck,
    /// The other player (who made the last move) takes them all.
    Other,
    /// They stay on the board and count for no one.
    Left,
}
