// Runs the author's own simulator of Azzanna la Zucca! (GitHub formikaio/azzanna-la-zucca,
// HEAD 8fed59b: src/game.js with the bots src/pigs/pigs_9.js and src/pumpkins/pumpkins_6.js)
// headless under Node, unchanged, with the browser and Phaser replaced by the smallest
// stand-ins its code touches. Nothing of the author's code is copied here: the script
// loads it from a checkout.
//
//   node author-simulator.mjs CHECKOUT GAMES [SEED] [TRACE_GAMES] [TRACE_FILE] [REPLAY_FILE]
//
// CHECKOUT is a directory holding the repository's `src/` and `libs/underscore.js` (e.g.
// `git archive 8fed59b src libs/underscore.js | tar -x -C CHECKOUT`). The script plays
// GAMES games of the Herd bot against the Farmer bot on autoplay, with Math.random seeded
// by SEED, and prints a JSON summary: the Herd's wins, its win rate with the 95% Wilson
// interval, and the number of wins on each Herd move (the simulator's "round" minus the
// five setup pumpkins). With TRACE_GAMES > 0 it also writes, for the first TRACE_GAMES
// games, every bot decision to TRACE_FILE, one line each:
//   pig   BOARD CANDIDATES          (the squares the Herd bot draws a new pig from)
//   move  BOARD q0,q1,q2,q3 DIRS    (the four scores and the best directions, 0=N 1=S 2=W 3=E)
//   pumpkin BOARD CANDIDATES        (the squares the Farmer bot draws from)
// where BOARD is the 64 squares row by row (0 empty, 1 pig, 3 pumpkin, 5 tree).
// With REPLAY_FILE it also writes, for the same games, what was played, one line each,
// with the board just before it:
//   game N                          (a new game)
//   pig SQUARE BOARD                (a pig placed)
//   pumpkin SQUARE BOARD            (a pumpkin placed)
//   move DIR BOARD ORDER            (a Herd move; ORDER: the pigs' squares in the group's
//                                    order before the move's sort)
//   end PIGS|PUMPKINS BOARD         (the simulator's end, and the board then)

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [checkout, gamesArg, seedArg, traceArg, traceFile, replayFile] = process.argv.slice(2);
if (!checkout || !gamesArg) {
  console.error(
    "usage: node author-simulator.mjs CHECKOUT GAMES [SEED] [TRACE_GAMES] [TRACE_FILE] [REPLAY_FILE]");
  process.exit(2);
}
const games = Number(gamesArg);
const traceGames = Number(traceArg || 0);

// A private copy that Node reads as ES modules, with underscore where `import` finds it.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "azzanna-"));
fs.cpSync(path.join(checkout, "src"), path.join(work, "src"), { recursive: true });
fs.writeFileSync(path.join(work, "package.json"), '{"type":"module"}');
const us = path.join(work, "node_modules", "underscore");
fs.mkdirSync(us, { recursive: true });
fs.copyFileSync(path.join(checkout, "libs", "underscore.js"), path.join(us, "index.js"));
fs.writeFileSync(path.join(us, "package.json"), '{"main":"index.js"}');

// Seeded Math.random (sfc32).
let [a, b, c, d] = [0x9e3779b9, 0x243f6a88, 0xb7e15162, Number(seedArg || 1) >>> 0];
Math.random = () => {
  a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
  const t = (a + b) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  d = (d + 1) | 0;
  const r = (t + d) | 0;
  c = (c + r) | 0;
  return (r >>> 0) / 4294967296;
};
for (let i = 0; i < 32; i++) Math.random();

// The browser and Phaser 2, as far as game.js uses them.
const tweens = [];
class Group {
  constructor() { this.children = []; }
  add(s) { s.parent = this; this.children.push(s); this.updateZ(); return s; }
  remove(s) {
    const i = this.children.indexOf(s);
    if (i >= 0) { this.children.splice(i, 1); this.updateZ(); }
  }
  updateZ() { this.children.forEach((s, i) => { s.z = i; }); }
  get length() { return this.children.length; }
  // Phaser 2.0: the length is read once, as in Group.prototype.forEach.
  forEach(fn, ctx) {
    for (let i = 0, n = this.children.length; i < n; i++) fn.call(ctx, this.children[i]);
  }
  // Phaser 2.0's handlers: ascending ties by z (the current order), descending ties 0.
  sort(key, order) {
    if (this.children.length && this.children[0].key === "pig") onHerdMove(this, key, order);
    if (this.children.length < 2) return;
    this.children.sort(order === -1
      ? (p, q) => (p[key] < q[key] ? -1 : p[key] > q[key] ? 1 : p.z < q.z ? -1 : 1)
      : (p, q) => (p[key] < q[key] ? 1 : p[key] > q[key] ? -1 : 0));
    this.updateZ();
  }
  destroy() { this.children = []; }
}
// What was played, for REPLAY_FILE (filled once the author's code is loaded).
const replay = [];
let board = () => "";
let replaying = () => false;
function onHerdMove(group, key, order) {
  if (!replaying()) return;
  const dir = key === "y" ? (order === -1 ? 0 : 1) : (order === -1 ? 2 : 3);
  replay.push(`move ${dir} ${board()} ${group.children.map((s) => s.pos).join(",")}`);
}
let rKey = null;
let phaserGame = null;
const signal = (onAdd) => ({ add: onAdd || (() => {}) });
globalThis.window = { localStorage: { getItem: () => null, setItem() {} } };
globalThis.document = { body: {} };
globalThis.alert = () => {};
globalThis.Hammer = class { on() {} };
globalThis.Phaser = {
  AUTO: 0,
  Group: { SORT_ASCENDING: -1, SORT_DESCENDING: 1 },
  ScaleManager: { SHOW_ALL: 2 },
  Keyboard: { N: 78, R: 82 },
  Game: class {
    constructor(w, h, renderer, parent, state) {
      this.state = state;
      this.time = { now: 0 };
      this.stage = {};
      this.scale = { setScreenSize() {} };
      this.input = {
        maxPointers: 1,
        keyboard: {
          createCursorKeys: () => ({ up: { onDown: signal() }, down: { onDown: signal() },
            left: { onDown: signal() }, right: { onDown: signal() } }),
          addKey: (code) => ({ onUp: signal((fn) => { if (code === 82) rKey = fn; }) }),
        },
      };
      this.add = {
        image() {},
        button() {},
        text: () => ({ text: "", width: 10, x: 0 }),
        group: () => new Group(),
        sprite: (x, y, key) => ({
          x, y, key, alpha: 1,
          destroy() { if (this.parent) this.parent.remove(this); },
        }),
        tween: (target) => {
          const tw = {
            target, props: {}, done: () => {},
            to(props) { tw.props = props; return tw; },
            start() { tweens.push(tw); return tw; },
            onComplete: { add(fn) { tw.done = fn; } },
          };
          return tw;
        },
      };
      this.load = { image() {} };
      phaserGame = this;
    }
  },
};

// Results and traces, from the simulator's own console lines and the bots' draws.
const wins = {};
let played = 0;
let herdWins = 0;
const realLog = console.log;
console.log = (line) => {
  const m = /^The game is over: (PIGS|PUMPKINS) won(?: on round (\d+))?/.exec(String(line));
  if (!m) return;
  if (replaying()) replay.push(`end ${m[1]} ${board()}`);
  played++;
  if (replaying()) replay.push(`game ${played + 1}`);
  if (m[1] === "PIGS") {
    herdWins++;
    const move = Number(m[2]) - 5;
    wins[move] = (wins[move] || 0) + 1;
  }
};

const src = pathToFileURL(path.join(work, "src")).href;
const _ = (await import(pathToFileURL(path.join(us, "index.js")).href)).default;
const gu = (await import(`${src}/game_utils.js`)).default;
const pigs = (await import(`${src}/pigs/pigs_9.js`)).default;
const pumpkins = (await import(`${src}/pumpkins/pumpkins_6.js`)).default;
await import(`${src}/game.js`);

const trace = [];
let context = null;
board = () => gu.getFieldArray().join("");
replaying = () => Boolean(replayFile) && played < traceGames;
if (replaying()) replay.push("game 1");
for (const [obj, name, kind] of [[pigs, "pigBirthplace", "pig"],
  [pumpkins, "pumpkinBirthplace", "pumpkin"], [pigs, "pigMoves", "move"]]) {
  const original = obj[name];
  obj[name] = function (...args) {
    // The birthplaces draw inside the call; the Herd's move is drawn after it.
    context = { kind, board: board(), quality: null };
    const before = context.board;
    const out = original.apply(this, args);
    if (kind !== "move" && replaying()) replay.push(`${kind} ${out} ${before}`);
    if (kind === "move") context = { kind, board: context.board, quality: out.join(",") };
    return out;
  };
}
const sample = _.sample;
_.sample = function (list, ...rest) {
  if (context && played < traceGames) {
    const q = context.quality ? ` ${context.quality}` : "";
    trace.push(`${context.kind} ${context.board}${q} ${list.join(",")}`);
  }
  context = null;
  return sample.call(this, list, ...rest);
};

// Timers run in order between frames; a frame completes the tweens, then updates.
const timers = [];
globalThis.setTimeout = (fn) => { timers.push(fn); return timers.length; };
globalThis.window.onload();
const state = phaserGame.state;
state.preload();
state.create();
rKey(); // autoplay on
while (played < games) {
  while (timers.length) timers.shift()();
  for (const tw of tweens.splice(0)) { Object.assign(tw.target, tw.props); tw.done(); }
  phaserGame.time.now += 1000;
  state.update();
}

if (traceGames > 0 && traceFile) fs.writeFileSync(traceFile, trace.join("\n") + "\n");
if (traceGames > 0 && replayFile) {
  if (replay.at(-1).startsWith("game ")) replay.pop();
  fs.writeFileSync(replayFile, replay.join("\n") + "\n");
}
const z = 1.96;
const p = herdWins / played;
const centre = (p + z * z / (2 * played)) / (1 + z * z / played);
const half = z * Math.sqrt(p * (1 - p) / played + z * z / (4 * played * played)) / (1 + z * z / played);
realLog(JSON.stringify({
  games: played,
  herd_wins: herdWins,
  win_rate: p,
  interval95: [centre - half, centre + half],
  wins_by_herd_move: wins,
}));
fs.rmSync(work, { recursive: true, force: true });
