"""Domino Dynasty's moves and events: plain frozen values (records carry them as JSON).

Cells are (x, y) pairs; a half is "terrain/icon/paths" as it lies (Half.text), a market domino
"half|half" as drawn, first half to the west.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import Event, from_dict, to_dict


def _cells(value):
    try:
        return tuple(tuple(c) if isinstance(c, (list, tuple)) else c for c in value)
    except TypeError:
        return value


def _halves(value):
    from .maps import Half
    if isinstance(value, (list, tuple)):
        return tuple(Half.parse(h).text() if isinstance(h, dict) else h for h in value)
    return value


@dataclass(frozen=True)
class Start:
    """A starting domino laid: on the shared map (`role` names whose) or a seat's personal map."""
    seat: int
    map: str
    cells: tuple[tuple[int, int], ...]
    role: str = ""

    def __post_init__(self):
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Market:
    """The dominoes drawn into the market this round, as drawn (none: the deck is empty)."""
    seat: int
    dominoes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mission:
    """The mission domino a seat drew: requirements "ROLE NUMBER [SCALAR]", a reward or a
    penalty, and whether it shows the secret eye."""
    seat: int
    needs: tuple[str, ...]
    reward: str = ""
    penalty: str = ""
    secret: bool = False


@dataclass(frozen=True)
class Happening:
    """The round's event domino (Proximity Papa)."""
    seat: int
    event: str


@dataclass(frozen=True)
class Place:
    """A domino laid on a map, halves as they lie on `cells`; `power` uses the role's power."""
    seat: int
    map: str
    cells: tuple[tuple[int, int], ...]
    halves: tuple[str | dict, ...]
    power: bool = False

    def __post_init__(self):
        object.__setattr__(self, "cells", _cells(self.cells))
        object.__setattr__(self, "halves", _halves(self.halves))


@dataclass(frozen=True)
class Pass:
    """Placing nothing: no market domino fits anywhere (or a free placement left unused)."""
    seat: int


@dataclass(frozen=True)
class Remove:
    """A domino taken off a map: a penalty, or the Brother of Warfare's power; `owner` names another
    player's own map (Goblin Grandma's reward takes Corrupters off any maps)."""
    seat: int
    map: str
    cell: tuple[int, int]
    owner: int | None = None

    def __post_init__(self):
        object.__setattr__(self, "cell", tuple(self.cell) if isinstance(self.cell, list) else self.cell)


@dataclass(frozen=True)
class Choose:
    """The Sister of Coin's power: of the two missions she drew this round she keeps `mission`
    (its number) and puts the other back."""
    seat: int
    mission: int


@dataclass(frozen=True)
class Shift:
    """The Sibling of Space's power: the domino on `cell` moved or turned to lie on `cells` as
    `halves`, on the same map."""
    seat: int
    map: str
    cell: tuple[int, int]
    cells: tuple[tuple[int, int], ...]
    halves: tuple[str | dict, ...]

    def __post_init__(self):
        object.__setattr__(self, "cell", tuple(self.cell) if isinstance(self.cell, list) else self.cell)
        object.__setattr__(self, "cells", _cells(self.cells))
        object.__setattr__(self, "halves", _halves(self.halves))


@dataclass(frozen=True)
class Take:
    """The Aunt of Goods' power: this turn she takes `count` market dominoes, 2 or 0."""
    seat: int
    count: int


@dataclass(frozen=True)
class Lend:
    """Machine Mama: for this round seat gives `role`'s power ("power") or its icon ("icon") to
    the player at seat `to`."""
    seat: int
    to: int
    role: str
    what: str


@dataclass(frozen=True)
class Ignore:
    """Good Times: seat's mission of this round ignores its requirement number `need` (from 0);
    `mission` names which when a penalty has the player hold several."""
    seat: int
    need: int
    mission: int | None = None


@dataclass(frozen=True)
class Swap:
    """Seat's mission of this round and the player at seat `to`'s change hands (Political Power,
    the force-mission reward)."""
    seat: int
    to: int


@dataclass(frozen=True)
class Share:
    """At the report, the owner of `role` gives its strength to these missions (their numbers)
    first, when it cannot serve every mission asking for it."""
    seat: int
    role: str
    missions: tuple[int, ...] = ()

    def __post_init__(self):
        ids = self.missions
        if isinstance(ids, (list, tuple)) and all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            object.__setattr__(self, "missions", tuple(sorted(set(ids))))


MOVES = (Start, Market, Mission, Happening, Place, Pass, Remove, Choose, Shift, Take, Lend, Ignore, Swap, Share)


@dataclass(frozen=True)
class Said(Event):
    """What the companion tells the table (never a secret)."""
    words: str

    def text(self) -> str:
        return self.words


def move_from_dict(data: dict):
    return from_dict(MOVES, data)


def move_to_dict(move) -> dict:
    return to_dict(move)
