"""Domino Dynasty's record lines for `paradox-table replay` (docs/records.md).

A record holds the maps as laid: every role's starting domino on the shared map, each seat's
personal starting domino, then placements with their halves as they lie:

    {"game": "dynasty", "players": 3, "roles": {"0": "warfare", "1": "infrastructure", "2": "goods"}}
    {"start": {"map": "shared", "role": "money", "cells": [[3, 3], [4, 3]]}}
    {"start": {"map": "personal", "seat": 0, "cells": [[0, 0], [1, 0]]}}
    {"place": {"seat": 0, "map": "personal", "cells": [[2, 0], [2, 1]], "halves": [...]}}
"""
from __future__ import annotations

from ...i18n import Listed, Msg, seat_names
from ..base import IllegalMove, Records
from . import power, rules
from .catalog import ROLES, role_name, strength_name
from .moves import Place, Start


def header(options: dict) -> dict:
    """A hand-written record lays its own starting dominoes and has no market; an exported game
    names both options, so it replays as it was played."""
    options.setdefault("starts", "entered")
    options.setdefault("play", "free")
    options.setdefault("names", [f"seat {s}" for s in range(options.get("players", 3))]
                       if isinstance(options.get("players", 3), int) else None)
    return options


def _fields(value, allowed: set, needed: set, what: str) -> dict:
    if not isinstance(value, dict):
        raise IllegalMove(Msg("a {what} line holds an object", what=what))
    extra = set(value) - allowed
    if extra:
        raise IllegalMove(Msg("a {what} line does not take {fields}", what=what, fields=", ".join(sorted(extra))))
    missing = needed - set(value)
    if missing:
        raise IllegalMove(Msg("a {what} line needs {fields}", what=what, fields=", ".join(sorted(missing))))
    return value


def start(state, value):
    value = _fields(value, {"map", "role", "seat", "cells"}, {"map", "cells"}, "start")
    if value["map"] == "shared":
        if "role" not in value:
            raise IllegalMove(Msg("a shared start names its role"))
        move = Start(0, "shared", value["cells"], value["role"])
    elif value["map"] == "personal":
        if "seat" not in value:
            raise IllegalMove(Msg("a personal start names its seat"))
        if "role" in value and value["role"] not in state.config.roles[_seat(state, value["seat"])]:
            role = role_name(value["role"]) if value["role"] in ROLES else value["role"]
            raise IllegalMove(Msg("seat {seat} does not hold the {role} role", seat=value['seat'], role=role))
        move = Start(value["seat"], "personal", value["cells"])
    else:
        raise IllegalMove(Msg("map is shared or personal"))
    return rules.apply(state, move)[0]


def _seat(state, seat):
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.config.players:
        raise IllegalMove(Msg("there is no seat {seat!r} at this table", seat=seat))
    return seat


def place(state, value):
    value = _fields(value, {"seat", "map", "cells", "halves"}, {"seat", "map", "cells", "halves"}, "place")
    _seat(state, value["seat"])
    if not isinstance(value["halves"], list) or not isinstance(value["cells"], list):
        raise IllegalMove(Msg("cells and halves are lists, one entry per half"))
    return rules.apply(state, Place(value["seat"], value["map"], value["cells"], value["halves"]))[0]


LINES = {"start": start, "place": place}


def result(state) -> dict:
    table = power.strengths(state)
    return {"placements": [{"seat": seat, "map": where, "strength": dict(values)}
                           for seat, where, values in state.placements],
            "strength": {r: table[r]["strength"] for r in ROLES}}


def describe(state) -> list[str]:
    table = power.strengths(state)
    names = seat_names(state.config.names)  # a record without names: "seat 0" in the reader's words
    strengths = lambda values: Listed([Msg("{strength} {n}", strength=strength_name(r), n=v)  # noqa: E731
                                       for r, v in values], sep=", ")
    out = [Msg("Placement {i}: {name} on the shared map; {strengths}", i=i, name=names[seat],
               strengths=strengths(values)) if where == "shared" else
           Msg("Placement {i}: {name} on the personal map; {strengths}", i=i, name=names[seat],
               strengths=strengths(values))
           for i, (seat, where, values) in enumerate(state.placements, start=1)]
    return out + [power.strength_words(r, table[r]) for r in ROLES]


RECORDS = Records(lines=LINES, header=header, result=result, describe=describe)
