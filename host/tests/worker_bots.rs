//! The app's bots live in the game's worker: one bot per seat, kept while its name is the
//! same and the game goes on from where it last chose, told the actions played since its
//! last turn, its move played by the worker (one round trip). A new level, or a jump the
//! bot cannot follow, makes a new bot; a cancelled search leaves the game unchanged.

mod common;

use std::time::Duration;

use common::plugins_of;
use game_api::{Options, Rng, Turn};
use tavola::{
    ai::{MctsBot, mcts::MctsConfig},
    bots::Bot,
    plugins::{DirSource, PluginDir, PluginDirs, PluginSet},
    worker::{BotMoved, Poll, RemoteGame, Reply, Request, Snapshot, Worker},
};

fn plugin_set(dir: &std::path::Path) -> PluginSet {
    PluginSet::discover(PluginDirs(vec![PluginDir {
        path: dir.to_path_buf(),
        source: DirSource::CommandLine,
    }]))
}

fn exe() -> &'static std::path::Path {
    env!("CARGO_BIN_EXE_tavola").as_ref()
}

/// Kalah with 3 houses of 3 seeds (short games) in a worker, at its start.
fn small_kalah(set: &PluginSet) -> (RemoteGame, Options, Snapshot) {
    let plugin = set.game("kalah").expect("kalah loads");
    let mut remote = RemoteGame::spawn(exe(), plugin, None).unwrap_or_else(|e| panic!("{e}"));
    let options = Options::parse(&plugin.manifest().options, ["houses=3", "seeds=3"]).unwrap();
    let start = remote.start(&options, None, &[]).unwrap();
    (remote, options, start)
}

/// Bot `name`'s move, played by the worker.
fn bot_move(remote: &mut RemoteGame, name: &str, seed: u64) -> BotMoved {
    let id = remote.start_bot_move(name, seed).unwrap();
    loop {
        if let Poll::Ready(answer) = remote.wait(id, Duration::from_secs(1)) {
            let reply = answer.unwrap_or_else(|e| panic!("{e}"));
            return RemoteGame::bot_played(reply)
                .unwrap()
                .expect("not cancelled");
        }
    }
}

/// Two snapshots of the same position (the board's layout aside: only a game's set-up
/// sends it).
fn assert_same(a: &Snapshot, b: &Snapshot) {
    assert_eq!(a.notation, b.notation);
    assert_eq!(a.view, b.view);
    assert_eq!(a.turn, b.turn);
    assert_eq!(a.moves, b.moves);
}

fn seat_to_move(snapshot: &Snapshot) -> Option<u8> {
    match snapshot.turn {
        Turn::Seat { seat } => Some(seat),
        _ => None,
    }
}

#[test]
fn a_seats_bot_is_kept_and_told_the_moves_since_its_last_turn() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let (mut remote, _, mut snapshot) = small_kalah(&set);
    // South (seat 0) is a bot; North's moves are played as a person's, the first listed.
    let mut serial = None;
    let mut since_last = None::<u32>;
    let mut kept_turns = 0;
    while let Some(seat) = seat_to_move(&snapshot) {
        if seat == 0 {
            let moved = bot_move(&mut remote, "casual", 7);
            match serial {
                None => assert_eq!(moved.bot.told, 0, "a new bot is told nothing"),
                Some(s) => {
                    assert_eq!(moved.bot.serial, s, "the same bot plays every South turn");
                    assert_eq!(Some(moved.bot.told), since_last, "told every action since");
                    kept_turns += 1;
                }
            }
            assert!(snapshot.moves.iter().any(|m| m.id.0 == moved.mv));
            serial = Some(moved.bot.serial);
            since_last = Some(1);
            snapshot = moved.snapshot;
        } else {
            let mv = snapshot.moves[0].id.0;
            snapshot = remote.play(mv).unwrap().1;
            since_last = since_last.map(|n| n + 1);
        }
    }
    assert!(
        kept_turns >= 2,
        "a game of several South turns: {kept_turns}"
    );
}

#[test]
fn another_level_makes_another_bot_and_the_worker_plays_its_move() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let (mut remote, options, start) = small_kalah(&set);
    let first = bot_move(&mut remote, "casual", 1);
    let mut moves = vec![first.mv];
    // The worker played the move: its position is the start and that move.
    let mut fresh = RemoteGame::spawn(exe(), set.game("kalah").unwrap(), None).unwrap();
    assert_same(
        &fresh.start(&options, None, &moves).unwrap(),
        &first.snapshot,
    );
    assert!(start.moves.iter().any(|m| m.id.0 == first.mv));
    // Play on to South's next turn, then ask another level.
    let mut snapshot = first.snapshot;
    while seat_to_move(&snapshot) != Some(0) {
        let mv = snapshot.moves[0].id.0;
        snapshot = remote.play(mv).unwrap().1;
        moves.push(mv);
    }
    let beginner = bot_move(&mut remote, "beginner", 2);
    assert!(
        beginner.bot.serial > first.bot.serial,
        "a new bot for a new level"
    );
    assert_eq!(beginner.bot.told, 0);
    moves.push(beginner.mv);
    assert_same(
        &fresh.start(&options, None, &moves).unwrap(),
        &beginner.snapshot,
    );
}

#[test]
fn after_a_jump_back_the_bot_is_made_again_and_after_redo_it_is_kept() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let (mut remote, options, _) = small_kalah(&set);
    // South's bot moves, North answers, South's bot moves again: a record.
    let first = bot_move(&mut remote, "casual", 3);
    let mut moves = vec![first.mv];
    let mut snapshot = first.snapshot.clone();
    while seat_to_move(&snapshot) != Some(0) {
        let mv = snapshot.moves[0].id.0;
        snapshot = remote.play(mv).unwrap().1;
        moves.push(mv);
    }
    let again = bot_move(&mut remote, "casual", 4);
    assert_eq!(again.bot.serial, first.bot.serial);
    // Undo to North's first turn, Redo the recorded moves (the record's, played again):
    // the bot is asked where it last chose, and is kept.
    remote.goto(&moves[..1]).unwrap();
    for &mv in &moves[1..] {
        remote.play(mv).unwrap();
    }
    let redone = bot_move(&mut remote, "casual", 4);
    assert_eq!(
        redone.bot.serial, first.bot.serial,
        "kept over the same moves"
    );
    assert_eq!(redone.bot.told, 0, "asked again where it last chose");
    // Jump back to the start: the bot cannot follow a game that went back; a new one
    // plays a legal move from there.
    let at_start = remote.goto(&[]).unwrap();
    let from_start = bot_move(&mut remote, "casual", 5);
    assert!(
        from_start.bot.serial > first.bot.serial,
        "a new bot after the jump"
    );
    assert!(at_start.moves.iter().any(|m| m.id.0 == from_start.mv));
    let mut fresh = RemoteGame::spawn(exe(), set.game("kalah").unwrap(), None).unwrap();
    assert_same(
        &fresh.start(&options, None, &[from_start.mv]).unwrap(),
        &from_start.snapshot,
    );
}

#[test]
fn a_cancelled_bot_move_answers_cancelled_and_leaves_the_game_unchanged() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let plugin = set.game("kalah").unwrap();
    let mut worker = Worker::spawn(exe()).unwrap();
    let load = Request::Load {
        copy: plugin.meta().copy.clone(),
        tables_dir: None,
        language: String::new(),
        data: None,
    };
    worker.call(load, Duration::from_secs(10)).unwrap();
    let options = Options::defaults(&plugin.manifest().options);
    let start = Request::Start {
        options: options.clone(),
        position: None,
        moves: vec![],
        language: String::new(),
    };
    let Reply::Position { snapshot, .. } = worker.call(start, Duration::from_secs(10)).unwrap()
    else {
        panic!("not a position")
    };
    // A search far longer than the test: two million simulations.
    let bot = Request::BotMove {
        name: "mcts:2000000".into(),
        seed: 1,
    };
    let id = worker.send(bot, Duration::from_secs(300)).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    worker.cancel(id);
    let answer = loop {
        if let Poll::Ready(answer) = worker.wait(id, Duration::from_secs(5)) {
            break answer.unwrap();
        }
    };
    assert!(matches!(answer, Reply::Cancelled), "{answer:?}");
    // The game is where it was: its first move plays from the start.
    let mv = snapshot.moves[0].id.0;
    let Reply::Played {
        snapshot: after, ..
    } = worker
        .call(Request::Play { mv }, Duration::from_secs(10))
        .unwrap()
    else {
        panic!("not a move played")
    };
    let mut fresh = RemoteGame::spawn(exe(), plugin, None).unwrap();
    assert_same(&fresh.start(&options, None, &[mv]).unwrap(), &after);
}

#[test]
fn mcts_told_the_moves_reuses_its_tree() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let plugin = set.game("kalah").unwrap();
    let mut game = plugin
        .new_game(&Options::defaults(&plugin.manifest().options))
        .unwrap();
    let config = MctsConfig {
        iterations: Some(3000),
        ..MctsConfig::following(&plugin.manifest().search)
    };
    // Two bots choose at the start; only the first is told the moves that follow.
    let (mut told, mut untold) = (MctsBot::new("mcts", config), MctsBot::new("mcts", config));
    let seat = |g: &tavola::plugins::GameHandle| match g.turn().unwrap() {
        Turn::Seat { seat } => seat,
        other => panic!("{other:?}"),
    };
    let mv = told.choose(&game, 0, &mut Rng::with_seed(9)).unwrap();
    untold.choose(&game, 0, &mut Rng::with_seed(9)).unwrap();
    // Its move and the replies, told as `tavola play` and the worker tell them, until
    // South is to move again at least three actions later (deeper than a grandchild,
    // where a bot not told cannot find the position in its tree).
    let mut played = vec![mv];
    let mut next = mv;
    loop {
        let before = game.clone();
        game.apply(next).unwrap();
        told.observe(&before, next);
        if seat(&game) == 0 && played.len() >= 3 {
            break;
        }
        next = game.legal_moves().unwrap()[0];
        played.push(next);
    }
    let visits = |bot: &MctsBot| -> u64 {
        let last = bot.last.as_ref().unwrap();
        assert_eq!(last.simulations, 3000);
        last.stats.iter().map(|s| u64::from(s.1)).sum()
    };
    told.choose(&game, 0, &mut Rng::with_seed(10)).unwrap();
    untold.choose(&game, 0, &mut Rng::with_seed(10)).unwrap();
    assert!(
        visits(&told) > 3000,
        "the told bot's tree kept the visits below {played:?}: {}",
        visits(&told)
    );
    assert!(visits(&untold) <= 3000, "a bot not told starts afresh");
}

#[test]
fn a_bot_move_played_before_its_cancel_arrived_is_undone_by_the_reset_the_app_sends() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let (mut remote, options, start) = small_kalah(&set);
    // A quick bot: its move is played in the worker long before the cancel comes.
    let id = remote.start_bot_move("random", 1).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    remote.cancel(id);
    remote.reset_to(&[]).unwrap();
    // The app's record has no move: the worker's game is back at the start.
    let mv = start.moves[1].id.0;
    let (_, after) = remote.play(mv).unwrap();
    let mut fresh = RemoteGame::spawn(exe(), set.game("kalah").unwrap(), None).unwrap();
    assert_same(&fresh.start(&options, None, &[mv]).unwrap(), &after);
}

/// The answer to `id`, waited for.
fn answer_to(remote: &mut RemoteGame, id: u64) -> Reply {
    loop {
        if let Poll::Ready(answer) = remote.wait(id, Duration::from_secs(1)) {
            return answer.unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn a_preview_tells_a_moves_effects_and_leaves_the_game_where_it_was() {
    let dir = plugins_of(&["kalah"]);
    let set = plugin_set(dir.path());
    let (mut remote, _, start) = small_kalah(&set);
    for info in &start.moves {
        let id = remote.start_preview(info.id.0).unwrap();
        let (mv, previewed) = RemoteGame::previewed(answer_to(&mut remote, id)).unwrap();
        assert_eq!(mv, info.id.0);
        // The game has not moved: a jump to the start finds the same position, and the
        // move played now has the effects previewed.
        let (effects, _) = remote.play(info.id.0).unwrap();
        assert_eq!(effects, previewed, "move {}", info.notation);
        assert_same(&remote.goto(&[]).unwrap(), &start);
    }
}
