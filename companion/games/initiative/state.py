"""Paradox Initiative's state and what every part of the rules shares: the numbers of the
game, the state as one immutable value (a JSON text: `apply` thaws a copy, the phase modules
change it, and it is frozen again), the words said, a seat's board, the worlds and the glitch."""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..base import IllegalMove

WORLDS = 15
GLITCH = {"past": 5, "present": 3, "future": 1}
TECH = ("destroy", "diagonal", "swap", "rewind", "glitch", "paradox", "shift", "search")

TECH_TAKES = {"destroy": ("column",), "diagonal": (), "swap": ("a", "b"), "rewind": ("card",),
              "glitch": ("spaces",), "paradox": ("card", "particle", "to_card"),
              "shift": ("row",), "search": ("card",)}
RING = (3, 4, 5, 8, 7, 6)  # the rival pawn's round of the wormhole grid, clockwise (slots 4-9)
PURPLES = 12


@dataclass(frozen=True)
class State:
    blob: str

    def get(self) -> dict:
        return json.loads(self.blob)


def freeze(s: dict) -> State:
    return State(json.dumps(s, sort_keys=True, separators=(",", ":")))


def thaw(state: State) -> dict:
    return json.loads(state.blob)


def _clockwise(s, first, humans=False):
    n = s["players"] if humans else s["seats"]
    return [(first + i) % n for i in range(n)]


def _say(s, words):
    s["said"].append(words)


def _board_of(s, seat) -> dict:
    if not isinstance(seat, int) or not 0 <= seat < s["players"]:
        raise IllegalMove(f"there is no seat {seat} at this table")
    return s["boards"][seat]


def _locked(b, r, c) -> bool:
    return any(l[0] == r and l[1] == c for l in b["locks"])


def _world(s, world) -> dict:
    if not isinstance(world, int) or not 1 <= world <= WORLDS:
        raise IllegalMove(f"the worlds are numbered 1-{WORLDS}")
    return s["worlds"][world - 1]


def _glitch(s, n, damage):
    s["glitch"] = (s["glitch"] - 1 + n) % WORLDS + 1
    w = s["worlds"][s["glitch"] - 1]
    if not damage:
        _say(s, f"The glitch moves {n} to world {s['glitch']}.")
    elif w["locked"]:
        w["locked"] = False
        _say(s, f"The glitch moves {n} to world {s['glitch']}: its lock is lifted.")
    elif w["stable"]:
        w["stable"] = False
        _say(s, f"The glitch moves {n} to world {s['glitch']}: it fractures.")
    else:
        _say(s, f"The glitch moves {n} to world {s['glitch']}, already fractured.")
