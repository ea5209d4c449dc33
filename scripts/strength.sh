#!/usr/bin/env bash
# The strength targets of the engines, as seeded match series (release build):
# MCTS Strong against random and greedy over 200 games of every two-seat game (Zaroc's
# take about half an hour each on two cores), and
# alpha-beta Expert against MCTS Strong at Kalah and Oware.
# Usage: scripts/strength.sh [GAMES] [EXPERT_GAMES]   (defaults 200 and 40)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-200}"
expert_games="${2:-40}"
cargo build --release --workspace --exclude 'fixture-*' >/dev/null
t() { ./target/release/tavola --no-default-plugins --plugins target/release "$@"; }
for game in kalah oware congkak o-an-quan togyz-kumalak bite-the-pumpkin zaroc stork-migration; do
  t match "$game" strong random --games "$games" --seed 1
  t match "$game" strong greedy --games "$games" --seed 1
done
for game in kalah oware; do
  t match "$game" expert strong --games "$expert_games" --seed 1
done
