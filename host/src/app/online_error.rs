//! Why a network game at the app could not be set up or stopped ([`OnlineError`]): what
//! the bar says after *The game stopped*.

use std::path::PathBuf;

use thiserror::Error;

use crate::net::{InviteError, TableError, lan::LanError};

/// Why a network game at the app could not be set up, or stopped before its end.
#[derive(Debug, Clone, Error)]
pub enum OnlineError {
    /// The game offered or joined is not among the loaded plugins.
    #[error(transparent)]
    UnknownGame(#[from] crate::plugins::UnknownGame),
    /// The invite's text is not an invite.
    #[error(transparent)]
    Invite(#[from] InviteError),
    /// The record to resume cannot be read.
    #[error("{}: {error}", file.display())]
    Record {
        /// The record's file.
        file: PathBuf,
        /// What is wrong with it (shared: a record's error is not cloned).
        error: std::sync::Arc<crate::record::RecordError>,
    },
    /// The record to resume is not a network game's.
    #[error("{}", crate::tr!("online-not-network", file = file.display().to_string()))]
    NotNetwork {
        /// The record's file.
        file: PathBuf,
    },
    /// The record's options are not the game's any more.
    #[error("{}: {error}", file.display())]
    Options {
        /// The record's file.
        file: PathBuf,
        /// What is wrong with its options.
        error: game_api::OptionError,
    },
    /// No game is chosen in the form.
    #[error("no game is chosen")]
    NoGame,
    /// The options chosen in the form are not the game's.
    #[error("{game}: {error}")]
    FormOptions {
        /// The game's name.
        game: String,
        /// What is wrong with the options.
        error: game_api::OptionError,
    },
    /// The game's worker did not start, or the options set up no game.
    #[error("{game}: {error}")]
    Start {
        /// The game's name.
        game: String,
        /// Why (the worker's words).
        error: String,
    },
    /// The network game stopped (the network, the other side, the plugin, the record).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The game could not be listed on the local network.
    #[error(transparent)]
    Lan(#[from] LanError),
}
