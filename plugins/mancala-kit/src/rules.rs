//! The rules in force in a game ([`Rules`]): its [`Config`], with the fast paths that
//! play it chosen once, when the game is built, rather than at every move or playout.

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::playout::FastPaths;
use crate::{Config, Variant};

/// A game's [`Config`] and the fast paths chosen from it for variant `V`
/// ([`Mancala::config`](crate::Mancala::config)). It reads as the `Config` it holds
/// (through [`Deref`]); it is written, saved, compared and printed as that `Config`.
///
/// The fast paths are those the allow-lists of the kit's fast code give for the
/// config's rules (the playout's loops, the search's one-house tests), computed once by
/// [`Rules::new`]. Changing the config in place ([`DerefMut`]) drops them: the game
/// then plays every rule by the general code, slow but right, never by a fast path
/// chosen for other rules. Rebuild with [`Rules::new`] to have them again.
///
/// ```
/// use mancala_kit::{Config, Rules};
/// # #[derive(Debug, Clone, Default, PartialEq, Eq)]
/// # struct Plain;
/// # impl mancala_kit::Variant for Plain {
/// #     fn manifest() -> game_api::Manifest { game_api::Manifest::new("plain", "Plain", "0.1.0") }
/// #     fn config(_: &game_api::Options) -> Result<Config, game_api::GameError> { Ok(Config::kalah(6, 4)) }
/// # }
/// let mut rules = Rules::<Plain>::new(Config::kalah(6, 4));
/// assert_eq!(rules.houses, 6);
/// rules.must_feed = true; // read again by the general code from now on
/// assert_eq!(*rules, Config { must_feed: true, ..Config::kalah(6, 4) });
/// ```
pub struct Rules<V> {
    config: Config,
    paths: FastPaths,
    variant: PhantomData<V>,
}

impl<V: Variant> Rules<V> {
    /// `config`, with the fast paths that play it for variant `V`.
    pub fn new(config: Config) -> Self {
        let paths = FastPaths::of::<V>(&config);
        Rules {
            config,
            paths,
            variant: PhantomData,
        }
    }
}

impl<V> Rules<V> {
    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The config, taken out.
    pub fn into_config(self) -> Config {
        self.config
    }

    /// The fast paths that play these rules (none once the config was changed in
    /// place).
    #[inline]
    pub(crate) fn paths(&self) -> FastPaths {
        self.paths
    }
}

impl<V> Deref for Rules<V> {
    type Target = Config;

    #[inline]
    fn deref(&self) -> &Config {
        &self.config
    }
}

impl<V> DerefMut for Rules<V> {
    /// The config, to change in place: the fast paths chosen for the config as it was
    /// are dropped, and the general code plays whatever it becomes.
    fn deref_mut(&mut self) -> &mut Config {
        self.paths = FastPaths::NONE;
        &mut self.config
    }
}

impl<V> Clone for Rules<V> {
    fn clone(&self) -> Self {
        Rules {
            config: self.config.clone(),
            paths: self.paths,
            variant: PhantomData,
        }
    }
}

/// The configs compared: the fast paths follow from them.
impl<V> PartialEq for Rules<V> {
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
    }
}

impl<V> Eq for Rules<V> {}

impl<V> std::fmt::Debug for Rules<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.config.fmt(f)
    }
}

impl<V> Serialize for Rules<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.config.serialize(serializer)
    }
}

/// A saved config, with its fast paths chosen again.
impl<'de, V: Variant> Deserialize<'de> for Rules<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Config::deserialize(deserializer).map(Rules::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    struct Plain;
    impl Variant for Plain {
        fn manifest() -> game_api::Manifest {
            game_api::Manifest::new("plain", "Plain", "0.1.0")
        }
        fn config(_: &game_api::Options) -> Result<Config, game_api::GameError> {
            Ok(Config::kalah(6, 4))
        }
    }

    #[test]
    fn a_config_changed_in_place_is_played_by_the_general_code() {
        let mut rules = Rules::<Plain>::new(Config::kalah(6, 4));
        assert!(rules.paths().store && rules.paths().own_holes);
        let copy = rules.clone();
        assert_eq!(copy.paths(), rules.paths(), "a copy keeps the paths");
        rules.min_sow = 2;
        assert_eq!(rules.paths(), FastPaths::NONE);
        assert_ne!(rules, copy);
        rules.min_sow = 1;
        assert_eq!(rules, copy, "compared as configs");
        assert_eq!(
            rules.paths(),
            FastPaths::NONE,
            "still general until rebuilt"
        );
        let rebuilt = Rules::<Plain>::new(rules.into_config());
        assert_eq!(rebuilt.paths(), copy.paths());
    }

    #[test]
    fn saved_and_read_as_its_config_with_the_paths_chosen_again() {
        let rules = Rules::<Plain>::new(Config::oware(4));
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(json, serde_json::to_string(&Config::oware(4)).unwrap());
        let back: Rules<Plain> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rules);
        assert_eq!(back.paths(), rules.paths());
        assert_eq!(format!("{rules:?}"), format!("{:?}", Config::oware(4)));
    }
}
