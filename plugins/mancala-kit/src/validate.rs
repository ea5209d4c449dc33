//! What a position must satisfy to be one the game can reach: the checks behind
//! [`Game::check`](game_api::Game::check) (a saved state) and the notation's parser.
//!
//! Seeds are conserved (the houses, the end pits, the stores or captured stocks add up to
//! the game's total), each big stone is in its own mandarin square or captured, marks are
//! where the rules put them (burnt houses only in a later round of a multi-round game, a
//! sinks only as the variant allows), the simultaneous opening only at the start.

use crate::{
    Board, Config, Ends, MAX_ROUNDS, Side, Variant,
    board::{Pit, Special},
    game::Phase,
};

/// The most seeds one side can have borrowed: far more than any game borrows (a refill
/// borrows at most one seed a house), far less than a sum could overflow.
pub(crate) const MAX_LOAN: u32 = 1_000_000;

/// Where a ring pit is, in words: `South's house 3`, `North's store`, `the mandarin
/// square after South's row`.
pub(crate) fn pit_name(board: &Board, pit: usize) -> String {
    match board.pit(pit) {
        Pit::House(side, i) => format!(
            "{}'s house {} (`{}`)",
            side.name(),
            i + 1,
            crate::notation::house_name(side, i)
        ),
        Pit::Store(side) => format!("{}'s store", side.name()),
        Pit::Mandarin(m) => format!(
            "the mandarin square after {}'s row",
            Side::from_seat(m as u8).name()
        ),
    }
}

/// Checks a saved state's count of rounds won (`won`, South's and North's) against its
/// round: only a match of rounds counts them, and each round ended has at most one
/// winner (the rounds before this one, and this one once the match is over).
pub(crate) fn rounds_won(config: &Config, round: u32, won: [u32; 2]) -> Result<(), String> {
    let total = u64::from(won[0]) + u64::from(won[1]);
    if total > 0 && !config.rounds {
        return Err(format!(
            "rounds won {}-{}: this game is played in one round",
            won[0], won[1]
        ));
    }
    if total > u64::from(round) {
        return Err(format!(
            "rounds won {}-{}: more than the {round} rounds played",
            won[0], won[1]
        ));
    }
    Ok(())
}

/// Checks `board` (with the side to move, phase and round) against the rules of
/// `config` and variant `V`; the reason says what is wrong and where.
pub(crate) fn position<V: Variant>(
    config: &Config,
    board: &Board,
    to_move: Side,
    phase: Phase,
    round: u32,
) -> Result<(), String> {
    seeds(config, board)?;
    big_stones(config, board)?;
    loans(config, board)?;
    marks::<V>(config, board, round)?;
    if round == 0 || round > MAX_ROUNDS {
        return Err(format!("round {round}: rounds run from 1 to {MAX_ROUNDS}"));
    }
    if round > 1 && !config.rounds {
        return Err(format!(
            "round {round}: this game is played in one round (set `rounds` to play more)"
        ));
    }
    if let Phase::Opening { south } = phase {
        if !config.simultaneous_opening {
            return Err("the simultaneous opening is not played in this game".into());
        }
        let expected = if south.is_some() {
            Side::North
        } else {
            Side::South
        };
        if to_move != expected {
            return Err(format!(
                "in the opening {} chooses, not {}",
                expected.name(),
                to_move.name()
            ));
        }
        if *board != Board::start(config) || round != 1 {
            return Err("the simultaneous opening is played from the start position only".into());
        }
    }
    Ok(())
}

/// Small seeds: every count adds up (without overflow) to the game's total.
fn seeds(config: &Config, board: &Board) -> Result<(), String> {
    if config.ends == Ends::Stores && board.captured != [0, 0] {
        return Err("seeds kept beside the board in a game whose stores are in the ring".into());
    }
    let total = u64::from(config.total_seeds());
    let wide = |v: &[u32]| v.iter().map(|&n| u64::from(n)).sum::<u64>();
    let mut houses = 0u64;
    let mut ends = 0u64;
    for (pit, &n) in board.pits.iter().enumerate() {
        if u64::from(n) > total {
            return Err(format!(
                "{} holds {n} seeds, more than the {total} of the whole game",
                pit_name(board, pit)
            ));
        }
        match board.pit(pit) {
            Pit::House(..) => houses += u64::from(n),
            _ => ends += u64::from(n),
        }
    }
    let aside = wide(&board.captured);
    let held = houses + ends + aside;
    if held != total {
        let ends_word = match config.ends {
            Ends::Stores => "in the stores",
            Ends::Mandarins(_) => "in the mandarin squares",
            Ends::None => "",
        };
        let ends_part = if config.ends == Ends::None {
            String::new()
        } else {
            format!(", {ends} {ends_word}")
        };
        let aside_part = if config.ends == Ends::Stores {
            String::new()
        } else {
            format!(", {aside} captured")
        };
        return Err(format!(
            "the position holds {held} seeds ({houses} in the houses{ends_part}{aside_part}), \
             this game has {total}: seeds are neither made nor lost"
        ));
    }
    Ok(())
}

/// Big stones: at most one in each mandarin square (its own, which it never leaves),
/// none elsewhere, and every one on the board or captured.
fn big_stones(config: &Config, board: &Board) -> Result<(), String> {
    let mandarins = board.mandarins();
    let with_big = match config.ends {
        Ends::Mandarins(m) => m.big_stone > 0,
        _ => false,
    };
    for (pit, &n) in board.big.iter().enumerate() {
        let allowed = u32::from(with_big && mandarins.contains(&pit));
        if n > allowed {
            return Err(format!(
                "{} holds {n} big stones, at most {allowed}",
                pit_name(board, pit)
            ));
        }
    }
    let expected = if with_big { 2 } else { 0 };
    for side in Side::BOTH {
        if board.captured_big[side.index()] > expected {
            return Err(format!(
                "{} has captured {} big stones, the game has {expected}",
                side.name(),
                board.captured_big[side.index()]
            ));
        }
    }
    let all = board.big.iter().sum::<u32>() + board.captured_big.iter().sum::<u32>();
    if all != expected {
        return Err(format!(
            "{all} big stones on the board and captured, the game has {expected}"
        ));
    }
    Ok(())
}

/// Loans: only where houses are refilled, and never of an overflowing size.
fn loans(config: &Config, board: &Board) -> Result<(), String> {
    for side in Side::BOTH {
        let loan = board.loans[side.index()];
        if loan > 0 && !config.refill {
            return Err(format!(
                "{} has borrowed {loan} seeds in a game without refills",
                side.name()
            ));
        }
        if loan > MAX_LOAN {
            return Err(format!(
                "{} has borrowed {loan} seeds, more than the {MAX_LOAN} any game can borrow",
                side.name()
            ));
        }
    }
    Ok(())
}

/// Marks: on houses only, holding no seeds; burnt houses only from the second round of
/// a multi-round game; sinks as the variant allows.
fn marks<V: Variant>(config: &Config, board: &Board, round: u32) -> Result<(), String> {
    for pit in 0..board.ring_len() {
        let mark = board.mark(pit);
        if mark == Special::Normal {
            continue;
        }
        let word = if mark == Special::Burnt {
            "burnt".to_string()
        } else {
            format!("a {}", V::SINK_NAME)
        };
        if board.house_owner(pit).is_none() {
            return Err(format!(
                "{} is marked {word}, only houses are",
                pit_name(board, pit)
            ));
        }
        if board.pits[pit] > 0 {
            return Err(format!(
                "{} is {word} and holds {} seeds: it can hold none",
                pit_name(board, pit),
                board.pits[pit]
            ));
        }
        if mark == Special::Burnt && config.rounds_pass {
            return Err(format!(
                "{} is burnt: where houses pass between rounds none burns",
                pit_name(board, pit)
            ));
        }
        if mark == Special::Burnt && !(config.rounds && round > 1) {
            return Err(format!(
                "{} is burnt: houses burn only from the second round of a game of rounds",
                pit_name(board, pit)
            ));
        }
    }
    crate::held::check_held(config, board, round)?;
    V::check_marks(board).map_err(|reason| format!("the {}s: {reason}", V::SINK_NAME))
}
