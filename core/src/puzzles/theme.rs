//! What a puzzle's solution does, read from what the plugin reports and knowing no game:
//! the move's effects (captures, an extra turn), the board's contents before it, the
//! sites' owners and shapes in the layout.

use std::{fmt, str::FromStr};

use game_api::{Effect, Layout, Shape, SiteContent, SiteId, View};

/// A puzzle's theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The solution captures pieces from a site of another seat.
    Capture,
    /// The solution captures from every house of the other seats that held pieces (at
    /// least two): it empties their side.
    GrandSlam,
    /// The solution gives its seat another move.
    ExtraTurn,
    /// The other seats' houses are all empty before the solution, which sows into them.
    ForcedFeed,
    /// Few pieces are left on the houses (at most the game's endgame tables' reach).
    Endgame,
}

impl Theme {
    /// Every theme, in the order they are listed.
    pub const ALL: [Theme; 5] = [
        Theme::Capture,
        Theme::GrandSlam,
        Theme::ExtraTurn,
        Theme::ForcedFeed,
        Theme::Endgame,
    ];

    /// Its word in puzzle files and on the command line.
    pub fn as_str(&self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::GrandSlam => "grand-slam",
            Theme::ExtraTurn => "extra-turn",
            Theme::ForcedFeed => "forced-feed",
            Theme::Endgame => "endgame",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A theme's name that is none of [`Theme::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme `{name}` (themes: {})", known_themes())]
pub struct UnknownTheme {
    /// The name read.
    pub name: String,
}

/// The names of the themes, separated by commas.
fn known_themes() -> String {
    let known: Vec<_> = Theme::ALL.iter().map(Theme::as_str).collect();
    known.join(", ")
}

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Self, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| UnknownTheme { name: s.to_owned() })
    }
}

/// The number of pieces on a site.
pub fn pieces(content: &SiteContent) -> u32 {
    match content {
        SiteContent::Count { count, .. } => *count,
        SiteContent::Groups { groups } => groups.iter().map(|g| g.count).sum(),
        SiteContent::Stack { pieces } => pieces.len() as u32,
    }
}

/// The board as themes read it: who owns each site and which are houses (not stores).
pub struct Board<'a> {
    layout: &'a Layout,
}

impl<'a> Board<'a> {
    /// The board of `layout`.
    pub fn new(layout: &'a Layout) -> Self {
        Board { layout }
    }

    fn owner(&self, site: SiteId) -> Option<u8> {
        self.layout.site(site).and_then(|s| s.owner)
    }

    fn is_house(&self, site: SiteId) -> bool {
        self.layout
            .site(site)
            .is_some_and(|s| !matches!(s.shape, Shape::Store))
    }

    /// The pieces on the houses in `view` (stores not counted).
    pub fn pieces_on_houses(&self, view: &View) -> u32 {
        view.sites
            .iter()
            .filter(|(s, _)| self.is_house(*s))
            .map(|(_, c)| pieces(c))
            .sum()
    }

    /// The pieces on the houses `seat` owns in `view` (stores not counted).
    pub fn pieces_of(&self, view: &View, seat: u8) -> u32 {
        view.sites
            .iter()
            .filter(|(s, _)| self.is_house(*s) && self.owner(*s) == Some(seat))
            .map(|(_, c)| pieces(c))
            .sum()
    }

    /// The houses of seats other than `seat` holding pieces in `view`.
    fn others_houses_held(&self, view: &View, seat: u8) -> Vec<SiteId> {
        view.sites
            .iter()
            .filter(|(s, c)| {
                self.is_house(*s) && self.owner(*s).is_some_and(|o| o != seat) && pieces(c) > 0
            })
            .map(|(s, _)| *s)
            .collect()
    }

    /// Whether other seats own houses at all (a game without owned houses has no feeding
    /// and no grand slam).
    fn others_have_houses(&self, seat: u8) -> bool {
        self.layout
            .sites
            .iter()
            .any(|s| !matches!(s.shape, Shape::Store) && s.owner.is_some_and(|o| o != seat))
    }

    /// The themes of the move of `seat` with `effects`, played in the position `before`;
    /// `endgame` the most pieces on the houses an endgame has.
    pub fn themes(&self, before: &View, seat: u8, effects: &[Effect], endgame: u32) -> Vec<Theme> {
        let mut themes = Vec::new();
        let taken: Vec<SiteId> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Capture { from, to, count } if *count > 0 => {
                    let from_other = self.owner(*from).is_some_and(|o| o != seat);
                    let to_other = to.and_then(|t| self.owner(t)).is_some_and(|o| o != seat);
                    (from_other && !to_other).then_some(*from)
                }
                _ => None,
            })
            .collect();
        if !taken.is_empty() {
            themes.push(Theme::Capture);
        }
        let held = self.others_houses_held(before, seat);
        if held.len() >= 2 && held.iter().all(|s| taken.contains(s)) {
            themes.push(Theme::GrandSlam);
        }
        if effects
            .iter()
            .any(|e| matches!(e, Effect::ExtraTurn { seat: s } if *s == seat))
        {
            themes.push(Theme::ExtraTurn);
        }
        let feeds = effects.iter().any(|e| match e {
            Effect::Drop { site, count } => {
                *count > 0 && self.is_house(*site) && self.owner(*site).is_some_and(|o| o != seat)
            }
            _ => false,
        });
        if held.is_empty() && self.others_have_houses(seat) && feeds {
            themes.push(Theme::ForcedFeed);
        }
        if self.pieces_on_houses(before) <= endgame {
            themes.push(Theme::Endgame);
        }
        themes
    }
}
