#!/usr/bin/env bash
# Renders each game's board in the real app under Xvfb into docs/screenshots/.
#
# Needs: xvfb, imagemagick (import), and the app's GL libraries; on Debian:
#   apt-get install xvfb imagemagick libgl1-mesa-dri libegl1 libxkbcommon-x11-0 libxcursor1 libxi6
# Usage: scripts/screenshots.sh [release|debug]
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${1:-release}"
if [ "$profile" = release ]; then cargo build --release --workspace --exclude 'fixture-*'; else cargo build --workspace --exclude 'fixture-*'; fi
bin="target/$profile/tavola"
plugins="target/$profile"
out="docs/screenshots"
mkdir -p "$out"

display=":97"
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

shoot() { # name, then the arguments of `tavola open`
  local name="$1"; shift
  HOME="$(mktemp -d)" DISPLAY="$display" "$bin" --no-default-plugins --plugins "$plugins" open "$@" >/dev/null 2>&1 &
  local app=$!
  sleep 4
  DISPLAY="$display" import -window root -crop 1180x760+0+0 "$out/$name.png"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  echo "$out/$name.png"
}

shoot kalah kalah --random-moves 7 --seed 3
shoot oware oware --random-moves 9 --seed 4
shoot hawalis hawalis --random-moves 9 --seed 4
shoot congkak congkak --random-moves 3 --seed 5
shoot o-an-quan o-an-quan --random-moves 6 --seed 6
shoot togyz-kumalak togyz-kumalak --random-moves 8 --seed 7
shoot zaroc zaroc --random-moves 9 --seed 2
shoot stork-migration stork-migration --random-moves 40 --seed 3
shoot bite-the-pumpkin bite-the-pumpkin --random-moves 12 --seed 5
