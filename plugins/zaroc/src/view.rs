//! What the host draws: the sticks and their arrows, the stacks, the panels.

use game_api::{
    Game, Layout, Link, LinkKind, Panel, PanelEntry, Piece, Shape, Site, SiteContent, SiteId, View,
};
use geometry::{Row, STICKS};

use crate::{Colour, Ending, MAX_TURNS, Zaroc, geometry};

impl Zaroc {
    pub(crate) fn layout_now(&self) -> Layout {
        let piece = 0.42;
        let baseline = |row: Row| match row {
            Row::A => 2.4,
            Row::B => 4.6,
            Row::C => 6.4,
            Row::F => 7.6,
        };
        let sites = STICKS
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let x = 0.9 + s.column * 1.25;
                match s.capacity {
                    Some(c) => {
                        let height = c as f32 * piece + 0.3;
                        Site {
                            id: SiteId(i as u16),
                            shape: Shape::Stick { capacity: c as u8 },
                            center: [x, baseline(s.row) - height / 2.0],
                            size: [0.9, height],
                            owner: None,
                            label: s.name.into(),
                            style: String::new(),
                        }
                    }
                    None => Site {
                        id: SiteId(i as u16),
                        shape: Shape::Square,
                        center: [x, baseline(s.row)],
                        size: [1.0, 0.9],
                        owner: None,
                        label: s.name.into(),
                        style: "finish".into(),
                    },
                }
            })
            .collect();
        let links = self
            .arrows()
            .map(|&(from, to)| Link {
                from: SiteId(from as u16),
                to: SiteId(to as u16),
                kind: LinkKind::Arrow,
                label: String::new(),
            })
            .collect();
        Layout {
            size: [6.8, 8.4],
            sites,
            links,
            pieces: crate::pieces::styles(),
        }
    }

    pub(crate) fn view_now(&self) -> View {
        let sites = self
            .stacks
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_empty())
            .map(|(i, stack)| {
                (
                    SiteId(i as u16),
                    SiteContent::Stack {
                        pieces: stack
                            .iter()
                            .map(|&c| Piece {
                                kind: match c {
                                    Colour::Light => "light".into(),
                                    Colour::Dark => "dark".into(),
                                },
                                owner: Some(self.seat_of(c)),
                                state: String::new(),
                            })
                            .collect(),
                    },
                )
            })
            .collect();
        let panels = (0..2u8)
            .map(|seat| {
                let colour = self.colour_of(seat);
                Panel {
                    seat: Self::manifest().seat_names[usize::from(seat)].clone(),
                    to_move: self.ending.is_none() && colour == self.to_move,
                    entries: vec![
                        PanelEntry::new("Colour", format!("{colour:?}")),
                        PanelEntry::new("On the finish row", self.finished(colour)),
                    ],
                }
            })
            .collect();
        // A seat is named once, with its colour: "Player 2 (Dark) to move".
        let who = |c: Colour| {
            format!(
                "{} ({c:?})",
                Self::manifest().seat_names[usize::from(self.seat_of(c))]
            )
        };
        let status = match self.ending {
            Some(Ending::Won(c)) => format!("{} wins", who(c)),
            Some(Ending::Repetition) => "Draw: the position occurred three times".into(),
            Some(Ending::TooLong) => format!("Draw: {MAX_TURNS} turns"),
            None => format!(
                "{} to move (move {} of 2), turn {}",
                who(self.to_move),
                self.step,
                self.turns + 1
            ),
        };
        View {
            sites,
            panels,
            last_move: self
                .last
                .map(|(a, b)| vec![SiteId(a as u16), SiteId(b as u16)])
                .unwrap_or_default(),
            status,
        }
    }
}
