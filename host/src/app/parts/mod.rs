//! The parts [`super::TavolaApp`] is made of, each owning one concern of the app's state:
//! [`Library`] (the plugins found and how they are run), [`Screens`] (what is on screen:
//! one field per screen), [`Dialogs`] (the windows asking or telling the person something)
//! and [`Saves`] (the autosave and what it has met). The app's methods (`games.rs`,
//! `dispatch.rs`, `menus.rs`, ...) read and change them; a new screen is one field of
//! [`Screens`] plus its own files.

mod dialogs;
mod library;
mod online;
mod saves;
mod screens;

pub(super) use self::{
    dialogs::Dialogs, library::Library, online::OnlineScreen, saves::Saves, screens::Screens,
};
