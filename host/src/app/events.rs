//! "What just happened", in a line: a move's effects told as a person would say them —
//! "captured 6", "relay sowing", "extra turn for South", and the game's own messages.

use game_api::Effect;

/// The line for a move's `effects` (`seats` names the seats); `None` when nothing but
/// the sowing or the sliding itself happened.
pub fn describe(effects: &[Effect], seats: &[String]) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let captured: u64 = effects
        .iter()
        .map(|e| match e {
            Effect::Capture { count, .. } => u64::from(*count),
            _ => 0,
        })
        .sum();
    if captured > 0 {
        parts.push(crate::tr!("event-captured", count = captured));
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
    if removed > 0 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::SiteId;

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
        assert_eq!(
            describe(&effects, &seats).unwrap(),
            "captured 6 · extra turn for South · Grand slam: nothing captured"
        );
        assert_eq!(
            describe(&effects[..2], &seats),
            None,
            "a plain sowing says nothing"
        );
    }
}
