//! The checks on everything a plugin returns, applied by the handle at the boundary.
//! Each returns a [`CallError`] naming the plugin and the [`Rule`] it broke. The checks on
//! the search hot path (turn, legal moves, simulations, returns) are O(1) per seat or per
//! chance outcome; the rest (layouts, views, move descriptions, effects) run on JSON
//! calls that people wait for anyway.
//!
//! The same checks run in the app on what a child process sends (a worker's positions
//! and effects, an inspection: see `worker/checks.rs` and [`inspection`]), since the
//! child runs the plugin's code and may say anything; they take plain data (the turn as
//! [`turn`] takes it, not only its FFI form).

use game_api::{
    Effect, Layout, MoveInfo, SiteContent, SiteId, Turn, View,
    ffi::{FfiChance, FfiSeatOutcome},
};

use super::{
    error::{CallError, Rule},
    limits::{
        MAX_EFFECTS, MAX_MOVE_SITES, MAX_MOVES, MAX_PIECES, MAX_SEATS, MAX_SITE_GROUPS, MAX_SITES,
        MAX_TEXT_BYTES,
    },
};

type Checked = Result<(), CallError>;

/// The seat count the game reports is between 1 and [`MAX_SEATS`].
pub(crate) fn seat_count(plugin: &str, seats: u8) -> Checked {
    if seats == 0 || seats > MAX_SEATS {
        return Err(CallError::contract(
            plugin,
            Rule::SeatCount,
            format!("the game has {seats} seats; the host plays 1 to {MAX_SEATS}"),
        ));
    }
    Ok(())
}

/// `seat` is one of the game's `seats`.
#[inline]
pub(crate) fn seat(plugin: &str, seat: u8, seats: u8) -> Checked {
    if seat >= seats {
        return Err(CallError::contract(
            plugin,
            Rule::SeatInRange,
            format!("the turn of seat {seat}, in a game of {seats} seats"),
        ));
    }
    Ok(())
}

/// The results of a finished game: one per seat, each a win, a draw or a loss.
pub(crate) fn outcome(plugin: &str, seats_out: &[FfiSeatOutcome], seats: u8) -> Checked {
    if seats_out.len() != usize::from(seats) {
        return Err(CallError::contract(
            plugin,
            Rule::SeatInRange,
            format!(
                "a result for {} seats, in a game of {seats} seats",
                seats_out.len()
            ),
        ));
    }
    if let Some(bad) = seats_out.iter().find(|s| s.result > 2) {
        return Err(CallError::contract(
            plugin,
            Rule::Readable,
            format!(
                "a seat's result is {}, not a win, a draw or a loss",
                bad.result
            ),
        ));
    }
    Ok(())
}

/// A turn as plain data: a seat among `seats`, chance outcomes that are proper
/// probabilities summing to 1 (see [`chances`]), or one result per seat.
pub(crate) fn turn(plugin: &str, turn: &Turn, seats: u8) -> Checked {
    match turn {
        Turn::Seat { seat: s } => seat(plugin, *s, seats),
        Turn::Chance { outcomes } => {
            move_count(plugin, outcomes.len())?;
            let plain: Vec<FfiChance> = outcomes
                .iter()
                .map(|o| FfiChance {
                    mv: o.mv.0,
                    num: o.probability.num,
                    den: o.probability.den,
                })
                .collect();
            chances(plugin, &plain)
        }
        Turn::Over { outcome } if outcome.seats.len() != usize::from(seats) => {
            Err(CallError::contract(
                plugin,
                Rule::SeatInRange,
                format!(
                    "a result for {} seats, in a game of {seats} seats",
                    outcome.seats.len()
                ),
            ))
        }
        Turn::Over { .. } => Ok(()),
    }
}

/// An inspection's answer, as a child process sent it or a cache file kept it: the
/// manifest passes the loader's checks, the contract level is this host's, and the
/// thumbnail's layout and view pass the checks of a game of the manifest's largest
/// table. The reason in words if not.
pub(crate) fn inspection(found: &super::Inspection) -> Result<(), super::AnswerError> {
    use super::AnswerError;
    super::library::check_manifest(&found.manifest)?;
    if found.api_level != game_api::API_LEVEL {
        return Err(AnswerError::ApiLevel(found.api_level));
    }
    if found.api_version.len() > 64 {
        return Err(AnswerError::ApiVersion);
    }
    let Some(thumbnail) = &found.thumbnail else {
        return Ok(());
    };
    let (id, seats) = (&found.manifest.id, found.manifest.seats.max);
    layout(id, &thumbnail.layout, seats)?;
    view(id, &thumbnail.view, thumbnail.layout.sites.len(), seats)?;
    Ok(())
}

/// A list of `len` legal moves is within [`MAX_MOVES`].
#[inline]
pub(crate) fn move_count(plugin: &str, len: usize) -> Checked {
    if len > MAX_MOVES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!("{len} legal moves; the host allows at most {MAX_MOVES}"),
        ));
    }
    Ok(())
}

/// A seat's turn with `len` legal moves: at least one, at most [`MAX_MOVES`].
#[inline]
pub(crate) fn seat_moves(plugin: &str, seat: u8, len: usize) -> Checked {
    if len == 0 {
        return Err(CallError::contract(
            plugin,
            Rule::SeatHasMove,
            format!("seat {seat} is to move but has no legal move"),
        ));
    }
    move_count(plugin, len)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Chance outcomes: at least one, at most [`MAX_MOVES`], each probability a positive
/// fraction, and together exactly 1 (summed as exact fractions).
pub(crate) fn chances(plugin: &str, outcomes: &[FfiChance]) -> Checked {
    let broke = |detail: String| Err(CallError::contract(plugin, Rule::ChanceSumsToOne, detail));
    if outcomes.is_empty() {
        return Err(CallError::contract(
            plugin,
            Rule::ChanceHasOutcomes,
            "a chance turn with no outcomes",
        ));
    }
    move_count(plugin, outcomes.len())?;
    if let Some(o) = outcomes.iter().find(|o| o.den == 0 || o.num == 0) {
        return broke(format!(
            "outcome #{} has probability {}/{}",
            o.mv, o.num, o.den
        ));
    }
    // The usual case, one denominator for all: the numerators sum to it.
    let den = outcomes[0].den;
    let (num, den) = if outcomes.iter().all(|o| o.den == den) {
        let num: u64 = outcomes.iter().map(|o| u64::from(o.num)).sum();
        (u128::from(num), u128::from(den))
    } else {
        let (mut num, mut den, mut lcm) = (0u128, 1u128, 1u64);
        for o in outcomes {
            // The host draws an outcome with a ticket below the denominators' least
            // common multiple, a 64-bit number.
            let d = u64::from(o.den);
            lcm = match (lcm / gcd(lcm.into(), d.into()) as u64).checked_mul(d) {
                Some(l) => l,
                None => {
                    return broke(
                        "the probabilities' denominators are too many to draw from".into(),
                    );
                }
            };
            let (n, d) = (u128::from(o.num), u128::from(o.den));
            let sum = num
                .checked_mul(d)
                .zip(n.checked_mul(den))
                .and_then(|(a, b)| a.checked_add(b))
                .zip(den.checked_mul(d));
            let Some((s, t)) = sum else {
                return broke("the probabilities' denominators are too many to add up".into());
            };
            let g = gcd(s, t).max(1);
            (num, den) = (s / g, t / g);
        }
        (num, den)
    };
    if num != den {
        return broke(format!(
            "the {} probabilities sum to {num}/{den}, not 1",
            outcomes.len()
        ));
    }
    Ok(())
}

/// Returns or evaluations: one finite number per seat.
#[inline]
pub(crate) fn values(plugin: &str, what: &str, values: &[f64], seats: u8) -> Checked {
    if values.len() != usize::from(seats) || !values.iter().all(|v| v.is_finite()) {
        return Err(CallError::contract(
            plugin,
            Rule::FiniteValues,
            format!("{what} {values:?} for a game of {seats} seats"),
        ));
    }
    Ok(())
}

/// A text of at most [`MAX_TEXT_BYTES`].
pub(crate) fn text(plugin: &str, what: &str, text: &str) -> Checked {
    if text.len() > MAX_TEXT_BYTES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "{what} is {} bytes long; the host allows at most {MAX_TEXT_BYTES}",
                text.len()
            ),
        ));
    }
    Ok(())
}

fn site(plugin: &str, what: &str, site: SiteId, sites: usize) -> Checked {
    if usize::from(site.0) >= sites {
        return Err(CallError::contract(
            plugin,
            Rule::SiteInLayout,
            format!("{what} names site {}, the layout has {sites} sites", site.0),
        ));
    }
    Ok(())
}

fn owner(plugin: &str, what: &str, owner: Option<u8>, seats: u8) -> Checked {
    match owner {
        Some(o) if o >= seats => Err(CallError::contract(
            plugin,
            Rule::SeatInRange,
            format!("{what} belongs to seat {o}, in a game of {seats} seats"),
        )),
        _ => Ok(()),
    }
}

/// A layout: well-formed ([`Layout::check`]), at most [`MAX_SITES`] sites, finite
/// coordinates, owners among the seats, short labels.
pub(crate) fn layout(plugin: &str, layout: &Layout, seats: u8) -> Checked {
    let limit = |detail: String| Err(CallError::contract(plugin, Rule::WithinLimits, detail));
    if layout.sites.len() > MAX_SITES || layout.links.len() > 4 * MAX_SITES {
        return limit(format!(
            "a layout of {} sites and {} links; the host allows {MAX_SITES} sites",
            layout.sites.len(),
            layout.links.len()
        ));
    }
    layout
        .check()
        .map_err(|e| CallError::contract(plugin, Rule::Readable, format!("the layout: {e}")))?;
    let finite = |v: [f32; 2]| v.iter().all(|x| x.is_finite());
    if !finite(layout.size)
        || layout
            .sites
            .iter()
            .any(|s| !finite(s.center) || !finite(s.size))
    {
        return Err(CallError::contract(
            plugin,
            Rule::FiniteValues,
            "the layout has a coordinate that is not a finite number",
        ));
    }
    for s in &layout.sites {
        owner(plugin, "a site", s.owner, seats)?;
        text(plugin, "a site's label", &s.label)?;
        text(plugin, "a site's style", &s.style)?;
    }
    super::piece_styles::check(plugin, layout)
}

/// A view: sites in the layout, at most [`MAX_PIECES`] pieces, owners among the seats,
/// short texts.
pub(crate) fn view(plugin: &str, view: &View, sites: usize, seats: u8) -> Checked {
    let mut pieces = 0u64;
    for (id, content) in &view.sites {
        site(plugin, "the view", *id, sites)?;
        pieces += match content {
            SiteContent::Count { piece, count } => {
                owner(plugin, "a piece", piece.owner, seats)?;
                u64::from(*count)
            }
            SiteContent::Groups { groups } => {
                if groups.len() > MAX_SITE_GROUPS {
                    return Err(CallError::contract(
                        plugin,
                        Rule::WithinLimits,
                        format!(
                            "site {} shows {} groups of pieces; the host allows {MAX_SITE_GROUPS}",
                            id.0,
                            groups.len()
                        ),
                    ));
                }
                let mut n = 0u64;
                for g in groups {
                    owner(plugin, "a piece", g.piece.owner, seats)?;
                    text(plugin, "a piece's kind", &g.piece.kind)?;
                    n += u64::from(g.count);
                }
                n
            }
            SiteContent::Stack { pieces } => {
                for p in pieces.iter().take(MAX_PIECES as usize + 1) {
                    owner(plugin, "a piece", p.owner, seats)?;
                    text(plugin, "a piece's kind", &p.kind)?;
                }
                pieces.len() as u64
            }
        };
        if pieces > MAX_PIECES {
            return Err(CallError::contract(
                plugin,
                Rule::WithinLimits,
                format!("the view shows more than {MAX_PIECES} pieces"),
            ));
        }
    }
    for id in &view.last_move {
        site(plugin, "the last move", *id, sites)?;
    }
    if view.panels.len() > usize::from(MAX_SEATS) || view.last_move.len() > MAX_SITES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "the view has {} panels and {} sites of the last move",
                view.panels.len(),
                view.last_move.len()
            ),
        ));
    }
    text(plugin, "the status line", &view.status)?;
    for panel in &view.panels {
        text(plugin, "a panel's seat", &panel.seat)?;
        if panel.entries.len() > 64 {
            return Err(CallError::contract(
                plugin,
                Rule::WithinLimits,
                format!("a panel with {} entries", panel.entries.len()),
            ));
        }
        for e in &panel.entries {
            text(plugin, "a panel's entry", &e.label)?;
            text(plugin, "a panel's entry", &e.value)?;
        }
    }
    Ok(())
}

/// How a person makes a move: at most [`MAX_MOVE_SITES`] sites, all in the layout, a
/// short notation, choice and key.
pub(crate) fn move_info(plugin: &str, info: &MoveInfo, sites: usize) -> Checked {
    if info.sites.len() > MAX_MOVE_SITES {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "move `{}` is made on {} sites; the host allows {MAX_MOVE_SITES}",
                info.notation,
                info.sites.len()
            ),
        ));
    }
    text(plugin, "a move's notation", &info.notation)?;
    for id in &info.sites {
        site(plugin, &format!("move `{}`", info.notation), *id, sites)?;
    }
    for t in info.choice.iter().chain(&info.key) {
        text(plugin, "a move's choice", t)?;
    }
    if let Some(words) = &info.words {
        text(plugin, "a move's words", words)?;
    }
    Ok(())
}

/// The effects of a move: at most [`MAX_EFFECTS`], sites in the layout, no count above
/// [`MAX_PIECES`], and, replayed over the view `before` the move, no lift or relay of
/// more pieces than the site holds. (Captures, moves and removals are replayed but not
/// checked: a game may take from a score it shows otherwise, a loan say.)
pub(crate) fn effects(plugin: &str, effects: &[Effect], sites: usize, before: &View) -> Checked {
    effects_over(plugin, effects, sites, Some(before))
}

/// [`effects`] when the view before the move is not known (the last move of a game
/// relabelled in another language): every limit but the pieces each site holds.
pub(crate) fn effects_of_unknown_start(plugin: &str, effects: &[Effect], sites: usize) -> Checked {
    effects_over(plugin, effects, sites, None)
}

fn effects_over(plugin: &str, effects: &[Effect], sites: usize, before: Option<&View>) -> Checked {
    if effects.len() > MAX_EFFECTS {
        return Err(CallError::contract(
            plugin,
            Rule::WithinLimits,
            format!(
                "a move with {} effects; the host allows {MAX_EFFECTS}",
                effects.len()
            ),
        ));
    }
    let mut held = Held {
        plugin,
        sites,
        counts: held_before(before, sites),
    };
    for (i, e) in effects.iter().enumerate() {
        match e {
            Effect::Lift { site, count } | Effect::Relay { site, count } => {
                held.lift(i, e, *site, *count)?
            }
            Effect::Drop { site, count } => held.put(i, e, *site, *count)?,
            Effect::Capture { from, to, count } => {
                held.take(*from, *count)?;
                if let Some(to) = to {
                    held.put(i, e, *to, *count)?;
                }
            }
            Effect::Move { from, to } => {
                held.take(*from, 1)?;
                held.put(i, e, *to, 1)?;
            }
            Effect::Place { site, .. } => held.put(i, e, *site, 1)?,
            Effect::Remove { site } => held.take(*site, 1)?,
            Effect::Flip { site: s, state } => {
                site(plugin, "an effect", *s, sites)?;
                text(plugin, "a piece's state", state)?;
            }
            Effect::ExtraTurn { .. } => {}
            Effect::Message { text: t } => text(plugin, "a message", t)?,
        }
    }
    Ok(())
}

/// The pieces each of the `sites` holds in the view `before` a move; unknown (no view):
/// as many as any lift takes.
fn held_before(before: Option<&View>, sites: usize) -> Vec<u64> {
    let mut held = vec![if before.is_some() { 0 } else { u64::MAX / 2 }; sites];
    for (id, content) in before.map_or(&[][..], |b| &b.sites[..]) {
        if let Some(h) = held.get_mut(usize::from(id.0)) {
            *h = match content {
                SiteContent::Count { count, .. } => u64::from(*count),
                SiteContent::Groups { groups } => groups.iter().map(|g| u64::from(g.count)).sum(),
                SiteContent::Stack { pieces } => pieces.len() as u64,
            };
        }
    }
    held
}

/// The pieces each site holds while a move's effects are replayed.
struct Held<'a> {
    /// The plugin's name, for errors.
    plugin: &'a str,
    /// The number of sites.
    sites: usize,
    /// The pieces of each site.
    counts: Vec<u64>,
}

impl Held<'_> {
    /// Effect `i` (`e`) lifts `n` pieces from `s`: no more than it holds.
    fn lift(&mut self, i: usize, e: &Effect, s: SiteId, n: u32) -> Checked {
        site(self.plugin, "an effect", s, self.sites)?;
        let there = self.counts[usize::from(s.0)];
        if u64::from(n) > there {
            return Err(CallError::contract(
                self.plugin,
                Rule::EffectsMatchView,
                format!(
                    "effect {} ({e:?}) takes more than the {there} pieces there",
                    i + 1
                ),
            ));
        }
        self.counts[usize::from(s.0)] -= u64::from(n);
        Ok(())
    }

    /// `n` pieces are taken from `s` (not checked: a game may take from a score it shows
    /// otherwise).
    fn take(&mut self, s: SiteId, n: u32) -> Checked {
        site(self.plugin, "an effect", s, self.sites)?;
        let h = &mut self.counts[usize::from(s.0)];
        *h = h.saturating_sub(u64::from(n));
        Ok(())
    }

    /// Effect `i` (`e`) puts `n` pieces on `s`: no more than [`MAX_PIECES`].
    fn put(&mut self, i: usize, e: &Effect, s: SiteId, n: u32) -> Checked {
        site(self.plugin, "an effect", s, self.sites)?;
        if u64::from(n) > MAX_PIECES {
            return Err(CallError::contract(
                self.plugin,
                Rule::WithinLimits,
                format!(
                    "effect {} ({e:?}) puts down more than {MAX_PIECES} pieces",
                    i + 1
                ),
            ));
        }
        let h = &mut self.counts[usize::from(s.0)];
        *h = h.saturating_add(u64::from(n));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::error::ErrorKind;
    use game_api::Piece;

    fn chance(num: u32, den: u32) -> FfiChance {
        FfiChance { mv: 0, num, den }
    }

    fn rule(r: Checked) -> Option<Rule> {
        r.err().and_then(|e| e.rule())
    }

    #[test]
    fn chance_probabilities_must_be_exact_fractions_summing_to_one() {
        assert_eq!(chances("p", &[chance(1, 6); 6]), Ok(()));
        let coins = [1, 4, 6, 4, 1].map(|n| chance(n, 16));
        assert_eq!(chances("p", &coins), Ok(()));
        // Mixed denominators: 1/2 + 1/3 + 1/6.
        assert_eq!(
            chances("p", &[chance(1, 2), chance(1, 3), chance(1, 6)]),
            Ok(())
        );
        assert_eq!(
            rule(chances("p", &[chance(1, 2), chance(1, 3), chance(1, 7)])),
            Some(Rule::ChanceSumsToOne)
        );
        assert_eq!(rule(chances("p", &[])), Some(Rule::ChanceHasOutcomes));
        assert_eq!(
            rule(chances("p", &[chance(1, 0), chance(1, 0)])),
            Some(Rule::ChanceSumsToOne)
        );
        assert_eq!(
            rule(chances("p", &[chance(0, 2), chance(2, 2)])),
            Some(Rule::ChanceSumsToOne),
            "a zero probability is refused"
        );
        assert_eq!(
            rule(chances("p", &[chance(1, 3), chance(1, 3)])),
            Some(Rule::ChanceSumsToOne)
        );
        // Many coprime denominators cannot overflow into a wrong answer.
        let primes: Vec<FfiChance> = (2..200u32).map(|d| chance(1, d)).collect();
        assert!(chances("p", &primes).is_err());
    }

    #[test]
    fn seats_moves_and_values_are_checked() {
        assert_eq!(seat("p", 1, 2), Ok(()));
        let err = seat("hostile", 99, 2).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Contract(Rule::SeatInRange));
        assert!(err.message.contains("`hostile`") && err.message.contains("99"));
        assert_eq!(rule(seat_moves("p", 0, 0)), Some(Rule::SeatHasMove));
        assert_eq!(
            rule(move_count("p", MAX_MOVES + 1)),
            Some(Rule::WithinLimits)
        );
        assert_eq!(values("p", "returns", &[1.0, -1.0], 2), Ok(()));
        assert_eq!(
            rule(values("p", "returns", &[f64::NAN, 0.0], 2)),
            Some(Rule::FiniteValues)
        );
        assert_eq!(
            rule(values("p", "returns", &[1.0], 2)),
            Some(Rule::FiniteValues)
        );
        assert_eq!(rule(seat_count("p", 9)), Some(Rule::SeatCount));
        assert_eq!(rule(seat_count("p", 0)), Some(Rule::SeatCount));
    }

    fn count(site: u16, n: u32) -> (SiteId, SiteContent) {
        (
            SiteId(site),
            SiteContent::Count {
                piece: Piece::new("seed"),
                count: n,
            },
        )
    }

    #[test]
    fn views_are_bounded_and_inside_the_layout() {
        let mut v = View {
            sites: vec![count(0, 4), count(1, 0)],
            ..View::default()
        };
        assert_eq!(view("p", &v, 2, 2), Ok(()));
        assert_eq!(rule(view("p", &v, 1, 2)), Some(Rule::SiteInLayout));
        v.sites.push(count(1, 1_000_000));
        assert_eq!(rule(view("p", &v, 2, 2)), Some(Rule::WithinLimits));
    }

    #[test]
    fn effects_replayed_over_the_view_move_only_pieces_that_are_there() {
        let before = View {
            sites: vec![count(0, 3)],
            ..View::default()
        };
        let sow = [
            Effect::Lift {
                site: SiteId(0),
                count: 3,
            },
            Effect::Drop {
                site: SiteId(1),
                count: 1,
            },
            Effect::Drop {
                site: SiteId(2),
                count: 2,
            },
            Effect::Capture {
                from: SiteId(2),
                to: Some(SiteId(1)),
                count: 2,
            },
        ];
        assert_eq!(effects("p", &sow, 3, &before), Ok(()));
        let lift_too_many = [Effect::Lift {
            site: SiteId(0),
            count: 4,
        }];
        assert_eq!(
            rule(effects("p", &lift_too_many, 3, &before)),
            Some(Rule::EffectsMatchView)
        );
        let huge = [Effect::Drop {
            site: SiteId(0),
            count: u32::MAX,
        }];
        assert_eq!(
            rule(effects("p", &huge, 3, &before)),
            Some(Rule::WithinLimits)
        );
        let outside = [Effect::Remove { site: SiteId(7) }];
        assert_eq!(
            rule(effects("p", &outside, 3, &before)),
            Some(Rule::SiteInLayout)
        );
    }
}
