"""Small builders for Domino Dynasty tests."""
from __future__ import annotations

from companion.games import dynasty
from companion.games.dynasty.moves import Place
from companion.games.dynasty import power
from companion.games.dynasty.maps import Half, Square

ROLES3 = {"0": "warfare", "1": "infrastructure", "2": "goods"}


def grid(cells: dict) -> dict:
    """{(x, y): "terrain/icon/paths"} as a rules map (each square its own domino number)."""
    return {c: Square(Half.parse(text), i + 100) for i, (c, text) in enumerate(sorted(cells.items()))}


def free(players=3, roles=None, **options):
    """A game with the companion's starting layout and no market: placements as laid."""
    return dynasty.setup({"players": players, "roles": roles or ROLES3, "play": "free", **options}, 0)


def lay(state, seat, where, cells, *halves):
    return dynasty.apply(state, Place(seat, where, cells, halves))[0]


def strengths(state) -> dict:
    return {r: v["strength"] for r, v in power.strengths(state).items()}
