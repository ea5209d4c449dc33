//! A turn too long to show seed by seed: past [`MAX_TURN_EFFECTS`] effects, a relay
//! sowing stops recording its seeds and, once it ends, reports what it changed at once
//! — a lift from every pit that lost seeds, a drop into every pit and score that gained
//! some — so that no legal move of any kit game reports more effects than a host takes
//! (Tavola's limit is 100,000 a move, `core/src/plugins/limits.rs`). The rules never
//! see it: only what a move reports changes, not what it does.
//!
//! The bound: effects recorded before the check (at most [`MAX_TURN_EFFECTS`]), plus
//! the last relay's sowing (at most every seed of the game, one effect each, with one
//! lift), plus two messages and one effect per pit and per score (at most 34 on the
//! kit's largest ring), plus what follows the last seed (a capture chain, at most one
//! effect per pit). A data file's game has at most 11 × 2 × 64 = 1,408 seeds, so a
//! move of one reports at most 20,000 + 1,409 + 36 + 34 + 32 = 21,511 effects.

use game_api::Effect;

use crate::{Board, Effects, Side, effects::score_site};

/// The effects a turn's sowing records seed by seed before the rest is shown at once.
pub const MAX_TURN_EFFECTS: usize = 20_000;

/// A sowing whose effects are no longer recorded: the list set aside, and the board
/// when it was.
pub(crate) struct Unshown<'a> {
    list: &'a mut Vec<Effect>,
    before: Board,
    relays: u32,
}

impl<'a> Unshown<'a> {
    /// Stops recording into `fx` when it has recorded more than [`MAX_TURN_EFFECTS`]
    /// since it held `first` effects; `relays` is the number of relays so far.
    #[cold]
    pub(crate) fn pause_if_long(
        board: &Board,
        fx: &mut Effects<'a>,
        first: usize,
        relays: u32,
    ) -> Option<Self> {
        let recorded = fx.0.as_ref()?.len();
        if recorded.saturating_sub(first) <= MAX_TURN_EFFECTS {
            return None;
        }
        let list = fx.0.take()?;
        Some(Unshown {
            list,
            before: board.clone(),
            relays,
        })
    }

    /// Records into `fx` again, first what changed since the pause, at once; `relays`
    /// is the number of relays at the end.
    #[cold]
    pub(crate) fn resume(self, board: &Board, fx: &mut Effects<'a>, relays: u32) {
        let before = self.before;
        fx.0 = Some(self.list);
        fx.message(format!(
            "The sowing went on for {} more relays, shown at once",
            relays.saturating_sub(self.relays)
        ));
        let pits = board.pits.len().min(before.pits.len());
        for pit in 0..pits {
            if board.pits[pit] < before.pits[pit] {
                fx.lift(pit, before.pits[pit] - board.pits[pit]);
            }
        }
        for pit in 0..pits {
            if board.pits[pit] > before.pits[pit] {
                fx.drop_seeds(pit, board.pits[pit] - before.pits[pit]);
            }
        }
        for side in Side::BOTH {
            let (now, then) = (board.captured[side.index()], before.captured[side.index()]);
            if now > then {
                let at = score_site(board, side);
                fx.push(|| Effect::Drop {
                    site: at,
                    count: now - then,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use game_api::{Effect, Game, GameError, Manifest, MoveId, Options};

    use super::MAX_TURN_EFFECTS;
    use crate::{Capture, Config, EmptyOpposite, End, Mancala, Relay, Remaining, Variant};

    /// Ayoayo as the catalogue plays it: relays from occupied pits, the origin skipped.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    struct Ayoayo;

    impl Variant for Ayoayo {
        fn manifest() -> Manifest {
            Manifest::new("ayoayo-test", "Ayoayo", "0.1.0")
        }
        fn config(_: &Options) -> Result<Config, GameError> {
            Ok(Config {
                relay: Relay::Landing,
                skip_origin: true,
                capture: Capture::Opposite {
                    empty_opposite: EmptyOpposite::NoCapture,
                    keep_last: true,
                },
                must_feed: true,
                end: End::NoMove {
                    remaining: Remaining::Owner,
                },
                cycle_ends_game: true,
                ..Config::base(6, 4)
            })
        }
    }

    /// The counts of every site after `effects` over the counts of `game`'s view.
    fn replayed(before: &Mancala<Ayoayo>, effects: &[Effect]) -> BTreeMap<u16, i64> {
        let mut counts: BTreeMap<u16, i64> = BTreeMap::new();
        for (i, &n) in before.board.pits.iter().enumerate() {
            counts.insert(i as u16, i64::from(n));
        }
        let ring = before.board.pits.len() as u16;
        for side in 0..2 {
            counts.insert(ring + side, i64::from(before.board.captured[side as usize]));
        }
        for e in effects {
            match e {
                Effect::Lift { site, count } | Effect::Relay { site, count } => {
                    *counts.entry(site.0).or_default() -= i64::from(*count);
                }
                Effect::Drop { site, count } => {
                    *counts.entry(site.0).or_default() += i64::from(*count)
                }
                Effect::Capture { from, to, count } => {
                    *counts.entry(from.0).or_default() -= i64::from(*count);
                    if let Some(to) = to {
                        *counts.entry(to.0).or_default() += i64::from(*count);
                    }
                }
                _ => {}
            }
        }
        counts
    }

    #[test]
    fn a_relay_too_long_to_show_seed_by_seed_is_shown_at_once_and_ends_the_same() {
        let config = Ayoayo::config(&Options::default()).unwrap();
        let start = Mancala::<Ayoayo>::from_notation_with(config, "1,0,9,0,2,1/0,2,1,2,3,8 15-4 N")
            .unwrap();
        // North's F: the sixth of the mover's houses.
        let f = MoveId(5);
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        assert!(moves.contains(&f), "{moves:?}");
        let mut quiet = start.clone();
        quiet.apply(f, None).unwrap();
        let mut watched = start.clone();
        let mut effects = Vec::new();
        watched.apply(f, Some(&mut effects)).unwrap();
        assert_eq!(
            watched.notation(),
            quiet.notation(),
            "what is shown changes nothing"
        );
        assert!(
            effects.len() <= MAX_TURN_EFFECTS + 2_000,
            "{} effects",
            effects.len()
        );
        let shown_at_once = effects.iter().find_map(|e| match e {
            Effect::Message { text } if text.contains("shown at once") => Some(text.clone()),
            _ => None,
        });
        let text = shown_at_once.expect("the rest shown at once");
        let relays_seen = effects
            .iter()
            .filter(|e| matches!(e, Effect::Relay { .. }))
            .count();
        println!(
            "F: {} effects, {relays_seen} relays shown one by one; {text}; came round: {}",
            effects.len(),
            effects
                .iter()
                .any(|e| matches!(e, Effect::Message { text } if text.contains("came round")))
        );
        // Replayed over the counts, the effects give the position the move leaves.
        let after = replayed(&start, &effects);
        for (i, &n) in watched.board.pits.iter().enumerate() {
            assert_eq!(after[&(i as u16)], i64::from(n), "pit {i}");
        }
        let ring = watched.board.pits.len() as u16;
        for side in 0..2u16 {
            assert_eq!(
                after[&(ring + side)],
                i64::from(watched.board.captured[side as usize]),
                "score {side}"
            );
        }
    }
}
