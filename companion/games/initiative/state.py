"""Paradox Initiative's state and what every part of the rules shares: the numbers of the
game, the state as one immutable value (a JSON text: `apply` thaws a copy, the phase modules
change it, and it is frozen again), the words said, a seat's board, the worlds and the glitch."""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..base import IllegalMove
from ...i18n import Msg, from_plain, plain

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
    """Words said to the table, kept in the JSON state as their message and parameters."""
    s["said"].append(plain(words))


def said(entries) -> list:
    """The words a state keeps, as messages again (a record of an older release: its English)."""
    return [from_plain(e) for e in entries]


def names(s) -> list:
    """The seats' names; the solo game's rival lab in the reader's language."""
    return [Msg("Rival lab") if s["solo"] and i == 1 else n for i, n in enumerate(s["names"])]


def _board_of(s, seat) -> dict:
    if not isinstance(seat, int) or not 0 <= seat < s["players"]:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=seat))
    return s["boards"][seat]


def _locked(b, r, c) -> bool:
    return any(l[0] == r and l[1] == c for l in b["locks"])


def _world(s, world) -> dict:
    if not isinstance(world, int) or not 1 <= world <= WORLDS:
        raise IllegalMove(Msg("the worlds are numbered 1-{last}", last=WORLDS))
    return s["worlds"][world - 1]


def _glitch(s, n, damage):
    s["glitch"] = (s["glitch"] - 1 + n) % WORLDS + 1
    w = s["worlds"][s["glitch"] - 1]
    if not damage:
        _say(s, Msg("The glitch moves {spaces} to world {world}.", spaces=n, world=s["glitch"]))
    elif w["locked"]:
        w["locked"] = False
        _say(s, Msg("The glitch moves {spaces} to world {world}: its lock is lifted.", spaces=n, world=s["glitch"]))
    elif w["stable"]:
        w["stable"] = False
        _say(s, Msg("The glitch moves {spaces} to world {world}: it fractures.", spaces=n, world=s["glitch"]))
    else:
        _say(s, Msg("The glitch moves {spaces} to world {world}, already fractured.", spaces=n, world=s["glitch"]))
