//! The `[rules]` table (and the rules an option sets): the kit's [`Config`] as flat keys,
//! every one optional so that an option can set a few over the file's rules.

use mancala_kit::{
    Capture, Chain, Config, Counts, Direction, EmptyOpposite, End, Ends, GrandSlam, Relay,
    Remaining, Sides, SowingCapture, Taker,
};
use serde::Deserialize;
use toml::Spanned;

use crate::FileError;

/// The most houses a row a data file may ask for: what the kit's two-row boards hold.
pub const MAX_HOUSES: i64 = 11;
/// The most houses a row on four rows (`rows = 2`): what the kit's four-row boards hold.
pub const MAX_FOUR_ROW_HOUSES: i64 = 8;
/// The most seeds per house at the start a data file may ask for.
pub const MAX_SEEDS: i64 = 64;

/// What stands at the ends of the rows (`ends`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum EndsWord {
    /// No stores: captured seeds kept beside the board.
    None,
    /// A store at the end of each row, sown into.
    Stores,
}

/// Which way seeds are sown (`direction`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum DirectionWord {
    /// Always anticlockwise.
    Anticlockwise,
    /// The mover chooses each turn.
    Chosen,
}

/// Relay sowing (`relay`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum RelayWord {
    /// Never.
    None,
    /// From the house of the last seed, when it was occupied.
    Landing,
    /// From the house after the last seed, when it is occupied.
    Next,
}

/// The capture by the last seed (`capture`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureWord {
    /// None.
    None,
    /// The opposite house, from an empty house of one's own.
    Opposite,
    /// Opponent's houses made to hold `capture_min..=capture_max`, backwards.
    Backward,
    /// The house past an empty house, on along the ring (Ô Ăn Quan) or alone
    /// (`capture_chain = "none"`: Pallanguzhi).
    Forward,
    /// An opponent's house made even.
    Even,
    /// A house made to hold one of `capture_counts`.
    Count,
    /// Four rows: the facing inner house and the outer one behind it, from an empty
    /// house of one's inner row.
    Facing,
}

/// The opposite capture with an empty opposite house (`capture_empty_opposite`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyOppositeWord {
    /// Nothing is captured.
    NoCapture,
    /// The last seed alone is captured.
    CaptureLast,
}

/// Whose houses (`capture_sides`, `sowing_capture_sides`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum SidesWord {
    /// The mover's.
    Mover,
    /// The opponent's.
    Opponent,
    /// Either.
    Both,
}

/// Which way a capture goes on (`capture_chain`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ChainWord {
    /// One house only.
    None,
    /// Against the sowing.
    Backward,
    /// With the sowing.
    Forward,
}

/// Who takes a sowing capture (`sowing_capture_taker`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum TakerWord {
    /// The house's owner.
    Owner,
    /// The player sowing.
    Mover,
}

/// The grand-slam rule (`grand_slam`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlamWord {
    /// No special rule.
    Allowed,
    /// Legal, captures nothing.
    NoCapture,
    /// Illegal unless every move is one.
    Forbidden,
    /// Captures everything.
    CaptureAll,
}

/// When the game ends (`end`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum EndWord {
    /// A row emptied.
    SideEmpty,
    /// More than half the seeds captured, or no move.
    Majority,
    /// Only when the player to move cannot move.
    NoMove,
}

/// Where the seeds left go under `end = "no-move"` (`remaining`).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum RemainingWord {
    /// Each to the owner of its house.
    Owner,
    /// To the player who cannot move.
    Stuck,
    /// To the other player.
    Other,
    /// To no one.
    Left,
}

/// `capture`'s value as the file writes it.
fn capture_word(capture: CaptureWord) -> &'static str {
    match capture {
        CaptureWord::None => "none",
        CaptureWord::Opposite => "opposite",
        CaptureWord::Backward => "backward",
        CaptureWord::Forward => "forward",
        CaptureWord::Even => "even",
        CaptureWord::Count => "count",
        CaptureWord::Facing => "facing",
    }
}

/// Writes the struct of the rule keys and the merge of one set over another.
macro_rules! rule_keys {
    ($($(#[$doc:meta])* $key:ident : $ty:ty),* $(,)?) => {
        /// Rule keys, each optional (see `docs/mancala-data.md` for each one).
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct RulesPatch {
            $($(#[$doc])* pub $key: Option<Spanned<$ty>>,)*
        }

        impl RulesPatch {
            /// These rules, with every key `over` gives replaced by its value there.
            pub fn merged(&self, over: &RulesPatch) -> RulesPatch {
                RulesPatch {
                    $($key: over.$key.clone().or_else(|| self.$key.clone()),)*
                }
            }

            /// The keys written in the file that these rules hold, each with its byte
            /// offset in the file (a value an integer option sets has none: left out).
            pub fn written(&self) -> Vec<(&'static str, usize)> {
                let mut keys = Vec::new();
                $(if let Some(v) = &self.$key && v.span().end > 0 {
                    keys.push((stringify!($key), v.span().start));
                })*
                keys
            }
        }
    };
}

rule_keys! {
    /// Houses per row.
    houses: i64,
    /// Rows per side: 1 (two-row boards, the default) or 2 (four-row boards).
    rows: i64,
    /// Seeds per house at the start.
    seeds: i64,
    /// Seeds in each house at the start, house 1 first (uneven starts).
    start: Vec<i64>,
    /// `none` or `stores`.
    ends: EndsWord,
    /// `anticlockwise` or `chosen`.
    direction: DirectionWord,
    /// Never sow into the starting house.
    skip_origin: bool,
    /// Never sow into the opponent's store.
    skip_opponent_store: bool,
    /// The first seed goes back into the house it came from.
    first_seed_in_origin: bool,
    /// `none`, `landing` or `next`.
    relay: RelayWord,
    /// The last seed in one's own store plays again.
    extra_turn_in_own_store: bool,
    /// The last seed's capture.
    capture: CaptureWord,
    /// `capture = "opposite"`: with an empty opposite house.
    capture_empty_opposite: EmptyOppositeWord,
    /// `capture = "opposite"`: the last seed stays in its house.
    capture_keep_last: bool,
    /// `capture = "backward"`: the smallest count captured.
    capture_min: i64,
    /// `capture = "backward"`: the largest count captured.
    capture_max: i64,
    /// `capture = "count"`: the counts captured (`"2,4,6"`, `"2-3"`).
    capture_counts: String,
    /// `capture = "count"`: whose houses.
    capture_sides: SidesWord,
    /// `capture = "count"`: the chain.
    capture_chain: ChainWord,
    /// `capture = "count"`: who takes the seeds (`mover` or `owner`).
    capture_taker: TakerWord,
    /// `capture = "count"` with `relay = "landing"`: a last seed making a capturing
    /// count is captured instead of relaying.
    capture_before_relay: bool,
    /// The counts any seed captures as it is sown (none without it).
    sowing_capture_counts: String,
    /// Whose houses the sowing capture takes.
    sowing_capture_sides: SidesWord,
    /// Who takes them.
    sowing_capture_taker: TakerWord,
    /// The grand-slam rule.
    grand_slam: GrandSlamWord,
    /// Feed an opponent with no seeds.
    must_feed: bool,
    /// When the game ends.
    end: EndWord,
    /// `end = "no-move"`: where the seeds left go.
    remaining: RemainingWord,
    /// A repeated position ends the game.
    cycle_ends_game: bool,
    /// Ô Ăn Quan's refill of empty rows from the captured stock.
    refill: bool,
    /// A match of rounds, the houses a side cannot refill burnt (`true`, `"closed"`)
    /// or passed to the other side (`"pass"`).
    rounds: crate::rounds::RoundsWord,
    /// Both players' first move at once.
    simultaneous_opening: bool,
    /// A house of one seed is sown only when no house holds more.
    singletons_last: bool,
    /// A player who cannot move passes.
    pass_when_stuck: bool,
    /// The direction of each house, house 1 first (`holes.rs`).
    house_directions: Vec<crate::holes::HouseDirectionWord>,
    /// Whose houses a move may start from: `own`, `both` or `opponent`.
    sow_from: crate::holes::SowFromWord,
    /// The fewest seeds a house must hold to be sown.
    min_sow: i64,
    /// `capture = "forward"`: only from a last seed in an occupied house.
    capture_from_occupied: bool,
}

/// A key the rules hold that does nothing under them: its name, its offset in the file and
/// the rule that reads it.
pub type IdleKey = (&'static str, usize, String);

/// Where `key` is written in the file, if it is.
fn at<T>(key: &Option<Spanned<T>>) -> Option<usize> {
    key.as_ref().map(|k| k.span().start)
}

/// The value of `key`, or `default`.
fn or<T: Clone>(key: &Option<Spanned<T>>, default: T) -> T {
    key.as_ref().map_or(default, |s| s.get_ref().clone())
}

/// An integer key in `range`, or the refusal at its line.
fn ranged(
    src: &str,
    key: &Option<Spanned<i64>>,
    name: &str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<Option<i64>, FileError> {
    let Some(value) = key else { return Ok(None) };
    if range.contains(value.get_ref()) {
        Ok(Some(*value.get_ref()))
    } else {
        Err(FileError::at(
            src,
            value.span().start,
            name,
            format!(
                "{} is out of range: allowed are {} to {}",
                value.get_ref(),
                range.start(),
                range.end()
            ),
        ))
    }
}

/// A set of counts (`"2,4,6"`, `"2-3"`), or the refusal at its line.
fn counts(src: &str, key: &Spanned<String>, name: &str) -> Result<Counts, FileError> {
    key.get_ref().parse().map_err(|e| {
        FileError::at(
            src,
            key.span().start,
            name,
            format!("{e}: write the counts as `\"2,4,6\"` or `\"2-3\"`"),
        )
    })
}

impl RulesPatch {
    /// The kit's rules these keys describe, each key checked (`src` is the file, for
    /// the lines of the refusals).
    pub fn config(&self, src: &str) -> Result<Config, FileError> {
        let required = |name: &str| {
            FileError::Whole(format!(
                "`rules.{name}` is missing: every variant gives its houses and seeds"
            ))
        };
        let houses = ranged(src, &self.houses, "houses", 1..=MAX_HOUSES)?
            .ok_or_else(|| required("houses"))?;
        let start = self.start(src)?;
        let seeds = match (ranged(src, &self.seeds, "seeds", 1..=MAX_SEEDS)?, &start) {
            (Some(seeds), _) => seeds,
            // Refilling between rounds reads `seeds`; `start` is played in one round.
            (None, Some(start)) => i64::from(start.iter().copied().max().unwrap_or(0)),
            (None, None) => return Err(required("seeds")),
        };
        let rows = ranged(src, &self.rows, "rows", 1..=2)?.unwrap_or(1);
        if rows == 2
            && let Some(key) = &self.houses
            && houses > MAX_FOUR_ROW_HOUSES
        {
            return Err(FileError::at(
                src,
                key.span().start,
                "houses",
                format!(
                    "{houses} houses a row on four rows (`rows = 2`): allowed are 1 to \
                     {MAX_FOUR_ROW_HOUSES}"
                ),
            ));
        }
        // The kit counts a side's houses over all its rows.
        let mut config = Config::base((houses * rows) as usize, seeds as u32);
        config.rows = rows as usize;
        config.start = start.map(mancala_kit::Start::new);
        config.pass_when_stuck = or(&self.pass_when_stuck, false);
        config.singletons_last = or(&self.singletons_last, false);
        config.ends = match or(&self.ends, EndsWord::None) {
            EndsWord::None => Ends::None,
            EndsWord::Stores => Ends::Stores,
        };
        config.direction = match or(&self.direction, DirectionWord::Anticlockwise) {
            DirectionWord::Anticlockwise => Direction::Anticlockwise,
            DirectionWord::Chosen => Direction::Chosen,
        };
        config.skip_origin = or(&self.skip_origin, false);
        config.skip_opponent_store = or(&self.skip_opponent_store, false);
        config.first_seed_in_origin = or(&self.first_seed_in_origin, false);
        config.relay = match or(&self.relay, RelayWord::None) {
            RelayWord::None => Relay::None,
            RelayWord::Landing => Relay::Landing,
            RelayWord::Next => Relay::Next,
        };
        config.extra_turn_in_own_store = or(&self.extra_turn_in_own_store, false);
        config.capture = self.capture(src)?;
        // Read by the count capture only (elsewhere it does nothing, and is warned).
        config.capture_taker = match or(&self.capture_taker, TakerWord::Mover) {
            TakerWord::Owner if matches!(config.capture, Capture::Count { .. }) => Taker::Owner,
            TakerWord::Owner | TakerWord::Mover => Taker::Mover,
        };
        // Read with relays from the last seed's house and the count capture only.
        config.capture_before_relay = or(&self.capture_before_relay, false)
            && config.relay == Relay::Landing
            && matches!(config.capture, Capture::Count { .. });
        config.sowing_capture = self.sowing_capture(src)?;
        config.grand_slam = match or(&self.grand_slam, GrandSlamWord::Allowed) {
            GrandSlamWord::Allowed => GrandSlam::Allowed,
            GrandSlamWord::NoCapture => GrandSlam::NoCapture,
            GrandSlamWord::Forbidden => GrandSlam::Forbidden,
            GrandSlamWord::CaptureAll => GrandSlam::CaptureAll,
        };
        config.must_feed = or(&self.must_feed, false);
        config.end = self.end();
        config.cycle_ends_game = or(&self.cycle_ends_game, false);
        config.refill = or(&self.refill, false);
        crate::rounds::apply(&self.rounds, &mut config);
        config.simultaneous_opening = or(&self.simultaneous_opening, false);
        self.holes(src, &mut config)?;
        self.coherent(src, &config)?;
        Ok(config)
    }

    /// `start`'s counts, each checked, or `None` without the key.
    fn start(&self, src: &str) -> Result<Option<Vec<u32>>, FileError> {
        let Some(key) = &self.start else {
            return Ok(None);
        };
        let refuse = |why: String| Err(FileError::at(src, key.span().start, "start", why));
        let counts = key.get_ref();
        if let Some(bad) = counts.iter().find(|n| !(0..=MAX_SEEDS).contains(*n)) {
            return refuse(format!(
                "{bad} seeds in a house is out of range: allowed are 0 to {MAX_SEEDS}"
            ));
        }
        if counts.iter().all(|&n| n == 0) {
            return refuse("every house starts empty: give some houses seeds".into());
        }
        let houses = self.houses.as_ref().map_or(0, |h| *h.get_ref())
            * self.rows.as_ref().map_or(1, |r| *r.get_ref());
        if counts.len() as i64 != houses {
            return refuse(format!(
                "{} counts for {houses} houses a side: give one count to each house, house 1 \
                 first",
                counts.len()
            ));
        }
        Ok(Some(counts.iter().map(|&n| n as u32).collect()))
    }

    fn capture(&self, src: &str) -> Result<Capture, FileError> {
        let sides = |key: &Option<Spanned<SidesWord>>, default| match or(key, default) {
            SidesWord::Mover => Sides::Mover,
            SidesWord::Opponent => Sides::Opponent,
            SidesWord::Both => Sides::Both,
        };
        Ok(match or(&self.capture, CaptureWord::None) {
            CaptureWord::None => Capture::None,
            // Past an empty house: on along the ring (Ô Ăn Quan), or the one house only.
            CaptureWord::Forward => match or(&self.capture_chain, ChainWord::Forward) {
                ChainWord::Forward => Capture::Forward,
                ChainWord::None => Capture::ForwardOnce,
                ChainWord::Backward => {
                    let at = self.capture_chain.as_ref().map_or(0, |c| c.span().start);
                    return Err(FileError::at(
                        src,
                        at,
                        "capture_chain",
                        "`capture = \"forward\"` goes on forward (`\"forward\"`, the default) or takes one house (`\"none\"`), not backward",
                    ));
                }
            },
            CaptureWord::Even => Capture::Even,
            CaptureWord::Facing => Capture::Facing,
            CaptureWord::Opposite => Capture::Opposite {
                empty_opposite: match or(&self.capture_empty_opposite, EmptyOppositeWord::NoCapture)
                {
                    EmptyOppositeWord::NoCapture => EmptyOpposite::NoCapture,
                    EmptyOppositeWord::CaptureLast => EmptyOpposite::CaptureLast,
                },
                keep_last: or(&self.capture_keep_last, false),
            },
            CaptureWord::Backward => {
                let min = ranged(src, &self.capture_min, "capture_min", 1..=1000)?.unwrap_or(2);
                let max = ranged(src, &self.capture_max, "capture_max", min..=1000)?.unwrap_or(3);
                if max < min {
                    return Err(FileError::Whole(format!(
                        "`rules.capture_max` ({max}) is below `rules.capture_min` ({min})"
                    )));
                }
                Capture::Backward {
                    min: min as u32,
                    max: max as u32,
                }
            }
            CaptureWord::Count => {
                let Some(key) = &self.capture_counts else {
                    return Err(FileError::Whole(
                        "`capture = \"count\"` needs `capture_counts` (such as `\"2,4,6\"`)".into(),
                    ));
                };
                Capture::Count {
                    counts: counts(src, key, "capture_counts")?,
                    sides: sides(&self.capture_sides, SidesWord::Opponent),
                    chain: match or(&self.capture_chain, ChainWord::None) {
                        ChainWord::None => Chain::None,
                        ChainWord::Backward => Chain::Backward,
                        ChainWord::Forward => Chain::Forward,
                    },
                }
            }
        })
    }

    fn sowing_capture(&self, src: &str) -> Result<Option<SowingCapture>, FileError> {
        let Some(key) = &self.sowing_capture_counts else {
            return Ok(None);
        };
        Ok(Some(SowingCapture {
            counts: counts(src, key, "sowing_capture_counts")?,
            sides: match or(&self.sowing_capture_sides, SidesWord::Both) {
                SidesWord::Mover => Sides::Mover,
                SidesWord::Opponent => Sides::Opponent,
                SidesWord::Both => Sides::Both,
            },
            taker: match or(&self.sowing_capture_taker, TakerWord::Owner) {
                TakerWord::Owner => Taker::Owner,
                TakerWord::Mover => Taker::Mover,
            },
        }))
    }

    /// The keys written that do nothing under these rules (capture keys under a capture
    /// that does not read them, `remaining` without `end = "no-move"`, …), each with the
    /// rule that would read it, in the file's words.
    pub fn idle(&self) -> Vec<IdleKey> {
        let capture = or(&self.capture, CaptureWord::None);
        let capture_word = capture_word(capture);
        let mut idle = Vec::new();
        let mut check = |name: &'static str, at: Option<usize>, used: bool, reader: &str| {
            if let Some(at) = at
                && !used
            {
                idle.push((name, at, reader.to_owned()));
            }
        };
        let under = |what: &str| {
            format!(
                "it does nothing under `capture = \"{capture_word}\"`: it is read only with {what}"
            )
        };
        let opposite = capture == CaptureWord::Opposite;
        check(
            "capture_empty_opposite",
            at(&self.capture_empty_opposite),
            opposite,
            &under("`capture = \"opposite\"`"),
        );
        check(
            "capture_keep_last",
            at(&self.capture_keep_last),
            opposite,
            &under("`capture = \"opposite\"`"),
        );
        let backward = capture == CaptureWord::Backward;
        check(
            "capture_min",
            at(&self.capture_min),
            backward,
            &under("`capture = \"backward\"`"),
        );
        check(
            "capture_max",
            at(&self.capture_max),
            backward,
            &under("`capture = \"backward\"`"),
        );
        let count = capture == CaptureWord::Count;
        check(
            "capture_counts",
            at(&self.capture_counts),
            count,
            &under("`capture = \"count\"`"),
        );
        check(
            "capture_sides",
            at(&self.capture_sides),
            count,
            &under("`capture = \"count\"`"),
        );
        check(
            "capture_chain",
            at(&self.capture_chain),
            count || capture == CaptureWord::Forward,
            &under("`capture = \"count\"` or `capture = \"forward\"`"),
        );
        check(
            "capture_taker",
            at(&self.capture_taker),
            count,
            &under("`capture = \"count\"`"),
        );
        check(
            "capture_from_occupied",
            at(&self.capture_from_occupied),
            capture == CaptureWord::Forward,
            &under("`capture = \"forward\"`"),
        );
        let landing = or(&self.relay, RelayWord::None) == RelayWord::Landing;
        check(
            "capture_before_relay",
            at(&self.capture_before_relay),
            count && landing,
            "it does nothing unless `capture = \"count\"` and `relay = \"landing\"`: it \
             decides between those two",
        );
        let sowing = self.sowing_capture_counts.is_some();
        let no_sowing =
            "it does nothing without `sowing_capture_counts`, the capture as seeds are sown";
        check(
            "sowing_capture_sides",
            at(&self.sowing_capture_sides),
            sowing,
            no_sowing,
        );
        check(
            "sowing_capture_taker",
            at(&self.sowing_capture_taker),
            sowing,
            no_sowing,
        );
        let end = or(&self.end, EndWord::SideEmpty);
        let end_word = match end {
            EndWord::SideEmpty => "side-empty",
            EndWord::Majority => "majority",
            EndWord::NoMove => "no-move",
        };
        check(
            "remaining",
            at(&self.remaining),
            end == EndWord::NoMove,
            &format!(
                "it does nothing under `end = \"{end_word}\"`: it is read only with `end = \"no-move\"`"
            ),
        );
        idle
    }

    fn end(&self) -> End {
        match or(&self.end, EndWord::SideEmpty) {
            EndWord::SideEmpty => End::SideEmpty,
            EndWord::Majority => End::Majority,
            EndWord::NoMove => End::NoMove {
                remaining: match or(&self.remaining, RemainingWord::Owner) {
                    RemainingWord::Owner => Remaining::Owner,
                    RemainingWord::Stuck => Remaining::Stuck,
                    RemainingWord::Other => Remaining::Other,
                    RemainingWord::Left => Remaining::Left,
                },
            },
        }
    }

    /// Refuses, at its line, a key a four-row board (`rows = 2`) cannot play.
    fn four_rows(&self, src: &str) -> Result<(), FileError> {
        if let Some(key) = &self.capture
            && !matches!(key.get_ref(), CaptureWord::None | CaptureWord::Facing)
        {
            return Err(FileError::at(
                src,
                key.span().start,
                "capture",
                "on four rows (`rows = 2`) the capture is `\"facing\"` or `\"none\"`",
            ));
        }
        if let Some(key) = &self.sowing_capture_counts {
            return Err(FileError::at(
                src,
                key.span().start,
                "sowing_capture_counts",
                "four-row boards (`rows = 2`) have no capture as seeds are sown",
            ));
        }
        // The first of these set, in the file's order of the keys' docs.
        let set =
            |key: &Option<Spanned<bool>>| key.as_ref().filter(|k| *k.get_ref()).map(|k| k.span());
        let rounds = self.rounds.as_ref().filter(|k| k.get_ref().played());
        let first = [
            ("refill", set(&self.refill)),
            ("rounds", rounds.map(|k| k.span())),
            ("simultaneous_opening", set(&self.simultaneous_opening)),
        ]
        .into_iter()
        .find_map(|(name, span)| span.map(|span| (name, span)));
        if let Some((name, span)) = first {
            return Err(FileError::at(
                src,
                span.start,
                name,
                "four-row boards (`rows = 2`) have no refills, rounds or simultaneous opening",
            ));
        }
        Ok(())
    }

    /// Refuses keys that mean nothing with the others (a store rule without stores).
    fn coherent(&self, src: &str, config: &Config) -> Result<(), FileError> {
        let needs_stores = [
            ("skip_opponent_store", &self.skip_opponent_store),
            ("extra_turn_in_own_store", &self.extra_turn_in_own_store),
        ];
        for (name, key) in needs_stores {
            if let Some(key) = key
                && *key.get_ref()
                && config.ends != Ends::Stores
            {
                return Err(FileError::at(
                    src,
                    key.span().start,
                    name,
                    "needs stores: set `ends = \"stores\"` too",
                ));
            }
        }
        let four_rows = config.rows == 2;
        if let Some(key) = &self.capture
            && *key.get_ref() == CaptureWord::Facing
            && !four_rows
        {
            return Err(FileError::at(
                src,
                key.span().start,
                "capture",
                "the facing capture reads four rows: set `rows = 2` too",
            ));
        }
        if four_rows {
            self.four_rows(src)?;
        }
        if let Some(key) = &self.ends
            && *key.get_ref() == EndsWord::Stores
            && four_rows
        {
            return Err(FileError::at(
                src,
                key.span().start,
                "ends",
                "four-row boards (`rows = 2`) have no stores",
            ));
        }
        if let Some(key) = &self.rounds
            && key.get_ref().played()
            && config.start.is_some()
        {
            return Err(FileError::at(
                src,
                key.span().start,
                "rounds",
                "an uneven `start` is played in one round: rounds refill every house with \
                 `seeds`",
            ));
        }
        crate::rounds::check_pass(src, &self.rounds, config)?;
        if let Some(key) = &self.rounds
            && key.get_ref().played()
        {
            let clash = if config.refill {
                Some("`refill = true` (a round refills the houses itself)")
            } else if matches!(config.ends, Ends::Mandarins(_)) {
                Some("mandarin squares (`ends = \"mandarins\"`: their stones belong to no one)")
            } else if matches!(
                config.end,
                mancala_kit::End::NoMove {
                    remaining: mancala_kit::Remaining::Left
                }
            ) {
                Some("`remaining = \"left\"` (a round ends with each side taking its own seeds)")
            } else {
                None
            };
            if let Some(clash) = clash {
                return Err(FileError::at(
                    src,
                    key.span().start,
                    "rounds",
                    format!("`rounds = true` is not played with {clash}"),
                ));
            }
        }
        Ok(())
    }
}
