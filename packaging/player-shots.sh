#!/usr/bin/env bash
# The package as a player gets it, looked at: installs DEB with apt into a fresh Debian
# root (debootstrap minbase: no Rust, no compiler), starts Tavola from its menu entry with
# `dex` under Xvfb, and takes screenshots into OUT: the chooser (every game and the
# catalogue), the Plugins panel with the player's folder, a variant copied into that
# folder appearing while the app runs, and a game against a bot.
#
# Root only (debootstrap, chroot); this machine's own /usr is never touched. Needs
# debootstrap, Xvfb, imagemagick (import) and xdotool on this machine.
# Usage: packaging/player-shots.sh DEB [ROOT] [OUT]
set -euo pipefail
deb=$(realpath "$1")
root=${2:-/tmp/tavola-player-root}
out=${3:-shots}
mkdir -p "$out"
out=$(realpath "$out")
display=:77

[ -x "$root/usr/bin/apt-get" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian

# A command in the root, with /proc, /dev, /sys and the X socket mounted in a mount
# namespace of its own (gone with the command).
in_root() {
  unshare --mount --propagation private -- sh -c '
    r=$0; shift
    mount -t proc proc "$r/proc" && mount --bind /dev "$r/dev" && mount --bind /sys "$r/sys"
    mkdir -p "$r/tmp/.X11-unix" && mount --bind /tmp/.X11-unix "$r/tmp/.X11-unix"
    exec chroot "$r" "$@"' "$root" "$@"
}
as_player() {
  in_root runuser -u player -- env -i HOME=/home/player DISPLAY=$display LANG=C.UTF-8 \
    PATH=/usr/local/bin:/usr/bin:/bin XDG_DATA_DIRS=/usr/local/share:/usr/share "$@"
}

cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/tavola.deb"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/tavola.deb dex
in_root id player >/dev/null 2>&1 || in_root useradd -m player
echo "Rust in the root: $(in_root sh -c 'command -v cargo rustc || echo none')"

Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
shot() { DISPLAY=$display import -window root "$out/$1.png"; echo "$out/$1.png"; }

# From the menu: the desktop entry's Exec line, launched as a desktop does.
as_player dex /usr/share/applications/org.tavola.Tavola.desktop >"$out/app.log" 2>&1 &
sleep 12
shot 01-chooser-from-menu
DISPLAY=$display xdotool mousemove 600 500 click 5 click 5 click 5 click 5 click 5 click 5
sleep 1
shot 02-chooser-scrolled
DISPLAY=$display xdotool key F2
sleep 2
shot 03-plugins-panel
