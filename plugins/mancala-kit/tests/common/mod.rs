//! What the kit's test files share.

/// A test variant named `$name` with the rules `$config`, and any more of
/// [`mancala_kit::Variant`]'s methods given after them (a seed hook, endgame tables…).
macro_rules! variant {
    ($name:ident, $config:expr $(, $method:item)* $(,)?) => {
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
        struct $name;
        impl mancala_kit::Variant for $name {
            fn manifest() -> game_api::Manifest {
                game_api::Manifest::new(stringify!($name), stringify!($name), "0.1.0")
            }
            fn config(_: &game_api::Options) -> Result<mancala_kit::Config, game_api::GameError> {
                Ok($config)
            }
            $($method)*
        }
    };
}
