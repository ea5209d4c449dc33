//! The kit's evaluation for search: what a position is worth to the side to move, in
//! hundredths of a seed ([`game_api::search::EVAL_SCALE`]), from cheap features of the
//! board. It is the default of [`Variant::evaluate`].
//!
//! The features, each counted for the side to move minus the same for the opponent:
//!
//! | feature | what it counts | why |
//! |---|---|---|
//! | `material` | the score (seeds banked or captured) | the final margin is made of it |
//! | `side` | seeds in one's own houses | most end rules give them to their owner |
//! | `mobility` | houses one can play | few moves mean forced moves |
//! | `weak` | the *opponent's* houses of 1–2 seeds (targets for capture by counts) | capturable next |
//! | `big` | houses holding as many seeds as the ring has pits less one, or more (11+ in Oware) | a kroo that captures on the way round |
//! | `empty` | one's own empty houses | landing squares for captures opposite; in Oware, fewer moves and houses the opponent can fill to 2–3 |
//! | `late_side` | seeds in one's own houses, once the board holds no more seeds than it has pits | at the end each side takes its own |
//! | `threat` | the most seeds one's next sowing could capture (not a difference) | a capture on the move, or a kroo whose last seed lands on a row of twos and threes |
//! | `exposed` | the most seeds the opponent's next sowing could capture, were it their turn (not a difference) | what one must defend |
//! | `houses` | Oware's house table ([`crate::houses`]): each house's worth by its seeds, fitted to self-play results (in hundredths of a seed; its weight is a percentage) | learnt from games, not guessed |
//!
//! `threat` and `exposed` are counted by arithmetic on the ring ([`crate::threat`]), only
//! where that count is exact (Oware's plain ring); elsewhere they are 0.
//!
//! Three weight sets: Oware's own (the score and the house table, [`Weights::OWARE`]),
//! one for the other games that capture by counts (Oware's kin, [`Weights::COUNTS`]),
//! one for games that capture opposite (Kalah and its kin); the others use the last.
//! The first two have a variant with the threats for searches of a second or more
//! ([`Weights::for_search`]).
//!
//! Where endgame tables are loaded (Oware), the search does not use these features at a
//! position whose seeds on the board the tables cover: it takes the score difference
//! plus the tables' value for those seeds (the kit's `Game::search_eval`; the middle of
//! their bounds beat the features 70.8% in self-play, their point value did better).
//!
//! **How the weights were chosen.** By self-play matches at a fixed number of positions
//! a move (so that a run is reproducible and the machine's load does not matter): every
//! two-move opening played with both colours, 20,000 positions a move (`cargo run
//! --release -p oware --example tune_oware -- 20000 36 --a=W --b=W`, likewise
//! `tune_kalah`; 72 games for Oware, 70 for Kalah, a draw half a point). The figures
//! of each step are in `docs/benchmarks/search-engine.md`.
//!
//! - **Oware** ([`Weights::OWARE`]): the score and the house table fitted to the
//!   results of 16,000 self-play games ([`crate::houses`], how it was fitted). Against
//!   the hand-made features below (`--a=100,0,0,0,0,0,0,0,0,100
//!   --b=100,0,0,100,100,-150 --endgames=15`) it won 84.0% at 20,000 positions a move
//!   and 85.4% at 100,000 (one table for the whole game: 87.5% and 70.1%, so two, split
//!   at 30 seeds on the board). The threats on top of it (`--a=…,50,-50,100`) scored
//!   55.6% at 100,000 against it alone: kept in searches of a second or more, as
//!   before ([`Weights::OWARE_WITH_THREATS`]). Against Aalina: see
//!   `docs/benchmarks/aalina.md`, "Session 16".
//! - **Oware's kin** ([`Weights::COUNTS`], Oware's own until the house table): the
//!   features of Aalina's evaluation (Aualé's
//!   engine: own empty houses and own houses of 1–2 seeds count against, houses of 13+
//!   for), which ours already had, at Aalina's proportions (`weak` 144, `big` 112,
//!   `empty` −216, nothing for `side` and `mobility`) beat the earlier hand-set values
//!   (`side` 10, `mobility` 10, `weak` 20, `big` 60) 64.6%; scaled down to `weak` 100,
//!   `big` 100, `empty` −150 they beat Aalina's proportions 73.6%. Around that point each
//!   step away lost or tied: `empty` −100 24.3%, −200 50.0%; `weak` 130 41.0%; `big` 140
//!   38.9%; all three at 70 / 80 / −100 35.4%; `side` 15 28.5% (as scores of the
//!   changed set against these weights). Against Aalina at 0.2 s a move the engine
//!   with these weights scored far better than with the old ones (see
//!   `docs/benchmarks/aalina.md`).
//!
//!   `threat` and `exposed` are 50 / −50 in searches of [`THREATS_FROM`] (1 s) or more
//!   ([`Weights::COUNTS_WITH_THREATS`], chosen by [`game_api::Game::prepare_search`])
//!   and 0 in shorter ones (counted only where a weight is not: they cost 14% of the
//!   search's positions a second). At 50 / −50 they won self-play, 63.9% at 100,000
//!   positions a move and 61.1% at 300,000 (`--a=100,0,0,100,100,-150,0,50,-50`, with
//!   `--endgames=15`); against Aalina they scored 65.0% at 1 s (80 games), where the
//!   engine without them scores 59.4%, and 60.9% at 0.2 s (160), where it scores
//!   63.3% (240); 120 more games at 1 s with this choice made in the engine: 62.1%, so
//!   63.2% over 200 (`threat` alone: 57.6% at 100,000 and 46.5% at 300,000 with 80; `exposed`
//!   −60 alone: 34.0%). Any search given 1 s or more counts them (`go movetime 1000`,
//!   the `alphabeta` bot's 1.5 s, `tavola hint --time 2000` and more); the app's
//!   Expert (0.5 s), its hints (0.5 s) and evaluation bar do not: not measured there.
//! - **Kalah** ([`Weights::OPPOSITE`]): the hand-set values (`side` 25, `mobility` 5,
//!   `empty` 15) held against each change tried: counting the seeds on one's side in
//!   full as the old Expert does (`side` 100, nothing else) 32.9%, `side` 50 43.6%,
//!   `side` 10 50.7%, `empty` 40 47.1%.

use std::{
    cell::Cell,
    sync::atomic::{AtomicUsize, Ordering},
    time::Duration,
};

use crate::{Board, Capture, Config, Mancala, Side, Variant, threat::Threats};

/// The shortest search that counts the threats in games that capture by counts
/// ([`Weights::OWARE_WITH_THREATS`], [`Weights::COUNTS_WITH_THREATS`]; shorter ones use
/// [`Weights::OWARE`], [`Weights::COUNTS`]): against Aalina the threats scored better at
/// 1 s a move and worse at 0.2 s than the engine without them (see the module).
pub const THREATS_FROM: Duration = Duration::from_secs(1);

/// The weights of the features, in hundredths of a seed per unit (see the module's
/// table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Per seed of score.
    pub material: i32,
    /// Per seed in one's own houses.
    pub side: i32,
    /// Per playable house.
    pub mobility: i32,
    /// Per opponent house of 1–2 seeds.
    pub weak: i32,
    /// Per house holding a full lap of seeds.
    pub big: i32,
    /// Per empty house of one's own.
    pub empty: i32,
    /// Per seed in one's own houses once the board holds no more seeds than it has
    /// pits (the endgame, where most games end with each side taking its own).
    pub late_side: i32,
    /// Per seed of the most one's next sowing could capture ([`crate::threat`]; only
    /// on Oware's plain ring).
    pub threat: i32,
    /// Per seed of the most the opponent's next sowing could capture, were it their
    /// turn (same).
    pub exposed: i32,
    /// The fitted house table ([`crate::houses`]), in percent of its values (only on
    /// Oware's board).
    pub houses: i32,
}

impl Weights {
    /// The weights for games that capture by counts (Oware).
    pub const COUNTS: Weights = Weights {
        material: 100,
        side: 0,
        mobility: 0,
        weak: 100,
        big: 100,
        empty: -150,
        late_side: 0,
        threat: 0,
        exposed: 0,
        houses: 0,
    };

    /// The weights for Oware itself (where [`crate::houses::applies`]): the score and
    /// the fitted house table, which replaces `weak`, `big` and `empty`.
    pub const OWARE: Weights = Weights {
        houses: 100,
        ..Weights::MATERIAL_ONLY
    };

    /// [`Weights::OWARE`] with the threats (`threat` 50, `exposed` −50): what searches
    /// of [`THREATS_FROM`] or more use in Oware.
    pub const OWARE_WITH_THREATS: Weights = Weights {
        threat: 50,
        exposed: -50,
        ..Weights::OWARE
    };

    /// [`Weights::COUNTS`] with the threats: what searches of [`THREATS_FROM`] or more
    /// use in the other games that capture by counts (the threats count only on a plain
    /// ring like Oware's, [`crate::threat`]).
    pub const COUNTS_WITH_THREATS: Weights = Weights {
        threat: 50,
        exposed: -50,
        ..Weights::COUNTS
    };

    /// The weights for games that capture opposite (Kalah) and the others.
    pub const OPPOSITE: Weights = Weights {
        material: 100,
        side: 25,
        mobility: 5,
        weak: 0,
        big: 0,
        empty: 15,
        late_side: 0,
        threat: 0,
        exposed: 0,
        houses: 0,
    };

    /// Every feature weighed 1: what [`features`] counts them all with.
    const ALL: Weights = Weights {
        material: 1,
        side: 1,
        mobility: 1,
        weak: 1,
        big: 1,
        empty: 1,
        late_side: 1,
        threat: 1,
        exposed: 1,
        houses: 1,
    };

    /// Only the score: the plain store difference.
    pub const MATERIAL_ONLY: Weights = Weights {
        material: 100,
        side: 0,
        mobility: 0,
        weak: 0,
        big: 0,
        empty: 0,
        late_side: 0,
        threat: 0,
        exposed: 0,
        houses: 0,
    };

    /// The weights a search uses in `config`'s game on `board`: Oware's own
    /// ([`Weights::OWARE`]) where the house table applies, else by the captures; with
    /// the threats where the search is a `long` one ([`THREATS_FROM`] or more) and the
    /// game captures by counts.
    ///
    /// ```
    /// use mancala_kit::{Board, Capture, Config, eval::Weights};
    /// let oware = Config::oware(4);
    /// let board = Board::start(&oware);
    /// assert_eq!(Weights::for_search(&oware, &board, false), Weights::OWARE);
    /// assert_eq!(Weights::for_search(&oware, &board, true), Weights::OWARE_WITH_THREATS);
    /// let mut kin = Config::oware(4);
    /// kin.capture = Capture::Even;
    /// assert_eq!(Weights::for_search(&kin, &board, false), Weights::COUNTS);
    /// assert_eq!(Weights::for_search(&kin, &board, true), Weights::COUNTS_WITH_THREATS);
    /// ```
    pub fn for_search(config: &Config, board: &Board, long: bool) -> Weights {
        if !matches!(config.capture, Capture::Backward { .. } | Capture::Even) {
            return Weights::OPPOSITE;
        }
        match (crate::houses::applies(config, board), long) {
            (true, true) => Weights::OWARE_WITH_THREATS,
            (true, false) => Weights::OWARE,
            (false, true) => Weights::COUNTS_WITH_THREATS,
            (false, false) => Weights::COUNTS,
        }
    }

    /// The names of the features, in the order of [`Weights::get`].
    pub const NAMES: [&'static str; 10] = [
        "material",
        "side",
        "mobility",
        "weak",
        "big",
        "empty",
        "late_side",
        "threat",
        "exposed",
        "houses",
    ];

    /// The weight of feature `i` (see [`Weights::NAMES`]).
    pub fn get(&self, i: usize) -> i32 {
        [
            self.material,
            self.side,
            self.mobility,
            self.weak,
            self.big,
            self.empty,
            self.late_side,
            self.threat,
            self.exposed,
            self.houses,
        ]
        .get(i)
        .copied()
        .unwrap_or(0)
    }

    /// The value of features `f` (in the order of [`Weights::NAMES`]) under these
    /// weights, in hundredths of a seed: each feature times its weight, except the house
    /// table, already in hundredths of a seed, whose weight is a percentage.
    ///
    /// ```
    /// use mancala_kit::eval::Weights;
    /// let f = [2, 0, 0, 1, 0, 0, 0, 0, 0, -40];
    /// assert_eq!(Weights::OWARE.value(&f), 2 * 100 - 40);
    /// assert_eq!(Weights::COUNTS.value(&f), 2 * 100 + 100);
    /// assert_eq!(Weights::MATERIAL_ONLY.with(3, 30).value(&f), 2 * 100 + 30);
    /// ```
    pub fn value(&self, f: &[i32; 10]) -> i32 {
        (0..9).map(|i| self.get(i) * f[i]).sum::<i32>() + self.houses * f[9] / 100
    }

    /// These weights with feature `i` set to `value`.
    pub fn with(mut self, i: usize, value: i32) -> Weights {
        match i {
            0 => self.material = value,
            1 => self.side = value,
            2 => self.mobility = value,
            3 => self.weak = value,
            4 => self.big = value,
            5 => self.empty = value,
            6 => self.late_side = value,
            7 => self.threat = value,
            8 => self.exposed = value,
            9 => self.houses = value,
            _ => {}
        }
        self
    }
}

thread_local! {
    /// Weights that replace the defaults on this thread (for tuning matches).
    static OVERRIDE: Cell<Option<Weights>> = const { Cell::new(None) };
}

/// How many threads are inside [`with_weights`]: while none is, [`evaluate`] takes the
/// default weights without looking at the thread's override (in a plugin library a
/// thread-local costs a call into the dynamic loader, at every evaluation).
static OVERRIDING: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` with `weights` in place of the default weights on this thread (the
/// self-play tuning plays both sides on one thread, switching weights each move).
pub fn with_weights<T>(weights: Option<Weights>, f: impl FnOnce() -> T) -> T {
    /// Restores the weights before and the count of overriding threads, even when `f`
    /// panics.
    struct Restore(Option<Weights>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OVERRIDE.with(|o| o.set(self.0));
            OVERRIDING.fetch_sub(1, Ordering::SeqCst);
        }
    }
    OVERRIDING.fetch_add(1, Ordering::SeqCst);
    let _restore = Restore(OVERRIDE.with(|o| o.replace(weights)));
    f()
}

/// The features of `side` minus those of the other side, in the order of
/// [`Weights::NAMES`].
pub fn features<V: Variant>(game: &Mancala<V>, side: Side) -> [i32; 10] {
    features_with(game, side, &Weights::ALL)
}

/// [`features`], counting only those `weights` weigh (the others are 0): the threats cost
/// the most to count, and with Oware's weights only the score and the house table count.
fn features_with<V: Variant>(game: &Mancala<V>, side: Side, weights: &Weights) -> [i32; 10] {
    let b = &game.board;
    let mut f = [0i32; 10];
    f[0] = b.score(side) as i32 - b.score(side.other()) as i32;
    if (1..=6).any(|i| weights.get(i) != 0) {
        board_features(b, side, &mut f);
    }
    if (weights.threat != 0 || weights.exposed != 0)
        && let Some(threats) = Threats::of(&game.config, b)
    {
        f[7] = threats.best_capture(b, side) as i32;
        f[8] = threats.best_capture(b, side.other()) as i32;
    }
    if weights.houses != 0 && crate::houses::applies(&game.config, b) {
        f[9] = crate::houses::value(b, side);
    }
    f
}

/// The hand-made features of the houses (`side` to `late_side`) into `f`.
fn board_features(b: &Board, side: Side, f: &mut [i32; 10]) {
    // A lap: round the ring on two rows, round a player's own track on four.
    let lap = (b.track(side).1 as u32).saturating_sub(1).max(1);
    for (s, sign) in [(side, 1), (side.other(), -1)] {
        f[1] += sign * b.seeds_on_side(s) as i32;
        f[2] += sign * b.playable_mask(s).count_ones() as i32;
        let mut weak = 0;
        let mut big = 0;
        let mut empty = 0;
        // Counted without branches (a branch on each house's seeds is a guess the
        // processor often gets wrong); a house of 1–2 seeds is weak, not big, even
        // on a ring so small that a lap is 2 seeds.
        for &n in b.row_of(s) {
            empty += i32::from(n == 0);
            weak += i32::from(n == 1 || n == 2);
            big += i32::from(n >= lap.max(3));
        }
        // Weak houses are the opponent's: they count for the other side.
        f[3] -= sign * weak;
        f[4] += sign * big;
        f[5] += sign * empty;
    }
    let on_board = b.seeds_on_side(Side::South) + b.seeds_on_side(Side::North);
    if on_board as usize <= b.ring_len() {
        f[6] = f[1];
    }
}

/// The default evaluation (see the module): the weighted features for the side to move.
pub fn evaluate<V: Variant>(game: &Mancala<V>) -> i32 {
    let overridden = if OVERRIDING.load(Ordering::Relaxed) > 0 {
        OVERRIDE.with(Cell::get)
    } else {
        None
    };
    let weights = overridden
        .unwrap_or_else(|| Weights::for_search(&game.config, &game.board, game.long_search));
    weights.value(&features_with(game, game.to_move, &weights))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_features_are_antisymmetric() {
        let f = |w: &Weights| w.get(0);
        assert_eq!(f(&Weights::COUNTS), 100);
        assert_eq!(Weights::OPPOSITE.with(1, 7).side, 7);
        assert_eq!(Weights::NAMES.len(), 10);
    }

    use crate::threat::tests::Plain;

    /// Plays the `played`-th move of the list (a fixed walk through a game).
    fn step(game: &mut Mancala<Plain>, played: usize) {
        use game_api::Game;
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        game.apply_legal(moves[played % moves.len()]).unwrap();
    }

    #[test]
    fn searches_of_a_second_or_more_count_the_threats() {
        use game_api::Game;
        let mut game = Mancala::<Plain>::new(&game_api::Options::default()).unwrap();
        // No capture is threatened at the start: play until the side to move has
        // one, so that the two weight sets value the position differently.
        let mut played = 0;
        while features(&game, game.to_move)[7] == 0 {
            step(&mut game, played);
            played += 1;
        }
        let f = features(&game, game.to_move);
        let dot = |w: Weights| w.value(&f);
        assert_ne!(dot(Weights::OWARE), dot(Weights::OWARE_WITH_THREATS));
        for (time, weights) in [
            (None, Weights::OWARE),
            (Some(Duration::from_millis(999)), Weights::OWARE),
            (Some(THREATS_FROM), Weights::OWARE_WITH_THREATS),
            (Some(Duration::from_secs(5)), Weights::OWARE_WITH_THREATS),
        ] {
            let mut searched = game.clone();
            searched.prepare_search(time);
            assert_eq!(evaluate(&searched), dot(weights), "{time:?}");
            // The search's copies keep the choice; the saved state does not hold it.
            assert_eq!(evaluate(&searched.clone()), dot(weights), "{time:?}");
            crate::testing::round_trip(&searched, &game_api::Options::default()).unwrap();
        }
    }

    #[test]
    fn a_search_request_of_a_second_or_more_searches_with_the_threats() {
        use game_api::{
            Game,
            search::{SearchReply, run_request},
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        // A one-ply search on a fresh table: its score is the best child's evaluation.
        let score = |game: &Mancala<Plain>, time: &str| {
            let request =
                format!(r#"{{"max_depth": 1, "fresh_table": true, "memory_kib": 64{time}}}"#);
            let reply = run_request(game, &request, &stop).unwrap();
            let SearchReply::Done(report) = serde_json::from_str(&reply).unwrap() else {
                panic!("{reply}")
            };
            report.score
        };
        let mut game = Mancala::<Plain>::new(&game_api::Options::default()).unwrap();
        let mut differed = 0;
        for played in 0..40 {
            if game.is_over() {
                break;
            }
            let untimed = score(&game, "");
            assert_eq!(score(&game, r#", "time_ms": 999"#), untimed);
            differed += usize::from(score(&game, r#", "time_ms": 1000"#) != untimed);
            step(&mut game, played);
        }
        assert!(
            differed > 0,
            "a 1 s search never valued a position otherwise"
        );
    }
}
