//! Oware's house table: what a house holding so many seeds is worth, house by house,
//! fitted to the results of self-play games — the `houses` feature of the evaluation
//! ([`crate::eval::Weights::houses`]).
//!
//! The table has one row for each of the mover's six houses and each of the opponent's
//! (in sowing order: house 0 is the first a sowing coming from the other row reaches),
//! and one column for each count of seeds: 0 to 11 each, then 12–15, 16–19 and 20 or
//! more. Its value of a position is the sum of the twelve entries the houses pick, plus
//! a constant for having the move, in hundredths of a seed; two tables, one for a board
//! of more than 30 seeds and one for 30 or fewer. The search only asks it above the
//! endgame tables' reach (above 15 seeds on the board), where it replaces the hand-made
//! features (`weak`, `big`, `empty`).
//!
//! **How it was fitted** (a *Texel* fit, after the chess engine that made it popular):
//! 16,000 self-play games of the kit's engine at 3,000 positions a move, from openings
//! of 2 to 8 random moves and with 3% of later moves random
//! (`cargo run --release -p oware --example houses_data -- 8000 3000 SEED --hand-made`,
//! seeds 11 and 12: the engine evaluating with the hand-made features), gave a
//! million positions with more than 15 seeds on the board, each labelled by the game's
//! result for the side to move. `scripts/fit-houses` fits a logistic model of that
//! result on the score difference and the table's entries, then scales the entries so
//! that a seed of score is worth 100: the entries are in the score's units, and they
//! answer "how many seeds of score is this house worth in winning chances". On held-out
//! games the fitted table predicts the result better than the hand-made features (log
//! loss 0.530 against 0.557; the score alone: 0.588).
//!
//! It applies only to Oware's rules (two rows of six houses, capture of 2s and 3s
//! backwards on the plain ring, [`crate::threat::Threats`]'s conditions, [`applies`]):
//! elsewhere the evaluation does not use it. The figures of the matches that chose it are in `eval`'s module and
//! `docs/benchmarks/search-engine.md`.

use crate::{Board, Capture, Config, Side, threat::Threats};

include!("houses_table.rs");

/// The column of a house holding `n` seeds: 0..=11 each, then 12–15, 16–19, 20+.
#[inline]
fn column(n: u32) -> usize {
    match n {
        0..=11 => n as usize,
        12..=15 => 12,
        16..=19 => 13,
        _ => 14,
    }
}

/// Whether the table applies to `config`'s game on `board`: Oware's rules.
pub fn applies(config: &Config, board: &Board) -> bool {
    config.capture == (Capture::Backward { min: 2, max: 3 })
        && board.houses == 6
        && Threats::of(config, board).is_some()
}

/// The table's value of `board` for `side` to move, in hundredths of a seed (call only
/// where [`applies`] holds).
///
/// ```
/// use mancala_kit::{Board, Config, Side, houses};
/// let config = Config::oware(4);
/// let board = Board::start(&config);
/// assert!(houses::applies(&config, &board));
/// // The start is symmetric: what is left is the value of having the move.
/// assert_eq!(houses::value(&board, Side::South), houses::value(&board, Side::North));
/// ```
pub fn value(board: &Board, side: Side) -> i32 {
    let own = board.row_of(side);
    let opp = board.row_of(side.other());
    let on_board: u32 = own.iter().sum::<u32>() + opp.iter().sum::<u32>();
    let phase = PHASE_BOUNDS.iter().filter(|&&b| on_board > b).count();
    let (own_rows, opp_rows) = TABLE[phase].split_at(6);
    let entries = own.iter().zip(own_rows).chain(opp.iter().zip(opp_rows));
    TO_MOVE
        + entries
            .map(|(&n, row)| i32::from(row[column(n)]))
            .sum::<i32>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_owares_rules_have_the_table() {
        let config = Config::oware(4);
        assert!(applies(&config, &Board::start(&config)));
        let mut other = Config::oware(4);
        other.capture = Capture::Backward { min: 2, max: 4 };
        assert!(!applies(&other, &Board::start(&other)));
        let small = Config::oware(3);
        assert!(applies(&small, &Board::start(&small)));
    }

    #[test]
    fn the_table_reads_emptiness_as_the_fit_found_it() {
        // An empty house of one's own costs, an empty house of the opponent's gains:
        // in every phase and every house the fit found it so.
        for t in &TABLE {
            let (own, opp) = t.split_at(6);
            for (h, (own, opp)) in own.iter().zip(opp).enumerate() {
                assert!(own[0] < own[3], "own house {h}");
                assert!(opp[0] > opp[3], "opponent house {h}");
            }
        }
    }

    #[test]
    fn the_value_is_the_sum_of_the_entries() {
        let config = Config::oware(4);
        let mut board = Board::start(&config);
        let south = board.house(Side::South, 0);
        board.pits[south] = 0;
        board.pits[south + 5] = 12;
        let v = value(&board, Side::South);
        // 52 seeds on the board: the table of the fullest boards.
        let t = &TABLE[PHASE_BOUNDS.len()];
        let expected = TO_MOVE
            + i32::from(t[0][0])
            + (1..5).map(|h| i32::from(t[h][4])).sum::<i32>()
            + i32::from(t[5][12])
            + (6..12).map(|h| i32::from(t[h][4])).sum::<i32>();
        assert_eq!(v, expected);
    }
}
