//! Playing by keys alone: every site that can be played carries a code (the game's own
//! key when every site has a typeable one, else a number the host gives in reading
//! order), typed codes may have two digits (a short pause or Enter ends them), the arrows
//! move a visible board focus that Enter or Space plays, and the choices of a move
//! begun answer to their keys (the game's, or numbers).
//!
//! Nothing here knows a game: the codes come from the moves' sites and keys.

use game_api::{MoveId, SiteId};

use super::Table;

/// How long a typed code waits for a further digit or letter before it is taken.
pub const TYPED_PAUSE: f64 = 0.9;

/// A key the person pressed for the board (the view turns egui's events into these).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardKey {
    /// A digit or a letter, part of a site's or a choice's code.
    Char(char),
    /// An arrow not claimed by a move: moves the board's focus.
    Arrow(Arrow),
    /// Enter or Space: ends a typed code, else plays the focused site.
    Confirm,
}

/// An arrow key's direction on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrow {
    /// ←
    Left,
    /// →
    Right,
    /// ↑
    Up,
    /// ↓
    Down,
}

impl Arrow {
    /// The arrow of egui's `key`, if it is one.
    pub fn of(key: egui::Key) -> Option<Arrow> {
        match key {
            egui::Key::ArrowLeft => Some(Arrow::Left),
            egui::Key::ArrowRight => Some(Arrow::Right),
            egui::Key::ArrowUp => Some(Arrow::Up),
            egui::Key::ArrowDown => Some(Arrow::Down),
            _ => None,
        }
    }

    /// Its direction on the screen (y grows downwards).
    /// The step in reading order of Left (-1) and Right (+1); none for Up and Down.
    fn along_rows(self) -> Option<isize> {
        match self {
            Arrow::Left => Some(-1),
            Arrow::Right => Some(1),
            Arrow::Up | Arrow::Down => None,
        }
    }

    fn vector(self) -> [f32; 2] {
        match self {
            Arrow::Left => [-1.0, 0.0],
            Arrow::Right => [1.0, 0.0],
            Arrow::Up => [0.0, -1.0],
            Arrow::Down => [0.0, 1.0],
        }
    }
}

/// What a code plays: a site (the next of a move's sites) or a whole move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyTarget {
    /// The next site of a move begun (or its first).
    Site(SiteId),
    /// A move chosen without a further site (a direction, a pass).
    Move(MoveId),
}

/// A code the person may type, and what it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyCode {
    /// What it plays.
    pub target: KeyTarget,
    /// The code as typed (lower case: `3`, `12`, `a`), or an egui key name that is
    /// pressed, not typed (`ArrowLeft`, `Space`).
    pub code: String,
}

impl KeyCode {
    /// Whether the code is typed (digits or one letter) rather than one named key.
    pub fn typed(&self) -> bool {
        typeable(&self.code).is_some()
    }
}

/// A game's key as the code typed for it: digits (`Num3` is `3`) or one letter, in
/// lower case; `None` for a named key (an arrow, Space).
fn typeable(key: &str) -> Option<String> {
    let key = key
        .strip_prefix("Num")
        .filter(|d| !d.is_empty())
        .unwrap_or(key);
    let digits = !key.is_empty() && key.chars().all(|c| c.is_ascii_digit());
    let letter = key.len() == 1 && key.chars().all(|c| c.is_ascii_alphabetic());
    (digits || letter).then(|| key.to_ascii_lowercase())
}

impl Table {
    /// The codes of what can be played by keys now: the next sites of the moves still
    /// possible (the game's keys when each site has its own typeable one, else numbers
    /// from 1 in reading order), then the moves made without a further site (their
    /// game's key, else the next free number). Empty when the person is not to move.
    pub fn key_codes(&self) -> Vec<KeyCode> {
        if !self.keys_may_act() {
            return Vec::new();
        }
        let step = self.input.path.len();
        let candidates = self.candidates();
        let sites = self.reading_order(
            candidates
                .iter()
                .filter_map(|m| m.sites.get(step).copied())
                .collect(),
        );
        // A site's own key: the one key all its moves share, when they end there.
        let own = |site: SiteId| -> Option<String> {
            let mut keys = candidates
                .iter()
                .filter(|m| m.sites.get(step) == Some(&site))
                .map(|m| {
                    if m.sites.len() == step + 1 {
                        m.key.as_deref().and_then(typeable)
                    } else {
                        None
                    }
                });
            let first = keys.next()??;
            keys.all(|k| k.as_ref() == Some(&first)).then_some(first)
        };
        let owns: Vec<Option<String>> = sites.iter().map(|s| own(*s)).collect();
        let unique = owns
            .iter()
            .flatten()
            .collect::<std::collections::HashSet<_>>()
            .len();
        let own_keys = owns.iter().all(Option::is_some) && unique == owns.len();
        let mut codes: Vec<KeyCode> = sites
            .iter()
            .zip(owns)
            .enumerate()
            .map(|(i, (site, key))| KeyCode {
                target: KeyTarget::Site(*site),
                code: if own_keys {
                    key.unwrap_or_default()
                } else {
                    (i + 1).to_string()
                },
            })
            .collect();
        // The moves that need no further site: the move bar's, or the choices of the
        // sites clicked so far (when more than one move ends there).
        let complete: Vec<_> = candidates
            .iter()
            .filter(|m| m.sites.len() == step)
            .collect();
        if step > 0 && complete.len() < 2 {
            return codes;
        }
        let mut next = codes.len() + 1;
        for m in complete {
            let given = m
                .key
                .as_deref()
                .map(|k| typeable(k).unwrap_or_else(|| k.to_owned()));
            let code = match given {
                Some(k) if !codes.iter().any(|c| c.code == k) => k,
                _ => loop {
                    let n = next.to_string();
                    next += 1;
                    if !codes.iter().any(|c| c.code == n) {
                        break n;
                    }
                },
            };
            codes.push(KeyCode {
                target: KeyTarget::Move(m.id),
                code,
            });
        }
        codes
    }

    /// `sites` without repeats, in reading order as the board is drawn now (top to
    /// bottom, then left to right; a flipped board reads the other way round).
    fn reading_order(&self, mut sites: Vec<SiteId>) -> Vec<SiteId> {
        sites.sort();
        sites.dedup();
        let at = |s: &SiteId| self.screen_center(*s).unwrap_or([0.0, 0.0]);
        sites.sort_by(|a, b| {
            let (a, b) = (at(a), at(b));
            // Rows: centres closer than a tenth of a unit are on one row.
            let row = |p: [f32; 2]| (p[1] * 10.0).round() as i64;
            row(a).cmp(&row(b)).then(a[0].total_cmp(&b[0]))
        });
        sites
    }

    /// Where `site` is drawn, in board units as on the screen (a flipped board turned).
    fn screen_center(&self, site: SiteId) -> Option<[f32; 2]> {
        let layout = &self.position.layout;
        let s = layout.sites.get(usize::from(site.0))?;
        Some(if self.input.board.flipped {
            [layout.size[0] - s.center[0], layout.size[1] - s.center[1]]
        } else {
            s.center
        })
    }

    /// The site the board's focus is on, when it is one that can be played now.
    pub fn key_focus(&self) -> Option<SiteId> {
        let focus = self.input.focus?;
        self.key_codes()
            .iter()
            .any(|c| c.target == KeyTarget::Site(focus))
            .then_some(focus)
    }

    /// The code typed so far, waiting for a further digit or for Enter.
    pub fn typed_code(&self) -> &str {
        &self.input.typed
    }

    /// Carries out a key pressed for the board.
    pub(in crate::app) fn board_key(&mut self, key: BoardKey, now: f64, step_seconds: f64) {
        if !self.keys_may_act() {
            self.input.typed.clear();
            return;
        }
        match key {
            BoardKey::Char(c) => self.type_char(c.to_ascii_lowercase(), now, step_seconds),
            BoardKey::Arrow(arrow) => self.move_focus(arrow),
            BoardKey::Confirm => {
                if !self.input.typed.is_empty() {
                    self.take_typed(now, step_seconds);
                } else if let Some(site) = self.key_focus() {
                    if self.input.keys_answer {
                        self.input
                            .answered
                            .push(crate::app::Intent::ClickSite(site));
                    } else {
                        self.click_site(site, now, step_seconds);
                    }
                }
            }
        }
    }

    /// A digit or letter typed: taken at once when it completes one code that no longer
    /// one goes on from, else kept until a pause or Enter.
    fn type_char(&mut self, c: char, now: f64, step_seconds: f64) {
        let codes = self.key_codes();
        let starts = |typed: &str| codes.iter().any(|k| k.typed() && k.code.starts_with(typed));
        let mut typed = format!("{}{c}", self.input.typed);
        if !starts(&typed) {
            typed = c.to_string();
            if !starts(&typed) {
                self.input.typed.clear();
                crate::sound::play(game_api::SoundEvent::Illegal); // sound: no such code
                return;
            }
        }
        let longer = codes
            .iter()
            .any(|k| k.typed() && k.code.len() > typed.len() && k.code.starts_with(&typed));
        self.input.typed = typed;
        self.input.typed_at = now;
        if !longer {
            self.take_typed(now, step_seconds);
        }
    }

    /// Plays what the code typed so far names (if it names something) and forgets it.
    fn take_typed(&mut self, now: f64, step_seconds: f64) {
        let typed = std::mem::take(&mut self.input.typed);
        let Some(code) = self.key_codes().into_iter().find(|k| k.code == typed) else {
            crate::sound::play(game_api::SoundEvent::Illegal); // sound: no such code
            return;
        };
        self.play_code(code.target, now, step_seconds);
    }

    /// Plays what a code names: a site (as a click on it, the focus put there) or a move.
    pub(in crate::app) fn play_code(&mut self, target: KeyTarget, now: f64, step_seconds: f64) {
        if self.input.keys_answer {
            // Answering (a drill): the site or the move is kept, nothing is played.
            if let KeyTarget::Site(site) = target {
                self.input.focus = Some(site);
            }
            self.input.answered.push(match target {
                KeyTarget::Site(site) => crate::app::Intent::ClickSite(site),
                KeyTarget::Move(mv) => crate::app::Intent::Play(mv),
            });
            return;
        }
        match target {
            KeyTarget::Site(site) => {
                self.input.focus = Some(site);
                self.click_site(site, now, step_seconds);
            }
            KeyTarget::Move(mv) => {
                if self.candidates().iter().any(|m| m.id == mv) {
                    self.play(mv, now, step_seconds);
                }
            }
        }
    }

    /// A typed code whose pause has run out is taken. Returns whether one is still
    /// waiting (the window should look again shortly).
    pub(in crate::app) fn typed_due(&mut self, now: f64, step_seconds: f64) -> bool {
        if self.input.typed.is_empty() {
            return false;
        }
        if !self.keys_may_act() {
            self.input.typed.clear();
            return false;
        }
        if now - self.input.typed_at >= TYPED_PAUSE {
            self.take_typed(now, step_seconds);
            return false;
        }
        true
    }

    /// Moves the board's focus: Left and Right to the playable site before or after it
    /// in reading order (along a row, then on to the next row, so that every playable
    /// site is reached by them alone), Up and Down to the nearest playable site in the
    /// arrow's direction on the screen; with no focus yet, to the first playable site.
    fn move_focus(&mut self, arrow: Arrow) {
        let sites: Vec<SiteId> = self
            .key_codes()
            .iter()
            .filter_map(|c| match c.target {
                KeyTarget::Site(s) => Some(s),
                KeyTarget::Move(_) => None,
            })
            .collect();
        let from = self
            .key_focus()
            .and_then(|f| Some((f, self.screen_center(f)?)));
        let Some((focus, from)) = from else {
            self.input.focus = sites.first().copied();
            return;
        };
        if let Some(step) = arrow.along_rows() {
            let order = self.reading_order(sites);
            let at = order.iter().position(|s| *s == focus);
            let next = at.and_then(|i| i.checked_add_signed(step));
            if let Some(site) = next.and_then(|i| order.get(i)) {
                self.input.focus = Some(*site);
            }
            return;
        }
        let [dx, dy] = arrow.vector();
        // Ahead in the arrow's direction, the nearest first, a sideways step costing
        // twice a step ahead.
        let best = sites
            .iter()
            .filter(|s| **s != focus)
            .filter_map(|s| {
                let p = self.screen_center(*s)?;
                let (x, y) = (p[0] - from[0], p[1] - from[1]);
                let ahead = x * dx + y * dy;
                let aside = (x * dy - y * dx).abs();
                (ahead > 0.01).then_some((ahead + 2.0 * aside, *s))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, s)| s);
        if let Some(site) = best {
            self.input.focus = Some(site);
        }
    }
}

impl Table {
    /// Whether the board's keys may act: the person is to move, or the keys answer a
    /// question about the position shown (a drill, whoever moved there).
    pub(super) fn keys_may_act(&self) -> bool {
        self.person_to_move() || self.input.keys_answer
    }

    /// Whether a review's drill is shown (answered or not): the status line then tells
    /// the drill's keys rather than the history's.
    pub fn set_drilling(&mut self, drilling: bool) {
        self.input.drilling = drilling;
    }

    /// What the board's keys named while they answer (a click on a site, a move).
    pub fn take_key_answers(&mut self) -> Vec<crate::app::Intent> {
        std::mem::take(&mut self.input.answered)
    }

    /// The board's keys pressed this frame, as intents: a named key a move answers to
    /// (an arrow for a direction) plays it; other arrows move the focus; Enter and Space
    /// confirm; digits and letters type a code. None while a text field, a dialog or a
    /// question has the keyboard, or the person is not to move. While a button has the
    /// keyboard (Start or Next clicked, Tab), a typed code still reaches the board — the
    /// button lets the focus go, so that the Enter ending the code is the board's too —
    /// but Enter, Space and the arrows stay the button's (they press it, move the focus).
    pub(in crate::app) fn key_intents(&self, ctx: &egui::Context) -> Vec<crate::app::Intent> {
        use crate::app::Intent;
        if !self.keys_may_act()
            || !self.input.keys_enabled
            || self.notes.asking.is_some()
            || ctx.text_edit_focused()
        {
            return Vec::new();
        }
        let button = ctx.memory(|m| m.focused());
        let codes = self.key_codes();
        let pressed: Vec<(egui::Key, bool)> = ctx.input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Key {
                        key,
                        pressed: true,
                        repeat,
                        modifiers,
                        ..
                    } if !(modifiers.ctrl || modifiers.command || modifiers.alt) => {
                        Some((*key, *repeat))
                    }
                    _ => None,
                })
                .collect()
        });
        let mut intents = Vec::new();
        for (key, repeat) in pressed {
            if let Some(id) = button {
                if let Some(c) = typed_char(key).filter(|_| !repeat) {
                    ctx.memory_mut(|m| m.surrender_focus(id));
                    intents.push(Intent::Key(BoardKey::Char(c)));
                }
                continue;
            }
            let named: Vec<&KeyCode> = codes
                .iter()
                .filter(|c| !c.typed() && egui::Key::from_name(&c.code) == Some(key))
                .collect();
            if let [
                KeyCode {
                    target: KeyTarget::Move(mv),
                    ..
                },
            ] = named[..]
            {
                if !repeat {
                    intents.push(Intent::Play(*mv));
                }
                continue;
            }
            let board_key = if let Some(arrow) = Arrow::of(key) {
                Some(BoardKey::Arrow(arrow))
            } else if repeat {
                None
            } else if matches!(key, egui::Key::Enter | egui::Key::Space) {
                Some(BoardKey::Confirm)
            } else {
                typed_char(key).map(BoardKey::Char)
            };
            intents.extend(board_key.map(Intent::Key));
        }
        intents
    }

    /// The keys the board answers to now (the moves' named keys; the arrows, which move
    /// the focus, while a site can be played): those play or move the focus rather than
    /// step through the history.
    pub fn keys_claimed(&self) -> Vec<egui::Key> {
        if !self.keys_may_act() || !self.input.keys_enabled {
            return Vec::new();
        }
        let codes = self.key_codes();
        let mut keys: Vec<egui::Key> = codes
            .iter()
            .filter(|c| !c.typed())
            .filter_map(|c| egui::Key::from_name(&c.code))
            .collect();
        if codes.iter().any(|c| matches!(c.target, KeyTarget::Site(_))) {
            keys.extend([
                egui::Key::ArrowLeft,
                egui::Key::ArrowRight,
                egui::Key::ArrowUp,
                egui::Key::ArrowDown,
            ]);
        }
        keys
    }
}

/// The digit or letter a key types (a code's character), if it types one.
fn typed_char(key: egui::Key) -> Option<char> {
    let name = key.name();
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphanumeric() => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use game_api::{Options, SiteId};

    use super::{Arrow, BoardKey, KeyTarget};
    use crate::{
        app::{Intent, Table},
        session::{SeatKind, Session},
        table::{ScriptedLink, pile},
    };

    /// The pile game (two sites without keys of their own), two people.
    fn table() -> (Table, crate::table::Script) {
        let plugin = pile::plugin();
        let seats = vec![SeatKind::Person, SeatKind::Person];
        let session = Session::new(&plugin, &Options::default(), seats, 7, None);
        let (link, script) = ScriptedLink::new(plugin, pile::answerer());
        let view = Table::new(session, link, pile::snapshot(&[]), "tavola".into());
        (view, script)
    }

    fn played(script: &crate::table::Script) -> Vec<u32> {
        script.played()
    }

    #[test]
    fn sites_without_keys_are_numbered_in_reading_order_and_shown() {
        let (view, _) = table();
        let codes: Vec<(KeyTarget, String)> = view
            .key_codes()
            .into_iter()
            .map(|c| (c.target, c.code))
            .collect();
        assert_eq!(
            codes,
            vec![
                (KeyTarget::Site(SiteId(0)), "1".to_owned()),
                (KeyTarget::Site(SiteId(1)), "2".to_owned()),
            ]
        );
        let marks = view.marks();
        assert!(marks.keys.contains(&(SiteId(1), "2".to_owned())));
    }

    #[test]
    fn a_typed_code_plays_its_site() {
        let (mut view, script) = table();
        view.apply(Intent::Key(BoardKey::Char('2')), 0.0, 0.0);
        assert_eq!(played(&script), vec![2]);
        // A code that names nothing plays nothing.
        view.apply(Intent::Key(BoardKey::Char('7')), 1.0, 0.0);
        assert_eq!(played(&script), vec![2]);
        assert_eq!(view.typed_code(), "");
    }

    #[test]
    fn the_arrows_move_a_focus_that_enter_plays() {
        let (mut view, script) = table();
        assert_eq!(view.key_focus(), None);
        view.apply(Intent::Key(BoardKey::Arrow(Arrow::Right)), 0.0, 0.0);
        assert_eq!(view.key_focus(), Some(SiteId(0)));
        assert_eq!(view.marks().focus, Some(SiteId(0)));
        view.apply(Intent::Key(BoardKey::Arrow(Arrow::Right)), 0.0, 0.0);
        assert_eq!(view.key_focus(), Some(SiteId(1)));
        // Nothing further right: the focus stays.
        view.apply(Intent::Key(BoardKey::Arrow(Arrow::Right)), 0.0, 0.0);
        assert_eq!(view.key_focus(), Some(SiteId(1)));
        view.apply(Intent::Key(BoardKey::Arrow(Arrow::Left)), 0.0, 0.0);
        assert_eq!(view.key_focus(), Some(SiteId(0)));
        view.apply(Intent::Key(BoardKey::Confirm), 0.0, 0.0);
        assert_eq!(played(&script), vec![1]);
    }
}
