//! "What just happened", in a line: a move's effects told as a person would say them —
//! "captured 6", "relay sowing", "extra turn for South", and the game's own messages.

use game_api::{Effect, SiteId};

use crate::table::Callout;

/// The line for a move's `effects` made by `mover` (`seats` names the seats, `owner`
/// gives a site's owner from the layout); `None` when nothing but the sowing or the
/// sliding itself happened. Captures are credited to whom they go: the mover's (or
/// off the board) are "captured 6", another seat's "North takes 4" (seeds swept into
/// its own store at the end, say).
pub fn describe(
    effects: &[Effect],
    seats: &[String],
    mover: Option<u8>,
    owner: &dyn Fn(SiteId) -> Option<u8>,
) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut gains: std::collections::BTreeMap<u8, u64> = Default::default();
    let mut captured = 0u64;
    for e in effects {
        if let Effect::Capture { to, count, .. } = e {
            match to.and_then(owner) {
                Some(seat) if Some(seat) != mover => {
                    *gains.entry(seat).or_default() += u64::from(*count)
                }
                _ => captured += u64::from(*count),
            }
        }
    }
    if captured > 0 {
        parts.push(crate::tr!("event-captured", count = captured));
    }
    for (seat, count) in gains {
        let name = seats
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| crate::tr!("play-seat", number = seat + 1));
        parts.push(crate::tr!("event-takes", seat = name, count = count));
    }
    let relays = effects
        .iter()
        .filter(|e| matches!(e, Effect::Relay { .. }))
        .count();
    if relays > 0 {
        parts.push(match relays {
            1 => crate::tr!("event-relay-once"),
            n => crate::tr!("event-relay", count = n),
        });
    }
    let removed = effects
        .iter()
        .filter(|e| matches!(e, Effect::Remove { .. }))
        .count();
    // Unless the game tells the move in its own words (a bite, an elimination).
    let told = effects
        .iter()
        .any(|e| matches!(e, Effect::Message { text } if !text.trim().is_empty()));
    if removed > 0 && !told {
        parts.push(crate::tr!("event-removed", count = removed));
    }
    for e in effects {
        match e {
            Effect::Message { text } if !text.trim().is_empty() => parts.push(text.clone()),
            Effect::ExtraTurn { seat } => {
                let name = seats
                    .get(usize::from(*seat))
                    .cloned()
                    .unwrap_or_else(|| crate::tr!("play-seat", number = seat + 1));
                parts.push(crate::tr!("event-extra-turn", seat = name));
            }
            _ => {}
        }
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// Where a step of a move is seen on the board: the site it lifts, drops, takes from,
/// moves to, places, removes or turns; `None` for what has no site (a message, an
/// extra turn).
fn site_of(effect: &Effect) -> Option<SiteId> {
    match effect {
        Effect::Lift { site, .. }
        | Effect::Drop { site, .. }
        | Effect::Relay { site, .. }
        | Effect::Place { site, .. }
        | Effect::Remove { site }
        | Effect::Flip { site, .. } => Some(*site),
        Effect::Capture { from, .. } => Some(*from),
        Effect::Move { to, .. } => Some(*to),
        Effect::ExtraTurn { .. } | Effect::Message { .. } => None,
    }
}

/// The events of a move's `effects` to show on the board, each where it happened: a
/// relay at the pit lifted again, a piece taken off at its site (unless the game tells
/// it in its own words), an extra turn and each of the game's messages where the step
/// before them was seen (the last seed's pit, the bitten square) — or over the board
/// when no step came before. `over`: the move ended the game, which gives nobody
/// another turn. Captures are not among them: the board marks them already
/// (`PreviewMarks`). Nothing here knows a game: the plugin's effects say it all.
pub fn callouts(effects: &[Effect], seats: &[String], over: bool) -> Vec<Callout> {
    let told = effects
        .iter()
        .any(|e| matches!(e, Effect::Message { text } if !text.trim().is_empty()));
    let mut out: Vec<Callout> = Vec::new();
    let mut last_site = None;
    for (step, e) in effects.iter().enumerate() {
        let text = match e {
            Effect::Relay { .. } => Some(crate::tr!("event-relay-here")),
            Effect::Remove { .. } if !told => Some(crate::tr!("event-taken-off")),
            Effect::ExtraTurn { seat } if !over => Some(crate::tr!(
                "event-extra-turn",
                seat = seats
                    .get(usize::from(*seat))
                    .cloned()
                    .unwrap_or_else(|| crate::tr!("play-seat", number = seat + 1))
            )),
            Effect::Message { text } if !text.trim().is_empty() => Some(text.trim().to_owned()),
            _ => None,
        };
        let site = site_of(e).or(last_site);
        last_site = site;
        if let Some(text) = text
            && !out.iter().any(|c| c.site == site && c.text == text)
        {
            out.push(Callout { site, text, step });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sites 6 and up are North's (seat 1), the rest South's.
    fn owner(site: SiteId) -> Option<u8> {
        Some(u8::from(site.0 >= 6))
    }

    #[test]
    fn pieces_taken_off_are_counted_unless_the_game_tells_them() {
        let seats = vec!["Herd".to_owned(), "Farmer".to_owned()];
        let bites = [
            Effect::Remove { site: SiteId(3) },
            Effect::Remove { site: SiteId(4) },
        ];
        assert_eq!(
            describe(&bites, &seats, Some(0), &owner).unwrap(),
            "2 pieces taken off the board"
        );
        let told = [
            bites[0].clone(),
            bites[1].clone(),
            Effect::Message {
                text: "2 vegetables bitten".into(),
            },
        ];
        assert_eq!(
            describe(&told, &seats, Some(0), &owner).unwrap(),
            "2 vegetables bitten"
        );
    }

    #[test]
    fn captures_extra_turns_and_messages_are_told() {
        let seats = vec!["South".to_owned(), "North".to_owned()];
        let effects = [
            Effect::Lift {
                site: SiteId(2),
                count: 4,
            },
            Effect::Drop {
                site: SiteId(3),
                count: 1,
            },
            Effect::Capture {
                from: SiteId(9),
                to: Some(SiteId(6)),
                count: 5,
            },
            Effect::Capture {
                from: SiteId(3),
                to: Some(SiteId(6)),
                count: 1,
            },
            Effect::ExtraTurn { seat: 0 },
            Effect::Message {
                text: "Grand slam: nothing captured".into(),
            },
        ];
        // North moved: the captures went to North's store (site 6).
        assert_eq!(
            describe(&effects, &seats, Some(1), &owner).unwrap(),
            "captured 6 · extra turn for South · Grand slam: nothing captured"
        );
        assert_eq!(
            describe(&effects[..2], &seats, Some(1), &owner),
            None,
            "a plain sowing says nothing"
        );
        // South moved, and the game ended: North's seeds were swept into North's own
        // store. They are North's, not South's capture.
        assert_eq!(
            describe(&effects[2..4], &seats, Some(0), &owner).unwrap(),
            "North takes 6"
        );
        let mixed = [
            Effect::Capture {
                from: SiteId(8),
                to: Some(SiteId(5)),
                count: 3,
            },
            Effect::Capture {
                from: SiteId(9),
                to: Some(SiteId(6)),
                count: 4,
            },
        ];
        assert_eq!(
            describe(&mixed, &seats, Some(0), &owner).unwrap(),
            "captured 3 · North takes 4"
        );
    }

    #[test]
    fn events_are_placed_where_they_happened_and_after_their_step() {
        let seats = vec!["South".to_owned(), "North".to_owned()];
        let effects = [
            Effect::Lift {
                site: SiteId(2),
                count: 2,
            },
            Effect::Drop {
                site: SiteId(3),
                count: 1,
            },
            Effect::Relay {
                site: SiteId(4),
                count: 3,
            },
            Effect::Drop {
                site: SiteId(6),
                count: 1,
            },
            Effect::ExtraTurn { seat: 0 },
            Effect::Message {
                text: "The house burns".into(),
            },
        ];
        let c = callouts(&effects, &seats, false);
        let placed: Vec<_> = c
            .iter()
            .map(|c| (c.site, c.text.as_str(), c.step))
            .collect();
        assert_eq!(
            placed,
            vec![
                (Some(SiteId(4)), "relay", 2),
                (Some(SiteId(6)), "extra turn for South", 4),
                (Some(SiteId(6)), "The house burns", 5),
            ]
        );
        // A move that ends the game gives no extra turn.
        assert!(
            callouts(&effects, &seats, true)
                .iter()
                .all(|c| !c.text.starts_with("extra turn"))
        );
        // A message before any step is told over the board.
        let alone = [Effect::Message {
            text: "Grand slam".into(),
        }];
        assert_eq!(callouts(&alone, &seats, false)[0].site, None);
    }

    #[test]
    fn a_piece_taken_off_is_marked_unless_the_game_tells_it() {
        let seats = vec!["Herd".to_owned(), "Farmer".to_owned()];
        let bites = [
            Effect::Remove { site: SiteId(3) },
            Effect::Remove { site: SiteId(4) },
        ];
        let c = callouts(&bites, &seats, false);
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].site, Some(SiteId(4)));
        let told = [
            bites[0].clone(),
            Effect::Message {
                text: "a vegetable bitten".into(),
            },
        ];
        let c = callouts(&told, &seats, false);
        assert_eq!(c.len(), 1);
        assert_eq!(
            (c[0].site, c[0].text.as_str()),
            (Some(SiteId(3)), "a vegetable bitten")
        );
    }
}
