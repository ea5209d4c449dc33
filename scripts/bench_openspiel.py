#!/usr/bin/env python3
"""Side-by-side MCTS speed: Tavola against OpenSpiel 2.0.2's C++ MCTS.

OpenSpiel: pyspiel.MCTSBot with RandomRolloutEvaluator(1), uct_c = 2, from the start
position of "mancala" (Kalah, 6 houses of 4) and "oware"; one search of N simulations,
timed. Tavola: `tavola bench GAME --simulations N --json`: searches of the same N
simulations from a fresh tree for S seconds, one thread, through the plugin boundary.
The two are measured in turn, `--repeats` times each, and each side's best is kept, so
that a busy moment of the machine does not fall on one side only.

Usage: scripts/bench_openspiel.py [--simulations N] [--seconds S]
Needs: pip install open_spiel==2.0.2, and a release build (cargo build --release).
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def openspiel_rate(name, simulations, r):
    import pyspiel

    game = pyspiel.load_game(name)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 1234 + r)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, 42 + r, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return simulations / (time.perf_counter() - start)


def tavola_rate(game, simulations, seconds):
    plugins = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"), "release")
    exe = os.path.join(plugins, "tavola")
    out = subprocess.run(
        [exe, "--no-default-plugins", "--plugins", plugins, "bench", game,
         "--simulations", str(simulations), "--seconds", str(seconds), "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    row = json.loads(out)[0]
    return row["mcts_sims_per_sec_1_thread"], row["mcts_sims_per_sec_all_threads"], row["threads"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--simulations", type=int, default=20000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install open_spiel==2.0.2")
    print(f"{'game':<8} {'OpenSpiel sims/s':>18} {'Tavola sims/s (1t)':>20} {'ratio':>7} {'Tavola (all threads)':>22}")
    for tavola_game, spiel_game in [("kalah", "mancala"), ("oware", "oware")]:
        spiel, one, all_threads, threads = 0.0, 0.0, 0.0, 1
        for r in range(args.repeats):
            spiel = max(spiel, openspiel_rate(spiel_game, args.simulations, r))
            t_one, t_all, threads = tavola_rate(tavola_game, args.simulations, args.seconds)
            one, all_threads = max(one, t_one), max(all_threads, t_all)
        print(f"{tavola_game:<8} {spiel:>18.0f} {one:>20.0f} {one / spiel:>6.2f}x {all_threads:>15.0f} ({threads}t)")


if __name__ == "__main__":
    main()
