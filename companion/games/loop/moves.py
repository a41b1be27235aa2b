"""Loop's moves and events.

A turn is an `Act` (a new action card from the centre, or the leftmost card of the hand), then,
as the player wishes, `TrashPart`s (after a Trash), one `Launch`, a Future destination's action
(`Future`), and `EndTurn`. A turn with nothing left to choose ends by itself.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import Event, from_dict, to_dict


@dataclass(frozen=True)
class Act:
    """The turn's action. `new` is the card id taken from the centre; None plays the hand's
    leftmost card. The rest are the choices the action needs (none when it cracks)."""
    seat: int
    new: str | None = None
    part: str | None = None          # garage, shop, armory (and anomalies like them); office
    machine: int | None = None       # where the part goes; exchange: the machine giving a part
    give: str | None = None          # exchange: the part returned to its store
    take: str | None = None          # exchange: the part taken
    to_machine: int | None = None    # exchange (when not `machine`), move
    from_machine: int | None = None  # move
    destination: str | None = None   # advertise
    parts: tuple[tuple[int, str], ...] = ()  # trash all at once: ((machine, part), ...)


@dataclass(frozen=True)
class TrashPart:
    """After a Trash action: one more part off an unlaunched machine, back to the supply."""
    seat: int
    machine: int
    part: str


@dataclass(frozen=True)
class Launch:
    seat: int
    machine: int
    destination: str


@dataclass(frozen=True)
class Future:
    """The action written on the Future destination just reached (optional)."""
    seat: int
    part: str | None = None
    machine: int | None = None
    give: str | None = None
    take: str | None = None
    to_machine: int | None = None
    from_machine: int | None = None


@dataclass(frozen=True)
class EndTurn:
    seat: int


MOVES = (Act, TrashPart, Launch, Future, EndTurn)


@dataclass(frozen=True)
class Told(Event):
    """Words for the whole table: a crack, a launch, a scrapped part, the end of a day."""
    words: str

    def text(self) -> str:
        return self.words


def move_from_dict(data: dict):
    """A phone's or a record's move; every field is checked against the type declared above."""
    return from_dict(MOVES, data)


def move_to_dict(move) -> dict:
    return to_dict(move)
