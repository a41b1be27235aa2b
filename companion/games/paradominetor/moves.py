"""Paradominetor's moves (what players do) and events (what the table hears), as plain dataclasses."""
from __future__ import annotations

from dataclasses import dataclass

from ...i18n import Listed, Msg, term
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
        return (Msg("Tiles passed to the right; the first lead may play") if self.right else
                Msg("Tiles passed to the left; the first lead may play"))


@dataclass(frozen=True)
class TilePlayed(Event):
    seat: int
    name: str
    tile: str  # the face only: a timeframe stays hidden until the tile is flipped
    declare: str | None

    def text(self):
        words = Tile(*_face_parts(self.tile)).words()
        if self.declare:
            return Msg("{name} played {tile}, declared {colour}", name=self.name, tile=words,
                       colour=term(self.declare))
        return Msg("{name} played {tile}", name=self.name, tile=words)


@dataclass(frozen=True)
class RevokeFound(Event):
    seat: int
    name: str
    trick: int
    colour: str
    earlier_trick: int

    def text(self):
        return Msg("Revoke: {name} played {colour} in trick {trick} but did not follow {colour} in "
                   "trick {earlier}", name=self.name, colour=term(self.colour), trick=self.trick,
                   earlier=self.earlier_trick)


@dataclass(frozen=True)
class FlipRequested(Event):
    seats: tuple
    names: tuple
    paradox: str

    def text(self):
        colour, value = self.paradox.split()  # "red 3"
        return Msg("Paradox {tile}: {names} flip your tiles", tile=Msg("{colour} {value}", colour=term(colour),
                                                                       value=value),
                   names=Listed(self.names, sep=", "))


@dataclass(frozen=True)
class TileFlipped(Event):
    seat: int
    name: str
    tile: str

    def text(self):
        t = parse_tile(self.tile)
        return Msg("{name}'s {tile} is {timeframe}", name=self.name, tile=t.words(), timeframe=term(t.timeframe))


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
            return Msg("{name} wins the game", name=self.names[0])
        return Msg("Shared victory: {names}", names=Listed(self.names, sep=", "))


def _face_parts(face: str):
    colour, value = face.split("-")[:2]
    return colour, int(value)
