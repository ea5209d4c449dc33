//! The limits the host puts on what a plugin may return. Each is far above what a real
//! game needs and low enough that the host never allocates without bound, hangs or
//! draws for ever on a plugin's say-so. A plugin over a limit gets a
//! [`Rule`](super::Rule) error naming the limit.

use game_api::Manifest;

use super::ManifestError;

/// The most seats a game may have. Search keeps one value per seat, and the app one
/// colour and one seat menu per seat.
pub const MAX_SEATS: u8 = 8;

/// The most legal moves (or chance outcomes) a position may have. Search keeps every
/// legal move of every node it expands; real games have a few hundred at most.
pub const MAX_MOVES: usize = 100_000;

/// The most sites a layout may have (the app draws every one at every frame).
pub const MAX_SITES: usize = 10_000;

/// The most pieces a view may show in total, counts and stacks together (the app
/// animates and draws each one).
pub const MAX_PIECES: u64 = 100_000;

/// The most effects one move may have (the app animates each one).
pub const MAX_EFFECTS: usize = 100_000;

/// The most sites one move may be made on (a person clicks each one).
pub const MAX_MOVE_SITES: usize = 64;

/// The longest JSON text the host reads from a plugin (a layout, a view, the moves, the
/// effects of a move, a state), in bytes.
pub const MAX_JSON_BYTES: usize = 16 << 20;

/// The longest short text (a notation, a move's notation or label, a status line, a
/// label, a name), in bytes.
pub const MAX_TEXT_BYTES: usize = 64 << 10;

/// The most groups of pieces one site may show ([`game_api::SiteContent::Groups`]).
pub const MAX_SITE_GROUPS: usize = 64;

/// The most piece styles a layout may describe (one per kind of piece).
pub const MAX_PIECE_STYLES: usize = 256;

/// The most parts one piece style may have, its states' parts included (the app draws
/// each one for every piece at every frame).
pub const MAX_PIECE_PARTS: usize = 64;

/// The most corners of one polygon part.
pub const MAX_POLYGON_POINTS: usize = 64;

/// The largest size of a piece style, relative to the usual radius, and the farthest a
/// part's offset or extent may reach from the piece's centre, in radii.
pub const MAX_PIECE_SCALE: f32 = 4.0;

/// The longest text of a piece's part (a glyph, a short word), in bytes.
pub const MAX_PIECE_TEXT_BYTES: usize = 32;

/// The longest SVG image of one piece style, in bytes (the app parses and rasterises
/// it); a layout's images together may take 16 times this.
pub const MAX_PIECE_SVG_BYTES: usize = 64 << 10;

/// The longest rules text of one language, in bytes.
pub const MAX_RULES_BYTES: usize = 1 << 20;

/// The most options, presets, bots, tags or rules languages a manifest may list.
pub const MAX_MANIFEST_ITEMS: usize = 256;

/// Checks a manifest against the limits above: seats (1 to [`MAX_SEATS`], a name for
/// each of the largest table), text lengths and list lengths. The loader calls it with
/// the other manifest checks, so that a plugin over a limit is refused at load with the
/// reason.
pub fn check_manifest_limits(manifest: &Manifest) -> Result<(), ManifestError> {
    let seats = manifest.seats;
    if seats.min == 0 || seats.min > seats.max {
        return Err(ManifestError::SeatRange {
            min: seats.min,
            max: seats.max,
        });
    }
    if seats.max > MAX_SEATS {
        return Err(ManifestError::TooManySeats {
            max: seats.max,
            limit: MAX_SEATS,
        });
    }
    if manifest.seat_names.len() < usize::from(seats.max) {
        return Err(ManifestError::SeatNames {
            names: manifest.seat_names.len(),
            seats: seats.max,
        });
    }
    let texts = [
        ("the id", manifest.id.as_str()),
        ("the name", manifest.name.as_str()),
        ("the version", manifest.version.as_str()),
        ("the description", manifest.description.as_str()),
    ];
    let lists = [
        ("seat names", manifest.seat_names.len()),
        ("authors", manifest.authors.len()),
        ("tags", manifest.tags.len()),
        ("options", manifest.options.len()),
        ("presets", manifest.presets.len()),
        ("bots", manifest.bots.len()),
        ("rules languages", manifest.rules.len()),
    ];
    for (what, len) in lists {
        if len > MAX_MANIFEST_ITEMS {
            return Err(ManifestError::ListTooLong {
                what,
                len,
                limit: MAX_MANIFEST_ITEMS,
            });
        }
    }
    let names = manifest
        .seat_names
        .iter()
        .chain(&manifest.authors)
        .chain(&manifest.tags)
        .map(|s| ("a name or tag", s.as_str()));
    for (what, text) in texts.into_iter().chain(names) {
        if text.len() > MAX_TEXT_BYTES {
            return Err(ManifestError::TextTooLong {
                what,
                len: text.len(),
                limit: MAX_TEXT_BYTES,
            });
        }
    }
    for rules in &manifest.rules {
        if rules.markdown.len() > MAX_RULES_BYTES {
            return Err(ManifestError::RulesTooLong {
                lang: rules.lang.clone(),
                len: rules.markdown.len(),
                limit: MAX_RULES_BYTES,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::SeatRange;

    #[test]
    fn seats_are_checked_against_the_host_maximum() {
        let two = Manifest::new("nim", "Nim", "1.0.0");
        assert_eq!(check_manifest_limits(&two), Ok(()));
        let names: Vec<String> = (0..9).map(|i| format!("P{i}")).collect();
        let mut nine = two.clone();
        nine.seats = SeatRange { min: 2, max: 9 };
        nine.seat_names = names.clone();
        let err = check_manifest_limits(&nine).unwrap_err();
        assert_eq!(err, ManifestError::TooManySeats { max: 9, limit: 8 });
        assert!(err.to_string().contains("at most 8"), "{err}");
        let mut eight = nine.clone();
        eight.seats.max = 8;
        assert_eq!(check_manifest_limits(&eight), Ok(()));
        let mut none = two.clone();
        none.seats = SeatRange { min: 0, max: 2 };
        assert!(check_manifest_limits(&none).is_err());
        let mut unnamed = two.clone();
        unnamed.seat_names.pop();
        assert!(
            check_manifest_limits(&unnamed)
                .unwrap_err()
                .to_string()
                .contains("seat names")
        );
    }

    #[test]
    fn texts_and_lists_are_bounded() {
        let long = Manifest::new("nim", &"N".repeat(MAX_TEXT_BYTES + 1), "1.0.0");
        assert!(
            check_manifest_limits(&long)
                .unwrap_err()
                .to_string()
                .contains("the name")
        );
        let rules =
            Manifest::new("nim", "Nim", "1.0.0").with_rules("en", &"x".repeat(MAX_RULES_BYTES + 1));
        assert!(
            check_manifest_limits(&rules)
                .unwrap_err()
                .to_string()
                .contains("rules")
        );
        let mut tags = Manifest::new("nim", "Nim", "1.0.0");
        tags.tags = vec!["t".into(); MAX_MANIFEST_ITEMS + 1];
        assert!(
            check_manifest_limits(&tags)
                .unwrap_err()
                .to_string()
                .contains("tags")
        );
    }
}
