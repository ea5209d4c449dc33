//! The *Play online* screen's state.

use crate::app::{online::OnlineGame, online_form::OnlineForm, online_lan::LanList};

/// The *Play online* screen: its form, the games offered on the local network, and the
/// network game in progress.
pub(in crate::app) struct OnlineScreen {
    /// The form (offer, join, resume).
    pub(in crate::app) form: OnlineForm,
    /// The games offered on the local network.
    pub(in crate::app) lan: LanList,
    /// The network game in progress, if any.
    pub(in crate::app) game: Option<OnlineGame>,
}

impl OnlineScreen {
    /// The form empty, nothing searched, no game.
    pub(in crate::app) fn new() -> Self {
        OnlineScreen {
            form: OnlineForm::new(),
            lan: LanList::default(),
            game: None,
        }
    }
}
