//! Every first-party game played to its end by keys alone, in the real app driven through
//! egui_kittest: the person's seat never clicks; every one of its moves is made by the
//! codes the board shows on its sites (typed, two digits ended by Enter or by a pause),
//! by the arrows and Enter (the board's focus), and by the keys of the choices (a
//! direction on an arrow). The other seats are the random bot; games and bots seeded.

mod common;
#[path = "common/app.rs"]
mod test_app;

use common::plugins_of;
use egui::Key;
use game_api::{MoveInfo, OptionValue, SiteId};
use tavola::{
    app::{KeyTarget, NewGameRequest, TYPED_PAUSE},
    session::SeatKind,
};
use test_app::{H, app, files_report, harness, wait_until};

/// How the person's sites are chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Way {
    /// By the code shown on each site, typed (Enter ending a code that a longer one
    /// goes on from, every other time; a pause the other times).
    Codes,
    /// By the arrows moving the board's focus onto the site, then Enter or Space.
    Focus,
}

/// A small generator, so that the person's moves are the same every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn start(h: &mut H, game: &str, options: &[(&str, OptionValue)], seats: usize) {
    let Some(plugin) = h.state().plugins().game(game).cloned() else {
        panic!(
            "{game} is not loaded; the files:\n{}",
            files_report(h.state())
        );
    };
    let specs = &plugin.manifest().options;
    let mut values = game_api::Options::defaults(specs).values().clone();
    for (k, v) in options {
        values.insert((*k).into(), v.clone());
    }
    let options = game_api::Options::resolve(specs, &values).unwrap();
    let mut kinds = vec![SeatKind::Person];
    kinds.extend((1..seats).map(|_| SeatKind::Bot("random".into())));
    h.state_mut()
        .start(NewGameRequest {
            game: game.into(),
            options,
            seats: kinds,
            seed: 7,
        })
        .unwrap();
    h.run();
}

fn over(h: &H) -> bool {
    let p = h.state().play_view().unwrap();
    p.is_over() || p.session().finished()
}

fn my_turn(h: &H) -> bool {
    !h.state().play_view().unwrap().key_codes().is_empty()
}

fn cursor(h: &H) -> usize {
    h.state().play_view().unwrap().session().cursor()
}

/// Presses a key and lets the app take it.
fn press(h: &mut H, key: Key) {
    h.key_press(key);
    h.step();
    h.step();
}

/// Types a code (digits, a letter), as the keys that make it.
fn type_code(h: &mut H, code: &str) {
    for c in code.chars() {
        let name = c.to_ascii_uppercase().to_string();
        press(h, Key::from_name(&name).expect("a digit or a letter"));
    }
}

/// The code of `target` now: every target the person may play has one, and a site's
/// is shown on it.
fn code_of(h: &H, target: KeyTarget) -> (String, bool, bool) {
    let p = h.state().play_view().unwrap();
    let codes = p.key_codes();
    let code = codes
        .iter()
        .find(|c| c.target == target)
        .unwrap_or_else(|| panic!("no code for {target:?} among {codes:?}"));
    if let KeyTarget::Site(site) = target {
        let marks = p.marks();
        assert!(
            marks.keys.iter().any(|(s, _)| *s == site),
            "{site:?} carries no badge: {:?}",
            marks.keys
        );
    }
    let longer = codes
        .iter()
        .any(|c| c.typed() && c.code.len() > code.code.len() && c.code.starts_with(&code.code));
    (code.code.clone(), code.typed(), longer)
}

/// Plays a code: typed (ended by Enter or by waiting out the pause when a longer code
/// goes on from it), or its named key pressed.
fn play_code(h: &mut H, target: KeyTarget, enter: bool) {
    let (code, typed, longer) = code_of(h, target);
    if !typed {
        press(h, Key::from_name(&code).expect("a key name"));
        return;
    }
    type_code(h, &code);
    if longer {
        if enter {
            press(h, Key::Enter);
        } else {
            // Step past the pause (the app's clock is the frames' input time).
            let started = std::time::Instant::now();
            while !h.state().play_view().unwrap().typed_code().is_empty() {
                assert!(
                    started.elapsed().as_secs_f64() < TYPED_PAUSE + 10.0,
                    "the pause did not take the code {code}"
                );
                h.step();
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}

/// Moves the board's focus onto `site` by the arrows, then plays it with Enter or Space:
/// → walks the playable sites in reading order, ← back.
fn focus_and_play(h: &mut H, site: SiteId, space: bool) {
    let index = |h: &H, s: Option<SiteId>| {
        let codes = h.state().play_view().unwrap().key_codes();
        s.and_then(|s| codes.iter().position(|c| c.target == KeyTarget::Site(s)))
    };
    let focus = |h: &H| h.state().play_view().unwrap().key_focus();
    if focus(h).is_none() {
        press(h, Key::ArrowRight);
        assert!(focus(h).is_some(), "an arrow shows no focus");
    }
    index(h, Some(site)).expect("the site has a code");
    // Right walks every playable site after the focus in reading order, Left every one
    // before it: one of them reaches the site.
    for key in [Key::ArrowRight, Key::ArrowLeft] {
        for _ in 0..200 {
            index(h, focus(h)).expect("the focus is on a site that can be played");
            if focus(h) == Some(site) {
                break;
            }
            let before = focus(h);
            press(h, key);
            if focus(h) == before {
                break;
            }
        }
    }
    assert_eq!(focus(h), Some(site), "the arrows did not reach {site:?}");
    press(h, if space { Key::Space } else { Key::Enter });
}

/// Plays one move of the person by keys.
fn play_by_keys(h: &mut H, mv: &MoveInfo, way: Way, n: usize) {
    for site in &mv.sites {
        match way {
            Way::Codes => play_code(h, KeyTarget::Site(*site), n.is_multiple_of(2)),
            Way::Focus => focus_and_play(h, *site, n % 2 == 1),
        }
    }
    let p = h.state().play_view().unwrap();
    if p.key_codes()
        .iter()
        .any(|c| c.target == KeyTarget::Move(mv.id))
    {
        play_code(h, KeyTarget::Move(mv.id), n.is_multiple_of(2));
    }
}

/// Plays `game` to its end: the person (seat 0) by keys, chosen by a seeded generator;
/// the other seats the random bot. Returns the person's moves.
fn play_to_the_end(game: &str, options: &[(&str, OptionValue)], seats: usize, way: Way) -> usize {
    // Only the game's own plugin: one inspection per test rather than nine, so that the
    // tests running side by side on a loaded two-core machine stay well inside the
    // inspection's time limit.
    let plugins = [game.replace('-', "_")];
    let plugins: Vec<&str> = plugins.iter().map(String::as_str).collect();
    let dir = plugins_of(&plugins);
    let mut h = harness(app(dir.path()));
    start(&mut h, game, options, seats);
    let mut rng = Lcg(11);
    let mut made = 0;
    let started = std::time::Instant::now();
    loop {
        wait_until(&mut h, "the person's turn, or the end", |h| {
            over(h) || my_turn(h)
        });
        if over(&h) {
            break;
        }
        let before = cursor(&h);
        let moves = h.state().play_view().unwrap().legal_moves().to_vec();
        let mv = moves[rng.below(moves.len())].clone();
        play_by_keys(&mut h, &mv, way, made);
        wait_until(&mut h, "the move made by keys", |h| cursor(h) > before);
        let played = h.state().play_view().unwrap().session().played_ids();
        assert_eq!(
            played[before], mv.id.0,
            "{game}: the keys played another move"
        );
        made += 1;
        assert!(made < 400, "{game}: no end after 400 moves of the person");
    }
    eprintln!(
        "{game}: {made} moves by keys, {} moves in all, {:.1} s",
        cursor(&h),
        started.elapsed().as_secs_f64()
    );
    assert!(made > 0, "{game}: the person made no move");
    made
}

#[test]
fn o_an_quan_by_codes_and_arrow_choices() {
    play_to_the_end("o-an-quan", &[], 2, Way::Codes);
}

#[test]
fn o_an_quan_by_the_focus() {
    play_to_the_end("o-an-quan", &[], 2, Way::Focus);
}

#[test]
fn hawalis_two_digit_codes() {
    play_to_the_end("hawalis", &[], 2, Way::Codes);
}

#[test]
fn hawalis_by_the_focus() {
    play_to_the_end("hawalis", &[], 2, Way::Focus);
}

#[test]
fn kalah_by_keys() {
    let small = [
        ("houses", OptionValue::Int(3)),
        ("seeds", OptionValue::Int(3)),
    ];
    play_to_the_end("kalah", &small, 2, Way::Codes);
}

#[test]
fn oware_by_keys() {
    play_to_the_end("oware", &[], 2, Way::Codes);
}

#[test]
fn congkak_by_keys() {
    play_to_the_end("congkak", &[], 2, Way::Codes);
}

#[test]
fn togyz_kumalak_by_keys() {
    play_to_the_end("togyz-kumalak", &[], 2, Way::Codes);
}

#[test]
fn bite_the_pumpkin_three_seats_by_keys() {
    play_to_the_end(
        "bite-the-pumpkin",
        &[("players", OptionValue::Int(3))],
        3,
        Way::Codes,
    );
}

#[test]
fn storks_with_chance_by_keys() {
    play_to_the_end("stork-migration", &[], 2, Way::Codes);
}

#[test]
fn zaroc_by_keys() {
    play_to_the_end("zaroc", &[], 2, Way::Codes);
}
