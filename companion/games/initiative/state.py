"""Paradox Initiative's state and what every part of the rules shares: the numbers of the
game, the state as one immutable value (frozen dataclasses of tuples), the words said, a seat's
board, the worlds and the glitch.

A state once made is never changed, so a session can keep it for undo. `apply` thaws a working
copy (`thaw`: the state, each board, console card, world, the rival lab and the fractured world
payments as their working twins, the same typed fields open to change, tuples as lists, the bag,
switches, alliances and cards as dicts), the phase modules change it, and it is frozen again
(`freeze`). What only reads (views, the scores, the legal moves, the camera's referee) reads
the frozen state itself: its maps are `Frozen`, read as dicts, so the same code reads both.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, make_dataclass

from ..base import IllegalMove
from ...i18n import Msg, from_plain, plain
from .catalog import Card, Goal

WORLDS = 15
GLITCH = {"past": 5, "present": 3, "future": 1}
TECH = ("destroy", "diagonal", "swap", "rewind", "glitch", "paradox", "shift", "search")

TECH_TAKES = {"destroy": ("column",), "diagonal": (), "swap": ("a", "b"), "rewind": ("card",),
              "glitch": ("spaces",), "paradox": ("card", "particle", "to_card"),
              "shift": ("row",), "search": ("card",)}
RING = (3, 4, 5, 8, 7, 6)  # the rival pawn's round of the wormhole grid, clockwise (slots 4-9)
PURPLES = 12


class Frozen(Mapping):
    """An immutable map (the bag, a seat's switches, the alliances, the cards), read as a dict."""
    __slots__ = ("_d",)

    def __init__(self, pairs=()):
        self._d = dict(pairs)

    def __getitem__(self, key):
        return self._d[key]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __hash__(self):
        return hash(tuple(self._d.items()))

    def __repr__(self):
        return f"Frozen({self._d!r})"


# How a field is thawed for the rules to change and frozen again: a value kept as it is (a
# number, a text, a tuple of texts never changed in place, a frozen card or wait), a list, a
# grid (a list of lists), a map, one part or a list of parts (thawed field by field).
def _list(default=()):
    return field(default=default, metadata={"work": "list"})


def _grid(default=()):
    return field(default=default, metadata={"work": "grid"})


def _map():
    return field(default=Frozen(), metadata={"work": "map"})


def _part():
    return field(default=None, metadata={"work": "part"})


def _parts(default=()):
    return field(default=default, metadata={"work": "parts"})


@dataclass(frozen=True)
class Placed:
    """A particle on a console card: the requirement it fills (its index in the cost) and the
    particle ("R1", "purple" or an alliance token "ally-red")."""
    i: int
    p: str


@dataclass(frozen=True)
class Entry:
    """A card on a seat's paradox console: its space, the particles placed, planets saved."""
    card: str
    space: int
    placed: tuple[Placed, ...] = _list()
    saved: int = 0


@dataclass(frozen=True)
class Board:
    """A seat's player board: its matrix (5 rows, top row first, a particle or None), the locked
    cells (row, column, the nexus card locking it or None), trigger switches, console, score
    pile, tech modules (the deck still to draw, the ones built), and this turn's particles:
    discarded (back to the bag at the turn's end) and earned (to spend)."""
    matrix: tuple[tuple[str | None, ...], ...] = _grid()
    locks: tuple[tuple[int, int, str | None], ...] = _grid()
    switches: Frozen = _map()
    console: tuple[Entry, ...] = _parts()
    pile: tuple[str, ...] = _list()
    tech_deck: tuple[str, ...] = _list()
    tech: tuple[str, ...] = _list()
    discard: tuple[str, ...] = _list()
    earned: tuple[str, ...] = _list()
    bench: bool | None = None  # a matrix record: None until the seat's matrix line is given


@dataclass(frozen=True)
class World:
    """A world of the multiverse board: fractured when not stable; locked with a token."""
    stable: bool = True
    locked: bool = False


@dataclass(frozen=True)
class RivalLab:
    """The solo rival lab: its score pile, its pawn on the wormhole's ring, the discs it drew."""
    pile: tuple[str, ...] = _list()
    pawn: int = 0
    discard: tuple[str, ...] = _list()


@dataclass(frozen=True)
class Paid:
    """A seat's fractured world penalty so far: the worlds settled and the cards lost to them."""
    worlds: tuple[int, ...] = _list()
    lost: tuple[str, ...] = _list()


@dataclass(frozen=True)
class Wait:
    """What the game waits for before anyone acts: a particle drawn from the bag (`to` the
    anomaly, a seat's matrix with the `cells` still to fill, or the rival lab, with its `act`), a
    card's cost taught, a tech module kept of two (`options`), a switch, a card for the rival
    lab, a card discarded for a fractured `world` (`options`, the `best` suggested)."""
    kind: str  # draw | teach | keep | switch | rival-card | penalty
    seat: int
    to: str | None = None
    cells: tuple[tuple[int, int], ...] = ()
    act: str | None = None
    card: str | None = None
    options: tuple[str, ...] = ()
    world: int | None = None
    best: str | None = None

    def shown(self) -> dict:
        """As a view shows it (the keys the game's words need, in their order; no options)."""
        out = {"act": self.act, "best": self.best, "card": self.card,
               "cells": [list(c) for c in self.cells], "kind": self.kind, "seat": self.seat,
               "to": self.to, "world": self.world}
        return {k: v for k, v in out.items() if v is not None and v != []}


@dataclass(frozen=True)
class Strand:
    """A strand a matrix record's action resolved: its colour's name and its cells."""
    colour: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Judged:
    """What a matrix record's swap or resolve did (replay's `actions`)."""
    seat: int
    strands: tuple[Strand, ...]
    earned: int
    switches: tuple[str, ...]
    nexus: tuple[tuple[int, int], ...]
    rows: tuple[str, ...]
    anomaly: tuple[str, ...]

    def as_json(self) -> dict:
        return {"anomaly": list(self.anomaly), "earned": self.earned, "nexus": [list(x) for x in self.nexus],
                "rows": list(self.rows), "seat": self.seat,
                "strands": [{"cells": [list(x) for x in st.cells], "colour": st.colour} for st in self.strands],
                "switches": list(self.switches)}


@dataclass(frozen=True)
class RecordedPile:
    """A scoring record's pile line: the cards, alliance tokens and secret goal of a seat."""
    cards: tuple[Card, ...]
    alliances: int = 0
    secret: Goal | None = None


@dataclass(frozen=True)
class Tally:
    """A scoring record's lines: fractured and locked worlds, research goals, piles by seat."""
    fractured: tuple[int, ...] = ()
    locked: tuple[int, ...] = ()
    goals: tuple[Goal, ...] = ()
    piles: Frozen = Frozen()


@dataclass(frozen=True)
class State:
    """A whole game of Paradox Initiative: the table (the timeline deck, the wormhole, the bag,
    the anomaly, the multiverse board's worlds and glitch, the research goals and alliances), the
    round and its phase, who acts and what the game waits for (`queue`), the seats' boards, the
    rival lab, and what a record's lines gave."""
    seed: int
    players: int                 # humans at the table
    solo: bool                   # one player against the rival lab
    seats: int                   # the players, and the rival lab (seat 1) in the solo game
    names: tuple[str, ...]
    challenging: bool            # the solo rules' harder rival lab
    cards: Frozen = _map()  # card id -> Card, as the catalog and the table taught them
    taught: tuple[str, ...] = _list()  # cards whose cost or nexus cell the table entered
    deck: tuple[str, ...] = _list()    # the timeline deck, drawn from the front
    alternate: tuple[str, ...] = _list()  # the alternate timeline deck (2 players or fewer)
    wormhole: tuple[str | None, ...] = _list()  # its spaces; the alternate wormhole's first
    discard: tuple[str, ...] = _list()
    bag: Frozen = _map()  # particle -> how many are in the bag
    purple: int = PURPLES        # purple particles left on the board
    anomaly: tuple[str, ...] = _list()
    aside: tuple[str, ...] = _list()   # drawn for the anomaly with a symbol it has: back later
    worlds: tuple[World, ...] = _parts()
    glitch: int = 1              # the world the glitch stands on
    goals: tuple[Goal, ...] = ()
    secret: tuple[Goal | None, ...] = ()  # each seat's secret objective, when a goal is secret
    alliances: Frozen = _map()  # colour letter -> the seat holding it, "card" or None
    chief: int = 0               # the chief scientist
    round: int = 1
    phase: str = "setup"         # setup | wormhole | matrix | penalty | over
    final: bool = False          # the final matrix actions
    order: tuple[int, ...] = _list()  # the seats still to act this phase, the next first
    actions: int = 0             # matrix actions left to the seat acting
    bonus: int = 0               # of them, given by an experiment (the player may leave them)
    diagonal: bool = False       # the diagonal module is in use for the next action
    glitch_due: int = 0          # spaces the glitch moves when the next action begins
    queue: tuple[Wait, ...] = _list()
    said: tuple[Msg, ...] = _list()  # the latest words said to the table
    boards: tuple[Board, ...] = _parts()
    rival: RivalLab | None = _part()
    paid: tuple[Paid, ...] = _parts()   # by seat
    bench: bool = False          # a matrix record: matrix actions judged alone
    draws: tuple[str, ...] = _list()   # a matrix record's bag line: the next refill's particles
    report: tuple[Judged, ...] = _list()  # what a matrix record's actions did
    tally: Tally | None = None   # a scoring record's lines


# ---------------------------------------------------------------- thaw and freeze

_WORKING: dict = {}  # a part's class -> (its working class, how each field thaws)


def _working(cls):
    """The working twin of a part's class: the same fields, typed, open to change (slots: a
    misspelt field is an error, not a new attribute). The State's also gathers `told`: the words
    said by the move being made, for its events (never kept)."""
    if cls not in _WORKING:
        extra = [("told", list, field(default_factory=list))] if cls is State else []
        twin = make_dataclass(f"Working{cls.__name__}", [(f.name, f.type) for f in fields(cls)] + extra,
                              slots=True, namespace={"__doc__": f"{cls.__name__}, being changed by a move."})
        _WORKING[cls] = (twin, tuple((f.name, f.metadata.get("work")) for f in fields(cls)))
        _FROZEN[twin] = cls
    return _WORKING[cls]


_FROZEN: dict = {}  # a working class -> its part's class


def _thaw(part):
    twin, plan = _working(type(part))
    return twin(**{name: _HOW[how][0](getattr(part, name)) for name, how in plan})


def _freeze(work):
    cls = _FROZEN[type(work)]
    values = {name: _HOW[how][1](getattr(work, name)) for name, how in _working(cls)[1]}
    # a frozen dataclass set field by field through object.__setattr__ is most of a move's time:
    # the values are the part's own fields, whole, so they are laid in at once
    part = object.__new__(cls)
    part.__dict__.update(values)
    return part


# how a field is thawed and frozen again, by its kind (the fields' metadata "work")
_HOW = {
    None: (lambda v: v, lambda v: v),
    "list": (list, tuple),
    "map": (dict, Frozen),
    "grid": (lambda v: [list(x) for x in v], lambda v: tuple(tuple(x) for x in v)),
    "parts": (lambda v: [_thaw(x) for x in v], lambda v: tuple(_freeze(x) for x in v)),
    "part": (lambda v: None if v is None else _thaw(v), lambda v: None if v is None else _freeze(v)),
}


def thaw(state: State):
    """A working copy the rules change in place (a `WorkingState`); the state itself is never
    changed."""
    return _thaw(state)


def freeze(work) -> State:
    return _freeze(work)


def new(cls, **values):
    """A new part (a console card, a board...) as a working copy holds it."""
    return _thaw(cls(**values))


# ---------------------------------------------------------------- shared by the rules

def _clockwise(s, first, humans=False):
    n = s.players if humans else s.seats
    return [(first + i) % n for i in range(n)]


def _say(s, words):
    """Words said to the table: the move's events tell them as they are; the state keeps them
    as a record keeps them (their message and parameters, in the parameters' names' order)."""
    words = plain(words)
    s.told.append(from_plain(words))
    s.said.append(from_plain(_in_order(words)))


def _in_order(value):
    if isinstance(value, dict):
        return {k: _in_order(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_in_order(v) for v in value]
    return value


def names(s) -> list:
    """The seats' names; the solo game's rival lab in the reader's language."""
    return [Msg("Rival lab") if s.solo and i == 1 else n for i, n in enumerate(s.names)]


def _board_of(s, seat):
    if not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=seat))
    return s.boards[seat]


def _locked(b, r, c) -> bool:
    return any(l[0] == r and l[1] == c for l in b.locks)


def _world(s, world):
    if not isinstance(world, int) or not 1 <= world <= WORLDS:
        raise IllegalMove(Msg("the worlds are numbered 1-{last}", last=WORLDS))
    return s.worlds[world - 1]


def _glitch(s, n, damage):
    s.glitch = (s.glitch - 1 + n) % WORLDS + 1
    w = s.worlds[s.glitch - 1]
    if not damage:
        _say(s, Msg("The glitch moves {spaces} to world {world}.", spaces=n, world=s.glitch))
    elif w.locked:
        w.locked = False
        _say(s, Msg("The glitch moves {spaces} to world {world}: its lock is lifted.", spaces=n, world=s.glitch))
    elif w.stable:
        w.stable = False
        _say(s, Msg("The glitch moves {spaces} to world {world}: it fractures.", spaces=n, world=s.glitch))
    else:
        _say(s, Msg("The glitch moves {spaces} to world {world}, already fractured.", spaces=n, world=s.glitch))
