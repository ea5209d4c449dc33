//! What the host draws: the track, the off-board heaps, the throw, the panels.

use game_api::{
    Layout, Link, LinkKind, Panel, PanelEntry, Piece, Shape, Site, SiteContent, SiteId, View,
};

use crate::{AFRICA, Phase, Randomiser, Storks, WIND, side_name};

impl Storks {
    pub(crate) fn layout_now(&self) -> Layout {
        let cell = 1.0;
        let gap = 1.12;
        let mut sites: Vec<Site> = (1..=AFRICA)
            .map(|sq| {
                let k = sq - 1;
                let row = k / 11;
                let col = if row == 1 { 10 - k % 11 } else { k % 11 };
                let (label, style) = match sq {
                    17 | 29 => (format!("{sq} cables"), "special"),
                    WIND => ("28 wind".to_owned(), "special"),
                    AFRICA => ("Africa".to_owned(), "special"),
                    _ => (sq.to_string(), "light"),
                };
                Site {
                    id: Self::square_site(sq),
                    shape: Shape::TrackCell,
                    center: [0.8 + f32::from(col) * gap, 1.0 + f32::from(row) * 1.5],
                    size: [cell, cell],
                    owner: None,
                    label,
                    style: style.into(),
                }
            })
            .collect();
        for p in 0..2u8 {
            sites.push(Site {
                id: Self::cables_site(p),
                shape: Shape::Store,
                center: [13.4, 1.0 + f32::from(p) * 3.0],
                size: [1.6, 1.2],
                owner: Some(p),
                label: format!("{} off the board", side_name(p)),
                style: String::new(),
            });
        }
        let dice = match self.randomiser {
            Randomiser::Coins => 4,
            Randomiser::Die => 1,
        };
        for d in 0..dice {
            sites.push(Site {
                id: SiteId(35 + d),
                shape: Shape::Pit,
                center: [3.5 + f32::from(d) * 1.1, 5.6],
                size: [0.8, 0.8],
                owner: None,
                label: if dice == 1 {
                    "die".into()
                } else {
                    format!("coin {}", d + 1)
                },
                style: String::new(),
            });
        }
        let links = (1..AFRICA)
            .map(|sq| Link {
                from: Self::square_site(sq),
                to: Self::square_site(sq + 1),
                kind: LinkKind::Path,
                label: String::new(),
            })
            .collect();
        Layout {
            size: [14.5, 6.4],
            sites,
            links,
            pieces: crate::pieces::styles(),
        }
    }

    pub(crate) fn view_now(&self) -> View {
        let mut sites = Vec::new();
        for sq in 1..=AFRICA {
            let mut pieces = Vec::new();
            for p in 0..2u8 {
                for _ in self.storks[usize::from(p)].iter().filter(|&&s| s == sq) {
                    pieces.push(Piece {
                        kind: "stork".into(),
                        owner: Some(p),
                        state: crate::pieces::facing_on(sq).into(),
                    });
                }
            }
            if !pieces.is_empty() {
                sites.push((Self::square_site(sq), SiteContent::Stack { pieces }));
            }
        }
        for p in 0..2u8 {
            let off = self.storks[usize::from(p)]
                .iter()
                .filter(|&&s| s == 0)
                .count() as u32;
            sites.push((
                Self::cables_site(p),
                SiteContent::Count {
                    piece: Piece {
                        kind: "stork".into(),
                        owner: Some(p),
                        state: String::new(),
                    },
                    count: off,
                },
            ));
        }
        if let Some(t) = self.last_throw {
            match self.randomiser {
                Randomiser::Coins => {
                    for c in 0..4u8 {
                        let state = if c < t { "heads" } else { "tails" };
                        sites.push((
                            SiteId(35 + u16::from(c)),
                            SiteContent::Stack {
                                pieces: vec![Piece {
                                    kind: "coin".into(),
                                    owner: None,
                                    state: state.into(),
                                }],
                            },
                        ));
                    }
                }
                Randomiser::Die => sites.push((
                    SiteId(35),
                    SiteContent::Count {
                        piece: Piece::new("pip"),
                        count: u32::from(t),
                    },
                )),
            }
        }
        let over = self.winner().is_some();
        let panels = (0..2u8)
            .map(|p| {
                let storks = &self.storks[usize::from(p)];
                Panel {
                    seat: side_name(p).into(),
                    to_move: !over && p == self.to_move,
                    entries: vec![
                        PanelEntry::new(
                            "In Africa",
                            storks.iter().filter(|&&s| s == AFRICA).count(),
                        ),
                        PanelEntry::new(
                            "Off the board",
                            storks.iter().filter(|&&s| s == 0).count(),
                        ),
                    ],
                }
            })
            .collect();
        let status = match (self.winner(), self.phase) {
            (Some(w), _) => format!("{} wins: all six storks are in Africa", side_name(w)),
            (None, Phase::Throw) => format!("{} throws", side_name(self.to_move)),
            (None, Phase::Choose(t)) => format!(
                "{} moves {} ({})",
                side_name(self.to_move),
                self.randomiser.steps(t),
                self.randomiser.say(t)
            ),
            (None, Phase::Wind) => format!("The wind: {} throws again", side_name(self.to_move)),
        };
        View {
            sites,
            panels,
            last_move: self
                .last
                .map(|(a, b)| vec![SiteId(a), SiteId(b)])
                .unwrap_or_default(),
            status,
        }
    }
}
