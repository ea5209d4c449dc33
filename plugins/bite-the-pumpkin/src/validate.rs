//! What a position read from a notation or a JSON state must satisfy to be one a game
//! can reach: the components (6 trees, 5 pigs, 20 pumpkins or 18 of each vegetable),
//! the reserves and the Herd's turns consistent with the phase, the ends consistent with
//! the field. Each refusal says what is wrong and where.

use crate::{
    BROCCOLI, BiteModel, BiteThePumpkin, COUNT_LIMIT, FARMER, HERD, PIGS, Phase, TREE_MOVES,
    board::{Cell, SQUARES, neighbours},
    square_name, veg_of,
};

/// Checks `g`; `custom_trees` is the option when known (a notation is read with its
/// options, a JSON state without).
pub(crate) fn check(g: &BiteThePumpkin, custom_trees: Option<bool>) -> Result<(), String> {
    components(g)?;
    phase(g, custom_trees)?;
    if !matches!(g.phase, Phase::Over(_)) && g.legal().is_empty() {
        return Err(format!(
            "the phase `{:?}` leaves the player to move no legal move",
            g.phase
        ));
    }
    Ok(())
}

/// The pigs' order (the simulator's bites): every pig on the field once, nothing else;
/// none under the rules' bites.
fn pig_order(g: &BiteThePumpkin) -> Result<(), String> {
    if g.bite_model != BiteModel::Simulator {
        return match g.order.is_empty() {
            true => Ok(()),
            false => Err("a pigs' order without the simulator's bites".into()),
        };
    }
    if let Some(&sq) = g.order.iter().find(|&&s| s >= SQUARES) {
        return Err(format!("the pigs' order names square {sq}, off the field"));
    }
    let mut listed = g.order.clone();
    listed.sort_unstable();
    if listed != g.field.pigs() {
        return Err(format!(
            "the pigs' order lists {:?}, not each of the pigs on {:?} once",
            g.order
                .iter()
                .map(|&sq| square_name(sq))
                .collect::<Vec<_>>(),
            g.field
                .pigs()
                .iter()
                .map(|&sq| square_name(sq))
                .collect::<Vec<_>>()
        ));
    }
    Ok(())
}

/// The vegetable total of one kind.
fn total(g: &BiteThePumpkin) -> u32 {
    if g.three() { 18 } else { 20 }
}

fn components(g: &BiteThePumpkin) -> Result<(), String> {
    if g.field.0.len() != SQUARES {
        return Err(format!("the field has {} squares, not 64", g.field.0.len()));
    }
    if !(2..=3).contains(&g.players) {
        return Err(format!("{} players: 2 or 3", g.players));
    }
    if g.beginner_extra > 2 {
        return Err(format!("{} extra pumpkins: 0 to 2", g.beginner_extra));
    }
    if !g.simulator_end() && g.score != 0 {
        return Err(format!(
            "a simulator's score s:{} without the simulator's end (end_rule=simulator, two \
             players)",
            g.score
        ));
    }
    if let Some(&sq) = g.last.iter().find(|&&s| s >= SQUARES) {
        return Err(format!("the last move names square {sq}, off the field"));
    }
    let trees = g.field.count(Cell::Tree);
    if trees != 6 {
        return Err(format!("the field holds {trees} trees, not 6"));
    }
    let pigs = g.field.pigs().len();
    if pigs > PIGS {
        return Err(format!("the field holds {pigs} pigs; the Herd has 5"));
    }
    pig_order(g)?;
    let seats: &[u8] = if g.three() {
        &[FARMER, BROCCOLI]
    } else {
        &[FARMER]
    };
    if !g.three() {
        if g.field.count(Cell::Broccoli) > 0 {
            return Err("broccoli on the field of a two-player game".into());
        }
        if g.reserve[1] != 0 || g.eliminated != [false, true] {
            return Err("a broccoli reserve or elimination in a two-player game".into());
        }
    }
    for &seat in seats {
        let (kind, reserve) = (kind_name(seat), g.reserve_of(seat));
        if reserve > total(g) {
            return Err(format!(
                "a {kind} reserve of {reserve}: there are {} {kind}s in all",
                total(g)
            ));
        }
        let placed = (total(g) - reserve) as usize;
        let on = g.on_field(seat);
        if on > placed {
            return Err(format!(
                "{on} {kind}s on the field but only {placed} placed ({} minus a reserve of \
                 {reserve})",
                total(g)
            ));
        }
        if g.eliminated[usize::from(seat == BROCCOLI)] && on > 0 {
            return Err(format!("{on} {kind}s on the field of an eliminated Farmer"));
        }
    }
    if g.three()
        && let Some(p) = g
            .field
            .squares_of(Cell::Pumpkin)
            .find(|&p| neighbours(p).any(|n| g.field.0[n] == Cell::Broccoli))
    {
        return Err(format!(
            "the pumpkin on {} stands next to a broccoli",
            square_name(p)
        ));
    }
    Ok(())
}

fn kind_name(seat: u8) -> &'static str {
    if seat == BROCCOLI {
        "broccoli"
    } else {
        "pumpkin"
    }
}

/// Vegetables placed so far, both kinds.
fn placed(g: &BiteThePumpkin) -> usize {
    let t = total(g);
    let mut n = (t - g.reserve[0]) as usize;
    if g.three() {
        n += (t - g.reserve[1]) as usize;
    }
    n
}

fn phase(g: &BiteThePumpkin, custom_trees: Option<bool>) -> Result<(), String> {
    let pigs = g.field.pigs().len();
    let lying = g.field.count(Cell::Pig { lying: true });
    let lying_allowed = match g.phase {
        Phase::Run => g.bite_model == BiteModel::Rules,
        Phase::Over(w) => w == HERD,
        _ => false,
    };
    if lying > 0 && !lying_allowed {
        return Err(format!(
            "{lying} lying pigs: pigs lie only between the bites and the end of the run"
        ));
    }
    if let Phase::Over(w) = g.phase
        && w >= g.players
    {
        return Err(format!("the winner is seat {w} of {}", g.players));
    }
    let before_setup = matches!(g.phase, Phase::Trees(_) | Phase::Pigs);
    if before_setup {
        if placed(g) > 0 || g.herd_turns > 0 || g.score > 0 {
            return Err(format!(
                "vegetables placed, Herd turns or a score before the setup (phase `{:?}`)",
                g.phase
            ));
        }
    } else if pigs != PIGS {
        return Err(format!(
            "{pigs} pigs on the field after the pigs' setup, not 5"
        ));
    }
    match &g.phase {
        Phase::Trees(n) => {
            if custom_trees == Some(false) {
                return Err("tree moves without the custom_trees option".into());
            }
            if *n >= TREE_MOVES || pigs > 0 {
                return Err(format!(
                    "{n} trees moved and {pigs} pigs placed: at most 5 moves, before the pigs"
                ));
            }
        }
        Phase::Pigs if pigs >= PIGS => {
            return Err("the pigs' setup with all 5 pigs placed".into());
        }
        Phase::Pigs => {}
        Phase::Setup(_) => setup(g)?,
        _ => after_setup(g)?,
    }
    Ok(())
}

fn setup(g: &BiteThePumpkin) -> Result<(), String> {
    let placed = placed(g);
    // Pumpkins first, then the two kinds in turn up to 10 (three players), the extras
    // from the pumpkin Farmer; a Farmer with no legal square is skipped.
    let expected = if g.three() && placed < 10 && placed % 2 == 1 {
        BROCCOLI
    } else {
        FARMER
    };
    let mover = g.to_move();
    let valid_seat = mover == FARMER || (mover == BROCCOLI && g.three());
    if !valid_seat || (mover != expected && !g.legal_squares(expected).is_empty()) {
        return Err(format!(
            "{} to place at setup after {placed} vegetables: it is {}'s placement",
            crate::seat_name(mover),
            crate::seat_name(expected)
        ));
    }
    if placed >= g.setup_total() || g.herd_turns > 0 {
        return Err(format!(
            "the Farmers' setup with {placed} vegetables placed and {} Herd turns: the setup \
             places {} before the first Herd turn",
            g.herd_turns,
            g.setup_total()
        ));
    }
    let on = g.on_field(FARMER) + g.on_field(BROCCOLI);
    if on != placed {
        return Err(format!(
            "{on} vegetables on the field during the setup but {placed} placed: none is eaten \
             before the first Herd turn"
        ));
    }
    if g.simulator_end() && g.score as usize != on {
        return Err(format!(
            "the simulator's score s:{} during the setup: it is the {on} pumpkins placed",
            g.score
        ));
    }
    Ok(())
}

/// The Herd's turns against the placements (two players: every Herd turn is followed by
/// one placement), the reserves and the ends.
fn after_setup(g: &BiteThePumpkin) -> Result<(), String> {
    if g.three() {
        return after_setup_three(g);
    }
    let placed = placed(g) as i64;
    let reserve = g.reserve[0];
    let rules_end = !g.simulator_end();
    // Placements not yet made for the Herd turns completed.
    let pending = match g.phase {
        Phase::Farmers(_) => 1,
        Phase::Over(w) if w == FARMER && rules_end => 1,
        _ => 0,
    };
    let expected = g.setup_total() as i64 + i64::from(g.herd_turns) - pending;
    if placed != expected {
        return Err(format!(
            "t{} with a reserve of {reserve}: after the {} setup pumpkins, {} Herd turns mean \
             {expected} pumpkins placed, not {placed}",
            g.herd_turns,
            g.setup_total(),
            g.herd_turns
        ));
    }
    if g.score as usize > placed as usize {
        return Err(format!(
            "the simulator's score s:{} is more than the {placed} pumpkins placed",
            g.score
        ));
    }
    two_player_phase(g)
}

/// The ends and the Herd's turn against the pumpkins on the field and the reserve.
fn two_player_phase(g: &BiteThePumpkin) -> Result<(), String> {
    let on = g.on_field(FARMER);
    let reserve = g.reserve[0];
    let rules_end = !g.simulator_end();
    match &g.phase {
        Phase::Over(w) if *w == HERD => {
            if rules_end && on > COUNT_LIMIT {
                return Err(format!("the Herd has won with {on} pumpkins on the field"));
            }
            if !rules_end && (g.score as usize > COUNT_LIMIT || reserve == 0) {
                return Err(format!(
                    "the Herd has won with the simulator's score s:{} and a reserve of \
                     {reserve}",
                    g.score
                ));
            }
        }
        Phase::Over(_) if reserve != 0 => {
            return Err(format!(
                "the Farmer has won with {reserve} pumpkins still in the reserve"
            ));
        }
        Phase::Over(_) => {}
        Phase::Farmers(queue) => {
            if queue != &[FARMER] {
                return Err("the Farmers' queue of a two-player game is `F`".into());
            }
            if reserve == 0 {
                return Err("the Farmer to place with an empty reserve".into());
            }
            if rules_end && on <= COUNT_LIMIT {
                return Err(format!(
                    "{on} pumpkins after the Herd's Count: the Herd would have won"
                ));
            }
        }
        Phase::Bite(chosen) => bites(g, chosen)?,
        _ => {}
    }
    if matches!(g.phase, Phase::Run | Phase::Bite(_)) {
        if !rules_end && reserve == 0 {
            return Err("a Herd turn after the 20th pumpkin: the simulator's end is over".into());
        }
        // Before the bites at least 4 pumpkins stand (3 left by the last Count, plus one
        // placed); after them (the rules' run) at least 3.
        let least = if matches!(g.phase, Phase::Run) && g.bite_model == BiteModel::Rules {
            COUNT_LIMIT + 1
        } else {
            COUNT_LIMIT + 2
        };
        if rules_end && on < least {
            return Err(format!(
                "{on} pumpkins at this point of a Herd turn: the Count would have ended the \
                 game"
            ));
        }
    }
    Ok(())
}

fn after_setup_three(g: &BiteThePumpkin) -> Result<(), String> {
    // No bound on the Herd's turns: a turn in which no Farmer can place is followed by
    // none, and nothing limits how many there are (the count saturates).
    match &g.phase {
        Phase::Over(w) if *w == HERD && g.eliminated != [true, true] => {
            Err("the Herd has won with a Farmer still in the game".into())
        }
        Phase::Farmers(queue) if queue.is_empty() => {
            Err("an empty Farmers' queue: the Herd's turn would have begun".into())
        }
        Phase::Farmers(queue) => {
            if let [first, second] = queue[..] {
                let (a, b) = (g.on_field(first), g.on_field(second));
                if a > b || (a == b && first != BROCCOLI) {
                    return Err(format!(
                        "the Farmers' queue `{queue:?}`: the one with fewer vegetables on the \
                         field places first, the Broccoli Farmer on a tie"
                    ));
                }
            }
            let mut seen = [false; 3];
            for &s in queue {
                if s == HERD
                    || s > BROCCOLI
                    || seen[usize::from(s)]
                    || g.eliminated[usize::from(s == BROCCOLI)]
                {
                    return Err(format!(
                        "the Farmers' queue `{queue:?}` names a seat twice, the Herd or an \
                         eliminated Farmer"
                    ));
                }
                seen[usize::from(s)] = true;
            }
            Ok(())
        }
        Phase::Bite(chosen) => bites(g, chosen),
        _ => Ok(()),
    }
}

/// The bites chosen so far: each by a pig with two or more of that kind in reach, at
/// most one per pig and kind.
fn bites(g: &BiteThePumpkin, chosen: &[(usize, usize)]) -> Result<(), String> {
    if g.bite_model != BiteModel::Rules {
        return Err("bites to choose under bite_model=simulator, where nobody chooses".into());
    }
    for (i, &(pig, v)) in chosen.iter().enumerate() {
        let kind = g.field.0.get(v).copied().unwrap_or(Cell::Empty);
        let ok = pig < SQUARES
            && matches!(g.field.0[pig], Cell::Pig { lying: false })
            && kind.is_vegetable()
            && g.field.in_reach(pig, kind).len() >= 2
            && g.field.in_reach(pig, kind).contains(&v)
            && !chosen[..i]
                .iter()
                .any(|&(p, w)| p == pig && g.field.0[w] == kind);
        if !ok {
            return Err(format!(
                "the bite {}x{} is not a choice of a standing pig with two or more {}s in \
                 reach",
                square_name(pig.min(SQUARES - 1)),
                square_name(v.min(SQUARES - 1)),
                if kind == veg_of(BROCCOLI) {
                    "broccoli"
                } else {
                    "pumpkin"
                }
            ));
        }
    }
    Ok(())
}
