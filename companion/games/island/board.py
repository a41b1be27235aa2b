"""The geometry of the island: 37 hexagonal spaces (a hexagon of side 4) in an ocean of 6 parts.

Spaces are pointy-topped hexes in axial coordinates (q, r); the island as a whole is flat-topped,
so its sides face north, north-east, south-east, south, south-west and north-west, and those are
the names of the six ocean parts. A captive moves in one of the six directions NW, NE, E, SE, SW, W.

Spaces are labelled like the map on a captive's board: rows A (north) to G (south), numbered from
the west, e.g. A1..A4, D1..D7, G1..G4.
"""
from __future__ import annotations

from ...i18n import Msg, term

SIDE = 4
RADIUS = SIDE - 1

DIRECTIONS = ("E", "SE", "SW", "W", "NW", "NE")  # clockwise, so turning by 60 degrees is +1
VECTORS = {"E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1), "NE": (1, -1)}
DIRECTION_WORDS = {"E": "east", "SE": "southeast", "SW": "southwest", "W": "west",
                   "NW": "northwest", "NE": "northeast"}


def towards(direction: str) -> Msg:
    """A direction as the players say it ("northwest", 北西)."""
    return term(DIRECTION_WORDS[direction])


# Ocean parts, each along the side of the island where one coordinate is at its limit.
OCEAN_PARTS = ("north", "north-east", "south-east", "south", "south-west", "north-west")
_SIDE_TESTS = {
    "north": lambda q, r: r == -RADIUS,
    "north-east": lambda q, r: q == RADIUS,
    "south-east": lambda q, r: q + r == RADIUS,
    "south": lambda q, r: r == RADIUS,
    "south-west": lambda q, r: q == -RADIUS,
    "north-west": lambda q, r: q + r == -RADIUS,
}


def on_island(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


COORDS = tuple((q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
               if on_island(q, r))


def _label(q: int, r: int) -> str:
    first_q = max(-RADIUS, -RADIUS - r)
    return "ABCDEFG"[r + RADIUS] + str(q - first_q + 1)


LABEL = {c: _label(*c) for c in COORDS}
COORD = {label: c for c, label in LABEL.items()}
SPACES = tuple(LABEL[c] for c in COORDS)  # reading order, north-west to south-east


def turn(direction: str, steps: int) -> str:
    """The direction after turning clockwise by 60 degrees `steps` times."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + steps) % 6]


def opposite(direction: str) -> str:
    return turn(direction, 3)


def rotate(vec: tuple[int, int], steps: int) -> tuple[int, int]:
    q, r = vec
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, r


def step(space: str, direction: str) -> str | None:
    """The neighbouring space in `direction`, or None where that is the ocean."""
    q, r = COORD[space]
    dq, dr = VECTORS[direction]
    return LABEL.get((q + dq, r + dr))


def neighbours(space: str) -> dict[str, str]:
    return {d: n for d in DIRECTIONS if (n := step(space, d)) is not None}


def direction_between(a: str, b: str) -> str | None:
    """The direction from a to an adjacent b, or None if they are not adjacent."""
    for d in DIRECTIONS:
        if step(a, d) == b:
            return d
    return None


def parts_of(space: str) -> tuple[str, ...]:
    """The ocean parts a space is adjacent to: none inside, one on a side, two at a corner."""
    q, r = COORD[space]
    return tuple(p for p in OCEAN_PARTS if _SIDE_TESTS[p](q, r))


def parts_entered(space: str, direction: str) -> tuple[str, ...]:
    """The ocean part(s) a piece enters stepping off `space` in `direction`.

    Stepping straight out of a corner crosses the frame where two parts meet: both count.
    """
    q, r = COORD[space]
    dq, dr = VECTORS[direction]
    nq, nr = q + dq, r + dr
    crossed = {"north": nr < -RADIUS, "north-east": nq > RADIUS, "south-east": nq + nr > RADIUS,
               "south": nr > RADIUS, "south-west": nq < -RADIUS, "north-west": nq + nr < -RADIUS}
    return tuple(p for p in OCEAN_PARTS if crossed[p] and p in parts_of(space))


CORNERS = tuple(s for s in SPACES if len(parts_of(s)) == 2)


def far_side(space: str, direction: str) -> str:
    """Phil's opposite space: the last island space walking back from `space` against `direction`."""
    back = opposite(direction)
    while (nxt := step(space, back)) is not None:
        space = nxt
    return space


def line(space: str, direction: str) -> list[str]:
    """Every space from the adjacent one in `direction` to the one beside the ocean."""
    out = []
    while (space := step(space, direction)) is not None:
        out.append(space)
    return out
