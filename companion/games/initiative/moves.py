"""Paradox Initiative's moves and events. Cells are (row, column) from the top-left; an anomaly
particle is "anomaly:N", N from 0."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import Event, from_dict, to_dict


@dataclass(frozen=True)
class Draw:
    """Chance: the particle drawn from the bag (dealing, the anomaly, a refill, the rival lab)."""
    seat: int
    particle: str


@dataclass(frozen=True)
class Draft:
    seat: int
    card: str


@dataclass(frozen=True)
class Teach:
    """The drafting player enters a card the catalog does not know: its cost (nexus: position)."""
    seat: int
    card: str
    cost: tuple = ()
    at: Any = None


@dataclass(frozen=True)
class Switch:
    """Activate a trigger switch (a wormhole action, or a future experiment's reward)."""
    seat: int
    colour: str


@dataclass(frozen=True)
class Build:
    """Build a tech module: draw two."""
    seat: int


@dataclass(frozen=True)
class Keep:
    """Of the two tech modules drawn, the one kept face up (the other goes under the deck)."""
    seat: int
    module: str


@dataclass(frozen=True)
class Swap:
    seat: int
    a: Any
    b: Any


@dataclass(frozen=True)
class Resolve:
    """Spend a matrix action on a run a drop or refill made, through the cell `at`."""
    seat: int
    at: Any


@dataclass(frozen=True)
class Place:
    """An earned particle (or "ally-<colour>", an alliance token) on a card on the console."""
    seat: int
    card: str
    particle: str


@dataclass(frozen=True)
class Stabilise:
    """A black or white particle repairs a fractured world; `card` names the experiment whose
    planet symbol this saves."""
    seat: int
    world: int
    particle: str
    card: str | None = None


@dataclass(frozen=True)
class Lock:
    seat: int
    world: int
    particle: str
    card: str | None = None


@dataclass(frozen=True)
class Ally:
    """Spend a particle of a colour to take that colour's alliance token, or break another's."""
    seat: int
    colour: str
    particle: str


@dataclass(frozen=True)
class Purple:
    """All three switches off for a purple particle, spent at once on a card or a world."""
    seat: int
    card: str | None = None
    world: int | None = None


@dataclass(frozen=True)
class Tech:
    """Use a tech module: destroy (column), diagonal, swap (a, b), rewind (card), glitch
    (spaces), paradox (card, particle, to_card), shift (row), search (card)."""
    seat: int
    module: str
    column: int | None = None
    row: int | None = None
    a: Any = None
    b: Any = None
    card: str | None = None
    to_card: str | None = None
    particle: str | None = None
    spaces: int | None = None


@dataclass(frozen=True)
class RivalTake:
    """Solo: the card of the alternate wormhole the player gives the rival lab."""
    seat: int
    card: str


@dataclass(frozen=True)
class EndTurn:
    seat: int


@dataclass(frozen=True)
class Discard:
    """At the end: the card of a fractured world the player gives up from their score pile."""
    seat: int
    card: str


MOVES = (Draw, Draft, Teach, Switch, Build, Keep, Swap, Resolve, Place, Stabilise, Lock, Ally,
         Purple, Tech, RivalTake, EndTurn, Discard)


def move_from_dict(data: dict):
    return from_dict(MOVES, data)


move_to_dict = to_dict


@dataclass(frozen=True)
class Said(Event):
    words: str

    def text(self) -> str:
        return self.words
