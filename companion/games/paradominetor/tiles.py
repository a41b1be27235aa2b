"""Paradominetor's tiles: five colours, three timeframes, a black 0 per set; how players write them."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...i18n import Listed, Msg, term
from ..base import IllegalMove

COLOURS = ("red", "blue", "green", "yellow", "purple")
TIMEFRAMES = ("past", "present", "future")  # strongest first when a paradox is scored
VALUES = {"past": range(1, 5), "present": range(1, 6), "future": range(2, 7)}
TRICKS = 15
BLACK = "black"


@dataclass(frozen=True, order=True)
class Tile:
    colour: str
    value: int
    timeframe: str | None = None  # None: the back has not been read

    @property
    def face(self) -> str:
        return f"{self.colour}-{self.value}"

    def __str__(self) -> str:
        if self.colour == BLACK:
            return "black-0"
        return self.face if self.timeframe is None else f"{self.face}-{self.timeframe}"

    def words(self) -> str:
        if self.colour == BLACK:
            return Msg("black 0")
        return Msg("{colour} {value}", colour=term(self.colour), value=self.value)


_TILE = re.compile(r"^([a-z]+)-(\d+)(?:-([a-z]+))?$")


class NoSuchTile(IllegalMove):
    """A well-formed tile that is not in any set: "red-6-past does not exist: ..."."""

    def __init__(self, text: str, reason: str):
        super().__init__(Msg("{tile} does not exist: {reason}", tile=text, reason=reason))
        self.reason = reason


def parse_tile(text) -> Tile:
    """'red-3-past', 'red-3' (face only) or 'black-0'. Says what is wrong in a player's words."""
    if not isinstance(text, str) or not _TILE.match(text.strip().lower()):
        raise IllegalMove(Msg("{tile!r} is not a tile; tiles look like red-3-past, red-3 or black-0", tile=text))
    colour, value, timeframe = _TILE.match(text.strip().lower()).groups()
    value = int(value)
    if colour == BLACK:
        if value != 0 or timeframe not in (None, "past"):
            raise NoSuchTile(text, Msg("the only black tile is black-0 (past)"))
        return Tile(BLACK, 0, "past")
    if colour not in COLOURS:
        raise NoSuchTile(text, Msg("there is no {colour} in Paradominetor", colour=colour))
    if timeframe is not None and timeframe not in TIMEFRAMES:
        raise NoSuchTile(text, Msg("a timeframe is past, present or future"))
    tile = Tile(colour, value, timeframe)
    if not timeframes_of(colour, value):
        raise NoSuchTile(text, Msg("{colour} tiles run from 1 to 6", colour=term(colour)))
    if timeframe is not None and value not in VALUES[timeframe]:
        raise NoSuchTile(text, _exists_as(colour, value))
    return tile


def timeframes_of(colour: str, value: int) -> tuple[str, ...]:
    if colour == BLACK:
        return ("past",) if value == 0 else ()
    return tuple(tf for tf in TIMEFRAMES if value in VALUES[tf])


def _exists_as(colour: str, value: int) -> str:
    tfs = timeframes_of(colour, value)
    return Msg("{colour}-{value} exists only as {timeframes}", colour=colour, value=value,
               timeframes=Listed([term(t) for t in tfs], sep=" and "))


def tile_set(colours) -> list[Tile]:
    """Every tile in play: one set per colour, plus one black 0 per set."""
    tiles = [Tile(c, v, tf) for c in colours for tf in TIMEFRAMES for v in VALUES[tf]]
    return tiles + [Tile(BLACK, 0, "past")] * len(colours)
