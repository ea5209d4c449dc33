//! Houses that pass to the opponent between rounds
//! ([`Config::rounds_pass`](crate::Config::rounds_pass)): the other form of the
//! family's match of rounds, where a house its owner cannot fill is not closed but
//! changes hands (Nam-Nam, Oware as played in Ghana).
//!
//! The source's words (Nam-Nam, the rules text in E. Okyere's *Anware*): "Upon
//! completion of the first round each player places the seeds they have won back in the
//! houses on their territory four seeds in each house. [...] if one player is able to
//! fill more houses than that which they started with then those houses filled, on the
//! opponents side now become part of their territory in the next round. [...] lost
//! territory can always be reclaimed in subsequent rounds."
//!
//! How the kit plays it, after a round's sweep:
//! - each side can fill `bank / seeds` houses; a side that can fill more houses than it
//!   owns takes the difference from the other (only one side can: the houses are
//!   shared);
//! - it takes first the houses of its own row the other holds, the one next to its own
//!   houses first (its row is reclaimed from house `f` back towards `a`), then the
//!   other row's from house `a` on — the houses next to the end of its row in its
//!   sowing order, those the other side leaves unfilled when it fills from its right
//!   end: each side's territory stays one run of houses;
//! - each side then fills its houses, the other row's it holds first (from the last
//!   back), then its own row from the house next to its store leftwards; a house it
//!   cannot fill (seeds too few, a remainder) stays empty and its own, and seeds too few
//!   to fill one stay in its stock, counted as captured in the new round.
//!
//! A held house is marked on the board ([`Board::held`](crate::Board::held)); its
//! owner sows it, captures in it count as captures on its owner's side, and the feeding
//! and empty-row rules count it among its owner's houses.

use crate::{Mancala, Side, Variant, effects::Effects};

impl<V: Variant> Mancala<V> {
    /// The houses `side` owns, in the order it fills them after a round: the other
    /// row's houses it holds, last first, then its own row's, from the one next to its
    /// store leftwards (ring pits).
    fn fill_order(&self, side: Side) -> Vec<usize> {
        let b = &self.board;
        let owned = b.owned_mask(side);
        let held_there = (0..b.houses)
            .rev()
            .map(|i| b.house(side.other(), i))
            .filter(|&p| owned & (1 << p) != 0);
        let own_row = (0..b.houses)
            .rev()
            .map(|i| b.house(side, i))
            .filter(|&p| owned & (1 << p) != 0);
        held_there.chain(own_row).collect()
    }

    /// The houses `gainer` takes from the other side, in the order it takes them: its
    /// own row's houses the other holds, from the one next to its own houses back to
    /// `a`, then the other row's from `a` on.
    fn take_order(&self, gainer: Side) -> Vec<usize> {
        let b = &self.board;
        let theirs = b.owned_mask(gainer.other());
        let reclaimed = (0..b.houses).rev().map(|i| b.house(gainer, i));
        let taken = (0..b.houses).map(|i| b.house(gainer.other(), i));
        reclaimed
            .chain(taken)
            .filter(|&p| theirs & (1 << p) != 0)
            .collect()
    }

    /// Between rounds where houses pass: the side able to fill more houses than it
    /// owns takes the difference from the other, then each side fills what it can (see
    /// the module's notes). The houses are empty (the round was swept).
    pub(crate) fn pass_and_fill(&mut self, fx: &mut Effects<'_>) {
        let seeds = self.config.seeds.max(1);
        let can_fill = Side::BOTH.map(|s| self.board.bank_of(s) / seeds);
        for gainer in Side::BOTH {
            let owned = self.board.owned_mask(gainer).count_ones();
            let gain = can_fill[gainer.index()].saturating_sub(owned) as usize;
            if gain == 0 {
                continue;
            }
            let taken: Vec<usize> = self.take_order(gainer).into_iter().take(gain).collect();
            for &pit in &taken {
                let held = self.board.held() & (1 << pit) != 0;
                self.board.set_held(pit, !held);
            }
            let names: Vec<String> = taken
                .iter()
                .filter_map(|&p| match self.board.pit(p) {
                    crate::Pit::House(row, i) => Some(Self::house_name(row, i)),
                    _ => None,
                })
                .collect();
            fx.message(format!(
                "{} fills more houses than it owned and takes {}",
                gainer.name(),
                names.join(", ")
            ));
        }
        for side in Side::BOTH {
            for pit in self.fill_order(side) {
                if self.board.bank_of(side) < seeds {
                    break;
                }
                self.board.unbank(side, seeds);
                self.board.pits[pit] = seeds;
                fx.unbank(&self.board, side, pit, seeds);
            }
        }
    }
}

/// Checks a saved board's held houses against the rules: only in a match of rounds
/// whose houses pass, from its second round, and never both sides holding houses of the
/// other's row (a side takes back its own row before it takes the other's).
pub(crate) fn check_held(
    config: &crate::Config,
    board: &crate::Board,
    round: u32,
) -> Result<(), String> {
    let held = board.held();
    if held == 0 {
        return Ok(());
    }
    if !(config.rounds && config.rounds_pass) {
        return Err(
            "houses are held by the other side only in a match of rounds whose \
                    houses pass (`rounds = \"pass\"`)"
                .into(),
        );
    }
    if round < 2 {
        return Err("houses pass only between rounds: none is held in round 1".into());
    }
    let row = |s: Side| board.house_mask(s);
    if held & row(Side::South) != 0 && held & row(Side::North) != 0 {
        return Err(
            "each side holds houses of the other's row: a side takes its own row back first".into(),
        );
    }
    Ok(())
}
