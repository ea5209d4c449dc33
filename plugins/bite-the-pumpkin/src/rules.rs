//! The turn order: setup, the Herd's bites, Count and run, the Farmers' placements and
//! the ends, under each `bite_model` and `end_rule`.

use game_api::{Effects, MoveId, SiteId};

use crate::{
    BROCCOLI, BiteModel, BiteThePumpkin, COUNT_LIMIT, EndRule, FARMER, HERD, PIGS, Phase,
    TREE_MOVES,
    board::{Cell, Dir, PassEvent, SQUARES},
    piece_of, seat_name, veg_of,
};

/// Move ids: a square (placement) is its index; these ranges hold the others.
pub(crate) const BITE: u32 = 10_000;
/// A run direction: `RUN + index in Dir::ALL`.
pub(crate) const RUN: u32 = 20_000;
/// The Farmer ends the tree moves.
pub(crate) const TREES_DONE: u32 = 29_999;
/// A tree move: `TREE + from * 64 + to`.
pub(crate) const TREE: u32 = 30_000;

fn site(sq: usize) -> SiteId {
    SiteId(sq as u16)
}

impl BiteThePumpkin {
    pub(crate) fn three(&self) -> bool {
        self.players == 3
    }

    /// Whether the simulator's end (and its score) is in force: `end_rule=simulator`
    /// with two players (the simulator has no three-player end).
    pub(crate) fn simulator_end(&self) -> bool {
        self.end_rule == EndRule::Simulator && !self.three()
    }

    /// The vegetables of a seat on the field.
    pub fn on_field(&self, seat: u8) -> usize {
        self.field.count(veg_of(seat))
    }

    pub(crate) fn reserve_of(&self, seat: u8) -> u32 {
        self.reserve[usize::from(seat == BROCCOLI)]
    }

    /// The seat to move (the winner once over).
    pub fn to_move(&self) -> u8 {
        match &self.phase {
            Phase::Trees(_) => FARMER,
            Phase::Pigs | Phase::Bite(_) | Phase::Run => HERD,
            Phase::Setup(s) => *s,
            Phase::Farmers(queue) => queue.first().copied().unwrap_or(FARMER),
            Phase::Over(w) => *w,
        }
    }

    /// The (pig, kind) pairs whose bite the Herd must choose, not yet chosen.
    pub(crate) fn pending_choices(&self, chosen: &[(usize, usize)]) -> Vec<(usize, Cell)> {
        let mut pending = Vec::new();
        for pig in self.field.pigs() {
            for kind in [Cell::Pumpkin, Cell::Broccoli] {
                let reach = self.field.in_reach(pig, kind);
                let done = chosen
                    .iter()
                    .any(|&(p, v)| p == pig && self.field.0[v] == kind);
                if reach.len() >= 2 && !done {
                    pending.push((pig, kind));
                }
            }
        }
        pending
    }

    /// Starts a Herd turn: bites to choose, or straight to the run.
    pub(crate) fn start_herd_turn(&mut self, fx: &mut Effects<'_>) {
        if self.bite_model == BiteModel::Simulator {
            self.phase = Phase::Run;
            return;
        }
        if self.pending_choices(&[]).is_empty() {
            self.resolve_bites(&[], fx);
        } else {
            self.phase = Phase::Bite(Vec::new());
        }
    }

    /// The rules' bites, all decided on the position at the start of the turn: chosen
    /// where the Herd chose, the only vegetable in reach otherwise. Then Count (unless
    /// the simulator's end rule replaces it).
    fn resolve_bites(&mut self, chosen: &[(usize, usize)], fx: &mut Effects<'_>) {
        let mut eaten = Vec::new();
        let mut biters = Vec::new();
        for pig in self.field.pigs() {
            for kind in [Cell::Pumpkin, Cell::Broccoli] {
                let reach = self.field.in_reach(pig, kind);
                let target = match reach.len() {
                    0 => None,
                    1 => Some(reach[0]),
                    _ => chosen
                        .iter()
                        .find(|&&(p, v)| p == pig && reach.contains(&v))
                        .map(|&(_, v)| v),
                };
                if let Some(v) = target {
                    eaten.push(v);
                    biters.push(pig);
                }
            }
        }
        self.apply_bites(&biters, &eaten, fx);
        if !self.simulator_end() {
            self.count(fx);
        }
        if !matches!(self.phase, Phase::Over(_)) {
            self.phase = Phase::Run;
        }
    }

    fn apply_bites(&mut self, biters: &[usize], eaten: &[usize], fx: &mut Effects<'_>) {
        let mut eaten = eaten.to_vec();
        eaten.sort_unstable();
        eaten.dedup();
        for &v in &eaten {
            self.field.0[v] = Cell::Empty;
            fx.remove(site(v));
        }
        let mut biters = biters.to_vec();
        biters.sort_unstable();
        biters.dedup();
        for &p in &biters {
            self.field.0[p] = Cell::Pig { lying: true };
            fx.flip(site(p), "lying");
        }
        bites_told(eaten.len(), fx);
    }

    /// Count: the Herd wins with 2 or fewer pumpkins left; with three players, a Farmer
    /// with 2 or fewer vegetables is eliminated and the Herd wins when both are.
    fn count(&mut self, fx: &mut Effects<'_>) {
        if !self.three() {
            if self.on_field(FARMER) <= COUNT_LIMIT {
                self.phase = Phase::Over(HERD);
                fx.message("Two pumpkins or fewer: the Herd wins");
            }
            return;
        }
        for seat in [FARMER, BROCCOLI] {
            let i = usize::from(seat == BROCCOLI);
            if !self.eliminated[i] && self.on_field(seat) <= COUNT_LIMIT {
                self.eliminated[i] = true;
                let kind = veg_of(seat);
                for sq in self.field.squares_of(kind).collect::<Vec<_>>() {
                    self.field.0[sq] = Cell::Empty;
                    fx.remove(site(sq));
                }
                fx.message(format!("{} is eliminated", seat_name(seat)));
            }
        }
        if self.eliminated == [true, true] {
            self.phase = Phase::Over(HERD);
        }
    }

    /// The simulator's move: its pass over the pigs, then Count (rules end) or the
    /// score refresh of every slide (simulator end). Returns whether the game goes on.
    fn simulator_move(&mut self, dir: Dir, fx: &mut Effects<'_>) -> bool {
        for event in self.field.simulator_pass(dir, &mut self.order) {
            match event {
                PassEvent::Bite { pig, eaten } => {
                    fx.remove(site(eaten));
                    fx.flip(site(pig), "lying");
                    bites_told(1, fx);
                }
                PassEvent::Slide { from, to, pumpkins } => {
                    fx.move_piece(site(from), site(to));
                    if self.simulator_end() {
                        self.score = pumpkins as u32;
                    }
                }
            }
        }
        if !self.simulator_end() {
            self.count(fx);
        }
        !matches!(self.phase, Phase::Over(_))
    }

    /// The run (or the simulator's whole move) and the digestion, then the Farmers.
    fn run(&mut self, dir: Dir, fx: &mut Effects<'_>) {
        if self.bite_model == BiteModel::Simulator {
            if !self.simulator_move(dir, fx) {
                return;
            }
        } else {
            let slides = self.field.run(dir);
            if self.simulator_end() && !slides.is_empty() {
                self.score = self.on_field(FARMER) as u32;
            }
            for (from, to) in slides {
                fx.move_piece(site(from), site(to));
            }
        }
        for p in self.field.digest() {
            fx.flip(site(p), "");
        }
        self.herd_turns = self.herd_turns.saturating_add(1);
        self.farmers_turn(fx);
    }

    fn farmers_turn(&mut self, fx: &mut Effects<'_>) {
        if !self.three() {
            if self.reserve[0] == 0 {
                self.phase = Phase::Over(FARMER);
                fx.message("The Farmer's reserve is empty: the Farmer wins");
            } else {
                self.phase = Phase::Farmers(vec![FARMER]);
            }
            return;
        }
        let mut queue: Vec<u8> = [BROCCOLI, FARMER]
            .into_iter()
            .filter(|&s| !self.eliminated[usize::from(s == BROCCOLI)])
            .collect();
        // Fewer on the field first; a tie goes to the broccoli Farmer (listed first).
        queue.sort_by_key(|&s| self.on_field(s));
        self.phase = Phase::Farmers(queue);
        self.skip_stuck_farmers(fx);
    }

    pub(crate) fn legal_squares(&self, seat: u8) -> Vec<usize> {
        (0..SQUARES)
            .filter(|&sq| self.field.may_place(sq, veg_of(seat), self.three()))
            .collect()
    }

    /// A Farmer with no legal square skips the placement.
    fn skip_stuck_farmers(&mut self, fx: &mut Effects<'_>) {
        loop {
            match &mut self.phase {
                Phase::Farmers(queue) => {
                    let Some(&seat) = queue.first() else {
                        self.start_herd_turn(fx);
                        return;
                    };
                    if !self.legal_squares(seat).is_empty() {
                        return;
                    }
                    fx.message(format!("{} has no legal square", seat_name(seat)));
                    if let Phase::Farmers(q) = &mut self.phase {
                        q.remove(0);
                    }
                }
                Phase::Setup(seat) => {
                    let seat = *seat;
                    if !self.legal_squares(seat).is_empty() {
                        return;
                    }
                    let other = if seat == FARMER { BROCCOLI } else { FARMER };
                    if self.legal_squares(other).is_empty() {
                        self.start_herd_turn(fx);
                        return;
                    }
                    self.phase = Phase::Setup(other);
                }
                _ => return,
            }
        }
    }

    /// Vegetables placed at setup before the Herd's first turn.
    pub(crate) fn setup_total(&self) -> usize {
        let base = if self.three() { 10 } else { 5 };
        base + usize::from(self.beginner_extra)
    }

    fn place(&mut self, seat: u8, sq: usize, fx: &mut Effects<'_>) {
        let kind = veg_of(seat);
        self.field.0[sq] = kind;
        let reserve = &mut self.reserve[usize::from(seat == BROCCOLI)];
        *reserve = reserve.saturating_sub(1);
        fx.place(site(sq), piece_of(kind));
        self.last = vec![sq];
    }

    /// The ends tested after a Farmer's placement: the three-player game's last piece;
    /// the simulator's end (two players): 20 pumpkins placed, then its score at 2 or
    /// fewer.
    fn after_placement(&mut self, seat: u8, fx: &mut Effects<'_>) {
        if self.three() {
            if self.reserve_of(seat) == 0 {
                let (p, b) = (self.on_field(FARMER), self.on_field(BROCCOLI));
                let winner = if p > b && !self.eliminated[0] {
                    FARMER
                } else {
                    BROCCOLI
                };
                let winner = if self.eliminated[1] { FARMER } else { winner };
                self.phase = Phase::Over(winner);
                let alone = self.eliminated[0] || self.eliminated[1];
                fx.message(last_piece_text(seat, winner, (p, b), alone));
            }
        } else if self.simulator_end() {
            if self.reserve[0] == 0 {
                self.phase = Phase::Over(FARMER);
                fx.message("The last pumpkin is placed: the Farmer wins");
            } else if self.score as usize <= COUNT_LIMIT {
                self.phase = Phase::Over(HERD);
                fx.message("The simulator counts two pumpkins or fewer: the Herd wins");
            }
        }
    }

    pub(crate) fn decode_bite(mv: MoveId) -> Option<(usize, usize)> {
        decode_pair(mv, BITE)
    }

    pub(crate) fn decode_tree(mv: MoveId) -> Option<(usize, usize)> {
        decode_pair(mv, TREE)
    }

    /// The legal moves, in order.
    pub(crate) fn legal(&self) -> Vec<MoveId> {
        let empty = |sq: &usize| self.field.0[*sq] == Cell::Empty;
        match &self.phase {
            Phase::Over(_) => Vec::new(),
            Phase::Trees(_) => {
                let mut moves = vec![MoveId(TREES_DONE)];
                for from in self.field.squares_of(Cell::Tree) {
                    for to in (0..SQUARES).filter(empty) {
                        moves.push(MoveId(TREE + (from * SQUARES + to) as u32));
                    }
                }
                moves
            }
            Phase::Pigs => (0..SQUARES)
                .filter(empty)
                .map(|s| MoveId(s as u32))
                .collect(),
            Phase::Setup(_) | Phase::Farmers(_) => self
                .legal_squares(self.to_move())
                .into_iter()
                .map(|s| MoveId(s as u32))
                .collect(),
            Phase::Bite(chosen) => {
                let mut moves = Vec::new();
                for (pig, kind) in self.pending_choices(chosen) {
                    for v in self.field.in_reach(pig, kind) {
                        moves.push(MoveId(BITE + (pig * SQUARES + v) as u32));
                    }
                }
                moves
            }
            Phase::Run => (0..4).map(|d| MoveId(RUN + d)).collect(),
        }
    }

    /// Plays `mv`, known to be legal.
    pub(crate) fn play(&mut self, mv: MoveId, fx: &mut Effects<'_>) {
        match self.phase.clone() {
            Phase::Trees(n) => {
                if let Some((from, to)) = Self::decode_tree(mv) {
                    self.field.0[from] = Cell::Empty;
                    self.field.0[to] = Cell::Tree;
                    let (from_site, to_site) = (site(from), site(to));
                    fx.move_piece(from_site, to_site);
                    self.last = vec![from, to];
                    self.phase = if n + 1 >= TREE_MOVES {
                        Phase::Pigs
                    } else {
                        Phase::Trees(n + 1)
                    };
                } else {
                    self.phase = Phase::Pigs;
                }
            }
            Phase::Pigs => {
                let sq = mv.0 as usize;
                self.field.0[sq] = Cell::Pig { lying: false };
                let piece = piece_of(self.field.0[sq]);
                fx.place(site(sq), piece);
                if self.bite_model == BiteModel::Simulator {
                    self.order.push(sq);
                }
                self.last = vec![sq];
                if self.field.pigs().len() == PIGS {
                    self.phase = Phase::Setup(FARMER);
                }
            }
            Phase::Setup(seat) => self.setup_placement(seat, mv.0 as usize, fx),
            Phase::Bite(mut chosen) => {
                let bite = Self::decode_bite(mv).expect("a legal bite");
                chosen.push(bite);
                self.last = vec![bite.0, bite.1];
                if self.pending_choices(&chosen).is_empty() {
                    self.resolve_bites(&chosen, fx);
                } else {
                    self.phase = Phase::Bite(chosen);
                }
            }
            Phase::Run => {
                self.last.clear();
                self.run(Dir::ALL[(mv.0 - RUN) as usize], fx);
            }
            Phase::Farmers(mut queue) => {
                let seat = queue.remove(0);
                self.place(seat, mv.0 as usize, fx);
                self.phase = Phase::Farmers(queue);
                self.after_placement(seat, fx);
                if !matches!(self.phase, Phase::Over(_)) {
                    self.skip_stuck_farmers(fx);
                }
            }
            Phase::Over(_) => {}
        }
    }

    fn setup_placement(&mut self, seat: u8, sq: usize, fx: &mut Effects<'_>) {
        self.place(seat, sq, fx);
        if self.simulator_end() {
            // The simulator counts its setup pumpkins once they are all placed.
            self.score = self.on_field(FARMER) as u32;
        }
        let placed = self.on_field(FARMER) + self.on_field(BROCCOLI);
        if placed >= self.setup_total() {
            self.start_herd_turn(fx);
        } else {
            let next = if self.three() && placed < 10 && seat == FARMER {
                BROCCOLI
            } else {
                FARMER
            };
            self.phase = Phase::Setup(next);
            self.skip_stuck_farmers(fx);
        }
    }
}

/// `(from, to)` of a move id in the 64×64 range starting at `base`.
fn decode_pair(mv: MoveId, base: u32) -> Option<(usize, usize)> {
    let n = SQUARES as u32;
    (base..base + n * n)
        .contains(&mv.0)
        .then(|| (((mv.0 - base) / n) as usize, ((mv.0 - base) % n) as usize))
}

/// The bites of a Herd turn in words: what was bitten, and why the pigs lie flat.
fn bites_told(bitten: usize, fx: &mut Effects<'_>) {
    match bitten {
        0 => {}
        1 => fx.message(
            "A vegetable bitten: the pig that bit lies flat to digest and sits out the run",
        ),
        n => fx.message(format!(
            "{n} vegetables bitten: the pigs that bit lie flat to digest and sit out the run"
        )),
    }
}

/// The three-player end's message. Placing the last piece ends the game but does not
/// win it (the Farmer with more on the field does), so the message says both, in that
/// order: `placer` placed their last vegetable; `winner` wins, and why (`alone`: the
/// other Farmer was eliminated; else the pumpkins and broccoli on the field decide).
fn last_piece_text(
    placer: u8,
    winner: u8,
    (pumpkins, broccoli): (usize, usize),
    alone: bool,
) -> String {
    let placer = seat_name(placer);
    if alone {
        // The other Farmer was eliminated: the one left wins.
        format!(
            "The game ends: {placer} has placed all their vegetables. The only Farmer left, {} wins",
            seat_name(winner)
        )
    } else if pumpkins == broccoli {
        format!(
            "The game ends: {placer} has placed all their vegetables. {pumpkins} pumpkins and {broccoli} broccoli on the field, a tie, which goes to the Broccoli Farmer"
        )
    } else {
        format!(
            "The game ends: {placer} has placed all their vegetables. With more on the field ({pumpkins} pumpkins, {broccoli} broccoli), {} wins",
            seat_name(winner)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three ends of the three-player game, in English and Italian: the last piece
    /// ends the game, then who wins and why.
    #[test]
    fn the_last_piece_says_the_end_then_the_winner() {
        let it = |text: String| crate::i18n::IT.text(&text);
        let more = last_piece_text(BROCCOLI, FARMER, (5, 4), false);
        assert_eq!(
            more,
            "The game ends: the Broccoli Farmer has placed all their vegetables. With more \
             on the field (5 pumpkins, 4 broccoli), the Farmer wins"
        );
        assert_eq!(
            it(more),
            "La partita finisce: il Contadino dei broccoli ha messo tutti i suoi ortaggi. \
             Con più ortaggi sul campo (5 zucche, 4 broccoli) vince il Contadino"
        );
        let tie = last_piece_text(FARMER, BROCCOLI, (4, 4), false);
        assert_eq!(
            it(tie),
            "La partita finisce: il Contadino ha messo tutti i suoi ortaggi. 4 zucche e 4 \
             broccoli sul campo, pari: in parità vince il Contadino dei broccoli"
        );
        let alone = last_piece_text(FARMER, FARMER, (6, 0), true);
        assert_eq!(
            alone,
            "The game ends: the Farmer has placed all their vegetables. The only Farmer \
             left, the Farmer wins"
        );
        assert_eq!(
            it(alone),
            "La partita finisce: il Contadino ha messo tutti i suoi ortaggi. Unico \
             Contadino rimasto, vince il Contadino"
        );
    }
}
