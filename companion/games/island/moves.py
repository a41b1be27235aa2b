"""Moves (what a player declares) and the one event: words said aloud at the table.

Every field is a string, number, bool or a tuple of strings, so a move survives JSON as it is.
Seat 0 is the OP; OP moves default to it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...i18n import Msg, term
from ..base import Event, from_dict, to_dict


# ---------------------------------------------------------------- setting up (the OP)

@dataclass(frozen=True)
class BuildIsland:
    """The OP lays out the 17 tiles: each placement is '<tile> <space> <turns>'."""
    placements: tuple
    seat: int = 0


@dataclass(frozen=True)
class RandomIsland:
    """The OP asks for a random legal island (drawn from the game's seed)."""
    seat: int = 0


@dataclass(frozen=True)
class LayTile:
    """The OP lays one physical tile: its first half on `space`, turned clockwise `turns` times by
    60 degrees. The island is built when all 17 are laid."""
    tile: str
    space: str
    turns: int = 0
    seat: int = 0


@dataclass(frozen=True)
class LiftTile:
    """The OP takes a laid tile back off the island while building it."""
    tile: str
    seat: int = 0


@dataclass(frozen=True)
class PrintSpace:
    """Where the group's tiles differ from the catalog: half 1 or 2 of a two-space tile is `kind`
    (fruit, camp, oracle, mirage, knot, portal, anomaly) with its `value` (which fruit, camp,
    vision, knot or portal number), and a knot's three `arrows` ("NW-SW", ...). Kept for the next
    game."""
    tile: str
    half: int
    kind: str
    value: str = ""
    arrows: tuple = ()
    seat: int = 0


@dataclass(frozen=True)
class PlaceOpPieces:
    """The Wave on an ocean part, the Rock on an anomaly space, the Bush on a fruit space."""
    wave: str
    rock: str
    bush: str
    seat: int = 0


@dataclass(frozen=True)
class ChooseStartingFruit:
    """A captive names the fruit their piece starts on (Hempel also names the bonus for it)."""
    seat: int
    fruit: str
    piece: str | None = None
    bonus: str | None = None


# ---------------------------------------------------------------- a captive's turn

@dataclass(frozen=True)
class Move:
    """'I'm moving <direction> (a space over) safely/unsafely.' Schrodie's `over` is 2 spaces over."""
    seat: int
    direction: str
    over: bool = False
    safe: bool = False
    piece: str | None = None


@dataclass(frozen=True)
class Rest:
    """Restore up to two energy points (one action)."""
    seat: int
    piece: str | None = None


@dataclass(frozen=True)
class UseBonus:
    """Cross out a circled fruit to use its bonus (a free action).

    `direction` for Phil's look along a line; `target` names a fruit (move to it, replenish it)
    or an OP piece (Phil calls it off).
    """
    seat: int
    fruit: str
    piece: str | None = None
    direction: str | None = None
    target: str | None = None


@dataclass(frozen=True)
class UseExtraBonus:
    """Theseus crosses out a circled additional-bonus square (numbered from 1, left to right)."""
    seat: int
    square: int


@dataclass(frozen=True)
class EndTurn:
    """The player is done; the next player's turn begins."""
    seat: int


@dataclass(frozen=True)
class WriteNote:
    """A captive writes on (or, with empty text, wipes) their own map: a space ("C3"), an ocean
    part ("north", to mark the Wave) or the free notes area ("notes")."""
    seat: int
    space: str
    text: str


@dataclass(frozen=True)
class Choose:
    """Answer the decision pending for this seat with one of its listed options."""
    seat: int
    option: str


# ---------------------------------------------------------------- the OP's actions

@dataclass(frozen=True)
class WaveMove:
    """Move the Wave to another part of the ocean."""
    part: str
    seat: int = 0


@dataclass(frozen=True)
class WaveAttack:
    """The Wave attacks a captive piece beside its part of the ocean."""
    target: str
    seat: int = 0


@dataclass(frozen=True)
class BushAction:
    """The Bush moves one space and attacks the captives there.

    `activate` sends it through a portal or Escher knot it lands on; `start` names the lake space
    it leaves from when it is in a lake; `through` names the portal it comes out of when the
    Hurricane token is in force (the anomaly, with Anomaly Portals, and `then` the direction of
    the extra movement from it). Under Lithophytes the Bush may also push, like the Rock.
    """
    direction: str | None = None
    activate: bool = False
    start: str | None = None
    through: str | None = None
    then: str | None = None
    push: str | None = None
    push_direction: str | None = None
    push_first: bool = False
    seat: int = 0


@dataclass(frozen=True)
class RockAction:
    """The Rock moves one space and/or pushes an adjacent captive, in either order (fields as for
    the Bush). Under Lithophytes it also moves and attacks like the Bush."""
    direction: str | None = None
    push: str | None = None
    push_direction: str | None = None
    push_first: bool = False
    activate: bool = False
    start: str | None = None
    through: str | None = None
    then: str | None = None
    seat: int = 0


# ---------------------------------------------------------------- the OP's hand (corrections)

@dataclass(frozen=True)
class Correct:
    """The OP applies by hand what the rules cannot foresee (a power token known only from the box,
    a house rule): `what` is place (a `piece`, captive or Wave/Rock/Bush, to a `space` or ocean
    part), health or energy (a captive `piece` to the number in `value`), fruit (on the board of
    `piece`'s captive: `fruit` to `value` circled | crossed | "" rubbed out) or mark (on that
    captive's map: `space` gets the text `value`; "" rubs it out). `words` is what the OP says
    aloud instead of the default, which never tells where a piece is."""
    what: str
    piece: str = ""
    space: str = ""
    value: str = ""
    fruit: str = ""
    words: str = ""
    seat: int = 0


MOVES = (BuildIsland, RandomIsland, LayTile, LiftTile, PrintSpace, PlaceOpPieces, ChooseStartingFruit,
         Move, Rest, UseBonus, UseExtraBonus, EndTurn, WriteNote, Choose, WaveMove, WaveAttack,
         BushAction, RockAction, Correct)


def move_from_dict(data: dict):
    return from_dict(MOVES, data)


move_to_dict = to_dict


@dataclass(frozen=True)
class Said(Event):
    """Words said aloud at the table: a captive's declaration or the OP's announcement."""
    speaker: str
    words: str

    def text(self) -> str:
        return Msg("{speaker}: {words}", speaker=term(self.speaker), words=self.words)
