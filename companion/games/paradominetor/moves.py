"""Paradominetor's moves (what players do) and events (what the table hears), as plain dataclasses."""
from __future__ import annotations

from dataclasses import dataclass

from ..base import Event, from_dict, to_dict
from .tiles import Tile, parse_tile


@dataclass(frozen=True)
class Pass:
    """Dealt games only: the three tiles (one per timeframe) a seat passes on before play."""
    seat: int
    tiles: tuple


@dataclass(frozen=True)
class Play:
    """A tile put into the trick. `declare` names the colour of a black tile that leads."""
    seat: int
    tile: str
    declare: str | None = None


@dataclass(frozen=True)
class Reveal:
    """The back of a paradox tile, read once the paradox players flip their tiles."""
    seat: int
    timeframe: str


MOVES = (Pass, Play, Reveal)


def move_from_dict(data: dict):
    return from_dict(MOVES, data)


move_to_dict = to_dict


@dataclass(frozen=True)
class TilesPassed(Event):
    right: bool

    def text(self):
        return f"Tiles passed to the {'right' if self.right else 'left'}; the first lead may play"


@dataclass(frozen=True)
class TilePlayed(Event):
    seat: int
    name: str
    tile: str  # the face only: a timeframe stays hidden until the tile is flipped
    declare: str | None

    def text(self):
        words = Tile(*_face_parts(self.tile)).words()
        return f"{self.name} played {words}" + (f", declared {self.declare}" if self.declare else "")


@dataclass(frozen=True)
class RevokeFound(Event):
    seat: int
    name: str
    trick: int
    colour: str
    earlier_trick: int

    def text(self):
        return (f"Revoke: {self.name} played {self.colour} in trick {self.trick} "
                f"but did not follow {self.colour} in trick {self.earlier_trick}")


@dataclass(frozen=True)
class FlipRequested(Event):
    seats: tuple
    names: tuple
    paradox: str

    def text(self):
        return f"Paradox {self.paradox}: {', '.join(self.names)} flip your tiles"


@dataclass(frozen=True)
class TileFlipped(Event):
    seat: int
    name: str
    tile: str

    def text(self):
        t = parse_tile(self.tile)
        return f"{self.name}'s {t.words()} is {t.timeframe}"


@dataclass(frozen=True)
class TrickWon(Event):
    number: int
    winners: tuple
    points: tuple  # ((seat, points), ...)
    paradox: str | None
    next_lead: int
    reason: str

    def text(self):
        return self.reason


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple
    names: tuple

    def text(self):
        if len(self.winners) == 1:
            return f"{self.names[0]} wins the game"
        return f"Shared victory: {', '.join(self.names)}"


def _face_parts(face: str):
    colour, value = face.split("-")[:2]
    return colour, int(value)
