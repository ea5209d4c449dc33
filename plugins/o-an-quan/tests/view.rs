//! What the board shows of Ô Ăn Quan: a mandarin square's big stone beside its counted
//! small stones, and captured big stones in the trays.

use game_api::{Game, Group, Options, Piece, SiteContent, SiteId, View};
use mancala_kit::{
    Variant,
    pieces::{BIG_STONE, SEED},
    testing::play,
};
use o_an_quan::{OAnQuan, OAnQuanRules};

fn content(view: &View, site: u16) -> &SiteContent {
    &view
        .sites
        .iter()
        .find(|(id, _)| *id == SiteId(site))
        .unwrap_or_else(|| panic!("site {site} is not in the view"))
        .1
}

fn groups(big: u32, seeds: u32) -> SiteContent {
    SiteContent::Groups {
        groups: vec![
            Group::new(Piece::new(BIG_STONE), big),
            Group::new(Piece::new(SEED), seeds),
        ],
    }
}

// The ring: South's squares 0–4, the mandarin square 5, North's 6–10, the other
// mandarin square 11; the trays follow: South's 12, North's 13.
const MANDARIN: u16 = 5;
const SOUTH_TRAY: u16 = 12;

#[test]
fn a_mandarin_square_counts_its_small_stones_beside_its_big_one() {
    let options = Options::parse(&OAnQuanRules::manifest().options, [""; 0]).unwrap();
    let mut game = OAnQuan::from_notation(&options, "1,0,0,3,0/0,0,1,0,0 18-23 S m:4*,0*").unwrap();
    let view = game.view();
    assert_eq!(content(&view, MANDARIN), &groups(1, 4));
    assert_eq!(content(&view, 11), &groups(1, 0));
    assert_eq!(
        content(&view, SOUTH_TRAY),
        &SiteContent::Count {
            piece: Piece::new(SEED),
            count: 18
        },
        "no big stone captured yet: a plain count"
    );
    let layout = game.layout();
    assert_eq!(
        layout.sites[usize::from(SOUTH_TRAY)].label,
        "South captured"
    );
    for kind in [SEED, BIG_STONE] {
        assert!(layout.piece_style(kind).is_some(), "{kind} is described");
    }
    assert!(layout.piece_style(BIG_STONE).unwrap().size > layout.piece_style(SEED).unwrap().size);

    // a> captures d's 3, then the mandarin square: its big stone and 4 small stones.
    play(&mut game, "a>").unwrap();
    assert_eq!(
        game.notation(),
        "0,1,0,0,0/0,0,1,0,0 25-23 N m:0,0* big:1-0"
    );
    let view = game.view();
    assert_eq!(
        content(&view, MANDARIN),
        &SiteContent::Count {
            piece: Piece::new(SEED),
            count: 0
        }
    );
    assert_eq!(
        content(&view, SOUTH_TRAY),
        &groups(1, 25),
        "the big stone in the tray"
    );
}
