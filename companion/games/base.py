"""The one small protocol every game speaks (DESIGN.md, "The rules core").

A game is a module (or package) exposing:

    NAME: str
    MOVES: tuple of move dataclasses      (for records: move_to_dict / move_from_dict)
    setup(options: dict, seed: int) -> state
    apply(state, move) -> (state, [events])      raises IllegalMove with a reason in players' words
    view(state, viewer: Viewer) -> dict          the only door out of the server
    scores(state) -> {seat: points}
    is_over(state) -> bool
    winners(state) -> [seat, ...]                empty until the game is over

States are immutable values; `apply` never mutates its argument, so a session can keep the
states it has seen for undo. Randomness comes only from the seed given to `setup` (kept in the
state and drawn from with `chance`) or from an explicit chance move whose outcome is in the move.
"""
from __future__ import annotations

import dataclasses
import hashlib
import random
from dataclasses import dataclass
from typing import Any, Iterable


class IllegalMove(Exception):
    """A move the rules refuse. The message is meant to be shown to players as it is."""


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the whole table (public), one seat, or the game master (e.g. the OP)."""

    kind: str  # "table" | "seat" | "master"
    seat: int | None = None

    def __post_init__(self):
        if self.kind not in ("table", "seat", "master"):
            raise ValueError(f"unknown viewer kind {self.kind!r}")
        if (self.kind == "seat") != (self.seat is not None):
            raise ValueError("a seat viewer needs a seat number, and only a seat viewer has one")

    @classmethod
    def of_seat(cls, seat: int) -> "Viewer":
        return cls("seat", seat)

    def __str__(self) -> str:
        return f"seat-{self.seat}" if self.kind == "seat" else self.kind


TABLE = Viewer("table")
MASTER = Viewer("master")


@dataclass(frozen=True)
class Event:
    """Something that happened, with a sentence a player can read. Games subclass it."""

    def text(self) -> str:  # pragma: no cover - every game event overrides this
        return type(self).__name__


def chance(seed: int, *labels: Any) -> random.Random:
    """A reproducible random stream for one chance step (a shuffle, a bag draw).

    Derived from the game's seed and labels naming the step, so replaying the log redraws the
    same tiles without any stored generator state.
    """
    key = ":".join([str(seed), *map(str, labels)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def to_dict(obj) -> dict:
    """A move or event as a JSON-ready dict: {"type": ClassName, **fields}."""
    out = {"type": type(obj).__name__}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def from_dict(classes: Iterable[type], data: dict):
    """The inverse of to_dict over a game's move classes; bad data raises IllegalMove."""
    if not isinstance(data, dict):
        raise IllegalMove("a move must be an object")
    by_name = {cls.__name__: cls for cls in classes}
    kind = data.get("type")
    if kind not in by_name:
        raise IllegalMove(f"unknown move {kind!r}; expected one of {', '.join(sorted(by_name))}")
    cls = by_name[kind]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise IllegalMove(f"{kind} does not take {', '.join(sorted(extra))}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            value = data[f.name]
            kwargs[f.name] = tuple(value) if isinstance(value, list) else value
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise IllegalMove(f"{kind} is missing a field: {exc}") from None
