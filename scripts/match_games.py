"""What `scripts/cycle-endings` and `scripts/match-pairs` share: the game lines of an
`scripts/aalina-match` output, and `tavola engine oware` asked for the state after a list
of moves (with only Oware's plugin, copied from beside the executable)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

# One game of an aalina-match output: number, opening, Tavola's side, the two scores,
# Tavola's result, the number of moves, the moves.
GAME = re.compile(
    r"game\s+(\d+)/\d+\s+opening (\S+)\s+Tavola (South|North)\s+(\d+)-(\d+) Tavola (\w+)"
    r"\s+(\d+) moves.*\[(.*)\]"
)


def tavola_base(tavola: str) -> list[str]:
    """The command line of `tavola` with only the Oware plugin beside it loaded."""
    lib = Path(tavola).resolve().parent / "liboware.so"
    if not lib.exists():
        raise SystemExit(f"{lib} not found: cargo build --release -p tavola -p oware")
    folder = Path(tempfile.mkdtemp(prefix="tavola-oware-"))
    shutil.copyfile(lib, folder / lib.name)
    return [tavola, "--no-default-plugins", "--plugins", str(folder)]


class Engine:
    """`tavola engine oware`, asked for the state after a list of moves."""

    def __init__(self, base: list[str]):
        self.proc = subprocess.Popen(base + ["engine", "oware"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def state(self, moves: list[str]) -> dict:
        start = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        self.proc.stdin.write(start + "\nstate\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("tavola engine ended")
            if line.startswith("state "):
                return json.loads(line[6:])
