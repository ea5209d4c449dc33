//! The app trusts no worker: every answer a worker sends is checked here, in the app,
//! with the limits the plugin's [`GameHandle`](crate::plugins::GameHandle) applies in the
//! worker (`plugins::validate`, `plugins::limits`), because the worker is the plugin's
//! own process and plugin code can write anything on its pipe.
//!
//! [`Checker`] follows the worker's game from the answers it has checked (the board's
//! size, the seat count, the position shown and its legal moves), so that an answer is
//! checked against what it answers: a position (layout, view, turn, moves, notation),
//! a move's effects replayed over the view before it, a bot's or a hint's move legal in
//! the position searched, a reply of the kind the request asks for. An answer that fails
//! ends the worker (see [`WorkerFailure::Invalid`](super::WorkerFailure::Invalid)): the
//! app never shows a board a plugin's process made up.

use std::{collections::HashMap, sync::Arc};

use game_api::{Turn, View, endgame::TablesStatus};

use super::protocol::{Answer, Reply, Request, Snapshot};
use crate::plugins::{
    limits::{MAX_MANIFEST_ITEMS, MAX_SEATS, MAX_TEXT_BYTES},
    validate,
};

/// The kind of a request in flight, which says which replies may answer it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    Load,
    SeatCount,
    /// `Start`, `Open`, `Goto`: a position.
    Position,
    Play,
    Language,
    Bot,
    /// A bot's move played by the worker.
    BotMove,
    Hint,
    /// What a move would do: the move asked about.
    Preview(u32),
    Tables,
}

impl Asked {
    fn of(request: &Request) -> Option<Asked> {
        Some(match request {
            Request::Load { .. } => Asked::Load,
            Request::SeatCount { .. } => Asked::SeatCount,
            Request::Start { .. } | Request::Open { .. } | Request::Goto { .. } => Asked::Position,
            Request::Play { .. } => Asked::Play,
            Request::Language { .. } => Asked::Language,
            Request::Bot { .. } => Asked::Bot,
            Request::BotMove { .. } => Asked::BotMove,
            Request::Hint { .. } => Asked::Hint,
            Request::Preview { mv } => Asked::Preview(*mv),
            Request::Tables { .. } => Asked::Tables,
            Request::Cancel { .. } => return None,
        })
    }

    fn is_search(self) -> bool {
        matches!(self, Asked::Bot | Asked::BotMove | Asked::Hint)
    }
}

/// A position the worker's game is in, as far as its checked answers say.
#[derive(Debug)]
struct Known {
    sites: usize,
    seats: u8,
    view: View,
    /// The seat to move, if a seat is.
    to_move: Option<u8>,
    /// The legal moves' ids, sorted.
    moves: Vec<u32>,
}

/// What the app knows of a worker's game, to check each answer against.
#[derive(Debug, Default)]
pub(super) struct Checker {
    /// The plugin's id once loaded, for the messages.
    plugin: Option<String>,
    /// The largest seat count its manifest allows.
    max_seats: Option<u8>,
    /// The requests in flight, by id.
    asked: HashMap<u64, Asked>,
    /// The number of sites of the board of the game set up (the last layout sent).
    sites: Option<usize>,
    /// The position after the last position answer.
    position: Option<Arc<Known>>,
    /// The position each search in flight searches, once a later position answer has
    /// moved the game on (a search searches the position of the requests before it).
    basis: HashMap<u64, Option<Arc<Known>>>,
}

/// Why an answer of a worker is not believed: the plugin broke a rule of the contract
/// (its words name the plugin and the rule), or the answer does not fit the request or
/// the game so far (the words say how).
#[derive(Debug, thiserror::Error)]
pub enum InvalidAnswer {
    /// A value the host's checks refuse.
    #[error(transparent)]
    Contract(#[from] crate::plugins::CallError),
    /// A manifest the host refuses.
    #[error(transparent)]
    Manifest(#[from] crate::plugins::AnswerError),
    /// An answer that does not fit what was asked or the game so far.
    #[error("{0}")]
    Unexpected(String),
}

impl From<String> for InvalidAnswer {
    fn from(words: String) -> Self {
        InvalidAnswer::Unexpected(words)
    }
}

impl From<&str> for InvalidAnswer {
    fn from(words: &str) -> Self {
        InvalidAnswer::Unexpected(words.to_owned())
    }
}

type Checked = Result<(), InvalidAnswer>;

impl Checker {
    /// Notes request `id` as sent.
    pub(super) fn sent(&mut self, id: u64, request: &Request) {
        if let Some(asked) = Asked::of(request) {
            self.asked.insert(id, asked);
        }
    }

    fn plugin(&self) -> &str {
        self.plugin.as_deref().unwrap_or("?")
    }

    /// Checks `answer`, and follows the game it describes if it passes; the reason in
    /// words if it does not.
    pub(super) fn check(&mut self, answer: &Answer) -> Checked {
        let Some(asked) = self.asked.remove(&answer.id) else {
            return Err(format!(
                "an answer to request {}, which is not waiting for one",
                answer.id
            )
            .into());
        };
        let reply = match &answer.reply {
            Ok(reply) => reply,
            Err(refusal) => return short("a refusal", &refusal.message),
        };
        match (asked, reply) {
            (Asked::Load, Reply::Loaded { manifest }) => {
                crate::plugins::check_loaded_manifest(manifest)
                    .map_err(crate::plugins::AnswerError::Manifest)?;
                self.plugin = Some(manifest.id.clone());
                self.max_seats = Some(manifest.seats.max);
                Ok(())
            }
            (Asked::SeatCount, Reply::SeatCount(n)) => self.seat_count(*n),
            (Asked::Position | Asked::Language, Reply::Position { snapshot, warnings }) => {
                if warnings.len() > MAX_MANIFEST_ITEMS {
                    return Err(format!("{} warnings", warnings.len()).into());
                }
                for w in warnings {
                    short("a warning", w)?;
                }
                self.moved_on(answer.id, snapshot)
            }
            (Asked::Play, Reply::Played { effects, snapshot }) => {
                let Some(before) = self.position.clone() else {
                    return Err("a move's effects before any position".into());
                };
                validate::effects(self.plugin(), effects, before.sites, &before.view)?;
                self.moved_on(answer.id, snapshot)
            }
            (Asked::Language, Reply::Played { effects, snapshot }) => {
                let sites = snapshot.layout.as_ref().map(|l| l.sites.len());
                let sites = sites.or(self.sites).unwrap_or(0);
                validate::effects_of_unknown_start(self.plugin(), effects, sites)?;
                self.moved_on(answer.id, snapshot)
            }
            (Asked::Bot, Reply::Chosen { mv }) => self.legal_in_searched(answer.id, *mv),
            (Asked::Hint, Reply::Hint { mv, text, share }) => {
                short("a hint", text)?;
                if let Some(s) = share
                    && !(0.0..=1.0).contains(s)
                {
                    return Err(format!(
                        "a hint's share of the evaluation bar, {s}, outside 0 to 1"
                    )
                    .into());
                }
                self.legal_in_searched(answer.id, *mv)
            }
            (
                Asked::BotMove,
                Reply::BotPlayed {
                    mv,
                    effects,
                    snapshot,
                    ..
                },
            ) => self.bot_played(answer.id, *mv, effects, snapshot),
            (Asked::Bot | Asked::BotMove | Asked::Hint, Reply::Cancelled) => {
                self.basis.remove(&answer.id);
                Ok(())
            }
            (Asked::Tables, Reply::Tables(status)) => self.tables(status),
            (Asked::Preview(asked), Reply::Preview { mv, effects }) => {
                self.preview(asked, *mv, effects)
            }
            (asked, reply) => {
                Err(format!("{} in answer to {}", reply_kind(reply), request_kind(asked)).into())
            }
        }
    }

    fn seat_count(&self, n: u8) -> Checked {
        validate::seat_count(self.plugin(), n)?;
        match self.max_seats {
            Some(max) if n > max => {
                Err(format!("a game of {n} seats, where its manifest allows at most {max}").into())
            }
            _ => Ok(()),
        }
    }

    /// A position answer: checked, it becomes the position of the game, and the searches
    /// sent before it keep the position they search.
    fn moved_on(&mut self, id: u64, snapshot: &Snapshot) -> Checked {
        let known = self.snapshot(snapshot)?;
        let searches: Vec<u64> = (self.asked.iter())
            .filter(|(search, asked)| asked.is_search() && **search < id)
            .map(|(search, _)| *search)
            .collect();
        for search in searches {
            let position = self.position.clone();
            self.basis.entry(search).or_insert(position);
        }
        if let Some(layout) = &snapshot.layout {
            self.sites = Some(layout.sites.len());
        }
        self.position = Some(Arc::new(known));
        Ok(())
    }

    /// Checks a position with the handle's checks.
    fn snapshot(&self, s: &Snapshot) -> Result<Known, InvalidAnswer> {
        let plugin = self.plugin();
        let seats = s.seat_count;
        self.seat_count(seats)?;
        let sites = match &s.layout {
            Some(layout) => {
                validate::layout(plugin, layout, seats)?;
                layout.sites.len()
            }
            None => self
                .sites
                .ok_or("a position without a board, before any board was sent")?,
        };
        validate::view(plugin, &s.view, sites, seats)?;
        validate::turn(plugin, &s.turn, seats)?;
        validate::text(plugin, "the notation", &s.notation)?;
        validate::move_count(plugin, s.moves.len())?;
        for info in &s.moves {
            validate::move_info(plugin, info, sites)?;
        }
        let mut moves: Vec<u32> = s.moves.iter().map(|m| m.id.0).collect();
        moves.sort_unstable();
        if let Some(w) = moves.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("move #{} is listed twice", w[0]).into());
        }
        let to_move = match &s.turn {
            Turn::Seat { seat } => {
                validate::seat_moves(plugin, *seat, moves.len())?;
                Some(*seat)
            }
            Turn::Chance { outcomes } => {
                if let Some(o) = outcomes
                    .iter()
                    .find(|o| moves.binary_search(&o.mv.0).is_err())
                {
                    return Err(format!(
                        "chance outcome #{} is not among the position's moves",
                        o.mv.0
                    )
                    .into());
                }
                None
            }
            Turn::Over { .. } if !moves.is_empty() => {
                return Err(format!("{} moves in a finished game", moves.len()).into());
            }
            Turn::Over { .. } => None,
        };
        Ok(Known {
            sites,
            seats,
            view: s.view.clone(),
            to_move,
            moves,
        })
    }

    /// A bot's move played by the worker: legal where it searched, its effects replayed
    /// over that position, and the position after it. The worker plays a bot's move
    /// only into the position the bot searched, and answers before any later change of
    /// position: a bot's move that comes after the answer to such a change is forged.
    fn bot_played(
        &mut self,
        id: u64,
        mv: u32,
        effects: &[game_api::Effect],
        snapshot: &Snapshot,
    ) -> Checked {
        if self.basis.contains_key(&id) {
            return Err(format!("a bot's move #{mv} played after the game had moved on").into());
        }
        self.legal_in_searched(id, mv)?;
        let Some(before) = self.position.clone() else {
            return Err("a move's effects before any position".into());
        };
        validate::effects(self.plugin(), effects, before.sites, &before.view)?;
        self.moved_on(id, snapshot)
    }

    /// A move's preview: the move asked about, legal for the seat to move in the game's
    /// position (a preview is answered in order, after the position changes sent before
    /// it), its effects replayed over that position's view. The position is unchanged.
    fn preview(&self, asked: u32, mv: u32, effects: &[game_api::Effect]) -> Checked {
        if mv != asked {
            return Err(format!("a preview of move #{mv}, asked about #{asked}").into());
        }
        let Some(known) = self.position.as_ref() else {
            return Err("a move's preview before any position".into());
        };
        if known.to_move.is_none() || known.moves.binary_search(&mv).is_err() {
            return Err(format!("a preview of move #{mv}, which is not legal there").into());
        }
        Ok(validate::effects(
            self.plugin(),
            effects,
            known.sites,
            &known.view,
        )?)
    }

    /// A search's move: legal for the seat to move in the position it searched.
    fn legal_in_searched(&mut self, id: u64, mv: u32) -> Checked {
        let basis = match self.basis.remove(&id) {
            Some(searched) => searched,
            None => self.position.clone(),
        };
        let Some(known) = basis else {
            return Err("a search's move before any position".into());
        };
        if known.to_move.is_none() {
            return Err(format!("a search's move #{mv} where no seat is to move").into());
        }
        if known.moves.binary_search(&mv).is_err() {
            return Err(format!("a search's move #{mv}, which is not legal there").into());
        }
        Ok(())
    }

    fn tables(&self, status: &TablesStatus) -> Checked {
        let texts = status
            .reason
            .iter()
            .chain(&status.rejected)
            .chain(status.build.iter().flat_map(|b| &b.error));
        for text in texts {
            short("the endgame tables' status", text)?;
        }
        if status.files.len() > 1024 || status.rejected.len() > 1024 {
            return Err(format!(
                "endgame tables of {} files and {} refusals",
                status.files.len(),
                status.rejected.len()
            )
            .into());
        }
        let seats = self.position.as_ref().map_or(MAX_SEATS, |p| p.seats);
        match status.probe.as_ref().and_then(|p| p.winner) {
            Some(w) if w >= seats => Err(format!(
                "the endgame tables say seat {w} wins, in a game of {seats} seats"
            )
            .into()),
            _ => Ok(()),
        }
    }
}

/// A text of at most [`MAX_TEXT_BYTES`].
fn short(what: &str, text: &str) -> Checked {
    if text.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{what} of {} bytes; the app takes at most {MAX_TEXT_BYTES}",
            text.len()
        )
        .into());
    }
    Ok(())
}

fn request_kind(asked: Asked) -> &'static str {
    match asked {
        Asked::Load => "loading the plugin",
        Asked::SeatCount => "a seat count",
        Asked::Position => "a position",
        Asked::Play => "a move",
        Asked::Language => "a change of language",
        Asked::Bot => "a bot's search",
        Asked::BotMove => "a bot's move",
        Asked::Hint => "a hint",
        Asked::Preview(_) => "a move's preview",
        Asked::Tables => "the endgame tables",
    }
}

fn reply_kind(reply: &Reply) -> &'static str {
    match reply {
        Reply::Loaded { .. } => "a loaded plugin",
        Reply::SeatCount(_) => "a seat count",
        Reply::Position { .. } => "a position",
        Reply::Played { .. } => "a move played",
        Reply::Chosen { .. } => "a bot's move",
        Reply::BotPlayed { .. } => "a bot's move played",
        Reply::Hint { .. } => "a hint",
        Reply::Preview { .. } => "a move's preview",
        Reply::Cancelled => "a cancelled search",
        Reply::Tables(_) => "endgame tables",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Layout, Manifest, MoveId, MoveInfo, Shape, Site, SiteId};

    fn position(moves: &[u32]) -> Reply {
        let sites = (0..4)
            .map(|i| Site {
                id: SiteId(i),
                shape: Shape::Pit,
                center: [f32::from(i), 0.0],
                size: [1.0, 1.0],
                owner: None,
                label: String::new(),
                style: String::new(),
            })
            .collect();
        let moves = moves
            .iter()
            .map(|&m| MoveInfo::new(MoveId(m), vec![SiteId(0)], format!("m{m}")))
            .collect();
        Reply::Position {
            snapshot: Box::new(Snapshot {
                layout: Some(Layout {
                    size: [4.0, 1.0],
                    sites,
                    ..Layout::default()
                }),
                view: View::default(),
                turn: Turn::Seat { seat: 0 },
                moves,
                notation: String::new(),
                seat_count: 2,
            }),
            warnings: vec![],
        }
    }

    fn ok(id: u64, reply: Reply) -> Answer {
        Answer {
            id,
            reply: Ok(reply),
        }
    }

    #[test]
    fn a_search_is_checked_against_the_position_it_searched() {
        let mut c = Checker::default();
        let goto = Request::Goto { moves: vec![] };
        let bot = Request::Bot {
            name: "random".into(),
            seed: 0,
        };
        c.sent(
            1,
            &Request::Load {
                copy: "x".into(),
                tables_dir: None,
                language: String::new(),
                data: None,
            },
        );
        let manifest = Box::new(Manifest::new("nim", "Nim", "1.0.0"));
        c.check(&ok(1, Reply::Loaded { manifest })).unwrap();
        c.sent(2, &goto);
        c.check(&ok(2, position(&[0, 1]))).unwrap();
        // A bot searches the position of move ids 0 and 1; then the game moves on.
        c.sent(3, &bot);
        c.sent(4, &goto);
        c.check(&ok(4, position(&[5, 6]))).unwrap();
        c.sent(5, &bot);
        assert!(c.check(&ok(3, Reply::Chosen { mv: 5 })).is_err());
        c.sent(6, &bot);
        c.check(&ok(6, Reply::Chosen { mv: 5 })).unwrap();
        assert!(c.check(&ok(5, Reply::Chosen { mv: 1 })).is_err());
        // Each answer once: a second answer to 6 answers nothing in flight.
        let again = c
            .check(&ok(6, Reply::Chosen { mv: 5 }))
            .unwrap_err()
            .to_string();
        assert!(again.contains("not waiting"), "{again}");
        // A refusal is an answer too, but not a book.
        c.sent(7, &goto);
        let long = Answer {
            id: 7,
            reply: Err(crate::plugins::CallError::host(
                crate::plugins::ErrorKind::BadInput,
                "x".repeat(MAX_TEXT_BYTES + 1),
            )),
        };
        assert!(
            c.check(&long)
                .unwrap_err()
                .to_string()
                .contains("a refusal of")
        );
    }
}
