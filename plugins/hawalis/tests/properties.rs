//! Property-based tests of Hawalis: random legal games of any length, checked at every
//! position, the last included (the notation and the JSON state read back to the same
//! position and turn, seeds are conserved, a finished game's scores add up to
//! everything in the game); and notations mangled by random edits, which must be
//! refused with a reason or read as a valid position, never panic.

mancala_kit::variant_properties!(hawalis::HawalisRules, 500);
