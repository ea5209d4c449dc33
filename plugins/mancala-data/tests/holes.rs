//! The keys on where a move starts and which way it sows (`house_directions`,
//! `sow_from`, `min_sow`, `capture_from_occupied`): the catalogue files that use them,
//! and bad values refused at their line, in the file's words.

use game_api::{Game, Options, data::DataGames};
use mancala_data::Loader;

fn refusal(text: &str) -> String {
    match Loader::manifest(text.as_bytes()) {
        Ok(m) => panic!("accepted: {}", m.id),
        Err(e) => e.to_string(),
    }
}

/// The line of the first line of `file` that starts with `key`.
fn line_of(file: &str, key: &str) -> usize {
    file.lines().position(|l| l.starts_with(key)).unwrap() + 1
}

fn catalogue(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue");
    std::fs::read_to_string(dir.join(format!("{name}.mancala.toml"))).unwrap()
}

/// The legal moves, as written.
fn moves(file: &str) -> Vec<String> {
    let m = Loader::manifest(file.as_bytes()).unwrap();
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    let game = Loader::new(file.as_bytes(), &Options::defaults(&m.options)).unwrap();
    let mut ids = Vec::new();
    game.legal_moves(&mut ids);
    ids.iter()
        .map(|&id| game.move_info(id).unwrap().notation)
        .collect()
}

#[test]
fn directions_by_house_are_read_house_by_house_and_a_bad_list_refused_at_its_line() {
    let file = catalogue("um-el-bagara");
    assert_eq!(moves(&file), ["a", "b", "c>", "c<", "d", "e"]);
    let line = line_of(&file, "house_directions");
    let old = "house_directions = [\"clockwise\", \"clockwise\", \"chosen\", \"anticlockwise\", \"anticlockwise\"]";
    assert!(file.contains(old));
    let e = refusal(&file.replacen(old, "house_directions = [\"clockwise\", \"chosen\"]", 1));
    assert!(
        e.starts_with(&format!(
            "line {line}, `house_directions`: 2 directions for 5 houses a row"
        )),
        "{e}"
    );
    let e = refusal(&file.replacen(old, "house_directions = [\"left\"]", 1));
    assert!(
        e.starts_with(&format!("line {line}, `house_directions`:"))
            && e.contains("`anticlockwise`")
            && e.contains("`chosen`"),
        "{e}"
    );
    let e = refusal(&file.replacen(old, &format!("{old}\ndirection = \"chosen\""), 1));
    assert!(
        e.starts_with(&format!(
            "line {}, `direction`: give `direction` or `house_directions`",
            line + 1
        )),
        "{e}"
    );
}

#[test]
fn single_seeds_never_sown_and_a_bad_count_refused_at_its_line() {
    let file = catalogue("um-el-bagara");
    let line = line_of(&file, "min_sow");
    let e = refusal(&file.replacen("min_sow = 2", "min_sow = 0", 1));
    assert!(
        e.starts_with(&format!(
            "line {line}, `min_sow`: 0 is out of range: allowed are 1 to 64"
        )),
        "{e}"
    );
    // Without the rule, a house of one seed is a move (a test of the file then fails:
    // refused, which shows the key does something).
    let loose = file.replacen("min_sow = 2\n", "", 1);
    assert!(Loader::manifest(loose.as_bytes()).is_err());
}

#[test]
fn ownerless_holes_give_both_rows_and_clashing_keys_are_refused_at_their_line() {
    let file = catalogue("eson-khorgol");
    assert_eq!(
        moves(&file),
        ["a", "b", "c", "d", "e", "A", "B", "C", "D", "E"]
    );
    let theirs = file.replacen("sow_from = \"both\"", "sow_from = \"opponent\"", 1);
    let m = Loader::manifest(theirs.as_bytes());
    // The file's tests sow South's own a: refused with the test's name, so read the
    // rules alone through a file without tests.
    assert!(m.is_err());
    let bare = theirs.split("[[tests]]").next().unwrap().to_owned();
    assert_eq!(moves(&bare), ["A", "B", "C", "D", "E"]);
    let line = line_of(&file, "sow_from");
    let e = refusal(&file.replacen(
        "sow_from = \"both\"",
        "sow_from = \"both\"\nsingletons_last = true",
        1,
    ));
    assert!(
        e.starts_with(&format!(
            "line {line}, `sow_from`: `singletons_last` reads the mover's own row"
        )),
        "{e}"
    );
    let e = refusal(&file.replacen("sow_from = \"both\"", "sow_from = \"any\"", 1));
    assert!(
        e.starts_with(&format!("line {line}, `sow_from`:")) && e.contains("`opponent`"),
        "{e}"
    );
}

#[test]
fn a_capture_from_an_occupied_house_is_read_under_the_forward_capture_and_warned_elsewhere() {
    let file = catalogue("eson-khorgol");
    // Without it, the test of a last ball in an empty hole fails: the key does something.
    let without = file.replacen("capture_from_occupied = true\n", "", 1);
    let e = refusal(&without);
    assert!(
        e.contains("a last ball in an empty hole takes nothing"),
        "{e}"
    );
    let bagara = catalogue("um-el-bagara");
    let warned = bagara.replacen(
        "min_sow = 2",
        "min_sow = 2\ncapture_from_occupied = true",
        1,
    );
    let m = Loader::manifest(warned.as_bytes()).unwrap();
    assert_eq!(
        m.warnings,
        [format!(
            "line {}, `capture_from_occupied`: it does nothing under `capture = \"count\"`: it is read only with `capture = \"forward\"`",
            line_of(&warned, "capture_from_occupied")
        )]
    );
}
